// ---- web/streams/writable.js: WritableStream, TransformStream, piping, codec streams --
// The rest of the Streams Standard, over the readable side's operations
// (`web/streams/readable`), in the same shape: the standard's abstract operations by name.
const streams = need('web/streams/readable');
const { ReadableStream, ReadableStreamDefaultController, ByteLengthQueuingStrategy, CountQueuingStrategy } = streams;
// The readable side's operations, as `shared.<operation>`.
const shared = streams.internals;

// ReadableStreamPipeTo: reads and writes one chunk at a time while the
// destination has room; an error or close on one side reaches the other
// unless the matching `prevent*` option is set.
function pipe(source, dest, { preventClose = false, preventAbort = false, preventCancel = false, signal } = {}) {
  const reader = new shared.ReadableStreamDefaultReader(source);
  const writer = new WritableStreamDefaultWriter(dest);
  source._disturbed = true;
  let shuttingDown = false;
  let lastWrite = shared.resolved();
  const done = shared.deferred();
  const finalize = (isError, error) => {
    writer.releaseLock();
    reader.releaseLock();
    if (signal) signal.removeEventListener('abort', onAbort);
    if (isError) done.reject(error);
    else done.resolve(undefined);
  };
  const waitForWrites = () =>
    lastWrite.then(
      () => {},
      () => {},
    );
  const shutdown = (action, isError, error) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const run = () =>
      action
        ? action().then(
            () => finalize(isError, error),
            (e) => finalize(true, e),
          )
        : finalize(isError, error);
    if (dest._state === 'writable' && !closeQueuedOrInFlight(dest)) waitForWrites().then(run);
    else run();
  };
  function onAbort() {
    const error = signal.reason;
    shutdown(
      () =>
        Promise.all([
          !preventAbort && dest._state === 'writable' ? writableStreamAbort(dest, error) : shared.resolved(),
          !preventCancel && source._state === 'readable'
            ? shared.readableStreamCancel(source, error)
            : shared.resolved(),
        ]),
      true,
      error,
    );
  }
  if (signal) {
    if (signal.aborted) {
      onAbort();
      return done.promise;
    }
    signal.addEventListener('abort', onAbort);
  }
  // Errors travelling forward and backward, and a destination closed from elsewhere.
  reader._closed.promise.catch((e) => {
    if (!preventAbort) shutdown(() => writableStreamAbort(dest, e), true, e);
    else shutdown(null, true, e);
  });
  writer._closed.promise.catch((e) => {
    if (!preventCancel) shutdown(() => shared.readableStreamCancel(source, e), true, e);
    else shutdown(null, true, e);
  });
  if (closeQueuedOrInFlight(dest) || dest._state === 'closed') {
    const e = new TypeError('the destination WritableStream is closed');
    if (!preventCancel) shutdown(() => shared.readableStreamCancel(source, e), true, e);
    else shutdown(null, true, e);
  }
  (async () => {
    while (!shuttingDown) {
      try {
        await writer.ready;
      } catch {
        return;
      }
      if (shuttingDown) return;
      let step;
      try {
        step = await reader.read();
      } catch {
        return;
      }
      if (step.done) {
        if (shuttingDown) return;
        if (!preventClose) shutdown(() => writableStreamDefaultWriterCloseWithErrorPropagation(writer), false);
        else shutdown(null, false);
        return;
      }
      lastWrite = writer.write(step.value);
      lastWrite.catch(() => {});
    }
  })();
  return done.promise;
}

// ---- WritableStream -----------------------------------------------------

class WritableStreamDefaultController {
  constructor(key) {
    if (key !== shared.controllerKey) throw new TypeError('Illegal constructor');
  }
  get signal() {
    return this._abortController.signal;
  }
  error(e) {
    if (this._stream._state === 'writable') writableControllerError(this, e);
  }
}
const CLOSE = Symbol('close');

