// ---- web/timers.js: timer handles, setImmediate and node:timers/promises --------
// boa_runtime's timers return numbers and repeat on their own; Node and Bun
// return a `Timeout` whose `ref`, `unref`, `hasRef`, `refresh` and `close`
// packages call (`setTimeout(…).unref()` is common), which converts to a
// number `clearTimeout` also takes, and whose fields (`_onTimeout`,
// `_repeat`, `_idleTimeout`, `_destroyed`) say what it will do. Each run of a
// timer is one native timeout, so an interval reads `_repeat` after its
// callback (a timeout turned into an interval, an interval stopped there) as
// Node's timer list does.
const nativeSetTimeout = host.setTimeout;
const nativeClearTimeout = host.clearTimeout;

const TIMEOUT_MAX = 2 ** 31 - 1;
const kNative = Symbol('native timer');
const kRefed = Symbol('refed');
const kId = Symbol('timer id');
// Timers whose number was asked for, so that `clearTimeout(+t)` finds them.
const knownById = new Map();
let nextId = 1;
let nanWarned = false;
let negativeWarned = false;

function warn(message, type) {
  need('node/process').process.emitWarning(`${message}\nTimeout duration was set to 1.`, type);
}
// A delay as Node and Bun take it: a number of milliseconds from 1 to
// 2^31-1, anything else is 1 ms; a number out of range is warned about (NaN
// and negative ones once a process, as there).
function durationOf(after) {
  const ms = after * 1;
  if (ms >= 1 && ms <= TIMEOUT_MAX) return ms;
  if (typeof after === 'number') {
    if (ms > TIMEOUT_MAX) warn(`${ms} does not fit into a 32-bit signed integer.`, 'TimeoutOverflowWarning');
    else if (Number.isNaN(ms) && !nanWarned) {
      nanWarned = true;
      warn(`${ms} is not a number.`, 'TimeoutNaNWarning');
    } else if (ms < 0 && !negativeWarned) {
      negativeWarned = true;
      warn(`${ms} is a negative number.`, 'TimeoutNegativeWarning');
    }
  }
  return 1;
}

