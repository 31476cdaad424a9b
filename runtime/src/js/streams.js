// ---- streams.js: the WHATWG Streams Standard (readable, writable, transform) --
// Written after the standard's abstract operations, with their names in the
// comments, so that promises settle in the order Bun's (and browsers')
// streams settle them: tools print "read 1, write 1" sequences and compare.
// Byte streams (`type: 'bytes'`) are read as default streams; BYOB readers
// are not provided.

const resolved = (value) => Promise.resolve(value);
const rejected = (error) => { const p = Promise.reject(error); p.catch(() => {}); return p; };
function deferred() {
  const d = { settled: false };
  d.promise = new Promise((resolve, reject) => {
    d.resolve = (v) => { if (!d.settled) { d.settled = true; resolve(v); } };
    d.reject = (e) => { if (!d.settled) { d.settled = true; reject(e); } };
  });
  d.promise.catch(() => {}); // rejections here are the stream's to report, not unhandled
  return d;
}
// A method of an underlying source or sink, called with `this` bound, whose
// throw becomes a rejected promise ("PromiseCall" in the standard).
function method(object, name, ...args) {
  const fn = object == null ? undefined : object[name];
  if (fn === undefined) return () => resolved(undefined);
  if (typeof fn !== 'function') throw new TypeError(`${name} must be a function`);
  return (...more) => { try { return resolved(fn.call(object, ...args, ...more)); } catch (e) { return rejected(e); } };
}
// ExtractHighWaterMark and ExtractSizeAlgorithm.
function strategyOf(strategy = {}, defaultMark) {
  const mark = strategy.highWaterMark === undefined ? defaultMark : Number(strategy.highWaterMark);
  if (Number.isNaN(mark) || mark < 0) throw new RangeError('highWaterMark must be a non-negative number');
  const size = strategy.size;
  if (size !== undefined && typeof size !== 'function') throw new TypeError('size must be a function');
  return { mark, size: size === undefined ? () => 1 : (chunk) => size(chunk) };
}
// EnqueueValueWithSize / DequeueValue over a controller's `_queue`.
function enqueueWithSize(c, value, size) {
  size = Number(size);
  if (!(size >= 0) || size === Infinity) throw new RangeError('the chunk size must be a finite, non-negative number');
  c._queue.push({ value, size });
  c._queueSize += size;
}
function dequeue(c) {
  const { value, size } = c._queue.shift();
  c._queueSize = Math.max(0, c._queueSize - size);
  return value;
}
function resetQueue(c) { c._queue = []; c._queueSize = 0; }

// ---- ReadableStream -----------------------------------------------------

class ReadableStreamDefaultController {
  constructor(key) { if (key !== controllerKey) throw new TypeError('Illegal constructor'); }
  get desiredSize() { return desiredSize(this); }
  enqueue(chunk) {
    if (!canCloseOrEnqueue(this)) throw new TypeError('the stream is closed or errored, or close() was already called');
    readableEnqueue(this, chunk);
  }
  close() {
    if (!canCloseOrEnqueue(this)) throw new TypeError('the stream is closed or errored, or close() was already called');
    readableClose(this);
  }
  error(e) { readableControllerError(this, e); }
}
const controllerKey = Symbol('controller');

