// ---- bun/test.js: bun:test, the test API `beeuni test` runs ----------------
// A test file registers its describes, tests and hooks when it is imported;
// `beeuni test` then asks for the list (`list`) and runs each test as a call
// of its own (`run`), so each gets a call's deadline and limits. The runner
// is reached through the module object under a symbol, never as an export.
const { inspect } = need('internal/inspect');

const RUNNER = Symbol.for('beeuni.test.runner');
const ASYMMETRIC = Symbol('asymmetric matcher');

function scope(name, parent, mode) {
  return { name, parent, mode, children: [], hooks: { beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] } };
}
const root = scope('', null, 'run');
let current = root;
let defaultTimeout = null;
let expectCalls = 0;
let hasOnly = false;

function register(mode) {
  return (name, fn, options) => {
    if (mode === 'only') hasOnly = true;
    const timeout =
      typeof options === 'number' ? options : options && typeof options.timeout === 'number' ? options.timeout : null;
    current.children.push({ kind: 'test', name: String(name), fn, mode, timeout, scope: current });
  };
}

function registerScope(mode) {
  return (name, fn) => {
    if (mode === 'only') hasOnly = true;
    const inner = scope(String(name), current, mode);
    current.children.push({ kind: 'scope', scope: inner });
    const outer = current;
    current = inner;
    try {
      if (typeof fn === 'function') fn();
    } finally {
      current = outer;
    }
  };
}

function withModifiers(make) {
  const run = make('run');
  run.skip = make('skip');
  run.only = make('only');
  run.todo = make('todo');
  run.if = (condition) => (condition ? run : run.skip);
  run.skipIf = (condition) => (condition ? run.skip : run);
  run.todoIf = (condition) => (condition ? run.todo : run);
  run.each = (table) => (name, fn, options) => {
    table.forEach((row, index) => {
      const args = Array.isArray(row) ? row : [row];
      run(formatEach(String(name), args, index), () => fn(...args), options);
    });
  };
  return run;
}

// `%s`, `%d`, `%i`, `%p`, `%j`, `%o`, `%#` and `$key` as `test.each` fills them.
function formatEach(name, args, index) {
  let next = 0;
  let out = name.replace(/%[sdifjop#%]/g, (spec) => {
    if (spec === '%%') return '%';
    if (spec === '%#') return String(index);
    const value = args[next++];
    if (spec === '%s') return typeof value === 'string' ? value : inspect(value);
    if (spec === '%d' || spec === '%i') return String(spec === '%i' ? Math.trunc(Number(value)) : Number(value));
    if (spec === '%f') return String(Number(value));
    return inspect(value);
  });
  if (args.length === 1 && args[0] !== null && typeof args[0] === 'object') {
    out = out.replace(/\$([A-Za-z_][\w.]*)/g, (whole, key) => {
      const value = key.split('.').reduce((v, k) => (v == null ? v : v[k]), args[0]);
      return value === undefined ? whole : typeof value === 'string' ? value : inspect(value);
    });
  }
  return out;
}

const test = withModifiers(register);
const describe = withModifiers(registerScope);

function hook(kind) {
  return (fn) => {
    current.hooks[kind].push(fn);
  };
}

// ---- equality, as Bun's expect judges it --------------------------------------
function isAsymmetric(value) {
  return value !== null && typeof value === 'object' && value[ASYMMETRIC] === true;
}

function equals(a, b, strict, seen = new Map()) {
  if (isAsymmetric(b)) return b.matches(a);
  if (isAsymmetric(a)) return a.matches(b);
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const pairs = seen.get(a);
  if (pairs && pairs.has(b)) return true;
  if (pairs) pairs.add(b);
  else seen.set(a, new Set([b]));
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime());
  if (a instanceof RegExp || b instanceof RegExp) return String(a) === String(b);
  if (a instanceof Error && b instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !equals(value, b.get(key), strict, seen)) return false;
    return true;
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
    for (const value of a)
      if (!b.has(value) && ![...b].some((other) => equals(value, other, strict, seen))) return false;
    return true;
  }
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (strict && i in a !== i in b) return false;
      if (!equals(a[i], b[i], strict, seen)) return false;
    }
    return true;
  }
  // toEqual ignores properties that are undefined; toStrictEqual does not.
  const keys = (o) => Object.keys(o).filter((k) => strict || o[k] !== undefined);
  const ka = keys(a);
  const kb = keys(b);
  if (ka.length !== kb.length) return false;
  for (const key of ka) {
    if (!Object.hasOwn(b, key) && !(key in b)) return false;
    if (!equals(a[key], b[key], strict, seen)) return false;
  }
  return true;
}

