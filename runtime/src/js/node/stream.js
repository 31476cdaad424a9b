// ---- node/stream.js: node:stream and node:stream/promises -----------------------
// Node's stream classes, kept small: the events, callbacks and ordering that
// packages rely on (`data`/`end`/`finish`/`close`/`error`/`drain`, `pipe`
// with back-pressure, `_read`/`_write`/`_final`/`_transform`/`_flush`),
// without Node's internal state machine. The classes are functions, not
// `class`es, because CommonJS packages still subclass them with
// `Readable.call(this)` and `util.inherits`. Methods whose closures nest
// name the stream `stream` rather than `this`: under boa 0.22, `this` was
// undefined in the arrow that `_next` schedules when a write's callback came
// from a timer (a small repro of the trigger was not found).
const { EventEmitter } = need('node/events');
// Buffer is the costliest unit to load (a few ms) and a stream of strings or
// objects (cheerio's) never needs it.
const Buffer = {
  from: (...args) => need('internal/buffer').Buffer.from(...args),
  isBuffer: (value) => need('internal/buffer').Buffer.isBuffer(value),
  concat: (chunks) => need('internal/buffer').Buffer.concat(chunks),
};

// A step the stream takes on its own, after the caller's turn: what an
// event listener it emits to throws is uncaught, as from Node's event loop.
const { deliver } = need('internal/uncaught');
const later = (fn, ...args) => queueMicrotask(() => deliver(fn, ...args));

function coded(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  return error;
}
// How Node's argument errors end: `Received type number (5)`, `Received an
// instance of Object`, `Received undefined`.
function received(value) {
  if (value === null || value === undefined) return `Received ${value}`;
  if (typeof value === 'function') return `Received function ${value.name}`;
  if (typeof value === 'object') return `Received an instance of ${value.constructor?.name ?? 'Object'}`;
  let shown = typeof value === 'string' ? value : String(value);
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return `Received type ${typeof value} (${typeof value === 'string' ? `'${shown}'` : shown})`;
}
function invalidArg(name, expected, value) {
  const what = name.includes('.') ? 'property' : 'argument';
  return coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" ${what} must be ${expected}. ${received(value)}`);
}

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

// `Child` inherits from `Parent` as `util.inherits` and `class extends` do.
function inherit(Child, Parent) {
  Child.prototype = Object.create(Parent.prototype, {
    constructor: { value: Child, writable: true, configurable: true },
  });
  Object.setPrototypeOf(Child, Parent);
}

// The legacy base class (`require('stream')` is this function).
function Stream(options) {
  if (!(this instanceof Stream)) return new Stream(options);
  EventEmitter.init.call(this);
}
inherit(Stream, EventEmitter);
// Writes what `this` emits as `data` into `dest`, pausing `this` while
// `dest` is full; ends `dest` at `end` unless `{ end: false }`, and unpipes
// (`unpipe` on `dest`) once `dest` finished or closed.
Stream.prototype.pipe = function pipe(dest, options) {
  const onData = (chunk) => {
    if (dest.write(chunk) === false && typeof this.pause === 'function') this.pause();
  };
  const onDrain = () => {
    if (typeof this.resume === 'function') this.resume();
  };
  const onEnd = () => {
    if (!options || options.end !== false) dest.end();
  };
  const unpipe = () => {
    cleanup();
    this._pipes = this._pipes.filter((pipe) => pipe.dest !== dest);
    dest.emit('unpipe', this);
  };
  const cleanup = () => {
    this.off('data', onData);
    this.off('end', onEnd);
    dest.off('drain', onDrain);
    dest.off('finish', unpipe);
    dest.off('close', unpipe);
  };
  this._pipes = this._pipes || [];
  this._pipes.push({ dest, unpipe });
  this.on('data', onData);
  this.once('end', onEnd);
  dest.on('drain', onDrain);
  dest.once('finish', unpipe);
  dest.once('close', unpipe);
  dest.emit('pipe', this);
  return dest;
};

