// ---- node_timers.js: the node:timers module object ------------------------
const { timersPromises } = need('timers');

return { module: { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate: globalThis.setImmediate, clearImmediate: globalThis.clearImmediate, promises: timersPromises } };
