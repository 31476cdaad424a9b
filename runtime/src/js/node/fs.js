// ---- node/fs.js: node:fs and node:fs/promises -----------------------------------
const { fsSync, fsAsync, noEntry, pathArg } = need('internal/files');
const { normalizeEncoding, encodeString, toBuffer, bufferOf } = need('internal/buffer');
const { path } = need('node/path');
const { deliver } = need('internal/uncaught');

// What Stats and Dirent share: the kind of file, kept as a hidden `kind`.
class FileType {
  isFile() {
    return this.kind === 'file';
  }
  isDirectory() {
    return this.kind === 'dir';
  }
  isSymbolicLink() {
    return this.kind === 'symlink';
  }
  isFIFO() {
    return false;
  }
  isSocket() {
    return false;
  }
}
class Stats extends FileType {
  constructor(s) {
    super();
    Object.assign(this, s);
    this.mtime = new Date(s.mtimeMs);
    this.atime = new Date(s.atimeMs);
    this.ctime = new Date(s.ctimeMs);
    this.birthtime = new Date(s.birthtimeMs);
    Object.defineProperty(this, 'kind', { enumerable: false, value: s.kind });
  }
}
class Dirent extends FileType {
  constructor(name, kind, parentPath) {
    super();
    this.name = name;
    this.parentPath = parentPath;
    this.path = parentPath;
    Object.defineProperty(this, 'kind', { enumerable: false, value: kind });
  }
}
function encodingOf(options) {
  return typeof options === 'string' ? options : options && options.encoding;
}
function readResult(buffer, options) {
  const enc = encodingOf(options);
  const b = toBuffer(new Uint8Array(buffer));
  return enc && enc !== 'buffer' ? b.toString(enc) : b;
}
function writeData(data, options) {
  const enc = encodingOf(options);
  return typeof data === 'string' && enc && normalizeEncoding(enc) !== 'utf8'
    ? bufferOf(encodeString(data, enc))
    : bufferOf(data);
}
function dirResult(json, dir, options) {
  const entries = jsonParse(json);
  if (options && options.withFileTypes) return entries.map(([n, k]) => new Dirent(n, k, pathArg(dir)));
  return entries.map(([n]) => n);
}
function readdirRecursive(dir, options, read) {
  // Node's `recursive: true`: names relative to `dir`.
  const out = [];
  const walk = (rel) => {
    for (const [name, kind] of jsonParse(read(rel ? path.join(pathArg(dir), rel) : pathArg(dir)))) {
      const r = rel ? `${rel}/${name}` : name;
      out.push(options.withFileTypes ? new Dirent(name, kind, rel ? path.join(pathArg(dir), rel) : pathArg(dir)) : r);
      if (kind === 'dir') walk(r);
    }
  };
  walk('');
  return out;
}
// A mode as a number, or as octal text ('644').
function modeArg(mode) {
  return typeof mode === 'string' ? Number.parseInt(mode, 8) : Number(mode);
}
// A time as seconds since the epoch: a Date, a number of seconds, or numeric text.
function secondsArg(time) {
  return time instanceof Date ? time.getTime() / 1000 : Number(time);
}
function cpError(code, errno, message, dest) {
  const error = new Error(message);
  Object.assign(error, { code, errno, syscall: 'cp', path: dest });
  return error;
}
// `cp`'s walk as steps ([operation, ...arguments], answered with its
// result), so the synchronous and the promise form share one description.
function* copySteps(src, dest, options, top = true) {
  const stats = yield ['lstat', src];
  if (options.filter && !(yield ['filter', src, dest])) return;
  if (stats.isDirectory()) {
    if (!options.recursive)
      throw cpError(
        'ERR_FS_EISDIR',
        21,
        `Path is a directory: cp returned EISDIR (${src} is a directory (not copied)) ${src}`,
        src,
      );
    yield ['mkdir', dest, { recursive: true }];
    for (const name of yield ['readdir', src])
      yield* copySteps(path.join(src, name), path.join(dest, name), options, false);
    return;
  }
  if ((yield ['exists', dest]) && options.force === false) {
    if (options.errorOnExist)
      throw cpError(
        'ERR_FS_CP_EEXIST',
        17,
        `Target already exists: cp returned EEXIST (${dest} already exists) ${dest}`,
        dest,
      );
    return;
  }
  // As in Node and Bun, a file copied on its own gets its missing folders.
  if (top) yield ['mkdir', path.dirname(dest), { recursive: true }];
  if (stats.isSymbolicLink()) {
    // A relative link's target is made absolute unless `verbatimSymlinks`.
    const target = yield ['readlink', src];
    const resolved =
      options.verbatimSymlinks || path.isAbsolute(target) ? target : path.resolve(path.dirname(src), target);
    yield ['symlink', resolved, dest];
  } else {
    yield ['copyFile', src, dest];
    if (options.preserveTimestamps) yield ['utimes', dest, stats.atime, stats.mtime];
  }
}
function copyWith(ops, src, dest, options = {}) {
  const steps = copySteps(pathArg(src), pathArg(dest), options);
  const filter = (s, d) => options.filter(s, d);
  let step = steps.next();
  while (!step.done) {
    const [name, ...args] = step.value;
    step = steps.next(name === 'filter' ? filter(...args) : ops[name](...args));
  }
}
async function copyWithAsync(ops, src, dest, options = {}) {
  const steps = copySteps(pathArg(src), pathArg(dest), options);
  let step = steps.next();
  while (!step.done) {
    const [name, ...args] = step.value;
    step = steps.next(await (name === 'filter' ? options.filter(...args) : ops[name](...args)));
  }
}
// fs.glob, globSync and promises.glob as Bun gives them: files and folders,
// no dot names, `exclude` as a list of patterns, and `**` also names the
// folder itself. The host matches and walks, as for Bun.Glob.
function globArgs(options) {
  const cwd = options?.cwd === undefined ? '.' : pathArg(options.cwd);
  const exclude = Array.isArray(options?.exclude) ? options.exclude.map(String) : [];
  return { cwd, exclude };
}
function globFound(patterns, lists, exclude) {
  const found = new Set();
  [].concat(patterns).forEach((pattern, i) => {
    if (pattern === '**') found.add('.');
    for (const p of jsonParse(lists[i])) found.add(p);
  });
  return [...found].filter((p) => !exclude.some((pattern) => host.globMatch(pattern, p)));
}
function globSync(patterns, options) {
  const { cwd, exclude } = globArgs(options);
  const lists = [].concat(patterns).map((pattern) => host.globScan(String(pattern), cwd, false, false, false, false));
  return globFound(patterns, lists, exclude);
}
async function globFoundAsync(patterns, options) {
  const { cwd, exclude } = globArgs(options);
  const scans = []
    .concat(patterns)
    .map((pattern) => host.globScanAsync(String(pattern), cwd, false, false, false, false));
  return globFound(patterns, await Promise.all(scans), exclude);
}
async function* globAsync(patterns, options) {
  yield* await globFoundAsync(patterns, options);
}

