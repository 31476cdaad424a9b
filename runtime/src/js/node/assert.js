// ---- node/assert.js: node:assert and node:assert/strict -------------------------
// Node's checks with Node's (and Bun's) messages and `AssertionError` fields
// (`actual`, `expected`, `operator`, `generatedMessage`, `code`). A tool's own
// checks must fail when Bun's fail: deep equality looks inside Maps, Sets,
// Dates, RegExps and errors, and `throws` applies its validator.
const { inspect } = need('internal/inspect');
const { deepEqual } = need('node/util');

class AssertionError extends Error {
  constructor(options) {
    const { message, actual, expected, operator, generated } = options;
    super(message);
    this.name = 'AssertionError';
    this.generatedMessage = generated;
    this.code = 'ERR_ASSERTION';
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
    // Node 24's: which diff the message holds ('simple' but for an
    // `Assert` made with `diff: 'full'`).
    this.diff = 'simple';
    // The stack starts at the caller's line, as Node's and Bun's do: the
    // frames inside this module say nothing to whoever reads it.
    const stack = this.stack;
    if (typeof stack === 'string' && stack.includes('prelude/node/assert.js')) {
      // No prototype: a `get` put on Object.prototype must not make this an accessor.
      Object.defineProperty(this, 'stack', {
        __proto__: null,
        value: stack
          .split('\n')
          // An async check's own frame stays, as in Node (no stack start
          // can cut an async frame there).
          .filter((line) => !line.includes('prelude/node/assert.js') || /\bat (rejects|doesNotReject) /.test(line))
          .join('\n'),
        writable: true,
        configurable: true,
      });
    }
  }
}

function fail(message, generated, actual, expected, operator) {
  if (message instanceof Error) throw message;
  return new AssertionError({
    message: generated === undefined || message !== undefined ? message : generated,
    generated: message === undefined,
    actual,
    expected,
    operator,
  });
}

// How `assert` shows values in its diffs: one entry per line, keys sorted.
const view = (value) => inspect(value, { compact: false, sorted: true, depth: 1000 });

// The lines of `actual` and `expected` as a diff, `+` for actual and `-` for
// expected, as Node prints it for small values (a longest common
// subsequence of lines).
// Two lines that differ only by a trailing comma (an entry that became or
// stopped being the last) are the same line, as Node's diff reads them.
const same = (x, y) => x === y || `${x},` === y || x === `${y},`;
function lineDiff(actual, expected) {
  const a = view(actual).split('\n');
  const b = view(expected).split('\n');
  const table = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i][j] = same(a[i], b[j]) ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && same(a[i], b[j])) {
      out.push(`  ${b[j++]}`);
      i++;
      continue;
    }
    // A changed run: every actual line of it, then every expected line.
    const plus = [];
    const minus = [];
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && same(a[i], b[j])) break;
      if (j >= b.length || (i < a.length && table[i + 1][j] >= table[i][j + 1])) plus.push(`+ ${a[i++]}`);
      else minus.push(`- ${b[j++]}`);
    }
    out.push(...plus, ...minus);
  }
  return out.join('\n');
}

function assert(value, message) {
  innerOk(value, message, assert);
}
function innerOk(value, message) {
  if (!value) throw fail(message, `${inspect(value)} == true`, value, true, '==');
}

