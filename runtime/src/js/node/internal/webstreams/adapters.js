// ---- node/internal/webstreams/adapters.js: toWeb and fromWeb of node:stream's classes ------
// A Node stream seen as a Web stream and back. Back-pressure crosses over:
// a Node readable pauses while the Web queue is full, and a Web readable is
// read only when the Node side asks (`_read`).
const { Readable, Writable, Duplex, Stream, internal } = need('node/stream');
const { coded, invalidArg, abortError, inherit } = internal;

const locked = (what) => coded(TypeError, 'ERR_INVALID_STATE', `Invalid state: ${what} is locked`);
const prematureToAbort = (error) => (error?.code === 'ERR_STREAM_PREMATURE_CLOSE' ? abortError(error) : error);

function readableToWeb(source, options) {
  if (source === null || typeof source !== 'object' || source._r === undefined)
    throw invalidArg('streamReadable', 'of type stream.Readable', source);
  if (source.destroyed || !Stream.isReadable(source)) {
    const done = new ReadableStream();
    done.cancel();
    return done;
  }
  const objectMode = source.readableObjectMode;
  const highWaterMark = source.readableHighWaterMark;
  const strategy =
    options?.strategy ??
    (objectMode ? new CountQueuingStrategy({ highWaterMark }) : new ByteLengthQueuingStrategy({ highWaterMark }));
  let controller;
  // Once the web side is cancelled, what the source still emits goes nowhere.
  let cancelled = false;
  const onData = (chunk) => {
    if (cancelled) return;
    const value = !objectMode && chunk instanceof Uint8Array ? new Uint8Array(chunk) : chunk;
    controller.enqueue(value);
    if (controller.desiredSize <= 0) source.pause();
  };
  source.on('data', onData);
  const cleanup = Stream.finished(source, (error) => {
    cleanup();
    source.off('data', onData);
    if (cancelled) return;
    const failure = prematureToAbort(error);
    if (failure) controller.error(failure);
    else controller.close();
  });
  return new ReadableStream(
    {
      start(c) {
        controller = c;
      },
      pull() {
        source.resume();
      },
      cancel(reason) {
        cancelled = true;
        source.destroy(reason);
      },
    },
    strategy,
  );
}

// Bun's `Readable.fromWeb` makes a Readable of this class.
function ReadableFromWeb(options) {
  Readable.call(this, options);
}
inherit(ReadableFromWeb, Readable);

function readableFromWeb(web, options) {
  if (!(web instanceof ReadableStream)) throw invalidArg('readableStream', 'of type ReadableStream', web);
  const { highWaterMark, encoding, objectMode = false, signal } = options ?? {};
  if (web.locked) throw locked('ReadableStream');
  const reader = web.getReader();
  let closed = false;
  const readable = new ReadableFromWeb({
    objectMode,
    highWaterMark,
    encoding,
    signal,
    read() {
      reader.read().then(
        (step) => (step.done ? readable.push(null) : readable.push(step.value)),
        (error) => readable.destroy(error),
      );
    },
    destroy(error, callback) {
      if (closed) return callback(error);
      const done = () => callback(error);
      reader.cancel(error).then(done, done);
    },
  });
  reader.closed.then(
    () => {
      closed = true;
    },
    (error) => {
      closed = true;
      readable.destroy(error);
    },
  );
  return readable;
}

function writableToWeb(sink) {
  if (sink === null || typeof sink !== 'object' || sink._w === undefined)
    throw invalidArg('streamWritable', 'of type stream.Writable', sink);
  if (sink.destroyed || !Stream.isWritable(sink)) {
    const done = new WritableStream();
    done.close();
    return done;
  }
  const highWaterMark = sink.writableHighWaterMark;
  const strategy = sink.writableObjectMode ? new CountQueuingStrategy({ highWaterMark }) : { highWaterMark };
  let controller;
  let drained = null;
  let closing = null;
  sink.on('drain', () => drained?.resolve());
  const cleanup = Stream.finished(sink, (error) => {
    cleanup();
    // The sink's error reaches the Web side; it is not also unhandled.
    sink.on('error', () => {});
    const failure = prematureToAbort(error);
    if (failure != null) {
      drained?.reject(failure);
      closing?.reject(failure);
      closing = null;
      controller.error(failure);
    } else if (closing) {
      closing.resolve();
      closing = null;
    } else controller.error(abortError());
  });
  const waitFor = () => {
    const d = {};
    d.promise = new Promise((resolve, reject) => Object.assign(d, { resolve, reject }));
    return d;
  };
  return new WritableStream(
    {
      start(c) {
        controller = c;
      },
      write(chunk) {
        // A write that failed is reported by `finished`, not waited on.
        if (sink.writableNeedDrain || (!sink.write(chunk) && !sink.errored)) {
          drained = waitFor();
          return drained.promise.finally(() => (drained = null));
        }
      },
      abort(reason) {
        sink.destroy(reason);
      },
      close() {
        if (closing === null && !sink.writableEnded) {
          closing = waitFor();
          sink.end();
          return closing.promise;
        }
      },
    },
    strategy,
  );
}

