// ---- node/util.js: node:util (promisify, callbackify, deepEqual, …) -----------
const { inspect, format } = need('internal/inspect');

function promisify(fn) {
  if (typeof fn !== 'function') {
    const error = new TypeError(
      `The "original" argument must be of type function. Received ${fn === null || fn === undefined ? fn : `type ${typeof fn} (${String(fn)})`}`,
    );
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  if (fn[promisify.custom]) return fn[promisify.custom];
  return function (...args) {
    return new Promise((resolve, reject) => {
      fn.call(this, ...args, (err, ...values) => (err ? reject(err) : resolve(values.length > 1 ? values : values[0])));
    });
  };
}
promisify.custom = Symbol.for('nodejs.util.promisify.custom');

const deprecationsWarned = new Set();

const argType = (name, expected, value) => need('internal/buffer').invalidArgType(name, expected, value);

// `callbackify(fn)`: the callback gets the result or the rejection (a falsy
// one wrapped in ERR_FALSY_VALUE_REJECTION, its `reason` kept), on a later
// tick; the wrapper is named `<name>Callbackified` and takes one more argument.
function callbackify(original) {
  if (typeof original !== 'function') throw argType('original', 'function', original);
  function callbackified(...args) {
    const callback = args.pop();
    if (typeof callback !== 'function') throw argType('last argument', 'function', callback);
    const { deliver } = need('internal/uncaught');
    const later = (...values) => process.nextTick(() => deliver(callback.bind(this), ...values));
    Reflect.apply(original, this, args).then(
      (value) => later(null, value),
      (reason) => {
        if (!reason) {
          const wrapped = new Error('Promise was rejected with a falsy value');
          wrapped.code = 'ERR_FALSY_VALUE_REJECTION';
          wrapped.reason = reason;
          reason = wrapped;
        }
        later(reason);
      },
    );
  }
  const descriptors = Object.getOwnPropertyDescriptors(original);
  if (typeof descriptors.length?.value === 'number') descriptors.length.value++;
  if (typeof descriptors.name?.value === 'string') descriptors.name.value += 'Callbackified';
  delete descriptors.prototype;
  Object.defineProperties(callbackified, descriptors);
  return callbackified;
}

// ---- util.parseArgs, as Node's lib/internal/util/parse_args ---------------
function parseArgsError(code, message) {
  const error = new TypeError(message);
  error.code = code;
  return error;
}
const own = (object, key) => Object.hasOwn(object, key);
const optionOf = (options, name, key) => (own(options, name) ? options[name][key] : undefined);
function longOf(short, options) {
  for (const name of Object.keys(options)) if (options[name].short === short) return name;
  return short;
}
function argsToTokens(args, options) {
  const tokens = [];
  let index = -1;
  let groupCount = 0;
  const remaining = args.slice();
  while (remaining.length > 0) {
    const arg = remaining.shift();
    const next = remaining[0];
    if (groupCount > 0) groupCount--;
    else index++;
    if (arg === '--') {
      tokens.push({ kind: 'option-terminator', index });
      for (const value of remaining) tokens.push({ kind: 'positional', index: ++index, value });
      break;
    }
    const short = arg.length >= 2 && arg[0] === '-' && arg[1] !== '-';
    if (short && arg.length === 2) {
      const name = longOf(arg[1], options);
      let value;
      let inlineValue;
      if (optionOf(options, name, 'type') === 'string' && next !== undefined) {
        value = remaining.shift();
        inlineValue = false;
      }
      tokens.push({ kind: 'option', name, rawName: arg, index, value, inlineValue });
      if (value !== undefined) ++index;
      continue;
    }
    if (short && optionOf(options, longOf(arg[1], options), 'type') !== 'string') {
      const expanded = [];
      for (let i = 1; i < arg.length; i++) {
        const name = longOf(arg[i], options);
        if (optionOf(options, name, 'type') !== 'string' || i === arg.length - 1) expanded.push(`-${arg[i]}`);
        else {
          expanded.push(`-${arg.slice(i)}`);
          break;
        }
      }
      remaining.unshift(...expanded);
      groupCount = expanded.length;
      continue;
    }
    if (short) {
      const name = longOf(arg[1], options);
      tokens.push({ kind: 'option', name, rawName: `-${arg[1]}`, index, value: arg.slice(2), inlineValue: true });
      continue;
    }
    if (arg.length > 2 && arg.startsWith('--')) {
      const equals = arg.indexOf('=', 3);
      if (equals === -1) {
        const name = arg.slice(2);
        let value;
        let inlineValue;
        if (optionOf(options, name, 'type') === 'string' && next !== undefined) {
          value = remaining.shift();
          inlineValue = false;
        }
        tokens.push({ kind: 'option', name, rawName: arg, index, value, inlineValue });
        if (value !== undefined) ++index;
      } else {
        const name = arg.slice(2, equals);
        tokens.push({
          kind: 'option',
          name,
          rawName: `--${name}`,
          index,
          value: arg.slice(equals + 1),
          inlineValue: true,
        });
      }
      continue;
    }
    tokens.push({ kind: 'positional', index, value: arg });
  }
  // Bun leaves out the `value` and `inlineValue` a flag does not have.
  for (const token of tokens) {
    if (token.kind === 'option' && token.value === undefined) {
      delete token.value;
      delete token.inlineValue;
    }
  }
  return tokens;
}
function parseArgs(config = {}) {
  const args = config.args !== undefined ? config.args : process.argv.slice(2);
  const strict = config.strict !== undefined ? config.strict : true;
  const allowPositionals = config.allowPositionals !== undefined ? config.allowPositionals : !strict;
  const allowNegative = config.allowNegative === true;
  const options = config.options !== undefined ? config.options : {};
  for (const [name, option] of Object.entries(options)) {
    if (option.type !== 'string' && option.type !== 'boolean')
      throw parseArgsError(
        'ERR_INVALID_ARG_VALUE',
        `The property 'options.${name}.type' must be one of: 'string', 'boolean'. Received ${inspect(option.type)}`,
      );
    if (option.short !== undefined && (typeof option.short !== 'string' || option.short.length !== 1))
      throw parseArgsError(
        'ERR_INVALID_ARG_VALUE',
        `The property 'options.${name}.short' must be a single character. Received ${inspect(option.short)}`,
      );
  }
  const tokens = argsToTokens(args, options);
  const values = { __proto__: null };
  const positionals = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (!allowPositionals)
        throw parseArgsError(
          'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL',
          `Unexpected argument '${token.value}'. This command does not take positional arguments`,
        );
      positionals.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    let name = token.name;
    let negated = false;
    if (
      allowNegative &&
      name.startsWith('no-') &&
      token.value === undefined &&
      optionOf(options, name.slice(3), 'type') === 'boolean'
    ) {
      name = name.slice(3);
      negated = true;
    }
    if (strict) {
      if (!own(options, name)) {
        const dashDash = allowPositionals
          ? `. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${JSON.stringify(token.rawName)}`
          : '';
        throw parseArgsError('ERR_PARSE_ARGS_UNKNOWN_OPTION', `Unknown option '${token.rawName}'${dashDash}`);
      }
      const short = options[name].short;
      const shown = `${short ? `-${short}, ` : ''}--${name}`;
      if (options[name].type === 'string' && typeof token.value !== 'string')
        throw parseArgsError('ERR_PARSE_ARGS_INVALID_OPTION_VALUE', `Option '${shown} <value>' argument missing`);
      if (options[name].type === 'boolean' && token.value !== undefined)
        throw parseArgsError('ERR_PARSE_ARGS_INVALID_OPTION_VALUE', `Option '${shown}' does not take an argument`);
      if (!token.inlineValue && typeof token.value === 'string' && token.value.length > 1 && token.value[0] === '-') {
        const example = token.rawName.startsWith('--')
          ? `'${token.rawName}=-XYZ'`
          : `'--${name}=-XYZ' or '${token.rawName}-XYZ'`;
        throw parseArgsError(
          'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
          `Option '${token.rawName}' argument is ambiguous.\nDid you forget to specify the option argument for '${token.rawName}'?\nTo specify an option argument starting with a dash use ${example}.`,
        );
      }
    }
    if (name === '__proto__') continue;
    const value = negated ? false : token.value === undefined ? true : token.value;
    if (optionOf(options, name, 'multiple')) {
      if (values[name] === undefined) values[name] = [value];
      else values[name].push(value);
    } else values[name] = value;
  }
  for (const [name, option] of Object.entries(options))
    if (option.default !== undefined && values[name] === undefined) values[name] = option.default;
  const result = { values, positionals };
  if (config.tokens) result.tokens = tokens;
  return result;
}