// File descriptors: `fs.open` answers the OS's number and the host keeps the
// file (`ops/fs.rs`). Node's flag strings become Linux's O_* flags.
const O = { RDONLY: 0, WRONLY: 1, RDWR: 2, CREAT: 64, EXCL: 128, TRUNC: 512, APPEND: 1024 };
const OPEN_FLAGS = {
  r: O.RDONLY,
  rs: O.RDONLY,
  sr: O.RDONLY,
  'r+': O.RDWR,
  'rs+': O.RDWR,
  'sr+': O.RDWR,
  w: O.WRONLY | O.CREAT | O.TRUNC,
  'w+': O.RDWR | O.CREAT | O.TRUNC,
  a: O.WRONLY | O.CREAT | O.APPEND,
  'a+': O.RDWR | O.CREAT | O.APPEND,
};
for (const [exclusive, plain] of [
  ['wx', 'w'],
  ['xw', 'w'],
  ['wx+', 'w+'],
  ['xw+', 'w+'],
  ['ax', 'a'],
  ['xa', 'a'],
  ['ax+', 'a+'],
  ['xa+', 'a+'],
  ['as', 'a'],
  ['sa', 'a'],
  ['as+', 'a+'],
  ['sa+', 'a+'],
])
  OPEN_FLAGS[exclusive] = OPEN_FLAGS[plain] | (exclusive.includes('x') ? O.EXCL : 0);