function strictEqual(actual, expected, message) {
  if (Object.is(actual, expected)) return;
  const shown = `${inspect(actual)} !== ${inspect(expected)}`;
  const oneLine = !shown.includes('\n');
  const body = oneLine ? `\n\n${shown}\n` : `\n+ actual - expected\n\n${lineDiff(actual, expected)}\n`;
  if (message instanceof Error) throw message;
  throw new AssertionError({
    message:
      message === undefined ? `Expected values to be strictly equal:${body}` : `${message}${oneLine ? body : ''}`,
    generated: message === undefined,
    actual,
    expected,
    operator: 'strictEqual',
  });
}
function notStrictEqual(actual, expected, message) {
  if (!Object.is(actual, expected)) return;
  throw fail(
    message,
    `Expected "actual" to be strictly unequal to: ${inspect(expected)}`,
    actual,
    expected,
    'notStrictEqual',
  );
}
function deepStrictEqual(actual, expected, message) {
  if (deepEqual(actual, expected, true)) return;
  throw fail(
    message,
    `Expected values to be strictly deep-equal:\n+ actual - expected\n\n${lineDiff(actual, expected)}\n`,
    actual,
    expected,
    'deepStrictEqual',
  );
}
function notDeepStrictEqual(actual, expected, message) {
  if (!deepEqual(actual, expected, true)) return;
  throw fail(
    message,
    `Expected "actual" not to be strictly deep-equal to:\n\n${view(expected)}\n`,
    actual,
    expected,
    'notDeepStrictEqual',
  );
}
function deepLooseEqual(actual, expected, message) {
  if (deepEqual(actual, expected, false)) return;
  throw fail(
    message,
    `Expected values to be loosely deep-equal:\n\n${view(actual)}\n\nshould loosely deep-equal\n\n${view(expected)}`,
    actual,
    expected,
    'deepEqual',
  );
}
function notDeepLooseEqual(actual, expected, message) {
  if (!deepEqual(actual, expected, false)) return;
  throw fail(
    message,
    `Expected "actual" not to be loosely deep-equal to:\n\n${view(expected)}`,
    actual,
    expected,
    'notDeepEqual',
  );
}

function argumentError(name, message) {
  const error = new TypeError(message);
  error.code = name;
  return error;
}

// Whether `actual` (what was thrown) is what `expected` describes; throws
// the AssertionError that says why not.
function checkThrown(actual, expected, message, operator) {
  if (expected === undefined) return;
  if (expected instanceof RegExp) {
    if (expected.test(String(actual))) return;
    throw fail(
      message,
      `The input did not match the regular expression ${inspect(expected)}. Input:\n\n${inspect(String(actual))}\n`,
      actual,
      expected,
      operator,
    );
  }
  if (typeof expected === 'function') {
    if (expected.prototype !== undefined && actual instanceof expected) return;
    if (Object.prototype.isPrototypeOf.call(Error, expected) || expected === Error) {
      const received = actual && actual.constructor ? actual.constructor.name : inspect(actual);
      throw fail(
        message,
        `The error is expected to be an instance of "${expected.name}". Received "${received}"\n\nError message:\n\n${actual && actual.message}`,
        actual,
        expected,
        operator,
      );
    }
    const result = expected.call({}, actual);
    if (result === true) return;
    throw fail(
      message,
      `The ${expected.name ? `"${expected.name}" validation function` : 'validation function'} is expected to return "true". Received ${inspect(result)}\n\nCaught error:\n\n${actual}`,
      actual,
      expected,
      operator,
    );
  }
  if (typeof expected === 'object' && expected !== null) {
    const keys = Object.keys(expected);
    if (expected instanceof Error) keys.push('name', 'message');
    for (const key of keys) {
      const want = expected[key];
      const got = actual === null || actual === undefined ? undefined : actual[key];
      const matches = want instanceof RegExp && typeof got === 'string' ? want.test(got) : deepEqual(got, want, true);
      if (matches) continue;
      const shownActual = {};
      const shownExpected = {};
      for (const k of keys) {
        shownActual[k] = actual === null || actual === undefined ? undefined : actual[k];
        shownExpected[k] = expected[k];
      }
      const Comparison = function Comparison() {};
      throw fail(
        message,
        `Expected values to be strictly deep-equal:\n+ actual - expected\n\n${lineDiff(
          Object.assign(new Comparison(), shownActual),
          Object.assign(new Comparison(), shownExpected),
        )}\n`,
        actual,
        expected,
        operator,
      );
    }
    return;
  }
  throw argumentError(
    'ERR_INVALID_ARG_TYPE',
    `The "expected" argument must be of type function or an instance of Error, RegExp, or Object. Received ${inspect(expected)}`,
  );
}

function missing(expected, message, operator, what) {
  const named = typeof expected === 'function' && expected.name ? ` (${expected.name})` : '';
  return new AssertionError({
    message: `Missing expected ${what}${named}${message === undefined ? '.' : `: ${message}`}`,
    generated: false,
    actual: undefined,
    expected,
    operator,
  });
}

// `throws(fn, message)` with a string as the second argument: the message.
function split(expected, message) {
  if (typeof expected === 'string') return [undefined, expected];
  return [expected, message];
}

