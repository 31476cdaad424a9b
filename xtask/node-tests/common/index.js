'use strict';
// The `common` module Node's own test files require, written for
// `cargo xtask node-tests` (docs/runtime.md, "Node's own tests"). The same
// file runs under the reference Node and under this runtime, so what it checks
// is the same on both sides. Nothing here weakens a check: a `mustCall`
// function called the wrong number of times fails the file at exit, and an
// error thrown out of a `mustCall` callback or an assertion that failed is
// kept in a ledger that fails the file at exit even when the runtime dropped
// the error (a callback it calls from a promise).

// Some tests replace the global `process`; the one this file works with is
// the real one, as in Node's common.
const process = globalThis.process;
const state = require('./state.js');
const assert = require('./assert.js');
const fs = require('fs');
const path = require('path');
const util = require('util');

const isWindows = process.platform === 'win32';
const isLinux = process.platform === 'linux';
const isMacOS = process.platform === 'darwin';
const isFreeBSD = process.platform === 'freebsd';
const isOpenBSD = process.platform === 'openbsd';
const isSunOS = process.platform === 'sunos';

const hasCrypto = (() => {
  try {
    require('crypto');
    return true;
  } catch {
    return false;
  }
})();
const hasIntl = typeof Intl === 'object' && Intl !== null;
const features = process.features || {};
const hasInspector = Boolean(features.inspector);
const hasSQLite = Boolean(process.versions && process.versions.sqlite);

function noop() {}

// ---- call counting -----------------------------------------------------------

const checks = [];
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', verifyAtExit);
}

// What reached an uncaughtException listener was seen by the process: Node
// tells monitors without changing what happens; the runtime's driver
// consumes what its own listener receives.
if (typeof process.on === 'function') process.on('uncaughtExceptionMonitor', (error) => state.consume(error));

function verifyAtExit(code) {
  if (code !== 0 && code !== undefined) return;
  const first = state.errors[0];
  if (first) {
    console.log(`An error was thrown and not seen by the process: ${describe(first)}`);
    process.exit(1);
  }
  const wrong = checks.filter((c) => ('minimum' in c ? c.actual < c.minimum : c.actual !== c.exact));
  if (wrong.length) {
    for (const c of wrong) {
      const expected = 'minimum' in c ? `at least ${c.minimum}` : `exactly ${c.exact}`;
      const message = `Mismatched ${c.name} function calls. Expected ${expected}, actual ${c.actual}.`;
      state.exitReason ??= `${message}\n    ${c.where.trim()}`;
      console.log(message);
      console.log(c.where);
    }
    process.exit(1);
  }
}

function describe(error) {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return util.inspect(error);
}

function callerLine() {
  const lines = String(new Error().stack || '').split('\n');
  return lines.find((l) => /test-[^/\\]*\.m?js/.test(l)) || lines[3] || '';
}

function counted(fn, criterion, field) {
  if (process._exiting) throw new Error('Cannot use common.mustCall*() in process exit handler');
  if (typeof fn === 'number') {
    criterion = fn;
    fn = noop;
  } else if (fn === undefined) {
    fn = noop;
  }
  if (criterion === undefined) criterion = 1;
  if (typeof criterion !== 'number') throw new TypeError(`Invalid ${field} value: ${criterion}`);
  const check = { [field]: criterion, actual: 0, name: fn.name || '<anonymous>', where: callerLine() };
  installExitHook();
  checks.push(check);
  state.pendingChecks.push(check);
  const wrapper = function (...args) {
    check.actual++;
    state.touch();
    try {
      return fn.apply(this, args);
    } catch (error) {
      state.record(error);
      throw error;
    }
  };
  Object.defineProperty(wrapper, 'name', { value: fn.name, configurable: true });
  Object.defineProperty(wrapper, 'length', { value: fn.length, configurable: true });
  return wrapper;
}

function mustCall(fn, exact) {
  return counted(fn, exact, 'exact');
}

function mustCallAtLeast(fn, minimum) {
  return counted(fn, minimum, 'minimum');
}

function mustSucceed(fn, exact) {
  return mustCall(function (error, ...args) {
    assert.ifError(error);
    if (typeof fn === 'function') return fn.apply(this, args);
  }, exact);
}

function mustNotCall(message) {
  const where = callerLine().trim();
  return function mustNotCall(...args) {
    const shown = args.length ? `\ncalled with arguments: ${args.map((a) => util.inspect(a)).join(', ')}` : '';
    assert.fail(`${message || 'function should not have been called'} ${where}${shown}`);
  };
}

function expectsError(validator, exact) {
  return mustCall((...args) => {
    if (args.length !== 1) assert.fail(`Expected one argument, got ${util.inspect(args)}`);
    const error = args[0];
    assert.strictEqual(Object.prototype.propertyIsEnumerable.call(error, 'message'), false);
    assert.throws(() => {
      throw error;
    }, validator);
    return true;
  }, exact);
}