function initWritable(stream) {
  Object.assign(stream, {
    _state: 'writable',
    _storedError: undefined,
    _writer: undefined,
    _writeRequests: [],
    _inFlightWrite: null,
    _closeRequest: null,
    _inFlightClose: null,
    _pendingAbort: null,
    _backpressure: false,
  });
}
function setUpWritable(stream, start, write, close, abort, mark, size) {
  const c = new WritableStreamDefaultController(shared.controllerKey);
  Object.assign(c, {
    _stream: stream,
    _write: write,
    _close: close,
    _abort: abort,
    _mark: mark,
    _size: size,
    _started: false,
    _abortController: new AbortController(),
  });
  shared.resetQueue(c);
  stream._controller = c;
  updateBackpressure(stream, writableDesiredSize(c) <= 0);
  shared.resolved(start(c)).then(
    () => {
      c._started = true;
      advanceQueueIfNeeded(c);
    },
    (e) => {
      c._started = true;
      writableStreamDealWithRejection(stream, e);
    },
  );
}
function writableDesiredSize(c) {
  return c._mark - c._queueSize;
}
function closeQueuedOrInFlight(s) {
  return s._closeRequest !== null || s._inFlightClose !== null;
}
function updateBackpressure(stream, backpressure) {
  const writer = stream._writer;
  if (writer && backpressure !== stream._backpressure) {
    if (backpressure) writer._ready = shared.deferred();
    else writer._ready.resolve(undefined);
  }
  stream._backpressure = backpressure;
}
function writableStreamAbort(stream, reason) {
  if (stream._state === 'closed' || stream._state === 'errored') return shared.resolved(undefined);
  stream._controller._abortController.abort(reason);
  const state = stream._state;
  if (state === 'closed' || state === 'errored') return shared.resolved(undefined);
  if (stream._pendingAbort) return stream._pendingAbort.d.promise;
  let wasAlreadyErroring = false;
  if (state === 'erroring') {
    wasAlreadyErroring = true;
    reason = undefined;
  }
  const d = shared.deferred();
  stream._pendingAbort = { d, reason, wasAlreadyErroring };
  if (!wasAlreadyErroring) startErroring(stream, reason);
  return d.promise;
}
function writableStreamClose(stream) {
  const state = stream._state;
  if (state === 'closed' || state === 'errored')
    return shared.rejected(new TypeError('the WritableStream is closed or errored'));
  if (closeQueuedOrInFlight(stream)) return shared.rejected(new TypeError('the WritableStream is already closing'));
  const d = shared.deferred();
  stream._closeRequest = d;
  if (stream._writer && stream._backpressure && state === 'writable') stream._writer._ready.resolve(undefined);
  const c = stream._controller;
  shared.enqueueWithSize(c, CLOSE, 0);
  advanceQueueIfNeeded(c);
  return d.promise;
}
function writableStreamDealWithRejection(stream, e) {
  if (stream._state === 'writable') {
    startErroring(stream, e);
    return;
  }
  finishErroring(stream);
}
function startErroring(stream, reason) {
  const c = stream._controller;
  stream._state = 'erroring';
  stream._storedError = reason;
  const writer = stream._writer;
  if (writer) writerEnsureReadyRejected(writer, reason);
  if (stream._inFlightWrite === null && stream._inFlightClose === null && c._started) finishErroring(stream);
}
function finishErroring(stream) {
  stream._state = 'errored';
  const c = stream._controller;
  shared.resetQueue(c);
  c._write = c._close = c._abort = c._size = null;
  const error = stream._storedError;
  for (const r of stream._writeRequests) r.reject(error);
  stream._writeRequests = [];
  const abort = stream._pendingAbort;
  if (!abort) {
    rejectCloseAndClosedPromiseIfNeeded(stream);
    return;
  }
  stream._pendingAbort = null;
  if (abort.wasAlreadyErroring) {
    abort.d.reject(error);
    rejectCloseAndClosedPromiseIfNeeded(stream);
    return;
  }
  abortSink(stream, abort.reason).then(
    () => {
      abort.d.resolve(undefined);
      rejectCloseAndClosedPromiseIfNeeded(stream);
    },
    (e) => {
      abort.d.reject(e);
      rejectCloseAndClosedPromiseIfNeeded(stream);
    },
  );
}
// The sink's abort, kept apart: finishErroring has cleared the algorithms.
function abortSink(stream, reason) {
  return stream._sinkAbort(reason);
}
function rejectCloseAndClosedPromiseIfNeeded(stream) {
  if (stream._closeRequest) {
    stream._closeRequest.reject(stream._storedError);
    stream._closeRequest = null;
  }
  if (stream._writer) stream._writer._closed.reject(stream._storedError);
}
function writerEnsureReadyRejected(writer, e) {
  if (writer._ready.settled) writer._ready = shared.deferred();
  writer._ready.reject(e);
}
function writableControllerError(c, e) {
  c._write = c._close = c._abort = c._size = null;
  startErroring(c._stream, e);
}
function advanceQueueIfNeeded(c) {
  const stream = c._stream;
  if (!c._started || stream._inFlightWrite !== null) return;
  if (stream._state === 'erroring') {
    finishErroring(stream);
    return;
  }
  if (c._queue.length === 0) return;
  const value = c._queue[0].value;
  if (value === CLOSE) {
    stream._inFlightClose = stream._closeRequest;
    stream._closeRequest = null;
    shared.dequeue(c);
    const close = c._close;
    c._write = c._close = c._abort = c._size = null;
    close().then(
      () => {
        stream._inFlightClose.resolve(undefined);
        stream._inFlightClose = null;
        if (stream._state === 'erroring') {
          stream._storedError = undefined;
          if (stream._pendingAbort) {
            stream._pendingAbort.d.resolve(undefined);
            stream._pendingAbort = null;
          }
        }
        stream._state = 'closed';
        if (stream._writer) stream._writer._closed.resolve(undefined);
      },
      (e) => {
        stream._inFlightClose.reject(e);
        stream._inFlightClose = null;
        if (stream._pendingAbort) {
          stream._pendingAbort.d.reject(e);
          stream._pendingAbort = null;
        }
        writableStreamDealWithRejection(stream, e);
      },
    );
    return;
  }
  stream._inFlightWrite = stream._writeRequests.shift();
  c._write(value, c).then(
    () => {
      stream._inFlightWrite.resolve(undefined);
      stream._inFlightWrite = null;
      const state = stream._state;
      shared.dequeue(c);
      if (!closeQueuedOrInFlight(stream) && state === 'writable')
        updateBackpressure(stream, writableDesiredSize(c) <= 0);
      advanceQueueIfNeeded(c);
    },
    (e) => {
      stream._inFlightWrite.reject(e);
      stream._inFlightWrite = null;
      if (stream._state === 'writable') c._write = c._close = c._abort = c._size = null;
      writableStreamDealWithRejection(stream, e);
    },
  );
}
function writableStreamDefaultWriterCloseWithErrorPropagation(writer) {
  const stream = writer._stream;
  if (closeQueuedOrInFlight(stream) || stream._state === 'closed') return shared.resolved(undefined);
  if (stream._state === 'errored') return shared.rejected(stream._storedError);
  return writableStreamClose(stream);
}