// `expected`'s properties, recursively, are in `actual` (toMatchObject).
function matchesObject(actual, expected) {
  if (isAsymmetric(expected)) return expected.matches(actual);
  if (expected === null || typeof expected !== 'object') return equals(actual, expected, false);
  if (actual === null || typeof actual !== 'object') return false;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((v, i) => matchesObject(actual[i], v))
    );
  }
  return Object.keys(expected).every((key) => key in actual && matchesObject(actual[key], expected[key]));
}

function asymmetric(name, matches, shown) {
  return {
    [ASYMMETRIC]: true,
    matches,
    toString: () => shown,
    [Symbol.for('nodejs.util.inspect.custom')]: () => shown,
    name,
  };
}

// ---- expect ---------------------------------------------------------------------
// Strings as Bun shows them, in double quotes; anything else as inspect does.
const show = (value) =>
  isAsymmetric(value)
    ? value.toString()
    : typeof value === 'string'
      ? JSON.stringify(value)
      : inspect(value, { depth: 10 });

class AssertionError extends Error {}
Object.defineProperty(AssertionError.prototype, 'name', { value: 'AssertionError' });

function failure(matcher, negated, lines) {
  const head = `expect(received).${negated ? 'not.' : ''}${matcher}(${matcher.startsWith('toHaveBeenCalled') && !matcher.endsWith('With') ? '' : 'expected'})`;
  return new AssertionError(lines.length ? `${head}\n\n${lines.join('\n')}` : head);
}

function isMock(value) {
  return typeof value === 'function' && value.mock !== undefined && Array.isArray(value.mock.calls);
}

function thrownBy(received) {
  if (typeof received !== 'function') return { threw: true, error: received, settled: true };
  try {
    received();
  } catch (error) {
    return { threw: true, error };
  }
  return { threw: false };
}

function throwMatches(error, expected) {
  if (expected === undefined) return true;
  const message =
    error !== null && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
  if (typeof expected === 'string') return message.includes(expected);
  if (expected instanceof RegExp) return expected.test(message);
  if (typeof expected === 'function') return error instanceof expected;
  if (isAsymmetric(expected)) return expected.matches(error);
  if (expected !== null && typeof expected === 'object') return matchesObject(error, expected);
  return false;
}