// ---- styleText and stripVTControlCharacters ------------------------------
const STYLES = {
  reset: [0, 0],
  bold: [1, 22],
  dim: [2, 22],
  italic: [3, 23],
  underline: [4, 24],
  blink: [5, 25],
  inverse: [7, 27],
  hidden: [8, 28],
  strikethrough: [9, 29],
  doubleunderline: [21, 24],
  black: [30, 39],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  white: [37, 39],
  bgBlack: [40, 49],
  bgRed: [41, 49],
  bgGreen: [42, 49],
  bgYellow: [43, 49],
  bgBlue: [44, 49],
  bgMagenta: [45, 49],
  bgCyan: [46, 49],
  bgWhite: [47, 49],
  framed: [51, 54],
  overlined: [53, 55],
  gray: [90, 39],
  redBright: [91, 39],
  greenBright: [92, 39],
  yellowBright: [93, 39],
  blueBright: [94, 39],
  magentaBright: [95, 39],
  cyanBright: [96, 39],
  whiteBright: [97, 39],
  bgGray: [100, 49],
  bgRedBright: [101, 49],
  bgGreenBright: [102, 49],
  bgYellowBright: [103, 49],
  bgBlueBright: [104, 49],
  bgMagentaBright: [105, 49],
  bgCyanBright: [106, 49],
  bgWhiteBright: [107, 49],
};
const STYLE_ALIASES = {
  grey: 'gray',
  blackBright: 'gray',
  bgGrey: 'bgGray',
  bgBlackBright: 'bgGray',
  faint: 'dim',
  crossedout: 'strikethrough',
  strikeThrough: 'strikethrough',
  crossedOut: 'strikethrough',
  conceal: 'hidden',
  swapColors: 'inverse',
  swapcolors: 'inverse',
  doubleUnderline: 'doubleunderline',
};
// A tool's output is read by a model, never a terminal: with the default
// `validateStream`, Node and Bun leave colors out when the stream (stdout
// unless `stream` names one) is not a TTY. A style's end inside `text` (a
// styled part) opens the style again, as in Node 24 and Bun; `none` adds
// nothing.
function styleText(format, text, { validateStream = true, stream } = {}) {
  if (typeof text !== 'string')
    throw parseArgsError(
      'ERR_INVALID_ARG_TYPE',
      `The "text" argument must be of type string. ${need('internal/buffer').receivedText(text)}`,
    );
  const formats = Array.isArray(format) ? format : [format];
  let open = '';
  let close = '';
  let body = text;
  for (const name of formats) {
    if (name === 'none') continue;
    const style = STYLES[STYLE_ALIASES[name] || name];
    if (!own(STYLES, STYLE_ALIASES[name] || name)) {
      const allowed = [...Object.keys(STYLES), ...Object.keys(STYLE_ALIASES)].map((n) => `'${n}'`).join(', ');
      throw parseArgsError(
        'ERR_INVALID_ARG_VALUE',
        `The argument 'format' must be one of: ${allowed}. Received ${inspect(name)}`,
      );
    }
    const [on, off] = [`\u001b[${style[0]}m`, `\u001b[${style[1]}m`];
    // 22 ends both bold and dim: it stays, and this style opens again.
    const again = style[1] === 22 ? off + on : on;
    const last = body.endsWith(off) ? body.length - off.length : body.length;
    body = body.slice(0, last).replaceAll(off, again) + body.slice(last);
    open += on;
    close = off + close;
  }
  if (validateStream) {
    if (stream !== undefined) {
      const known =
        stream instanceof need('node/stream').Stream ||
        (typeof ReadableStream === 'function' && stream instanceof ReadableStream) ||
        (typeof WritableStream === 'function' && stream instanceof WritableStream);
      if (!known)
        throw parseArgsError(
          'ERR_INVALID_ARG_TYPE',
          `The "stream" argument must be an instance of ReadableStream, WritableStream, or Stream. ${need('internal/buffer').receivedText(stream)}`,
        );
    }
    const target = stream ?? process.stdout;
    const colors = target?.isTTY && (typeof target.hasColors !== 'function' || target.hasColors());
    if (!colors) return text;
  }
  return `${open}${body}${close}`;
}
const ANSI =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escapes are what it strips
  /[\u001B\u009B][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?(?:\u0007|\u001B\u005C|\u009C))|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~]))/g;
