// ---- node/test.js: node:test --------------------------------------------------
// Node's test runner, small: `test`/`it` and `describe`/`suite` register
// tests and suites (a suite's body runs at once, as in Node); the tests run
// one after another once the module's top level is done, each with its
// hooks, and the run's end reports every test on the console and, when one
// failed, sets `process.exitCode` to 1, as Node does. A test function may be
// sync, async or take a `done` callback; `t.test()` runs a subtest.
const { assert } = need('node/assert');
const { inspect } = need('internal/inspect');

const timers = () => globalThis;

function suiteOf(name, parent, options, kind) {
  return {
    kind,
    name,
    parent,
    options,
    children: [],
    hooks: { before: [], after: [], beforeEach: [], afterEach: [] },
    ready: null,
    next: 0,
    beforeDone: false,
    beforeRun: null,
    beforeError: undefined,
    afterDone: false,
  };
}

const root = suiteOf('', null, {}, 'root');
let currentSuite = root;
let running = false;
let scheduled = false;
let keepAlive = null;
const results = { tests: 0, suites: 0, pass: 0, fail: 0, skipped: 0, todo: 0, failures: [] };

// `(name?, options?, fn?)` in any of Node's orders.
function parseArgs(args) {
  let [name, options, fn] = args;
  if (typeof name === 'function') {
    fn = name;
    options = {};
    name = fn.name || '<anonymous>';
  } else if (name !== null && typeof name === 'object') {
    fn = options;
    options = name;
    name = (typeof fn === 'function' && fn.name) || '<anonymous>';
  } else if (typeof options === 'function') {
    fn = options;
    options = {};
  }
  if (name === undefined || name === '') name = (typeof fn === 'function' && fn.name) || '<anonymous>';
  if (options === null || typeof options !== 'object') options = {};
  if (fn !== undefined && typeof fn !== 'function') {
    const error = new TypeError(`The "fn" argument must be of type function.`);
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  return { name: String(name), options, fn: fn || (() => {}) };
}

function schedule() {
  if (scheduled || running) return;
  scheduled = true;
  // A ref'd timer keeps the host's loop (and a test driver's idle check)
  // waiting while tests still run.
  keepAlive = timers().setInterval(() => {}, 50);
  timers().setTimeout(() => {
    scheduled = false;
    runRoot();
  }, 0);
}

// ---- registering -------------------------------------------------------------

function register(kind, args, extra) {
  const { name, options, fn } = parseArgs(args);
  Object.assign(options, extra);
  if (kind === 'suite') {
    const suite = suiteOf(name, currentSuite, options, 'suite');
    currentSuite.children.push({ suite });
    const outer = currentSuite;
    currentSuite = suite;
    try {
      const value = fn.call(undefined, { name, signal: new AbortController().signal });
      if (value && typeof value.then === 'function') suite.ready = Promise.resolve(value);
    } catch (error) {
      suite.error = error;
    } finally {
      currentSuite = outer;
    }
    if (outer === root) schedule();
    return Promise.resolve();
  }
  const entry = { name, options, fn };
  let settle;
  const done = new Promise((resolve) => {
    settle = resolve;
  });
  entry.settle = settle;
  currentSuite.children.push({ test: entry });
  if (currentSuite === root) {
    if (!root.beforeDone && root.hooks.before.length)
      startBefore(root, { name: '', signal: new AbortController().signal });
    schedule();
    return done;
  }
  return Promise.resolve();
}

function withModes(kind) {
  const fn = (...args) => register(kind, args);
  fn.skip = (...args) => register(kind, args, { skip: true });
  fn.todo = (...args) => register(kind, args, { todo: true });
  fn.only = (...args) => register(kind, args, { only: true });
  return fn;
}

const test = withModes('test');
const suite = withModes('suite');

function hook(kind) {
  return (fn, options) => {
    currentSuite.hooks[kind].push({ fn, options: options || {} });
    if (currentSuite === root) schedule();
  };
}

// ---- running -----------------------------------------------------------------

const skipReason = (value) => (typeof value === 'string' ? value : undefined);

function withTimeout(promise, ms, name) {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) return promise;
  let handle;
  const timeout = new Promise((_, reject) => {
    handle = timers().setTimeout(() => {
      const error = new Error(`test timed out after ${ms}ms`);
      error.code = 'ERR_TEST_FAILURE';
      error.failureType = 'testTimeoutFailure';
      reject(error);
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => timers().clearTimeout(handle));
}

// Calls `fn(context)` (or `fn(context, done)`) and settles when it is done.
function invoke(fn, self, args, wantsDone) {
  if (!wantsDone) {
    try {
      return Promise.resolve(fn.apply(self, args));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise((resolve, reject) => {
    let called = false;
    const done = (error) => {
      if (called) return;
      called = true;
      if (error) reject(error);
      else resolve();
    };
    try {
      const value = fn.apply(self, [...args, done]);
      if (value && typeof value.then === 'function') {
        const error = new Error('passed a callback but also returned a Promise');
        error.code = 'ERR_TEST_FAILURE';
        reject(error);
      }
    } catch (error) {
      reject(error);
    }
  });
}

async function runHooks(list, context) {
  for (const { fn, options } of list) {
    await withTimeout(invoke(fn, context, [context], fn.length >= 2), options.timeout);
  }
}

// The beforeEach hooks of every scope from the outermost in, the afterEach
// hooks from the innermost out.
function eachHooks(scopes, kind) {
  const list = [];
  for (const scope of scopes) list.push(...scope.hooks[kind]);
  return kind === 'afterEach' ? list.reverse() : list;
}

function report(depth, mark, name, ms, note) {
  const time = ms === undefined ? '' : ` (${ms.toFixed(6).replace(/\.?0+$/, '')}ms)`;
  console.log(`${'  '.repeat(depth)}${mark} ${name}${time}${note ? ` # ${note}` : ''}`);
}

// A suite's before hooks run once, before its first child; the root's as
// its first test is registered, as in Node.
function startBefore(suite, context) {
  suite.beforeDone = true;
  suite.beforeRun = runHooks(suite.hooks.before, context).catch((error) => {
    suite.beforeError = error;
  });
}

async function runSuiteChildren(suite, scopes, depth) {
  if (suite.ready) await suite.ready;
  const context = { name: suite.name, signal: new AbortController().signal };
  let failed = 0;
  // Children added while the suite runs (a test registered by a test) run
  // too; the root keeps its place between runs.
  while (suite.next < suite.children.length) {
    const child = suite.children[suite.next++];
    if (!suite.beforeDone) startBefore(suite, context);
    await suite.beforeRun;
    if (child.suite) failed += (await runSuite(child.suite, scopes, depth, suite.beforeError)) ? 0 : 1;
    else failed += (await runTest(child.test, scopes, depth, null, suite.beforeError)) ? 0 : 1;
  }
  if (suite.beforeDone && !suite.afterDone) {
    suite.afterDone = true;
    try {
      await runHooks(suite.hooks.after, context);
    } catch (error) {
      failed++;
      fail(suite.name, error, depth);
    }
  }
  return failed;
}

async function runSuite(suite, scopes, depth, inheritedError) {
  results.suites++;
  const skip = suite.options.skip;
  if (skip) {
    report(depth, '﹣', suite.name, 0, skipReason(skip) || 'SKIP');
    results.skipped++;
    return true;
  }
  console.log(`${'  '.repeat(depth)}▶ ${suite.name}`);
  const started = Date.now();
  let failed = 0;
  if (suite.error || inheritedError) {
    fail(suite.name, suite.error || inheritedError, depth);
    failed = 1;
  } else {
    failed = await runSuiteChildren(suite, [...scopes, suite], depth + 1);
  }
  report(depth, failed ? '✖' : '✔', suite.name, Date.now() - started);
  return failed === 0;
}

function fail(name, error, depth) {
  results.failures.push({ name, error });
  console.error(
    `${'  '.repeat(depth)}✖ ${name}\n${'  '.repeat(depth + 1)}${error instanceof Error ? String(error.stack || error) : inspect(error)}`,
  );
}

// One test and its subtests; true when it passed (or was skipped).
async function runTest(entry, scopes, depth, parent, inheritedError) {
  const { name, options, fn } = entry;
  results.tests++;
  const finish = (value) => {
    if (entry.settle) entry.settle();
    return value;
  };
  if (options.skip) {
    report(depth, '﹣', name, 0, skipReason(options.skip) || 'SKIP');
    results.skipped++;
    return finish(true);
  }
  const context = new TestContext(name, parent, depth);
  context._scopes = scopes;
  const started = Date.now();
  let error = inheritedError;
  if (error === undefined) {
    try {
      await runHooks(eachHooks(scopes, 'beforeEach'), context);
      await withTimeout(invoke(fn, context, [context], fn.length >= 2), options.timeout, name);
      await context._settleSubtests();
    } catch (thrown) {
      error = thrown === undefined ? new Error('undefined was thrown') : thrown;
    }
    try {
      await runHooks(eachHooks(scopes, 'afterEach'), context);
    } catch (thrown) {
      if (error === undefined) error = thrown;
    }
    if (error === undefined && context._subtestFailures) {
      error = new Error(`${context._subtestFailures} subtest${context._subtestFailures > 1 ? 's' : ''} failed`);
    }
    if (error === undefined && context._plan !== undefined && context._plan !== context._count) {
      error = new Error(`plan expected ${context._plan} assertions but received ${context._count}`);
    }
  }
  context._controller.abort();
  context.mock.reset();
  const ms = Date.now() - started;
  const todo = options.todo || context._todo;
  if (todo) {
    report(depth, error === undefined ? '✔' : '✖', name, ms, typeof todo === 'string' ? `TODO ${todo}` : 'TODO');
    results.todo++;
    return finish(true);
  }
  if (context._skip !== undefined) {
    report(depth, '﹣', name, ms, context._skip || 'SKIP');
    results.skipped++;
    return finish(true);
  }
  if (error !== undefined) {
    results.fail++;
    fail(name, error, depth);
    return finish(false);
  }
  results.pass++;
  report(depth, '✔', name, ms);
  return finish(true);
}

class TestContext {
  constructor(name, parent, depth) {
    this._name = name;
    this._parent = parent;
    this._depth = depth;
    this._controller = new AbortController();
    this._subtests = [];
    this._subtestFailures = 0;
    this._count = 0;
    this._hooks = { before: [], after: [], beforeEach: [], afterEach: [] };
    this._beforeRan = false;
    this.mock = new MockTracker();
    const context = this;
    const counted = {};
    for (const key of Object.keys(assert)) {
      if (typeof assert[key] !== 'function' || /^[A-Z]/.test(key)) continue;
      counted[key] = function (...args) {
        context._count++;
        return assert[key].apply(this, args);
      };
    }
    this.assert = counted;
  }
  get name() {
    return this._name;
  }
  get fullName() {
    return this._parent ? `${this._parent.fullName} > ${this._name}` : this._name;
  }
  get signal() {
    return this._controller.signal;
  }
  diagnostic(message) {
    console.log(`${'  '.repeat(this._depth + 1)}ℹ ${message}`);
  }
  skip(message) {
    this._skip = message === undefined ? '' : String(message);
  }
  todo(message) {
    this._todo = message === undefined ? true : String(message);
  }
  plan(count) {
    this._plan = count;
  }
  runOnly() {}
  before(fn, options) {
    this._hooks.before.push({ fn, options: options || {} });
  }
  after(fn, options) {
    this._hooks.after.push({ fn, options: options || {} });
  }
  beforeEach(fn, options) {
    this._hooks.beforeEach.push({ fn, options: options || {} });
  }
  afterEach(fn, options) {
    this._hooks.afterEach.push({ fn, options: options || {} });
  }
  // A subtest runs after the ones started before it; its promise settles
  // when it is done (it never rejects, as in Node).
  test(...args) {
    const { name, options, fn } = parseArgs(args);
    this._count++;
    const previous = this._subtests.length ? this._subtests[this._subtests.length - 1] : Promise.resolve();
    if (this._subtests.length === 0) console.log(`${'  '.repeat(this._depth)}▶ ${this._name}`);
    const run = previous.then(async () => {
      if (!this._beforeRan) {
        this._beforeRan = true;
        await runHooks(this._hooks.before, this);
      }
      // A subtest sees its parent's hooks and every enclosing scope's.
      const scopes = [...this._scopes, { hooks: this._hooks }];
      const passed = await runTest({ name, options, fn }, scopes, this._depth + 1, this);
      if (!passed) this._subtestFailures++;
    });
    this._subtests.push(run);
    return run.then(() => undefined);
  }
  async _settleSubtests() {
    let seen = 0;
    while (seen < this._subtests.length) {
      seen = this._subtests.length;
      await Promise.all(this._subtests);
    }
    if (this._beforeRan) await runHooks(this._hooks.after, this);
  }
}

async function runRoot() {
  running = true;
  try {
    const failed = await runSuiteChildren(root, [root], 0);
    if (failed || results.failures.length) process.exitCode = 1;
  } catch (error) {
    process.exitCode = 1;
    console.error(error);
  } finally {
    running = false;
    summary();
    timers().clearInterval(keepAlive);
    keepAlive = null;
  }
}

function summary() {
  const r = results;
  console.log(
    `ℹ tests ${r.tests}\nℹ suites ${r.suites}\nℹ pass ${r.pass}\nℹ fail ${r.fail}\nℹ cancelled 0\nℹ skipped ${r.skipped}\nℹ todo ${r.todo}`,
  );
}

// ---- mocks -------------------------------------------------------------------

class MockFunctionContext {
  constructor(implementation, restore) {
    this._implementation = implementation;
    this._once = new Map();
    this._restore = restore;
    this.calls = [];
  }
  callCount() {
    return this.calls.length;
  }
  mockImplementation(fn) {
    this._implementation = fn;
  }
  mockImplementationOnce(fn, onCall) {
    this._once.set(onCall === undefined ? this.calls.length : onCall, fn);
  }
  resetCalls() {
    this.calls = [];
  }
  restore() {
    if (this._restore) this._restore();
  }
}

class MockTracker {
  constructor() {
    this._mocks = [];
  }
  fn(original = () => {}, implementation = original, options = {}) {
    if (implementation !== null && typeof implementation === 'object') {
      options = implementation;
      implementation = original;
    }
    return this._make(original, implementation, options, null);
  }
  _make(original, implementation, options, restore) {
    const context = new MockFunctionContext(implementation, restore);
    const times = options && options.times;
    const mock = function (...args) {
      const index = context.calls.length;
      let impl = context._once.get(index);
      if (impl) context._once.delete(index);
      else impl = times !== undefined && index >= times ? original : context._implementation;
      const call = {
        arguments: args,
        error: undefined,
        result: undefined,
        stack: new Error(),
        target: new.target,
        this: this,
      };
      context.calls.push(call);
      try {
        call.result = new.target ? Reflect.construct(impl, args, new.target) : impl.apply(this, args);
        return call.result;
      } catch (error) {
        call.error = error;
        throw error;
      }
    };
    Object.defineProperty(mock, 'name', { value: original.name, configurable: true });
    Object.defineProperty(mock, 'length', { value: original.length, configurable: true });
    Object.defineProperty(mock, 'mock', { value: context, enumerable: false });
    this._mocks.push(context);
    return mock;
  }
  method(object, name, implementation, options) {
    if (implementation !== null && typeof implementation === 'object' && typeof implementation !== 'function') {
      options = implementation;
      implementation = undefined;
    }
    const original = object[name];
    if (typeof original !== 'function') {
      const error = new TypeError(`The "methodName" argument must be a method. Received ${typeof original}`);
      error.code = 'ERR_INVALID_ARG_VALUE';
      throw error;
    }
    const own = Object.getOwnPropertyDescriptor(object, name);
    const restore = () => {
      if (own) Object.defineProperty(object, name, own);
      else delete object[name];
    };
    const mock = this._make(original, implementation || original, options || {}, restore);
    Object.defineProperty(object, name, {
      value: mock,
      writable: true,
      configurable: true,
      enumerable: own ? own.enumerable : false,
    });
    return mock;
  }
  reset() {
    this.restoreAll();
    this._mocks = [];
  }
  restoreAll() {
    for (const context of this._mocks) context.restore();
  }
}

const mock = new MockTracker();

const hooks = {
  before: hook('before'),
  after: hook('after'),
  beforeEach: hook('beforeEach'),
  afterEach: hook('afterEach'),
};

Object.assign(test, {
  test,
  it: test,
  describe: suite,
  suite,
  ...hooks,
  mock,
  skip: test.skip,
  todo: test.todo,
  only: test.only,
});

// What failed, for a harness that runs a file and names the first failure
// (xtask's node-tests driver); reached under a symbol, never as an export.
Object.defineProperty(test, Symbol.for('beeuni.node-test.failures'), { value: results.failures });

return { test };