let warningHandlers;
function expectWarning(nameOrMap, expected, code) {
  if (warningHandlers === undefined) {
    warningHandlers = {};
    process.on('warning', (warning) => {
      const handler = warningHandlers[warning.name];
      if (!handler) throw new TypeError(`"${warning.name}" was triggered without being expected.\n${util.inspect(warning)}`);
      handler(warning);
    });
  }
  const one = (name, wanted, wantedCode) => {
    let list;
    if (typeof wanted === 'string') list = [[wanted, wantedCode]];
    else if (!Array.isArray(wanted)) list = Object.entries(wanted).map(([c, m]) => [m, c]);
    else if (wanted.length !== 0 && !Array.isArray(wanted[0])) list = [[wanted[0], wanted[1]]];
    else list = wanted.slice();
    if (name === 'DeprecationWarning') {
      for (const [, c] of list) assert(c, `Missing deprecation code: ${list}`);
    }
    return mustCall((warning) => {
      const next = list.shift();
      if (!next) assert.fail(`Unexpected extra warning received: ${warning}`);
      const [message, c] = next;
      assert.strictEqual(warning.name, name);
      if (typeof message === 'string') assert.strictEqual(warning.message, message);
      else assert.match(warning.message, message);
      assert.strictEqual(warning.code, c);
    }, list.length);
  };
  if (typeof nameOrMap === 'string') warningHandlers[nameOrMap] = one(nameOrMap, expected, code);
  else for (const name of Object.keys(nameOrMap)) warningHandlers[name] = one(name, nameOrMap[name]);
}

const frozenProxies = new WeakMap();
function mustNotMutateObjectDeep(original) {
  if (original === null || typeof original !== 'object') return original;
  const known = frozenProxies.get(original);
  if (known) return known;
  const proxy = new Proxy(original, {
    defineProperty(_t, key) {
      assert.fail(`Expected no side effects, got ${util.inspect(key)} defined`);
    },
    deleteProperty(_t, key) {
      assert.fail(`Expected no side effects, got ${util.inspect(key)} deleted`);
    },
    get(target, key, receiver) {
      return mustNotMutateObjectDeep(Reflect.get(target, key, receiver));
    },
    preventExtensions(target) {
      assert.fail(`Expected no side effects, got extensions prevented on ${util.inspect(target)}`);
    },
    set(_t, key, value) {
      assert.fail(`Expected no side effects, got ${util.inspect(value)} assigned to ${util.inspect(key)}`);
    },
    setPrototypeOf(_t, proto) {
      assert.fail(`Expected no side effects, got set prototype to ${proto}`);
    },
  });
  frozenProxies.set(original, proxy);
  return proxy;
}

// ---- skipping ----------------------------------------------------------------

function printSkipMessage(message) {
  console.log(`1..0 # Skipped: ${message}`);
}

function skip(message) {
  state.skipped = String(message);
  printSkipMessage(message);
  process.exit(0);
}

function skipIf32Bits() {
  if (!['arm64', 'loong64', 'mips', 'mipsel', 'ppc64', 'riscv64', 's390x', 'x64'].includes(process.arch)) {
    skip('The tested feature is not available in 32bit builds');
  }
}

function skipIfInspectorDisabled() {
  if (!hasInspector) skip('V8 inspector is disabled');
}

function skipIfSQLiteMissing() {
  if (!hasSQLite) skip('missing SQLite');
}

function skipIfEslintMissing() {
  skip('missing ESLint');
}

// ---- helpers -----------------------------------------------------------------

function platformTimeout(ms) {
  return ms;
}

function getArrayBufferViews(buf) {
  const { buffer, byteOffset, byteLength } = buf;
  const kinds = [
    Int8Array,
    Uint8Array,
    Uint8ClampedArray,
    Int16Array,
    Uint16Array,
    Int32Array,
    Uint32Array,
    ...(typeof Float16Array === 'function' ? [Float16Array] : []),
    Float32Array,
    Float64Array,
    BigInt64Array,
    BigUint64Array,
    DataView,
  ];
  const views = [];
  for (const Kind of kinds) {
    const size = Kind.BYTES_PER_ELEMENT || 1;
    if (byteLength % size === 0) views.push(new Kind(buffer, byteOffset, byteLength / size));
  }
  return views;
}

function getBufferSources(buf) {
  return [...getArrayBufferViews(buf), new Uint8Array(buf).buffer];
}

function invalidArgTypeHelper(input) {
  if (input == null) return ` Received ${input}`;
  if (typeof input === 'function') return ` Received function ${input.name}`;
  if (typeof input === 'object') {
    if (input.constructor && input.constructor.name) return ` Received an instance of ${input.constructor.name}`;
    return ` Received ${util.inspect(input, { depth: -1 })}`;
  }
  let shown = util.inspect(input, { colors: false });
  // As Node's helper does: `slice(shown, 0, 25)` is `slice(NaN, 0)`, the
  // empty string, so a long value shows as `...` alone.
  if (shown.length > 28) shown = `${shown.slice(shown, 0, 25)}...`;
  return ` Received type ${typeof input} (${shown})`;
}

