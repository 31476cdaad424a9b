// ---- node/stream.js: node:stream and node:stream/promises -----------------------
// Node's stream classes with Node's state machine: `_readableState` and
// `_writableState` are the objects packages and Node's own tests read
// (`needReadable`, `flowing`, `awaitDrainWriters`, `pendingcb`, `buffered`…),
// and the events come in Node's order, each on the tick Node gives it. The
// classes are functions, not `class`es, because CommonJS packages still
// subclass them with `Readable.call(this)` and `util.inherits`.
const { EventEmitter } = need('node/events');
// Buffer is the costliest unit to load (a few ms) and a stream of strings or
// objects (cheerio's) never needs it.
let BufferClass = null;
const buffers = () => {
  if (BufferClass === null) BufferClass = need('internal/buffer').Buffer;
  return BufferClass;
};
const Buffer = {
  from: (...args) => buffers().from(...args),
  isBuffer: (value) => value instanceof Uint8Array && buffers().isBuffer(value),
  concat: (chunks, length) => buffers().concat(chunks, length),
  isEncoding: (name) => buffers().isEncoding(name),
};
// Any typed array or DataView, as a Buffer over the same bytes.
const asBuffer = (view) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

// A step the stream takes on its own, after the caller's turn: on
// `process.nextTick`, looked up at each call as Node's streams do, so it
// runs in Node's order with the caller's own ticks; what an event listener
// throws there is uncaught, as from Node's event loop.
const later = (fn, ...args) => process.nextTick(fn, ...args);
const nop = () => {};

// Node's errors carry their code in their text too (`TypeError
// [ERR_INVALID_ARG_TYPE]: …`), which is what a test matching /ERR_…/ reads.
function coded(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  Object.defineProperty(error, 'toString', {
    value() {
      return `${this.name} [${this.code}]: ${this.message}`;
    },
    writable: true,
    configurable: true,
  });
  return error;
}
// How Node's argument errors end: `Received type number (5)`, `Received an
// instance of Object`, `Received undefined`.
function received(value) {
  if (value === null || value === undefined) return `Received ${value}`;
  if (typeof value === 'function') return `Received function ${value.name}`;
  if (typeof value === 'object') {
    if (value.constructor?.name) return `Received an instance of ${value.constructor.name}`;
    return `Received ${need('internal/inspect').inspect(value, { depth: -1 })}`;
  }
  let shown = need('internal/inspect').inspect(value, { colors: false });
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return `Received type ${typeof value} (${shown})`;
}
function invalidArg(name, expected, value) {
  const what = name.includes('.') ? 'property' : 'argument';
  return coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" ${what} must be ${expected}. ${received(value)}`);
}
function invalidValue(name, value, reason = 'is invalid') {
  const what = name.includes('.') ? 'property' : 'argument';
  const shown = need('internal/inspect').inspect(value);
  return coded(TypeError, 'ERR_INVALID_ARG_VALUE', `The ${what} '${name}' ${reason}. Received ${shown}`);
}
const notImplemented = (name) => coded(Error, 'ERR_METHOD_NOT_IMPLEMENTED', `The ${name} method is not implemented`);
const destroyedError = (what) =>
  coded(Error, 'ERR_STREAM_DESTROYED', `Cannot call ${what} after a stream was destroyed`);
const multipleCallback = () => coded(Error, 'ERR_MULTIPLE_CALLBACK', 'Callback called multiple times');
// Named as `%s` shows a value: a string as itself, anything else inspected.
const unknownEncoding = (name) =>
  coded(
    TypeError,
    'ERR_UNKNOWN_ENCODING',
    `Unknown encoding: ${typeof name === 'string' ? name : need('internal/inspect').inspect(name)}`,
  );
function encodingOption(encoding) {
  if (encoding == null) return 'utf8';
  if (encoding !== 'buffer' && !Buffer.isEncoding(encoding)) throw unknownEncoding(encoding);
  return encoding;
}
const CHUNK_TYPES = 'of type string or an instance of Buffer, TypedArray, or DataView';