class WritableStream {
  constructor(sink = undefined, strategy = undefined) {
    if (sink === null) throw new TypeError('the underlying sink must be an object');
    if (sink && sink.type !== undefined) throw new RangeError('invalid type');
    initWritable(this);
    const { mark, size } = shared.strategyOf(strategy || {}, 1);
    const startFn = sink && sink.start;
    if (startFn !== undefined && typeof startFn !== 'function') throw new TypeError('start must be a function');
    this._sinkAbort = shared.method(sink, 'abort');
    setUpWritable(
      this,
      (c) => (startFn ? startFn.call(sink, c) : undefined),
      shared.method(sink, 'write'),
      shared.method(sink, 'close'),
      this._sinkAbort,
      mark,
      size,
    );
  }
  get locked() {
    return this._writer !== undefined;
  }
  abort(reason) {
    if (this.locked) return shared.rejected(new TypeError('cannot abort a locked WritableStream'));
    return writableStreamAbort(this, reason);
  }
  close() {
    if (this.locked) return shared.rejected(new TypeError('cannot close a locked WritableStream'));
    if (closeQueuedOrInFlight(this)) return shared.rejected(new TypeError('the WritableStream is already closing'));
    return writableStreamClose(this);
  }
  getWriter() {
    return new WritableStreamDefaultWriter(this);
  }
}
Object.defineProperty(WritableStream.prototype, Symbol.toStringTag, { value: 'WritableStream', configurable: true });

