// ---- node/timers/promises.js: node:timers/promises, over the timer globals --
const { timersPromises } = need('web/timers');

return { timersPromises };
