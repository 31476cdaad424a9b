// ---- web/timers.js: timer handles, setImmediate and node:timers/promises --------
// boa_runtime's timers return numbers; Node and Bun return a `Timeout` whose
// `ref`, `unref`, `hasRef`, `refresh` and `close` packages call
// (`setTimeout(…).unref()` is common), and which converts to its number, so
// `clearTimeout(+t)` and a handle used as a key keep working.
const nativeSetTimeout = host.setTimeout;
const nativeSetInterval = host.setInterval;
const nativeClearTimeout = host.clearTimeout;

class Timeout {
  constructor(callback, after, args, repeat) {
    if (typeof callback !== 'function') {
      // Bun's words (Node's name the argument and what it received).
      const error = new TypeError(`${repeat ? 'setInterval' : 'setTimeout'} expects a function`);
      error.code = 'ERR_INVALID_ARG_TYPE';
      throw error;
    }
    this._onTimeout = callback;
    this._idleTimeout = after;
    this._timerArgs = args;
    this._repeat = repeat;
    this._refed = true;
    this._destroyed = false;
    this._id = undefined;
    this._arm();
  }
  _arm() {
    const fire = () => {
      if (!this._repeat) {
        this._destroyed = true;
        this._id = undefined;
      }
      this._onTimeout.apply(this, this._timerArgs);
    };
    this._id = (this._repeat ? nativeSetInterval : nativeSetTimeout)(fire, this._idleTimeout);
  }
  ref() {
    this._refed = true;
    return this;
  }
  // The runtime still runs an unreferenced timer while the call lasts (a
  // call ends when its promise settles, not when the loop empties).
  unref() {
    this._refed = false;
    return this;
  }
  hasRef() {
    return this._refed;
  }
  refresh() {
    if (this._id !== undefined) {
      nativeClearTimeout(this._id);
      this._arm();
    }
    return this;
  }
  close() {
    if (this._id !== undefined) nativeClearTimeout(this._id);
    this._id = undefined;
    this._destroyed = true;
    return this;
  }
  [Symbol.toPrimitive]() {
    return this._id === undefined ? NaN : this._id;
  }
}
if (Symbol.dispose) Timeout.prototype[Symbol.dispose] = Timeout.prototype.close;

function setTimeout(callback, after, ...args) {
  return new Timeout(callback, after, args, false);
}
function setInterval(callback, after, ...args) {
  return new Timeout(callback, after, args, true);
}
function clearTimeout(timer) {
  if (timer instanceof Timeout) timer.close();
  else if (timer !== undefined && timer !== null) nativeClearTimeout(Number(timer));
}
const clearInterval = clearTimeout;

const setImmediate = (fn, ...args) => {
  if (typeof fn !== 'function') {
    const error = new TypeError('setImmediate expects a function');
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  return setTimeout(fn, 0, ...args);
};
const clearImmediate = (t) => clearTimeout(t);

const timersPromises = {
  setTimeout: (ms, value, options) =>
    new Promise((resolve, reject) => {
      const signal = options && options.signal;
      if (signal && signal.aborted) return reject(signal.reason);
      const t = setTimeout(() => resolve(value), ms);
      if (signal)
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(t);
            reject(signal.reason);
          },
          { once: true },
        );
    }),
  setImmediate: (value) => new Promise((resolve) => setTimeout(() => resolve(value), 0)),
  scheduler: { wait: (ms) => new Promise((r) => setTimeout(r, ms)) },
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
};
