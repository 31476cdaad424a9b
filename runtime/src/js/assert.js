// ---- assert.js: node:assert (the common subset) ---------------------------
const { inspect } = need('inspect');
const { deepEqual } = need('util');

function assert(value, message) {
  if (!value) throw new AssertionError(message || 'The expression evaluated to a falsy value');
}
class AssertionError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AssertionError';
    this.code = 'ERR_ASSERTION';
  }
}
Object.assign(assert, {
  ok: assert,
  AssertionError,
  equal: (a, b, m) => {
    // biome-ignore lint/suspicious/noDoubleEquals: assert.equal is loose equality, as in Node
    if (a != b) throw new AssertionError(m || `${inspect(a)} == ${inspect(b)}`);
  },
  notEqual: (a, b, m) => {
    // biome-ignore lint/suspicious/noDoubleEquals: assert.notEqual is loose equality, as in Node
    if (a == b) throw new AssertionError(m || `${inspect(a)} != ${inspect(b)}`);
  },
  strictEqual: (a, b, m) => {
    if (!Object.is(a, b))
      throw new AssertionError(m || `Expected values to be strictly equal:\n${inspect(a)} !== ${inspect(b)}`);
  },
  notStrictEqual: (a, b, m) => {
    if (Object.is(a, b)) throw new AssertionError(m || `Expected "actual" to be strictly unequal to: ${inspect(b)}`);
  },
  deepEqual: (a, b, m) => {
    if (!deepEqual(a, b)) throw new AssertionError(m || 'Expected values to be deeply equal');
  },
  deepStrictEqual: (a, b, m) => {
    if (!deepEqual(a, b)) throw new AssertionError(m || 'Expected values to be strictly deep-equal');
  },
  throws: (fn, _e, m) => {
    try {
      fn();
    } catch {
      return;
    }
    throw new AssertionError(m || 'Missing expected exception.');
  },
  rejects: async (p, _e, m) => {
    try {
      await (typeof p === 'function' ? p() : p);
    } catch {
      return;
    }
    throw new AssertionError(m || 'Missing expected rejection.');
  },
  fail: (m) => {
    throw new AssertionError(m || 'Failed');
  },
});
assert.strict = assert;

return { assert };