function stripVTControlCharacters(text) {
  if (typeof text !== 'string')
    throw parseArgsError(
      'ERR_INVALID_ARG_TYPE',
      `The "str" argument must be of type string. Received ${inspect(text)}`,
    );
  return text.replace(ANSI, '');
}

const util = {
  format,
  inspect,
  promisify,
  callbackify,
  inherits(ctor, superCtor) {
    if (ctor === undefined || ctor === null) throw argType('ctor', 'function', ctor);
    if (superCtor === undefined || superCtor === null) throw argType('superCtor', 'function', superCtor);
    if (superCtor.prototype === undefined) throw argType('superCtor.prototype', 'object', superCtor.prototype);
    Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
    Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
    Object.setPrototypeOf(ctor, superCtor);
  },
  // The first call emits a DeprecationWarning (once per code), as in Node.
  deprecate(fn, message, code) {
    if (code !== undefined && typeof code !== 'string') throw argType('code', 'string', code);
    let warned = false;
    return function deprecated(...args) {
      if (!warned && !(code !== undefined && deprecationsWarned.has(code))) {
        warned = true;
        if (code !== undefined) deprecationsWarned.add(code);
        process.emitWarning(message, 'DeprecationWarning', code);
      }
      return new.target ? Reflect.construct(fn, args, new.target) : fn.apply(this, args);
    };
  },
  getSystemErrorName: (errno) => need('node/internal/util_extras').getSystemErrorName(errno),
  aborted: (signal, resource) => need('node/internal/util_extras').aborted(signal, resource),
  toUSVString: (value) => need('node/internal/util_extras').toUSVString(value),
  parseEnv: (text) => need('node/internal/util_extras').parseEnv(text),
  get MIMEType() {
    return need('node/internal/mime').MIMEType;
  },
  get MIMEParams() {
    return need('node/internal/mime').MIMEParams;
  },
  // `NODE_DEBUG` is never set for a tool; the logger is silent, as Bun's is.
  debuglog: () => () => {},
  debug: () => () => {},
  parseArgs,
  styleText,
  stripVTControlCharacters,
  formatWithOptions: (_options, ...args) => format(...args),
  isDeepStrictEqual: (a, b, skipPrototype) => deepEqual(a, b, skipPrototype === true ? 'skipPrototype' : true),
  types: {
    isPromise: (v) => v instanceof Promise,
    isDate: (v) => v instanceof Date,
    isRegExp: (v) => v instanceof RegExp,
    isUint8Array: (v) => v instanceof Uint8Array,
  },
  // Read when asked for: reading the globals here would load the text codecs
  // for every tool that only wants `promisify`.
  get TextEncoder() {
    return globalThis.TextEncoder;
  },
  get TextDecoder() {
    return globalThis.TextDecoder;
  },
};

