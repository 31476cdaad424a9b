// ---- timers.js: node:timers/promises ---------------------------------------
const timersPromises = {
  setTimeout: (ms, value, options) => new Promise((resolve, reject) => {
    const signal = options && options.signal;
    if (signal && signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => resolve(value), ms);
    if (signal) signal.addEventListener('abort', () => { clearTimeout(t); reject(signal.reason); }, { once: true });
  }),
  setImmediate: (value) => new Promise((resolve) => setTimeout(() => resolve(value), 0)),
  scheduler: { wait: (ms) => new Promise((r) => setTimeout(r, ms)) },
};

return { timersPromises };
