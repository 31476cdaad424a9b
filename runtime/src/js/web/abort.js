// ---- web/abort.js: AbortController, AbortSignal --------------------------------
const { Event, EventTarget, DOMException } = need('web/dom');

class AbortSignal extends EventTarget {
  constructor(key) {
    if (key !== abortKey) throw new TypeError('Illegal constructor');
    super();
    this.aborted = false;
    this.reason = undefined;
    this.onabort = null;
  }
  throwIfAborted() {
    if (this.aborted) throw this.reason;
  }
  static abort(reason) {
    const c = new AbortController();
    c.abort(reason);
    return c.signal;
  }
  static timeout(ms) {
    const c = new AbortController();
    setTimeout(() => c.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
    return c.signal;
  }
  static any(signals) {
    const c = new AbortController();
    for (const s of signals) {
      if (s.aborted) {
        c.abort(s.reason);
        return c.signal;
      }
    }
    for (const s of signals) s.addEventListener('abort', () => c.abort(s.reason), { once: true });
    return c.signal;
  }
}
const abortKey = Symbol('abort');
function abortSignal(signal, reason) {
  if (signal.aborted) return;
  signal.aborted = true;
  signal.reason = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
  signal.dispatchEvent(new Event('abort'));
}
class AbortController {
  constructor() {
    this.signal = new AbortSignal(abortKey);
  }
  abort(reason) {
    abortSignal(this.signal, reason);
  }
}

return { AbortController, AbortSignal };
