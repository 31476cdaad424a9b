'use strict';
// A strict `assert` for `cargo xtask node-tests`, written for the harness
// (not Node's lib/assert.js, which needs Node's internals). The harness
// rewrites a test file's `require('assert')` to this module (except in the
// test-assert-* files, which test the runtime's own `assert`), under the
// reference Node and under this runtime alike, so a comparison the runtime's
// `assert` would let through fails on both sides the same way.
//
// What it compares is Node 24's `assert` semantics: `deepStrictEqual` checks
// prototypes, type tags, own enumerable string and symbol keys, -0 against 0,
// holes, boxed values, dates, regular expressions with `lastIndex`, errors'
// `name`, `message`, `cause` and `errors`, typed arrays and buffers by bytes,
// Maps and Sets by content, URLs by `href`, and cycles; `deepEqual` is the
// loose form. Every failed assertion is also kept in the shared ledger
// (`state.js`), which fails the file at exit unless `throws`/`rejects`
// consumed the error: the runtime drops errors thrown in some callbacks, and
// this keeps such a failure from reading as a pass.

const state = require('./state.js');
const util = require('util');

const inspect = (value) => {
  try {
    return util.inspect(value, { depth: 4, breakLength: Infinity });
  } catch {
    return String(value);
  }
};

class AssertionError extends Error {
  constructor(options) {
    if (typeof options !== 'object' || options === null) {
      throw invalidArgType('options', 'Object', options);
    }
    const { message, actual, expected, operator, stackStartFn } = options;
    const generated = message === undefined || message === null;
    super(generated ? defaultMessage(actual, expected, operator) : String(message));
    this.generatedMessage = generated;
    this.code = 'ERR_ASSERTION';
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
    if (typeof Error.captureStackTrace === 'function' && typeof stackStartFn === 'function') {
      Error.captureStackTrace(this, stackStartFn);
    }
  }
}
Object.defineProperty(AssertionError.prototype, 'name', {
  value: 'AssertionError',
  writable: true,
  configurable: true,
  enumerable: false,
});

function defaultMessage(actual, expected, operator) {
  switch (operator) {
    case 'strictEqual':
      return `Expected values to be strictly equal:\n\n${inspect(actual)} !== ${inspect(expected)}\n`;
    case 'deepStrictEqual':
      return `Expected values to be strictly deep-equal:\n+ actual - expected\n\n+ ${inspect(actual)}\n- ${inspect(expected)}\n`;
    case 'notStrictEqual':
      return `Expected "actual" to be strictly unequal to: ${inspect(expected)}`;
    case 'notDeepStrictEqual':
      return `Expected "actual" not to be strictly deep-equal to: ${inspect(expected)}`;
    case '==':
      return `${inspect(actual)} == ${inspect(expected)}`;
    case '!=':
      return `${inspect(actual)} != ${inspect(expected)}`;
    case 'deepEqual':
      return `Expected values to be loosely deep-equal:\n\n${inspect(actual)}\n\nshould loosely deep-equal\n\n${inspect(expected)}`;
    case 'notDeepEqual':
      return `"actual" should not loosely deep-equal "expected": ${inspect(expected)}`;
    case 'partialDeepStrictEqual':
      return `Expected values to be partially and strictly deep-equal:\n+ actual - expected\n\n+ ${inspect(actual)}\n- ${inspect(expected)}\n`;
    default:
      return `${inspect(actual)} ${operator} ${inspect(expected)}`;
  }
}

function invalidArgType(name, type, value) {
  const error = new TypeError(`The "${name}" argument must be of type ${type}. Received ${inspect(value)}`);
  error.code = 'ERR_INVALID_ARG_TYPE';
  return error;
}

function raise(options, message) {
  if (message instanceof Error) throw message;
  throw new AssertionError({ ...options, message });
}

// ---- deep equality -------------------------------------------------------------

const tagOf = (value) => Object.prototype.toString.call(value);
const kStrict = true;
const kLoose = false;

