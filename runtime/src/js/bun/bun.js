// ---- bun/bun.js: the `Bun` global and the `bun` module -----------------------
const { fsAsync, fsSync, pathArg, isURL } = need('internal/files');
const { path } = need('node/path');
const { processEnv, hrtime } = need('node/process');
// `$` is a function with properties (`$.cwd`, `$.escape`), so it cannot be a
// lazy stand-in; its unit is small.
const { $ } = need('bun/shell');
// Every other unit is needed where it is used: compiling a unit costs about
// a millisecond per two kilobytes of its source, and a tool that reads a file
// with `Bun.file` should not pay for processes, URLs and `inspect` too.
const childProcess = () => need('node/child_process');
const buffers = () => need('internal/buffer');
// The host's own codec, as `buffer` uses: reading a file as text needs no more.
const utf8Decoder = new host.TextDecoder();
const fileURLToPath = (url) => need('node/internal/url').fileURLToPath(url);
// `import { … } from 'bun'` reads every property of `Bun`, so the lazy ones
// are functions that load their unit when called, not getters.
const inspect = (...args) => need('internal/inspect').inspect(...args);
inspect.custom = Symbol.for('nodejs.util.inspect.custom');
const info = hostInfo();
// Bun.randomUUIDv7: the timestamp's 48 bits of milliseconds, version 7, a
// 12-bit counter that steps within one millisecond (so ids made in the same
// millisecond still sort in order) and starts at random in its lower half on
// a new one, so two thousand ids of one millisecond sort before it wraps; then
// the variant and random bits.
const uuidV7Clock = { last: -1, counter: 0 };
const MAX_UUID_TIME = 2 ** 48 - 1;
function randomUUIDv7(encoding, timestamp) {
  if (typeof encoding === 'number' || encoding instanceof Date) [encoding, timestamp] = [undefined, encoding];
  encoding = encoding === undefined ? 'hex' : encoding;
  if (!['hex', 'base64', 'base64url', 'buffer'].includes(encoding)) {
    throw Object.assign(new TypeError('Encoding must be one of base64, base64url, hex, or buffer'), {
      code: 'ERR_UNKNOWN_ENCODING',
    });
  }
  const time = timestamp === undefined ? Date.now() : Math.floor(Number(timestamp));
  if (!(time >= 0 && time <= MAX_UUID_TIME)) {
    throw Object.assign(
      new RangeError(
        `The value of "timestamp" is out of range. It must be >= 0 and <= ${MAX_UUID_TIME}. Received ${time}`,
      ),
      { code: 'ERR_OUT_OF_RANGE' },
    );
  }
  const bytes = new Uint8Array(host.randomBytes(16));
  if (time === uuidV7Clock.last) uuidV7Clock.counter = (uuidV7Clock.counter + 1) & 0xfff;
  else uuidV7Clock.counter = ((bytes[6] << 8) | bytes[7]) & 0x7ff;
  uuidV7Clock.last = time;
  let rest = time;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[6] = 0x70 | (uuidV7Clock.counter >> 8);
  bytes[7] = uuidV7Clock.counter & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const buffer = buffers().toBuffer(bytes);
  if (encoding === 'buffer') return buffer;
  if (encoding !== 'hex') return buffer.toString(encoding);
  const hex = buffer.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

class BunFile {
  constructor(p, options = {}) {
    this.name = pathArg(isURL(p) ? fileURLToPath(p) : p);
    this.type = options.type || mimeOf(this.name);
  }
  async text() {
    return utf8Decoder.decode(new Uint8Array(await fsAsync.read(this.name)));
  }
  async json() {
    return jsonParse(await this.text());
  }
  async arrayBuffer() {
    return fsAsync.read(this.name);
  }
  async bytes() {
    return new Uint8Array(await fsAsync.read(this.name));
  }
  async exists() {
    return fsAsync.exists(this.name);
  }
  get size() {
    try {
      return jsonParse(fsSync.stat(this.name, true)).size;
    } catch {
      return 0;
    }
  }
  get lastModified() {
    try {
      return jsonParse(fsSync.stat(this.name, true)).mtimeMs;
    } catch {
      return 0;
    }
  }
  async write(data) {
    return Bun.write(this, data);
  }
  async delete() {
    await fsAsync.rm(this.name, false, true);
  }
  _bytes() {
    return this.bytes();
  }
}
function mimeOf(name) {
  const ext = path.extname(name).toLowerCase();
  return (
    {
      '.json': 'application/json;charset=utf-8',
      '.txt': 'text/plain;charset=utf-8',
      '.html': 'text/html;charset=utf-8',
      '.js': 'text/javascript;charset=utf-8',
      '.ts': 'text/javascript;charset=utf-8',
      '.md': 'text/markdown;charset=utf-8',
      '.csv': 'text/csv;charset=utf-8',
      '.png': 'image/png',
      '.jpg': 'image/jpeg',
      '.svg': 'image/svg+xml',
    }[ext] || 'application/octet-stream'
  );
}

async function bunWrite(destination, data) {
  const target =
    destination instanceof BunFile
      ? destination.name
      : pathArg(isURL(destination) ? fileURLToPath(destination) : destination);
  let bytes;
  if (data instanceof BunFile) bytes = new Uint8Array(await fsAsync.read(data.name));
  else if (data instanceof Response) bytes = await data.bytes();
  else if (data && typeof data.getReader === 'function') bytes = await need('web/streams/readable').streamBytes(data);
  else bytes = buffers().bytesOf(data);
  // Bun creates the folders a path names when they are missing.
  await fsAsync.mkdir(path.dirname(path.resolve(target)), true);
  await fsAsync.write(target, buffers().bufferOf(bytes), false);
  return bytes.byteLength;
}

// A subprocess's output, read from the pipe as the process writes it (so a
// child never blocks on a full pipe nobody reads) and handed out as a
// ReadableStream made on first read of `proc.stdout`, so that a spawn whose
// output is never read does not load the streams unit.
function outputStream(proc, name, handle, which) {
  const chunks = [];
  let controller = null;
  let ended = false;
  const pumped = (async () => {
    for (;;) {
      const chunk = await host.spawnRead(handle, which);
      if (chunk === null) break;
      const bytes = new Uint8Array(chunk);
      if (controller) controller.enqueue(bytes);
      else chunks.push(bytes);
    }
    ended = true;
    controller?.close();
  })();
  let stream;
  Object.defineProperty(proc, name, {
    enumerable: true,
    configurable: true,
    get() {
      if (!stream)
        stream = new ReadableStream({
          start(c) {
            for (const bytes of chunks.splice(0)) c.enqueue(bytes);
            if (ended) c.close();
            else controller = c;
          },
        });
      return stream;
    },
  });
  return pumped;
}

// `proc.stdin` for `stdin: 'pipe'`: Bun's FileSink. Writes reach the child in
// order; `end` closes its input.
function fileSink(handle) {
  let queue = Promise.resolve();
  return {
    write(chunk) {
      const bytes = buffers().bytesOf(chunk);
      const copy = buffers().bufferOf(bytes);
      queue = queue.then(() => host.spawnWrite(handle, copy));
      return bytes.byteLength;
    },
    flush() {
      return queue.then(() => 0);
    },
    end() {
      queue = queue.then(() => host.spawnEnd(handle));
      return queue.then(() => 0);
    },
    ref() {},
    unref() {},
  };
}

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGPIPE: 13, SIGTERM: 15 };

