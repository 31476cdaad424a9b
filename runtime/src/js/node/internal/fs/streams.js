// ---- node/internal/fs/streams.js: fs.createReadStream and fs.createWriteStream --------------
// node:stream's Readable and Writable over the file descriptor operations
// (`ops/fs.rs`): the file opens at once, chunks of `highWaterMark` bytes are
// read or written in order, and the descriptor closes when the stream ends
// or is destroyed. Bun shows the stream's path resolved, as here.
const { Readable, Writable } = need('node/stream');
const { fsAsync, pathArg } = need('internal/files');
const { openArgs } = need('node/fs');
const { path } = need('node/path');

function optionsOf(options) {
  return typeof options === 'string' ? { encoding: options } : (options ?? {});
}

// Opens `target` (or takes `options.fd`) for `stream`, then `open` and `ready`.
function openFor(stream, target, options, flags) {
  stream.path = target === undefined || target === null ? undefined : path.resolve(pathArg(target));
  stream.fd = options.fd ?? null;
  stream.pending = stream.fd === null;
  stream._opened =
    stream.fd !== null
      ? Promise.resolve(stream.fd)
      : fsAsync.open(...openArgs(stream.path, options.flags ?? flags, options.mode)).then((fd) => {
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
  fsAsync.close(fd).then(
    () => callback(error),
    (closeError) => callback(error || closeError),
  );
}

function createReadStream(target, options) {
  options = optionsOf(options);
  const highWaterMark = options.highWaterMark ?? 64 * 1024;
  const end = options.end ?? Number.POSITIVE_INFINITY;
  let position = options.start;
  const stream = new Readable({
    highWaterMark,
    encoding: options.encoding,
    read() {
      stream._opened.then(
        (fd) => {
          const left = end - (position ?? stream.bytesRead) + 1;
          if (left <= 0) return stream.push(null);
          fsAsync.readAt(fd, Math.min(highWaterMark, left), position ?? null).then(
            (bytes) => {
              if (bytes.byteLength === 0) return stream.push(null);
              if (position !== undefined) position += bytes.byteLength;
              stream.bytesRead += bytes.byteLength;
              stream.push(Buffer.from(bytes));
            },
            (error) => stream.destroy(error),
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
  openFor(stream, target, options, 'r');
  return stream;
}

function createWriteStream(target, options) {
  options = optionsOf(options);
  const stream = new Writable({
    highWaterMark: options.highWaterMark,
    write(chunk, encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      stream._opened.then(
        (fd) =>
          fsAsync.writeAt(fd, need('internal/buffer').bufferOf(bytes), options.start ?? null).then(() => {
            stream.bytesWritten += bytes.byteLength;
            callback();
          }, callback),
        callback,
      );
    },
    final(callback) {
      stream._opened.then(() => closeFor(stream, null, callback), callback);
    },
    destroy(error, callback) {
      stream._opened.then(
        () => closeFor(stream, error, callback),
        () => callback(error),
      );
    },
  });
  stream.bytesWritten = 0;
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
