// ---- node/perf_hooks.js: node:perf_hooks, around the `performance` global --
const { perfHooks } = need('web/performance');

return { perfHooks };