// A program Bun.spawn or Bun.spawnSync could not start: Bun's own error
// names less than node:child_process's (no syscall, no spawnargs).
function bunSpawnError(error) {
  if (!error?.spawnargs) return error;
  const { code, path, errno } = error;
  return Object.assign(new Error(error.message), { code, path, errno });
}
function bunSpawn(cmd, options = {}) {
  if (!Array.isArray(cmd)) {
    options = cmd;
    cmd = options.cmd;
  }
  const [file, ...args] = cmd;
  const id = host.newCancel();
  const spec = childProcess().spawnSpec(file, args, { cwd: options.cwd, env: options.env });
  let handle;
  let pid;
  try {
    if (options.signal?.aborted) throw options.signal.reason;
    [handle, pid] = host.spawnStart(spec);
  } catch (error) {
    host.forgetCancel(id);
    throw bunSpawnError(childProcess().spawnFailure(error, file, args));
  }
  const onAbort = () => host.cancel(id);
  options.signal?.addEventListener('abort', onAbort);
  const stdin = options.stdin;
  const proc = {
    pid,
    stdin: undefined,
    exitCode: null,
    signalCode: null,
    killed: false,
    kill(signal = 'SIGTERM') {
      proc.killed = true;
      host.spawnKill(handle, typeof signal === 'number' ? String(signal) : signal);
    },
    ref() {},
    unref() {},
  };
  if (stdin === 'pipe') proc.stdin = fileSink(handle);
  else if (stdin === undefined || stdin === null || stdin === 'ignore' || stdin === 'inherit') host.spawnEnd(handle);
  else {
    const sink = fileSink(handle);
    Promise.resolve(stdin instanceof Response || stdin instanceof Blob ? stdin.arrayBuffer() : stdin).then((data) => {
      sink.write(data);
      sink.end();
    });
  }
  const pumps = [outputStream(proc, 'stdout', handle, 1), outputStream(proc, 'stderr', handle, 2)];
  proc.exited = host
    .spawnWait(handle, id)
    .then((meta) => {
      const m = jsonParse(meta);
      proc.exitCode = m.code;
      proc.signalCode = m.signal;
      if (options.onExit) options.onExit(proc, m.code, m.signal);
      return m.code ?? 128 + (SIGNAL_NUMBERS[m.signal] ?? 9);
    })
    .finally(() => {
      options.signal?.removeEventListener('abort', onAbort);
      Promise.all(pumps).finally(() => host.forgetCancel(id));
    });
  return proc;
}
function bunSpawnSync(cmd, options = {}) {
  if (!Array.isArray(cmd)) {
    options = cmd;
    cmd = options.cmd;
  }
  const [file, ...args] = cmd;
  let r;
  try {
    r = childProcess().runSyncRaw(file, args, {
      cwd: options.cwd,
      env: options.env,
      input: options.stdin && typeof options.stdin !== 'string' ? options.stdin : undefined,
    });
  } catch (error) {
    throw bunSpawnError(error);
  }
  return { exitCode: r.status, signalCode: r.signal, success: r.status === 0, stdout: r.stdout, stderr: r.stderr };
}

