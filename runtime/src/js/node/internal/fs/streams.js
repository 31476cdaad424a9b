// ---- node/internal/fs/streams.js: fs.createReadStream and fs.createWriteStream --------------
// node:stream's Readable and Writable over the file descriptor operations
// (`ops/fs.rs`): the file opens at once, chunks of `highWaterMark` bytes are
// read or written in order, and the descriptor closes when the stream ends
// or is destroyed. Bun shows the stream's path resolved, as here.
const { Readable, Writable } = need('node/stream');
const { fsAsync } = need('internal/files');
const V = need('node/internal/fs/validate');
const { deliver } = need('internal/uncaught');
const { openArgs } = need('node/fs');
const { path } = need('node/path');

// A stream's options: text (the encoding) or an object, nothing else;
// `options.fs` must give the functions the stream would call.
function optionsOf(options, needed) {
  if (options !== undefined && options !== null && typeof options !== 'string' && typeof options !== 'object')
    throw V.typeError('options', 'one of type string or object', options);
  // Inherited options count too, as Node copies them (for…in).
  let o = options;
  if (o !== null && typeof o === 'object') {
    o = {};
    for (const key in options) o[key] = options[key];
  }
  o = V.options(o);
  if (o.fs !== undefined && o.fs !== null) {
    for (const name of needed) V.fn(o.fs[name], `options.fs.${name}`);
    if (o.fs.writev !== undefined && needed.includes('write')) V.fn(o.fs.writev, 'options.fs.writev');
  }
  return o;
}
// Node's checks of `start` and `end` (a read stream's end is inclusive).
function rangeOf(options, reading) {
  const start = options.start === undefined ? undefined : V.integer(options.start, 'start', 0);
  if (!reading) return { start };
  const end = options.end === undefined ? Number.POSITIVE_INFINITY : options.end;
  if (end !== Number.POSITIVE_INFINITY) V.integer(end, 'end', 0);
  if (start !== undefined && start > end) throw V.rangeError('start', `<= "end" (here: ${end})`, start);
  return { start, end };
}

// The file operations a stream calls: the host's, or those of
// `options.fs` (Node's callback forms: open, read, write, close).
function ioOf(options) {
  const custom = options.fs;
  if (custom === undefined || custom === null)
    return {
      open: (p, flags, mode) => fsAsync.open(...openArgs(p, flags, mode)),
      read: (fd, n, at) => fsAsync.readAt(fd, n, at).then((bytes) => Buffer.from(bytes)),
      write: (fd, bytes, at) => fsAsync.writeAt(fd, need('internal/buffer').bufferOf(bytes), at),
      close: (fd) => fsAsync.close(fd),
    };
  const call = (fn, ...args) =>
    new Promise((resolve, reject) => fn.call(custom, ...args, (e, v) => (e ? reject(e) : resolve(v))));
  return {
    open: (p, flags, mode) => call(custom.open, p, flags, mode ?? 0o666),
    read: (fd, n, at) => {
      const buffer = Buffer.alloc(n);
      return call(custom.read, fd, buffer, 0, n, at).then((got) => buffer.subarray(0, got));
    },
    write: (fd, bytes, at) => call(custom.write, fd, bytes, 0, bytes.byteLength, at),
    close: (fd) => call(custom.close, fd),
  };
}

// Opens `target` (or takes `options.fd`) for `stream`, then `open` and `ready`.
function openFor(stream, target, options, flags) {
  if (options.fd === undefined || options.fd === null) stream.path = path.resolve(V.path(target));
  else {
    stream.path = target === undefined || target === null ? undefined : path.resolve(V.path(target));
    V.fd(options.fd, 'options.fd');
  }
  stream.fd = options.fd ?? null;
  stream.pending = stream.fd === null;
  stream._opened =
    stream.fd !== null
      ? Promise.resolve(stream.fd)
      : stream._io.open(stream.path, options.flags ?? flags, options.mode).then((fd) => {
          stream.fd = fd;
          stream.pending = false;
          stream.emit('open', fd);
          stream.emit('ready');
          return fd;
        });
  stream._opened.catch((error) => stream.destroy(error));
  stream._autoClose = options.autoClose !== false;
}