// Each matcher: (received, ...expected) => [pass, lines shown when it fails].
const matchers = {
  toBe: (r, e) => [Object.is(r, e), [`Expected: ${show(e)}`, `Received: ${show(r)}`]],
  toEqual: (r, e) => [equals(r, e, false), [`Expected: ${show(e)}`, `Received: ${show(r)}`]],
  toStrictEqual: (r, e) => [equals(r, e, true), [`Expected: ${show(e)}`, `Received: ${show(r)}`]],
  toMatchObject: (r, e) => [matchesObject(r, e), [`Expected: ${show(e)}`, `Received: ${show(r)}`]],
  toContain: (r, e) => [
    typeof r === 'string'
      ? r.includes(e)
      : r != null && typeof r[Symbol.iterator] === 'function' && [...r].some((v) => Object.is(v, e) || v === e),
    [`Expected to contain: ${show(e)}`, `Received: ${show(r)}`],
  ],
  toContainEqual: (r, e) => [
    r != null && typeof r[Symbol.iterator] === 'function' && [...r].some((v) => equals(v, e, false)),
    [`Expected to contain: ${show(e)}`, `Received: ${show(r)}`],
  ],
  toMatch: (r, e) => [
    typeof r === 'string' && (e instanceof RegExp ? e.test(r) : r.includes(String(e))),
    [`Expected pattern: ${show(e)}`, `Received: ${show(r)}`],
  ],
  toBeTruthy: (r) => [!!r, [`Received: ${show(r)}`]],
  toBeFalsy: (r) => [!r, [`Received: ${show(r)}`]],
  toBeNull: (r) => [r === null, [`Received: ${show(r)}`]],
  toBeUndefined: (r) => [r === undefined, [`Received: ${show(r)}`]],
  toBeDefined: (r) => [r !== undefined, [`Received: ${show(r)}`]],
  toBeNaN: (r) => [Number.isNaN(r), [`Received: ${show(r)}`]],
  toBeTypeOf: (r, e) => [typeof r === e, [`Expected type: ${show(e)}`, `Received type: ${show(typeof r)}`]],
  toBeInstanceOf: (r, e) => [r instanceof e, [`Expected constructor: ${e && e.name}`, `Received: ${show(r)}`]],
  toHaveLength: (r, e) => [
    r != null && r.length === e,
    [`Expected length: ${e}`, `Received length: ${r == null ? show(r) : r.length}`],
  ],
  toHaveProperty: (r, path, ...value) => {
    const keys = Array.isArray(path) ? path : String(path).split('.');
    let at = r;
    let found = true;
    for (const key of keys) {
      if (at == null || !(Object(at) === at ? key in at : key in Object(at))) {
        found = false;
        break;
      }
      at = at[key];
    }
    const pass = found && (value.length === 0 || equals(at, value[0], false));
    const lines = [`Expected path: ${show(path)}`];
    if (value.length) lines.push(`Expected value: ${show(value[0])}`);
    lines.push(found ? `Received value: ${show(at)}` : `Received: ${show(r)}`);
    return [pass, lines];
  },
  toBeGreaterThan: (r, e) => [r > e, [`Expected: > ${show(e)}`, `Received: ${show(r)}`]],
  toBeGreaterThanOrEqual: (r, e) => [r >= e, [`Expected: >= ${show(e)}`, `Received: ${show(r)}`]],
  toBeLessThan: (r, e) => [r < e, [`Expected: < ${show(e)}`, `Received: ${show(r)}`]],
  toBeLessThanOrEqual: (r, e) => [r <= e, [`Expected: <= ${show(e)}`, `Received: ${show(r)}`]],
  toBeCloseTo: (r, e, digits = 2) => [
    Math.abs(r - e) < 10 ** -digits / 2,
    [`Expected: ${show(e)} (within ${digits} digits)`, `Received: ${show(r)}`],
  ],
  toThrow: (r, e) => {
    const { threw, error } = thrownBy(r);
    const pass = threw && throwMatches(error, e);
    const lines = e === undefined ? [] : [`Expected: ${show(e)}`];
    lines.push(threw ? `Received: ${show(error)}` : 'Received function did not throw');
    return [pass, lines];
  },
  toHaveBeenCalled: (r) => [mockOf(r).calls.length > 0, [`Number of calls: ${mockOf(r).calls.length}`]],
  toHaveBeenCalledTimes: (r, e) => [
    mockOf(r).calls.length === e,
    [`Expected number of calls: ${e}`, `Received number of calls: ${mockOf(r).calls.length}`],
  ],
  toHaveBeenCalledWith: (r, ...e) => [
    mockOf(r).calls.some((call) => equals(call, e, false)),
    [`Expected: ${show(e)}`, `Received calls: ${show(mockOf(r).calls)}`],
  ],
  toHaveBeenLastCalledWith: (r, ...e) => {
    const calls = mockOf(r).calls;
    return [
      calls.length > 0 && equals(calls[calls.length - 1], e, false),
      [`Expected: ${show(e)}`, `Received calls: ${show(calls)}`],
    ];
  },
  toHaveBeenNthCalledWith: (r, n, ...e) => {
    const calls = mockOf(r).calls;
    return [
      calls.length >= n && equals(calls[n - 1], e, false),
      [`Expected call ${n}: ${show(e)}`, `Received calls: ${show(calls)}`],
    ];
  },
  toHaveReturned: (r) => [mockOf(r).results.some((x) => x.type === 'return'), []],
  toHaveReturnedWith: (r, e) => [
    mockOf(r).results.some((x) => x.type === 'return' && equals(x.value, e, false)),
    [`Expected: ${show(e)}`],
  ],
};
matchers.toThrowError = matchers.toThrow;
matchers.toBeCalled = matchers.toHaveBeenCalled;
matchers.toBeCalledTimes = matchers.toHaveBeenCalledTimes;
matchers.toBeCalledWith = matchers.toHaveBeenCalledWith;
matchers.toHaveBeenCalledOnce = (r) => matchers.toHaveBeenCalledTimes(r, 1);

function mockOf(received) {
  if (!isMock(received))
    throw new TypeError(`Expected a mock function (from mock() or spyOn()), received ${show(received)}`);
  return received.mock;
}

function bind(received, negated, mode) {
  const out = {};
  for (const name of Object.keys(matchers)) {
    out[name] = (...expected) => {
      expectCalls++;
      const judge = (value) => {
        const [pass, lines] = matchers[name](value, ...expected);
        if (pass === negated) throw failure(name, negated, lines);
      };
      if (mode === undefined) return judge(received);
      // resolves/rejects: the matcher applies to what the promise settles with.
      return Promise.resolve(received).then(
        (value) => {
          if (mode === 'rejects')
            throw new AssertionError(
              `expect(received).rejects.${name}()\n\nReceived promise resolved instead of rejected\nResolved to value: ${show(value)}`,
            );
          judge(value);
        },
        (error) => {
          if (mode === 'resolves')
            throw new AssertionError(
              `expect(received).resolves.${name}()\n\nReceived promise rejected instead of resolved\nRejected to value: ${show(error)}`,
            );
          judge(
            name.startsWith('toThrow')
              ? () => {
                  throw error;
                }
              : error,
          );
        },
      );
    };
  }
  return out;
}

