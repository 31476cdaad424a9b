// ---- internal/inspect.js: util.inspect and util.format ------------------------------
// Taken once, as Node's primordials are: a tool that replaces Object.keys
// (or the like) still gets its values shown.
const { keys: ObjectKeys, getPrototypeOf: ObjectGetPrototypeOf, hasOwn: ObjectHasOwn } = Object;
const { isArray: ArrayIsArray } = Array;
const customInspect = Symbol.for('nodejs.util.inspect.custom');
// An object with Date.prototype but no time (a fake) reads as a plain object.
function isRealDate(value) {
  try {
    Date.prototype.getTime.call(value);
    return true;
  } catch {
    return false;
  }
}
// `util.inspect.defaultOptions`: what a call's own options leave unsaid
// (tools set `depth` here for every console.log), Node's keys in its order.
const defaultOptions = {
  showHidden: false,
  depth: 2,
  colors: false,
  customInspect: true,
  showProxy: false,
  maxArrayLength: 100,
  maxStringLength: 10000,
  breakLength: 80,
  compact: 3,
  sorted: false,
  getters: false,
  numericSeparator: false,
};
function inspect(value, options) {
  const opts = { ...defaultOptions, ...(typeof options === 'object' && options !== null ? options : {}) };
  const maxDepth = opts.depth === undefined ? 2 : opts.depth === null ? Infinity : opts.depth;
  // `compact: false` puts every entry on a line of its own and `sorted`
  // orders keys, as `assert`'s diffs show values.
  const compact = opts.compact !== false;
  const sorted = opts.sorted === true;
  const seen = [];
  function fmt(v, depth, nested) {
    switch (typeof v) {
      case 'string':
        return nested ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'` : v;
      case 'number':
        return Object.is(v, -0) ? '-0' : String(v);
      case 'bigint':
        return `${v}n`;
      case 'undefined':
        return 'undefined';
      case 'boolean':
        return String(v);
      case 'symbol':
        return v.toString();
      case 'function': {
        const isClass = /^class\b/.test(Function.prototype.toString.call(v));
        return `[${isClass ? 'class' : 'Function'}${v.name ? ': ' + v.name : ' (anonymous)'}]`;
      }
    }
    if (v === null) return 'null';
    if (seen.includes(v)) return '[Circular *1]';
    if (v instanceof Error && !compact) {
      // In a diff an error shows its cause and own fields, so that two
      // errors differing only there show where.
      const head = `[${v.name}: ${v.message}]`;
      const fields = ObjectKeys(v).filter((k) => k !== 'stack' && k !== 'message');
      if (sorted) fields.sort();
      seen.push(v);
      let parts;
      try {
        parts = fields.map(
          (k) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : fmt(k, 0, true)}: ${fmt(v[k], depth + 1, true)}`,
        );
        if (ObjectHasOwn(v, 'cause') && !Object.prototype.propertyIsEnumerable.call(v, 'cause'))
          parts.push(`[cause]: ${fmt(v.cause, depth + 1, true)}`);
      } finally {
        seen.pop();
      }
      if (parts.length === 0 || depth > maxDepth) return head;
      const pad = '  '.repeat(depth + 1);
      return `${head} {\n${pad}${parts.join(`,\n${pad}`)}\n${'  '.repeat(depth)}}`;
    }
    if (v instanceof Error)
      return v.stack && String(v.stack).includes(v.message)
        ? String(v.stack)
        : `${v.name}: ${v.message}${v.stack ? '\n' + v.stack : ''}`;
    if (v instanceof Date && isRealDate(v)) return isNaN(v) ? 'Invalid Date' : v.toISOString();
    if (v instanceof RegExp) return String(v);
    // A value's own `[util.inspect.custom](depth, options, inspect)` says
    // how it reads (Buffer's is one), as in Node.
    const custom = v[inspect.custom];
    if (typeof custom === 'function' && custom !== inspect) {
      const shown = custom.call(
        v,
        maxDepth - depth,
        { ...opts, depth: maxDepth - depth, stylize: (text) => text },
        inspect,
      );
      if (shown !== v) {
        if (typeof shown === 'string') return shown;
        return fmt(shown, depth, nested);
      }
    }
    if (v instanceof Promise) return 'Promise { <pending> }';
    for (const [Box, name] of [
      [Number, 'Number'],
      [String, 'String'],
      [Boolean, 'Boolean'],
    ])
      if (v instanceof Box) return `[${name}: ${fmt(v.valueOf(), depth + 1, true)}]`;
    if (depth > maxDepth) return ArrayIsArray(v) ? '[Array]' : '[Object]';
    seen.push(v);
    try {
      let parts;
      let open = '{',
        close = '}',
        prefix = '';
      if (ArrayIsArray(v)) {
        // Holes read `<N empty items>`, as Node shows a sparse array.
        parts = [];
        for (let i = 0, holes = 0; i < Math.min(v.length, 100); i++) {
          if (!(i in v)) holes++;
          if (holes > 0 && (i in v || i === Math.min(v.length, 100) - 1)) {
            parts.push(`<${holes} empty item${holes > 1 ? 's' : ''}>`);
            holes = 0;
          }
          if (i in v) parts.push(fmt(v[i], depth + 1, true));
        }
        if (v.length > 100) parts.push(`... ${v.length - 100} more items`);
        open = '[';
        close = ']';
      } else if (ArrayBuffer.isView(v)) {
        parts = Array.from(v.slice(0, 100), (x) => fmt(x, depth + 1, true));
        prefix = `${v.constructor.name}(${v.length}) `;
        open = '[';
        close = ']';
      } else if (v instanceof Map) {
        parts = [...v].map(([k, x]) => `${fmt(k, depth + 1, true)} => ${fmt(x, depth + 1, true)}`);
        prefix = `Map(${v.size}) `;
      } else if (v instanceof Set) {
        parts = [...v].map((x) => fmt(x, depth + 1, true));
        prefix = `Set(${v.size}) `;
      } else {
        const keys = ObjectKeys(v);
        if (sorted) keys.sort();
        parts = keys.map((k) => {
          const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : fmt(k, 0, true);
          return `${key}: ${fmt(v[k], depth + 1, true)}`;
        });
        const ctor = ObjectGetPrototypeOf(v);
        if (ctor === null) prefix = '[Object: null prototype] ';
        else if (ctor.constructor && ctor.constructor !== Object && ctor.constructor.name)
          prefix = `${ctor.constructor.name} `;
      }
      if (parts.length === 0) return `${prefix}${open}${close}`;
      const oneLine = `${prefix}${open} ${parts.join(', ')} ${close}`;
      if (compact && oneLine.length <= 72 && !oneLine.includes('\n')) return oneLine;
      const pad = '  '.repeat(depth + 1);
      return `${prefix}${open}\n${pad}${parts.join(`,\n${pad}`)}\n${'  '.repeat(depth)}${close}`;
    } finally {
      seen.pop();
    }
  }
  return fmt(value, 0, true);
}

// A number as util.format prints it: -0 keeps its sign.
const fmt0 = (n) => (Object.is(n, -0) ? '-0' : String(n));
function format(...args) {
  if (args.length === 0) return '';
  const first = args[0];
  const rest = args.slice(1);
  let out;
  if (typeof first === 'string') {
    out = first.replace(/%[sdifjoOc%]/g, (token) => {
      if (token === '%%') return '%';
      if (rest.length === 0) return token;
      const arg = rest.shift();
      switch (token) {
        case '%s':
          return typeof arg === 'string'
            ? arg
            : typeof arg === 'object' && arg !== null
              ? inspect(arg, { depth: 1 })
              : String(arg);
        case '%d':
        case '%i':
          if (typeof arg === 'bigint') return `${arg}n`;
          if (typeof arg === 'object' || typeof arg === 'symbol') return 'NaN';
          return fmt0(token === '%i' ? parseInt(arg) : Number(arg));
        case '%f':
          return typeof arg === 'symbol' ? 'NaN' : fmt0(parseFloat(arg));
        case '%j':
          try {
            return jsonStringify(arg);
          } catch {
            return '[Circular]';
          }
        case '%o':
        case '%O':
          return inspect(arg, { depth: 4 });
        case '%c':
          return '';
      }
      return token;
    });
  } else {
    out = inspect(first);
  }
  for (const arg of rest) out += ' ' + (typeof arg === 'string' ? arg : inspect(arg));
  return out;
}
inspect.custom = customInspect;
// Assigning an object sets its keys on the defaults, as in Node and Bun.
Object.defineProperty(inspect, 'defaultOptions', {
  get: () => defaultOptions,
  set(options) {
    if (options === null || typeof options !== 'object')
      throw need('internal/buffer').invalidArgType('options', 'object', options);
    Object.assign(defaultOptions, options);
  },
  enumerable: true,
  configurable: true,
});

return { inspect, format };