function throws(fn, expectedOrMessage, message) {
  if (typeof fn !== 'function')
    throw argumentError('ERR_INVALID_ARG_TYPE', `The "fn" argument must be of type function. Received ${inspect(fn)}`);
  const [expected, text] = split(expectedOrMessage, message);
  let thrown;
  try {
    fn();
  } catch (error) {
    thrown = { error };
  }
  if (!thrown) throw missing(expected, text, 'throws', 'exception');
  if (typeof expectedOrMessage === 'string' && thrown.error && thrown.error.message === expectedOrMessage)
    throw argumentError(
      'ERR_AMBIGUOUS_ARGUMENT',
      `The "error/message" argument is ambiguous. The error message "${expectedOrMessage}" is identical to the message.`,
    );
  checkThrown(thrown.error, expected, text, 'throws');
}

// The promise `rejects`/`doesNotReject` wait on: the argument, or what the
// function returns, which must be a promise (or a thenable with catch).
const isPromiseLike = (value) =>
  value instanceof Promise ||
  (value !== null &&
    typeof value === 'object' &&
    typeof value.then === 'function' &&
    typeof value.catch === 'function');
function promiseOf(promiseOrFn) {
  if (typeof promiseOrFn === 'function') {
    const result = promiseOrFn();
    if (isPromiseLike(result)) return result;
    const got =
      result === null || result === undefined
        ? String(result)
        : typeof result === 'object' && result.constructor?.name
          ? `an instance of ${result.constructor.name}`
          : `type ${typeof result} (${inspect(result)})`;
    throw codedError(
      TypeError,
      'ERR_INVALID_RETURN_VALUE',
      `Expected instance of Promise to be returned from the "promiseFn" function but got ${got}.`,
    );
  }
  if (isPromiseLike(promiseOrFn)) return promiseOrFn;
  throw need('internal/buffer').invalidArgType('promiseFn', ['Function', 'Promise'], promiseOrFn);
}
async function rejects(promiseOrFn, expectedOrMessage, message) {
  const [expected, text] = split(expectedOrMessage, message);
  const promise = promiseOf(promiseOrFn);
  let thrown;
  try {
    await promise;
  } catch (error) {
    thrown = { error };
  }
  if (!thrown) throw missing(expected, text, 'rejects', 'rejection');
  checkThrown(thrown.error, expected, text, 'rejects');
}

function unwanted(error, expected, message, operator, what) {
  if (expected !== undefined && typeof expected !== 'string') {
    // Only an error `expected` describes is unwanted; any other is rethrown.
    try {
      checkThrown(error, expected, undefined, operator);
    } catch {
      throw error;
    }
  }
  const text = typeof expected === 'string' ? expected : message;
  return new AssertionError({
    message: `Got unwanted ${what}${text === undefined ? '.' : `: ${text}`}\nActual message: "${error && error.message}"`,
    generated: false,
    actual: error,
    expected,
    operator,
  });
}
function doesNotThrow(fn, expected, message) {
  try {
    fn();
  } catch (error) {
    throw unwanted(error, expected, message, 'doesNotThrow', 'exception');
  }
}
async function doesNotReject(promiseOrFn, expected, message) {
  const promise = promiseOf(promiseOrFn);
  try {
    await promise;
  } catch (error) {
    throw unwanted(error, expected, message, 'doesNotReject', 'rejection');
  }
}

function checkRegExp(regexp) {
  if (!(regexp instanceof RegExp)) throw need('internal/buffer').invalidArgType('regexp', 'RegExp', regexp);
}
function match(string, regexp, message) {
  checkRegExp(regexp);
  if (typeof string === 'string' && regexp.test(string)) return;
  throw fail(
    message,
    typeof string === 'string'
      ? `The input did not match the regular expression ${inspect(regexp)}. Input:\n\n${inspect(string)}\n`
      : `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})`,
    string,
    regexp,
    'match',
  );
}
function doesNotMatch(string, regexp, message) {
  checkRegExp(regexp);
  if (typeof string === 'string' && !regexp.test(string)) return;
  throw fail(
    message,
    `The input was expected to not match the regular expression ${inspect(regexp)}. Input:\n\n${inspect(string)}\n`,
    string,
    regexp,
    'doesNotMatch',
  );
}

