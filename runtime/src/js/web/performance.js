// ---- web/performance.js: the `performance` global ----------------------------
const performance = {
  now: () => host.now(),
  timeOrigin: Date.now() - host.now(),
  mark() {},
  measure() {},
  toJSON() {
    return { timeOrigin: this.timeOrigin };
  },
};

// node:perf_hooks: the same clock.
const perfHooks = { performance, constants: {} };

return { performance, perfHooks };
