// ---- web/console.js: the `console` global, captured through host.log --------
const { inspect, format } = need('internal/inspect');

const consoleCounts = new Map();
const consoleTimers = new Map();
let consoleIndent = '';
function writeConsole(level, args) {
  const text = format(...args);
  host.log(
    level,
    consoleIndent
      ? text
          .split('\n')
          .map((l) => consoleIndent + l)
          .join('\n')
      : text,
  );
}
const console = {
  log: (...a) => writeConsole('log', a),
  info: (...a) => writeConsole('info', a),
  debug: (...a) => writeConsole('debug', a),
  trace: (...a) => writeConsole('debug', a),
  warn: (...a) => writeConsole('warn', a),
  error: (...a) => writeConsole('error', a),
  dir: (v, o) => host.log('log', inspect(v, o)),
  table: (v) => host.log('log', inspect(v, { depth: 3 })),
  assert: (ok, ...a) => {
    if (!ok) writeConsole('error', ['Assertion failed' + (a.length ? ':' : ''), ...a]);
  },
  count: (label = 'default') => {
    const n = (consoleCounts.get(label) || 0) + 1;
    consoleCounts.set(label, n);
    host.log('log', `${label}: ${n}`);
  },
  countReset: (label = 'default') => consoleCounts.delete(label),
  time: (label = 'default') => consoleTimers.set(label, host.now()),
  timeEnd: (label = 'default') => {
    const t = consoleTimers.get(label);
    consoleTimers.delete(label);
    if (t !== undefined) host.log('log', `${label}: ${(host.now() - t).toFixed(3)}ms`);
  },
  timeLog: (label = 'default', ...a) => {
    const t = consoleTimers.get(label);
    if (t !== undefined) writeConsole('log', [`${label}: ${(host.now() - t).toFixed(3)}ms`, ...a]);
  },
  group: (...a) => {
    if (a.length) writeConsole('log', a);
    consoleIndent += '  ';
  },
  groupCollapsed: (...a) => {
    if (a.length) writeConsole('log', a);
    consoleIndent += '  ';
  },
  groupEnd: () => {
    consoleIndent = consoleIndent.slice(2);
  },
  clear: () => {},
};

return { console };