function desiredSize(c) {
  const state = c._stream._state;
  if (state === 'errored') return null;
  if (state === 'closed') return 0;
  return c._mark - c._queueSize;
}
function canCloseOrEnqueue(c) { return !c._closeRequested && c._stream._state === 'readable'; }
function readableEnqueue(c, chunk) {
  const stream = c._stream;
  const reader = stream._reader;
  if (reader && reader._requests.length) {
    reader._requests.shift().chunk(chunk);
  } else {
    let size;
    try { size = c._size(chunk); enqueueWithSize(c, chunk, size); } catch (e) { readableControllerError(c, e); throw e; }
  }
  callPullIfNeeded(c);
}
function readableClose(c) {
  c._closeRequested = true;
  if (c._queue.length === 0) { clearAlgorithms(c); readableStreamClose(c._stream); }
}
function clearAlgorithms(c) { c._pull = null; c._cancel = null; c._size = null; }
function readableControllerError(c, e) {
  if (c._stream._state !== 'readable') return;
  resetQueue(c);
  clearAlgorithms(c);
  readableStreamError(c._stream, e);
}
function shouldCallPull(c) {
  if (!canCloseOrEnqueue(c) || !c._started) return false;
  const reader = c._stream._reader;
  if (reader && reader._requests.length) return true;
  return desiredSize(c) > 0;
}
function callPullIfNeeded(c) {
  if (!shouldCallPull(c)) return;
  if (c._pulling) { c._pullAgain = true; return; }
  c._pulling = true;
  c._pull(c).then(() => {
    c._pulling = false;
    if (c._pullAgain) { c._pullAgain = false; callPullIfNeeded(c); }
  }, (e) => readableControllerError(c, e));
}
// The controller's [[PullSteps]]: answers a read from the queue or waits.
function pullSteps(c, request) {
  if (c._queue.length) {
    const chunk = dequeue(c);
    if (c._closeRequested && c._queue.length === 0) { clearAlgorithms(c); readableStreamClose(c._stream); } else callPullIfNeeded(c);
    request.chunk(chunk);
  } else {
    c._stream._reader._requests.push(request);
    callPullIfNeeded(c);
  }
}
function readableStreamClose(stream) {
  stream._state = 'closed';
  const reader = stream._reader;
  if (!reader) return;
  reader._closed.resolve(undefined);
  const requests = reader._requests;
  reader._requests = [];
  for (const r of requests) r.close();
}
function readableStreamError(stream, e) {
  stream._state = 'errored';
  stream._storedError = e;
  const reader = stream._reader;
  if (!reader) return;
  reader._closed.reject(e);
  const requests = reader._requests;
  reader._requests = [];
  for (const r of requests) r.error(e);
}
function readableStreamCancel(stream, reason) {
  stream._disturbed = true;
  if (stream._state === 'closed') return resolved(undefined);
  if (stream._state === 'errored') return rejected(stream._storedError);
  readableStreamClose(stream);
  const c = stream._controller;
  resetQueue(c);
  const cancel = c._cancel;
  clearAlgorithms(c);
  return cancel(reason).then(() => undefined);
}
// SetUpReadableStreamDefaultController over algorithms of the standard's shape.
function setUpReadable(stream, start, pull, cancel, mark, size) {
  const c = new ReadableStreamDefaultController(controllerKey);
  Object.assign(c, { _stream: stream, _pull: pull, _cancel: cancel, _mark: mark, _size: size, _started: false, _closeRequested: false, _pulling: false, _pullAgain: false });
  resetQueue(c);
  stream._controller = c;
  resolved(start(c)).then(() => { c._started = true; callPullIfNeeded(c); }, (e) => readableControllerError(c, e));
}
function createReadable(start, pull, cancel, mark = 1, size = () => 1) {
  const stream = Object.create(ReadableStream.prototype);
  initReadable(stream);
  setUpReadable(stream, start, pull, cancel, mark, size);
  return stream;
}
function initReadable(stream) { stream._state = 'readable'; stream._reader = undefined; stream._storedError = undefined; stream._disturbed = false; }

class ReadableStream {
  constructor(source = undefined, strategy = undefined) {
    if (source === null) throw new TypeError('the underlying source must be an object');
    initReadable(this);
    const type = source && source.type;
    if (type !== undefined && String(type) !== 'bytes') throw new TypeError(`invalid type: ${type}`);
    const { mark, size } = strategyOf(strategy || {}, type === 'bytes' ? 0 : 1);
    const startFn = source && source.start;
    if (startFn !== undefined && typeof startFn !== 'function') throw new TypeError('start must be a function');
    const start = (c) => (startFn ? startFn.call(source, c) : undefined);
    setUpReadable(this, start, method(source, 'pull'), method(source, 'cancel'), mark, size);
  }
  get locked() { return this._reader !== undefined; }
  cancel(reason) {
    if (this.locked) return rejected(new TypeError('cannot cancel a locked ReadableStream'));
    return readableStreamCancel(this, reason);
  }
  getReader(options = undefined) {
    const mode = options && options.mode;
    if (mode === 'byob') throw new TypeError('BYOB readers are not provided by this runtime');
    if (mode !== undefined) throw new TypeError(`invalid reader mode: ${mode}`);
    return new ReadableStreamDefaultReader(this);
  }
  pipeThrough(transform, options = {}) {
    if (this.locked) throw new TypeError('cannot pipe a locked ReadableStream');
    if (transform.writable.locked) throw new TypeError('cannot pipe to a locked WritableStream');
    pipe(this, transform.writable, options).catch(() => {});
    return transform.readable;
  }
  pipeTo(destination, options = {}) {
    if (!(destination instanceof WritableStream)) return rejected(new TypeError('pipeTo needs a WritableStream'));
    if (this.locked) return rejected(new TypeError('cannot pipe a locked ReadableStream'));
    if (destination.locked) return rejected(new TypeError('cannot pipe to a locked WritableStream'));
    return pipe(this, destination, options);
  }
  tee() { return tee(this); }
  values(options = {}) { return asyncIterator(this, !!(options && options.preventCancel)); }
  [Symbol.asyncIterator](options = {}) { return this.values(options); }
  static from(items) {
    if (items instanceof ReadableStream) return items;
    const iterator = items != null && typeof items[Symbol.asyncIterator] === 'function'
      ? items[Symbol.asyncIterator]()
      : items != null && typeof items[Symbol.iterator] === 'function' ? items[Symbol.iterator]() : null;
    if (!iterator) throw new TypeError('ReadableStream.from needs an iterable or async iterable');
    return createReadable(() => {}, async (c) => {
      const step = await iterator.next();
      if (typeof step !== 'object' || step === null) throw new TypeError('the iterator result is not an object');
      if (step.done) c.close(); else c.enqueue(await step.value);
    }, async (reason) => {
      if (typeof iterator.return !== 'function') return;
      const result = await iterator.return(reason);
      if (typeof result !== 'object' || result === null) throw new TypeError('the iterator result is not an object');
    }, 0);
  }
}
Object.defineProperty(ReadableStream.prototype, Symbol.toStringTag, { value: 'ReadableStream', configurable: true });

