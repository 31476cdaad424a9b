// ---- timers.js: setImmediate and node:timers/promises -----------------------
const setImmediate = (fn, ...args) => setTimeout(fn, 0, ...args);
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

return { timersPromises, setImmediate, clearImmediate };