class WritableStreamDefaultWriter {
  constructor(stream) {
    if (!(stream instanceof WritableStream)) throw new TypeError('WritableStreamDefaultWriter needs a WritableStream');
    // Node's and Bun's error for a locked stream: ERR_INVALID_STATE.
    if (stream.locked)
      throw Object.assign(new TypeError('Invalid state: WritableStream is locked'), { code: 'ERR_INVALID_STATE' });
    this._stream = stream;
    stream._writer = this;
    const state = stream._state;
    this._ready = shared.deferred();
    this._closed = shared.deferred();
    if (state === 'writable') {
      if (!closeQueuedOrInFlight(stream) && stream._backpressure) {
        /* ready stays pending */
      } else this._ready.resolve(undefined);
    } else if (state === 'erroring') {
      this._ready.reject(stream._storedError);
    } else if (state === 'closed') {
      this._ready.resolve(undefined);
      this._closed.resolve(undefined);
    } else {
      this._ready.reject(stream._storedError);
      this._closed.reject(stream._storedError);
    }
  }
  get closed() {
    return this._closed.promise;
  }
  get ready() {
    return this._ready.promise;
  }
  get desiredSize() {
    const stream = this._stream;
    if (!stream) throw new TypeError('the writer has released its lock');
    if (stream._state === 'errored' || stream._state === 'erroring') return null;
    if (stream._state === 'closed') return 0;
    return writableDesiredSize(stream._controller);
  }
  abort(reason) {
    if (!this._stream) return shared.rejected(new TypeError('the writer has released its lock'));
    return writableStreamAbort(this._stream, reason);
  }
  close() {
    const stream = this._stream;
    if (!stream) return shared.rejected(new TypeError('the writer has released its lock'));
    if (closeQueuedOrInFlight(stream)) return shared.rejected(new TypeError('the WritableStream is already closing'));
    return writableStreamClose(stream);
  }
  releaseLock() {
    const stream = this._stream;
    if (!stream) return;
    const error = new TypeError('the writer has released its lock');
    writerEnsureReadyRejected(this, error);
    if (this._closed.settled) this._closed = shared.deferred();
    this._closed.reject(error);
    stream._writer = undefined;
    this._stream = undefined;
  }
  write(chunk) {
    const stream = this._stream;
    if (!stream) return shared.rejected(new TypeError('the writer has released its lock'));
    const c = stream._controller;
    let size = 1;
    if (c._size) {
      try {
        size = c._size(chunk);
      } catch (e) {
        if (stream._state === 'writable') writableControllerError(c, e);
        return shared.rejected(e);
      }
    }
    if (stream !== this._stream) return shared.rejected(new TypeError('the writer has released its lock'));
    const state = stream._state;
    if (state === 'errored') return shared.rejected(stream._storedError);
    if (closeQueuedOrInFlight(stream) || state === 'closed')
      return shared.rejected(new TypeError('cannot write to a closing or closed WritableStream'));
    if (state === 'erroring') return shared.rejected(stream._storedError);
    const d = shared.deferred();
    stream._writeRequests.push(d);
    try {
      shared.enqueueWithSize(c, chunk, size);
    } catch (e) {
      if (stream._state === 'writable') writableControllerError(c, e);
      return d.promise;
    }
    if (!closeQueuedOrInFlight(stream) && stream._state === 'writable')
      updateBackpressure(stream, writableDesiredSize(c) <= 0);
    advanceQueueIfNeeded(c);
    return d.promise;
  }
}