function flagsArg(flags = 'r') {
  if (typeof flags === 'number') return flags;
  const bits = OPEN_FLAGS[flags];
  if (bits === undefined) {
    const error = new TypeError(`The argument 'flags' is invalid. Received '${flags}'`);
    error.code = 'ERR_INVALID_ARG_VALUE';
    throw error;
  }
  return bits;
}
function openArgs(p, flags, mode) {
  return [pathArg(p), flagsArg(flags ?? 'r'), mode === undefined || mode === null ? 0o666 : modeArg(mode)];
}
function fdArg(fd) {
  if (!Number.isInteger(fd) || fd < 0) {
    const error = new TypeError(`The "fd" argument must be of type number. Received ${typeof fd}`);
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  return fd;
}
// read(fd, buffer, offset, length, position) or read(fd, buffer, { offset, length, position }).
function readArgs(buffer, offset, length, position) {
  if (offset !== null && typeof offset === 'object') ({ offset, length, position } = offset);
  offset = offset ?? 0;
  length = length ?? buffer.byteLength - offset;
  position = typeof position === 'bigint' ? Number(position) : (position ?? null);
  return { offset, length, position };
}
function readInto(buffer, offset, bytes) {
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).set(new Uint8Array(bytes), offset);
  return bytes.byteLength;
}
// write(fd, buffer, offset, length, position) or write(fd, text, position, encoding).
function writeArgs(data, offset, length, position) {
  if (typeof data === 'string') {
    const bytes = normalizeEncoding(length ?? 'utf8') === 'utf8' ? data : encodeString(data, length);
    return { bytes: bufferOf(bytes), position: offset ?? null };
  }
  if (offset !== null && typeof offset === 'object') ({ offset, length, position } = offset);
  const view = new Uint8Array(data.buffer ?? data, data.byteOffset ?? 0, data.byteLength);
  const start = offset ?? 0;
  const bytes = view.subarray(start, start + (length ?? view.byteLength - start));
  return { bytes: bufferOf(bytes), position: typeof position === 'bigint' ? Number(position) : (position ?? null) };
}

// `new fs.ReadStream(path, options)` (or a subclass's) is what
// `createReadStream` makes; node/internal/fs/streams.js links the prototypes.
function ReadStream(target, options) {
  const stream = fs.createReadStream(target, options);
  return new.target && new.target !== ReadStream ? Object.setPrototypeOf(stream, new.target.prototype) : stream;
}
function WriteStream(target, options) {
  const stream = fs.createWriteStream(target, options);
  return new.target && new.target !== WriteStream ? Object.setPrototypeOf(stream, new.target.prototype) : stream;
}

