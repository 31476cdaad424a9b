// ---- events.js: EventEmitter (node:events) ---------------------------------
class EventEmitter {
  constructor() {
    this._events = new Map();
    this._maxListeners = 10;
  }
  _list(name) {
    if (!this._events) this._events = new Map();
    let l = this._events.get(name);
    if (!l) {
      l = [];
      this._events.set(name, l);
    }
    return l;
  }
  on(name, fn) {
    this.emit('newListener', name, fn);
    this._list(name).push({ fn, once: false });
    return this;
  }
  addListener(name, fn) {
    return this.on(name, fn);
  }
  prependListener(name, fn) {
    this._list(name).unshift({ fn, once: false });
    return this;
  }
  once(name, fn) {
    this._list(name).push({ fn, once: true });
    return this;
  }
  prependOnceListener(name, fn) {
    this._list(name).unshift({ fn, once: true });
    return this;
  }
  off(name, fn) {
    const l = this._list(name);
    const i = l.findIndex((e) => e.fn === fn);
    if (i >= 0) l.splice(i, 1);
    return this;
  }
  removeListener(name, fn) {
    return this.off(name, fn);
  }
  removeAllListeners(name) {
    if (name === undefined) this._events = new Map();
    else this._events && this._events.delete(name);
    return this;
  }
  emit(name, ...args) {
    const l = this._events && this._events.get(name);
    if (!l || l.length === 0) {
      if (name === 'error')
        throw args[0] instanceof Error ? args[0] : new Error(`Unhandled error. (${need('inspect').inspect(args[0])})`);
      return false;
    }
    for (const entry of [...l]) {
      if (entry.once) this.off(name, entry.fn);
      entry.fn.apply(this, args);
    }
    return true;
  }
  listenerCount(name) {
    const l = this._events && this._events.get(name);
    return l ? l.length : 0;
  }
  listeners(name) {
    const l = this._events && this._events.get(name);
    return l ? l.map((e) => e.fn) : [];
  }
  rawListeners(name) {
    return this.listeners(name);
  }
  eventNames() {
    return this._events ? [...this._events.keys()].filter((k) => this._events.get(k).length) : [];
  }
  setMaxListeners(n) {
    this._maxListeners = n;
    return this;
  }
  getMaxListeners() {
    return this._maxListeners;
  }
}
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.defaultMaxListeners = 10;
EventEmitter.once = (emitter, name) =>
  new Promise((resolve, reject) => {
    const onError = (err) => {
      emitter.off(name, onValue);
      reject(err);
    };
    const onValue = (...args) => {
      if (name !== 'error') emitter.off('error', onError);
      resolve(args);
    };
    emitter.once(name, onValue);
    if (name !== 'error') emitter.once('error', onError);
  });

return { EventEmitter };