class ReadableStreamDefaultReader {
  constructor(stream) {
    if (!(stream instanceof ReadableStream)) throw new TypeError('ReadableStreamDefaultReader needs a ReadableStream');
    if (stream.locked) throw new TypeError('ReadableStream is locked');
    this._stream = stream;
    this._requests = [];
    stream._reader = this;
    this._closed = deferred();
    if (stream._state === 'closed') this._closed.resolve(undefined);
    else if (stream._state === 'errored') this._closed.reject(stream._storedError);
  }
  get closed() { return this._closed.promise; }
  read() {
    const stream = this._stream;
    if (!stream) return rejected(new TypeError('the reader has released its lock'));
    stream._disturbed = true;
    if (stream._state === 'closed') return resolved({ value: undefined, done: true });
    if (stream._state === 'errored') return rejected(stream._storedError);
    const d = deferred();
    pullSteps(stream._controller, {
      chunk: (value) => d.resolve({ value, done: false }),
      close: () => d.resolve({ value: undefined, done: true }),
      error: (e) => d.reject(e),
    });
    return d.promise;
  }
  cancel(reason) {
    if (!this._stream) return rejected(new TypeError('the reader has released its lock'));
    return readableStreamCancel(this._stream, reason);
  }
  releaseLock() {
    const stream = this._stream;
    if (!stream) return;
    const error = new TypeError('the reader has released its lock');
    if (stream._state === 'readable') this._closed.reject(error);
    else { this._closed = deferred(); this._closed.reject(error); }
    stream._reader = undefined;
    this._stream = undefined;
    const requests = this._requests;
    this._requests = [];
    for (const r of requests) r.error(error);
  }
}

const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);
function asyncIterator(stream, preventCancel) {
  const reader = new ReadableStreamDefaultReader(stream);
  let ongoing = null;
  let finished = false;
  const next = () => {
    if (finished) return resolved({ value: undefined, done: true });
    return reader.read().then((r) => {
      if (r.done) { finished = true; reader.releaseLock(); }
      return r;
    }, (e) => { finished = true; reader.releaseLock(); throw e; });
  };
  const iterator = Object.create(AsyncIteratorPrototype);
  iterator.next = () => { ongoing = ongoing ? ongoing.then(next, next) : next(); return ongoing; };
  iterator.return = (value) => {
    const finish = () => {
      if (finished) return { value, done: true };
      finished = true;
      if (!reader._stream) return { value, done: true };
      if (!preventCancel) { const p = reader.cancel(value); reader.releaseLock(); return p.then(() => ({ value, done: true })); }
      reader.releaseLock();
      return { value, done: true };
    };
    ongoing = ongoing ? ongoing.then(finish, finish) : resolved().then(finish);
    return ongoing;
  };
  return iterator;
}

