// ---- node/child_process.js: node:child_process over host.spawn* / host.runSync ----
const { processEnv } = need('node/process');
const { pathArg } = need('internal/files');
const { bufferOf, toBuffer, utf8Decoder } = need('internal/buffer');
const { EventEmitter } = need('node/events');
const { promisify } = need('node/util');
const { deliver } = need('internal/uncaught');
function spawnSpec(file, args, options = {}) {
  // Values as strings, as the op reads them: a tool may have set
  // `process.env.PORT = 8080`.
  const env = Object.fromEntries(
    Object.entries(options.env || processEnv)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const timeout = Number(options.timeout) > 0 ? Number(options.timeout) : undefined;
  return jsonStringify({
    file: String(file),
    args: (args || []).map(String),
    cwd: options.cwd === undefined ? undefined : pathArg(String(options.cwd)),
    env,
    timeout,
  });
}
// `stdio: 'inherit'` (or ['…', 'inherit', 'inherit']): what the child prints
// goes to the call's console (the log), never to what the model reads.
function inheritsOutput(options) {
  const stdio = options.stdio;
  return stdio === 'inherit' || (Array.isArray(stdio) && stdio[1] === 'inherit' && stdio[2] === 'inherit');
}
function shellArgs(command, options = {}) {
  const shell = typeof options.shell === 'string' ? options.shell : '/bin/sh';
  return [shell, ['-c', String(command)]];
}
function inputOf(options) {
  return options && options.input !== undefined ? bufferOf(options.input) : null;
}

// Starts a process; resolves to { code, signal, killed, stdout: Buffer, stderr: Buffer }.
function runProcess(file, args, options = {}, cancelId) {
  const signal = options.signal;
  if (signal && signal.aborted) return Promise.reject(signal.reason);
  const id = cancelId === undefined ? host.newCancel() : cancelId;
  const onAbort = () => host.cancel(id);
  if (signal) signal.addEventListener('abort', onAbort);
  let timer;
  if (options.timeout > 0) timer = setTimeout(() => host.cancel(id), options.timeout);
  return host
    .run(spawnSpec(file, args, options), inputOf(options), id)
    .then(([meta, out, err]) => {
      const m = jsonParse(meta);
      return {
        code: m.code,
        signal: m.signal,
        killed: m.killed,
        stdout: toBuffer(new Uint8Array(out)),
        stderr: toBuffer(new Uint8Array(err)),
      };
    })
    .finally(() => {
      if (signal) signal.removeEventListener('abort', onAbort);
      if (timer !== undefined) clearTimeout(timer);
      host.forgetCancel(id);
    });
}

// A stream of a child's output: 'data' as the process writes, then 'end'.
class ChildOutput extends EventEmitter {
  constructor() {
    super();
    this.encoding = undefined;
  }
  setEncoding(encoding) {
    this.encoding = encoding;
    return this;
  }
}
// The child's input: writes reach the process in order, `end` closes it.
class ChildInput extends EventEmitter {
  #handle;
  #queue = Promise.resolve();
  #ended = false;
  constructor(handle) {
    super();
    this.#handle = handle;
  }
  write(chunk, encoding, callback) {
    if (typeof encoding === 'function') callback = encoding;
    if (this.#ended) {
      const error = new Error('write after end');
      error.code = 'ERR_STREAM_WRITE_AFTER_END';
      queueMicrotask(() => (callback ? callback(error) : this.emit('error', error)));
      return false;
    }
    const bytes = bufferOf(
      typeof chunk === 'string' && typeof encoding === 'string' ? Buffer.from(chunk, encoding) : chunk,
    );
    this.#queue = this.#queue.then(() =>
      host.spawnWrite(this.#handle, bytes).then(
        () => callback?.(null),
        (error) => (callback ? callback(error) : this.emit('error', error)),
      ),
    );
    return true;
  }
  end(chunk, encoding, callback) {
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    if (this.#ended) return this;
    this.#ended = true;
    this.#queue = this.#queue.then(() => {
      host.spawnEnd(this.#handle);
      this.emit('finish');
      callback?.();
    });
    return this;
  }
}