function runWithInvalidFD(fn) {
  let fd = 1 << 30;
  try {
    while (fs.fstatSync(fd--) && fd > 0);
  } catch {
    return fn(fd);
  }
  printSkipMessage('Could not generate an invalid fd');
}

function canCreateSymLink() {
  return !isWindows;
}

function escapePOSIXShell(parts, ...values) {
  const env = { ...process.env };
  let command = parts[0];
  values.forEach((value, i) => {
    env[`ESCAPED_${i}`] = value;
    command += `\${ESCAPED_${i}}${parts[i + 1]}`;
  });
  return [command, { env }];
}

function spawnPromisified(...args) {
  const { spawn } = require('child_process');
  const child = spawn(...args);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    child.on('close', (code, signal) => resolve({ code, signal, stderr, stdout }));
    child.on('error', (code, signal) => reject({ code, signal, stderr, stdout }));
  });
}

function nodeProcessAborted(exitCode, signal) {
  const expected = isWindows ? ['SIGABRT'] : ['SIGTRAP', 'SIGABRT', 'SIGILL'];
  if (isWindows) return exitCode === 0xc0000409 || exitCode === 134;
  return expected.includes(signal) || exitCode === 134 || exitCode === 133 || exitCode === 132;
}

function isAlive(pid) {
  try {
    process.kill(pid, 'SIGCONT');
    return true;
  } catch {
    return false;
  }
}

function getTTYfd() {
  try {
    return fs.openSync('/dev/tty');
  } catch {
    return -1;
  }
}

function sleepSync(ms) {
  const cells = new Int32Array(new SharedArrayBuffer(4));
  Atomics.wait(cells, 0, 0, ms);
}

function allowGlobals() {
  // Node's own common checks at exit that a test leaked no global; that
  // judges the test file and the runtime's own set of globals, not the
  // module under test, and is left out here on both sides.
}

function parseTestMetadata() {
  return { flags: [], envs: {} };
}

const tmpdir = require('./tmpdir.js');
const PIPE = path.join(path.relative(process.cwd(), `${tmpdir.path}/`), `node-test.${process.pid}.sock`);

const common = {
  allowGlobals,
  buildType: 'Release',
  canCreateSymLink,
  escapePOSIXShell,
  expectsError,
  expectWarning,
  getArrayBufferViews,
  getBufferSources,
  getTTYfd,
  hasCrypto,
  hasInspector,
  hasIntl,
  hasQuic: false,
  hasSQLite,
  invalidArgTypeHelper,
  isAlive,
  isASan: false,
  isDebug: Boolean(features.debug),
  isFreeBSD,
  isLinux,
  isMacOS,
  isOpenBSD,
  isPi: () => false,
  isSunOS,
  isWindows,
  isAIX: process.platform === 'aix',
  isIBMi: process.platform === 'os400',
  localIPv6Hosts: ['localhost'],
  mustCall,
  mustCallAtLeast,
  mustNotCall,
  mustNotMutateObjectDeep,
  mustSucceed,
  nodeProcessAborted,
  parseTestMetadata,
  PIPE,
  platformTimeout,
  printSkipMessage,
  pwdCommand: isWindows ? ['cmd.exe', ['/d', '/c', 'cd']] : ['pwd', []],
  runWithInvalidFD,
  skip,
  skipIf32Bits,
  skipIfEslintMissing,
  skipIfInspectorDisabled,
  skipIfSQLiteMissing,
  sleepSync,
  spawnPromisified,
  get enoughTestMem() {
    return require('os').totalmem() > 0x70000000;
  },
  get hasIPv6() {
    const interfaces = require('os').networkInterfaces();
    return Object.keys(interfaces).some((name) => /lo/.test(name) && interfaces[name].some((i) => i.family === 'IPv6'));
  },
  get inFreeBSDJail() {
    return false;
  },
  get localhostIPv4() {
    return '127.0.0.1';
  },
  get PORT() {
    return 12346;
  },
  get isInsideDirWithUnusualChars() {
    return /[%$\n\r\t\\]/.test(__dirname);
  },
};

const known = new Set([...Object.keys(common), '__esModule', 'then', 'default', 'toJSON', 'constructor']);
// A property this stand-in lacks fails the file loudly (on both sides), as
// Node's own common does, rather than reading as `undefined`.
module.exports = new Proxy(common, {
  get(target, key) {
    if (typeof key === 'string' && !known.has(key)) throw new Error(`Using invalid common property: '${key}'`);
    return target[key];
  },
});