// The default high-water marks, which `setDefaultHighWaterMark` changes for
// every stream made afterwards.
const defaultHighWaterMarks = { bytes: 65536, objects: 16 };
function getDefaultHighWaterMark(objectMode) {
  return objectMode ? defaultHighWaterMarks.objects : defaultHighWaterMarks.bytes;
}
function setDefaultHighWaterMark(objectMode, value) {
  if (typeof value !== 'number') throw invalidArg('value', 'of type number', value);
  if (!Number.isInteger(value) || value < 0 || value > Number.MAX_SAFE_INTEGER)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "value" is out of range. It must be >= 0 && <= ${Number.MAX_SAFE_INTEGER}. Received ${value}`,
    );
  defaultHighWaterMarks[objectMode ? 'objects' : 'bytes'] = value;
}
// `highWaterMark` wins over the half's own option (`readableHighWaterMark`),
// which only a Duplex reads; a value that is not a whole number >= 0 throws.
function highWaterMarkOf(options, objectMode, duplexKey, isDuplex) {
  let key = 'highWaterMark';
  let value = options.highWaterMark;
  if (value == null && isDuplex) {
    value = options[duplexKey];
    key = duplexKey;
  }
  if (value == null) return getDefaultHighWaterMark(objectMode);
  if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value))
    throw invalidValue(`options.${key}`, value);
  return Math.floor(value);
}

// `Child` inherits from `Parent` as `util.inherits` and `class extends` do.
function inherit(Child, Parent) {
  Child.prototype = Object.create(Parent.prototype, {
    constructor: { value: Child, writable: true, configurable: true },
  });
  Object.setPrototypeOf(Child, Parent);
}

// ---- the legacy base class (`require('stream')` is this function) ----
function Stream(options) {
  if (!(this instanceof Stream)) return new Stream(options);
  EventEmitter.call(this, options);
}
inherit(Stream, EventEmitter);
// The pipe of a stream that is no Readable: writes what `this` emits as
// `data` into `dest`, pausing `this` while `dest` is full; ends `dest` at
// `end` (destroys it at `close`) unless `{ end: false }`.
Stream.prototype.pipe = function pipe(dest, options) {
  // biome-ignore lint/complexity/noUselessThisAlias: the listeners below are the source's
  const source = this;
  const ondata = (chunk) => {
    if (dest.writable && dest.write(chunk) === false && typeof source.pause === 'function') source.pause();
  };
  const ondrain = () => {
    if (source.readable && typeof source.resume === 'function') source.resume();
  };
  let didOnEnd = false;
  const onend = () => {
    if (didOnEnd) return;
    didOnEnd = true;
    dest.end();
  };
  const onclose = () => {
    if (didOnEnd) return;
    didOnEnd = true;
    if (typeof dest.destroy === 'function') dest.destroy();
  };
  function onerror(error) {
    cleanup();
    // Counted as EventEmitter counts: the emitter may lack `listenerCount`.
    if (EventEmitter.prototype.listenerCount.call(this, 'error') === 0) this.emit('error', error);
  }
  const cleanup = () => {
    source.removeListener('data', ondata);
    dest.removeListener('drain', ondrain);
    source.removeListener('end', onend);
    source.removeListener('close', onclose);
    source.removeListener('error', onerror);
    dest.removeListener('error', onerror);
    source.removeListener('end', cleanup);
    source.removeListener('close', cleanup);
    dest.removeListener('close', cleanup);
  };
  source.on('data', ondata);
  dest.on('drain', ondrain);
  if (!dest._isStdio && (!options || options.end !== false)) {
    source.on('end', onend);
    source.on('close', onclose);
  }
  prependTo(source, 'error', onerror);
  prependTo(dest, 'error', onerror);
  source.on('end', cleanup);
  source.on('close', cleanup);
  dest.on('close', cleanup);
  dest.emit('pipe', source);
  return dest;
};
function prependTo(emitter, event, fn) {
  if (typeof emitter.prependListener === 'function') emitter.prependListener(event, fn);
  else emitter.on(event, fn);
}

// ---- destroying, shared by both halves ----
const kDestroy = Symbol('kDestroy');
const kConstruct = Symbol('kConstruct');
const kOnFinished = Symbol('kOnFinished');
const kPaused = Symbol('kPaused');
const kCallback = Symbol('kCallback');

function keepError(error, w, r) {
  if (!error) return;
  if (w && !w.errored) w.errored = error;
  if (r && !r.errored) r.errored = error;
}
function destroy(error, callback) {
  const r = this._readableState;
  const w = this._writableState;
  const s = w || r;
  if (w?.destroyed || r?.destroyed) {
    if (typeof callback === 'function') callback();
    return this;
  }
  keepError(error, w, r);
  if (w) w.destroyed = true;
  if (r) r.destroyed = true;
  // A stream still being constructed is destroyed once `_construct` is done.
  if (!s.constructed)
    this.once(kDestroy, function destroyAfterConstruct(later) {
      runDestroy(this, bothErrors(later, error), callback);
    });
  else runDestroy(this, error, callback);
  return this;
}
function bothErrors(a, b) {
  if (a && b && a !== b) {
    if (Array.isArray(b.errors)) {
      b.errors.push(a);
      return b;
    }
    const error = new AggregateError([b, a], b.message);
    error.code = b.code;
    return error;
  }
  return a || b;
}
function runDestroy(stream, error, callback) {
  let called = false;
  const onDestroy = (err) => {
    if (called) return;
    called = true;
    const r = stream._readableState;
    const w = stream._writableState;
    keepError(err, w, r);
    if (w) w.closed = true;
    if (r) r.closed = true;
    if (typeof callback === 'function') callback(err);
    if (err) later(emitErrorThenClose, stream, err);
    else later(emitClose, stream);
  };
  try {
    stream._destroy(error || null, onDestroy);
  } catch (err) {
    onDestroy(err);
  }
}
function emitErrorThenClose(stream, error) {
  emitError(stream, error);
  emitClose(stream);
}
function emitClose(stream) {
  const r = stream._readableState;
  const w = stream._writableState;
  if (w) w.closeEmitted = true;
  if (r) r.closeEmitted = true;
  if (w?.emitClose || r?.emitClose) stream.emit('close');
}
function emitError(stream, error) {
  const r = stream._readableState;
  const w = stream._writableState;
  if (w?.errorEmitted || r?.errorEmitted) return;
  if (w) w.errorEmitted = true;
  if (r) r.errorEmitted = true;
  stream.emit('error', error);
}
function undestroy() {
  const r = this._readableState;
  const w = this._writableState;
  if (r) {
    r.constructed = true;
    r.closed = false;
    r.closeEmitted = false;
    r.destroyed = false;
    r.errored = null;
    r.errorEmitted = false;
    r.reading = false;
    r.ended = r.readable === false;
    r.endEmitted = r.readable === false;
  }
  if (w) {
    w.constructed = true;
    w.destroyed = false;
    w.closed = false;
    w.closeEmitted = false;
    w.errored = null;
    w.errorEmitted = false;
    w.finalCalled = false;
    w.prefinished = false;
    w.ended = w.writable === false;
    w.ending = w.writable === false;
    w.finished = w.writable === false;
  }
}
// What a stream does on its own failure: destroys itself, or (with
// `autoDestroy: false`) only records and emits the error.
function errorOrDestroy(stream, error, sync) {
  const r = stream._readableState;
  const w = stream._writableState;
  if (w?.destroyed || r?.destroyed) return;
  if (r?.autoDestroy || w?.autoDestroy) stream.destroy(error);
  else if (error) {
    keepError(error, w, r);
    if (sync) later(emitError, stream, error);
    else emitError(stream, error);
  }
}
// Runs `_construct` on the next tick; reads, writes and destroy wait for it.
function construct(stream, callback) {
  if (typeof stream._construct !== 'function') return;
  const r = stream._readableState;
  const w = stream._writableState;
  if (r) r.constructed = false;
  if (w) w.constructed = false;
  stream.once(kConstruct, callback);
  // A Duplex registers both halves' callbacks; one construction serves both.
  if (stream.listenerCount(kConstruct) > 1) return;
  later(runConstruct, stream);
}
function runConstruct(stream) {
  let called = false;
  const onConstruct = (error) => {
    if (called) {
      errorOrDestroy(stream, error ?? multipleCallback());
      return;
    }
    called = true;
    const r = stream._readableState;
    const w = stream._writableState;
    const s = w || r;
    if (r) r.constructed = true;
    if (w) w.constructed = true;
    if (s.destroyed) stream.emit(kDestroy, error);
    else if (error) errorOrDestroy(stream, error, true);
    else later(() => stream.emit(kConstruct));
  };
  try {
    stream._construct((error) => later(onConstruct, error));
  } catch (error) {
    later(onConstruct, error);
  }
}
function defaultDestroy(error, callback) {
  callback(error);
}

// ---- Readable ----
function ReadableState(options, stream, isDuplex) {
  const o = options || {};
  this.objectMode = !!(o.objectMode || (isDuplex && o.readableObjectMode));
  this.highWaterMark = highWaterMarkOf(o, this.objectMode, 'readableHighWaterMark', isDuplex);
  this.buffer = [];
  this.bufferIndex = 0;
  this.length = 0;
  this.pipes = [];
  this.awaitDrainWriters = null;
  this.flowing = null;
  this[kPaused] = null;
  this.ended = false;
  this.endEmitted = false;
  this.reading = false;
  this.constructed = true;
  // Whether `push` is called from within `_read` (then 'readable' waits).
  this.sync = true;
  this.needReadable = false;
  this.emittedReadable = false;
  this.readableListening = false;
  this.resumeScheduled = false;
  this.errorEmitted = false;
  this.emitClose = o.emitClose !== false;
  this.autoDestroy = o.autoDestroy !== false;
  this.destroyed = false;
  this.errored = null;
  this.closed = false;
  this.closeEmitted = false;
  this.defaultEncoding = encodingOption(o.defaultEncoding);
  this.multiAwaitDrain = false;
  this.readingMore = false;
  this.dataEmitted = false;
  this.decoder = null;
  this.encoding = null;
  if (o.encoding) {
    const { StringDecoder } = need('node/string_decoder').module;
    this.decoder = new StringDecoder(o.encoding);
    this.encoding = o.encoding;
  }
}
Object.defineProperty(ReadableState.prototype, 'pipesCount', {
  get() {
    return this.pipes.length;
  },
  configurable: true,
});
Object.defineProperty(ReadableState.prototype, 'paused', {
  get() {
    return this[kPaused] !== false;
  },
  set(value) {
    this[kPaused] = !!value;
  },
  configurable: true,
});

// A stream's `_events` lists its common events first, unset, as Node's
// does: `eventNames()` orders them so.
function presetEvents(stream, names) {
  if (stream._events !== undefined && stream._events !== Object.getPrototypeOf(stream)._events) return;
  const events = Object.create(null);
  for (const name of names) events[name] = undefined;
  stream._events = events;
  stream._eventsCount = 0;
}
const READABLE_EVENTS = ['close', 'error', 'data', 'end', 'readable'];
const WRITABLE_EVENTS = ['close', 'error', 'prefinish', 'finish', 'drain'];
const DUPLEX_EVENTS = ['close', 'error', 'prefinish', 'finish', 'drain', 'data', 'end', 'readable'];

function Readable(options) {
  if (!(this instanceof Readable)) return new Readable(options);
  const isDuplex = this instanceof Duplex;
  if (!isDuplex) presetEvents(this, READABLE_EVENTS);
  this._readableState = new ReadableState(options, this, isDuplex);
  if (options) {
    if (typeof options.read === 'function') this._read = options.read;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    if (typeof options.construct === 'function') this._construct = options.construct;
    if (options.signal && !isDuplex) addAbortSignal(options.signal, this);
  }
  Stream.call(this, options);
  construct(this, () => {
    if (this._readableState.needReadable) maybeReadMore(this, this._readableState);
  });
}
inherit(Readable, Stream);
Readable.ReadableState = ReadableState;

function readableAddChunk(stream, chunk, encoding, addToFront) {
  const state = stream._readableState;
  let error = null;
  if (!state.objectMode) {
    if (typeof chunk === 'string') {
      encoding = encoding || state.defaultEncoding;
      if (state.encoding !== encoding) {
        if (addToFront && state.encoding) chunk = Buffer.from(chunk, encoding).toString(state.encoding);
        else {
          chunk = Buffer.from(chunk, encoding);
          encoding = '';
        }
      }
    } else if (Buffer.isBuffer(chunk)) encoding = '';
    else if (ArrayBuffer.isView(chunk)) {
      chunk = asBuffer(chunk);
      encoding = '';
    } else if (chunk != null) error = invalidArg('chunk', CHUNK_TYPES, chunk);
  }
  if (error) {
    errorOrDestroy(stream, error);
    return false;
  }
  if (chunk === null) {
    state.reading = false;
    onEofChunk(stream, state);
  } else if (state.objectMode || chunk.length > 0) {
    if (addToFront) {
      if (state.endEmitted)
        errorOrDestroy(stream, coded(Error, 'ERR_STREAM_UNSHIFT_AFTER_END_EVENT', 'stream.unshift() after end event'));
      else if (state.destroyed || state.errored) return false;
      else addChunk(stream, state, chunk, true);
    } else if (state.ended)
      errorOrDestroy(stream, coded(Error, 'ERR_STREAM_PUSH_AFTER_EOF', 'stream.push() after EOF'));
    else if (state.destroyed || state.errored) return false;
    else {
      state.reading = false;
      if (state.decoder && !encoding) {
        chunk = state.decoder.write(chunk);
        if (state.objectMode || chunk.length !== 0) addChunk(stream, state, chunk, false);
        else maybeReadMore(stream, state);
      } else addChunk(stream, state, chunk, false);
    }
  } else if (!addToFront) {
    state.reading = false;
    maybeReadMore(stream, state);
  }
  return !state.ended && (state.length < state.highWaterMark || state.length === 0);
}
function clearAwaitDrain(state) {
  if (state.multiAwaitDrain) state.awaitDrainWriters.clear();
  else state.awaitDrainWriters = null;
}
function addChunk(stream, state, chunk, addToFront) {
  if (state.flowing && state.length === 0 && !state.sync && stream.listenerCount('data') > 0) {
    clearAwaitDrain(state);
    state.dataEmitted = true;
    stream.emit('data', chunk);
  } else {
    state.length += state.objectMode ? 1 : chunk.length;
    if (addToFront) state.buffer.splice(state.bufferIndex, 0, chunk);
    else state.buffer.push(chunk);
    if (state.needReadable) emitReadable(stream);
  }
  maybeReadMore(stream, state);
}
function onEofChunk(stream, state) {
  if (state.ended) return;
  if (state.decoder) {
    const rest = state.decoder.end();
    if (rest?.length) {
      state.buffer.push(rest);
      state.length += state.objectMode ? 1 : rest.length;
    }
  }
  state.ended = true;
  if (state.sync) emitReadable(stream);
  else {
    state.needReadable = false;
    state.emittedReadable = true;
    emitReadableNow(stream);
  }
}
function emitReadable(stream) {
  const state = stream._readableState;
  state.needReadable = false;
  if (!state.emittedReadable) {
    state.emittedReadable = true;
    later(emitReadableNow, stream);
  }
}
function emitReadableNow(stream) {
  const state = stream._readableState;
  if (!state.destroyed && !state.errored && (state.length || state.ended)) {
    stream.emit('readable');
    state.emittedReadable = false;
  }
  state.needReadable = !state.flowing && !state.ended && state.length <= state.highWaterMark;
  flow(stream);
}
// Reads ahead, up to the high-water mark, on the next tick.
function maybeReadMore(stream, state) {
  if (!state.readingMore && state.constructed) {
    state.readingMore = true;
    later(readMore, stream, state);
  }
}
function readMore(stream, state) {
  while (
    !state.reading &&
    !state.ended &&
    (state.length < state.highWaterMark || (state.flowing && state.length === 0))
  ) {
    const before = state.length;
    stream.read(0);
    if (before === state.length) break;
  }
  state.readingMore = false;
}
const MAX_HWM = 0x40000000;
function grownHighWaterMark(n) {
  if (n > MAX_HWM)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "size" is out of range. It must be <= 1GiB. Received ${n}`,
    );
  let m = n - 1;
  m |= m >>> 1;
  m |= m >>> 2;
  m |= m >>> 4;
  m |= m >>> 8;
  m |= m >>> 16;
  return m + 1;
}
function howMuchToRead(n, state) {
  if (n <= 0 || (state.length === 0 && state.ended)) return 0;
  if (state.objectMode) return 1;
  if (Number.isNaN(n)) {
    // Bun's `read()` gives one pushed Buffer at a time (Node's joins them
    // unless flowing); decoded text is joined in both.
    if ((state.flowing || !state.decoder) && state.length) return state.buffer[state.bufferIndex].length;
    return state.length;
  }
  if (n <= state.length) return n;
  return state.ended ? state.length : 0;
}
function compactBuffer(state) {
  if (state.bufferIndex > 0) {
    state.buffer.splice(0, state.bufferIndex);
    state.bufferIndex = 0;
  }
}
// Takes `n` bytes (characters, with a decoder; one chunk in object mode).
function fromList(n, state) {
  if (state.length === 0) return null;
  compactBuffer(state);
  const buffer = state.buffer;
  let ret;
  if (state.objectMode) ret = buffer.shift();
  else if (!n || n >= state.length) {
    if (state.decoder) ret = buffer.join('');
    else if (buffer.length === 1) ret = buffer[0];
    else ret = Buffer.concat(buffer, state.length);
    buffer.length = 0;
  } else if (n < buffer[0].length) {
    ret = buffer[0].slice(0, n);
    buffer[0] = buffer[0].slice(n);
  } else if (n === buffer[0].length) ret = buffer.shift();
  else {
    const parts = [];
    let left = n;
    while (left > 0) {
      const head = buffer[0];
      if (head.length <= left) {
        parts.push(head);
        left -= head.length;
        buffer.shift();
      } else {
        parts.push(head.slice(0, left));
        buffer[0] = head.slice(left);
        left = 0;
      }
    }
    ret = state.decoder ? parts.join('') : Buffer.concat(parts, n);
  }
  return ret;
}
function endReadable(stream) {
  const state = stream._readableState;
  if (!state.endEmitted) {
    state.ended = true;
    later(endReadableNow, state, stream);
  }
}
function endReadableNow(state, stream) {
  if (!state.errored && !state.closeEmitted && !state.endEmitted && state.length === 0) {
    state.endEmitted = true;
    stream.emit('end');
    if (stream.writable && stream.allowHalfOpen === false) later(endWritableNow, stream);
    else if (state.autoDestroy) {
      // The stream is destroyed once its other half is done too.
      const w = stream._writableState;
      if (!w || (w.autoDestroy && (w.finished || w.writable === false))) stream.destroy();
    }
  }
}
function endWritableNow(stream) {
  if (stream.writable && !stream.writableEnded && !stream.destroyed) stream.end();
}
function flow(stream) {
  const state = stream._readableState;
  while (state.flowing && stream.read() !== null);
}
function resumeLater(stream, state) {
  if (!state.resumeScheduled) {
    state.resumeScheduled = true;
    later(resumeNow, stream, state);
  }
}
function resumeNow(stream, state) {
  if (!state.reading) stream.read(0);
  state.resumeScheduled = false;
  stream.emit('resume');
  flow(stream);
  if (state.flowing && !state.reading) stream.read(0);
}
function updateReadableListening(stream) {
  const state = stream._readableState;
  state.readableListening = stream.listenerCount('readable') > 0;
  if (state.resumeScheduled && state[kPaused] === false) state.flowing = true;
  else if (stream.listenerCount('data') > 0) stream.resume();
  else if (!state.readableListening) state.flowing = null;
}