function writableFromWeb(web, options) {
  if (!(web instanceof WritableStream)) throw invalidArg('writableStream', 'of type WritableStream', web);
  const { highWaterMark, decodeStrings = true, objectMode = false, signal } = options ?? {};
  if (web.locked) throw locked('WritableStream');
  const writer = web.getWriter();
  let closed = false;
  const writable = new Writable({
    highWaterMark,
    objectMode,
    decodeStrings,
    signal,
    write(chunk, _encoding, callback) {
      writer.ready.then(() => writer.write(chunk).then(() => callback(), callback), callback);
    },
    final(callback) {
      if (!closed) writer.close().then(() => callback(), callback);
    },
    destroy(error, callback) {
      if (closed) return callback(error);
      const done = () => callback(error);
      (error != null ? writer.abort(error) : writer.close()).then(done, done);
    },
  });
  writer.closed.then(
    () => {
      closed = true;
      if (!writable.writableEnded) writable.destroy(coded(Error, 'ERR_STREAM_PREMATURE_CLOSE', 'Premature close'));
    },
    (error) => {
      closed = true;
      writable.destroy(error);
    },
  );
  return writable;
}

function duplexToWeb(duplex) {
  if (duplex === null || typeof duplex !== 'object' || duplex._r === undefined || duplex._w === undefined)
    throw invalidArg('duplex', 'of type stream.Duplex', duplex);
  return { readable: readableToWeb(duplex), writable: writableToWeb(duplex) };
}

function duplexFromWeb(pair, options) {
  if (pair === null || typeof pair !== 'object') throw invalidArg('pair', 'of type object', pair);
  if (!(pair.readable instanceof ReadableStream))
    throw invalidArg('pair.readable', 'of type ReadableStream', pair.readable);
  if (!(pair.writable instanceof WritableStream))
    throw invalidArg('pair.writable', 'of type WritableStream', pair.writable);
  const {
    allowHalfOpen = false,
    objectMode = false,
    encoding,
    decodeStrings = true,
    highWaterMark,
    signal,
  } = options ?? {};
  if (pair.readable.locked) throw locked('ReadableStream');
  if (pair.writable.locked) throw locked('WritableStream');
  const writer = pair.writable.getWriter();
  const reader = pair.readable.getReader();
  let writableClosed = false;
  let readableClosed = false;
  const duplex = new Duplex({
    allowHalfOpen,
    highWaterMark,
    objectMode,
    encoding,
    decodeStrings,
    signal,
    write(chunk, _encoding, callback) {
      writer.ready.then(() => writer.write(chunk).then(() => callback(), callback), callback);
    },
    final(callback) {
      if (writableClosed) return callback();
      writer.close().then(() => callback(), callback);
    },
    read() {
      reader.read().then(
        (step) => (step.done ? duplex.push(null) : duplex.push(step.value)),
        (error) => duplex.destroy(error),
      );
    },
    destroy(error, callback) {
      const pending = [];
      if (!writableClosed) pending.push(error != null ? writer.abort(error) : writer.close());
      if (!readableClosed) pending.push(reader.cancel(error));
      const done = () => callback(error);
      Promise.all(pending).then(done, done);
    },
  });
  writer.closed.then(
    () => {
      writableClosed = true;
    },
    (error) => {
      writableClosed = true;
      readableClosed = true;
      duplex.destroy(error);
    },
  );
  reader.closed.then(
    () => {
      readableClosed = true;
    },
    (error) => {
      writableClosed = true;
      readableClosed = true;
      duplex.destroy(error);
    },
  );
  return duplex;
}

return {
  readable: { toWeb: readableToWeb, fromWeb: readableFromWeb },
  writable: { toWeb: writableToWeb, fromWeb: writableFromWeb },
  duplex: { toWeb: duplexToWeb, fromWeb: duplexFromWeb },
};