// A real Date's time (a FakeDate with Date.prototype has none), or undefined.
function timeOf(value) {
  try {
    return { time: Date.prototype.getTime.call(value) };
  } catch {
    return undefined;
  }
}
// What a boxed primitive holds, read by its real class's `valueOf` (a
// prototype or a Symbol.toStringTag can be faked), or undefined.
const BOXES = [
  ['number', Number.prototype.valueOf],
  ['string', String.prototype.valueOf],
  ['boolean', Boolean.prototype.valueOf],
  ['bigint', BigInt.prototype.valueOf],
  ['symbol', Symbol.prototype.valueOf],
];
function boxed(value) {
  for (const [kind, unbox] of BOXES) {
    try {
      return { kind, value: unbox.call(value) };
    } catch {}
  }
  return undefined;
}

// Node's comparison for `assert.deepStrictEqual` and `util.isDeepStrictEqual`
// (`strict`), and the loose one of `assert.deepEqual`, which under Bun also
// compares primitives with `Object.is` but ignores prototypes. Both look
// inside Maps, Sets, Dates, RegExps, boxed primitives, errors, typed arrays
// and array buffers, and handle cycles.
function deepEqual(a, b, strict = true, memo = new Map()) {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const tag = Object.prototype.toString.call(a);
  if (tag !== Object.prototype.toString.call(b)) return false;
  // `strict` is 'skipPrototype' for `isDeepStrictEqual(a, b, true)`: strict
  // but for prototypes.
  if (strict === true && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  let seen = memo.get(a);
  if (seen && seen.has(b)) return true;
  if (!seen) {
    seen = new Set();
    memo.set(a, seen);
  }
  seen.add(b);
  // Bun's: WeakMaps and WeakSets hide their entries, so strictly only the
  // same one is equal, loosely any two are.
  if (a instanceof WeakMap || a instanceof WeakSet) return !strict;
  // The global object and process have type tags of their own in Node: no
  // copy of them is equal to them.
  const realProcess = need.ifLoaded('node/process')?.process;
  if (a === globalThis || b === globalThis || (realProcess && (a === realProcess || b === realProcess))) return false;
  const dateA = timeOf(a);
  const dateB = timeOf(b);
  if (dateA !== undefined || dateB !== undefined) {
    if (dateA === undefined || dateB === undefined || !Object.is(dateA.time, dateB.time)) return false;
  } else if (a instanceof Date) {
    if (a.getTime() !== b.getTime()) return false;
  } else if (a instanceof RegExp) {
    if (a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
  } else if (a instanceof Error) {
    if (a.message !== b.message || a.name !== b.name) return false;
    if ('cause' in a !== 'cause' in b || !deepEqual(a.cause, b.cause, strict, memo)) return false;
  } else if (ArrayBuffer.isView(a)) {
    if (a.byteLength !== b.byteLength) return false;
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    // Loosely a float array compares its numbers (0 equals -0, NaN is
    // unequal); strictly every view compares its bytes, as Bun does.
    const float =
      a instanceof Float32Array ||
      a instanceof Float64Array ||
      (typeof Float16Array !== 'undefined' && a instanceof Float16Array);
    if (float && !strict) {
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    } else for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    // Loosely, as under Bun, a view's own non-index properties do not count.
    if (!strict) return true;
  } else if (a instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && a instanceof SharedArrayBuffer)) {
    if (a.byteLength !== b.byteLength) return false;
    const x = new Uint8Array(a);
    const y = new Uint8Array(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  } else {
    const boxA = boxed(a);
    const boxB = boxed(b);
    if (boxA !== undefined || boxB !== undefined) {
      if (boxA === undefined || boxB === undefined || boxA.kind !== boxB.kind) return false;
      if (!Object.is(boxA.value, boxB.value)) return false;
    }
  }
  if (a instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [key, value] of a) {
      if (b.has(key)) {
        if (!deepEqual(value, b.get(key), strict, memo)) return false;
        continue;
      }
      if (typeof key !== 'object' || key === null) return false;
      let found = false;
      for (const [other, otherValue] of b) {
        if (deepEqual(key, other, strict, memo) && deepEqual(value, otherValue, strict, memo)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
  } else if (a instanceof Set) {
    if (a.size !== b.size) return false;
    for (const value of a) {
      if (b.has(value)) continue;
      if (typeof value !== 'object' || value === null) return false;
      let found = false;
      for (const other of b) {
        if (deepEqual(value, other, strict, memo)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
  }
  if (Array.isArray(a) && a.length !== b.length) return false;
  const keysOf = (o) => {
    const keys = Object.keys(o);
    // Loosely, as in Bun, a key holding `undefined` counts as missing (and a
    // hole as `undefined`).
    if (!strict) return keys.filter((key) => o[key] !== undefined);
    for (const symbol of Object.getOwnPropertySymbols(o))
      if (Object.prototype.propertyIsEnumerable.call(o, symbol)) keys.push(symbol);
    return keys;
  };
  // A typed array's own keys list its indices first: what follows them is
  // all there is to compare (a DataView has no indices).
  const extras = (v) => (ArrayBuffer.isView(v) && !(v instanceof DataView) ? keysOf(v).slice(v.length) : keysOf(v));
  const ka = extras(a);
  const kb = extras(b);
  if (ka.length !== kb.length) return false;
  for (const key of ka) {
    if (!Object.prototype.propertyIsEnumerable.call(b, key)) return false;
    if (!deepEqual(a[key], b[key], strict, memo)) return false;
  }
  return true;
}

return { util, types: util.types, promisify, callbackify, deepEqual };