Object.assign(Readable.prototype, {
  _read() {
    throw notImplemented('_read()');
  },
  _destroy: defaultDestroy,
  destroy,
  _undestroy: undestroy,
  [kDestroy](error, callback) {
    callback(error);
  },
  push(chunk, encoding) {
    return readableAddChunk(this, chunk, encoding, false);
  },
  unshift(chunk, encoding) {
    return readableAddChunk(this, chunk, encoding, true);
  },
  isPaused() {
    const state = this._readableState;
    return state[kPaused] === true || state.flowing === false;
  },
  setEncoding(encoding) {
    const { StringDecoder } = need('node/string_decoder').module;
    const decoder = new StringDecoder(encoding);
    const state = this._readableState;
    state.decoder = decoder;
    state.encoding = decoder.encoding;
    // What is buffered already is decoded too.
    compactBuffer(state);
    let content = '';
    for (const data of state.buffer) content += decoder.write(data);
    state.buffer.length = 0;
    if (content !== '') state.buffer.push(content);
    state.length = content.length;
    return this;
  },
  read(n) {
    const state = this._readableState;
    if (n === undefined) n = Number.NaN;
    else if (!Number.isInteger(n)) n = Number.parseInt(n, 10);
    const nOrig = n;
    if (n > state.highWaterMark) state.highWaterMark = grownHighWaterMark(n);
    if (n !== 0) state.emittedReadable = false;
    // read(0) with enough buffered only signals 'readable' (or 'end').
    if (
      n === 0 &&
      state.needReadable &&
      ((state.highWaterMark !== 0 ? state.length >= state.highWaterMark : state.length > 0) || state.ended)
    ) {
      if (state.length === 0 && state.ended) endReadable(this);
      else emitReadable(this);
      return null;
    }
    n = howMuchToRead(n, state);
    if (n === 0 && state.ended) {
      if (state.length === 0) endReadable(this);
      return null;
    }
    let doRead = state.needReadable;
    if (state.length === 0 || state.length - n < state.highWaterMark) doRead = true;
    if (state.ended || state.reading || state.destroyed || state.errored || !state.constructed) doRead = false;
    else if (doRead) {
      state.reading = true;
      state.sync = true;
      if (state.length === 0) state.needReadable = true;
      try {
        this._read(state.highWaterMark);
      } catch (error) {
        errorOrDestroy(this, error);
      }
      state.sync = false;
      // What `_read` pushed synchronously may be returned now.
      if (!state.reading) n = howMuchToRead(nOrig, state);
    }
    let ret = n > 0 ? fromList(n, state) : null;
    if (ret === null) {
      state.needReadable = state.length <= state.highWaterMark;
      n = 0;
    } else {
      state.length -= n;
      clearAwaitDrain(state);
    }
    if (state.length === 0) {
      if (!state.ended) state.needReadable = true;
      if (nOrig !== n && state.ended) endReadable(this);
    }
    if (ret !== null && !state.errorEmitted && !state.closeEmitted) {
      state.dataEmitted = true;
      this.emit('data', ret);
    }
    if (ret === undefined) ret = null;
    return ret;
  },
  on(event, fn) {
    const result = Stream.prototype.on.call(this, event, fn);
    const state = this._readableState;
    if (event === 'data') {
      state.readableListening = this.listenerCount('readable') > 0;
      if (state.flowing !== false) this.resume();
    } else if (event === 'readable') {
      if (!state.endEmitted && !state.readableListening) {
        state.readableListening = state.needReadable = true;
        state.flowing = false;
        state.emittedReadable = false;
        if (state.length) emitReadable(this);
        else if (!state.reading) later(() => this.read(0));
      }
    }
    return result;
  },
  removeListener(event, fn) {
    const result = Stream.prototype.removeListener.call(this, event, fn);
    if (event === 'readable') later(updateReadableListening, this);
    return result;
  },
  removeAllListeners(...args) {
    const result = Stream.prototype.removeAllListeners.apply(this, args);
    if (args[0] === 'readable' || args[0] === undefined) later(updateReadableListening, this);
    return result;
  },
  resume() {
    const state = this._readableState;
    if (!state.flowing) {
      // With a 'readable' listener, resume() only schedules the read.
      state.flowing = !state.readableListening;
      resumeLater(this, state);
    }
    state[kPaused] = false;
    return this;
  },
  pause() {
    const state = this._readableState;
    if (state.flowing !== false) {
      state.flowing = false;
      this.emit('pause');
    }
    state[kPaused] = true;
    return this;
  },
  pipe(dest, pipeOptions) {
    return pipeInto(this, dest, pipeOptions);
  },
  unpipe(dest) {
    const state = this._readableState;
    if (state.pipes.length === 0) return this;
    if (!dest) {
      const dests = state.pipes;
      state.pipes = [];
      this.pause();
      for (const each of dests) each.emit('unpipe', this, { hasUnpiped: false });
      return this;
    }
    const index = state.pipes.indexOf(dest);
    if (index === -1) return this;
    state.pipes.splice(index, 1);
    // As in Bun, a stream destroyed already (its end came) is not paused.
    if (state.pipes.length === 0 && !state.destroyed) this.pause();
    dest.emit('unpipe', this, { hasUnpiped: false });
    return this;
  },
  // An old-style stream (only 'data' and 'end', pause/resume) read through
  // this Readable.
  wrap(stream) {
    let paused = false;
    stream.on('data', (chunk) => {
      if (!this.push(chunk) && typeof stream.pause === 'function') {
        paused = true;
        stream.pause();
      }
    });
    stream.on('end', () => this.push(null));
    stream.on('error', (error) => errorOrDestroy(this, error));
    stream.on('close', () => this.destroy());
    stream.on('destroy', () => this.destroy());
    this._read = () => {
      if (paused && typeof stream.resume === 'function') {
        paused = false;
        stream.resume();
      }
    };
    for (const key of Object.keys(stream))
      if (this[key] === undefined && typeof stream[key] === 'function') this[key] = stream[key].bind(stream);
    return this;
  },
  [Symbol.asyncIterator]() {
    return iterate(this);
  },
  iterator(options) {
    if (options !== undefined && (options === null || typeof options !== 'object'))
      throw invalidArg('options', 'of type object', options);
    return iterate(this, options);
  },
});
Readable.prototype.addListener = Readable.prototype.on;
Readable.prototype.off = Readable.prototype.removeListener;

