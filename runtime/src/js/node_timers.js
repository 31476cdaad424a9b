// ---- node_timers.js: the node:timers module object ------------------------
const { timersPromises, setImmediate, clearImmediate } = need('timers');

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
