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
function lineDiff(actual, expected) {
  const a = view(actual).split('\n');
  const b = view(expected).split('\n');
  const table = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i++]}`);
      j++;
      continue;
    }
    // A changed run: every actual line of it, then every expected line.
    const plus = [];
    const minus = [];
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i] === b[j]) break;
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

async function rejects(promiseOrFn, expectedOrMessage, message) {
  const [expected, text] = split(expectedOrMessage, message);
  let thrown;
  try {
    await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
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
  try {
    await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
  } catch (error) {
    throw unwanted(error, expected, message, 'doesNotReject', 'rejection');
  }
}

function match(string, regexp, message) {
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
  if (typeof string === 'string' && !regexp.test(string)) return;
  throw fail(
    message,
    `The input was expected to not match the regular expression ${inspect(regexp)}. Input:\n\n${inspect(string)}\n`,
    string,
    regexp,
    'doesNotMatch',
  );
}

const common = {
  AssertionError,
  ok: (value, message) => innerOk(value, message),
  strictEqual,
  notStrictEqual,
  deepStrictEqual,
  notDeepStrictEqual,
  throws,
  rejects,
  doesNotThrow,
  doesNotReject,
  match,
  doesNotMatch,
  fail(...given) {
    const message = given.length === 0 || given[0] === undefined ? 'Failed' : given[0];
    if (message instanceof Error) throw message;
    throw new AssertionError({ message, generated: given.length === 0, operator: 'fail' });
  },
  ifError(value) {
    if (value === null || value === undefined) return;
    const text = value && typeof value === 'object' && 'message' in value ? value.message : inspect(value);
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
  equal(actual, expected, message) {
    // biome-ignore lint/suspicious/noDoubleEquals: assert.equal is loose equality, as in Node
    if (actual == expected || (Number.isNaN(actual) && Number.isNaN(expected))) return;
    throw fail(message, `${inspect(actual)} == ${inspect(expected)}`, actual, expected, '==');
  },
  notEqual(actual, expected, message) {
    // biome-ignore lint/suspicious/noDoubleEquals: assert.notEqual is loose equality, as in Node
    if (actual != expected && !(Number.isNaN(actual) && Number.isNaN(expected))) return;
    throw fail(message, `${inspect(actual)} != ${inspect(expected)}`, actual, expected, '!=');
  },
  deepEqual: deepLooseEqual,
  notDeepEqual: notDeepLooseEqual,
};
Object.assign(assert, common, loose);

// `node:assert/strict` and `assert.strict`: the loose names are the strict
// checks.
function strict(value, message) {
  innerOk(value, message);
}
Object.assign(strict, common, {
  equal: strictEqual,
  notEqual: notStrictEqual,
  deepEqual: deepStrictEqual,
  notDeepEqual: notDeepStrictEqual,
});
strict.strict = strict;
assert.strict = strict;

return { assert, strict };