function expect(received) {
  const positive = bind(received, false);
  positive.not = bind(received, true);
  for (const mode of ['resolves', 'rejects']) {
    positive[mode] = bind(received, false, mode);
    positive[mode].not = bind(received, true, mode);
  }
  return positive;
}
expect.any = (type) =>
  asymmetric(
    'any',
    (v) => v != null && (Object(v) instanceof type || v.constructor === type),
    `Any<${type && type.name}>`,
  );
expect.anything = () => asymmetric('anything', (v) => v != null, 'Anything');
expect.stringContaining = (s) =>
  asymmetric('stringContaining', (v) => typeof v === 'string' && v.includes(s), `StringContaining ${show(s)}`);
expect.stringMatching = (re) =>
  asymmetric('stringMatching', (v) => typeof v === 'string' && new RegExp(re).test(v), `StringMatching ${show(re)}`);
expect.objectContaining = (o) =>
  asymmetric('objectContaining', (v) => matchesObject(v, o), `ObjectContaining ${show(o)}`);
expect.arrayContaining = (a) =>
  asymmetric(
    'arrayContaining',
    (v) => Array.isArray(v) && a.every((x) => v.some((y) => equals(y, x, false))),
    `ArrayContaining ${show(a)}`,
  );
expect.assertions = () => {};
expect.hasAssertions = () => {};

// ---- mock and spyOn -------------------------------------------------------------
const spies = [];

function mock(implementation) {
  let impl = implementation;
  let once = [];
  function mocked(...args) {
    mocked.mock.calls.push(args);
    mocked.mock.contexts.push(this);
    mocked.mock.lastCall = args;
    const use = once.length ? once.shift() : impl;
    try {
      const value = use ? (new.target ? Reflect.construct(use, args, new.target) : use.apply(this, args)) : undefined;
      mocked.mock.results.push({ type: 'return', value });
      return value;
    } catch (error) {
      mocked.mock.results.push({ type: 'throw', value: error });
      throw error;
    }
  }
  const fresh = () => ({ calls: [], results: [], contexts: [], instances: [], lastCall: undefined });
  mocked.mock = fresh();
  mocked._isMockFunction = true;
  mocked.getMockImplementation = () => impl;
  mocked.mockImplementation = (fn) => {
    impl = fn;
    return mocked;
  };
  mocked.mockImplementationOnce = (fn) => {
    once.push(fn);
    return mocked;
  };
  mocked.mockReturnValue = (value) => mocked.mockImplementation(() => value);
  mocked.mockReturnValueOnce = (value) => mocked.mockImplementationOnce(() => value);
  mocked.mockResolvedValue = (value) => mocked.mockImplementation(() => Promise.resolve(value));
  mocked.mockResolvedValueOnce = (value) => mocked.mockImplementationOnce(() => Promise.resolve(value));
  mocked.mockRejectedValue = (value) => mocked.mockImplementation(() => Promise.reject(value));
  mocked.mockRejectedValueOnce = (value) => mocked.mockImplementationOnce(() => Promise.reject(value));
  mocked.mockReturnThis = () =>
    mocked.mockImplementation(function () {
      return this;
    });
  mocked.mockName = () => mocked;
  mocked.mockClear = () => {
    mocked.mock = fresh();
    return mocked;
  };
  mocked.mockReset = () => {
    mocked.mock = fresh();
    impl = undefined;
    once = [];
    return mocked;
  };
  mocked.mockRestore = () => mocked.mockReset();
  return mocked;
}

function spyOn(object, method) {
  const original = object[method];
  if (typeof original !== 'function') throw new TypeError(`spyOn: ${String(method)} is not a function on the object`);
  const owned = Object.hasOwn(object, method);
  const spy = mock(function (...args) {
    return original.apply(this, args);
  });
  const restore = () => {
    if (owned) object[method] = original;
    else delete object[method];
  };
  spy.mockRestore = () => {
    restore();
    return spy;
  };
  object[method] = spy;
  spies.push(spy);
  return spy;
}
mock.restore = () => {
  while (spies.length) spies.pop().mockRestore();
};
mock.clearAllMocks = () => {
  for (const spy of spies) spy.mockClear();
};
mock.module = () => {
  throw new Error('mock.module() is not supported by beeuni test');
};

const jest = { fn: mock, spyOn, restoreAllMocks: mock.restore, clearAllMocks: mock.clearAllMocks };

