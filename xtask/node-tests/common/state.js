'use strict';
// What the stand-in `common`, its `assert` and the runtime's driver share:
// one object on the global, so that every copy of a module sees it.
const key = Symbol.for('beeuni.node-tests');
if (!globalThis[key]) {
  const state = {
    // Errors thrown out of a mustCall callback and assertions that failed:
    // a file with one fails at exit, even if the runtime dropped the error.
    errors: [],
    // Every mustCall check, for the driver's "is anything still expected".
    pendingChecks: [],
    skipped: undefined,
    lastActivity: Date.now(),
    activity: 0,
    touch() {
      state.activity++;
      state.lastActivity = Date.now();
    },
    // An error the process saw (an uncaughtException listener got it) is
    // no longer unseen.
    consume(error) {
      const at = state.errors.indexOf(error);
      if (at !== -1) state.errors.splice(at, 1);
    },
    record(error) {
      if (!state.errors.includes(error)) state.errors.push(error);
    },
    unmet() {
      return state.pendingChecks.some((c) => ('minimum' in c ? c.actual < c.minimum : c.actual < c.exact));
    },
  };
  Object.defineProperty(globalThis, key, { value: state, enumerable: false, configurable: true });
}
module.exports = globalThis[key];