function pipeInto(src, dest, pipeOptions) {
  const state = src._readableState;
  if (state.pipes.length === 1 && !state.multiAwaitDrain) {
    state.multiAwaitDrain = true;
    state.awaitDrainWriters = new Set(state.awaitDrainWriters ? [state.awaitDrainWriters] : []);
  }
  state.pipes.push(dest);
  const stdio = typeof process !== 'undefined' && (dest === process.stdout || dest === process.stderr);
  const doEnd = (!pipeOptions || pipeOptions.end !== false) && !stdio;
  const onend = () => dest.end();
  const unpipe = () => src.unpipe(dest);
  const endFn = doEnd ? onend : unpipe;
  if (state.endEmitted) later(endFn);
  else src.once('end', endFn);
  const onunpipe = (readable, unpipeInfo) => {
    if (readable === src && unpipeInfo && unpipeInfo.hasUnpiped === false) {
      unpipeInfo.hasUnpiped = true;
      cleanup();
    }
  };
  dest.on('unpipe', onunpipe);
  let ondrain = null;
  let cleanedUp = false;
  const cleanup = () => {
    dest.removeListener('close', onclose);
    dest.removeListener('finish', onfinish);
    if (ondrain) dest.removeListener('drain', ondrain);
    dest.removeListener('error', onerror);
    dest.removeListener('unpipe', onunpipe);
    src.removeListener('end', onend);
    src.removeListener('end', unpipe);
    src.removeListener('data', ondata);
    cleanedUp = true;
    // A writer unpiped while full no longer holds the source back.
    if (ondrain && state.awaitDrainWriters && (!dest._writableState || dest._writableState.needDrain)) ondrain();
  };
  const pause = () => {
    if (!cleanedUp) {
      if (state.pipes.length === 1 && state.pipes[0] === dest) {
        state.awaitDrainWriters = dest;
        state.multiAwaitDrain = false;
      } else if (state.pipes.length > 1 && state.pipes.includes(dest)) state.awaitDrainWriters.add(dest);
      src.pause();
    }
    if (!ondrain) {
      ondrain = () => {
        if (state.awaitDrainWriters === dest) state.awaitDrainWriters = null;
        else if (state.multiAwaitDrain) state.awaitDrainWriters.delete(dest);
        if ((!state.awaitDrainWriters || state.awaitDrainWriters.size === 0) && src.listenerCount('data')) src.resume();
      };
      dest.on('drain', ondrain);
    }
  };
  // What the destination's write throws (a chunk it refuses) destroys it.
  const ondata = (chunk) => {
    try {
      if (dest.write(chunk) === false) pause();
    } catch (error) {
      dest.destroy(error);
    }
  };
  src.on('data', ondata);
  function onerror(error) {
    unpipe();
    dest.removeListener('error', onerror);
    if (dest.listenerCount('error') === 0) {
      const s = dest._writableState || dest._readableState;
      if (s && !s.errorEmitted) errorOrDestroy(dest, error);
      else dest.emit('error', error);
    }
  }
  prependTo(dest, 'error', onerror);
  const onclose = () => {
    dest.removeListener('finish', onfinish);
    unpipe();
  };
  dest.once('close', onclose);
  const onfinish = () => {
    dest.removeListener('close', onclose);
    unpipe();
  };
  dest.once('finish', onfinish);
  dest.emit('pipe', src);
  if (dest.writableNeedDrain === true) pause();
  else if (!state.flowing) src.resume();
  return dest;
}

// The stream's properties over its state, as Node defines them.
function accessors(proto, table) {
  for (const [name, get, set] of table)
    Object.defineProperty(proto, name, { get, set, enumerable: false, configurable: true });
}
accessors(Readable.prototype, [
  [
    'readable',
    function get() {
      const r = this._readableState;
      return !!r && r.readable !== false && !r.destroyed && !r.errorEmitted && !r.endEmitted;
    },
    function set(value) {
      if (this._readableState) this._readableState.readable = !!value;
    },
  ],
  [
    'readableDidRead',
    function get() {
      return this._readableState.dataEmitted;
    },
  ],
  [
    'readableAborted',
    function get() {
      const r = this._readableState;
      return !!(r.readable !== false && (r.destroyed || r.errored) && !r.endEmitted);
    },
  ],
  [
    'readableHighWaterMark',
    function get() {
      return this._readableState.highWaterMark;
    },
  ],
  [
    'readableBuffer',
    function get() {
      return this._readableState?.buffer;
    },
  ],
  [
    'readableFlowing',
    function get() {
      return this._readableState.flowing;
    },
    function set(value) {
      if (this._readableState) this._readableState.flowing = value;
    },
  ],
  [
    'readableLength',
    function get() {
      return this._readableState.length;
    },
  ],
  [
    'readableObjectMode',
    function get() {
      return this._readableState ? this._readableState.objectMode : false;
    },
  ],
  [
    'readableEncoding',
    function get() {
      return this._readableState ? this._readableState.encoding : null;
    },
  ],
  [
    'errored',
    function get() {
      return this._readableState ? this._readableState.errored : null;
    },
  ],
  [
    'closed',
    function get() {
      return this._readableState ? this._readableState.closed : false;
    },
  ],
  [
    'destroyed',
    function get() {
      return this._readableState ? this._readableState.destroyed : false;
    },
    function set(value) {
      if (this._readableState) this._readableState.destroyed = value;
    },
  ],
  [
    'readableEnded',
    function get() {
      return this._readableState ? this._readableState.endEmitted : false;
    },
  ],
  // The names this runtime's other units use for the halves.
  [
    '_r',
    function get() {
      return this._readableState;
    },
  ],
]);

// Reads through 'readable' and `read()`, as Node's iterator does: what is
// buffered comes first, then an error, else the end.
async function* iterate(stream, options) {
  let wake = nop;
  function next(resolve) {
    if (this === stream) {
      wake();
      wake = nop;
    } else wake = resolve;
  }
  stream.on('readable', next);
  let error;
  const cleanup = finished(stream, { writable: false }, (err) => {
    error = err ? bothErrors(error, err) : null;
    wake();
    wake = nop;
  });
  try {
    for (;;) {
      const chunk = stream.destroyed ? null : stream.read();
      if (chunk !== null) yield chunk;
      else if (error) throw error;
      else if (error === null) return;
      else await new Promise(next);
    }
  } catch (err) {
    error = bothErrors(error, err);
    throw error;
  } finally {
    if ((error || options?.destroyOnReturn !== false) && (error === undefined || stream._readableState.autoDestroy))
      destroyStream(stream, null);
    else {
      stream.off('readable', next);
      cleanup();
    }
  }
}
// Destroys any stream-like value, as pipeline, the iterator and
// `stream.destroy` do: one not finished yet fails with an AbortError.
function destroyStream(stream, error) {
  if (!stream || isDestroyed(stream)) return;
  if (!error && !isFinished(stream)) error = abortError();
  if (typeof stream.destroy === 'function') stream.destroy(error);
  else if (typeof stream.close === 'function') stream.close();
  else if (error) later(() => stream.emit('error', error));
  else later(() => stream.emit('close'));
}
function isFinished(stream) {
  if (!isNodeStream(stream)) return null;
  if (isDestroyed(stream)) return true;
  return !isReadable(stream) && !isWritable(stream);
}

