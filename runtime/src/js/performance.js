// ---- performance.js: the `performance` global ----------------------------
const performance = {
  now: () => host.now(),
  timeOrigin: Date.now() - host.now(),
  mark() {},
  measure() {},
  toJSON() {
    return { timeOrigin: this.timeOrigin };
  },
};

return { performance };
