// ---- node/timers.js: the node:timers module object ------------------------
const { timersPromises, setTimeout, setInterval, clearTimeout, clearInterval, setImmediate, clearImmediate } =
  need('web/timers');

return {
  module: {
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    setImmediate,
    clearImmediate,
    promises: timersPromises,
  },
};