// Bun's error for a child that could not start: a missing program is
// "Executable not found in $PATH", with Node's code, errno and syscall
// (the host's error carries the code: `ops/process.rs`'s `spawn_error`).
// `syscall` is `spawnSync` for the synchronous forms. Properties in Bun's order.
function spawnFailure(error, file, args, syscall = 'spawn') {
  // Only the host's own error: an abort signal's reason passes as it is.
  if (!String(error?.syscall).startsWith('spawn ')) return error;
  const code = error.code;
  const failure = new Error(code === 'ENOENT' ? `Executable not found in $PATH: "${file}"` : error.message);
  return Object.assign(failure, {
    code,
    path: file,
    errno: code === 'ENOENT' ? -2 : -5,
    syscall: `${syscall} ${file}`,
    spawnargs: (args || []).map(String),
  });
}
// A process started by spawn, exec or execFile. Its output arrives as the
// process writes it (`ops/child.rs`); exec and execFile collect it for their
// callback through `_done`.
class ChildProcess extends EventEmitter {
  constructor(file, args, options = {}) {
    super();
    this.spawnfile = file;
    this.spawnargs = [file, ...(args || [])];
    this.stdout = new ChildOutput();
    this.stderr = new ChildOutput();
    this.exitCode = null;
    this.signalCode = null;
    this.killed = false;
    this.pid = undefined;
    this._cancel = host.newCancel();
    let handle;
    try {
      if (options.signal?.aborted) throw options.signal.reason;
      [handle, this.pid] = host.spawnStart(spawnSpec(file, args, options));
    } catch (thrown) {
      const error = spawnFailure(thrown, file, args);
      host.forgetCancel(this._cancel);
      this.stdin = new ChildInput(0);
      this._done = Promise.resolve().then(() => {
        if (this.listenerCount('error')) deliver(() => this.emit('error', error));
        return { error };
      });
      return;
    }
    this._handle = handle;
    this.stdin = new ChildInput(handle);
    const input = inputOf(options);
    if (input !== null) this.stdin.end(toBuffer(new Uint8Array(input)));
    const onAbort = () => host.cancel(this._cancel);
    options.signal?.addEventListener('abort', onAbort);
    // As in Node and Bun: a child past its `timeout` gets `killSignal`.
    const timer =
      options.timeout > 0 ? setTimeout(() => this.kill(options.killSignal ?? 'SIGTERM'), options.timeout) : undefined;
    const collected = { 1: [], 2: [] };
    const kept = { 1: 0, 2: 0 };
    const pump = async (which, stream) => {
      for (;;) {
        const chunk = await host.spawnRead(handle, which);
        if (chunk === null) break;
        const bytes = toBuffer(new Uint8Array(chunk));
        // exec's and execFile's `maxBuffer`: what fits is kept, the child
        // is killed, and the callback's error names the stream.
        const room = this._maxBuffer === undefined ? bytes.length : this._maxBuffer - kept[which];
        if (this._overflow === undefined && room < bytes.length) {
          this._overflow = which === 1 ? 'stdout' : 'stderr';
          this.kill(options.killSignal ?? 'SIGTERM');
        }
        if (room > 0) {
          collected[which].push(room < bytes.length ? bytes.subarray(0, room) : bytes);
          kept[which] += Math.min(room, bytes.length);
        }
        const encoding = stream.encoding ?? options.encoding;
        deliver(() => stream.emit('data', Buffer.isEncoding(encoding) ? bytes.toString(encoding) : bytes));
      }
      deliver(() => stream.emit('end'));
      deliver(() => stream.emit('close'));
    };
    const exited = host.spawnWait(handle, this._cancel).then((meta) => {
      const m = jsonParse(meta);
      this.exitCode = m.code;
      this.signalCode = m.signal;
      deliver(() => this.emit('exit', m.code, m.signal));
      return m;
    });
    this._done = Promise.all([exited, pump(1, this.stdout), pump(2, this.stderr)])
      .then(([m]) => {
        deliver(() => this.emit('close', m.code, m.signal));
        return {
          code: m.code,
          signal: m.signal,
          killed: m.killed || this.killed,
          overflow: this._overflow,
          stdout: Buffer.concat(collected[1]),
          stderr: Buffer.concat(collected[2]),
        };
      })
      .finally(() => {
        options.signal?.removeEventListener('abort', onAbort);
        if (timer !== undefined) clearTimeout(timer);
        host.forgetCancel(this._cancel);
      });
  }
  kill(signal = 'SIGTERM') {
    if (this._handle === undefined || this.exitCode !== null || this.signalCode !== null) return false;
    this.killed = true;
    return typeof signal === 'number'
      ? host.spawnKill(this._handle, String(signal))
      : host.spawnKill(this._handle, signal);
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
}

function execError(command, r) {
  const error = new Error(`Command failed: ${command}${r.stderr.length ? '\n' + r.stderr.toString() : ''}`);
  // In Bun's order.
  error.code = r.code;
  error.killed = r.killed;
  error.signal = r.signal;
  error.cmd = command;
  return error;
}

function normalizeExecArgs(options, callback) {
  if (typeof options === 'function') return [{}, options];
  return [options || {}, callback];
}

// Node's callback for exec and execFile: (error, stdout, stderr), decoded as
// `options.encoding` asks.
function answerWhenDone(child, commandText, options, callback) {
  // Node's default for exec and execFile: 1 MiB per stream.
  child._maxBuffer = options.maxBuffer ?? 1024 * 1024;
  child._done.then((r) => {
    if (callback) deliver(answer, r);
  });
  const answer = (r) => {
    // A child that never started: Bun's error also names the command.
    if (r.error?.spawnargs) r.error.cmd = commandText;
    if (r.error) return callback(r.error, '', '');
    // Node's default is utf8, but an `encoding` given as anything that is
    // not an encoding ('buffer', null, undefined) leaves Buffers.
    const encoding = 'encoding' in options ? options.encoding : 'utf8';
    const decode = (b) => (Buffer.isEncoding(encoding) ? b.toString(encoding) : b);
    if (r.overflow) {
      const error = new RangeError(`${r.overflow} maxBuffer length exceeded`);
      Object.defineProperty(error, 'code', {
        value: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER',
        writable: true,
        configurable: true,
      });
      error.cmd = commandText;
      return callback(error, decode(r.stdout), decode(r.stderr));
    }
    // The outputs go to the callback; only the promise form adds them to
    // the error (as Node and Bun do).
    const failed = r.code !== 0 || r.signal;
    const err = failed ? execError(commandText, r) : null;
    callback(err, decode(r.stdout), decode(r.stderr));
  };
  return child;
}

function exec(command, options, callback) {
  [options, callback] = normalizeExecArgs(options, callback);
  const [file, args] = shellArgs(command, options);
  return answerWhenDone(new ChildProcess(file, args, options), command, options, callback);
}
exec[promisify.custom] = (command, options) =>
  new Promise((resolve, reject) => {
    exec(command, options, (err, stdout, stderr) =>
      err ? reject(Object.assign(err, { stdout, stderr })) : resolve({ stdout, stderr }),
    );
  });

function execFile(file, args, options, callback) {
  if (typeof args === 'function') {
    callback = args;
    args = [];
    options = {};
  } else if (!Array.isArray(args)) {
    callback = options;
    options = args;
    args = [];
  }
  [options, callback] = normalizeExecArgs(options, callback);
  return answerWhenDone(new ChildProcess(file, args, options), [file, ...args].join(' '), options, callback);
}
execFile[promisify.custom] = (file, args, options) =>
  new Promise((resolve, reject) => {
    execFile(file, args || [], options || {}, (err, stdout, stderr) =>
      err ? reject(Object.assign(err, { stdout, stderr })) : resolve({ stdout, stderr }),
    );
  });

function spawn(command, args, options) {
  checkFile(command);
  if (!Array.isArray(args)) {
    options = args;
    args = [];
  }
  options = options || {};
  if (options.shell) {
    const [file, shellArgv] = shellArgs([command, ...args].join(' '), options);
    return new ChildProcess(file, shellArgv, options);
  }
  return new ChildProcess(command, args, options);
}

function runSyncRaw(file, args, options = {}) {
  let ran;
  try {
    ran = host.runSync(spawnSpec(file, args, options), inputOf(options));
  } catch (error) {
    throw spawnFailure(error, file, args, 'spawnSync');
  }
  const [meta, out, err] = ran;
  const m = jsonParse(meta);
  const inherited = inheritsOutput(options);
  if (inherited) {
    if (out.byteLength) host.log('log', utf8Decoder.decode(new Uint8Array(out)).replace(/\n$/, ''));
    if (err.byteLength) host.log('error', utf8Decoder.decode(new Uint8Array(err)).replace(/\n$/, ''));
  }
  const result = {
    status: m.code,
    signal: m.signal,
    stdout: inherited ? null : toBuffer(new Uint8Array(out)),
    stderr: inherited ? null : toBuffer(new Uint8Array(err)),
  };
  if (m.timedOut) result.error = timedOut(file);
  return result;
}
// What Node and Bun report when a synchronous child outlives its `timeout`.
function timedOut(file) {
  const error = new Error(`spawnSync ${file} ETIMEDOUT`);
  Object.assign(error, {
    name: 'SystemError',
    code: 'ETIMEDOUT',
    errno: -110,
    syscall: `spawnSync ${file}`,
    path: file,
  });
  return error;
}
// spawnSync's result for a child that never started, as Bun gives it.
function notStarted(error) {
  return { signal: null, status: null, output: null, pid: 0, error, stdout: undefined, stderr: undefined };
}
// Node's check of the program's name, before anything starts.
function checkFile(file) {
  if (typeof file === 'string') return;
  const error = new TypeError(
    `The "file" argument must be of type string. Received ${file === null || file === undefined ? file : `type ${typeof file} (${typeof file === 'string' ? `'${file}'` : String(file)})`}`,
  );
  error.code = 'ERR_INVALID_ARG_TYPE';
  throw error;
}

function spawnSync(command, args, options) {
  checkFile(command);
  if (!Array.isArray(args)) {
    options = args;
    args = [];
  }
  options = options || {};
  let r;
  try {
    r = options.shell
      ? runSyncRaw(...shellArgs([command, ...args].join(' '), options), options)
      : runSyncRaw(command, args, options);
  } catch (error) {
    return notStarted(error);
  }
  const decode = (b) => (b && options.encoding && options.encoding !== 'buffer' ? b.toString(options.encoding) : b);
  // In Bun's order, `error` (a timeout) before the outputs.
  const result = { signal: r.signal, status: r.status, output: [null, decode(r.stdout), decode(r.stderr)], pid: 0 };
  if (r.error) result.error = r.error;
  result.stdout = decode(r.stdout);
  result.stderr = decode(r.stderr);
  return result;
}
function execSyncCommon(label, file, args, options = {}) {
  let r;
  try {
    r = runSyncRaw(file, args, options);
  } catch (error) {
    // Bun adds the empty result to the error of a child that never started.
    if (!error?.spawnargs) throw error;
    const { error: _, ...result } = notStarted(error);
    throw Object.assign(error, result);
  }
  const decode = (b) => (b && options.encoding && options.encoding !== 'buffer' ? b.toString(options.encoding) : b);
  if (r.error) {
    Object.assign(r.error, {
      status: r.status,
      signal: r.signal,
      stdout: decode(r.stdout),
      stderr: decode(r.stderr),
      output: [null, decode(r.stdout), decode(r.stderr)],
    });
    throw r.error;
  }
  if (r.status !== 0) {
    const error = new Error(`Command failed: ${label}${r.stderr && r.stderr.length ? '\n' + r.stderr.toString() : ''}`);
    Object.assign(error, {
      signal: r.signal,
      status: r.status,
      output: [null, decode(r.stdout), decode(r.stderr)],
      pid: 0,
      stdout: decode(r.stdout),
      stderr: decode(r.stderr),
    });
    throw error;
  }
  return decode(r.stdout);
}
function execSync(command, options = {}) {
  return execSyncCommon(command, ...shellArgs(command, options), options);
}
function execFileSync(file, args, options) {
  if (!Array.isArray(args)) {
    options = args;
    args = [];
  }
  return execSyncCommon([file, ...args].join(' '), file, args, options || {});
}

const childProcess = {
  exec,
  execFile,
  spawn,
  execSync,
  execFileSync,
  spawnSync,
  ChildProcess,
  fork() {
    throw new Error('child_process.fork is not provided by this runtime');
  },
};

return { childProcess, runProcess, runSyncRaw, spawnSpec, spawnFailure };
