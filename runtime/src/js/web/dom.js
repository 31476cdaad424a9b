// ---- web/dom.js: Event, EventTarget, DOMException -------------------------------
class DOMException extends Error {
  constructor(message = '', name = 'Error') {
    super(message);
    this.name = name;
  }
  get code() {
    return (
      { AbortError: 20, TimeoutError: 23, NotSupportedError: 9, DataCloneError: 25, InvalidAccessError: 15 }[
        this.name
      ] || 0
    );
  }
}

class Event {
  constructor(type, init = {}) {
    this.type = String(type);
    this.bubbles = !!init.bubbles;
    this.cancelable = !!init.cancelable;
    this.defaultPrevented = false;
    this.timeStamp = host.now();
    this.target = null;
    this.currentTarget = null;
  }
  preventDefault() {
    if (this.cancelable) this.defaultPrevented = true;
  }
  stopPropagation() {}
  stopImmediatePropagation() {
    this._stop = true;
  }
}

// A listener option of the runtime's own listeners (events.once's, and
// addAbortListener's on a signal): it still runs after an earlier listener
// called `stopImmediatePropagation`, as Node's do.
const kResistStopPropagation = Symbol('kResistStopPropagation');
class EventTarget {
  constructor() {
    Object.defineProperty(this, '_listeners', { value: new Map(), enumerable: false });
  }
  addEventListener(type, listener, options) {
    if (!listener) return;
    const once = typeof options === 'object' && options !== null && !!options.once;
    const signal = typeof options === 'object' && options !== null ? options.signal : undefined;
    let list = this._listeners.get(type);
    if (!list) {
      list = [];
      this._listeners.set(type, list);
    }
    if (list.some((e) => e.listener === listener)) return;
    const entry = { listener, once, resist: !!options?.[kResistStopPropagation] };
    list.push(entry);
    if (signal) signal.addEventListener('abort', () => this.removeEventListener(type, listener), { once: true });
  }
  removeEventListener(type, listener) {
    const list = this._listeners.get(type);
    if (!list) return;
    const i = list.findIndex((e) => e.listener === listener);
    if (i >= 0) list.splice(i, 1);
  }
  dispatchEvent(event) {
    event.target = this;
    event.currentTarget = this;
    const handler = this['on' + event.type];
    if (typeof handler === 'function') handler.call(this, event);
    const list = this._listeners.get(event.type);
    if (list) {
      for (const entry of [...list]) {
        if (event._stop && !entry.resist) continue;
        if (entry.once) this.removeEventListener(event.type, entry.listener);
        try {
          if (typeof entry.listener === 'function') entry.listener.call(this, event);
          else entry.listener.handleEvent(event);
        } catch (error) {
          // As in browsers: a throwing listener is reported, the others still run.
          console.error(error);
        }
      }
    }
    return !event.defaultPrevented;
  }
}

return { Event, EventTarget, DOMException, kResistStopPropagation };