// ---- TransformStream ----------------------------------------------------

class TransformStreamDefaultController {
  constructor(key) {
    if (key !== shared.controllerKey) throw new TypeError('Illegal constructor');
  }
  get desiredSize() {
    return shared.desiredSize(this._stream._readable._controller);
  }
  enqueue(chunk) {
    transformEnqueue(this, chunk);
  }
  error(e) {
    transformError(this._stream, e);
  }
  terminate() {
    transformTerminate(this._stream);
  }
}
function transformEnqueue(c, chunk) {
  const stream = c._stream;
  const rc = stream._readable._controller;
  if (!shared.canCloseOrEnqueue(rc)) throw new TypeError('the readable side is closed or errored');
  try {
    shared.readableEnqueue(rc, chunk);
  } catch (e) {
    transformErrorWritableAndUnblockWrite(stream, e);
    throw stream._readable._storedError;
  }
  const backpressure = !shared.shouldCallPull(rc) && shared.desiredSize(rc) <= 0;
  if (backpressure !== stream._backpressure) setTransformBackpressure(stream, true);
}
function transformError(stream, e) {
  shared.readableControllerError(stream._readable._controller, e);
  transformErrorWritableAndUnblockWrite(stream, e);
}
function transformErrorWritableAndUnblockWrite(stream, e) {
  stream._controller._transform = stream._controller._flush = null;
  const w = stream._writable;
  if (w._state === 'writable') writableControllerError(w._controller, e);
  if (stream._backpressure) setTransformBackpressure(stream, false);
}
function transformTerminate(stream) {
  const rc = stream._readable._controller;
  if (shared.canCloseOrEnqueue(rc)) shared.readableClose(rc);
  transformErrorWritableAndUnblockWrite(stream, new TypeError('the TransformStream was terminated'));
}
function setTransformBackpressure(stream, backpressure) {
  if (stream._backpressureChange) stream._backpressureChange.resolve(undefined);
  stream._backpressureChange = shared.deferred();
  stream._backpressure = backpressure;
}
function performTransform(c, chunk) {
  return c._transform(chunk).catch((e) => {
    transformError(c._stream, e);
    throw e;
  });
}

