// ---- web/streams/readable.js: the WHATWG Streams Standard, readable side -------------
// Written after the standard's abstract operations, with their names in the
// comments, so that promises settle in the order Bun's (and browsers')
// streams settle them: tools print "read 1, write 1" sequences and compare.
// Byte streams (`type: 'bytes'`) are read as default streams; BYOB readers
// are not provided. The writable side, transforms and piping are the unit
// `streams_write`, loaded on first use: a tool that only reads a response
// body parses half as much.

const resolved = (value) => Promise.resolve(value);
const rejected = (error) => {
  const p = Promise.reject(error);
  p.catch(() => {});
  return p;
};
function deferred() {
  const d = { settled: false };
  d.promise = new Promise((resolve, reject) => {
    d.resolve = (v) => {
      if (!d.settled) {
        d.settled = true;
        resolve(v);
      }
    };
    d.reject = (e) => {
      if (!d.settled) {
        d.settled = true;
        reject(e);
      }
    };
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
  return (...more) => {
    try {
      return resolved(fn.call(object, ...args, ...more));
    } catch (e) {
      return rejected(e);
    }
  };
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
function resetQueue(c) {
  c._queue = [];
  c._queueSize = 0;
}

// ---- ReadableStream -----------------------------------------------------

class ReadableStreamDefaultController {
  constructor(key) {
    if (key !== controllerKey) throw new TypeError('Illegal constructor');
  }
  get desiredSize() {
    return desiredSize(this);
  }
  enqueue(chunk) {
    if (!canCloseOrEnqueue(this)) throw new TypeError('the stream is closed or errored, or close() was already called');
    readableEnqueue(this, chunk);
  }
  close() {
    if (!canCloseOrEnqueue(this)) throw new TypeError('the stream is closed or errored, or close() was already called');
    readableClose(this);
  }
  error(e) {
    readableControllerError(this, e);
  }
}
const controllerKey = Symbol('controller');

function desiredSize(c) {
  const state = c._stream._state;
  if (state === 'errored') return null;
  if (state === 'closed') return 0;
  return c._mark - c._queueSize;
}
function canCloseOrEnqueue(c) {
  return !c._closeRequested && c._stream._state === 'readable';
}
function readableEnqueue(c, chunk) {
  const stream = c._stream;
  const reader = stream._reader;
  if (reader && reader._requests.length) {
    reader._requests.shift().chunk(chunk);
  } else {
    let size;
    try {
      size = c._size(chunk);
      enqueueWithSize(c, chunk, size);
    } catch (e) {
      readableControllerError(c, e);
      throw e;
    }
  }
  callPullIfNeeded(c);
}
function readableClose(c) {
  c._closeRequested = true;
  if (c._queue.length === 0) {
    clearAlgorithms(c);
    readableStreamClose(c._stream);
  }
}
function clearAlgorithms(c) {
  c._pull = null;
  c._cancel = null;
  c._size = null;
}
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
  if (c._pulling) {
    c._pullAgain = true;
    return;
  }
  c._pulling = true;
  c._pull(c).then(
    () => {
      c._pulling = false;
      if (c._pullAgain) {
        c._pullAgain = false;
        callPullIfNeeded(c);
      }
    },
    (e) => readableControllerError(c, e),
  );
}
// The controller's [[PullSteps]]: answers a read from the queue or waits.
function pullSteps(c, request) {
  if (c._queue.length) {
    const chunk = dequeue(c);
    if (c._closeRequested && c._queue.length === 0) {
      clearAlgorithms(c);
      readableStreamClose(c._stream);
    } else callPullIfNeeded(c);
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
  Object.assign(c, {
    _stream: stream,
    _pull: pull,
    _cancel: cancel,
    _mark: mark,
    _size: size,
    _started: false,
    _closeRequested: false,
    _pulling: false,
    _pullAgain: false,
  });
  resetQueue(c);
  stream._controller = c;
  resolved(start(c)).then(
    () => {
      c._started = true;
      callPullIfNeeded(c);
    },
    (e) => readableControllerError(c, e),
  );
}
function createReadable(start, pull, cancel, mark = 1, size = () => 1) {
  const stream = Object.create(ReadableStream.prototype);
  initReadable(stream);
  setUpReadable(stream, start, pull, cancel, mark, size);
  return stream;
}
function initReadable(stream) {
  stream._state = 'readable';
  stream._reader = undefined;
  stream._storedError = undefined;
  stream._disturbed = false;
}

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
  get locked() {
    return this._reader !== undefined;
  }
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
    need('web/streams/writable')
      .pipe(this, transform.writable, options)
      .catch(() => {});
    return transform.readable;
  }
  pipeTo(destination, options = {}) {
    const { WritableStream, pipe } = need('web/streams/writable');
    if (!(destination instanceof WritableStream)) return rejected(new TypeError('pipeTo needs a WritableStream'));
    if (this.locked) return rejected(new TypeError('cannot pipe a locked ReadableStream'));
    if (destination.locked) return rejected(new TypeError('cannot pipe to a locked WritableStream'));
    return pipe(this, destination, options);
  }
  tee() {
    return tee(this);
  }
  values(options = {}) {
    return asyncIterator(this, !!(options && options.preventCancel));
  }
  [Symbol.asyncIterator](options = {}) {
    return this.values(options);
  }
  static from(items) {
    if (items instanceof ReadableStream) return items;
    const iterator =
      items != null && typeof items[Symbol.asyncIterator] === 'function'
        ? items[Symbol.asyncIterator]()
        : items != null && typeof items[Symbol.iterator] === 'function'
          ? items[Symbol.iterator]()
          : null;
    if (!iterator) throw new TypeError('ReadableStream.from needs an iterable or async iterable');
    return createReadable(
      () => {},
      async (c) => {
        const step = await iterator.next();
        if (typeof step !== 'object' || step === null) throw new TypeError('the iterator result is not an object');
        if (step.done) c.close();
        else c.enqueue(await step.value);
      },
      async (reason) => {
        if (typeof iterator.return !== 'function') return;
        const result = await iterator.return(reason);
        if (typeof result !== 'object' || result === null) throw new TypeError('the iterator result is not an object');
      },
      0,
    );
  }
}
Object.defineProperty(ReadableStream.prototype, Symbol.toStringTag, { value: 'ReadableStream', configurable: true });

class ReadableStreamDefaultReader {
  constructor(stream) {
    if (!(stream instanceof ReadableStream)) throw new TypeError('ReadableStreamDefaultReader needs a ReadableStream');
    // Node's and Bun's error for a locked stream: ERR_INVALID_STATE.
    if (stream.locked)
      throw Object.assign(new TypeError('Invalid state: ReadableStream is locked'), { code: 'ERR_INVALID_STATE' });
    this._stream = stream;
    this._requests = [];
    stream._reader = this;
    this._closed = deferred();
    if (stream._state === 'closed') this._closed.resolve(undefined);
    else if (stream._state === 'errored') this._closed.reject(stream._storedError);
  }
  get closed() {
    return this._closed.promise;
  }
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
    else {
      this._closed = deferred();
      this._closed.reject(error);
    }
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
    return reader.read().then(
      (r) => {
        if (r.done) {
          finished = true;
          reader.releaseLock();
        }
        return r;
      },
      (e) => {
        finished = true;
        reader.releaseLock();
        throw e;
      },
    );
  };
  const iterator = Object.create(AsyncIteratorPrototype);
  iterator.next = () => {
    ongoing = ongoing ? ongoing.then(next, next) : next();
    return ongoing;
  };
  iterator.return = (value) => {
    const finish = () => {
      if (finished) return { value, done: true };
      finished = true;
      if (!reader._stream) return { value, done: true };
      if (!preventCancel) {
        const p = reader.cancel(value);
        reader.releaseLock();
        return p.then(() => ({ value, done: true }));
      }
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
  let reading = false,
    readAgain = false,
    canceled1 = false,
    canceled2 = false,
    reason1,
    reason2;
  const cancelled = deferred();
  let branch1, branch2;
  const pull = () => {
    if (reading) {
      readAgain = true;
      return resolved();
    }
    reading = true;
    reader.read().then(
      ({ value, done }) => {
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
      },
      () => {
        reading = false;
      },
    );
    return resolved();
  };
  const cancelBoth = () => {
    const p = readableStreamCancel(stream, [reason1, reason2]);
    p.then(cancelled.resolve, cancelled.reject);
  };
  branch1 = createReadable(
    () => {},
    pull,
    (r) => {
      canceled1 = true;
      reason1 = r;
      if (canceled2) cancelBoth();
      return cancelled.promise;
    },
  );
  branch2 = createReadable(
    () => {},
    pull,
    (r) => {
      canceled2 = true;
      reason2 = r;
      if (canceled1) cancelBoth();
      return cancelled.promise;
    },
  );
  reader._closed.promise.catch((e) => {
    readableControllerError(branch1._controller, e);
    readableControllerError(branch2._controller, e);
    if (!canceled1 || !canceled2) cancelled.resolve(undefined);
  });
  return [branch1, branch2];
}

// ---- Queuing strategies -------------------------------------------------

class ByteLengthQueuingStrategy {
  constructor(init) {
    this._mark = Number(init.highWaterMark);
  }
  get highWaterMark() {
    return this._mark;
  }
  get size() {
    return byteLength;
  }
}
function byteLength(chunk) {
  return chunk.byteLength;
}
class CountQueuingStrategy {
  constructor(init) {
    this._mark = Number(init.highWaterMark);
  }
  get highWaterMark() {
    return this._mark;
  }
  get size() {
    return count;
  }
}
function count() {
  return 1;
}

// ---- Helpers for fetch, Bun and `Bun.readableStreamTo*` -----------------

// A stream of one chunk of bytes, or of none when `bytes` is empty; `bytes`
// may be a promise (a subprocess's output, still running).
function bytesStream(bytes) {
  return createReadable(
    () => {},
    (c) =>
      resolved(bytes).then((b) => {
        if (b && b.byteLength) c.enqueue(b);
        c.close();
      }),
    () => resolved(),
    0,
  );
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
  const { TextEncoder } = need('web/encoding');
  const encoder = new TextEncoder();
  return concatBytes((await readAll(stream)).map((c) => (typeof c === 'string' ? encoder.encode(c) : c)));
}
async function streamText(stream) {
  const { TextDecoder } = need('web/encoding');
  return new TextDecoder().decode(await streamBytes(stream));
}

// The shared operations the unit `web/streams/writable` builds on.
const internals = {
  resolved,
  rejected,
  deferred,
  method,
  strategyOf,
  enqueueWithSize,
  dequeue,
  resetQueue,
  controllerKey,
  desiredSize,
  canCloseOrEnqueue,
  readableEnqueue,
  readableClose,
  readableControllerError,
  shouldCallPull,
  setUpReadable,
  initReadable,
  readableStreamCancel,
  ReadableStreamDefaultReader,
};

return {
  ReadableStream,
  ReadableStreamDefaultReader,
  ReadableStreamDefaultController,
  ByteLengthQueuingStrategy,
  CountQueuingStrategy,
  internals,
  bytesStream,
  readAll,
  streamBytes,
  streamText,
};