// ReadableStreamDefaultTee: each chunk read from the source goes to both
// branches; the source is cancelled once both branches are.
function tee(stream) {
  const reader = new ReadableStreamDefaultReader(stream);
  let reading = false, readAgain = false, canceled1 = false, canceled2 = false, reason1, reason2;
  const cancelled = deferred();
  let branch1, branch2;
  const pull = () => {
    if (reading) { readAgain = true; return resolved(); }
    reading = true;
    reader.read().then(({ value, done }) => {
      queueMicrotask(() => {
        readAgain = false;
        if (done) {
          reading = false;
          if (!canceled1) readableClose(branch1._controller);
          if (!canceled2) readableClose(branch2._controller);
          if (!canceled1 || !canceled2) cancelled.resolve(undefined);
          return;
        }
        if (!canceled1) readableEnqueue(branch1._controller, value);
        if (!canceled2) readableEnqueue(branch2._controller, value);
        reading = false;
        if (readAgain) pull();
      });
    }, () => { reading = false; });
    return resolved();
  };
  const cancelBoth = () => { const p = readableStreamCancel(stream, [reason1, reason2]); p.then(cancelled.resolve, cancelled.reject); };
  branch1 = createReadable(() => {}, pull, (r) => { canceled1 = true; reason1 = r; if (canceled2) cancelBoth(); return cancelled.promise; });
  branch2 = createReadable(() => {}, pull, (r) => { canceled2 = true; reason2 = r; if (canceled1) cancelBoth(); return cancelled.promise; });
  reader._closed.promise.catch((e) => {
    readableControllerError(branch1._controller, e);
    readableControllerError(branch2._controller, e);
    if (!canceled1 || !canceled2) cancelled.resolve(undefined);
  });
  return [branch1, branch2];
}

