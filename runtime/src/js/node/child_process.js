// ---- node/child_process.js: node:child_process over host.spawn* / host.runSync ----
const { processEnv } = need('node/process');
const { pathArg } = need('internal/files');
const { bufferOf, toBuffer, utf8Decoder } = need('internal/buffer');
const { EventEmitter } = need('node/events');
const { promisify } = need('node/util');
const { deliver } = need('internal/uncaught');
const { Readable, Writable } = need('node/stream');
const { abortError, later } = need('node/stream').internal;
const {
  normalizeSpawnArguments,
  normalizeExecFileArgs,
  stdioOf,
  checkTimeout,
  checkMaxBuffer,
  checkAbortSignal,
  checkNoNullBytes,
  checkType,
  validSignal,
  killSignalOf,
  signalNumber,
  invalidArg,
  coded,
  pathOf,
  checkObject,
} = need('node/internal/child_process/options');
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
    argv0: typeof options.argv0 === 'string' ? options.argv0 : undefined,
    maxBuffer: typeof options.maxBuffer === 'number' ? options.maxBuffer : undefined,
  });
}
// What becomes of a synchronous child's stdout (1) and stderr (2) by its
// `stdio` entry: kept ('pipe'), sent to the call's console ('inherit', the
// parent's own descriptor: a tool has no terminal, so the log), or dropped.
function syncOutputMode(stdio, which) {
  const entry = stdio === undefined || stdio === null ? 'pipe' : typeof stdio === 'string' ? stdio : stdio[which];
  if (entry === undefined || entry === null || entry === 'pipe' || entry === 'overlapped') return 'pipe';
  if (entry === 'inherit' || entry === which) return 'inherit';
  return 'ignore';
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
// Marks a child's output stream that another child reads as its input: the
// parent leaves it alone when its own child exits (Node's `kIsUsedAsStdio`).
const usedAsStdio = Symbol('usedAsStdio');

// A child's stdout or stderr: the bytes the process writes, pushed as they
// arrive; Node's Socket, as far as a reader can tell.
function outputStream() {
  const stream = new Readable({ read() {} });
  Object.defineProperty(stream, 'writable', { value: false, writable: true, configurable: true });
  return stream;
}
// A child's stdin: each write reaches the process in order, `end` closes it.
function inputStream(handle) {
  const stream = new Writable({
    write(chunk, encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      // A child that closed its input: Node's and Bun's EPIPE.
      host.spawnWrite(handle, bufferOf(bytes)).then(
        () => callback(),
        () => callback(Object.assign(new Error('write EPIPE'), { errno: -32, code: 'EPIPE', syscall: 'write' })),
      );
    },
    final(callback) {
      host.spawnEnd(handle);
      callback();
    },
    destroy(error, callback) {
      host.spawnEnd(handle);
      callback(error);
    },
  });
  Object.defineProperty(stream, 'readable', { value: false, writable: true, configurable: true });
  return stream;
}
// Where a child's output goes when the parent keeps no stream of it: the
// call's log for 'inherit' (a tool has no terminal), a stream it was given,
// or nowhere.
function outputSink(entry, which) {
  const log = which === 1 ? process.stdout : process.stderr;
  if (entry === 'inherit' || entry === which) return (bytes) => log.write(bytes.toString());
  if (entry === 1 || entry === 2)
    return (bytes) => (entry === 1 ? process.stdout : process.stderr).write(bytes.toString());
  if (entry !== null && typeof entry === 'object' && typeof entry.write === 'function')
    return (bytes) => entry.write(bytes);
  return () => {};
}

// A process started by spawn, exec or execFile. Its output arrives as the
// process writes it (`ops/child.rs`), into `stdout` and `stderr` or where
// `stdio` sends it; `exit` comes when it ends, `close` once its output
// streams are closed too.
class ChildProcess extends EventEmitter {
  constructor() {
    super();
    this.pid = undefined;
    this.exitCode = null;
    this.signalCode = null;
    this.killed = false;
    this.connected = false;
    this.spawnfile = undefined;
    this.spawnargs = [];
    this.stdin = null;
    this.stdout = null;
    this.stderr = null;
    this.stdio = [null, null, null];
    this._handle = undefined;
  }
  // Node's `ChildProcess.prototype.spawn`: starts `options.file` with
  // `options.args` (argv0 first).
  spawn(options) {
    checkObject(options, 'options');
    const stdio = stdioOf(options.stdio);
    if (stdio.includes('ipc')) {
      throw coded(
        Error,
        'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM',
        "child_process: an 'ipc' channel (fork's messages) is not provided by this runtime",
      );
    }
    if (options.envPairs !== undefined && !Array.isArray(options.envPairs)) {
      throw invalidArg('options.envPairs', 'an instance of Array', options.envPairs);
    }
    checkType(options.file, 'options.file', 'string');
    if (options.args !== undefined && !Array.isArray(options.args)) {
      throw invalidArg('options.args', 'an instance of Array', options.args);
    }
    const file = options.file;
    const argv = options.args === undefined ? [file] : options.args.map(String);
    this.spawnfile = file;
    this.spawnargs = argv;
    const env = options.env ?? envFromPairs(options.envPairs);
    const made = stdio.map((entry, i) => {
      if (entry !== 'pipe' || i > 2) return null;
      return i === 0 ? 'stdin' : 'output';
    });
    let handle;
    let failure;
    try {
      [handle, this.pid] = host.spawnStart(
        jsonStringify({
          file,
          args: argv.slice(1),
          cwd: options.cwd === undefined ? undefined : pathArg(options.cwd),
          env,
          argv0: argv[0],
        }),
      );
    } catch (thrown) {
      failure = spawnFailure(thrown, file, argv.slice(1));
    }
    const outputs = [null, made[1] ? outputStream() : null, made[2] ? outputStream() : null];
    this.stdout = outputs[1];
    this.stderr = outputs[2];
    if (failure) {
      // Node's and Bun's child that never started: its streams exist and
      // close; `error` comes first, then `close` with the negative errno.
      // Its stdin is already destroyed, as Bun's: a write answers false.
      this.stdin = made[0] ? new Writable({ write() {} }).destroy() : null;
      this.stdio = [this.stdin, this.stdout, this.stderr];
      later(() => {
        if (this.listenerCount('error') || this._onError) (this._onError ?? ((e) => this.emit('error', e)))(failure);
        this.emit('close', failure.errno);
        for (const stream of this.stdio) stream?.destroy();
      });
      return undefined;
    }
    this._handle = handle;
    this.stdin = made[0] ? inputStream(handle) : null;
    this.stdio = [this.stdin, this.stdout, this.stderr];
    const source = stdio[0];
    if (source !== null && typeof source === 'object' && typeof source.pipe === 'function') {
      // Another stream as the child's input: what it gives is written on.
      source[usedAsStdio] = true;
      const sink = inputStream(handle);
      source.pipe(sink);
      this.once('exit', () => source.unpipe(sink));
    } else if (!made[0]) host.spawnEnd(handle);
    if (options.input !== undefined && this.stdin) this.stdin.end(bufferOf(options.input));

    // `close` waits for the exit and for each output: its stream's `close`,
    // or the end of what goes elsewhere. The child's listeners come first,
    // so `close` is emitted before the caller's own listeners of the
    // streams' `close` run, as in Node.
    let pending = 3;
    const settle = () => {
      pending -= 1;
      if (pending === 0) this.emit('close', this.exitCode, this.signalCode);
    };
    for (const stream of outputs) stream?.once('close', settle);
    this._collected = { 1: [], 2: [] };
    const kept = { 1: 0, 2: 0 };
    const pump = async (which) => {
      const stream = outputs[which];
      const sink = stream ? null : outputSink(stdio[which], which);
      for (;;) {
        const chunk = await host.spawnRead(handle, which);
        if (chunk === null) break;
        const bytes = toBuffer(new Uint8Array(chunk));
        if (this._maxBuffer !== undefined) {
          // exec's and execFile's `maxBuffer`: what fits is kept, the child
          // is killed, and the callback's error names the stream.
          const room = this._maxBuffer - kept[which];
          if (this._overflow === undefined && room < bytes.length) {
            this._overflow = which === 1 ? 'stdout' : 'stderr';
            this.kill(this._killSignal ?? 'SIGTERM');
          }
          if (room > 0) {
            this._collected[which].push(room < bytes.length ? bytes.subarray(0, room) : bytes);
            kept[which] += Math.min(room, bytes.length);
          }
        }
        if (stream) deliver(() => stream.push(bytes));
        else deliver(sink, bytes);
      }
      if (stream) deliver(() => stream.push(null));
      else settle();
    };
    pump(1);
    pump(2);
    const cancel = host.newCancel();
    const signal = options.signal;
    // Node's abort: the child gets `killSignal`, and an AbortError follows.
    const onAbort = () => {
      if (!this.kill(options.killSignal ?? 'SIGTERM')) return;
      const error = abortError(signal.reason);
      if (this._onError) this._onError(error);
      else this.emit('error', error);
    };
    if (signal) {
      if (signal.aborted) later(onAbort);
      else signal.addEventListener('abort', onAbort, { once: true });
    }
    // As in Node and Bun: a child past its `timeout` gets `killSignal`.
    const timer =
      options.timeout > 0 ? setTimeout(() => this.kill(options.killSignal ?? 'SIGTERM'), options.timeout) : undefined;
    host.spawnWait(handle, cancel).then((meta) => {
      const m = jsonParse(meta);
      signal?.removeEventListener('abort', onAbort);
      if (timer !== undefined) clearTimeout(timer);
      host.forgetCancel(cancel);
      if (m.signal) this.signalCode = m.signal;
      else this.exitCode = m.code;
      this._handle = undefined;
      deliver(() => {
        this.stdin?.destroy();
        this.emit('exit', this.exitCode, this.signalCode);
      });
      // Node's `flushStdio`: output nobody reads still flows to its end, so
      // `close` comes.
      later(() => {
        for (const stream of outputs) if (stream?.readable && !stream[usedAsStdio]) stream.resume();
        settle();
      });
    });
    later(() => this.emit('spawn'));
    return undefined;
  }
  kill(signal) {
    // 0 only asks whether the process is there.
    const name = signal === 0 ? 0 : validSignal(signal === undefined ? 'SIGTERM' : signal);
    if (this._handle === undefined) return false;
    const sent = host.spawnKill(this._handle, String(signalNumber(name)));
    if (sent) this.killed = true;
    return sent;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
}
// `using child = spawn(…)` kills a child still running at the block's end.
if (typeof Symbol.dispose === 'symbol') {
  ChildProcess.prototype[Symbol.dispose] = function dispose() {
    if (!this.killed) this.kill();
  };
}
// `envPairs` ('KEY=value' strings, as Node's ChildProcess takes them) as
// the op's object.
function envFromPairs(pairs) {
  if (pairs === undefined) return undefined;
  const env = {};
  for (const pair of pairs) {
    const at = String(pair).indexOf('=');
    if (at > 0) env[String(pair).slice(0, at)] = String(pair).slice(at + 1);
  }
  return env;
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

// Node's callback for exec and execFile: (error, stdout, stderr), decoded as
// `options.encoding` asks, once the child has closed.
function answerWhenDone(child, commandText, options, callback) {
  // Node's default for exec and execFile: 1 MiB per stream.
  child._maxBuffer = options.maxBuffer ?? 1024 * 1024;
  child._killSignal = options.killSignal;
  // Node's default is utf8, but an `encoding` given as anything that is
  // not an encoding ('buffer', null, undefined) leaves Buffers.
  const encoding = 'encoding' in options ? options.encoding : 'utf8';
  const decoding = Buffer.isEncoding(encoding);
  if (decoding) {
    child.stdout?.setEncoding(encoding);
    child.stderr?.setEncoding(encoding);
  }
  // The streams flow: exec reads them as Node's does.
  child.stdout?.resume();
  child.stderr?.resume();
  let failure;
  child._onError = (error) => {
    failure = error;
  };
  const decode = (b) => (decoding ? b.toString(encoding) : b);
  const outputs = () => {
    const collected = child._collected ?? { 1: [], 2: [] };
    return [Buffer.concat(collected[1]), Buffer.concat(collected[2])];
  };
  child.once('close', (code) => {
    if (!callback) return;
    const [stdout, stderr] = outputs();
    if (failure) {
      // A child that never started: Bun's error also names the command.
      if (failure.spawnargs) {
        failure.cmd = commandText;
        return callback(failure, '', '');
      }
      failure.cmd = commandText;
      return callback(failure, decode(stdout), decode(stderr));
    }
    if (child._overflow) {
      const error = new RangeError(`${child._overflow} maxBuffer length exceeded`);
      Object.defineProperty(error, 'code', {
        value: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER',
        writable: true,
        configurable: true,
      });
      error.cmd = commandText;
      return callback(error, decode(stdout), decode(stderr));
    }
    // The outputs go to the callback; only the promise form adds them to
    // the error (as Node and Bun do).
    const signal = child.signalCode;
    const failed = code !== 0 || signal;
    const err = failed ? execError(commandText, { code, signal, killed: child.killed, stderr }) : null;
    callback(err, decode(stdout), decode(stderr));
  });
  return child;
}

// The promise forms: `{ stdout, stderr }`, or the error with both; the
// promise carries the child, as Node's does.
// An argument error is thrown at once, not a rejection.
function promised(start) {
  let settle;
  const promise = new Promise((resolve, reject) => {
    settle = (err, stdout, stderr) =>
      err ? reject(Object.assign(err, { stdout, stderr })) : resolve({ stdout, stderr });
  });
  promise.child = start(settle);
  return promise;
}

function exec(command, options, callback) {
  checkType(command, 'command', 'string');
  checkNoNullBytes(command, 'command');
  if (typeof options === 'function') {
    callback = options;
    options = undefined;
  }
  options = { ...options };
  options.shell = typeof options.shell === 'string' ? options.shell : true;
  return execFile(command, options, callback);
}
exec[promisify.custom] = (command, options) => promised((done) => exec(command, options, done));

function execFile(file, args, options, callback) {
  ({ file, args, options, callback } = normalizeExecFileArgs(file, args, options, callback));
  checkTimeout(options.timeout);
  checkMaxBuffer(options.maxBuffer);
  const killSignal = killSignalOf(options.killSignal);
  checkAbortSignal(options.signal, 'options.signal');
  const child = spawn(file, args, { ...options, killSignal });
  const commandText = [file, ...args].join(' ');
  return answerWhenDone(child, commandText, { ...options, killSignal }, callback);
}
execFile[promisify.custom] = (file, args, options) => promised((done) => execFile(file, args, options, done));

function spawn(command, args, options) {
  const normal = normalizeSpawnArguments(command, args, options);
  options = normal.options;
  checkTimeout(options.timeout);
  checkAbortSignal(options.signal, 'options.signal');
  const killSignal = killSignalOf(options.killSignal);
  const child = new ChildProcess();
  child.spawn({
    file: normal.file,
    args: [normal.argv0, ...normal.args],
    cwd: normal.cwd,
    env: normal.env,
    stdio: options.stdio,
    timeout: options.timeout,
    killSignal,
    signal: options.signal,
    input: options.input,
  });
  return child;
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
  const kept = (bytes, which) => {
    const mode = syncOutputMode(options.stdio, which);
    if (mode === 'pipe') return toBuffer(new Uint8Array(bytes));
    if (mode === 'inherit' && bytes.byteLength) {
      host.log(which === 1 ? 'log' : 'error', utf8Decoder.decode(new Uint8Array(bytes)).replace(/\n$/, ''));
    }
    return null;
  };
  const result = { status: m.code, signal: m.signal, pid: m.pid ?? 0, stdout: kept(out, 1), stderr: kept(err, 2) };
  if (m.timedOut) result.error = timedOut(file);
  else if (m.overflow) result.overflow = noBuffers(file);
  return result;
}
// What Node and Bun report when a synchronous child's output passes
// `maxBuffer` (the child is stopped there), in Bun's words.
function noBuffers(file) {
  return Object.assign(new Error(`spawnSync ${file} ENOBUFS (stdout or stderr buffer reached maxBuffer size limit)`), {
    code: 'ENOBUFS',
    errno: -105,
    syscall: `spawnSync ${file}`,
    path: file,
  });
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
// The synchronous forms' checks, as Node makes them before anything
// starts: the program, its arguments and options, the shell applied.
function syncArguments(command, args, options) {
  const normal = normalizeSpawnArguments(command, args, options);
  const o = normal.options;
  checkTimeout(o.timeout);
  checkMaxBuffer(o.maxBuffer);
  killSignalOf(o.killSignal);
  // Node's and Bun's default: 1 MiB per output.
  const maxBuffer = o.maxBuffer ?? 1024 * 1024;
  return [normal.file, normal.args, { ...o, cwd: normal.cwd, env: normal.env, maxBuffer }];
}
function spawnSync(command, args, options) {
  const [file, argv, o] = syncArguments(command, args, options);
  options = o;
  let r;
  try {
    r = runSyncRaw(file, argv, options);
  } catch (error) {
    return notStarted(error);
  }
  const decode = (b) => (b && options.encoding && options.encoding !== 'buffer' ? b.toString(options.encoding) : b);
  // In Bun's order, `error` (a timeout) before the outputs.
  const result = { signal: r.signal, status: r.status, output: [null, decode(r.stdout), decode(r.stderr)], pid: r.pid };
  if (r.error) result.error = r.error;
  result.stdout = decode(r.stdout);
  result.stderr = decode(r.stderr);
  // Bun puts an overflow's error last.
  if (r.overflow) result.error = r.overflow;
  return result;
}
function execSyncCommon(label, file, args, options = {}) {
  let r;
  try {
    r = runSyncRaw(file, args, options);
    r.error ??= r.overflow;
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
      pid: r.pid,
      stdout: decode(r.stdout),
      stderr: decode(r.stderr),
    });
    throw error;
  }
  return decode(r.stdout);
}
function execSync(command, options) {
  checkType(command, 'command', 'string');
  checkNoNullBytes(command, 'command');
  const shell = typeof options?.shell === 'string' ? options.shell : true;
  return execSyncCommon(command, ...syncArguments(command, [], { ...options, shell }));
}
function execFileSync(file, args, options) {
  const [program, argv, o] = syncArguments(file, args, options);
  const given = Array.isArray(args) ? args : [];
  return execSyncCommon([file, ...given].join(' '), program, argv, o);
}

// fork's arguments are checked as Node and Bun check them; a module run in
// a new runtime process with a message channel is not provided, so a fork
// that passes the checks says so.
function fork(modulePath, args, options) {
  modulePath = pathOf(modulePath, 'modulePath');
  if (args == null) args = [];
  else if (typeof args === 'object' && !Array.isArray(args)) {
    options = args;
    args = [];
  } else if (!Array.isArray(args)) throw invalidArg('args', 'an instance of Array', args);
  if (options != null) checkObject(options, 'options');
  options = { ...options, shell: false };
  const execPath = options.execPath || process.execPath;
  checkNoNullBytes(execPath, 'options.execPath');
  const execArgv = options.execArgv || process.execArgv;
  for (const [i, arg] of execArgv.entries()) checkNoNullBytes(arg, `options.execArgv[${i}]`);
  const stdio = options.stdio;
  if (typeof stdio === 'string') {
    if (!['ignore', 'pipe', 'overlapped', 'inherit'].includes(stdio)) {
      throw coded(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'stdio' is invalid. Received '${stdio}'`);
    }
  } else if (Array.isArray(stdio) && !stdio.includes('ipc')) {
    throw coded(
      Error,
      'ERR_CHILD_PROCESS_IPC_REQUIRED',
      "Forked processes must have an IPC channel, missing value 'ipc' in options.stdio",
    );
  }
  normalizeSpawnArguments(execPath, [...execArgv, modulePath, ...args], options);
  throw new Error('child_process.fork is not provided by this runtime');
}

const childProcess = {
  exec,
  execFile,
  spawn,
  execSync,
  execFileSync,
  spawnSync,
  ChildProcess,
  fork,
};

return { childProcess, runProcess, runSyncRaw, spawnSpec, spawnFailure };