function checkCallback(callback, name) {
  if (typeof callback !== 'function') {
    // Bun's words (Node's name the argument and what it received).
    const error = new TypeError(`${name} expects a function`);
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
}

function arm(timer) {
  timer[kNative] = nativeSetTimeout(() => fire(timer), timer._idleTimeout);
}
function fire(timer) {
  timer[kNative] = undefined;
  const callback = timer._onTimeout;
  // Code that set `_onTimeout = null` (Node's own mark of a cleared timer)
  // stopped it.
  if (typeof callback !== 'function') {
    timer._destroyed = true;
    return;
  }
  try {
    Reflect.apply(callback, timer, timer._timerArgs || []);
  } finally {
    // Refreshed in its callback, it is armed already.
    if (timer[kNative] === undefined) {
      if (timer._repeat && timer._idleTimeout !== -1) {
        timer._idleTimeout = durationOf(timer._repeat);
        arm(timer);
      } else {
        timer._destroyed = true;
        knownById.delete(timer[kId]);
      }
    }
  }
}
function unenroll(timer) {
  if (timer[kNative] !== undefined) nativeClearTimeout(timer[kNative]);
  timer[kNative] = undefined;
  timer._idleTimeout = -1;
  timer._destroyed = true;
  knownById.delete(timer[kId]);
}

class Timeout {
  constructor(callback, after, args, repeat) {
    const ms = durationOf(after);
    this._idleTimeout = ms;
    this._onTimeout = callback;
    this._timerArgs = args;
    this._repeat = repeat ? ms : null;
    this._destroyed = false;
    this[kRefed] = true;
    this[kId] = nextId++;
    this[kNative] = undefined;
    arm(this);
  }
  ref() {
    this[kRefed] = true;
    return this;
  }
  // The runtime still runs an unreferenced timer while the call lasts (a
  // call ends when its promise settles, not when the loop empties).
  unref() {
    this[kRefed] = false;
    return this;
  }
  hasRef() {
    return this[kRefed];
  }
  // Starts the delay again, also from within the callback or after it ran;
  // a cleared timer stays cleared.
  refresh() {
    if (this._idleTimeout >= 0) {
      if (this[kNative] !== undefined) nativeClearTimeout(this[kNative]);
      arm(this);
    }
    return this;
  }
  close() {
    clearTimeout(this);
    return this;
  }
  [Symbol.toPrimitive]() {
    if (!this._destroyed) knownById.set(this[kId], this);
    return this[kId];
  }
}
if (Symbol.dispose)
  Timeout.prototype[Symbol.dispose] = function dispose() {
    clearTimeout(this);
  };

class Immediate {
  constructor(callback, args) {
    this._onImmediate = callback;
    this._argv = args;
    this._destroyed = false;
    this[kRefed] = true;
    this[kNative] = nativeSetTimeout(() => {
      this[kNative] = undefined;
      this._destroyed = true;
      const run = this._onImmediate;
      if (typeof run === 'function') Reflect.apply(run, this, this._argv || []);
    }, 0);
  }
  ref() {
    this[kRefed] = true;
    return this;
  }
  unref() {
    this[kRefed] = false;
    return this;
  }
  hasRef() {
    return this[kRefed];
  }
}
if (Symbol.dispose)
  Immediate.prototype[Symbol.dispose] = function dispose() {
    clearImmediate(this);
  };

function setTimeout(callback, after, ...args) {
  checkCallback(callback, 'setTimeout');
  return new Timeout(callback, after, args, false);
}
function setInterval(callback, after, ...args) {
  checkCallback(callback, 'setInterval');
  return new Timeout(callback, after, args, true);
}
// A Timeout, or the number (or its text) a Timeout converted to; anything
// else, an Immediate included, is ignored, as in Node and Bun. The callback
// stays on `_onTimeout`, as in Bun.
function clearTimeout(timer) {
  if (timer instanceof Timeout) unenroll(timer);
  else if (typeof timer === 'number' || typeof timer === 'string') {
    const known = knownById.get(Number(timer));
    if (known !== undefined) unenroll(known);
  }
}
const clearInterval = clearTimeout;

function setImmediate(callback, ...args) {
  checkCallback(callback, 'setImmediate');
  return new Immediate(callback, args);
}
function clearImmediate(immediate) {
  if (!(immediate instanceof Immediate) || immediate._destroyed) return;
  if (immediate[kNative] !== undefined) nativeClearTimeout(immediate[kNative]);
  immediate[kNative] = undefined;
  immediate._destroyed = true;
  immediate._onImmediate = null;
}

// ---- node:timers/promises ---------------------------------------------------
function invalidArg(message) {
  const error = new TypeError(message);
  error.code = 'ERR_INVALID_ARG_TYPE';
  return error;
}
function received(value) {
  if (value === null || value === undefined) return ` Received ${value}`;
  if (typeof value === 'function') return ` Received function ${value.name}`;
  if (typeof value === 'object') return ' Received an instance of Object';
  const shown = typeof value === 'string' ? `'${value}'` : String(value);
  return ` Received type ${typeof value} (${shown})`;
}
// The options every timers/promises function takes: `signal` and `ref`.
function optionsOf(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object')
    throw invalidArg(`The "options" argument must be of type object.${received(options)}`);
  const { signal, ref = true } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal))
    throw invalidArg(`The "options.signal" property must be of type AbortSignal.${received(signal)}`);
  if (typeof ref !== 'boolean') throw invalidArg(`The "options.ref" property must be of type boolean.${received(ref)}`);
  return { signal, ref };
}
// Node's AbortError: the signal's reason is its `cause`.
function abortError(signal) {
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  error.code = 'ABORT_ERR';
  error.cause = signal.reason;
  return error;
}
function settleLater(start, stop, options) {
  let parsed;
  try {
    parsed = optionsOf(options);
  } catch (error) {
    return Promise.reject(error);
  }
  const { signal, ref } = parsed;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    let onAbort;
    const handle = start(() => {
      if (signal) signal.removeEventListener('abort', onAbort);
      resolve();
    });
    if (ref === false) handle.unref();
    if (signal) {
      onAbort = () => {
        stop(handle);
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    }
  });
}
function setTimeoutPromise(after, value, options) {
  return settleLater((done) => setTimeout(done, after), clearTimeout, options).then(() => value);
}
function setImmediatePromise(value, options) {
  return settleLater((done) => setImmediate(done), clearImmediate, options).then(() => value);
}
// An async iterator that yields `value` once per interval, each tick once
// even when the loop reading it is slower.
function setIntervalPromise(after, value, options) {
  const { signal, ref } = optionsOf(options);
  let ticks = 0;
  let wake;
  let timer;
  let onAbort;
  if (!signal?.aborted) {
    timer = setInterval(() => {
      ticks++;
      if (wake) wake();
    }, after);
    if (ref === false) timer.unref();
    if (signal) {
      onAbort = () => {
        if (wake) wake();
      };
      signal.addEventListener('abort', onAbort, { once: true });
    }
  }
  return (async function* interval() {
    try {
      for (;;) {
        if (signal?.aborted) throw abortError(signal);
        if (ticks === 0) {
          await new Promise((resolve) => {
            wake = resolve;
          });
          wake = undefined;
          continue;
        }
        ticks--;
        yield value;
      }
    } finally {
      if (timer) clearInterval(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  })();
}

const timersPromises = {
  setTimeout: setTimeoutPromise,
  setImmediate: setImmediatePromise,
  setInterval: setIntervalPromise,
  scheduler: {
    wait: (delay, options) => setTimeoutPromise(delay, undefined, options),
    yield: () => setImmediatePromise(),
  },
};

return {
  timersPromises,
  setTimeout,
  setInterval,
  clearTimeout,
  clearInterval,
  setImmediate,
  clearImmediate,
  Timeout,
  Immediate,
};
