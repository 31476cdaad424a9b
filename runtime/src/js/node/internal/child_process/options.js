// ---- node/internal/child_process/options.js: the checks child_process makes ----
// Node checks a call's arguments and options before anything starts and
// throws its coded errors (ERR_INVALID_ARG_TYPE, ERR_OUT_OF_RANGE,
// ERR_UNKNOWN_SIGNAL, ERR_INVALID_ARG_VALUE); a child that cannot start is
// reported later, on the child or to the callback.
const { processEnv } = need('node/process');
const { pathArg } = need('internal/files');
const { coded, invalidArg } = need('node/stream').internal;

// Linux's signal numbers, by name: what `kill` and `killSignal` accept.
const SIGNALS = Object.freeze({
  __proto__: null,
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGILL: 4,
  SIGTRAP: 5,
  SIGABRT: 6,
  SIGIOT: 6,
  SIGBUS: 7,
  SIGFPE: 8,
  SIGKILL: 9,
  SIGUSR1: 10,
  SIGSEGV: 11,
  SIGUSR2: 12,
  SIGPIPE: 13,
  SIGALRM: 14,
  SIGTERM: 15,
  SIGCHLD: 17,
  SIGSTKFLT: 16,
  SIGCONT: 18,
  SIGSTOP: 19,
  SIGTSTP: 20,
  SIGTTIN: 21,
  SIGTTOU: 22,
  SIGURG: 23,
  SIGXCPU: 24,
  SIGXFSZ: 25,
  SIGVTALRM: 26,
  SIGPROF: 27,
  SIGWINCH: 28,
  SIGIO: 29,
  SIGPOLL: 29,
  SIGPWR: 30,
  SIGSYS: 31,
});
const SIGNAL_NUMBERS = new Set(Object.values(SIGNALS));

// `of type string`, `one of type boolean or string`, as Bun words the expectation.
function typeList(types) {
  return types.length === 1 ? `of type ${types[0]}` : `one of type ${types.slice(0, -1).join(', ')} or ${types.at(-1)}`;
}
function checkType(value, name, ...types) {
  if (!types.includes(typeof value)) throw invalidArg(name, typeList(types), value);
}
function checkBoolean(value, name) {
  if (value != null) checkType(value, name, 'boolean');
}
// The check for '\0' Node makes of every string that becomes a C string.
// A path's check says it may be a Uint8Array too, as Bun words it.
function checkNoNullBytes(value, name, what = 'a string') {
  if (typeof value === 'string' && value.includes('\u0000')) {
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_VALUE',
      `The ${name.includes('.') ? 'property' : 'argument'} '${name}' must be ${what} without null bytes. Received '${value.replaceAll('\u0000', '\\x00')}'`,
    );
  }
}
// A path argument (`options.cwd`, fork's `modulePath`): a string, Buffer
// or file: URL, as a string.
function pathOf(value, name) {
  if (
    typeof value !== 'string' &&
    !(value instanceof Uint8Array) &&
    !(value !== null && typeof value === 'object' && 'href' in value)
  ) {
    throw invalidArg(name, 'of type string or an instance of Buffer or URL', value);
  }
  const path =
    typeof value === 'string' ? value : value instanceof Uint8Array ? Buffer.from(value).toString() : pathArg(value);
  checkNoNullBytes(path, name, 'a string or Uint8Array');
  return path;
}
function outOfRange(name, range, value) {
  let shown = String(value);
  if (typeof value === 'function') shown = `function ${value.name}`;
  else if (value !== null && typeof value === 'object') shown = Array.isArray(value) ? '[]' : '{}';
  return coded(
    RangeError,
    'ERR_OUT_OF_RANGE',
    `The value of "${name}" is out of range. It must be ${range}. Received ${shown}`,
  );
}
function checkObject(value, name) {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalidArg(name, 'of type object', value);
}
function checkTimeout(timeout) {
  if (timeout != null && !(Number.isInteger(timeout) && timeout >= 0)) {
    throw outOfRange('timeout', 'an unsigned integer', timeout);
  }
}
function checkMaxBuffer(maxBuffer) {
  if (maxBuffer != null && !(typeof maxBuffer === 'number' && maxBuffer >= 0)) {
    throw outOfRange('options.maxBuffer', 'a positive number', maxBuffer);
  }
}
function checkAbortSignal(signal, name) {
  if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
    throw invalidArg(name, 'of type AbortSignal', signal);
  }
}
// A signal as a name or a number, checked: Node's `convertToValidSignal`.
// Answers the name (or the number when only a number was given).
function validSignal(signal) {
  if (typeof signal === 'number' && SIGNAL_NUMBERS.has(signal)) return signal;
  if (typeof signal === 'string') {
    const upper = signal.toUpperCase();
    if (Object.hasOwn(SIGNALS, upper)) return upper;
  }
  throw coded(TypeError, 'ERR_UNKNOWN_SIGNAL', `Unknown signal: ${signal}`);
}
function killSignalOf(killSignal) {
  if (typeof killSignal === 'string' || typeof killSignal === 'number') return validSignal(killSignal);
  if (killSignal != null) throw invalidArg('options.killSignal', typeList(['string', 'number']), killSignal);
  return undefined;
}
function signalNumber(signal) {
  return typeof signal === 'number' ? signal : SIGNALS[signal];
}
// `options.cwd`: a string, Buffer or file: URL.
function cwdOf(cwd) {
  if (cwd == null || cwd === '') return undefined;
  return pathOf(cwd, 'options.cwd');
}