// Bun.CryptoHasher: node:crypto's Hash under Bun's names and errors.
class CryptoHasher {
  // Bun's list: node:crypto's digests with BLAKE2 before and SHAKE after.
  // A getter, so that touching `Bun` does not load node:crypto.
  static get algorithms() {
    const { getHashes } = need('node/crypto').nodeCrypto;
    return ['blake2b256', 'blake2b512', 'blake2s256', ...getHashes(), 'shake128', 'shake256'];
  }
  constructor(algorithm, key) {
    const { createHash, createHmac } = need('node/crypto').nodeCrypto;
    if (!CryptoHasher.algorithms.includes(String(algorithm).toLowerCase())) {
      const error = new TypeError(`Unsupported algorithm ${algorithm}`);
      error.code = 'ERR_INVALID_ARG_TYPE';
      throw error;
    }
    this.algorithm = String(algorithm).toLowerCase();
    this._hash = key === undefined ? createHash(this.algorithm) : createHmac(this.algorithm, key);
  }
  update(data, encoding) {
    // Bun takes an ArrayBuffer too, where node:crypto's Hash wants a view.
    this._hash.update(data instanceof ArrayBuffer ? new Uint8Array(data) : data, encoding);
    return this;
  }
  digest(encoding) {
    return this._hash.digest(encoding);
  }
  copy() {
    const copy = Object.create(CryptoHasher.prototype);
    copy.algorithm = this.algorithm;
    copy._hash = this._hash.copy();
    return copy;
  }
  static hash(algorithm, data, encoding) {
    return new CryptoHasher(algorithm).update(data).digest(encoding);
  }
}