Readable.from = function from(iterable, options) {
  // A string or a Buffer is one chunk; any other typed array is iterated.
  if (typeof iterable === 'string' || Buffer.isBuffer(iterable))
    return new Readable({
      objectMode: true,
      ...options,
      read() {
        this.push(iterable);
        this.push(null);
      },
    });
  let iterator;
  let isAsync;
  if (iterable && typeof iterable[Symbol.asyncIterator] === 'function') {
    isAsync = true;
    iterator = iterable[Symbol.asyncIterator]();
  } else if (iterable && typeof iterable[Symbol.iterator] === 'function') {
    isAsync = false;
    iterator = iterable[Symbol.iterator]();
  } else throw invalidArg('iterable', 'an instance of Iterable', iterable);
  const readable = new Readable({ objectMode: true, highWaterMark: 1, ...options });
  let reading = false;
  let isAsyncValues = false;
  const nullValue = () => coded(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream');
  readable._read = function read() {
    if (!reading) {
      reading = true;
      if (isAsync) nextAsync();
      else if (isAsyncValues) nextSyncWithAsyncValues();
      else nextSync();
    }
  };
  readable._destroy = (error, callback) => {
    closeIterator(error).then(
      () => later(callback, error),
      (err) => later(callback, err || error),
    );
  };
  async function closeIterator(error) {
    const hadError = error !== undefined && error !== null;
    const hasThrow = typeof iterator.throw === 'function';
    if (hadError && hasThrow) {
      const { value, done } = await iterator.throw(error);
      await value;
      if (done) return;
    }
    if (typeof iterator.return === 'function') {
      const { value } = await iterator.return();
      await value;
    }
  }
  function nextSync() {
    for (;;) {
      try {
        const { value, done } = iterator.next();
        if (done) {
          readable.push(null);
          return;
        }
        if (value && typeof value.then === 'function') return changeToAsyncValues(value);
        if (value === null) {
          reading = false;
          throw nullValue();
        }
        if (readable.push(value)) continue;
        reading = false;
      } catch (error) {
        readable.destroy(error);
      }
      break;
    }
  }
  async function changeToAsyncValues(value) {
    isAsyncValues = true;
    try {
      const resolved = await value;
      if (resolved === null) {
        reading = false;
        throw nullValue();
      }
      if (readable.push(resolved)) {
        nextSyncWithAsyncValues();
        return;
      }
      reading = false;
    } catch (error) {
      readable.destroy(error);
    }
  }
  async function nextSyncWithAsyncValues() {
    for (;;) {
      try {
        const { value, done } = iterator.next();
        if (done) {
          readable.push(null);
          return;
        }
        const resolved = value && typeof value.then === 'function' ? await value : value;
        if (resolved === null) {
          reading = false;
          throw nullValue();
        }
        if (readable.push(resolved)) continue;
        reading = false;
      } catch (error) {
        readable.destroy(error);
      }
      break;
    }
  }
  async function nextAsync() {
    for (;;) {
      try {
        const { value, done } = await iterator.next();
        if (done) {
          readable.push(null);
          return;
        }
        if (value === null) {
          reading = false;
          throw nullValue();
        }
        if (readable.push(value)) continue;
        reading = false;
      } catch (error) {
        readable.destroy(error);
      }
      break;
    }
  }
  return readable;
};

// ---- Writable ----
function WritableState(options, stream, isDuplex) {
  const o = options || {};
  this.objectMode = !!(o.objectMode || (isDuplex && o.writableObjectMode));
  this.highWaterMark = highWaterMarkOf(o, this.objectMode, 'writableHighWaterMark', isDuplex);
  this.finalCalled = false;
  this.needDrain = false;
  this.ending = false;
  this.ended = false;
  this.finished = false;
  this.destroyed = false;
  this.decodeStrings = o.decodeStrings !== false;
  this.defaultEncoding = encodingOption(o.defaultEncoding);
  this.length = 0;
  this.writing = false;
  this.corked = 0;
  this.sync = true;
  this.bufferProcessing = false;
  this.onwrite = (error) => onwrite(stream, error);
  this.writecb = null;
  this.writelen = 0;
  this.afterWriteTickInfo = null;
  resetBuffer(this);
  this.pendingcb = 0;
  this.constructed = true;
  this.prefinished = false;
  this.errorEmitted = false;
  this.emitClose = o.emitClose !== false;
  this.autoDestroy = o.autoDestroy !== false;
  this.errored = null;
  this.closed = false;
  this.closeEmitted = false;
  this[kOnFinished] = [];
}
function resetBuffer(state) {
  state.buffered = [];
  state.bufferedIndex = 0;
  state.allBuffers = true;
  state.allNoop = true;
}
WritableState.prototype.getBuffer = function getBuffer() {
  return this.buffered.slice(this.bufferedIndex);
};
Object.defineProperty(WritableState.prototype, 'bufferedRequestCount', {
  get() {
    return this.buffered.length - this.bufferedIndex;
  },
  configurable: true,
});

function Writable(options) {
  const isDuplex = this instanceof Duplex;
  if (!isDuplex && !Function.prototype[Symbol.hasInstance].call(Writable, this)) return new Writable(options);
  if (!isDuplex) presetEvents(this, WRITABLE_EVENTS);
  this._writableState = new WritableState(options, this, isDuplex);
  if (options) {
    if (typeof options.write === 'function') this._write = options.write;
    if (typeof options.writev === 'function') this._writev = options.writev;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    if (typeof options.final === 'function') this._final = options.final;
    if (typeof options.construct === 'function') this._construct = options.construct;
    if (options.signal) addAbortSignal(options.signal, this);
  }
  Stream.call(this, options);
  construct(this, () => afterConstructWritable(this));
}
function afterConstructWritable(stream) {
  const state = stream._writableState;
  if (!state.writing) clearBuffer(stream, state);
  finishMaybe(stream, state);
}
inherit(Writable, Stream);
Writable.WritableState = WritableState;
// A Duplex is a Writable too, as in Node, though it inherits from Readable.
Object.defineProperty(Writable, Symbol.hasInstance, {
  value(object) {
    if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
    if (this !== Writable) return false;
    return !!object && object._writableState instanceof WritableState;
  },
  configurable: true,
});

function writeChunk(stream, chunk, encoding, callback) {
  const state = stream._writableState;
  if (typeof encoding === 'function') {
    callback = encoding;
    encoding = null;
  }
  if (typeof callback !== 'function') callback = nop;
  if (chunk === null) throw coded(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream');
  // In object mode the encoding is passed on as given (none: undefined).
  if (state.objectMode) {
    if (encoding === null) encoding = undefined;
  } else {
    if (!encoding) encoding = state.defaultEncoding;
    else if (encoding !== 'buffer' && !Buffer.isEncoding(encoding)) throw unknownEncoding(encoding);
    if (typeof chunk === 'string') {
      if (state.decodeStrings !== false) {
        chunk = Buffer.from(chunk, encoding);
        encoding = 'buffer';
      }
    } else if (Buffer.isBuffer(chunk)) encoding = 'buffer';
    else if (ArrayBuffer.isView(chunk)) {
      chunk = asBuffer(chunk);
      encoding = 'buffer';
    } else throw invalidArg('chunk', CHUNK_TYPES, chunk);
  }
  let error;
  if (state.ending) error = coded(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
  else if (state.destroyed) error = destroyedError('write');
  if (error) {
    later(callback, error);
    errorOrDestroy(stream, error, true);
    return error;
  }
  state.pendingcb++;
  return writeOrBuffer(stream, state, chunk, encoding, callback);
}
function writeOrBuffer(stream, state, chunk, encoding, callback) {
  const len = state.objectMode ? 1 : chunk.length;
  state.length += len;
  const ret = state.length < state.highWaterMark;
  if (!ret) state.needDrain = true;
  if (state.writing || state.corked || state.errored || !state.constructed) {
    state.buffered.push({ chunk, encoding, callback });
    if (state.allBuffers && encoding !== 'buffer') state.allBuffers = false;
    if (state.allNoop && callback !== nop) state.allNoop = false;
  } else {
    state.writelen = len;
    state.writecb = callback;
    state.writing = true;
    state.sync = true;
    stream._write(chunk, encoding, state.onwrite);
    state.sync = false;
  }
  return ret && !state.errored && !state.destroyed;
}
function doWrite(stream, state, writev, len, chunk, encoding, callback) {
  state.writelen = len;
  state.writecb = callback;
  state.writing = true;
  state.sync = true;
  if (state.destroyed) state.onwrite(destroyedError('write'));
  else if (writev) stream._writev(chunk, state.onwrite);
  else stream._write(chunk, encoding, state.onwrite);
  state.sync = false;
}
function onwriteError(stream, state, error, callback) {
  --state.pendingcb;
  callback(error);
  errorBuffer(state);
  errorOrDestroy(stream, error);
}
function onwrite(stream, error) {
  const state = stream._writableState;
  const sync = state.sync;
  const callback = state.writecb;
  if (typeof callback !== 'function') {
    errorOrDestroy(stream, multipleCallback());
    return;
  }
  state.writing = false;
  state.writecb = null;
  state.length -= state.writelen;
  state.writelen = 0;
  if (error) {
    if (!state.errored) state.errored = error;
    if (stream._readableState && !stream._readableState.errored) stream._readableState.errored = error;
    if (sync) later(onwriteError, stream, state, error, callback);
    else onwriteError(stream, state, error, callback);
  } else {
    if (state.buffered.length > state.bufferedIndex) clearBuffer(stream, state);
    if (sync) {
      // Callbacks of writes done at once are called together, a tick later.
      const info = state.afterWriteTickInfo;
      if (info !== null && info.callback === callback) info.count++;
      else {
        state.afterWriteTickInfo = { count: 1, callback, stream, state };
        later(afterWriteTick, state.afterWriteTickInfo);
      }
    } else afterWrite(stream, state, 1, callback);
  }
}
function afterWriteTick(info) {
  info.state.afterWriteTickInfo = null;
  afterWrite(info.stream, info.state, info.count, info.callback);
}
function afterWrite(stream, state, count, callback) {
  const needDrain = !state.ending && !stream.destroyed && state.length === 0 && state.needDrain;
  if (needDrain) {
    state.needDrain = false;
    stream.emit('drain');
  }
  while (count-- > 0) {
    state.pendingcb--;
    callback(null);
  }
  if (state.destroyed) errorBuffer(state);
  finishMaybe(stream, state);
}
// Fails every buffered write and end callback once the stream is destroyed.
function errorBuffer(state) {
  if (state.writing) return;
  for (let n = state.bufferedIndex; n < state.buffered.length; ++n) {
    const { chunk, callback } = state.buffered[n];
    state.length -= state.objectMode ? 1 : chunk.length;
    callback(state.errored ?? destroyedError('write'));
  }
  for (const callback of state[kOnFinished].splice(0)) callback(state.errored ?? destroyedError('end'));
  resetBuffer(state);
}
function clearBuffer(stream, state) {
  if (state.corked || state.bufferProcessing || state.destroyed || !state.constructed) return;
  const { buffered, bufferedIndex, objectMode } = state;
  const count = buffered.length - bufferedIndex;
  if (!count) return;
  let i = bufferedIndex;
  state.bufferProcessing = true;
  if (count > 1 && stream._writev) {
    state.pendingcb -= count - 1;
    const callback = state.allNoop
      ? nop
      : (error) => {
          for (let n = i; n < buffered.length; ++n) buffered[n].callback(error);
        };
    const chunks = state.allNoop && i === 0 ? buffered : buffered.slice(i);
    chunks.allBuffers = state.allBuffers;
    doWrite(stream, state, true, state.length, chunks, '', callback);
    resetBuffer(state);
  } else {
    do {
      const { chunk, encoding, callback } = buffered[i];
      buffered[i++] = null;
      doWrite(stream, state, false, objectMode ? 1 : chunk.length, chunk, encoding, callback);
    } while (i < buffered.length && !state.writing);
    if (i === buffered.length) resetBuffer(state);
    else if (i > 256) {
      buffered.splice(0, i);
      state.bufferedIndex = 0;
    } else state.bufferedIndex = i;
  }
  state.bufferProcessing = false;
}
function needFinish(state) {
  return (
    state.ending &&
    !state.destroyed &&
    state.constructed &&
    state.length === 0 &&
    !state.errored &&
    state.buffered.length === 0 &&
    !state.finished &&
    !state.writing &&
    !state.errorEmitted &&
    !state.closeEmitted
  );
}
function callFinal(stream, state) {
  let called = false;
  const onFinal = (error) => {
    if (called) {
      errorOrDestroy(stream, error ?? multipleCallback());
      return;
    }
    called = true;
    state.pendingcb--;
    if (error) {
      for (const callback of state[kOnFinished].splice(0)) callback(error);
      errorOrDestroy(stream, error, state.sync);
    } else if (needFinish(state)) {
      state.prefinished = true;
      stream.emit('prefinish');
      state.pendingcb++;
      later(finish, stream, state);
    }
  };
  state.sync = true;
  state.pendingcb++;
  try {
    stream._final(onFinal);
  } catch (error) {
    onFinal(error);
  }
  state.sync = false;
}
function prefinish(stream, state) {
  if (!state.prefinished && !state.finalCalled) {
    if (typeof stream._final === 'function' && !state.destroyed) {
      state.finalCalled = true;
      callFinal(stream, state);
    } else {
      state.prefinished = true;
      stream.emit('prefinish');
    }
  }
}
function finishMaybe(stream, state, sync) {
  if (!needFinish(state)) return;
  prefinish(stream, state);
  if (state.pendingcb !== 0) return;
  if (sync) {
    state.pendingcb++;
    later(() => {
      if (needFinish(state)) finish(stream, state);
      else state.pendingcb--;
    });
  } else if (needFinish(state)) {
    state.pendingcb++;
    finish(stream, state);
  }
}
function finish(stream, state) {
  state.pendingcb--;
  state.finished = true;
  for (const callback of state[kOnFinished].splice(0)) callback(null);
  stream.emit('finish');
  if (state.autoDestroy) {
    // The stream is destroyed once its other half is done too.
    const r = stream._readableState;
    if (!r || (r.autoDestroy && (r.endEmitted || r.readable === false))) stream.destroy();
  }
}

const writableMethods = {
  _write(chunk, encoding, callback) {
    if (this._writev) this._writev([{ chunk, encoding }], callback);
    else throw notImplemented('_write()');
  },
  _writev: null,
  _destroy: defaultDestroy,
  _undestroy: undestroy,
  write(chunk, encoding, callback) {
    return writeChunk(this, chunk, encoding, callback) === true;
  },
  cork() {
    this._writableState.corked++;
  },
  uncork() {
    const state = this._writableState;
    if (state.corked) {
      state.corked--;
      if (!state.writing) clearBuffer(this, state);
    }
  },
  setDefaultEncoding(encoding) {
    if (typeof encoding === 'string') encoding = encoding.toLowerCase();
    if (!Buffer.isEncoding(encoding)) throw unknownEncoding(encoding);
    this._writableState.defaultEncoding = encoding;
    return this;
  },
  end(chunk, encoding, callback) {
    const state = this._writableState;
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = null;
      encoding = null;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = null;
    }
    let error;
    if (chunk !== null && chunk !== undefined) {
      const ret = writeChunk(this, chunk, encoding);
      if (ret instanceof Error) error = ret;
    }
    if (state.corked) {
      state.corked = 1;
      this.uncork();
    }
    if (error) {
      // The write's own error is reported by the write.
    } else if (!state.errored && !state.ending) {
      state.ending = true;
      finishMaybe(this, state, true);
      state.ended = true;
    } else if (state.finished)
      error = coded(Error, 'ERR_STREAM_ALREADY_FINISHED', 'Cannot call end after a stream was finished');
    else if (state.destroyed) error = destroyedError('end');
    if (typeof callback === 'function') {
      if (error) later(callback, error);
      else if (state.finished) later(callback, null);
      else state[kOnFinished].push(callback);
    }
    return this;
  },
  destroy(error, callback) {
    const state = this._writableState;
    // Buffered writes and end callbacks fail on the next tick.
    if (!state.destroyed && (state.bufferedIndex < state.buffered.length || state[kOnFinished].length))
      later(errorBuffer, state);
    destroy.call(this, error, callback);
    return this;
  },
};
Object.assign(Writable.prototype, writableMethods);
// A Writable has nothing to read: piping it fails it.
Writable.prototype.pipe = function pipe() {
  errorOrDestroy(this, coded(Error, 'ERR_STREAM_CANNOT_PIPE', 'Cannot pipe, not readable'));
};
const writableAccessors = [
  [
    'closed',
    function get() {
      return this._writableState ? this._writableState.closed : false;
    },
  ],
  [
    'destroyed',
    function get() {
      return this._writableState ? this._writableState.destroyed : false;
    },
    function set(value) {
      if (this._writableState) this._writableState.destroyed = value;
    },
  ],
  [
    'writable',
    function get() {
      const w = this._writableState;
      return !!w && w.writable !== false && !w.destroyed && !w.errored && !w.ending && !w.ended;
    },
    function set(value) {
      if (this._writableState) this._writableState.writable = !!value;
    },
  ],
  [
    'writableFinished',
    function get() {
      return this._writableState ? this._writableState.finished : false;
    },
  ],
  [
    'writableObjectMode',
    function get() {
      return this._writableState ? this._writableState.objectMode : false;
    },
  ],
  [
    'writableBuffer',
    function get() {
      return this._writableState?.getBuffer();
    },
  ],
  [
    'writableEnded',
    function get() {
      return this._writableState ? this._writableState.ending : false;
    },
  ],
  [
    'writableNeedDrain',
    function get() {
      const w = this._writableState;
      if (!w) return false;
      return !w.destroyed && !w.ending && w.needDrain;
    },
  ],
  [
    'writableHighWaterMark',
    function get() {
      return this._writableState?.highWaterMark;
    },
  ],
  [
    'writableCorked',
    function get() {
      return this._writableState ? this._writableState.corked : 0;
    },
  ],
  [
    'writableLength',
    function get() {
      return this._writableState?.length;
    },
  ],
  [
    'errored',
    function get() {
      return this._writableState ? this._writableState.errored : null;
    },
  ],
  [
    'writableAborted',
    function get() {
      const w = this._writableState;
      return !!(w.writable !== false && (w.destroyed || w.errored) && !w.finished);
    },
  ],
  [
    '_w',
    function get() {
      return this._writableState;
    },
  ],
];
accessors(Writable.prototype, writableAccessors);

// ---- Duplex, Transform, PassThrough ----
function Duplex(options) {
  if (!(this instanceof Duplex)) return new Duplex(options);
  presetEvents(this, DUPLEX_EVENTS);
  this._readableState = new ReadableState(options, this, true);
  this._writableState = new WritableState(options, this, true);
  if (options) {
    this.allowHalfOpen = options.allowHalfOpen !== false;
    if (options.readable === false) {
      this._readableState.readable = false;
      this._readableState.ended = true;
      this._readableState.endEmitted = true;
    }
    if (options.writable === false) {
      this._writableState.writable = false;
      this._writableState.ending = true;
      this._writableState.ended = true;
      this._writableState.finished = true;
    }
    if (typeof options.read === 'function') this._read = options.read;
    if (typeof options.write === 'function') this._write = options.write;
    if (typeof options.writev === 'function') this._writev = options.writev;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    if (typeof options.final === 'function') this._final = options.final;
    if (typeof options.construct === 'function') this._construct = options.construct;
    if (options.signal) addAbortSignal(options.signal, this);
  } else this.allowHalfOpen = true;
  Stream.call(this, options);
  construct(this, () => {
    if (this._readableState.needReadable) maybeReadMore(this, this._readableState);
  });
  construct(this, () => afterConstructWritable(this));
}
inherit(Duplex, Readable);
for (const name of Object.keys(writableMethods))
  if (name !== '_destroy') Duplex.prototype[name] = writableMethods[name];
accessors(
  Duplex.prototype,
  writableAccessors
    .map(([name, get, set]) => {
      // The lifecycle of a Duplex is both halves'.
      if (name === 'destroyed')
        return [
          name,
          function getDestroyed() {
            const r = this._readableState;
            const w = this._writableState;
            if (r === undefined || w === undefined) return false;
            return r.destroyed && w.destroyed;
          },
          function setDestroyed(value) {
            if (this._readableState && this._writableState) {
              this._readableState.destroyed = value;
              this._writableState.destroyed = value;
            }
          },
        ];
      if (name === 'closed' || name === 'errored') return null;
      return [name, get, set];
    })
    .filter(Boolean),
);

function Transform(options) {
  if (!(this instanceof Transform)) return new Transform(options);
  // A readable side of high-water mark 0 would never ask for data.
  const readableHighWaterMark = options
    ? highWaterMarkOf(options, !!(options.objectMode || options.readableObjectMode), 'readableHighWaterMark', true)
    : null;
  if (readableHighWaterMark === 0)
    options = {
      ...options,
      highWaterMark: null,
      readableHighWaterMark,
      writableHighWaterMark: options.writableHighWaterMark || 0,
    };
  Duplex.call(this, options);
  // Pushes from `_transform` reach a flowing consumer at once.
  this._readableState.sync = false;
  this[kCallback] = null;
  if (options) {
    if (typeof options.transform === 'function') this._transform = options.transform;
    if (typeof options.flush === 'function') this._flush = options.flush;
  }
  this.on('prefinish', transformPrefinish);
}
inherit(Transform, Duplex);
function transformFinal(callback) {
  if (typeof this._flush === 'function' && !this.destroyed) {
    this._flush((error, data) => {
      if (error) {
        if (callback) callback(error);
        else this.destroy(error);
        return;
      }
      if (data != null) this.push(data);
      this.push(null);
      if (callback) callback();
    });
  } else {
    this.push(null);
    if (callback) callback();
  }
}
function transformPrefinish() {
  if (this._final !== transformFinal) transformFinal.call(this);
}
Object.assign(Transform.prototype, {
  _final: transformFinal,
  _transform() {
    throw notImplemented('_transform()');
  },
  _write(chunk, encoding, callback) {
    const r = this._readableState;
    const w = this._writableState;
    const length = r.length;
    this._transform(chunk, encoding, (error, value) => {
      if (error) {
        callback(error);
        return;
      }
      if (value != null) this.push(value);
      if (r.ended) later(callback);
      else if (w.ended || length === r.length || r.length < r.highWaterMark) callback();
      else this[kCallback] = callback;
    });
  },
  _read() {
    if (this[kCallback]) {
      const callback = this[kCallback];
      this[kCallback] = null;
      callback();
    }
  },
});

function PassThrough(options) {
  if (!(this instanceof PassThrough)) return new PassThrough(options);
  Transform.call(this, options);
}
inherit(PassThrough, Transform);
PassThrough.prototype._transform = function _transform(chunk, _encoding, callback) {
  callback(null, chunk);
};

function abortError(cause) {
  const error = new Error('The operation was aborted', cause === undefined ? undefined : { cause });
  error.name = 'AbortError';
  error.code = 'ABORT_ERR';
  return error;
}

// ---- the state of any stream, as Node's helpers read it ----
function isReadableNodeStream(obj, strict = false) {
  return !!(
    obj &&
    typeof obj.pipe === 'function' &&
    typeof obj.on === 'function' &&
    (!strict || (typeof obj.pause === 'function' && typeof obj.resume === 'function')) &&
    (!obj._writableState || obj._readableState?.readable !== false) &&
    (!obj._writableState || obj._readableState)
  );
}
function isWritableNodeStream(obj) {
  return !!(
    obj &&
    typeof obj.write === 'function' &&
    typeof obj.on === 'function' &&
    (!obj._readableState || obj._writableState?.writable !== false)
  );
}
function isNodeStream(obj) {
  return !!(
    obj &&
    (obj._readableState ||
      obj._writableState ||
      (typeof obj.write === 'function' && typeof obj.on === 'function') ||
      (typeof obj.pipe === 'function' && typeof obj.on === 'function'))
  );
}
function isDestroyed(stream) {
  if (!isNodeStream(stream)) return null;
  const state = stream._writableState || stream._readableState;
  return !!(stream.destroyed || state?.destroyed);
}
function isWritableEnded(stream) {
  if (!isWritableNodeStream(stream)) return null;
  if (stream.writableEnded === true) return true;
  const w = stream._writableState;
  if (w?.errored) return false;
  if (typeof w?.ended !== 'boolean') return null;
  return w.ended;
}
function isWritableFinished(stream, strict) {
  if (!isWritableNodeStream(stream)) return null;
  if (stream.writableFinished === true) return true;
  const w = stream._writableState;
  if (w?.errored) return false;
  if (typeof w?.finished !== 'boolean') return null;
  return !!(w.finished || (strict === false && w.ended === true && w.length === 0));
}
function isReadableFinished(stream, strict) {
  if (!isReadableNodeStream(stream)) return null;
  const r = stream._readableState;
  if (r?.errored) return false;
  if (typeof r?.endEmitted !== 'boolean') return null;
  return !!(r.endEmitted || (strict === false && r.ended === true && r.length === 0));
}
function isReadable(stream) {
  if (typeof stream?.readable !== 'boolean') return null;
  if (isDestroyed(stream)) return false;
  return isReadableNodeStream(stream) && stream.readable && !isReadableFinished(stream);
}
function isWritable(stream) {
  if (typeof stream?.writable !== 'boolean') return null;
  if (isDestroyed(stream)) return false;
  return isWritableNodeStream(stream) && stream.writable && !isWritableEnded(stream);
}
function isClosed(stream) {
  if (!isNodeStream(stream)) return null;
  const w = stream._writableState;
  const r = stream._readableState;
  if (typeof w?.closed === 'boolean' || typeof r?.closed === 'boolean') return w?.closed || r?.closed;
  return null;
}
function willEmitClose(stream) {
  if (!isNodeStream(stream)) return null;
  const state = stream._writableState || stream._readableState;
  return !!(state && state.autoDestroy && state.emitClose && state.closed === false);
}
function erroredOf(stream) {
  return stream._writableState?.errored || stream._readableState?.errored || null;
}
function isErrored(stream) {
  return !!(
    stream &&
    (stream._readableState?.errorEmitted ||
      stream._writableState?.errorEmitted ||
      stream._readableState?.errored ||
      stream._writableState?.errored)
  );
}
// Read from, or destroyed before its end.
function isDisturbed(stream) {
  return !!(stream && (stream.readableDidRead || stream.readableAborted));
}

// ---- finished ----
// Calls `callback` once, when `stream` ended (readable side), finished
// (writable side), failed or closed early; returns a function that removes
// the listeners.
function finished(stream, ...rest) {
  let [options, callback] = rest;
  if (rest.length === 1) {
    callback = options;
    options = {};
  } else if (options == null) options = {};
  else if (typeof options !== 'object') throw invalidArg('options', 'of type object', options);
  if (typeof callback !== 'function') throw invalidArg('callback', 'of type function', callback);
  // As Node checks a signal: any object with `aborted`.
  const { signal } = options;
  if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal)))
    throw invalidArg('options.signal', 'an instance of AbortSignal', signal);
  if (!isNodeStream(stream))
    throw invalidArg('stream', 'an instance of ReadableStream, WritableStream, or Stream', stream);
  let done = false;
  let call = (error) => {
    if (done) return;
    done = true;
    callback.call(stream, error);
  };
  const readable = options.readable ?? isReadableNodeStream(stream);
  const writable = options.writable ?? isWritableNodeStream(stream);
  const w = stream._writableState;
  const r = stream._readableState;
  const onlegacyfinish = () => {
    if (!stream.writable) onfinish();
  };
  let closeWillCome =
    willEmitClose(stream) && isReadableNodeStream(stream) === readable && isWritableNodeStream(stream) === writable;
  let writableFinished = isWritableFinished(stream, false);
  const onfinish = () => {
    writableFinished = true;
    if (stream.destroyed) closeWillCome = false;
    if (closeWillCome && (!stream.readable || readable)) return;
    if (!readable || readableFinished) call();
  };
  let readableFinished = isReadableFinished(stream, false);
  const onend = () => {
    readableFinished = true;
    if (stream.destroyed) closeWillCome = false;
    if (closeWillCome && (!stream.writable || writable)) return;
    if (!writable || writableFinished) call();
  };
  const onerror = (error) => call(error);
  let closed = isClosed(stream);
  const onclose = () => {
    closed = true;
    const errored = erroredOf(stream);
    if (errored && typeof errored !== 'boolean') return call(errored);
    if (readable && !readableFinished && isReadableNodeStream(stream, true) && !isReadableFinished(stream, false))
      return call(coded(Error, 'ERR_STREAM_PREMATURE_CLOSE', 'Premature close'));
    if (writable && !writableFinished && !isWritableFinished(stream, false))
      return call(coded(Error, 'ERR_STREAM_PREMATURE_CLOSE', 'Premature close'));
    call();
  };
  const onclosed = () => {
    closed = true;
    const errored = erroredOf(stream);
    if (errored && typeof errored !== 'boolean') return call(errored);
    call();
  };
  if (writable && !w) {
    stream.on('end', onlegacyfinish);
    stream.on('close', onlegacyfinish);
  }
  if (!closeWillCome && typeof stream.aborted === 'boolean') stream.on('aborted', onclose);
  stream.on('end', onend);
  stream.on('finish', onfinish);
  if (options.error !== false) stream.on('error', onerror);
  stream.on('close', onclose);
  if (closed) later(onclose);
  else if (w?.errorEmitted || r?.errorEmitted) {
    if (!closeWillCome) later(onclosed);
  } else if (!readable && (!closeWillCome || isReadable(stream)) && (writableFinished || isWritable(stream) === false))
    later(onclosed);
  else if (!writable && (!closeWillCome || isWritable(stream)) && (readableFinished || isReadable(stream) === false))
    later(onclosed);
  const cleanup = () => {
    call = nop;
    stream.removeListener('aborted', onclose);
    stream.removeListener('end', onlegacyfinish);
    stream.removeListener('close', onlegacyfinish);
    stream.removeListener('end', onend);
    stream.removeListener('finish', onfinish);
    stream.removeListener('error', onerror);
    stream.removeListener('close', onclose);
  };
  if (signal && !closed) {
    const abort = () => {
      const original = call;
      cleanup();
      original.call(stream, abortError(signal.reason));
    };
    if (signal.aborted) later(abort);
    else {
      signal.addEventListener('abort', abort, { once: true });
      const original = call;
      call = (error) => {
        signal.removeEventListener('abort', abort);
        original(error);
      };
    }
  }
  return cleanup;
}
// `pipeline` and `compose` take functions and iterables as stages too, so
// they live in a unit of their own.
function pipeline(...args) {
  return need('node/internal/streams/pipeline').pipeline(...args);
}