// `partialDeepStrictEqual`: `expected` is a part of `actual`. An object's
// keys are a subset, an array's items a subsequence (in order), a Set's
// values and a Map's entries a subset; anything else compares strictly.
function partialEqual(actual, expected, seen = new Map()) {
  if (Object.is(actual, expected)) return true;
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null) return false;
  // Prototypes are not compared, as Bun does not.
  if (Object.prototype.toString.call(actual) !== Object.prototype.toString.call(expected)) return false;
  let pairs = seen.get(actual);
  if (pairs?.has(expected)) return true;
  if (!pairs) {
    pairs = new Set();
    seen.set(actual, pairs);
  }
  pairs.add(expected);
  if (
    actual instanceof Date ||
    actual instanceof RegExp ||
    actual instanceof Error ||
    actual instanceof Number ||
    actual instanceof String ||
    actual instanceof Boolean ||
    actual instanceof WeakMap ||
    actual instanceof WeakSet ||
    actual instanceof ArrayBuffer ||
    ArrayBuffer.isView(actual)
  )
    return deepEqual(actual, expected, true);
  if (actual instanceof Set) {
    const unused = [...actual];
    for (const value of expected) {
      const at = unused.findIndex((candidate) => partialEqual(candidate, value, seen));
      if (at === -1) return false;
      unused.splice(at, 1);
    }
    return true;
  }
  if (actual instanceof Map) {
    for (const [key, value] of expected) {
      if (actual.has(key)) {
        if (!partialEqual(actual.get(key), value, seen)) return false;
        continue;
      }
      if (typeof key !== 'object' || key === null) return false;
      let found = false;
      for (const [other, otherValue] of actual)
        if (partialEqual(other, key, seen) && partialEqual(otherValue, value, seen)) {
          found = true;
          break;
        }
      if (!found) return false;
    }
    return true;
  }
  if (Array.isArray(actual)) {
    let from = 0;
    for (let i = 0; i < expected.length; i++) {
      while (from < actual.length && !partialEqual(actual[from], expected[i], seen)) from++;
      if (from >= actual.length) return false;
      from++;
    }
    return true;
  }
  for (const key of Reflect.ownKeys(expected)) {
    if (!Object.prototype.propertyIsEnumerable.call(expected, key)) continue;
    if (!Object.prototype.propertyIsEnumerable.call(actual, key)) return false;
    if (!partialEqual(actual[key], expected[key], seen)) return false;
  }
  return true;
}
function partialDeepStrictEqual(actual, expected, message) {
  if (partialEqual(actual, expected)) return;
  const diff = `+ actual - expected\n\n${lineDiff(actual, expected)}\n`;
  if (message instanceof Error) throw message;
  throw new AssertionError({
    message:
      message === undefined
        ? `Expected values to be partially and strictly deep-equal:\n${diff}`
        : `${message}\n${diff}`,
    generated: message === undefined,
    actual,
    expected,
    operator: 'partialDeepStrictEqual',
  });
}

// The checks that need both values: Node refuses a call with fewer.
function needsBoth(check) {
  const named = {
    [check.name](...args) {
      if (args.length < 2) {
        const error = new TypeError('The "actual" and "expected" arguments must be specified');
        error.code = 'ERR_MISSING_ARGS';
        throw error;
      }
      return Reflect.apply(check, undefined, args);
    },
  }[check.name];
  return named;
}