function isBoxed(value) {
  return (
    value instanceof Number ||
    value instanceof String ||
    value instanceof Boolean ||
    (typeof BigInt === 'function' && value instanceof BigInt) ||
    value instanceof Symbol
  );
}

function primitiveEqual(a, b, strict) {
  if (strict) return Object.is(a, b);
  // eslint-disable-next-line eqeqeq
  return a == b || (Number.isNaN(a) && Number.isNaN(b));
}

function deepEqual(a, b, strict, memo) {
  if (a === b) return !strict || a !== 0 || Object.is(a, b);
  const objectA = typeof a === 'object' ? a !== null : typeof a === 'function';
  const objectB = typeof b === 'object' ? b !== null : typeof b === 'function';
  if (strict) {
    if (!objectA || !objectB) {
      return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
    }
    if (typeof a === 'function' || typeof b === 'function') return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  } else {
    if (!objectA) return !objectB && primitiveEqual(a, b, false);
    if (!objectB) return false;
    if (typeof a === 'function' || typeof b === 'function') return false;
  }
  const tag = tagOf(a);
  if (tag !== tagOf(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;

  if (memo === undefined) memo = new Map();
  let seen = memo.get(a);
  if (seen?.has(b)) return true;
  if (!seen) {
    seen = new Set();
    memo.set(a, seen);
  }
  seen.add(b);
  const result = compareObjects(a, b, tag, strict, memo);
  if (!result) seen.delete(b);
  return result;
}

function compareObjects(a, b, tag, strict, memo) {
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    return compareKeys(a, b, strict, memo);
  }
  if (a instanceof Date || tag === '[object Date]') {
    if (!(b instanceof Date)) return false;
    if (!Object.is(a.getTime(), b.getTime())) return false;
    return compareKeys(a, b, strict, memo);
  }
  if (a instanceof RegExp || tag === '[object RegExp]') {
    if (!(b instanceof RegExp)) return false;
    if (a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
    return compareKeys(a, b, strict, memo);
  }
  if (a instanceof Error || b instanceof Error) {
    if (!(a instanceof Error && b instanceof Error)) return false;
    if (a.message !== b.message || a.name !== b.name) return false;
    if ('cause' in a !== 'cause' in b) return false;
    if ('cause' in a && !deepEqual(a.cause, b.cause, strict, memo)) return false;
    if ('errors' in a !== 'errors' in b) return false;
    if ('errors' in a && !deepEqual(a.errors, b.errors, strict, memo)) return false;
    return compareKeys(a, b, strict, memo);
  }
  if (isBoxed(a) || isBoxed(b)) {
    if (!isBoxed(a) || !isBoxed(b)) return false;
    if (!Object.is(a.valueOf(), b.valueOf())) return false;
    return compareKeys(a, b, strict, memo);
  }
  if (ArrayBuffer.isView(a)) {
    if (!ArrayBuffer.isView(b)) return false;
    if (a.byteLength !== b.byteLength) return false;
    const floats = tag === '[object Float32Array]' || tag === '[object Float64Array]' || tag === '[object Float16Array]';
    if (!strict && floats) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    } else if (!sameBytes(a, b)) {
      return false;
    }
    return compareKeys(a, b, strict, memo, true);
  }
  if (tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') {
    if (a.byteLength !== b.byteLength) return false;
    if (!sameBytes(new Uint8Array(a), new Uint8Array(b))) return false;
    return compareKeys(a, b, strict, memo);
  }
  if (a instanceof Map || tag === '[object Map]') {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    if (!compareMaps(a, b, strict, memo)) return false;
    return compareKeys(a, b, strict, memo);
  }
  if (a instanceof Set || tag === '[object Set]') {
    if (!(b instanceof Set) || a.size !== b.size) return false;
    if (!compareSets(a, b, strict, memo)) return false;
    return compareKeys(a, b, strict, memo);
  }
  if (a instanceof WeakMap || a instanceof WeakSet || b instanceof WeakMap || b instanceof WeakSet) {
    return false;
  }
  if (typeof URL === 'function' && (a instanceof URL || b instanceof URL)) {
    if (!(a instanceof URL && b instanceof URL) || a.href !== b.href) return false;
    return compareKeys(a, b, strict, memo);
  }
  if (tag === '[object Arguments]' && tagOf(b) !== '[object Arguments]') return false;
  return compareKeys(a, b, strict, memo);
}

function sameBytes(a, b) {
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

function ownKeys(value, strict, skipIndices) {
  let keys = Object.keys(value);
  if (skipIndices) keys = keys.filter((k) => !/^(0|[1-9][0-9]*)$/.test(k));
  if (strict) {
    for (const symbol of Object.getOwnPropertySymbols(value)) {
      if (Object.prototype.propertyIsEnumerable.call(value, symbol)) keys.push(symbol);
    }
  }
  return keys;
}

function compareKeys(a, b, strict, memo, skipIndices = false) {
  const keysA = ownKeys(a, strict, skipIndices);
  const keysB = ownKeys(b, strict, skipIndices);
  if (keysA.length !== keysB.length) return false;
  for (const key of keysA) {
    if (!Object.prototype.propertyIsEnumerable.call(b, key)) return false;
  }
  for (const key of keysA) {
    if (!deepEqual(a[key], b[key], strict, memo)) return false;
  }
  return true;
}

function compareSets(a, b, strict, memo) {
  const left = [];
  for (const value of a) {
    if (typeof value === 'object' && value !== null) left.push(value);
    else if (!b.has(value)) {
      if (strict) return false;
      left.push(value);
    }
  }
  if (left.length === 0) return true;
  const candidates = [];
  for (const value of b) {
    if ((typeof value === 'object' && value !== null) || !a.has(value)) candidates.push(value);
  }
  for (const value of left) {
    const at = candidates.findIndex((c) => deepEqual(value, c, strict, memo));
    if (at === -1) return false;
    candidates.splice(at, 1);
  }
  return true;
}

function compareMaps(a, b, strict, memo) {
  const left = [];
  for (const [key, value] of a) {
    if (typeof key !== 'object' || key === null) {
      if (b.has(key)) {
        if (!deepEqual(value, b.get(key), strict, memo)) {
          if (strict) return false;
          left.push([key, value]);
        }
        continue;
      }
      if (strict) return false;
    }
    left.push([key, value]);
  }
  if (left.length === 0) return true;
  const candidates = [];
  for (const [key, value] of b) {
    if ((typeof key === 'object' && key !== null) || !a.has(key) || !strict) candidates.push([key, value]);
  }
  for (const [key, value] of left) {
    const at = candidates.findIndex(([k, v]) => deepEqual(key, k, strict, memo) && deepEqual(value, v, strict, memo));
    if (at === -1) return false;
    candidates.splice(at, 1);
  }
  return true;
}

const compound = new Set(['[object Object]', '[object Array]', '[object Map]', '[object Set]']);

function partialDeepEqual(actual, expected, memo = new Map()) {
  if (expected === actual) return true;
  if (typeof expected !== 'object' || expected === null || typeof actual !== 'object' || actual === null) {
    return deepEqual(actual, expected, kStrict);
  }
  if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected)) return false;
  const tag = tagOf(expected);
  if (tag !== tagOf(actual)) return false;
  if (!compound.has(tag)) return deepEqual(actual, expected, kStrict);
  if (memo.get(expected) === actual) return true;
  memo.set(expected, actual);
  if (expected instanceof Map) {
    for (const [k, v] of expected) if (!actual.has(k) || !partialDeepEqual(actual.get(k), v, memo)) return false;
    return true;
  }
  if (expected instanceof Set) {
    for (const v of expected) {
      if (typeof v !== 'object' || v === null) {
        if (!actual.has(v)) return false;
      } else if (![...actual].some((x) => partialDeepEqual(x, v, memo))) return false;
    }
    return true;
  }
  if (Array.isArray(expected)) {
    let from = 0;
    for (const v of expected) {
      let found = false;
      while (from < actual.length) {
        if (partialDeepEqual(actual[from++], v, memo)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return true;
  }
  for (const key of ownKeys(expected, kStrict, false)) {
    if (!Object.prototype.propertyIsEnumerable.call(actual, key)) return false;
    if (!partialDeepEqual(actual[key], expected[key], memo)) return false;
  }
  return true;
}

// ---- the assertions --------------------------------------------------------------

function ok(...args) {
  if (args.length === 0) {
    throw new AssertionError({ message: 'No value argument passed to `assert.ok()`', operator: '==', stackStartFn: ok });
  }
  const [value, message] = args;
  if (!value) {
    raise({ actual: value, expected: true, operator: '==', stackStartFn: ok }, message ?? 'The expression evaluated to a falsy value');
  }
}

function equal(actual, expected, message) {
  if (!primitiveEqual(actual, expected, false)) raise({ actual, expected, operator: '==' }, message);
}
function notEqual(actual, expected, message) {
  if (primitiveEqual(actual, expected, false)) raise({ actual, expected, operator: '!=' }, message);
}
function strictEqual(actual, expected, message) {
  if (!Object.is(actual, expected)) raise({ actual, expected, operator: 'strictEqual' }, message);
}
function notStrictEqual(actual, expected, message) {
  if (Object.is(actual, expected)) raise({ actual, expected, operator: 'notStrictEqual' }, message);
}
function deepStrictEqualFn(actual, expected, message) {
  if (!deepEqual(actual, expected, kStrict)) raise({ actual, expected, operator: 'deepStrictEqual' }, message);
}
function notDeepStrictEqual(actual, expected, message) {
  if (deepEqual(actual, expected, kStrict)) raise({ actual, expected, operator: 'notDeepStrictEqual' }, message);
}
function deepEqualFn(actual, expected, message) {
  if (!deepEqual(actual, expected, kLoose)) raise({ actual, expected, operator: 'deepEqual' }, message);
}
function notDeepEqual(actual, expected, message) {
  if (deepEqual(actual, expected, kLoose)) raise({ actual, expected, operator: 'notDeepEqual' }, message);
}
function partialDeepStrictEqual(actual, expected, message) {
  if (!partialDeepEqual(actual, expected)) raise({ actual, expected, operator: 'partialDeepStrictEqual' }, message);
}

function fail(actual, expected, message, operator) {
  if (arguments.length === 0) message = 'Failed';
  else if (arguments.length === 1) message = actual;
  else if (arguments.length === 2) operator = '!=';
  if (message instanceof Error) throw message;
  const error = new AssertionError({ actual, expected, operator: operator ?? 'fail', message: message ?? `${inspect(actual)} ${operator} ${inspect(expected)}` });
  error.generatedMessage = arguments.length === 0;
  throw error;
}

function ifError(value) {
  if (value === null || value === undefined) return;
  let message = 'ifError got unwanted exception: ';
  if (typeof value === 'object' && typeof value.message === 'string') {
    message += value.message.length === 0 && value.constructor ? value.constructor.name : value.message;
  } else {
    message += inspect(value);
  }
  const error = new AssertionError({ actual: value, expected: null, operator: 'ifError', message });
  error.generatedMessage = false;
  throw error;
}

function match(string, regexp, message) {
  if (!(regexp instanceof RegExp)) throw invalidArgType('regexp', 'RegExp', regexp);
  if (typeof string !== 'string' || !regexp.test(string)) {
    raise(
      { actual: string, expected: regexp, operator: 'match' },
      message ??
        (typeof string !== 'string'
          ? `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})`
          : `The input did not match the regular expression ${inspect(regexp)}. Input:\n\n${inspect(string)}\n`),
    );
  }
}

function doesNotMatch(string, regexp, message) {
  if (!(regexp instanceof RegExp)) throw invalidArgType('regexp', 'RegExp', regexp);
  if (typeof string !== 'string' || regexp.test(string)) {
    raise(
      { actual: string, expected: regexp, operator: 'doesNotMatch' },
      message ??
        (typeof string !== 'string'
          ? `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})`
          : `The input was expected to not match the regular expression ${inspect(regexp)}. Input:\n\n${inspect(string)}\n`),
    );
  }
}

// Whether `actual` (what was thrown) satisfies `expected`; throws an
// AssertionError saying why not.
function validate(actual, expected, message, fnName) {
  if (expected === undefined) return;
  if (expected instanceof RegExp) {
    const text = String(actual);
    if (expected.test(text)) return;
    raise(
      { actual, expected, operator: fnName },
      message ?? `The input did not match the regular expression ${inspect(expected)}. Input:\n\n${inspect(text)}\n`,
    );
  }
  if (typeof expected === 'function') {
    if (expected.prototype !== undefined && actual instanceof expected) return;
    if (Object.prototype.isPrototypeOf.call(Error, expected) || expected === Error) {
      const name = actual && actual.constructor && actual.constructor.name;
      raise(
        { actual, expected, operator: fnName },
        message ?? `The error is expected to be an instance of "${expected.name}". Received "${name}"\n\nError message:\n\n${actual && actual.message}`,
      );
    }
    const verdict = expected.call({}, actual);
    if (verdict !== true) {
      raise(
        { actual, expected, operator: fnName },
        message ?? `The ${expected.name ? `"${expected.name}" ` : ''}validation function is expected to return "true". Received ${inspect(verdict)}\n\nCaught error:\n\n${actual}`,
      );
    }
    return;
  }
  if (typeof expected === 'object' && expected !== null) {
    const keys = Object.keys(expected);
    if (expected instanceof Error) keys.push('name', 'message');
    else if (keys.length === 0) {
      const error = new TypeError(`The argument 'error' may not be an empty object. Received {}`);
      error.code = 'ERR_INVALID_ARG_VALUE';
      throw error;
    }
    if (typeof actual !== 'object' || actual === null) {
      raise({ actual, expected, operator: 'deepStrictEqual' }, message ?? `${inspect(actual)} is not an object to compare with ${inspect(expected)}`);
    }
    for (const key of keys) {
      const want = expected[key];
      const have = actual[key];
      if (typeof have === 'string' && want instanceof RegExp && want.test(have)) continue;
      if (!(key in actual) || !deepEqual(have, want, kStrict)) {
        raise(
          { actual, expected, operator: fnName },
          message ?? `Expected values to be strictly deep-equal (at "${String(key)}"):\n+ actual - expected\n\n+ ${inspect(have)}\n- ${inspect(want)}\n`,
        );
      }
    }
    return;
  }
  throw invalidArgType('expected', 'Function or RegExp or Object', expected);
}

function splitArgs(error, message) {
  if (typeof error === 'string') {
    if (message !== undefined) {
      throw invalidArgType('error', 'Object, Error, Function, or RegExp', error);
    }
    return [undefined, error];
  }
  return [error, message];
}

function consumed(error) {
  state.consume(error);
}

const NOTHING = Symbol('nothing thrown');

function throws(fn, error, message) {
  if (typeof fn !== 'function') throw invalidArgType('fn', 'Function', fn);
  [error, message] = splitArgs(error, message);
  let thrown = NOTHING;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  if (thrown === NOTHING) {
    const what = error && error.name ? ` (${error.name})` : '';
    raise({ actual: undefined, expected: error, operator: 'throws' }, message === undefined ? `Missing expected exception${what}.` : `Missing expected exception${what}: ${message}`);
  }
  consumed(thrown);
  validate(thrown, error, message, 'throws');
}

function doesNotThrow(fn, error, message) {
  if (typeof fn !== 'function') throw invalidArgType('fn', 'Function', fn);
  [error, message] = splitArgs(error, message);
  try {
    fn();
  } catch (e) {
    consumed(e);
    gotUnwanted(e, error, message, 'doesNotThrow', 'exception');
  }
}

function gotUnwanted(actual, error, message, operator, noun) {
  let matches = error === undefined;
  if (!matches) {
    if (typeof error === 'function' && error.prototype !== undefined && actual instanceof error) matches = true;
    else if (error instanceof RegExp) matches = error.test(String(actual));
    else if (typeof error === 'function' && !(Object.prototype.isPrototypeOf.call(Error, error) || error === Error)) {
      matches = error.call({}, actual) === true;
    }
  }
  if (!matches) throw actual;
  const details = message ? `: ${message}` : '.';
  raise(
    { actual, expected: error, operator },
    `Got unwanted ${noun}${details}\nActual message: "${actual && actual.message}"`,
  );
}

async function settle(promiseFn) {
  if (typeof promiseFn === 'function') {
    const result = promiseFn();
    if (!result || typeof result.then !== 'function') {
      const error = new TypeError(`Expected instance of Promise to be returned from the "promiseFn" function but got ${inspect(result)}.`);
      error.code = 'ERR_INVALID_RETURN_VALUE';
      throw error;
    }
    return result;
  }
  if (promiseFn && typeof promiseFn.then === 'function') return promiseFn;
  throw invalidArgType('promiseFn', 'Function or an instance of Promise', promiseFn);
}

async function rejects(promiseFn, error, message) {
  [error, message] = splitArgs(error, message);
  const pending = await settle(promiseFn).then(
    () => NOTHING,
    (e) => ({ e }),
  );
  if (pending === NOTHING) {
    const what = error && error.name ? ` (${error.name})` : '';
    raise({ actual: undefined, expected: error, operator: 'rejects' }, message ?? `Missing expected rejection${what}.`);
  }
  consumed(pending.e);
  validate(pending.e, error, message, 'rejects');
}

async function doesNotReject(promiseFn, error, message) {
  [error, message] = splitArgs(error, message);
  const outcome = await settle(promiseFn).then(
    () => NOTHING,
    (e) => ({ e }),
  );
  if (outcome === NOTHING) return;
  consumed(outcome.e);
  gotUnwanted(outcome.e, error, message, 'doesNotReject', 'rejection');
}

// Every public assertion: a failure it throws goes into the ledger too.
function kept(fn) {
  const wrapped = {
    [fn.name](...args) {
      try {
        const result = fn.apply(this, args);
        if (result && typeof result.then === 'function') {
          return result.catch((error) => {
            if (error instanceof AssertionError) state.record(error);
            throw error;
          });
        }
        return result;
      } catch (error) {
        if (error instanceof AssertionError) state.record(error);
        throw error;
      }
    },
  }[fn.name];
  Object.defineProperty(wrapped, 'length', { value: fn.length, configurable: true });
  return wrapped;
}

function build(strict) {
  const equalFn = strict ? strictEqual : equal;
  const notEqualFn = strict ? notStrictEqual : notEqual;
  const deep = strict ? deepStrictEqualFn : deepEqualFn;
  const notDeep = strict ? notDeepStrictEqual : notDeepEqual;
  const okKept = kept(ok);
  const assert = function ok(...args) {
    return okKept(...args);
  };
  Object.assign(assert, {
    ok: okKept,
    equal: kept(equalFn),
    notEqual: kept(notEqualFn),
    strictEqual: kept(strictEqual),
    notStrictEqual: kept(notStrictEqual),
    deepEqual: kept(deep),
    notDeepEqual: kept(notDeep),
    deepStrictEqual: kept(deepStrictEqualFn),
    notDeepStrictEqual: kept(notDeepStrictEqual),
    partialDeepStrictEqual: kept(partialDeepStrictEqual),
    fail: kept(fail),
    ifError: kept(ifError),
    match: kept(match),
    doesNotMatch: kept(doesNotMatch),
    throws: kept(throws),
    doesNotThrow: kept(doesNotThrow),
    rejects: kept(rejects),
    doesNotReject: kept(doesNotReject),
    AssertionError,
  });
  return assert;
}

const assert = build(false);
const strict = build(true);
assert.strict = strict;
strict.strict = strict;

module.exports = assert;
