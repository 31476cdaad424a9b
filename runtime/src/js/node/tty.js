// ---- node/tty.js: node:tty
// A tool's standard streams are collected into its answer, never a
// terminal: `isatty` is false for every descriptor, as it is under Bun when
// the output is a pipe, and colour libraries (chalk, supports-color, debug)
// that ask it load and print plain text. The stream classes exist for code
// that constructs them: a WriteStream on 1 or 2 writes to process.stdout or
// process.stderr (the log), on another descriptor to that descriptor; a
// ReadStream reads nothing, since a tool has no input but its arguments.
const { Readable, Writable } = need('node/stream');
const cursor = need('node/internal/readline/cursor');

function isatty(_fd) {
  return false;
}

// Node's reading of the environment for a stream's colour depth (bits):
// 1 (no colour), 4 (16), 8 (256) or 24 (true colour).
function getColorDepth(env = process.env) {
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '' || force === '1' || force === 'true') return 4;
    if (force === '2') return 8;
    if (force === '3') return 24;
    return 1;
  }
  if (env.NODE_DISABLE_COLORS !== undefined || env.NO_COLOR !== undefined || env.TERM === 'dumb') return 1;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 24;
  if (env.TERM && /256/.test(env.TERM)) return 8;
  if (env.TERM || env.CI !== undefined) return 4;
  return 1;
}

class WriteStream extends Writable {
  constructor(fd) {
    super();
    this.fd = fd;
    this.isTTY = false;
  }
  _write(chunk, encoding, callback) {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    if (this.fd === 1) process.stdout.write(text);
    else if (this.fd === 2) process.stderr.write(text);
    else need('node/fs').fs.writeSync(this.fd, chunk);
    callback();
  }
  getColorDepth(env) {
    return getColorDepth(env);
  }
  hasColors(count = 16, env = undefined) {
    if (typeof count === 'object' && count !== null) {
      env = count;
      count = 16;
    }
    return count <= 2 ** getColorDepth(env);
  }
  getWindowSize() {
    return [this.columns ?? 80, this.rows ?? 24];
  }
  cursorTo(x, y, callback) {
    return cursor.cursorTo(this, x, y, callback);
  }
  moveCursor(dx, dy, callback) {
    return cursor.moveCursor(this, dx, dy, callback);
  }
  clearLine(dir, callback) {
    return cursor.clearLine(this, dir, callback);
  }
  clearScreenDown(callback) {
    return cursor.clearScreenDown(this, callback);
  }
}

class ReadStream extends Readable {
  constructor(fd) {
    super();
    this.fd = fd;
    this.isTTY = false;
    this.isRaw = false;
  }
  _read() {
    this.push(null);
  }
  setRawMode(mode) {
    this.isRaw = Boolean(mode);
    return this;
  }
}

const tty = { isatty, ReadStream, WriteStream };
return { tty };