// `assert.CallTracker`: wraps functions and checks, at `verify()`, that
// each was called as many times as it should have been.
let exiting = false;
let failWarned = false;
let trackerWarned = false;
let exitWatched = false;
function codedError(Ctor, code, message) {
  const error = new Ctor(message);
  error.code = code;
  return error;
}
class CallTracker {
  #calls = [];
  constructor() {
    if (!trackerWarned) {
      trackerWarned = true;
      process.emitWarning('assert.CallTracker is deprecated.', 'DeprecationWarning', 'DEP0173');
    }
    if (!exitWatched && globalThis.process && typeof process.once === 'function') {
      exitWatched = true;
      process.once('exit', () => {
        exiting = true;
      });
    }
  }
  calls(fn, exact = 1) {
    if (exiting) throw codedError(Error, 'ERR_UNAVAILABLE_DURING_EXIT', 'Cannot call function in process exit handler');
    if (typeof fn === 'number') {
      exact = fn;
      fn = function calls() {};
    } else if (fn === undefined) fn = function calls() {};
    const { invalidArgType, shownNumber } = need('internal/buffer');
    // Bun names the count `expected`.
    if (typeof exact !== 'number') throw invalidArgType('expected', 'number', exact);
    if (!Number.isInteger(exact) || exact < 1 || exact > 2 ** 32 - 1) {
      const error = new RangeError(
        `The value of "expected" is out of range. It must be ${Number.isInteger(exact) ? '>= 1 && <= 4294967295' : 'an integer'}. Received ${shownNumber(exact)}`,
      );
      error.code = 'ERR_OUT_OF_RANGE';
      throw error;
    }
    if (typeof fn !== 'function') throw invalidArgType('fn', 'function', fn);
    const record = { fn, name: fn.name || 'calls', exact, calls: [], stack: new Error() };
    // No prototype: a `get` put on Object.prototype must not become a trap.
    const tracked = new Proxy(fn, {
      __proto__: null,
      apply(target, thisArg, args) {
        record.calls.push(Object.freeze({ thisArg, arguments: Object.freeze(args.slice()) }));
        return Reflect.apply(target, thisArg, args);
      },
    });
    record.tracked = tracked;
    this.#calls.push(record);
    return tracked;
  }
  #find(fn) {
    const record = this.#calls.find((r) => r.tracked === fn);
    if (record) return record;
    throw codedError(
      TypeError,
      'ERR_INVALID_ARG_VALUE',
      `The argument 'tracked' is not a tracked function. Received ${inspect(fn)}`,
    );
  }
  getCalls(fn) {
    return Object.freeze(this.#find(fn).calls.slice());
  }
  reset(fn) {
    if (fn === undefined) for (const record of this.#calls) record.calls = [];
    else this.#find(fn).calls = [];
  }
  report() {
    return this.#calls
      .filter((r) => r.calls.length !== r.exact)
      .map((r) => ({
        message: `Expected the ${r.name} function to be executed ${r.exact} time(s) but was executed ${r.calls.length} time(s).`,
        actual: r.calls.length,
        expected: r.exact,
        operator: r.name,
        stack: r.stack,
      }));
  }
  verify() {
    const errors = this.report();
    if (errors.length === 0) return;
    const error = new AssertionError({
      message: errors.length === 1 ? errors[0].message : 'Functions were not called the expected number of times',
      generated: false,
    });
    error.details = errors;
    throw error;
  }
}

const common = {
  AssertionError,
  ok: (value, message) => innerOk(value, message),
  strictEqual: needsBoth(strictEqual),
  notStrictEqual: needsBoth(notStrictEqual),
  deepStrictEqual: needsBoth(deepStrictEqual),
  notDeepStrictEqual: needsBoth(notDeepStrictEqual),
  partialDeepStrictEqual: needsBoth(partialDeepStrictEqual),
  CallTracker,
  throws,
  rejects,
  doesNotThrow,
  doesNotReject,
  match,
  doesNotMatch,
  // `fail(message)`, or the deprecated `fail(actual, expected, message,
  // operator)` (DEP0094, warned once, as Node and Bun do).
  fail(...given) {
    if (given.length <= 1) {
      const message = given.length === 0 || given[0] === undefined ? 'Failed' : given[0];
      if (message instanceof Error) throw message;
      throw new AssertionError({ message, generated: given.length === 0, operator: 'fail' });
    }
    if (!failWarned) {
      failWarned = true;
      process.emitWarning(
        'assert.fail() with more than one argument is deprecated. Please use assert.strictEqual() instead or only pass a message.',
        'DeprecationWarning',
        'DEP0094',
      );
    }
    const [actual, expected, message, operator = given.length === 2 ? '!=' : 'fail', stackStart] = given;
    if (message instanceof Error) throw message;
    const error = new AssertionError({
      message: message === undefined ? `${inspect(actual)} ${operator} ${inspect(expected)}` : message,
      generated: message === undefined,
      actual,
      expected,
      operator,
    });
    // `stackStartFn`: the frames down to that function's are left out.
    if (typeof stackStart === 'function' && stackStart.name && typeof error.stack === 'string') {
      const lines = error.stack.split('\n');
      const at = lines.findIndex((line) => line.trim().startsWith(`at ${stackStart.name} `));
      if (at !== -1) error.stack = [lines[0], ...lines.slice(at + 1)].join('\n');
    }
    throw error;
  },
  ifError(value) {
    if (value === null || value === undefined) return;
    // An error with no message is named by its class, as in Node.
    const text =
      value && typeof value === 'object' && typeof value.message === 'string'
        ? value.message === '' && value.constructor
          ? value.constructor.name
          : value.message
        : inspect(value);
    const error = new AssertionError({
      message: `ifError got unwanted exception: ${text}`,
      generated: false,
      actual: value,
      expected: null,
      operator: 'ifError',
    });
    error.origin = value;
    throw error;
  },
};

const loose = {
  equal: needsBoth(function equal(actual, expected, message) {
    // biome-ignore lint/suspicious/noDoubleEquals: assert.equal is loose equality, as in Node
    if (actual == expected || (Number.isNaN(actual) && Number.isNaN(expected))) return;
    throw fail(message, `${inspect(actual)} == ${inspect(expected)}`, actual, expected, '==');
  }),
  notEqual: needsBoth(function notEqual(actual, expected, message) {
    // biome-ignore lint/suspicious/noDoubleEquals: assert.notEqual is loose equality, as in Node
    if (actual != expected && !(Number.isNaN(actual) && Number.isNaN(expected))) return;
    throw fail(message, `${inspect(actual)} != ${inspect(expected)}`, actual, expected, '!=');
  }),
  deepEqual: needsBoth(deepLooseEqual),
  notDeepEqual: needsBoth(notDeepLooseEqual),
};
Object.assign(assert, common, loose);

// `node:assert/strict` and `assert.strict`: the loose names are the strict
// checks.
function strict(value, message) {
  innerOk(value, message);
}
Object.assign(strict, common, {
  equal: common.strictEqual,
  notEqual: common.notStrictEqual,
  deepEqual: common.deepStrictEqual,
  notDeepEqual: common.notDeepStrictEqual,
});
strict.strict = strict;
assert.strict = strict;

// Node 24's `new Assert({ diff, strict })`: the checks as methods, strict
// unless `strict: false`; an instance's AssertionErrors carry its `diff`
// ('simple' for a method called on no instance, as destructured).
const assertOptions = new WeakMap();
function Assert(options) {
  if (!new.target)
    throw codedError(
      TypeError,
      'ERR_CONSTRUCT_CALL_REQUIRED',
      'Class constructor Assert cannot be invoked without `new`',
    );
  const settings = { diff: 'simple', strict: true, ...(options ?? {}) };
  if (settings.diff === undefined) settings.diff = 'simple';
  if (settings.diff !== 'simple' && settings.diff !== 'full') {
    const shown = typeof settings.diff === 'string' ? `'${settings.diff}'` : inspect(settings.diff);
    throw codedError(
      TypeError,
      'ERR_INVALID_ARG_VALUE',
      `The property 'options.diff' must be one of: 'simple', 'full'. Received ${shown}`,
    );
  }
  assertOptions.set(this, settings);
  if (settings.strict !== false) {
    this.equal = Assert.prototype.strictEqual;
    this.notEqual = Assert.prototype.notStrictEqual;
    this.deepEqual = Assert.prototype.deepStrictEqual;
    this.notDeepEqual = Assert.prototype.notDeepStrictEqual;
  }
}
for (const [name, check] of Object.entries({ ...common, ...loose })) {
  if (name === 'AssertionError' || name === 'CallTracker') continue;
  const method = {
    [name](...args) {
      const diff = assertOptions.get(this)?.diff ?? 'simple';
      const onError = (error) => {
        if (error instanceof AssertionError) error.diff = diff;
        throw error;
      };
      try {
        const result = Reflect.apply(check, undefined, args);
        return result instanceof Promise ? result.catch(onError) : result;
      } catch (error) {
        return onError(error);
      }
    },
  }[name];
  Object.defineProperty(Assert.prototype, name, { value: method, writable: true, configurable: true });
}
Assert.prototype.AssertionError = AssertionError;
assert.Assert = Assert;
strict.Assert = Assert;

return { assert, strict };