function closeFor(stream, error, callback) {
  const fd = stream.fd;
  if (fd === null || !stream._autoClose) return callback(error);
  stream.fd = null;
  stream._io.close(fd).then(
    () => callback(error),
    (closeError) => callback(error || closeError),
  );
}

function createReadStream(target, options) {
  options = optionsOf(options, ['open', 'close', 'read']);
  const highWaterMark = options.highWaterMark ?? 64 * 1024;
  const { start, end } = rangeOf(options, true);
  let position = start;
  const stream = new Readable({
    highWaterMark,
    encoding: options.encoding,
    // autoClose: false keeps the stream (and its descriptor) once it ends.
    autoDestroy: options.autoClose !== false,
    read() {
      // The chunk comes from the event loop, as in Node: what a listener
      // throws while it is pushed is uncaught, not a rejected promise.
      stream._opened.then(
        (fd) => {
          const left = end - (position ?? stream.bytesRead) + 1;
          if (left <= 0) return deliver(() => stream.push(null));
          stream._io.read(fd, Math.min(highWaterMark, left), position ?? null).then(
            (bytes) =>
              deliver(() => {
                if (bytes.byteLength === 0) return stream.push(null);
                if (position !== undefined) position += bytes.byteLength;
                stream.bytesRead += bytes.byteLength;
                stream.push(bytes);
              }),
            // Without autoClose an error leaves the stream (and its
            // descriptor) as it is.
            (error) => (stream._autoClose ? stream.destroy(error) : stream.emit('error', error)),
          );
        },
        () => {},
      );
    },
    destroy(error, callback) {
      stream._opened.then(
        () => closeFor(stream, error, callback),
        () => callback(error),
      );
    },
  });
  stream.bytesRead = 0;
  stream._io = ioOf(options);
  stream.start = start;
  stream.end = end;
  openFor(stream, target, options, 'r');
  return stream;
}

function createWriteStream(target, options) {
  options = optionsOf(options, ['open', 'close', 'write']);
  const { start } = rangeOf(options, false);
  const flush =
    options.flush === undefined || options.flush === null ? false : V.boolean(options.flush, 'options.flush');
  const stream = new Writable({
    highWaterMark: options.highWaterMark,
    autoDestroy: options.autoClose !== false,
    write(chunk, encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      // From `start` on, each write after the one before.
      const at = start === undefined ? null : start + stream.bytesWritten;
      stream._opened.then(
        (fd) =>
          stream._io.write(fd, bytes, at).then(() => {
            stream.bytesWritten += bytes.byteLength;
            callback();
          }, callback),
        callback,
      );
    },
    final(callback) {
      // `flush` syncs the file through the module's `fsync` before it closes, as in Node.
      const close = () => closeFor(stream, null, callback);
      stream._opened.then((fd) => {
        if (!flush || typeof fd !== 'number') return close();
        need('node/fs').fs.fsync(fd, (error) => (error ? callback(error) : close()));
      }, callback);
    },
    destroy(error, callback) {
      stream._opened.then(
        () => closeFor(stream, error, callback),
        () => callback(error),
      );
    },
  });
  stream.bytesWritten = 0;
  stream._io = ioOf(options);
  stream.start = start;
  openFor(stream, target, options, 'w');
  return stream;
}

// What `fs.createReadStream` makes is an `fs.ReadStream` (node/fs.js keeps
// the two classes, so that importing node:fs loads no stream code), whose
// prototype comes after Readable's once the first one is made.
function typed(stream, Class, Base) {
  if (Object.getPrototypeOf(Class.prototype) !== Base.prototype) {
    Object.setPrototypeOf(Class.prototype, Base.prototype);
    Object.setPrototypeOf(Class, Base);
  }
  return Object.setPrototypeOf(stream, Class.prototype);
}

return {
  createReadStream: (target, options) =>
    typed(createReadStream(target, options), need('node/fs').fs.ReadStream, Readable),
  createWriteStream: (target, options) =>
    typed(createWriteStream(target, options), need('node/fs').fs.WriteStream, Writable),
};
