// ---- node/internal/streams/state.js: `_readableState` and `_writableState` ------
// Packages read Node's state objects (`_readableState.ended`, `.objectMode`,
// `.length`, `.flowing`, `_writableState.finished`…) to decide what a stream
// is doing. node/stream.js keeps its own smaller state (`_r`, `_w`); these are
// views of it under Node's names, one per stream and half.
const views = new WeakMap();

function view(stream, key, make) {
  let byKey = views.get(stream);
  if (!byKey) {
    byKey = {};
    views.set(stream, byKey);
  }
  if (!byKey[key]) byKey[key] = make();
  return byKey[key];
}

// What both halves report of the stream as a whole (its end of life), kept
// as live getters so each view follows the stream.
function withLifecycle(stream, state) {
  return Object.defineProperties(state, {
    destroyed: { get: () => stream.destroyed, enumerable: true, configurable: true },
    closed: { get: () => !!stream._closed, enumerable: true, configurable: true },
    errored: { get: () => stream._errored ?? null, enumerable: true, configurable: true },
  });
}

function readableState(stream) {
  const r = stream._r;
  return view(stream, 'r', () =>
    withLifecycle(stream, {
      get objectMode() {
        return r.objectMode;
      },
      get highWaterMark() {
        return r.highWaterMark;
      },
      get buffer() {
        return r.buffer;
      },
      get length() {
        return stream.readableLength;
      },
      get pipes() {
        return (stream._pipes ?? []).map((pipe) => pipe.dest);
      },
      get flowing() {
        return r.flowing;
      },
      set flowing(value) {
        r.flowing = value;
      },
      get ended() {
        return r.ended;
      },
      get endEmitted() {
        return r.endEmitted;
      },
      get reading() {
        return r.reading;
      },
      get encoding() {
        return r.encoding;
      },
      get decoder() {
        return r.decoder;
      },
      get autoDestroy() {
        return stream._autoDestroy;
      },
      get emitClose() {
        return stream._emitClose;
      },
    }),
  );
}

function writableState(stream) {
  const w = stream._w;
  return view(stream, 'w', () =>
    withLifecycle(stream, {
      get objectMode() {
        return w.objectMode;
      },
      get highWaterMark() {
        return w.highWaterMark;
      },
      get length() {
        return w.length;
      },
      get writing() {
        return w.writing;
      },
      get corked() {
        return w.corked;
      },
      get ending() {
        return w.ending;
      },
      get ended() {
        return w.ending;
      },
      get finished() {
        return w.finished;
      },
      get needDrain() {
        return w.needDrain;
      },
      get defaultEncoding() {
        return w.defaultEncoding;
      },
      get decodeStrings() {
        return w.decodeStrings;
      },
      get bufferedRequestCount() {
        return w.queue.length;
      },
      getBuffer() {
        return w.queue.slice();
      },
    }),
  );
}

// Defines the two views on the prototypes: a stream without that half
// (a Readable's `_writableState`) has none, as in Node.
function defineStates(Readable, Writable, Duplex) {
  const readable = {
    get() {
      return this._r ? readableState(this) : undefined;
    },
    configurable: true,
  };
  const writable = {
    get() {
      return this._w ? writableState(this) : undefined;
    },
    configurable: true,
  };
  Object.defineProperty(Readable.prototype, '_readableState', readable);
  Object.defineProperty(Writable.prototype, '_writableState', writable);
  Object.defineProperty(Duplex.prototype, '_writableState', writable);
}

return { defineStates };
