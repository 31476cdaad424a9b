// ---- node/fs.js: node:fs and node:fs/promises -----------------------------------
const { fsSync, fsAsync, noEntry, pathArg } = need('internal/files');
const { normalizeEncoding, encodeString, toBuffer, bufferOf } = need('internal/buffer');
const { path } = need('node/path');
const { deliver } = need('internal/uncaught');
const V = need('node/internal/fs/validate');

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
    return this.kind === 'fifo';
  }
  isSocket() {
    return this.kind === 'socket';
  }
  isCharacterDevice() {
    return this.kind === 'char';
  }
  isBlockDevice() {
    return this.kind === 'block';
  }
}
// Node's order of a Stats object's fields.
// Bun's order of a Stats object's own fields; the dates are accessors on
// the prototype, made from the milliseconds when first read.
const STAT_FIELDS = ['dev', 'ino', 'mode', 'nlink', 'uid', 'gid', 'rdev', 'size', 'blksize', 'blocks'];
// The positional arguments of Node's `new Stats(…)`.
const STAT_ARGS = ['dev', 'mode', 'nlink', 'uid', 'gid', 'rdev', 'blksize', 'ino', 'size', 'blocks'];
const STAT_TIMES = ['atime', 'mtime', 'ctime', 'birthtime'];
// A kind from the S_IFMT bits of a mode.
const KINDS = new Map([
  [0o100000, 'file'],
  [0o40000, 'dir'],
  [0o120000, 'symlink'],
  [0o10000, 'fifo'],
  [0o140000, 'socket'],
  [0o20000, 'char'],
  [0o60000, 'block'],
]);
class StatsBase extends FileType {
  constructor(s, bigint, raw) {
    super();
    // `{ bigint: true }`: every number a BigInt, and the times also in
    // nanoseconds (`atimeNs`), as Node gives them.
    const whole = (n) => (raw ? n : bigint ? BigInt(Math.floor(n ?? 0)) : (n ?? 0));
    for (const key of STAT_FIELDS) this[key] = whole(s[key]);
    for (const t of STAT_TIMES) this[`${t}Ms`] = whole(s[`${t}Ms`]);
    if (bigint)
      for (const t of STAT_TIMES)
        this[`${t}Ns`] = BigInt(Math.floor(s[`${t}Ms`])) * 1000000n + BigInt(Math.round((s[`${t}Ms`] % 1) * 1e6));
    Object.defineProperty(this, 'kind', { enumerable: false, value: s.kind });
  }
}
for (const t of STAT_TIMES) {
  const kept = Symbol(t);
  Object.defineProperty(StatsBase.prototype, t, {
    enumerable: true,
    configurable: true,
    get() {
      if (!Object.hasOwn(this, kept))
        Object.defineProperty(this, kept, { value: new Date(Number(this[`${t}Ms`])), writable: true });
      return this[kept];
    },
    set(value) {
      Object.defineProperty(this, kept, { value, writable: true });
    },
  });
}
// Stats(host's stat, bigint), or Node's public form: Stats(dev, mode,
// nlink, uid, gid, rdev, blksize, ino, size, blocks, atimeMs, mtimeMs,
// ctimeMs, birthtimeMs). A function, as Node's is: callable without `new`.
function Stats(...args) {
  const [first, bigint = false] = args;
  if (first !== null && typeof first === 'object')
    return Reflect.construct(StatsBase, [first, bigint, false], new.target ?? Stats);
  const s = {};
  [...STAT_ARGS, 'atimeMs', 'mtimeMs', 'ctimeMs', 'birthtimeMs'].forEach((k, i) => {
    s[k] = args[i];
  });
  s.kind = KINDS.get(Number(s.mode ?? 0) & 0o170000) ?? 'none';
  return Reflect.construct(StatsBase, [s, false, true], new.target ?? Stats);
}
Stats.prototype = StatsBase.prototype;
Object.defineProperty(StatsBase.prototype, 'constructor', { value: Stats, writable: true, configurable: true });
const statsOf = (json, options) => new Stats(jsonParse(json), !!options?.bigint);
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
  return typeof options === 'string' ? options : options?.encoding;
}
// A path or name the host gave as text, in the `encoding` asked for.
function named(text, options) {
  const enc = encodingOf(options);
  if (!enc) return text;
  if (enc === 'buffer') return Buffer.from(text);
  return normalizeEncoding(enc) === 'utf8' ? text : Buffer.from(text).toString(enc);
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
// Node's cp errors: `${what}: cp returned ${code} (${detail}) ${path}`.
function cpError(code, what, sysCode, errno, detail, where) {
  const error = new Error(`${what}: cp returned ${sysCode} (${detail}) ${where}`);
  error.name = 'SystemError';
  Object.assign(error, {
    code,
    errno,
    syscall: 'cp',
    path: where,
    info: { code: sysCode, message: detail, path: where, syscall: 'cp', errno },
  });
  return error;
}
const invalidCp = (detail, where) => cpError('ERR_FS_CP_EINVAL', 'Invalid src or dest', 'EINVAL', 22, detail, where);
// Whether `dest` is `src` or inside it, by their resolved names.
function isSubdir(src, dest) {
  const a = path.resolve(src).split('/').filter(Boolean);
  const b = path.resolve(dest).split('/').filter(Boolean);
  return a.every((part, i) => b[i] === part);
}
const sameFile = (a, b) => b && b.ino && b.dev && a.ino === b.ino && a.dev === b.dev;
// `cp`'s walk as steps ([operation, ...arguments], answered with its
// result), so the synchronous and the promise form share one description.
// It checks as Node does before it copies: the same file, a folder over a
// file and the reverse, a folder into itself.
function* cpCheck(src, dest, options) {
  if (options.filter && !(yield ['filter', src, dest])) return null;
  const srcStat = yield [options.dereference ? 'stat' : 'lstat', src];
  const destStat = yield ['statOrNull', dest, !!options.dereference];
  if (destStat) {
    if (sameFile(srcStat, destStat)) throw invalidCp('src and dest cannot be the same', dest);
    if (srcStat.isDirectory() && !destStat.isDirectory())
      throw cpError(
        'ERR_FS_CP_DIR_TO_NON_DIR',
        'Cannot overwrite non-directory with directory',
        'EISDIR',
        21,
        `cannot overwrite non-directory ${dest} with directory ${src}`,
        dest,
      );
    if (!srcStat.isDirectory() && destStat.isDirectory())
      throw cpError(
        'ERR_FS_CP_NON_DIR_TO_DIR',
        'Cannot overwrite directory with non-directory',
        'ENOTDIR',
        20,
        `cannot overwrite directory ${dest} with non-directory ${src}`,
        dest,
      );
  }
  if (srcStat.isDirectory() && isSubdir(src, dest))
    throw invalidCp(`cannot copy ${src} to a subdirectory of self ${dest}`, dest);
  return { srcStat, destStat };
}
function* copySteps(src, dest, options) {
  const checked = yield* cpCheck(src, dest, options);
  if (checked === null) return;
  // No folder above dest may be src itself (through a link).
  const srcParent = path.resolve(path.dirname(src));
  for (let dir = path.resolve(path.dirname(dest)); dir !== srcParent && dir !== path.dirname(dir); ) {
    if (sameFile(checked.srcStat, yield ['statOrNull', dir, true]))
      throw invalidCp(`cannot copy ${src} to a subdirectory of self ${dest}`, dest);
    dir = path.dirname(dir);
  }
  // As in Node and Bun, a file copied on its own gets its missing folders.
  if (!(yield ['exists', path.dirname(dest)])) yield ['mkdir', path.dirname(dest), { recursive: true }];
  yield* copyItem(checked, src, dest, options);
}
function* copyItem({ srcStat, destStat }, src, dest, options) {
  if (srcStat.isDirectory()) {
    if (!options.recursive)
      throw cpError('ERR_FS_EISDIR', 'Path is a directory', 'EISDIR', 21, `${src} is a directory (not copied)`, src);
    if (!destStat) yield ['mkdir', dest];
    for (const name of yield ['readdir', src]) {
      const from = path.join(src, name);
      const to = path.join(dest, name);
      const inner = yield* cpCheck(from, to, options);
      if (inner !== null) yield* copyItem(inner, from, to, options);
    }
    if (!destStat) yield ['chmod', dest, srcStat.mode & 0o7777];
    return;
  }
  if (srcStat.isSymbolicLink()) {
    // A relative link's target is made absolute unless `verbatimSymlinks`.
    const target = yield ['readlink', src];
    const resolved =
      options.verbatimSymlinks || path.isAbsolute(target) ? target : path.resolve(path.dirname(src), target);
    if (!destStat) return void (yield ['symlink', resolved, dest]);
    let destTarget = yield ['readlinkOrNull', dest];
    if (destTarget === null) return void (yield ['symlink', resolved, dest]);
    if (!path.isAbsolute(destTarget)) destTarget = path.resolve(path.dirname(dest), destTarget);
    // Only a link to a folder can lead into itself.
    const toFolder = (yield ['statOrNull', src, true])?.isDirectory();
    if (toFolder && isSubdir(resolved, destTarget))
      throw invalidCp(`cannot copy ${resolved} to a subdirectory of self ${destTarget}`, dest);
    if (toFolder && isSubdir(destTarget, resolved))
      throw cpError(
        'ERR_FS_CP_SYMLINK_TO_SUBDIRECTORY',
        'Cannot overwrite symlink in subdirectory of self',
        'EINVAL',
        22,
        `cannot overwrite ${destTarget} with ${resolved}`,
        dest,
      );
    yield ['unlink', dest];
    yield ['symlink', resolved, dest];
    return;
  }
  if (destStat) {
    if (options.force === false) {
      if (options.errorOnExist)
        throw cpError('ERR_FS_CP_EEXIST', 'Target already exists', 'EEXIST', 17, `${dest} already exists`, dest);
      return;
    }
    yield ['unlink', dest];
  }
  yield ['copyFile', src, dest, options.mode];
  if (options.preserveTimestamps) yield ['utimes', dest, srcStat.atime, srcStat.mtime];
}
// What a step does, given the fs functions of one form.
function cpStep(ops, name, args, options) {
  if (name === 'filter') return options.filter(...args);
  if (name === 'statOrNull') {
    const [p, follow] = args;
    return ops.tryStat(p, follow);
  }
  if (name === 'readlinkOrNull') return ops.tryReadlink(args[0]);
  return ops[name](...args);
}
function copyWith(ops, src, dest, options = {}) {
  const steps = copySteps(src, dest, options);
  let step = steps.next();
  while (!step.done) {
    const [name, ...args] = step.value;
    const result = cpStep(ops, name, args, options);
    if (name === 'filter' && result instanceof Promise) {
      const error = new TypeError(
        'Expected boolean to be returned from the "filter" function but got an instance of Promise.',
      );
      error.code = 'ERR_INVALID_RETURN_VALUE';
      throw error;
    }
    step = steps.next(result);
  }
}
async function copyWithAsync(ops, src, dest, options = {}) {
  const steps = copySteps(src, dest, options);
  let step = steps.next();
  while (!step.done) {
    const [name, ...args] = step.value;
    step = steps.next(await cpStep(ops, name, args, options));
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
  const bits = Object.hasOwn(OPEN_FLAGS, flags) ? OPEN_FLAGS[flags] : undefined;
  if (bits === undefined) throw V.valueError('flags', flags);
  return bits;
}
function openArgs(p, flags, mode) {
  return [V.path(p), flagsArg(flags ?? 'r'), V.mode(mode, 'mode', 0o666)];
}
const fdArg = (fd) => V.fd(fd);
// The offset, length and position of a read into `buffer` once checked
// (`length` 0 reads nothing).
function readChecked(buffer, offset, length, position) {
  V.bufferView(buffer);
  offset = offset === undefined || offset === null ? 0 : V.integer(offset, 'offset', 0);
  length |= 0;
  if (length === 0) return { offset, length, position: null };
  if (buffer.byteLength === 0) throw V.valueError('buffer', buffer, 'is empty and cannot be written');
  if (length < 0) throw V.rangeError('length', '>= 0', length);
  if (offset + length > buffer.byteLength) throw V.rangeError('length', `<= ${buffer.byteLength - offset}`, length);
  return { offset, length, position: V.position(position, length) };
}
// read(fd, buffer, offset, length, position) or read(fd, buffer, { offset, length, position }).
function readArgs(buffer, offset, length, position, optionsForm) {
  if (optionsForm || (offset !== null && typeof offset === 'object')) {
    if (offset !== undefined && offset !== null) V.object(offset, 'options');
    ({ offset = 0, length = buffer.byteLength - offset, position = null } = offset ?? {});
  }
  return readChecked(buffer, offset, length, position);
}
function readInto(buffer, offset, bytes) {
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).set(new Uint8Array(bytes), offset);
  return bytes.byteLength;
}
// write(fd, buffer, offset, length, position) or write(fd, text, position, encoding).
function writeArgs(data, offset, length, position) {
  if (typeof data === 'string') {
    const encoding = typeof length === 'string' ? V.encoding(length) : 'utf8';
    const bytes = normalizeEncoding(encoding) === 'utf8' ? data : encodeString(data, encoding);
    return { bytes: bufferOf(bytes), position: typeof offset === 'number' ? V.position(offset) : null };
  }
  if (!ArrayBuffer.isView(data))
    throw V.typeError('buffer', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
  if (offset !== null && typeof offset === 'object')
    ({ offset = 0, length = data.byteLength - offset, position = null } = offset);
  offset = offset === undefined || offset === null ? 0 : V.integer(offset, 'offset', 0);
  if (typeof length !== 'number') length = data.byteLength - offset;
  if (typeof position !== 'number' && typeof position !== 'bigint') position = null;
  if (offset > data.byteLength) throw V.rangeError('offset', `<= ${data.byteLength}`, offset);
  if (length > data.byteLength - offset) throw V.rangeError('length', `<= ${data.byteLength - offset}`, length);
  if (length < 0) throw V.rangeError('length', '>= 0', length);
  V.int32(length, 'length', 0);
  const view = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return { bytes: bufferOf(view.subarray(offset, offset + length)), position: V.position(position, length) };
}

function checkAborted(signal) {
  if (signal === undefined || signal === null) return;
  if (typeof signal !== 'object' || !('aborted' in signal))
    throw V.typeError('options.signal', 'an instance of AbortSignal', signal);
  if (!signal.aborted) return;
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  error.code = 'ABORT_ERR';
  if (signal.reason !== undefined) error.cause = signal.reason;
  throw error;
}
// Data as one string or buffer: an iterable or a stream's chunks joined.
async function gathered(data, signal) {
  if (typeof data === 'string' || ArrayBuffer.isView(data) || data === null || typeof data !== 'object') return data;
  if (!(Symbol.asyncIterator in data) && !(Symbol.iterator in data)) return data;
  const chunks = [];
  for await (const chunk of data) {
    checkAborted(signal);
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(V.data(chunk)));
  }
  return Buffer.concat(chunks);
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
    await fsAsync.fchmod(this.#fd, V.mode(mode));
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
  async read(buffer, offset, length, position) {
    // read(), read(options) or read(buffer, offset | options, length, position).
    if (buffer !== undefined && buffer !== null && !ArrayBuffer.isView(buffer)) {
      V.object(buffer, 'options');
      ({ buffer = Buffer.alloc(16384), offset, length, position } = buffer);
    }
    buffer ??= Buffer.alloc(16384);
    const a = readArgs(buffer, offset, length, position);
    if (a.length === 0) return { bytesRead: 0, buffer };
    const bytesRead = readInto(buffer, a.offset, await fsAsync.readAt(this.#fd, a.length, a.position));
    return { bytesRead, buffer };
  }
  async write(data, offset, length, position) {
    const w = writeArgs(data, offset, length, position);
    const bytesWritten = await fsAsync.writeAt(this.#fd, w.bytes, w.position);
    return { buffer: data, bytesWritten };
  }
  async readFile(options) {
    const o = V.options(options);
    checkAborted(o.signal);
    const bytes = await fsAsync.readRest(this.#fd);
    checkAborted(o.signal);
    return readResult(bytes, o);
  }
  // Node writes from the cursor, so after earlier writes this does not
  // start at the beginning of the file.
  async writeFile(data, options) {
    const o = V.options(options, { encoding: 'utf8' });
    checkAborted(o.signal);
    const bytes = writeData(V.data(await gathered(data, o.signal)), o);
    await fsAsync.writeAt(this.#fd, bytes, null);
    checkAborted(o.signal);
  }
  async appendFile(data, options) {
    await this.writeFile(data, options);
  }
  async stat(options) {
    return statsOf(await fsAsync.fstat(this.#fd), options);
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

// ---- The operations: each one's checks, then its work, in three forms ----
// `prep` checks and normalizes the arguments (throwing at once, also for the
// callback form, as Node does); `sync` and `async` then do the work on what
// it gave, with the host's inline or pooled operations. From each entry come
// `fs.nameSync`, `fs.promises.name` and `fs.name(..., callback)`.
const operations = {};
function define(name, arity, prep, sync, later, callbackName = 'cb') {
  operations[name] = { arity, prep, sync, async: later, callbackName };
}
// One host operation, answered by `post` (nothing by default).
function hosted(name, arity, prep, host, post = () => undefined) {
  define(
    name,
    arity,
    prep,
    (...args) => post(fsSync[host](...args), ...args),
    async (...args) => post(await fsAsync[host](...args), ...args),
  );
}
const asPath = (p) => [V.path(p)];
const ids = (uid, gid) => [V.integer(uid, 'uid', -1, V.MAX_ID) >>> 0, V.integer(gid, 'gid', -1, V.MAX_ID) >>> 0];

// readFile and writeFile on a path opened with other flags than the plain ones.
function readWith(ops, target, options) {
  if (target.fd !== undefined) return ops.readRest(target.fd);
  if (options.flag === 'r' || options.flag === undefined) return ops.read(target.path);
  return ops.open(target.path, flagsArg(options.flag), 0o666);
}
define(
  'readFile',
  3,
  (p, options) => {
    const o = V.options(options, { flag: 'r' });
    o.flag ??= 'r';
    flagsArg(o.flag);
    return [V.pathOrFd(p), o];
  },
  (target, o) => {
    const got = readWith(fsSync, target, o);
    if (typeof got !== 'number') return readResult(got, o);
    try {
      return readResult(fsSync.readRest(got), o);
    } finally {
      fsSync.close(got);
    }
  },
  async (target, o) => {
    const got = await readWith(fsAsync, target, o);
    if (typeof got !== 'number') return readResult(got, o);
    try {
      return readResult(await fsAsync.readRest(got), o);
    } finally {
      await fsAsync.close(got);
    }
  },
);
function writeFilePrep(flag) {
  return (p, data, options) => {
    const o = V.options(options, { encoding: 'utf8', flag });
    o.flag ??= flag;
    o.mode = V.mode(o.mode, 'mode', 0o666);
    if (o.flush !== undefined && o.flush !== null) V.boolean(o.flush, 'flush');
    flagsArg(o.flag);
    return [V.pathOrFd(p), writeData(V.data(data), o), o];
  };
}
// Plain 'w' and 'a' go to the host's one-step write; other flags open the file.
function writeWith(ops, target, bytes, o) {
  if (target.fd !== undefined) return ops.writeAt(target.fd, bytes, null);
  // A new file's mode other than the default needs the file opened with it,
  // and `flush` its descriptor, to sync it before it closes.
  if ((o.flag === 'w' || o.flag === 'a') && o.mode === 0o666 && o.flush !== true)
    return ops.write(target.path, bytes, o.flag === 'a');
  return ops.open(target.path, flagsArg(o.flag), o.mode);
}
for (const [name, flag] of [
  ['writeFile', 'w'],
  ['appendFile', 'a'],
]) {
  define(
    name,
    4,
    writeFilePrep(flag),
    (target, bytes, o) => {
      const opened = writeWith(fsSync, target, bytes, o);
      if (target.fd !== undefined || typeof opened !== 'number') return;
      try {
        fsSync.writeAt(opened, bytes, null);
        // Through the module's own `fsyncSync`, as Node calls it.
        if (o.flush === true) fs.fsyncSync(opened);
      } finally {
        fsSync.close(opened);
      }
    },
    async (target, bytes, o) => {
      const opened = await writeWith(fsAsync, target, bytes, o);
      if (target.fd !== undefined || typeof opened !== 'number') return;
      try {
        await fsAsync.writeAt(opened, bytes, null);
        if (o.flush === true)
          await new Promise((resolve, reject) => fs.fsync(opened, (error) => (error ? reject(error) : resolve())));
      } finally {
        await fsAsync.close(opened);
      }
    },
  );
}
function accessPrep(p, mode) {
  V.smallMode(mode);
  return [V.path(p)];
}
define(
  'access',
  3,
  accessPrep,
  (p) => {
    if (!fsSync.exists(p)) throw noEntry('access', p);
  },
  async (p) => {
    if (!(await fsAsync.exists(p))) throw noEntry('access', p);
  },
);
define(
  'stat',
  3,
  (p, options) => [V.path(p), options],
  (p, options) => {
    try {
      return statsOf(fsSync.stat(p, true), options);
    } catch (e) {
      if (options?.throwIfNoEntry === false && e.code === 'ENOENT') return undefined;
      throw e;
    }
  },
  async (p, options) => statsOf(await fsAsync.stat(p, true), options),
);
define(
  'lstat',
  3,
  (p, options) => [V.path(p), options],
  (p, options) => {
    try {
      return statsOf(fsSync.stat(p, false), options);
    } catch (e) {
      if (options?.throwIfNoEntry === false && e.code === 'ENOENT') return undefined;
      throw e;
    }
  },
  async (p, options) => statsOf(await fsAsync.stat(p, false), options),
);
hosted(
  'fstat',
  3,
  (fd, options) => [fdArg(fd), options],
  'fstat',
  (json, _fd, options) => statsOf(json, options),
);
function mkdirPrep(p, options) {
  let recursive = false;
  let mode = 0o777;
  if (typeof options === 'number' || typeof options === 'string') mode = V.mode(options, 'mode');
  else if (options) {
    if (options.recursive !== undefined) recursive = options.recursive;
    if (options.mode !== undefined) mode = V.mode(options.mode, 'options.mode');
  }
  V.boolean(recursive, 'options.recursive');
  return [V.path(p), recursive, mode];
}
define(
  'mkdir',
  3,
  mkdirPrep,
  (p, recursive, mode) => {
    const existed = recursive && fsSync.exists(p);
    fsSync.mkdir(p, recursive, mode);
    return recursive && !existed ? path.resolve(p) : undefined;
  },
  async (p, recursive, mode) => {
    const existed = recursive && (await fsAsync.exists(p));
    await fsAsync.mkdir(p, recursive, mode);
    return recursive && !existed ? path.resolve(p) : undefined;
  },
);
function rmPrep(p, options) {
  const o = { force: false, recursive: false, maxRetries: 0, retryDelay: 100, ...V.object(options ?? {}, 'options') };
  V.boolean(o.force, 'options.force');
  V.boolean(o.recursive, 'options.recursive');
  V.int32(o.retryDelay, 'options.retryDelay', 0);
  V.uint32(o.maxRetries, 'options.maxRetries');
  return [V.path(p), o.recursive, o.force];
}
hosted('rm', 3, rmPrep, 'rm');
// rmdir's `recursive` (deprecated in Node) removes a folder and what is in
// it, and refuses a file as rmdir does.
let rmdirWarned = false;
function rmdirPrep(p, options) {
  const recursive = options?.recursive;
  if (recursive !== undefined) V.boolean(recursive, 'options.recursive');
  if (recursive && !rmdirWarned) {
    rmdirWarned = true;
    process.emitWarning(
      'In future versions of Node.js, fs.rmdir(path, { recursive: true }) will be removed. Use fs.rm(path, { recursive: true }) instead',
      'DeprecationWarning',
      'DEP0147',
    );
  }
  return [V.path(p), !!recursive];
}
function notADirectory(p) {
  return Object.assign(new Error(`ENOTDIR: not a directory, rmdir '${p}'`), {
    errno: -20,
    code: 'ENOTDIR',
    syscall: 'rmdir',
    path: p,
  });
}
define(
  'rmdir',
  3,
  rmdirPrep,
  (p, recursive) => {
    if (!recursive) return void fsSync.rmdir(p);
    if (jsonParse(fsSync.stat(p, false)).kind !== 'dir') throw notADirectory(p);
    fsSync.rm(p, true, false);
  },
  async (p, recursive) => {
    if (!recursive) return void (await fsAsync.rmdir(p));
    if (jsonParse(await fsAsync.stat(p, false)).kind !== 'dir') throw notADirectory(p);
    await fsAsync.rm(p, true, false);
  },
);
hosted('unlink', 2, asPath, 'unlink');
hosted('rename', 3, (a, b) => [V.path(a, 'oldPath'), V.path(b, 'newPath')], 'rename');
// COPYFILE_EXCL (1) refuses a destination that is there.
function copyFilePrep(src, dest, mode) {
  return [V.path(src, 'src'), V.path(dest, 'dest'), V.smallMode(mode) & 1];
}
function destExists(src, dest) {
  return Object.assign(new Error(`EEXIST: file already exists, copyfile '${src}' -> '${dest}'`), {
    errno: -17,
    code: 'EEXIST',
    syscall: 'copyfile',
    path: src,
    dest,
  });
}
define(
  'copyFile',
  4,
  copyFilePrep,
  (src, dest, exclusive) => {
    if (exclusive && fsSync.exists(dest)) throw destExists(src, dest);
    fsSync.copy(src, dest);
  },
  async (src, dest, exclusive) => {
    if (exclusive && (await fsAsync.exists(dest))) throw destExists(src, dest);
    await fsAsync.copy(src, dest);
  },
);
const withEncoding = (p, options) => [V.path(p), V.options(options)];
// Node warns once of a template ending in X (other systems fill those in).
let templateWarned = false;
function nonPortable(prefix) {
  if (prefix.endsWith('X') && !templateWarned) {
    templateWarned = true;
    process.emitWarning(
      'mkdtemp() templates ending with X are not portable. For details see: https://nodejs.org/api/fs.html',
    );
  }
  return prefix;
}
hosted('realpath', 3, withEncoding, 'realpath', (text, _p, o) => named(text, o));
hosted(
  'mkdtemp',
  3,
  (prefix, options) => [nonPortable(V.path(prefix, 'prefix')), V.options(options)],
  'mkdtemp',
  (name, prefix, o) => named(prefix + name, o),
);
hosted('chmod', 3, (p, mode) => [V.path(p), V.mode(mode)], 'chmod');
hosted('fchmod', 3, (fd, mode) => [fdArg(fd), V.mode(mode)], 'fchmod');
function symlinkPrep(target, p, type) {
  if (type !== undefined && type !== null && !['dir', 'file', 'junction'].includes(type))
    throw V.valueError('type', type, "must be one of: 'dir', 'file', 'junction', null");
  return [V.path(target, 'target'), V.path(p)];
}
hosted('symlink', 4, symlinkPrep, 'symlink');
hosted('readlink', 3, withEncoding, 'readlink', (text, _p, o) => named(text, o));
hosted('link', 3, (a, b) => [V.path(a, 'existingPath'), V.path(b, 'newPath')], 'link');
hosted('chown', 4, (p, uid, gid) => [V.path(p), ...ids(uid, gid), true], 'chown');
hosted('lchown', 4, (p, uid, gid) => [V.path(p), ...ids(uid, gid), false], 'chown');
hosted('fchown', 4, (fd, uid, gid) => [fdArg(fd), ...ids(uid, gid)], 'fchown');
const lengthArg = (len) => Math.max(0, len === undefined || len === null ? 0 : V.integer(len, 'len'));
hosted('truncate', 3, (p, len) => [V.path(p), lengthArg(len)], 'truncate');
hosted('ftruncate', 3, (fd, len) => [fdArg(fd), lengthArg(len)], 'ftruncate');
hosted('utimes', 4, (p, atime, mtime) => [V.path(p), V.time(atime), V.time(mtime)], 'utimes');
hosted('open', 4, openArgs, 'open', (fd) => fd);
hosted('fsync', 2, (fd) => [fdArg(fd)], 'fsync');
hosted('fdatasync', 2, (fd) => [fdArg(fd)], 'fsync');
// fs.statfs: what the host's statfs says of the file system under a path.
class StatFs {
  constructor(s, bigint) {
    for (const key of ['type', 'bsize', 'frsize', 'blocks', 'bfree', 'bavail', 'files', 'ffree'])
      this[key] = bigint ? BigInt(s[key]) : s[key];
  }
}
define(
  'statfs',
  3,
  (p, options) => [V.path(p), options],
  (p, options) => new StatFs(jsonParse(host.fsStatFs(p)), !!options?.bigint),
  async (p, options) => new StatFs(jsonParse(await host.fsStatFsAsync(p)), !!options?.bigint),
);
function readdirPrep(p, options) {
  const o = V.options(options);
  if (o.recursive !== undefined) V.boolean(o.recursive, 'options.recursive');
  if (o.withFileTypes !== undefined) V.boolean(o.withFileTypes, 'options.withFileTypes');
  return [V.path(p), o];
}
const named_ = (list, o) => (o.withFileTypes ? list : list.map((n) => named(n, o)));
define(
  'readdir',
  3,
  readdirPrep,
  (p, o) =>
    named_(o.recursive ? readdirRecursive(p, o, (d) => fsSync.readdir(d)) : dirResult(fsSync.readdir(p), p, o), o),
  async (p, o) => {
    if (!o.recursive) return named_(dirResult(await fsAsync.readdir(p), p, o), o);
    const out = [];
    const walk = async (rel) => {
      const dir = rel ? path.join(p, rel) : p;
      for (const [name, kind] of jsonParse(await fsAsync.readdir(dir))) {
        const r = rel ? `${rel}/${name}` : name;
        out.push(o.withFileTypes ? new Dirent(name, kind, dir) : r);
        if (kind === 'dir') await walk(r);
      }
    };
    await walk('');
    return named_(out, o);
  },
);
define(
  'opendir',
  3,
  (p, options) => {
    const o = V.options(options);
    if (o.bufferSize !== undefined) V.integer(o.bufferSize, 'options.bufferSize', 1, 2 ** 32 - 1);
    return [V.path(p), o];
  },
  (p, o) => new (need('node/internal/fs/dir').Dir)(p, fs.readdirSync(p, { ...o, withFileTypes: true })),
  async (p, o) => new (need('node/internal/fs/dir').Dir)(p, await fsPromises.readdir(p, { ...o, withFileTypes: true })),
  'callback',
);
function cpPrep(src, dest, options) {
  const o = options === undefined ? {} : V.object(options, 'options');
  // Present means checked, as Node spreads the options over its defaults.
  for (const key of ['dereference', 'errorOnExist', 'force', 'preserveTimestamps', 'recursive', 'verbatimSymlinks'])
    if (Object.hasOwn(o, key)) V.boolean(o[key], `options.${key}`);
  if (o.filter !== undefined && o.filter !== null) V.fn(o.filter, 'options.filter');
  if (o.mode !== undefined) V.integer(o.mode, 'options.mode', 0, 7);
  if (o.dereference === true && o.verbatimSymlinks === true) {
    const error = new TypeError('Option "dereference" cannot be used in combination with option "verbatimSymlinks"');
    error.code = 'ERR_INCOMPATIBLE_OPTION_PAIR';
    throw error;
  }
  return [V.path(src, 'src'), V.path(dest, 'dest'), o];
}
define(
  'cp',
  4,
  cpPrep,
  (src, dest, o) => copyWith(cpSyncOps, src, dest, o),
  (src, dest, o) => copyWithAsync(cpAsyncOps, src, dest, o),
);
// The fs functions `cp` walks with; a missing file answers null.
const orNull = (f) => {
  try {
    return f();
  } catch (e) {
    if (e.code === 'ENOENT' || e.code === 'EINVAL' || e.code === 'ENOTDIR') return null;
    throw e;
  }
};
const orNullAsync = (promise) =>
  promise.catch((e) => {
    if (e.code === 'ENOENT' || e.code === 'EINVAL' || e.code === 'ENOTDIR') return null;
    throw e;
  });
const cpSyncOps = {
  stat: (p) => fs.statSync(p),
  lstat: (p) => fs.lstatSync(p),
  tryStat: (p, follow) => orNull(() => (follow ? fs.statSync(p) : fs.lstatSync(p))),
  tryReadlink: (p) => orNull(() => fs.readlinkSync(p)),
  mkdir: (p, o) => fs.mkdirSync(p, o),
  readdir: (p) => fs.readdirSync(p),
  exists: (p) => fs.existsSync(p),
  symlink: (t, p) => fs.symlinkSync(t, p),
  readlink: (p) => fs.readlinkSync(p),
  unlink: (p) => fs.unlinkSync(p),
  chmod: (p, m) => fs.chmodSync(p, m),
  copyFile: (a, b, m) => fs.copyFileSync(a, b, m),
  utimes: (p, a, m) => fs.utimesSync(p, a, m),
};
const cpAsyncOps = {
  stat: (p) => fsPromises.stat(p),
  lstat: (p) => fsPromises.lstat(p),
  tryStat: (p, follow) => orNullAsync(follow ? fsPromises.stat(p) : fsPromises.lstat(p)),
  tryReadlink: (p) => orNullAsync(fsPromises.readlink(p)),
  mkdir: (p, o) => fsPromises.mkdir(p, o),
  readdir: (p) => fsPromises.readdir(p),
  exists: (p) => fsPromises.exists(p),
  symlink: (t, p) => fsPromises.symlink(t, p),
  readlink: (p) => fsPromises.readlink(p),
  unlink: (p) => fsPromises.unlink(p),
  chmod: (p, m) => fsPromises.chmod(p, m),
  copyFile: (a, b, m) => fsPromises.copyFile(a, b, m),
  utimes: (p, a, m) => fsPromises.utimes(p, a, m),
};

// readFile, writeFile and appendFile take an `options.signal`, in every
// form: an AbortError once it aborts, before or while they work.
for (const name of ['readFile', 'writeFile', 'appendFile']) {
  const operation = operations[name];
  const work = operation.async;
  operation.async = async (...args) => {
    const { signal } = args[args.length - 1];
    checkAborted(signal);
    const result = await work(...args);
    checkAborted(signal);
    return result;
  };
}
// The callback: the argument at `arity - 1`, or, when fewer were given, the
// last one if it is a function.
function callbackOf(given, arity, prep, callbackName) {
  const last = given[given.length - 1];
  const split = given.length >= arity ? arity - 1 : typeof last === 'function' ? given.length - 1 : given.length;
  const prepared = prep(...given.slice(0, split));
  return [V.callback(given[split], callbackName), prepared];
}
const fsPromises = {};
const fs = {};
for (const [name, { arity, prep, sync, async: later, callbackName }] of Object.entries(operations)) {
  fs[`${name}Sync`] = (...args) => sync(...prep(...args));
  fsPromises[name] = async (...args) => later(...prep(...args));
  fs[name] = (...given) => {
    // The arguments are checked before the callback, as Node does for most.
    const [cb, prepared] = callbackOf(given, arity, prep, callbackName);
    later(...prepared).then(
      (v) => (v === undefined ? deliver(cb, null) : deliver(cb, null, v)),
      (e) => deliver(cb, e),
    );
  };
}
fsPromises.open = async (...args) => new FileHandle(await fsAsync.open(...openArgs(...args)));
fsPromises.FileHandle = FileHandle;
fsPromises.glob = globAsync;
fsPromises.exists = async (p) => fs.existsSync(p);
// A FileHandle in place of the path.
// The promise forms take a FileHandle in place of the path, an
// `options.signal` (an AbortError once it aborts), and for writing also an
// iterable or a stream of chunks.
for (const name of ['readFile', 'writeFile', 'appendFile']) {
  const byPath = fsPromises[name];
  fsPromises[name] = async (p, ...rest) => {
    if (p instanceof FileHandle) return p[name](...rest);
    const signal = rest[name === 'readFile' ? 0 : 1]?.signal;
    checkAborted(signal);
    if (name !== 'readFile') rest[0] = await gathered(rest[0], signal);
    const result = await byPath(p, ...rest);
    checkAborted(signal);
    return result;
  };
}
// A descriptor's times, through its entry in /proc (the descriptor is the
// system's own number).
fs.futimesSync = (fd, atime, mtime) => fs.utimesSync(`/proc/self/fd/${fdArg(fd)}`, atime, mtime);
fs.futimes = (fd, atime, mtime, cb) => fs.utimes(`/proc/self/fd/${fdArg(fd)}`, atime, mtime, cb);
let existsWarned = false;
fs.existsSync = (p) => {
  try {
    return fsSync.exists(V.path(p));
  } catch (e) {
    if (e.code === 'ERR_INVALID_ARG_TYPE' && !existsWarned) {
      existsWarned = true;
      process.emitWarning(
        'Passing invalid argument types to fs.existsSync is deprecated',
        'DeprecationWarning',
        'DEP0187',
      );
    }
    return false;
  }
};
fs.exists = (p, cb) => {
  V.callback(cb);
  let path;
  try {
    path = V.path(p);
  } catch {
    return void deliver(cb, false);
  }
  fsAsync.exists(path).then(
    (v) => deliver(cb, v),
    () => deliver(cb, false),
  );
};
fs.realpathSync.native = fs.realpathSync;
fs.realpath.native = fs.realpath;
// A FileHandle as `options.fd`: the handle's own stream.
// Functions, not arrows: old code calls them with `new`.
fs.createReadStream = function createReadStream(p, options) {
  return options?.fd instanceof FileHandle
    ? options.fd.createReadStream({ ...options, fd: undefined })
    : need('node/internal/fs/streams').createReadStream(p, options);
};
fs.createWriteStream = function createWriteStream(p, options) {
  return options?.fd instanceof FileHandle
    ? options.fd.createWriteStream({ ...options, fd: undefined })
    : need('node/internal/fs/streams').createWriteStream(p, options);
};
// Node's own internal conversion, which code and tests reach for.
fs._toUnixTimestamp = (time) => V.time(time);
// close(cb) ends a stream as Node's does: a read stream is destroyed, a
// write stream ends (writing what it holds) and then closes.
ReadStream.prototype.close = function close(cb) {
  if (typeof cb === 'function') need('node/stream').Stream.finished(this, cb);
  this.destroy();
};
WriteStream.prototype.close = function close(cb) {
  if (typeof cb === 'function') {
    if (this.closed) return void queueMicrotask(cb);
    this.on('close', cb);
  }
  // Without autoClose the stream stays open once it ends: close ends it.
  if (this._autoClose === false) this.on('finish', () => this.destroy());
  this.end();
};
// autoClose reads the stream's own setting; on the prototype it is refused.
for (const [Class, name] of [
  [ReadStream, 'ReadStream'],
  [WriteStream, 'WriteStream'],
]) {
  Object.defineProperty(Class.prototype, 'autoClose', {
    configurable: true,
    get() {
      if (!Object.hasOwn(this, '_autoClose')) {
        const error = new TypeError(`Value of "this" must be of type ${name}`);
        error.code = 'ERR_INVALID_THIS';
        throw error;
      }
      return this._autoClose;
    },
    set(value) {
      this._autoClose = value;
    },
  });
}
WriteStream.prototype.destroySoon = function destroySoon(...args) {
  return this.end(...args);
};
fs.closeSync = (fd) => {
  fsSync.close(fdArg(fd));
};
fs.close = (fd, cb = () => {}) => {
  fdArg(fd);
  V.callback(cb);
  fsAsync.close(fd).then(
    () => deliver(cb, null),
    (e) => deliver(cb, e),
  );
};

// read and write: Node's several forms, told apart by the arguments given.
fs.readSync = (fd, buffer, ...rest) => {
  fdArg(fd);
  V.bufferView(buffer);
  const a = readArgs(buffer, rest[0], rest[1], rest[2], rest.length <= 1);
  if (a.length === 0) return 0;
  return readInto(buffer, a.offset, fsSync.readAt(fd, a.length, a.position));
};
fs.read = (fd, ...rest) => {
  fdArg(fd);
  let buffer;
  let a;
  let cb;
  if (rest.length <= 3) {
    // read(fd, cb), read(fd, buffer | options, cb), read(fd, buffer, options, cb).
    cb = rest.pop();
    let options = null;
    if (rest.length === 2) [buffer, options] = rest;
    else if (rest.length === 1 && !ArrayBuffer.isView(rest[0])) options = rest[0];
    else buffer = rest[0];
    if (options !== undefined && options !== null) V.object(options, 'options');
    // An options.buffer given as null is refused, as in Node.
    if (buffer === undefined) buffer = options?.buffer === undefined ? Buffer.alloc(16384) : options.buffer;
    V.bufferView(buffer);
    V.callback(cb);
    const { offset = 0, length = buffer.byteLength - offset, position = null } = options ?? {};
    a = readChecked(buffer, offset, length, position);
  } else {
    [buffer] = rest;
    cb = rest[4];
    V.bufferView(buffer);
    V.callback(cb);
    a = readChecked(buffer, rest[1], rest[2], rest[3]);
  }
  if (a.length === 0) return void deliver(cb, null, 0, buffer);
  fsAsync.readAt(fd, a.length, a.position).then(
    (bytes) => deliver(cb, null, readInto(buffer, a.offset, bytes), buffer),
    (e) => deliver(cb, e),
  );
};
fs.writeSync = (fd, data, offset, length, position) => {
  fdArg(fd);
  const w = writeArgs(data, offset, length, position);
  return fsSync.writeAt(fd, w.bytes, w.position);
};
fs.write = (fd, data, ...rest) => {
  fdArg(fd);
  const cb = rest.findLast((r) => typeof r === 'function');
  const args = rest.slice(0, rest.indexOf(cb) === -1 ? rest.length : rest.indexOf(cb));
  const w = writeArgs(data, ...args);
  V.callback(cb);
  fsAsync.writeAt(fd, w.bytes, w.position).then(
    (n) => deliver(cb, null, n, data),
    (e) => deliver(cb, e),
  );
};
// Node's scatter and gather: each buffer in turn, from `position` on (or
// the cursor), and the bytes moved in all.
fs.readvSync = (fd, buffers, position) => {
  fdArg(fd);
  V.bufferList(buffers);
  let at = typeof position === 'number' || typeof position === 'bigint' ? V.position(position) : null;
  let total = 0;
  for (const buffer of buffers) {
    if (buffer.byteLength === 0) continue;
    const n = readInto(buffer, 0, fsSync.readAt(fd, buffer.byteLength, at));
    total += n;
    if (at !== null) at += n;
    if (n < buffer.byteLength) break;
  }
  return total;
};
fs.writevSync = (fd, buffers, position) => {
  fdArg(fd);
  V.bufferList(buffers);
  let at = typeof position === 'number' || typeof position === 'bigint' ? V.position(position) : null;
  let total = 0;
  for (const buffer of buffers) {
    const view = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const n = fsSync.writeAt(fd, bufferOf(view), at);
    total += n;
    if (at !== null) at += n;
  }
  return total;
};
for (const name of ['readv', 'writev']) {
  fs[name] = (fd, buffers, ...rest) => {
    const cb = typeof rest[0] === 'function' ? rest[0] : rest[1];
    fdArg(fd);
    V.bufferList(buffers);
    V.callback(cb);
    const position = typeof rest[0] === 'function' ? null : rest[0];
    Promise.resolve()
      .then(() => fs[`${name}Sync`](fd, buffers, position))
      .then(
        (n) => deliver(cb, null, n, buffers),
        (e) => deliver(cb, e),
      );
  };
}
Object.assign(fs, {
  promises: fsPromises,
  constants: Object.assign(Object.create(null), {
    UV_FS_SYMLINK_DIR: 1,
    UV_FS_SYMLINK_JUNCTION: 2,
    O_RDONLY: O.RDONLY,
    O_WRONLY: O.WRONLY,
    O_RDWR: O.RDWR,
    UV_DIRENT_UNKNOWN: 0,
    UV_DIRENT_FILE: 1,
    UV_DIRENT_DIR: 2,
    UV_DIRENT_LINK: 3,
    UV_DIRENT_FIFO: 4,
    UV_DIRENT_SOCKET: 5,
    UV_DIRENT_CHAR: 6,
    UV_DIRENT_BLOCK: 7,
    S_IFMT: 0o170000,
    S_IFREG: 0o100000,
    S_IFDIR: 0o40000,
    S_IFCHR: 0o20000,
    S_IFBLK: 0o60000,
    S_IFIFO: 0o10000,
    S_IFLNK: 0o120000,
    S_IFSOCK: 0o140000,
    O_CREAT: O.CREAT,
    O_EXCL: O.EXCL,
    UV_FS_O_FILEMAP: 0,
    O_NOCTTY: 256,
    O_TRUNC: O.TRUNC,
    O_APPEND: O.APPEND,
    O_DIRECTORY: 65536,
    O_NOATIME: 262144,
    O_NOFOLLOW: 131072,
    O_SYNC: 1052672,
    O_DSYNC: 4096,
    O_DIRECT: 16384,
    O_NONBLOCK: 2048,
    S_IRWXU: 0o700,
    S_IRUSR: 0o400,
    S_IWUSR: 0o200,
    S_IXUSR: 0o100,
    S_IRWXG: 0o70,
    S_IRGRP: 0o40,
    S_IWGRP: 0o20,
    S_IXGRP: 0o10,
    S_IRWXO: 0o7,
    S_IROTH: 0o4,
    S_IWOTH: 0o2,
    S_IXOTH: 0o1,
    F_OK: 0,
    R_OK: 4,
    W_OK: 2,
    X_OK: 1,
    UV_FS_COPYFILE_EXCL: 1,
    COPYFILE_EXCL: 1,
    UV_FS_COPYFILE_FICLONE: 2,
    COPYFILE_FICLONE: 2,
    UV_FS_COPYFILE_FICLONE_FORCE: 4,
    COPYFILE_FICLONE_FORCE: 4,
  }),
  Stats,
  Dirent,
  ReadStream,
  WriteStream,
  Dir: need('node/internal/fs/dir').Dir,
});
fsPromises.constants = fs.constants;
// fs.F_OK and its siblings: read-only values, as Bun has them. Node warns
// on reading them (DEP0176); Bun does not, and a warning there would reach
// every tool that imports node:fs, whose namespace reads each export.
for (const name of ['F_OK', 'R_OK', 'W_OK', 'X_OK']) {
  Object.defineProperty(fs, name, { value: fs.constants[name], enumerable: true, configurable: true, writable: false });
}
// Watching: node/internal/fs/watchers.js, loaded at the first watch.
const watchers = () => need('node/internal/fs/watchers');
fs.watchFile = (...args) => watchers().watchFile(...args);
fs.unwatchFile = (...args) => watchers().unwatchFile(...args);
fs.watch = (...args) => watchers().watch(...args);
fsPromises.watch = (...args) => watchers().watchAsync(...args);
// util.promisify of the forms whose callbacks get two results resolves
// with both, named as Node names them.
const custom = Symbol.for('nodejs.util.promisify.custom');
const promisedPair =
  (fn, first, second) =>
  (...args) =>
    new Promise((resolve, reject) =>
      fn(...args, (error, a, b) => (error ? reject(error) : resolve({ [first]: a, [second]: b }))),
    );
fs.read[custom] = promisedPair(fs.read, 'bytesRead', 'buffer');
fs.write[custom] = promisedPair(fs.write, 'bytesWritten', 'buffer');
fs.readv[custom] = promisedPair(fs.readv, 'bytesRead', 'buffers');
fs.writev[custom] = promisedPair(fs.writev, 'bytesWritten', 'buffers');
fs.exists[custom] = (p) => new Promise((resolve) => fs.exists(p, resolve));
fs.globSync = globSync;
fs.glob = (patterns, ...rest) => {
  const cb = V.callback(rest.pop());
  globFoundAsync(patterns, rest[0]).then(
    (found) => deliver(cb, null, found),
    (e) => deliver(cb, e),
  );
};

return { fs, fsPromises, openArgs };