// ---- the runner -------------------------------------------------------------------
let flat = null;

function flatten() {
  const out = [];
  const walk = (s, names, mode, inOnly) => {
    for (const child of s.children) {
      if (child.kind === 'scope') {
        const m = child.scope.mode;
        walk(
          child.scope,
          child.scope.name ? [...names, child.scope.name] : names,
          mode === 'run' ? (m === 'only' ? 'run' : m) : mode,
          inOnly || m === 'only',
        );
      } else {
        let m = mode === 'run' ? (child.mode === 'only' ? 'run' : child.mode) : mode;
        if (m === 'run' && hasOnly && !(inOnly || child.mode === 'only')) m = 'skip';
        if (m === 'run' && typeof child.fn !== 'function') m = 'todo';
        out.push({ test: child, name: [...names, child.name].join(' > '), mode: m });
      }
    }
  };
  walk(root, [], 'run', false);
  return out;
}

function chainOf(s) {
  const chain = [];
  for (let at = s; at; at = at.parent) chain.unshift(at);
  return chain;
}

function callWithDone(fn) {
  if (fn.length === 0) return fn();
  return new Promise((resolve, reject) => {
    fn((error) => (error ? reject(error) : resolve()));
  });
}

function errorOf(error) {
  if (error !== null && typeof error === 'object' && 'message' in error) {
    return { message: String(error.message), stack: typeof error.stack === 'string' ? error.stack : '' };
  }
  return { message: `thrown: ${show(error)}`, stack: '' };
}

async function afterAll(s) {
  s.afterAllDone = true;
  let failed = null;
  for (const fn of s.hooks.afterAll) {
    try {
      await callWithDone(fn);
    } catch (error) {
      failed ??= error;
    }
  }
  return failed;
}

async function runOne(id, filter) {
  const entry = flat[id];
  const chain = chainOf(entry.test.scope);
  let failed = null;
  expectCalls = 0;
  try {
    for (const s of chain) {
      if (!s.beforeAllRan) {
        s.beforeAllRan = true;
        try {
          for (const fn of s.hooks.beforeAll) await callWithDone(fn);
        } catch (error) {
          s.beforeAllError = error;
        }
      }
      if (s.beforeAllError !== undefined) throw s.beforeAllError;
    }
    for (const s of chain) for (const fn of s.hooks.beforeEach) await callWithDone(fn);
    await callWithDone(entry.test.fn);
  } catch (error) {
    failed = error;
  }
  for (const s of [...chain].reverse()) {
    for (const fn of s.hooks.afterEach) {
      try {
        await callWithDone(fn);
      } catch (error) {
        failed ??= error;
      }
    }
  }
  // A describe's afterAll runs once its last selected test has run.
  for (const s of [...chain].reverse()) {
    const last = flat.findLastIndex(
      (e) => e.mode === 'run' && selected(e, filter) && chainOf(e.test.scope).includes(s),
    );
    if (last === id && s.beforeAllRan && !s.afterAllDone) {
      const error = await afterAll(s);
      failed ??= error;
    }
  }
  return failed === null
    ? { status: 'pass', expects: expectCalls }
    : { status: 'fail', expects: expectCalls, error: errorOf(failed) };
}

function selected(entry, filter) {
  return !filter || new RegExp(filter).test(entry.name);
}

async function finish() {
  // Hooks left when a test ended at its deadline: their describe still closes.
  let failed = null;
  const walk = async (s) => {
    for (const child of s.children) if (child.kind === 'scope') await walk(child.scope);
    if (s.beforeAllRan && !s.afterAllDone) failed ??= await afterAll(s);
  };
  await walk(root);
  return failed === null ? { status: 'pass' } : { status: 'fail', error: errorOf(failed) };
}

const runner = async ({ op, id, filter }) => {
  if (op === 'list') {
    flat = flatten();
    return {
      defaultTimeout,
      tests: flat.map((e) => ({
        name: e.name,
        mode: selected(e, filter) ? e.mode : 'filtered',
        timeout: e.test.timeout,
      })),
    };
  }
  if (op === 'run') return runOne(id, filter);
  return finish();
};

const module = {
  describe,
  test,
  it: test,
  expect,
  beforeAll: hook('beforeAll'),
  afterAll: hook('afterAll'),
  beforeEach: hook('beforeEach'),
  afterEach: hook('afterEach'),
  mock,
  spyOn,
  jest,
  vi: jest,
  setDefaultTimeout: (ms) => {
    defaultTimeout = ms;
  },
};
Object.defineProperty(module, RUNNER, { value: runner });

return { module };