// ---- addAbortSignal, duplexPair ----
function addAbortSignal(signal, stream) {
  if (!isAbortSignal(signal)) throw invalidArg('signal', 'of type AbortSignal', signal);
  const web = stream instanceof ReadableStream || stream instanceof WritableStream;
  if (!web && !isNodeStream(stream))
    throw invalidArg('stream', 'an instance of ReadableStream, WritableStream, or Stream', stream);
  // An aborted signal destroys the stream at once, as in Node.
  const abort = () => {
    const error = abortError(signal.reason);
    if (web) stream._controller.error(error);
    else stream.destroy(error);
  };
  if (signal.aborted) abort();
  else {
    signal.addEventListener('abort', abort, { once: true });
    if (!web) finished(stream, () => signal.removeEventListener('abort', abort));
  }
  return stream;
}
function isAbortSignal(value) {
  return value !== null && typeof value === 'object' && typeof value.aborted === 'boolean' && 'reason' in value;
}

// Two Duplexes joined crosswise: what one side writes, the other reads.
function DuplexSide(options) {
  Duplex.call(this, options);
  this._other = null;
  this._pendingWrite = null;
}
inherit(DuplexSide, Duplex);
Object.assign(DuplexSide.prototype, {
  _read() {
    const pending = this._pendingWrite;
    if (pending) {
      this._pendingWrite = null;
      pending();
    }
  },
  _write(chunk, _encoding, callback) {
    if (chunk.length === 0) later(callback);
    else if (this._other.push(chunk)) callback();
    else this._other._pendingWrite = callback;
  },
  _final(callback) {
    this._other.push(null);
    callback();
  },
});
function duplexPair(options) {
  const a = new DuplexSide(options);
  const b = new DuplexSide(options);
  a._other = b;
  b._other = a;
  return [a, b];
}