// ReadableStreamPipeTo: reads and writes one chunk at a time while the
// destination has room; an error or close on one side reaches the other
// unless the matching `prevent*` option is set.
function pipe(source, dest, { preventClose = false, preventAbort = false, preventCancel = false, signal } = {}) {
  const reader = new ReadableStreamDefaultReader(source);
  const writer = new WritableStreamDefaultWriter(dest);
  source._disturbed = true;
  let shuttingDown = false;
  let lastWrite = resolved();
  const done = deferred();
  const finalize = (isError, error) => {
    writer.releaseLock();
    reader.releaseLock();
    if (signal) signal.removeEventListener('abort', onAbort);
    if (isError) done.reject(error); else done.resolve(undefined);
  };
  const waitForWrites = () => lastWrite.then(() => {}, () => {});
  const shutdown = (action, isError, error) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const run = () => (action ? action().then(() => finalize(isError, error), (e) => finalize(true, e)) : finalize(isError, error));
    if (dest._state === 'writable' && !closeQueuedOrInFlight(dest)) waitForWrites().then(run); else run();
  };
  function onAbort() {
    const error = signal.reason;
    shutdown(() => Promise.all([
      !preventAbort && dest._state === 'writable' ? writableStreamAbort(dest, error) : resolved(),
      !preventCancel && source._state === 'readable' ? readableStreamCancel(source, error) : resolved(),
    ]), true, error);
  }
  if (signal) {
    if (signal.aborted) { onAbort(); return done.promise; }
    signal.addEventListener('abort', onAbort);
  }
  // Errors travelling forward and backward, and a destination closed from elsewhere.
  reader._closed.promise.catch((e) => {
    if (!preventAbort) shutdown(() => writableStreamAbort(dest, e), true, e); else shutdown(null, true, e);
  });
  writer._closed.promise.catch((e) => {
    if (!preventCancel) shutdown(() => readableStreamCancel(source, e), true, e); else shutdown(null, true, e);
  });
  if (closeQueuedOrInFlight(dest) || dest._state === 'closed') {
    const e = new TypeError('the destination WritableStream is closed');
    if (!preventCancel) shutdown(() => readableStreamCancel(source, e), true, e); else shutdown(null, true, e);
  }
  (async () => {
    while (!shuttingDown) {
      try { await writer.ready; } catch { return; }
      if (shuttingDown) return;
      let step;
      try { step = await reader.read(); } catch { return; }
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
  constructor(key) { if (key !== controllerKey) throw new TypeError('Illegal constructor'); }
  get signal() { return this._abortController.signal; }
  error(e) { if (this._stream._state === 'writable') writableControllerError(this, e); }
}
const CLOSE = Symbol('close');

function initWritable(stream) {
  Object.assign(stream, { _state: 'writable', _storedError: undefined, _writer: undefined, _writeRequests: [], _inFlightWrite: null, _closeRequest: null, _inFlightClose: null, _pendingAbort: null, _backpressure: false });
}
function setUpWritable(stream, start, write, close, abort, mark, size) {
  const c = new WritableStreamDefaultController(controllerKey);
  Object.assign(c, { _stream: stream, _write: write, _close: close, _abort: abort, _mark: mark, _size: size, _started: false, _abortController: new AbortController() });
  resetQueue(c);
  stream._controller = c;
  updateBackpressure(stream, writableDesiredSize(c) <= 0);
  resolved(start(c)).then(() => { c._started = true; advanceQueueIfNeeded(c); }, (e) => { c._started = true; writableStreamDealWithRejection(stream, e); });
}
function writableDesiredSize(c) { return c._mark - c._queueSize; }
function closeQueuedOrInFlight(s) { return s._closeRequest !== null || s._inFlightClose !== null; }
function updateBackpressure(stream, backpressure) {
  const writer = stream._writer;
  if (writer && backpressure !== stream._backpressure) {
    if (backpressure) writer._ready = deferred(); else writer._ready.resolve(undefined);
  }
  stream._backpressure = backpressure;
}
function writableStreamAbort(stream, reason) {
  if (stream._state === 'closed' || stream._state === 'errored') return resolved(undefined);
  stream._controller._abortController.abort(reason);
  const state = stream._state;
  if (state === 'closed' || state === 'errored') return resolved(undefined);
  if (stream._pendingAbort) return stream._pendingAbort.d.promise;
  let wasAlreadyErroring = false;
  if (state === 'erroring') { wasAlreadyErroring = true; reason = undefined; }
  const d = deferred();
  stream._pendingAbort = { d, reason, wasAlreadyErroring };
  if (!wasAlreadyErroring) startErroring(stream, reason);
  return d.promise;
}
function writableStreamClose(stream) {
  const state = stream._state;
  if (state === 'closed' || state === 'errored') return rejected(new TypeError('the WritableStream is closed or errored'));
  if (closeQueuedOrInFlight(stream)) return rejected(new TypeError('the WritableStream is already closing'));
  const d = deferred();
  stream._closeRequest = d;
  if (stream._writer && stream._backpressure && state === 'writable') stream._writer._ready.resolve(undefined);
  const c = stream._controller;
  enqueueWithSize(c, CLOSE, 0);
  advanceQueueIfNeeded(c);
  return d.promise;
}
function writableStreamDealWithRejection(stream, e) {
  if (stream._state === 'writable') { startErroring(stream, e); return; }
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
  resetQueue(c);
  c._write = c._close = c._abort = c._size = null;
  const error = stream._storedError;
  for (const r of stream._writeRequests) r.reject(error);
  stream._writeRequests = [];
  const abort = stream._pendingAbort;
  if (!abort) { rejectCloseAndClosedPromiseIfNeeded(stream); return; }
  stream._pendingAbort = null;
  if (abort.wasAlreadyErroring) { abort.d.reject(error); rejectCloseAndClosedPromiseIfNeeded(stream); return; }
  abortSink(stream, abort.reason).then(() => { abort.d.resolve(undefined); rejectCloseAndClosedPromiseIfNeeded(stream); }, (e) => { abort.d.reject(e); rejectCloseAndClosedPromiseIfNeeded(stream); });
}
// The sink's abort, kept apart: finishErroring has cleared the algorithms.
function abortSink(stream, reason) { return stream._sinkAbort(reason); }
function rejectCloseAndClosedPromiseIfNeeded(stream) {
  if (stream._closeRequest) { stream._closeRequest.reject(stream._storedError); stream._closeRequest = null; }
  if (stream._writer) stream._writer._closed.reject(stream._storedError);
}
function writerEnsureReadyRejected(writer, e) {
  if (writer._ready.settled) writer._ready = deferred();
  writer._ready.reject(e);
}
function writableControllerError(c, e) {
  c._write = c._close = c._abort = c._size = null;
  startErroring(c._stream, e);
}
function advanceQueueIfNeeded(c) {
  const stream = c._stream;
  if (!c._started || stream._inFlightWrite !== null) return;
  if (stream._state === 'erroring') { finishErroring(stream); return; }
  if (c._queue.length === 0) return;
  const value = c._queue[0].value;
  if (value === CLOSE) {
    stream._inFlightClose = stream._closeRequest;
    stream._closeRequest = null;
    dequeue(c);
    const close = c._close;
    c._write = c._close = c._abort = c._size = null;
    close().then(() => {
      stream._inFlightClose.resolve(undefined);
      stream._inFlightClose = null;
      if (stream._state === 'erroring') {
        stream._storedError = undefined;
        if (stream._pendingAbort) { stream._pendingAbort.d.resolve(undefined); stream._pendingAbort = null; }
      }
      stream._state = 'closed';
      if (stream._writer) stream._writer._closed.resolve(undefined);
    }, (e) => {
      stream._inFlightClose.reject(e);
      stream._inFlightClose = null;
      if (stream._pendingAbort) { stream._pendingAbort.d.reject(e); stream._pendingAbort = null; }
      writableStreamDealWithRejection(stream, e);
    });
    return;
  }
  stream._inFlightWrite = stream._writeRequests.shift();
  c._write(value, c).then(() => {
    stream._inFlightWrite.resolve(undefined);
    stream._inFlightWrite = null;
    const state = stream._state;
    dequeue(c);
    if (!closeQueuedOrInFlight(stream) && state === 'writable') updateBackpressure(stream, writableDesiredSize(c) <= 0);
    advanceQueueIfNeeded(c);
  }, (e) => {
    stream._inFlightWrite.reject(e);
    stream._inFlightWrite = null;
    if (stream._state === 'writable') c._write = c._close = c._abort = c._size = null;
    writableStreamDealWithRejection(stream, e);
  });
}
function writableStreamDefaultWriterCloseWithErrorPropagation(writer) {
  const stream = writer._stream;
  if (closeQueuedOrInFlight(stream) || stream._state === 'closed') return resolved(undefined);
  if (stream._state === 'errored') return rejected(stream._storedError);
  return writableStreamClose(stream);
}

class WritableStream {
  constructor(sink = undefined, strategy = undefined) {
    if (sink === null) throw new TypeError('the underlying sink must be an object');
    if (sink && sink.type !== undefined) throw new RangeError('invalid type');
    initWritable(this);
    const { mark, size } = strategyOf(strategy || {}, 1);
    const startFn = sink && sink.start;
    if (startFn !== undefined && typeof startFn !== 'function') throw new TypeError('start must be a function');
    this._sinkAbort = method(sink, 'abort');
    setUpWritable(this, (c) => (startFn ? startFn.call(sink, c) : undefined), method(sink, 'write'), method(sink, 'close'), this._sinkAbort, mark, size);
  }
  get locked() { return this._writer !== undefined; }
  abort(reason) {
    if (this.locked) return rejected(new TypeError('cannot abort a locked WritableStream'));
    return writableStreamAbort(this, reason);
  }
  close() {
    if (this.locked) return rejected(new TypeError('cannot close a locked WritableStream'));
    if (closeQueuedOrInFlight(this)) return rejected(new TypeError('the WritableStream is already closing'));
    return writableStreamClose(this);
  }
  getWriter() { return new WritableStreamDefaultWriter(this); }
}
Object.defineProperty(WritableStream.prototype, Symbol.toStringTag, { value: 'WritableStream', configurable: true });

class WritableStreamDefaultWriter {
  constructor(stream) {
    if (!(stream instanceof WritableStream)) throw new TypeError('WritableStreamDefaultWriter needs a WritableStream');
    if (stream.locked) throw new TypeError('WritableStream is locked');
    this._stream = stream;
    stream._writer = this;
    const state = stream._state;
    this._ready = deferred();
    this._closed = deferred();
    if (state === 'writable') {
      if (!closeQueuedOrInFlight(stream) && stream._backpressure) { /* ready stays pending */ } else this._ready.resolve(undefined);
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
  get closed() { return this._closed.promise; }
  get ready() { return this._ready.promise; }
  get desiredSize() {
    const stream = this._stream;
    if (!stream) throw new TypeError('the writer has released its lock');
    if (stream._state === 'errored' || stream._state === 'erroring') return null;
    if (stream._state === 'closed') return 0;
    return writableDesiredSize(stream._controller);
  }
  abort(reason) {
    if (!this._stream) return rejected(new TypeError('the writer has released its lock'));
    return writableStreamAbort(this._stream, reason);
  }
  close() {
    const stream = this._stream;
    if (!stream) return rejected(new TypeError('the writer has released its lock'));
    if (closeQueuedOrInFlight(stream)) return rejected(new TypeError('the WritableStream is already closing'));
    return writableStreamClose(stream);
  }
  releaseLock() {
    const stream = this._stream;
    if (!stream) return;
    const error = new TypeError('the writer has released its lock');
    writerEnsureReadyRejected(this, error);
    if (this._closed.settled) this._closed = deferred();
    this._closed.reject(error);
    stream._writer = undefined;
    this._stream = undefined;
  }
  write(chunk) {
    const stream = this._stream;
    if (!stream) return rejected(new TypeError('the writer has released its lock'));
    const c = stream._controller;
    let size = 1;
    if (c._size) {
      try { size = c._size(chunk); } catch (e) { if (stream._state === 'writable') writableControllerError(c, e); return rejected(e); }
    }
    if (stream !== this._stream) return rejected(new TypeError('the writer has released its lock'));
    const state = stream._state;
    if (state === 'errored') return rejected(stream._storedError);
    if (closeQueuedOrInFlight(stream) || state === 'closed') return rejected(new TypeError('cannot write to a closing or closed WritableStream'));
    if (state === 'erroring') return rejected(stream._storedError);
    const d = deferred();
    stream._writeRequests.push(d);
    try { enqueueWithSize(c, chunk, size); } catch (e) { if (stream._state === 'writable') writableControllerError(c, e); return d.promise; }
    if (!closeQueuedOrInFlight(stream) && stream._state === 'writable') updateBackpressure(stream, writableDesiredSize(c) <= 0);
    advanceQueueIfNeeded(c);
    return d.promise;
  }
}

// ---- TransformStream ----------------------------------------------------

class TransformStreamDefaultController {
  constructor(key) { if (key !== controllerKey) throw new TypeError('Illegal constructor'); }
  get desiredSize() { return desiredSize(this._stream._readable._controller); }
  enqueue(chunk) { transformEnqueue(this, chunk); }
  error(e) { transformError(this._stream, e); }
  terminate() { transformTerminate(this._stream); }
}
function transformEnqueue(c, chunk) {
  const stream = c._stream;
  const rc = stream._readable._controller;
  if (!canCloseOrEnqueue(rc)) throw new TypeError('the readable side is closed or errored');
  try { readableEnqueue(rc, chunk); } catch (e) { transformErrorWritableAndUnblockWrite(stream, e); throw stream._readable._storedError; }
  const backpressure = !shouldCallPull(rc) && desiredSize(rc) <= 0;
  if (backpressure !== stream._backpressure) setTransformBackpressure(stream, true);
}
function transformError(stream, e) {
  readableControllerError(stream._readable._controller, e);
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
  if (canCloseOrEnqueue(rc)) readableClose(rc);
  transformErrorWritableAndUnblockWrite(stream, new TypeError('the TransformStream was terminated'));
}
function setTransformBackpressure(stream, backpressure) {
  if (stream._backpressureChange) stream._backpressureChange.resolve(undefined);
  stream._backpressureChange = deferred();
  stream._backpressure = backpressure;
}
function performTransform(c, chunk) {
  return c._transform(chunk).catch((e) => { transformError(c._stream, e); throw e; });
}

class TransformStream {
  constructor(transformer = undefined, writableStrategy = undefined, readableStrategy = undefined) {
    if (transformer && transformer.readableType !== undefined) throw new RangeError('invalid readableType');
    if (transformer && transformer.writableType !== undefined) throw new RangeError('invalid writableType');
    const w = strategyOf(writableStrategy || {}, 1);
    const r = strategyOf(readableStrategy || {}, 0);
    const startPromise = deferred();
    const stream = this;
    const c = new TransformStreamDefaultController(controllerKey);
    c._stream = this;
    const transformFn = transformer && transformer.transform;
    c._transform = transformFn === undefined
      ? (chunk) => { try { transformEnqueue(c, chunk); return resolved(); } catch (e) { return rejected(e); } }
      : method(transformer, 'transform');
    if (transformFn !== undefined) { const call = c._transform; c._transform = (chunk) => call(chunk, c); }
    const flush = method(transformer, 'flush');
    c._flush = () => flush(c);
    const cancel = method(transformer, 'cancel');
    this._controller = c;
    const writable = Object.create(WritableStream.prototype);
    initWritable(writable);
    writable._sinkAbort = (reason) => {
      readableControllerError(stream._readable._controller, reason);
      transformErrorWritableAndUnblockWrite(stream, reason);
      return cancel(reason);
    };
    setUpWritable(writable, () => startPromise.promise, (chunk) => {
      if (stream._backpressure) {
        return stream._backpressureChange.promise.then(() => {
          const ws = stream._writable;
          if (ws._state === 'erroring') throw ws._storedError;
          return performTransform(c, chunk);
        });
      }
      return performTransform(c, chunk);
    }, () => {
      const readable = stream._readable;
      return c._flush().then(() => {
        if (readable._state === 'errored') throw readable._storedError;
        if (canCloseOrEnqueue(readable._controller)) readableClose(readable._controller);
      }, (e) => { transformError(stream, e); throw readable._storedError; });
    }, writable._sinkAbort, w.mark, w.size);
    const readable = Object.create(ReadableStream.prototype);
    initReadable(readable);
    this._writable = writable;
    this._readable = readable;
    this._backpressure = undefined;
    this._backpressureChange = undefined;
    setTransformBackpressure(this, true);
    setUpReadable(readable, () => startPromise.promise, () => {
      setTransformBackpressure(stream, false);
      return stream._backpressureChange.promise;
    }, (reason) => {
      transformErrorWritableAndUnblockWrite(stream, reason);
      return cancel(reason);
    }, r.mark, r.size);
    const startFn = transformer && transformer.start;
    try { startPromise.resolve(startFn ? startFn.call(transformer, c) : undefined); } catch (e) { startPromise.reject(e); }
  }
  get readable() { return this._readable; }
  get writable() { return this._writable; }
}
Object.defineProperty(TransformStream.prototype, Symbol.toStringTag, { value: 'TransformStream', configurable: true });

// ---- Queuing strategies and the text codec streams ----------------------

class ByteLengthQueuingStrategy {
  constructor(init) { this._mark = Number(init.highWaterMark); }
  get highWaterMark() { return this._mark; }
  get size() { return byteLength; }
}
function byteLength(chunk) { return chunk.byteLength; }
class CountQueuingStrategy {
  constructor(init) { this._mark = Number(init.highWaterMark); }
  get highWaterMark() { return this._mark; }
  get size() { return count; }
}
function count() { return 1; }

class TextEncoderStream {
  constructor() {
    const { TextEncoder } = need('text_codec');
    const encoder = new TextEncoder();
    let pendingHigh = ''; // a lone high surrogate that ended a chunk
    this._transform = new TransformStream({
      transform(chunk, c) {
        let text = pendingHigh + String(chunk);
        pendingHigh = '';
        const last = text.charCodeAt(text.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) { pendingHigh = text.slice(-1); text = text.slice(0, -1); }
        if (text) c.enqueue(encoder.encode(text));
      },
      flush(c) { if (pendingHigh) c.enqueue(new Uint8Array([0xef, 0xbf, 0xbd])); },
    });
  }
  get encoding() { return 'utf-8'; }
  get readable() { return this._transform.readable; }
  get writable() { return this._transform.writable; }
}
class TextDecoderStream {
  constructor(label = 'utf-8', options = {}) {
    const { TextDecoder } = need('text_codec');
    const decoder = new TextDecoder(label, options);
    this._decoder = decoder;
    this._transform = new TransformStream({
      transform(chunk, c) { const text = decoder.decode(chunk, { stream: true }); if (text) c.enqueue(text); },
      flush(c) { const text = decoder.decode(); if (text) c.enqueue(text); },
    });
  }
  get encoding() { return this._decoder.encoding; }
  get fatal() { return this._decoder.fatal; }
  get ignoreBOM() { return this._decoder.ignoreBOM; }
  get readable() { return this._transform.readable; }
  get writable() { return this._transform.writable; }
}

// ---- Helpers for fetch, Bun and `Bun.readableStreamTo*` -----------------

// A stream of one chunk of bytes, or of none when `bytes` is empty; `bytes`
// may be a promise (a subprocess's output, still running).
function bytesStream(bytes) {
  return createReadable(() => {}, (c) => resolved(bytes).then((b) => {
    if (b && b.byteLength) c.enqueue(b);
    c.close();
  }), () => resolved(), 0);
}
async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}
function concatBytes(chunks) {
  let length = 0;
  for (const c of chunks) length += c.byteLength;
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    const view = c instanceof ArrayBuffer ? new Uint8Array(c) : new Uint8Array(c.buffer, c.byteOffset, c.byteLength);
    out.set(view, at);
    at += view.byteLength;
  }
  return out;
}
// The whole stream as bytes; string chunks are UTF-8 encoded, as Bun does.
async function streamBytes(stream) {
  const { TextEncoder } = need('text_codec');
  const encoder = new TextEncoder();
  return concatBytes((await readAll(stream)).map((c) => (typeof c === 'string' ? encoder.encode(c) : c)));
}
async function streamText(stream) {
  const { TextDecoder } = need('text_codec');
  return new TextDecoder().decode(await streamBytes(stream));
}

const web = {
  ReadableStream, ReadableStreamDefaultReader, ReadableStreamDefaultController,
  WritableStream, WritableStreamDefaultWriter, WritableStreamDefaultController,
  TransformStream, TransformStreamDefaultController,
  ByteLengthQueuingStrategy, CountQueuingStrategy, TextEncoderStream, TextDecoderStream,
};

return {
  ReadableStream, ReadableStreamDefaultReader, ReadableStreamDefaultController,
  WritableStream, WritableStreamDefaultWriter, WritableStreamDefaultController,
  TransformStream, TransformStreamDefaultController,
  ByteLengthQueuingStrategy, CountQueuingStrategy, TextEncoderStream, TextDecoderStream,
  web, bytesStream, readAll, streamBytes, streamText,
};
