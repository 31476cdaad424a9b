// ---- node/events.js: EventEmitter (node:events) ---------------------------------
// Node's EventEmitter as Node stores it: `_events` is a null-prototype object
// holding one listener function or an array per event, `_eventsCount` counts
// its keys, and a `once` listener is a wrapper whose `listener` is the
// original. Packages read these fields, and ES5 code inherits with
// `EventEmitter.call(this)`, so the constructor is a function, not a class.

const errorMonitor = Symbol('events.errorMonitor');
const captureRejectionSymbol = Symbol.for('nodejs.rejection');
let defaultMaxListeners = 10;

// The options of the module's own abort listeners: once, and run even when
// an earlier listener stopped the event's propagation.
const resistOnce = () => ({ once: true, [need('web/dom').kResistStopPropagation]: true });
function coded(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  return error;
}
function received(value) {
  if (value === null || value === undefined) return `Received ${value}`;
  if (typeof value === 'function') return `Received function ${value.name}`;
  if (typeof value === 'object') {
    const name = value.constructor && value.constructor.name;
    return name ? `Received an instance of ${name}` : `Received ${need('internal/inspect').inspect(value)}`;
  }
  let shown = need('internal/inspect').inspect(value);
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return `Received type ${typeof value} (${shown})`;
}
function checkListener(listener) {
  if (typeof listener !== 'function')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "listener" argument must be of type function. ${received(listener)}`,
    );
}
function checkMax(n, name) {
  if (typeof n !== 'number')
    throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be of type number. ${received(n)}`);
  if (n < 0 || Number.isNaN(n))
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "${name}" is out of range. It must be >= 0. Received ${need('internal/inspect').inspect(n)}`,
    );
}

function EventEmitter(options) {
  EventEmitter.init.call(this, options);
}
EventEmitter.prototype._events = undefined;
EventEmitter.prototype._eventsCount = 0;
EventEmitter.prototype._maxListeners = undefined;

EventEmitter.init = function init() {
  if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
    this._events = Object.create(null);
    this._eventsCount = 0;
  }
  this._maxListeners = this._maxListeners || undefined;
};

function maxOf(target) {
  return target._maxListeners === undefined ? defaultMaxListeners : target._maxListeners;
}

function addListener(target, type, listener, prepend) {
  checkListener(listener);
  let events = target._events;
  if (events === undefined) {
    events = target._events = Object.create(null);
    target._eventsCount = 0;
  } else if (events.newListener !== undefined) {
    target.emit('newListener', type, listener.listener ? listener.listener : listener);
    events = target._events;
  }
  let existing = events[type];
  if (existing === undefined) {
    events[type] = listener;
    ++target._eventsCount;
    return target;
  }
  if (typeof existing === 'function') existing = events[type] = prepend ? [listener, existing] : [existing, listener];
  else if (prepend) existing.unshift(listener);
  else existing.push(listener);
  const max = maxOf(target);
  if (max > 0 && existing.length > max && !existing.warned) {
    existing.warned = true;
    const name = target.constructor && target.constructor.name ? target.constructor.name : 'EventEmitter';
    const warning = new Error(
      `Possible EventEmitter memory leak detected. ${existing.length} ${String(type)} listeners added to [${name}]. MaxListeners is ${max}. Use emitter.setMaxListeners() to increase limit`,
    );
    warning.name = 'MaxListenersExceededWarning';
    warning.emitter = target;
    warning.type = type;
    warning.count = existing.length;
    if (typeof process !== 'undefined' && typeof process.emitWarning === 'function') process.emitWarning(warning);
  }
  return target;
}

function onceWrapper(...args) {
  if (!this.fired) {
    this.target.removeListener(this.type, this.wrapFn);
    this.fired = true;
    return this.listener.apply(this.target, args);
  }
}
function onceWrap(target, type, listener) {
  const state = { fired: false, wrapFn: undefined, target, type, listener };
  const wrapped = onceWrapper.bind(state);
  wrapped.listener = listener;
  state.wrapFn = wrapped;
  return wrapped;
}

function unwrapped(list) {
  return list.map((l) => l.listener || l);
}

const methods = {
  setMaxListeners(n) {
    checkMax(n, 'setMaxListeners');
    this._maxListeners = n;
    return this;
  },
  getMaxListeners() {
    return maxOf(this);
  },
  emit(type, ...args) {
    let doError = type === 'error';
    const events = this._events;
    if (events !== undefined) {
      if (doError && events[errorMonitor] !== undefined) this.emit(errorMonitor, ...args);
      doError = doError && events.error === undefined;
    } else if (!doError) return false;
    if (doError) {
      const er = args.length > 0 ? args[0] : undefined;
      if (er instanceof Error) throw er;
      // A value whose inspection throws is shown as its string, as in Node.
      let shown;
      try {
        shown = need('internal/inspect').inspect(er);
      } catch {
        shown = String(er);
      }
      const error = coded(
        Error,
        'ERR_UNHANDLED_ERROR',
        er === undefined ? 'Unhandled error.' : `Unhandled error. (${shown})`,
      );
      error.context = er;
      throw error;
    }
    const handler = events[type];
    if (handler === undefined) return false;
    if (typeof handler === 'function') handler.apply(this, args);
    else for (const listener of handler.slice()) listener.apply(this, args);
    return true;
  },
  addListener(type, listener) {
    return addListener(this, type, listener, false);
  },
  on(type, listener) {
    return addListener(this, type, listener, false);
  },
  prependListener(type, listener) {
    return addListener(this, type, listener, true);
  },
  once(type, listener) {
    checkListener(listener);
    return this.on(type, onceWrap(this, type, listener));
  },
  prependOnceListener(type, listener) {
    checkListener(listener);
    return this.prependListener(type, onceWrap(this, type, listener));
  },
  removeListener(type, listener) {
    checkListener(listener);
    const events = this._events;
    if (events === undefined) return this;
    const list = events[type];
    if (list === undefined) return this;
    if (list === listener || list.listener === listener) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else {
        delete events[type];
        if (events.removeListener) this.emit('removeListener', type, list.listener || listener);
      }
    } else if (typeof list !== 'function') {
      let position = -1;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i].listener === listener) {
          position = i;
          break;
        }
      }
      if (position < 0) return this;
      if (position === 0) list.shift();
      else list.splice(position, 1);
      if (list.length === 1) events[type] = list[0];
      if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
    }
    return this;
  },
  off(type, listener) {
    return this.removeListener(type, listener);
  },
  removeAllListeners(...given) {
    const events = this._events;
    if (events === undefined) return this;
    const [type] = given;
    if (events.removeListener === undefined) {
      if (given.length === 0) {
        this._events = Object.create(null);
        this._eventsCount = 0;
      } else if (events[type] !== undefined) {
        if (--this._eventsCount === 0) this._events = Object.create(null);
        else delete events[type];
      }
      return this;
    }
    if (given.length === 0) {
      for (const key of Reflect.ownKeys(events)) if (key !== 'removeListener') this.removeAllListeners(key);
      this.removeAllListeners('removeListener');
      this._events = Object.create(null);
      this._eventsCount = 0;
      return this;
    }
    const listeners = events[type];
    if (typeof listeners === 'function') this.removeListener(type, listeners);
    else if (listeners !== undefined)
      for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
    return this;
  },
  listeners(type) {
    const list = this._events === undefined ? undefined : this._events[type];
    if (list === undefined) return [];
    return typeof list === 'function' ? [list.listener || list] : unwrapped(list);
  },
  rawListeners(type) {
    const list = this._events === undefined ? undefined : this._events[type];
    if (list === undefined) return [];
    return typeof list === 'function' ? [list] : list.slice();
  },
  listenerCount(type, listener) {
    const list = this._events === undefined ? undefined : this._events[type];
    if (list === undefined) return 0;
    const all = typeof list === 'function' ? [list] : list;
    if (listener === undefined) return all.length;
    return all.filter((l) => l === listener || l.listener === listener).length;
  },
  eventNames() {
    // A stream's `_events` starts with its common events' keys unset.
    if (!(this._eventsCount > 0)) return [];
    const events = this._events;
    return Reflect.ownKeys(events).filter((key) => events[key] !== undefined);
  },
};
// Assigned, as Node assigns them: the methods are enumerable, and `on` and
// `off` are the very functions `addListener` and `removeListener`.
for (const name of Object.keys(methods)) EventEmitter.prototype[name] = methods[name];
EventEmitter.prototype.on = EventEmitter.prototype.addListener;
EventEmitter.prototype.off = EventEmitter.prototype.removeListener;

Object.defineProperty(EventEmitter, 'defaultMaxListeners', {
  enumerable: true,
  get: () => defaultMaxListeners,
  set(n) {
    checkMax(n, 'defaultMaxListeners');
    defaultMaxListeners = n;
  },
});

function abortError(signal) {
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  error.code = 'ABORT_ERR';
  if (signal && signal.reason !== undefined) error.cause = signal.reason;
  return error;
}

// `await once(emitter, name)`: the arguments of the next `name`, or the next
// `error` as a rejection (unless `name` is `error` itself).
// `once(emitter, name, { signal })`: a promise of the event's arguments; a
// wrong `options`, `signal` or emitter rejects it with Node's code, as in
// Node and Bun.
function once(emitter, name, options = {}) {
  const refuse = (what, value) =>
    Promise.reject(coded(TypeError, 'ERR_INVALID_ARG_TYPE', `${what}. ${received(value)}`));
  if (options === null || typeof options !== 'object')
    return refuse('The "options" argument must be of type object', options);
  const signal = options.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal))
    return refuse('The "options.signal" property must be of type AbortSignal', signal);
  if (typeof emitter?.on !== 'function' && typeof emitter?.addEventListener !== 'function')
    return refuse('The "emitter" argument must be of type EventEmitter', emitter);
  if (signal && signal.aborted) return Promise.reject(abortError(signal));
  // An EventTarget (an AbortSignal, a MessagePort) resolves with its event.
  if (typeof emitter?.on !== 'function' && typeof emitter?.addEventListener === 'function')
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        emitter.removeEventListener(name, onEvent);
        reject(abortError(signal));
      };
      const onEvent = (event) => {
        if (signal) signal.removeEventListener('abort', onAbort);
        resolve([event]);
      };
      emitter.addEventListener(name, onEvent, { once: true });
      if (signal) signal.addEventListener('abort', onAbort, resistOnce());
    });
  return new Promise((resolve, reject) => {
    const onError = (err) => {
      emitter.removeListener(name, onValue);
      if (signal) signal.removeEventListener('abort', onAbort);
      reject(err);
    };
    const onValue = (...args) => {
      if (name !== 'error') emitter.removeListener('error', onError);
      if (signal) signal.removeEventListener('abort', onAbort);
      resolve(args);
    };
    const onAbort = () => {
      emitter.removeListener(name, onValue);
      emitter.removeListener('error', onError);
      reject(abortError(signal));
    };
    emitter.once(name, onValue);
    if (name !== 'error') emitter.once('error', onError);
    if (signal) signal.addEventListener('abort', onAbort, resistOnce());
  });
}

const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);

// `for await (const args of on(emitter, name))`: every `name` in order,
// ending with a thrown `error` or when the loop breaks.
function on(emitter, event, options = {}) {
  const signal = options.signal;
  if (signal && signal.aborted) throw abortError(signal);
  const unconsumedEvents = [];
  const unconsumedPromises = [];
  let error = null;
  let finished = false;
  const stop = () => {
    emitter.removeListener(event, eventHandler);
    emitter.removeListener('error', errorHandler);
    if (signal) signal.removeEventListener('abort', abortListener);
    finished = true;
  };
  const iterator = Object.setPrototypeOf(
    {
      next() {
        if (unconsumedEvents.length > 0) return Promise.resolve({ value: unconsumedEvents.shift(), done: false });
        if (error) {
          const failed = Promise.reject(error);
          error = null;
          return failed;
        }
        if (finished) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => unconsumedPromises.push({ resolve, reject }));
      },
      return() {
        stop();
        for (const pending of unconsumedPromises.splice(0)) pending.resolve({ value: undefined, done: true });
        return Promise.resolve({ value: undefined, done: true });
      },
      throw(err) {
        error = err;
        stop();
        return Promise.reject(err);
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    },
    AsyncIteratorPrototype,
  );
  function eventHandler(...args) {
    const pending = unconsumedPromises.shift();
    if (pending) pending.resolve({ value: args, done: false });
    else unconsumedEvents.push(args);
  }
  function errorHandler(err) {
    const pending = unconsumedPromises.shift();
    if (pending) pending.reject(err);
    else error = err;
    iterator.return();
  }
  function abortListener() {
    errorHandler(abortError(signal));
  }
  emitter.on(event, eventHandler);
  if (event !== 'error') emitter.on('error', errorHandler);
  if (signal) signal.addEventListener('abort', abortListener, resistOnce());
  return iterator;
}

EventEmitter.EventEmitter = EventEmitter;
EventEmitter.errorMonitor = errorMonitor;
EventEmitter.captureRejectionSymbol = captureRejectionSymbol;
EventEmitter.captureRejections = false;
EventEmitter.usingDomains = false;
EventEmitter.once = once;
EventEmitter.on = on;
EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);
// Calls `listener` once `signal` aborts (on the next tick if it already
// has); the result's `Symbol.dispose` removes it.
EventEmitter.addAbortListener = (signal, listener) => {
  if (!(signal instanceof AbortSignal))
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "signal" argument must be of type AbortSignal. ${received(signal)}`,
    );
  if (typeof listener !== 'function')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "listener" argument must be of type function. ${received(listener)}`,
    );
  const onAbort = () => listener({ type: 'abort', target: signal });
  if (signal.aborted) queueMicrotask(onAbort);
  else signal.addEventListener('abort', onAbort, resistOnce());
  const remove = () => signal.removeEventListener('abort', onAbort);
  return { [Symbol.dispose ?? Symbol.for('nodejs.dispose')]: remove };
};
// An EventTarget's listeners are read from the list it keeps.
EventEmitter.getEventListeners = (emitter, type) => {
  if (typeof emitter?.listeners === 'function') return emitter.listeners(type);
  if (typeof EventTarget === 'function' && emitter instanceof EventTarget)
    return (emitter._listeners?.get(type) ?? []).map((entry) => entry.listener);
  throw coded(
    TypeError,
    'ERR_INVALID_ARG_TYPE',
    `The "emitter" argument must be an instance of EventEmitter or EventTarget. ${received(emitter)}`,
  );
};
// An EventTarget's limit is kept here (an AbortSignal's starts at the
// default too, as in Bun; Node's at 0).
const targetMax = new WeakMap();
EventEmitter.getMaxListeners = (target) => {
  if (typeof target?.getMaxListeners === 'function') return target.getMaxListeners();
  if (typeof EventTarget === 'function' && target instanceof EventTarget)
    return targetMax.has(target) ? targetMax.get(target) : defaultMaxListeners;
  throw coded(
    TypeError,
    'ERR_INVALID_ARG_TYPE',
    `The "emitter" argument must be an instance of EventEmitter or EventTarget. ${received(target)}`,
  );
};
EventEmitter.setMaxListeners = (n = defaultMaxListeners, ...targets) => {
  checkMax(n, 'setMaxListeners');
  if (targets.length === 0) defaultMaxListeners = n;
  else
    for (const target of targets) {
      if (typeof target?.setMaxListeners === 'function') target.setMaxListeners(n);
      else if (typeof EventTarget === 'function' && target instanceof EventTarget) targetMax.set(target, n);
      else
        throw coded(
          TypeError,
          'ERR_INVALID_ARG_TYPE',
          `The "eventTargets" argument must be an instance of EventEmitter or EventTarget. ${received(target)}`,
        );
    }
};

return { EventEmitter };