class TransformStream {
  constructor(transformer = undefined, writableStrategy = undefined, readableStrategy = undefined) {
    if (transformer && transformer.readableType !== undefined) throw new RangeError('invalid readableType');
    if (transformer && transformer.writableType !== undefined) throw new RangeError('invalid writableType');
    const w = shared.strategyOf(writableStrategy || {}, 1);
    const r = shared.strategyOf(readableStrategy || {}, 0);
    const startPromise = shared.deferred();
    const c = new TransformStreamDefaultController(shared.controllerKey);
    c._stream = this;
    const transformFn = transformer && transformer.transform;
    c._transform =
      transformFn === undefined
        ? (chunk) => {
            try {
              transformEnqueue(c, chunk);
              return shared.resolved();
            } catch (e) {
              return shared.rejected(e);
            }
          }
        : shared.method(transformer, 'transform');
    if (transformFn !== undefined) {
      const call = c._transform;
      c._transform = (chunk) => call(chunk, c);
    }
    const flush = shared.method(transformer, 'flush');
    c._flush = () => flush(c);
    const cancel = shared.method(transformer, 'cancel');
    this._controller = c;
    const writable = Object.create(WritableStream.prototype);
    initWritable(writable);
    writable._sinkAbort = (reason) => {
      shared.readableControllerError(this._readable._controller, reason);
      transformErrorWritableAndUnblockWrite(this, reason);
      return cancel(reason);
    };
    setUpWritable(
      writable,
      () => startPromise.promise,
      (chunk) => {
        if (this._backpressure) {
          return this._backpressureChange.promise.then(() => {
            const ws = this._writable;
            if (ws._state === 'erroring') throw ws._storedError;
            return performTransform(c, chunk);
          });
        }
        return performTransform(c, chunk);
      },
      () => {
        const readable = this._readable;
        return c._flush().then(
          () => {
            if (readable._state === 'errored') throw readable._storedError;
            if (shared.canCloseOrEnqueue(readable._controller)) shared.readableClose(readable._controller);
          },
          (e) => {
            transformError(this, e);
            throw readable._storedError;
          },
        );
      },
      writable._sinkAbort,
      w.mark,
      w.size,
    );
    const readable = Object.create(ReadableStream.prototype);
    shared.initReadable(readable);
    this._writable = writable;
    this._readable = readable;
    this._backpressure = undefined;
    this._backpressureChange = undefined;
    setTransformBackpressure(this, true);
    shared.setUpReadable(
      readable,
      () => startPromise.promise,
      () => {
        setTransformBackpressure(this, false);
        return this._backpressureChange.promise;
      },
      (reason) => {
        transformErrorWritableAndUnblockWrite(this, reason);
        return cancel(reason);
      },
      r.mark,
      r.size,
    );
    const startFn = transformer && transformer.start;
    try {
      startPromise.resolve(startFn ? startFn.call(transformer, c) : undefined);
    } catch (e) {
      startPromise.reject(e);
    }
  }
  get readable() {
    return this._readable;
  }
  get writable() {
    return this._writable;
  }
}
Object.defineProperty(TransformStream.prototype, Symbol.toStringTag, { value: 'TransformStream', configurable: true });

class TextEncoderStream {
  constructor() {
    const { TextEncoder } = need('web/encoding');
    const encoder = new TextEncoder();
    let pendingHigh = ''; // a lone high surrogate that ended a chunk
    this._transform = new TransformStream({
      transform(chunk, c) {
        let text = pendingHigh + String(chunk);
        pendingHigh = '';
        const last = text.charCodeAt(text.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) {
          pendingHigh = text.slice(-1);
          text = text.slice(0, -1);
        }
        if (text) c.enqueue(encoder.encode(text));
      },
      flush(c) {
        if (pendingHigh) c.enqueue(new Uint8Array([0xef, 0xbf, 0xbd]));
      },
    });
  }
  get encoding() {
    return 'utf-8';
  }
  get readable() {
    return this._transform.readable;
  }
  get writable() {
    return this._transform.writable;
  }
}
class TextDecoderStream {
  constructor(label = 'utf-8', options = {}) {
    const { TextDecoder } = need('web/encoding');
    const decoder = new TextDecoder(label, options);
    this._decoder = decoder;
    this._transform = new TransformStream({
      transform(chunk, c) {
        const text = decoder.decode(chunk, { stream: true });
        if (text) c.enqueue(text);
      },
      flush(c) {
        const text = decoder.decode();
        if (text) c.enqueue(text);
      },
    });
  }
  get encoding() {
    return this._decoder.encoding;
  }
  get fatal() {
    return this._decoder.fatal;
  }
  get ignoreBOM() {
    return this._decoder.ignoreBOM;
  }
  get readable() {
    return this._transform.readable;
  }
  get writable() {
    return this._transform.writable;
  }
}
const web = {
  ReadableStream,
  ReadableStreamDefaultReader: shared.ReadableStreamDefaultReader,
  ReadableStreamDefaultController,
  WritableStream,
  WritableStreamDefaultWriter,
  WritableStreamDefaultController,
  TransformStream,
  TransformStreamDefaultController,
  ByteLengthQueuingStrategy,
  CountQueuingStrategy,
  TextEncoderStream,
  TextDecoderStream,
};

return {
  WritableStream,
  WritableStreamDefaultWriter,
  WritableStreamDefaultController,
  TransformStream,
  TransformStreamDefaultController,
  TextEncoderStream,
  TextDecoderStream,
  web,
  pipe,
};