// An EventEmitter, as Node's is: `close` is emitted when it closes.
class FileHandle extends need('node/events').EventEmitter {
  #fd;
  constructor(fd) {
    super();
    this.#fd = fd;
  }
  // A stream over the descriptor; the stream closes it, and the handle with it.
  #stream = null;
  createReadStream(options) {
    return this.#streamOver(fs.createReadStream(null, { ...options, fd: this.#fd }));
  }
  createWriteStream(options) {
    return this.#streamOver(fs.createWriteStream(null, { ...options, fd: this.#fd }));
  }
  #streamOver(stream) {
    this.#stream = stream;
    stream.once('close', () => this.#closed());
    return stream;
  }
  readLines(options) {
    const { createInterface } = need('node/readline').readline;
    return createInterface({ input: this.createReadStream(options), crlfDelay: Number.POSITIVE_INFINITY });
  }
  async readv(buffers, position) {
    return { bytesRead: fs.readvSync(this.#fd, buffers, position), buffers };
  }
  async writev(buffers, position) {
    return { bytesWritten: fs.writevSync(this.#fd, buffers, position), buffers };
  }
  async chmod(mode) {
    await fsAsync.fchmod(this.#fd, modeArg(mode));
  }
  async chown(uid, gid) {
    await fsAsync.fchown(this.#fd, uid, gid);
  }
  #closed() {
    if (this.#fd === -1) return;
    this.#fd = -1;
    this.emit('close');
  }
  get fd() {
    return this.#fd;
  }
  async read(buffer = Buffer.alloc(16384), offset, length, position) {
    const a = readArgs(buffer, offset, length, position);
    const bytesRead = readInto(buffer, a.offset, await fsAsync.readAt(this.#fd, a.length, a.position));
    return { bytesRead, buffer };
  }
  async write(data, offset, length, position) {
    const w = writeArgs(data, offset, length, position);
    const bytesWritten = await fsAsync.writeAt(this.#fd, w.bytes, w.position);
    return { buffer: data, bytesWritten };
  }
  async readFile(options) {
    return readResult(await fsAsync.readRest(this.#fd), options);
  }
  // Node writes from the cursor, so after earlier writes this does not
  // start at the beginning of the file.
  async writeFile(data, options) {
    await fsAsync.writeAt(this.#fd, writeData(data, options), null);
  }
  async appendFile(data, options) {
    await this.writeFile(data, options);
  }
  async stat() {
    return new Stats(jsonParse(await fsAsync.fstat(this.#fd)));
  }
  async truncate(length = 0) {
    await fsAsync.ftruncate(this.#fd, length);
  }
  async sync() {
    await fsAsync.fsync(this.#fd);
  }
  async datasync() {
    await fsAsync.fsync(this.#fd);
  }
  async close() {
    if (this.#fd === -1) return;
    // A stream over the handle owns its descriptor: it closes it.
    if (this.#stream !== null) {
      const closed = new Promise((resolve) => this.once('close', resolve));
      if (!this.#stream.destroyed) this.#stream.destroy();
      return closed;
    }
    const fd = this.#fd;
    await fsAsync.close(fd);
    this.#closed();
  }
  async [Symbol.asyncDispose]() {
    await this.close();
  }
}

const fsPromises = {
  async readFile(p, options) {
    if (p instanceof FileHandle) return p.readFile(options);
    if (typeof p === 'number') return readResult(await fsAsync.readRest(fdArg(p)), options);
    return readResult(await fsAsync.read(pathArg(p)), options);
  },
  async writeFile(p, data, options) {
    await fsAsync.write(pathArg(p), writeData(data, options), !!(options && options.flag === 'a'));
  },
  async appendFile(p, data, options) {
    await fsAsync.write(pathArg(p), writeData(data, options), true);
  },
  async readdir(p, options) {
    if (options && options.recursive) {
      const out = [];
      const walk = async (rel) => {
        const dir = rel ? path.join(pathArg(p), rel) : pathArg(p);
        for (const [name, kind] of jsonParse(await fsAsync.readdir(dir))) {
          const r = rel ? `${rel}/${name}` : name;
          out.push(options.withFileTypes ? new Dirent(name, kind, dir) : r);
          if (kind === 'dir') await walk(r);
        }
      };
      await walk('');
      return out;
    }
    return dirResult(await fsAsync.readdir(pathArg(p)), p, options);
  },
  async stat(p) {
    return new Stats(jsonParse(await fsAsync.stat(pathArg(p), true)));
  },
  async lstat(p) {
    return new Stats(jsonParse(await fsAsync.stat(pathArg(p), false)));
  },
  async mkdir(p, options) {
    const r = !!(options && options.recursive);
    const existed = r && (await fsAsync.exists(pathArg(p)));
    await fsAsync.mkdir(pathArg(p), r);
    return r && !existed ? path.resolve(pathArg(p)) : undefined;
  },
  async rm(p, options = {}) {
    await fsAsync.rm(pathArg(p), !!options.recursive, !!options.force);
  },
  async rmdir(p, options = {}) {
    await (options.recursive ? fsAsync.rm(pathArg(p), true, false) : fsAsync.rmdir(pathArg(p)));
  },
  async unlink(p) {
    await fsAsync.unlink(pathArg(p));
  },
  async rename(a, b) {
    await fsAsync.rename(pathArg(a), pathArg(b));
  },
  async copyFile(a, b) {
    await fsAsync.copy(pathArg(a), pathArg(b));
  },
  async realpath(p) {
    return fsAsync.realpath(pathArg(p));
  },
  async mkdtemp(prefix) {
    return pathArg(prefix) + (await fsAsync.mkdtemp(pathArg(prefix)));
  },
  async chmod(p, mode) {
    await fsAsync.chmod(pathArg(p), modeArg(mode));
  },
  async symlink(target, p) {
    await fsAsync.symlink(pathArg(target), pathArg(p));
  },
  async readlink(p) {
    return fsAsync.readlink(pathArg(p));
  },
  async truncate(p, length = 0) {
    await fsAsync.truncate(pathArg(p), length);
  },
  async utimes(p, atime, mtime) {
    await fsAsync.utimes(pathArg(p), secondsArg(atime), secondsArg(mtime));
  },
  async cp(src, dest, options) {
    await copyWithAsync(fsPromises, src, dest, options);
  },
  async access(p) {
    if (!(await fsAsync.exists(pathArg(p)))) throw noEntry('access', pathArg(p));
  },
  async exists(p) {
    return fsAsync.exists(pathArg(p));
  },
  async link(existing, p) {
    await fsAsync.link(pathArg(existing), pathArg(p));
  },
  async chown(p, uid, gid) {
    await fsAsync.chown(pathArg(p), uid, gid, true);
  },
  async lchown(p, uid, gid) {
    await fsAsync.chown(pathArg(p), uid, gid, false);
  },
  opendir: async (p, options) => fs.opendirSync(p, options),
};
const fs = {
  readFileSync: (p, options) =>
    readResult(typeof p === 'number' ? fsSync.readRest(fdArg(p)) : fsSync.read(pathArg(p)), options),
  writeFileSync: (p, data, options) => {
    if (typeof p === 'number') fsSync.writeAt(fdArg(p), writeData(data, options), null);
    else fsSync.write(pathArg(p), writeData(data, options), !!(options && options.flag === 'a'));
  },
  appendFileSync: (p, data, options) => {
    if (typeof p === 'number') fsSync.writeAt(fdArg(p), writeData(data, options), null);
    else fsSync.write(pathArg(p), writeData(data, options), true);
  },
  openSync: (p, flags, mode) => fsSync.open(...openArgs(p, flags, mode)),
  createReadStream: (p, options) => need('node/internal/fs/streams').createReadStream(p, options),
  createWriteStream: (p, options) => need('node/internal/fs/streams').createWriteStream(p, options),
  closeSync: (fd) => {
    fsSync.close(fdArg(fd));
  },
  readSync: (fd, buffer, offset, length, position) => {
    const a = readArgs(buffer, offset, length, position);
    return readInto(buffer, a.offset, fsSync.readAt(fdArg(fd), a.length, a.position));
  },
  writeSync: (fd, data, offset, length, position) => {
    const w = writeArgs(data, offset, length, position);
    return fsSync.writeAt(fdArg(fd), w.bytes, w.position);
  },
  fstatSync: (fd) => new Stats(jsonParse(fsSync.fstat(fdArg(fd)))),
  ftruncateSync: (fd, length = 0) => {
    fsSync.ftruncate(fdArg(fd), length);
  },
  fsyncSync: (fd) => {
    fsSync.fsync(fdArg(fd));
  },
  fdatasyncSync: (fd) => {
    fsSync.fsync(fdArg(fd));
  },
  readdirSync: (p, options) =>
    options && options.recursive
      ? readdirRecursive(p, options, (d) => fsSync.readdir(d))
      : dirResult(fsSync.readdir(pathArg(p)), p, options),
  statSync: (p, options) => {
    try {
      return new Stats(jsonParse(fsSync.stat(pathArg(p), true)));
    } catch (e) {
      if (options && options.throwIfNoEntry === false && e.code === 'ENOENT') return undefined;
      throw e;
    }
  },
  lstatSync: (p) => new Stats(jsonParse(fsSync.stat(pathArg(p), false))),
  mkdirSync: (p, options) => {
    const r = !!(options && options.recursive);
    const existed = r && fsSync.exists(pathArg(p));
    fsSync.mkdir(pathArg(p), r);
    return r && !existed ? path.resolve(pathArg(p)) : undefined;
  },
  rmSync: (p, options = {}) => {
    fsSync.rm(pathArg(p), !!options.recursive, !!options.force);
  },
  rmdirSync: (p, options = {}) => {
    options.recursive ? fsSync.rm(pathArg(p), true, false) : fsSync.rmdir(pathArg(p));
  },
  unlinkSync: (p) => {
    fsSync.unlink(pathArg(p));
  },
  renameSync: (a, b) => {
    fsSync.rename(pathArg(a), pathArg(b));
  },
  copyFileSync: (a, b) => {
    fsSync.copy(pathArg(a), pathArg(b));
  },
  realpathSync: (p) => fsSync.realpath(pathArg(p)),
  mkdtempSync: (prefix) => pathArg(prefix) + fsSync.mkdtemp(pathArg(prefix)),
  chmodSync: (p, mode) => {
    fsSync.chmod(pathArg(p), modeArg(mode));
  },
  symlinkSync: (target, p) => {
    fsSync.symlink(pathArg(target), pathArg(p));
  },
  readlinkSync: (p) => fsSync.readlink(pathArg(p)),
  linkSync: (existing, p) => {
    fsSync.link(pathArg(existing), pathArg(p));
  },
  chownSync: (p, uid, gid) => {
    fsSync.chown(pathArg(p), uid, gid, true);
  },
  lchownSync: (p, uid, gid) => {
    fsSync.chown(pathArg(p), uid, gid, false);
  },
  fchownSync: (fd, uid, gid) => {
    fsSync.fchown(fdArg(fd), uid, gid);
  },
  fchmodSync: (fd, mode) => {
    fsSync.fchmod(fdArg(fd), modeArg(mode));
  },
  // Node's scatter and gather: each buffer in turn, from `position` on (or
  // the cursor), and the bytes moved in all.
  readvSync: (fd, buffers, position) => {
    let total = 0;
    for (const buffer of buffers) {
      const at = typeof position === 'number' ? position + total : null;
      const n = fs.readSync(fd, buffer, 0, buffer.byteLength, at);
      total += n;
      if (n < buffer.byteLength) break;
    }
    return total;
  },
  writevSync: (fd, buffers, position) => {
    let total = 0;
    for (const buffer of buffers) {
      const at = typeof position === 'number' ? position + total : null;
      total += fs.writeSync(fd, buffer, 0, buffer.byteLength, at);
    }
    return total;
  },
  opendirSync: (p, options) =>
    new (need('node/internal/fs/dir').Dir)(pathArg(p), fs.readdirSync(p, { ...options, withFileTypes: true })),
  truncateSync: (p, length = 0) => {
    fsSync.truncate(pathArg(p), length);
  },
  utimesSync: (p, atime, mtime) => {
    fsSync.utimes(pathArg(p), secondsArg(atime), secondsArg(mtime));
  },
  cpSync: (src, dest, options) =>
    copyWith(
      {
        lstat: fs.lstatSync,
        mkdir: fs.mkdirSync,
        readdir: fs.readdirSync,
        exists: fs.existsSync,
        symlink: fs.symlinkSync,
        readlink: fs.readlinkSync,
        copyFile: fs.copyFileSync,
        utimes: fs.utimesSync,
      },
      src,
      dest,
      options,
    ),
  existsSync: (p) => {
    try {
      return fsSync.exists(pathArg(p));
    } catch {
      return false;
    }
  },
  accessSync: (p) => {
    if (!fsSync.exists(pathArg(p))) throw noEntry('access', pathArg(p));
  },
  promises: fsPromises,
  constants: {
    F_OK: 0,
    R_OK: 4,
    W_OK: 2,
    X_OK: 1,
    O_RDONLY: O.RDONLY,
    O_WRONLY: O.WRONLY,
    O_RDWR: O.RDWR,
    O_CREAT: O.CREAT,
    O_EXCL: O.EXCL,
    O_TRUNC: O.TRUNC,
    O_APPEND: O.APPEND,
  },
  Stats,
  Dirent,
  ReadStream,
  WriteStream,
  Dir: need('node/internal/fs/dir').Dir,
};
// Callback forms: fs.readFile(p, [options], cb) and friends.
for (const name of Object.keys(fsPromises)) {
  if (name === 'exists') {
    fs.exists = (p, cb) => {
      fsPromises.exists(p).then(
        (v) => deliver(cb, v),
        () => deliver(cb, false),
      );
    };
    continue;
  }
  fs[name] = (...args) => {
    const cb = args.pop();
    if (typeof cb !== 'function') throw new TypeError(`fs.${name}: the last argument must be a callback`);
    fsPromises[name](...args).then(
      (v) => deliver(cb, null, v),
      (e) => deliver(cb, e),
    );
  };
}
fs.realpathSync.native = fs.realpathSync;
// An async iterator, not a promise, so not among the callback forms above.
fsPromises.glob = globAsync;
// A FileHandle, where the callback form gives a descriptor.
fsPromises.open = async (p, flags, mode) => new FileHandle(await fsAsync.open(...openArgs(p, flags, mode)));
fsPromises.FileHandle = FileHandle;
// Descriptor callback forms: fs.read's and fs.write's callbacks also get
// the buffer.
const withCallback = (args, run) => {
  const cb = args.pop();
  if (typeof cb !== 'function') throw new TypeError('The "cb" argument must be of type function');
  run(...args).then(
    (result) => deliver(cb, null, ...(Array.isArray(result) ? result : [result])),
    (e) => deliver(cb, e),
  );
};
fs.open = (...args) =>
  withCallback(args, (p, flags, mode) =>
    fsAsync.open(...openArgs(p, typeof flags === 'function' ? undefined : flags, mode)),
  );
fs.close = (fd, cb = () => {}) => withCallback([cb], () => fsAsync.close(fdArg(fd)).then(() => []));
fs.read = (fd, ...args) =>
  withCallback(args, async (buffer, offset, length, position) => {
    const a = readArgs(buffer, offset, length, position);
    return [readInto(buffer, a.offset, await fsAsync.readAt(fdArg(fd), a.length, a.position)), buffer];
  });
fs.write = (fd, data, ...args) =>
  withCallback(args, async (offset, length, position) => {
    const w = writeArgs(data, offset, length, position);
    return [await fsAsync.writeAt(fdArg(fd), w.bytes, w.position), data];
  });
fs.fstat = (fd, cb) => withCallback([cb], async () => new Stats(jsonParse(await fsAsync.fstat(fdArg(fd)))));
fs.ftruncate = (fd, ...args) => withCallback(args, (length = 0) => fsAsync.ftruncate(fdArg(fd), length).then(() => []));
fs.fsync = (fd, cb) => withCallback([cb], () => fsAsync.fsync(fdArg(fd)).then(() => []));
fs.fchown = (fd, uid, gid, cb) => withCallback([cb], () => fsAsync.fchown(fdArg(fd), uid, gid).then(() => []));
fs.fchmod = (fd, mode, cb) => withCallback([cb], () => fsAsync.fchmod(fdArg(fd), modeArg(mode)).then(() => []));
fs.readv = (fd, buffers, ...args) =>
  withCallback(args, async (position) => [fs.readvSync(fd, buffers, position), buffers]);
fs.writev = (fd, buffers, ...args) =>
  withCallback(args, async (position) => [fs.writevSync(fd, buffers, position), buffers]);
fs.globSync = globSync;
fs.glob = (patterns, ...rest) => {
  const cb = rest.pop();
  if (typeof cb !== 'function') throw new TypeError('fs.glob: the last argument must be a callback');
  globFoundAsync(patterns, rest[0]).then(
    (found) => deliver(cb, null, found),
    (e) => deliver(cb, e),
  );
};

return { fs, fsPromises, openArgs };