// Shared by both halves: destroy once, `_destroy`, then `error` and `close`.
function destroy(error, callback) {
  // biome-ignore lint/complexity/noUselessThisAlias: see the top of the file
  const stream = this;
  if (stream.destroyed) {
    if (typeof callback === 'function') later(callback, error);
    return this;
  }
  stream.destroyed = true;
  const done = (err) => {
    if (typeof callback === 'function') callback(err);
    later(() => {
      if (err) {
        stream._errored = err;
        stream.emit('error', err);
      }
      stream._closed = true;
      if (stream._emitClose !== false) stream.emit('close');
    });
  };
  stream._destroy(error || null, done);
  return this;
}
function defaultDestroy(error, callback) {
  callback(error);
}

// ---- Readable ----
function Readable(options) {
  if (!(this instanceof Readable)) return new Readable(options);
  Stream.call(this, options);
  initReadable(this, options || {});
}
function initReadable(stream, o) {
  stream._r = {
    buffer: [],
    flowing: null,
    ended: false,
    endEmitted: false,
    reading: false,
    scheduled: false,
    objectMode: !!(o.objectMode || o.readableObjectMode),
    highWaterMark:
      o.highWaterMark ?? o.readableHighWaterMark ?? getDefaultHighWaterMark(o.objectMode || o.readableObjectMode),
    decoder: null,
    encoding: null,
  };
  stream.readable = true;
  initEither(stream, o);
  if (typeof o.read === 'function') stream._read = o.read;
  if (o.encoding) stream.setEncoding(o.encoding);
}
// What both halves set up from their options.
function initEither(stream, o) {
  stream.destroyed = false;
  stream._autoDestroy = o.autoDestroy !== false;
  stream._emitClose = o.emitClose !== false;
  if (typeof o.destroy === 'function') stream._destroy = o.destroy;
  if (o.signal) abortWith(stream, o.signal);
}
inherit(Readable, Stream);
Object.assign(Readable.prototype, {
  _read() {
    throw coded(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The _read() method is not implemented');
  },
  _destroy: defaultDestroy,
  destroy,
  push(chunk, encoding) {
    const r = this._r;
    r.reading = false;
    if (chunk === null) {
      r.ended = true;
      if (r.decoder) {
        const rest = r.decoder.end();
        if (rest) r.buffer.push(rest);
      }
    } else if (r.ended) {
      this.destroy(coded(Error, 'ERR_STREAM_PUSH_AFTER_EOF', 'stream.push() after EOF'));
      return false;
    } else {
      let value = chunk;
      if (!r.objectMode) {
        if (typeof value === 'string') value = Buffer.from(value, encoding || 'utf8');
        else if (value instanceof Uint8Array && !Buffer.isBuffer(value))
          value = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        else if (!Buffer.isBuffer(value))
          throw coded(
            TypeError,
            'ERR_INVALID_ARG_TYPE',
            'The "chunk" argument must be of type string or an instance of Buffer or Uint8Array',
          );
        if (r.decoder) value = r.decoder.write(value);
        if (value.length === 0) return this.readableLength < r.highWaterMark;
      }
      // A Transform's output reaches a flowing consumer within the write
      // that made it, as in Node (whose Transform never pushes from a
      // synchronous `_read`): a PassThrough's 'data' comes during `write`.
      if (r.syncData && r.flowing && r.buffer.length === 0 && !this.destroyed && this.listenerCount('data') > 0) {
        this.emit('data', value);
        return this.readableLength < r.highWaterMark;
      }
      r.buffer.push(value);
    }
    this._schedule();
    return this.readableLength < r.highWaterMark;
  },
  unshift(chunk) {
    this._r.buffer.unshift(chunk);
    this._schedule();
  },
  read(n) {
    const r = this._r;
    r.pulled = true;
    let chunk = null;
    // As Node's `read()`: with nothing buffered, `_read` runs at once, and
    // what it pushes synchronously is what this call returns.
    if (r.buffer.length === 0 && !r.ended && !r.reading && !this.destroyed && n !== 0) {
      r.reading = true;
      try {
        this._read(r.highWaterMark);
      } catch (error) {
        this.destroy(error);
        return null;
      }
    }
    if (r.buffer.length > 0) {
      // Bun's `read()` gives one pushed chunk at a time (Node's joins them).
      if (r.objectMode || n === undefined) chunk = r.buffer.shift();
      else if (n >= this.readableLength) chunk = joined(r.buffer.splice(0), r.encoding);
      else if (n > 0) {
        const all = joined(r.buffer.splice(0), r.encoding);
        chunk = all.slice(0, n);
        r.buffer.push(all.slice(n));
      }
    }
    this._schedule();
    return chunk;
  },
  // Delivers what is buffered, asks `_read` for more, and emits `end` once
  // everything pushed before `push(null)` is consumed; always a microtask
  // later, as Node emits nothing synchronously from `push`.
  _schedule() {
    // biome-ignore lint/complexity/noUselessThisAlias: see the top of the file
    const stream = this;
    const r = stream._r;
    if (r.scheduled) return;
    r.scheduled = true;
    later(() => {
      r.scheduled = false;
      if (stream.destroyed) return;
      if (r.flowing) {
        while (r.flowing && r.buffer.length > 0 && !stream.destroyed) stream.emit('data', r.buffer.shift());
      } else if (r.buffer.length > 0 || (r.ended && !r.endEmitted)) {
        if (stream.listenerCount('readable') > 0) stream.emit('readable');
      }
      // Nothing is read, and `end` is not emitted, until someone consumes.
      const consumed = r.flowing || r.pulled || stream.listenerCount('readable') > 0;
      if (!consumed) return;
      if (r.ended && r.buffer.length === 0 && !r.endEmitted) {
        r.endEmitted = true;
        stream.readable = false;
        stream.emit('end');
        if (stream._autoDestroy && (!stream._w || stream._w.finished)) stream.destroy();
        return;
      }
      if (!r.ended && !r.reading && stream.readableLength < r.highWaterMark && (r.flowing || r.buffer.length === 0)) {
        r.reading = true;
        try {
          stream._read(r.highWaterMark);
        } catch (error) {
          stream.destroy(error);
        }
      }
    });
  },
  on(name, fn) {
    EventEmitter.prototype.on.call(this, name, fn);
    if (name === 'data' && this._r.flowing !== false) this.resume();
    else if (name === 'readable' || name === 'end') this._schedule();
    return this;
  },
  pause() {
    this._r.flowing = false;
    this.emit('pause');
    return this;
  },
  resume() {
    if (!this._r.flowing) {
      this._r.flowing = true;
      this.emit('resume');
    }
    this._schedule();
    return this;
  },
  isPaused() {
    return this._r.flowing === false;
  },
  setEncoding(encoding) {
    const { StringDecoder } = need('node/string_decoder').module;
    this._r.decoder = new StringDecoder(encoding);
    this._r.encoding = this._r.decoder.encoding;
    return this;
  },
  pipe(dest, options) {
    Stream.prototype.pipe.call(this, dest, options);
    this.resume();
    return dest;
  },
  unpipe(dest) {
    for (const pipe of this._pipes || []) if (dest === undefined || pipe.dest === dest) pipe.unpipe();
    if ((this._pipes || []).length === 0) this.pause();
    return this;
  },
  [Symbol.asyncIterator]() {
    return iterate(this);
  },
});
Readable.prototype.addListener = Readable.prototype.on;
// Read-only views of a half's state: property name -> field of `_r` or `_w`.
function stateGetters(proto, half, fields) {
  for (const [name, field] of Object.entries(fields))
    Object.defineProperty(proto, name, {
      get() {
        return this[half][field];
      },
      configurable: true,
    });
}
const readableFields = {
  readableEnded: 'endEmitted',
  readableFlowing: 'flowing',
  readableObjectMode: 'objectMode',
  readableHighWaterMark: 'highWaterMark',
  readableEncoding: 'encoding',
};
stateGetters(Readable.prototype, '_r', readableFields);
Object.defineProperty(Readable.prototype, 'readableLength', {
  get() {
    return this._r.buffer.reduce((n, c) => n + (this._r.objectMode ? 1 : c.length), 0);
  },
  configurable: true,
});

function joined(chunks, encoding) {
  return encoding ? chunks.join('') : Buffer.concat(chunks);
}

async function* iterate(stream) {
  const chunks = [];
  let wake = null;
  let failure = null;
  let done = false;
  const signal = () => {
    if (wake) wake();
    wake = null;
  };
  stream.on('data', (chunk) => {
    chunks.push(chunk);
    signal();
  });
  stream.on('end', () => {
    done = true;
    signal();
  });
  stream.on('error', (error) => {
    failure = error;
    signal();
  });
  stream.on('close', () => {
    done = true;
    signal();
  });
  try {
    for (;;) {
      if (chunks.length > 0) yield chunks.shift();
      else if (failure) throw failure;
      else if (done) return;
      else await new Promise((resolve) => (wake = resolve));
    }
  } finally {
    if (!stream._r.endEmitted) stream.destroy();
  }
}

Readable.from = function from(iterable, options) {
  // A string or a Buffer is one chunk; any other typed array is iterated.
  if (typeof iterable === 'string' || (iterable instanceof Uint8Array && Buffer.isBuffer(iterable)))
    return new Readable({
      objectMode: true,
      ...options,
      read() {
        this.push(iterable);
        this.push(null);
      },
    });
  const iterator = iterable?.[Symbol.asyncIterator]
    ? iterable[Symbol.asyncIterator]()
    : iterable?.[Symbol.iterator]
      ? iterable[Symbol.iterator]()
      : null;
  if (!iterator) throw invalidArg('iterable', 'an instance of Iterable', iterable);
  return new Readable({
    objectMode: true,
    highWaterMark: 1,
    ...options,
    read() {
      // biome-ignore lint/complexity/noUselessThisAlias: see the top of the file
      const stream = this;
      Promise.resolve(iterator.next()).then(
        ({ value, done }) => {
          if (done) stream.push(null);
          else if (value === null)
            stream.destroy(coded(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream'));
          else
            Promise.resolve(value).then(
              (v) => stream.push(v),
              (e) => stream.destroy(e),
            );
        },
        (error) => stream.destroy(error),
      );
    },
    destroy(error, callback) {
      if (typeof iterator.return === 'function')
        Promise.resolve(iterator.return()).then(() => callback(error), callback);
      else callback(error);
    },
  });
};

// ---- Writable ----
function Writable(options) {
  if (!(this instanceof Writable) && !(this instanceof Duplex)) return new Writable(options);
  Stream.call(this, options);
  initWritable(this, options || {});
}
function initWritable(stream, o) {
  stream._w = {
    queue: [],
    writing: false,
    ending: false,
    finished: false,
    needDrain: false,
    length: 0,
    objectMode: !!(o.objectMode || o.writableObjectMode),
    decodeStrings: o.decodeStrings !== false,
    defaultEncoding: o.defaultEncoding || 'utf8',
    highWaterMark:
      o.highWaterMark ?? o.writableHighWaterMark ?? getDefaultHighWaterMark(o.objectMode || o.writableObjectMode),
    corked: 0,
    endCallbacks: [],
  };
  stream.writable = true;
  initEither(stream, o);
  if (typeof o.write === 'function') stream._write = o.write;
  if (typeof o.writev === 'function') stream._writev = o.writev;
  if (typeof o.final === 'function') stream._final = o.final;
}
inherit(Writable, Stream);
const writableMethods = {
  _write(chunk, encoding, callback) {
    if (this._writev !== Writable.prototype._writev) this._writev([{ chunk, encoding }], callback);
    else throw coded(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The _write() method is not implemented');
  },
  _writev: null,
  _destroy: defaultDestroy,
  destroy,
  write(chunk, encoding, callback) {
    const w = this._w;
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    const cb = typeof callback === 'function' ? callback : () => {};
    let error = null;
    if (chunk === null) error = coded(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream');
    else if (w.ending) error = coded(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
    else if (this.destroyed)
      error = coded(Error, 'ERR_STREAM_DESTROYED', 'Cannot call write after a stream was destroyed');
    if (error) {
      later(cb, error);
      if (error.code !== 'ERR_STREAM_DESTROYED') this.destroy(error);
      return false;
    }
    let value = chunk;
    let enc = encoding || w.defaultEncoding;
    if (!w.objectMode) {
      if (typeof value === 'string') {
        if (w.decodeStrings) {
          value = Buffer.from(value, enc);
          enc = 'buffer';
        }
      } else if (value instanceof Uint8Array) {
        if (!Buffer.isBuffer(value)) value = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        enc = 'buffer';
      } else {
        const failure = coded(
          TypeError,
          'ERR_INVALID_ARG_TYPE',
          'The "chunk" argument must be of type string or an instance of Buffer, TypedArray, or DataView',
        );
        later(cb, failure);
        throw failure;
      }
    }
    w.length += w.objectMode ? 1 : value.length;
    const below = w.length < w.highWaterMark;
    if (!below) w.needDrain = true;
    w.queue.push({ chunk: value, encoding: enc, callback: cb });
    if (!w.writing && w.corked === 0) this._next();
    return below;
  },
  // Hands the next queued chunk to `_write`; when the queue empties, emits
  // `drain` if a write returned false, and finishes if `end` was called.
  _next() {
    // biome-ignore lint/complexity/noUselessThisAlias: see the top of the file
    const stream = this;
    const w = stream._w;
    if (stream.destroyed) return;
    const entry = w.queue.shift();
    if (!entry) {
      // `drain` and `finish` come after the callbacks of the writes before.
      if (w.callbacksDue > 0) return;
      // Node emits no `drain` once `end` was called.
      if (w.needDrain && !w.ending) {
        w.needDrain = false;
        stream.emit('drain');
      }
      if (w.ending) stream._finish();
      return;
    }
    w.writing = true;
    let sync = true;
    const done = (error) => {
      if (sync && !error) {
        // Done at once: the next write goes to `_write` at once too (as in
        // Node); only the callback, and what comes when the queue empties,
        // wait for a microtask.
        w.writing = false;
        w.length -= w.objectMode ? 1 : entry.chunk.length;
        w.callbacksDue = (w.callbacksDue || 0) + 1;
        later(() => {
          w.callbacksDue--;
          entry.callback(null);
          if (!w.writing) stream._next();
        });
        return;
      }
      const step = () => {
        w.writing = false;
        w.length -= w.objectMode ? 1 : entry.chunk.length;
        if (error) {
          entry.callback(error);
          stream.destroy(error);
          return;
        }
        entry.callback(null);
        stream._next();
      };
      if (sync) later(step);
      else step();
    };
    try {
      stream._write(entry.chunk, entry.encoding, done);
    } catch (error) {
      done(error);
    }
    sync = false;
  },
  _finish() {
    // biome-ignore lint/complexity/noUselessThisAlias: see the top of the file
    const stream = this;
    const w = stream._w;
    if (w.finishing) return;
    w.finishing = true;
    const finish = (error) => {
      if (error) {
        for (const cb of w.endCallbacks) cb(error);
        stream.destroy(error);
        return;
      }
      w.finished = true;
      stream.writable = false;
      later(() => {
        for (const cb of w.endCallbacks) cb(null);
        stream.emit('finish');
        if (stream._autoDestroy && (!stream._r || stream._r.endEmitted || stream.readable === false)) stream.destroy();
      });
    };
    if (typeof stream._final === 'function') {
      try {
        stream._final(finish);
      } catch (error) {
        finish(error);
      }
    } else finish(null);
  },
  end(chunk, encoding, callback) {
    const w = this._w;
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    else if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    if (typeof callback === 'function') {
      if (w.finished) later(callback, null);
      else w.endCallbacks.push(callback);
    }
    if (w.ending) return this;
    w.ending = true;
    w.corked = 0;
    if (!w.writing) this._next();
    return this;
  },
  cork() {
    this._w.corked++;
  },
  uncork() {
    if (this._w.corked > 0 && --this._w.corked === 0 && !this._w.writing) this._next();
  },
  setDefaultEncoding(encoding) {
    this._w.defaultEncoding = encoding;
    return this;
  },
};
Object.assign(Writable.prototype, writableMethods);
const writableFields = {
  writableLength: 'length',
  writableEnded: 'ending',
  writableFinished: 'finished',
  writableObjectMode: 'objectMode',
  writableHighWaterMark: 'highWaterMark',
  writableNeedDrain: 'needDrain',
  writableCorked: 'corked',
};
stateGetters(Writable.prototype, '_w', writableFields);
// A Duplex is a Writable too, as in Node, though it inherits from Readable.
Object.defineProperty(Writable, Symbol.hasInstance, {
  value(object) {
    if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
    return this === Writable && object !== null && typeof object === 'object' && object._w !== undefined;
  },
});

// ---- Duplex, Transform, PassThrough ----
function Duplex(options) {
  if (!(this instanceof Duplex)) return new Duplex(options);
  const o = options || {};
  Readable.call(this, o);
  initWritable(this, o);
  this.allowHalfOpen = o.allowHalfOpen !== false;
  if (o.readable === false) this.readable = false;
  if (o.writable === false) this.writable = false;
  if (!this.allowHalfOpen)
    this.once('end', () => {
      if (!this._w.ending) this.end();
    });
}
inherit(Duplex, Readable);
Object.assign(Duplex.prototype, writableMethods, { destroy });
stateGetters(Duplex.prototype, '_w', writableFields);
need('node/internal/streams/state').defineStates(Readable, Writable, Duplex);

function Transform(options) {
  if (!(this instanceof Transform)) return new Transform(options);
  const o = options || {};
  Duplex.call(this, o);
  this._r.syncData = true;
  if (typeof o.transform === 'function') this._transform = o.transform;
  if (typeof o.flush === 'function') this._flush = o.flush;
}
inherit(Transform, Duplex);
Object.assign(Transform.prototype, {
  _transform() {
    throw coded(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The _transform() method is not implemented');
  },
  _write(chunk, encoding, callback) {
    this._transform(chunk, encoding, (error, data) => {
      if (error) return callback(error);
      if (data !== undefined && data !== null) this.push(data);
      callback();
    });
  },
  _final(callback) {
    const end = (error, data) => {
      if (error) return callback(error);
      if (data !== undefined && data !== null) this.push(data);
      this.push(null);
      callback();
    };
    if (typeof this._flush === 'function') this._flush(end);
    else end();
  },
  // Transformed data is pushed from `_write`; reading only lets it flow.
  _read() {},
});

function PassThrough(options) {
  if (!(this instanceof PassThrough)) return new PassThrough(options);
  Transform.call(this, options);
}
inherit(PassThrough, Transform);
PassThrough.prototype._transform = function _transform(chunk, _encoding, callback) {
  callback(null, chunk);
};

function abortWith(stream, signal) {
  const abort = () => stream.destroy(abortError(signal.reason));
  if (signal.aborted) later(abort);
  else signal.addEventListener('abort', abort, { once: true });
}
function abortError(cause) {
  const error = new Error('The operation was aborted', cause === undefined ? undefined : { cause });
  error.name = 'AbortError';
  error.code = 'ABORT_ERR';
  return error;
}

// ---- finished, pipeline ----
// Calls `callback` once, when `stream` ended (readable side), finished
// (writable side), failed or closed early; returns a function that removes
// the listeners.
function finished(stream, options, callback) {
  if (typeof options === 'function') [callback, options] = [options, {}];
  const o = options || {};
  const readable = o.readable ?? (stream._r !== undefined && stream.readable !== false);
  const writable = o.writable ?? (stream._w !== undefined && stream.writable !== false);
  let ended = !readable || (stream._r !== undefined && stream._r.endEmitted);
  let done = !writable || (stream._w !== undefined && stream._w.finished);
  // As in Node and Bun, a stream that will emit `close` after its end (it
  // destroys itself) is finished at that `close`, when both its halves are
  // the ones asked about.
  let waitForClose =
    stream._autoDestroy === true &&
    stream._emitClose !== false &&
    !stream._closed &&
    (stream._r !== undefined) === readable &&
    (stream._w !== undefined) === writable;
  let called = false;
  const call = (error) => {
    if (called) return;
    called = true;
    cleanup();
    callback.call(stream, error);
  };
  const onEnd = () => {
    ended = true;
    if (stream.destroyed) waitForClose = false;
    if (waitForClose && (!stream.writable || writable)) return;
    if (done) call();
  };
  const onFinish = () => {
    done = true;
    if (stream.destroyed) waitForClose = false;
    if (waitForClose && (!stream.readable || readable)) return;
    if (ended) call();
  };
  const onError = (error) => call(error);
  const onClose = () => {
    if (ended && done) return call();
    if (stream._errored) return call(stream._errored);
    call(coded(Error, 'ERR_STREAM_PREMATURE_CLOSE', 'Premature close'));
  };
  const cleanup = () => {
    stream.off('end', onEnd);
    stream.off('finish', onFinish);
    stream.off('error', onError);
    stream.off('close', onClose);
  };
  stream.on('end', onEnd);
  stream.on('finish', onFinish);
  stream.on('error', onError);
  stream.on('close', onClose);
  if (ended && done && (!waitForClose || stream._closed)) later(call);
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
  // An aborted signal destroys the stream at once, as in Bun.
  const abort = () => {
    const error = abortError(signal.reason);
    if (web) stream._controller.error(error);
    else stream.destroy(error);
  };
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  return stream;
}
function isAbortSignal(value) {
  return value !== null && typeof value === 'object' && typeof value.aborted === 'boolean' && 'reason' in value;
}
function isNodeStream(value) {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof value.on === 'function' &&
    (value._r || value._w || typeof value.pipe === 'function')
  );
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

// ---- the state of any stream, as Node's helpers read it ----
function isDestroyed(stream) {
  if (!isNodeStream(stream)) return null;
  return !!stream.destroyed;
}
function isReadable(stream) {
  if (typeof stream?.readable !== 'boolean') return null;
  if (isDestroyed(stream)) return false;
  return !!stream._r && stream.readable && !stream._r.endEmitted;
}
function isWritable(stream) {
  if (typeof stream?.writable !== 'boolean') return null;
  if (isDestroyed(stream)) return false;
  return !!stream._w && stream.writable && !stream._w.ending;
}
function isErrored(stream) {
  return !!stream && stream._errored !== undefined;
}
// Read from, or destroyed before its end.
function isDisturbed(stream) {
  const r = stream?._r;
  if (!r) return false;
  return r.flowing !== null || !!r.pulled || r.endEmitted || ((stream.destroyed || isErrored(stream)) && !r.endEmitted);
}

const promises = {
  finished: (stream, options) =>
    new Promise((resolve, reject) => finished(stream, options, (error) => (error ? reject(error) : resolve()))),
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
const internal = { coded, invalidArg, received, abortError, inherit, later, isNodeStream, isAbortSignal };

return { Stream, promises, Readable, Writable, Duplex, Transform, PassThrough, internal };
