// ---- node/console.js: node:console
// The module is the `console` global (its methods, which write to the
// call's log) with Node's `Console` class, which writes to the streams it
// is given instead: a logger built on `new Console({ stdout, stderr })`
// writes where it asks.
const { format, inspect } = need('internal/inspect');
const { callable } = need('internal/callable');

function isWritable(stream) {
  return stream !== null && typeof stream === 'object' && typeof stream.write === 'function';
}

// Bun's words (Node's are "The "stdout" argument must be an instance of Writable").
function invalidStream(name) {
  const error = new TypeError(`${name} is not a writable stream`);
  error.code = 'ERR_CONSOLE_WRITABLE_STREAM';
  return error;
}

class NodeConsole {
  #out;
  #err;
  #indent = '';
  #counts = new Map();
  #timers = new Map();
  constructor(options, stderr) {
    const given = isWritable(options) ? { stdout: options, stderr } : (options ?? {});
    if (!isWritable(given.stdout)) throw invalidStream('stdout');
    const errors = given.stderr ?? given.stdout;
    if (!isWritable(errors)) throw invalidStream('stderr');
    this.#out = given.stdout;
    this.#err = errors;
    // Methods keep working when taken off the object, as Node's do.
    for (const name of Object.getOwnPropertyNames(NodeConsole.prototype)) {
      if (name !== 'constructor') this[name] = this[name].bind(this);
    }
  }
  #write(stream, args) {
    const text = format(...args);
    const lines = this.#indent ? text.replace(/^/gm, this.#indent) : text;
    stream.write(`${lines}\n`);
  }
  log(...args) {
    this.#write(this.#out, args);
  }
  info(...args) {
    this.#write(this.#out, args);
  }
  debug(...args) {
    this.#write(this.#out, args);
  }
  warn(...args) {
    this.#write(this.#err, args);
  }
  error(...args) {
    this.#write(this.#err, args);
  }
  trace(...args) {
    this.#write(this.#err, [`Trace: ${format(...args)}`]);
  }
  dir(value, options) {
    this.#write(this.#out, [inspect(value, options)]);
  }
  dirxml(...args) {
    this.#write(this.#out, args);
  }
  table(value) {
    this.#write(this.#out, [inspect(value, { depth: 3 })]);
  }
  assert(ok, ...args) {
    if (!ok) this.#write(this.#err, [`Assertion failed${args.length ? ':' : ''}`, ...args]);
  }
  count(label = 'default') {
    const n = (this.#counts.get(`${label}`) ?? 0) + 1;
    this.#counts.set(`${label}`, n);
    this.#write(this.#out, [`${label}: ${n}`]);
  }
  countReset(label = 'default') {
    this.#counts.delete(`${label}`);
  }
  time(label = 'default') {
    this.#timers.set(`${label}`, performance.now());
  }
  timeLog(label = 'default', ...args) {
    const start = this.#timers.get(`${label}`);
    if (start !== undefined) this.#write(this.#out, [`${label}: ${(performance.now() - start).toFixed(3)}ms`, ...args]);
  }
  timeEnd(label = 'default') {
    this.timeLog(label);
    this.#timers.delete(`${label}`);
  }
  group(...args) {
    if (args.length) this.#write(this.#out, args);
    this.#indent += '  ';
  }
  groupCollapsed(...args) {
    this.group(...args);
  }
  groupEnd() {
    this.#indent = this.#indent.slice(2);
  }
  clear() {}
}

const Console = callable(NodeConsole);
const nodeConsole = { ...globalThis.console, Console };
return { nodeConsole, Console };