// Node's `normalizeSpawnArguments`: the program, its argv (argv0 first) and
// the options, checked, with the shell applied.
function normalizeSpawnArguments(file, args, options) {
  checkType(file, 'file', 'string');
  checkNoNullBytes(file, 'file');
  if (file.length === 0) {
    throw coded(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'file' cannot be empty. Received ''");
  }
  if (Array.isArray(args)) args = args.slice();
  else if (args == null) args = [];
  else if (typeof args !== 'object') throw invalidArg('args', 'of type object', args);
  else {
    options = args;
    args = [];
  }
  for (const [i, arg] of args.entries()) checkNoNullBytes(arg, `args[${i}]`);
  if (options === undefined) options = {};
  else checkObject(options, 'options');
  options = { ...options };
  const cwd = cwdOf(options.cwd);
  checkBoolean(options.detached, 'options.detached');
  for (const id of ['uid', 'gid']) {
    const value = options[id];
    if (value != null && !(Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31)) {
      throw invalidArg(`options.${id}`, 'of type int32', value);
    }
  }
  if (options.shell != null && typeof options.shell !== 'boolean' && typeof options.shell !== 'string') {
    throw invalidArg('options.shell', typeList(['boolean', 'string']), options.shell);
  }
  if (options.argv0 != null) {
    checkType(options.argv0, 'options.argv0', 'string');
    checkNoNullBytes(options.argv0, 'options.argv0');
  }
  checkBoolean(options.windowsHide, 'options.windowsHide');
  checkBoolean(options.windowsVerbatimArguments, 'options.windowsVerbatimArguments');
  if (typeof options.shell === 'string') checkNoNullBytes(options.shell, 'options.shell');
  if (options.shell) {
    const command = [file, ...args].join(' ');
    file = typeof options.shell === 'string' ? options.shell : '/bin/sh';
    args = ['-c', command];
  }
  // Every key the environment has, its prototype's too, as Node reads it;
  // an undefined value is left out, any other becomes a string.
  const source = options.env || processEnv;
  const env = {};
  for (const key in source) {
    const value = source[key];
    if (value === undefined) continue;
    checkNoNullBytes(key, `options.env['${key}']`);
    checkNoNullBytes(String(value), `options.env['${key}']`);
    env[key] = String(value);
  }
  const argv0 = typeof options.argv0 === 'string' ? options.argv0 : file;
  return { file, args, argv0, cwd, env, options };
}

// `exec`'s and `execFile`'s optional arguments, sorted as Node sorts them.
function normalizeExecFileArgs(file, args, options, callback) {
  if (Array.isArray(args)) args = args.slice();
  else if (args != null && typeof args === 'object') {
    callback = options;
    options = args;
    args = null;
  } else if (typeof args === 'function') {
    callback = args;
    options = null;
    args = null;
  }
  if (args == null) args = [];
  if (typeof options === 'function') callback = options;
  else if (options != null && (typeof options !== 'object' || Array.isArray(options))) {
    throw invalidArg('options', 'of type object', options);
  }
  if (options == null || typeof options === 'function') options = {};
  if (callback != null && typeof callback !== 'function') throw invalidArg('callback', 'of type function', callback);
  if (options.argv0 != null) {
    checkType(options.argv0, 'options.argv0', 'string');
    checkNoNullBytes(options.argv0, 'options.argv0');
  }
  return { file, args, options, callback };
}

// The `stdio` option as three (or more) entries: 'pipe', 'ignore',
// 'inherit', 'ipc', a stream or a file descriptor number.
function stdioOf(stdio) {
  if (stdio == null) stdio = 'pipe';
  if (typeof stdio === 'string') {
    if (!['pipe', 'ignore', 'inherit', 'overlapped'].includes(stdio)) throw invalidStdio(stdio);
    stdio = [stdio, stdio, stdio];
  } else if (!Array.isArray(stdio)) throw invalidStdio(stdio);
  const entries = [...stdio];
  while (entries.length < 3) entries.push(undefined);
  let ipc = 0;
  return entries.map((entry, i) => {
    if (entry == null) return i < 3 ? 'pipe' : 'ignore';
    if (entry === 'overlapped') return 'pipe';
    if (entry === 'ipc') {
      ipc += 1;
      if (ipc > 1) throw coded(Error, 'ERR_IPC_ONE_PIPE', 'Child process can have only one IPC pipe');
      return 'ipc';
    }
    if (['pipe', 'ignore', 'inherit'].includes(entry)) return entry;
    if (typeof entry === 'number' || (typeof entry === 'object' && typeof entry.on === 'function')) return entry;
    // Bun's error for an entry it cannot use.
    throw new Error(`Invalid stdio option[${i}] "${String(entry)}"`);
  });
}
function invalidStdio(stdio) {
  return coded(TypeError, 'ERR_INVALID_OPT_VALUE', `The value "${String(stdio)}" is invalid for option "stdio"`);
}

return {
  SIGNALS,
  pathOf,
  checkObject,
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
};