const promises = {
  // `cleanup: true` removes the listeners once it settles; a truthy
  // `cleanup` that is not a boolean is refused, as in Node and Bun.
  finished: (stream, options) => {
    if (options?.cleanup && typeof options.cleanup !== 'boolean')
      throw invalidArg('cleanup', 'of type boolean', options.cleanup);
    const autoCleanup = options?.cleanup === true;
    return new Promise((resolve, reject) => {
      const cleanup = finished(stream, options, (error) => {
        if (autoCleanup) cleanup();
        if (error) reject(error);
        else resolve();
      });
    });
  },
  pipeline: (...streams) => need('node/internal/streams/pipeline').pipelinePromise(...streams),
};

Object.assign(Stream, {
  Stream,
  Readable,
  Writable,
  Duplex,
  Transform,
  PassThrough,
  finished,
  pipeline,
  promises,
  eos: finished,
  compose: (...streams) => need('node/internal/streams/pipeline').compose(...streams),
  addAbortSignal,
  destroy: destroyStream,
  duplexPair,
  isDestroyed,
  isReadable,
  isWritable,
  isErrored,
  isDisturbed,
  getDefaultHighWaterMark,
  setDefaultHighWaterMark,
});
Readable.isDisturbed = isDisturbed;
// `util.promisify(stream.pipeline)` is `stream/promises`' pipeline, as in Node.
const promisifyCustom = Symbol.for('nodejs.util.promisify.custom');
Object.defineProperty(pipeline, promisifyCustom, { value: promises.pipeline, enumerable: true, configurable: true });
Object.defineProperty(finished, promisifyCustom, { value: promises.finished, enumerable: true, configurable: true });

// The iterator helpers and the Web stream adapters are units of their own,
// loaded when first called.
for (const name of [
  'map',
  'filter',
  'forEach',
  'toArray',
  'some',
  'find',
  'every',
  'flatMap',
  'drop',
  'take',
  'reduce',
])
  Object.defineProperty(Readable.prototype, name, {
    value: function operator(...args) {
      return need('node/internal/streams/operators')[name].apply(this, args);
    },
    writable: true,
    configurable: true,
  });
Readable.prototype.compose = function compose(stream, options) {
  return need('node/internal/streams/pipeline').composeWith(this, stream, options);
};
for (const [Class, name] of [
  [Readable, 'readable'],
  [Writable, 'writable'],
  [Duplex, 'duplex'],
])
  for (const way of ['toWeb', 'fromWeb'])
    Class[way] = (...args) => need('node/internal/webstreams/adapters')[name][way](...args);

// What the other stream units share with this one.
const internal = {
  coded,
  invalidArg,
  received,
  abortError,
  inherit,
  later,
  isNodeStream,
  isAbortSignal,
  errorOrDestroy,
  destroyStream,
  isReadableNodeStream,
  isWritableNodeStream,
};

return { Stream, promises, Readable, Writable, Duplex, Transform, PassThrough, internal };