// Bun.Glob: the host matches and walks (`ops/glob.rs`); a scan is one
// listing read at once, handed out by an iterator as Bun's is.
class Glob {
  #pattern;
  constructor(pattern) {
    if (typeof pattern !== 'string') throw new TypeError('pattern must be a string');
    this.#pattern = pattern;
  }
  match(path) {
    if (typeof path !== 'string') throw new TypeError('str must be a string');
    return host.globMatch(this.#pattern, path);
  }
  scanSync(options) {
    return jsonParse(host.globScan(...globScanArgs(this.#pattern, options)))[Symbol.iterator]();
  }
  async *scan(options) {
    yield* jsonParse(await host.globScanAsync(...globScanArgs(this.#pattern, options)));
  }
  get [Symbol.toStringTag]() {
    return 'Glob';
  }
}
function globScanArgs(pattern, options) {
  const o = typeof options === 'string' ? { cwd: options } : (options ?? {});
  const cwd = o.cwd === undefined ? '.' : pathArg(o.cwd);
  return [pattern, cwd, !!o.dot, o.onlyFiles !== false, !!o.followSymlinks, !!o.absolute];
}

// Bun.YAML.parse and Bun.TOML.parse take text or its UTF-8 bytes.
function documentText(input) {
  if (input instanceof ArrayBuffer || ArrayBuffer.isView(input)) return new TextDecoder().decode(input);
  return String(input);
}

// The host arguments of a Bun.password hash: algorithm, memory (KiB),
// passes, bcrypt cost, with Bun's defaults.
const PASSWORD_ALGORITHMS = ['bcrypt', 'argon2id', 'argon2d', 'argon2i'];
function passwordBytes(password) {
  const bytes = typeof password === 'string' ? password : buffers().bufferOf(password);
  if ((typeof bytes === 'string' ? bytes.length : bytes.byteLength) === 0) {
    const error = new TypeError('password must not be empty');
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  return bytes;
}
function passwordOptions(options) {
  const o = typeof options === 'string' ? { algorithm: options } : (options ?? {});
  const algorithm = o.algorithm ?? 'argon2id';
  if (!PASSWORD_ALGORITHMS.includes(algorithm)) {
    const error = new TypeError(
      `Expected algorithm to be a unknown algorithm, expected one of: "bcrypt", "argon2id", "argon2d", "argon2i" (default is "argon2id") for 'hash'.`,
    );
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  return [algorithm, o.memoryCost ?? 65536, o.timeCost ?? 2, o.cost ?? 10];
}
const password = {
  hash: async (pw, options) => host.passwordHashAsync(passwordBytes(pw), ...passwordOptions(options)),
  hashSync: (pw, options) => host.passwordHash(passwordBytes(pw), ...passwordOptions(options)),
  verify: async (pw, hash) => host.passwordVerifyAsync(passwordBytes(pw), String(hash)),
  verifySync: (pw, hash) => host.passwordVerify(passwordBytes(pw), String(hash)),
};

function notProvided(name) {
  return () => {
    throw new Error(`${name} is not provided by this runtime`);
  };
}
// Bun.hash: wyhash (the default) is the prelude's own; the other algorithms
// are the host's (`ops/checksums.rs`), a number for the 32-bit ones and a
// BigInt for the 64-bit ones, as in Bun. No crate gives Bun's CityHash
// values, so those two are not provided.
const bunHash = (data, seed) => need('bun/hash').wyhash(data, seed);
bunHash.wyhash = (data, seed) => need('bun/hash').wyhash(data, seed);
const HASH_ALGORITHMS = ['adler32', 'crc32', 'cityHash32', 'cityHash64', 'xxHash32', 'xxHash64', 'xxHash3'];
for (const name of [...HASH_ALGORITHMS, 'murmur32v2', 'murmur32v3', 'murmur64v2', 'rapidhash']) {
  bunHash[name] = name.startsWith('city')
    ? notProvided(`Bun.hash.${name}`)
    : (data, seed) => {
        const out = host.checksum(name, buffers().bufferOf(data), String(need('bun/hash').seedOf(seed)));
        return typeof out === 'string' ? BigInt(out) : out;
      };
}

const Bun = {
  version: '1.2.0',
  revision: 'beeuni',
  env: processEnv,
  argv: process.argv,
  main: info.cwd,
  $,
  spawn: bunSpawn,
  spawnSync: bunSpawnSync,
  file: (p, options) => new BunFile(p, options),
  write: bunWrite,
  which: (command) => host.which(String(command)),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms instanceof Date ? ms - Date.now() : ms)),
  sleepSync() {
    throw new Error('Bun.sleepSync is not provided by this runtime: use await Bun.sleep(ms)');
  },
  nanoseconds: () => Number(hrtime.bigint()),
  inspect,
  randomUUIDv7,
  deepEquals: (a, b) => need('node/util').deepEqual(a, b),
  escapeHTML: (s) =>
    String(s)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;'),
  fileURLToPath,
  pathToFileURL: (path) => need('node/internal/url').pathToFileURL(path),
  CryptoHasher,
  Glob,
  semver: {
    satisfies: (version, range) => host.semverSatisfies(String(version), String(range)),
    order: (a, b) => host.semverOrder(String(a), String(b)),
  },
  hash: bunHash,
  readableStreamToText: (stream) => need('web/streams/readable').streamText(stream),
  readableStreamToBytes: (stream) => need('web/streams/readable').streamBytes(stream),
  readableStreamToArrayBuffer: async (stream) =>
    buffers().bufferOf(await need('web/streams/readable').streamBytes(stream)),
  readableStreamToJSON: async (stream) => jsonParse(await need('web/streams/readable').streamText(stream)),
  readableStreamToArray: (stream) => need('web/streams/readable').readAll(stream),
  password,
  YAML: {
    parse: (input) => host.yamlParse(documentText(input)),
    stringify: (value, replacer, space) => need('bun/yaml').stringify(value, replacer, space),
  },
  TOML: {
    parse: (input) => host.tomlParse(documentText(input)),
    stringify: (value) => need('bun/toml').stringify(value),
  },
  gzipSync: (data, options) => need('node/zlib').bunZlib.gzipSync(data, options),
  gunzipSync: (data, options) => need('node/zlib').bunZlib.gunzipSync(data, options),
  deflateSync: (data, options) => need('node/zlib').bunZlib.deflateSync(data, options),
  inflateSync: (data, options) => need('node/zlib').bunZlib.inflateSync(data, options),
  zstdCompressSync: (data, options) => need('node/zlib').bunZlib.zstdCompressSync(data, options),
  zstdDecompressSync: (data) => need('node/zlib').bunZlib.zstdDecompressSync(data),
  zstdCompress: (data, options) => need('node/zlib').bunZlib.zstdCompress(data, options),
  zstdDecompress: (data) => need('node/zlib').bunZlib.zstdDecompress(data),
};

return { Bun };
