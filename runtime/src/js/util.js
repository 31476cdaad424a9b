// ---- util.js: node:util (promisify, callbackify, deepEqual, …) -----------
const { inspect, format } = need('inspect');

function promisify(fn) {
  if (typeof fn !== 'function') throw new TypeError('The "original" argument must be of type function');
  if (fn[promisify.custom]) return fn[promisify.custom];
  return function (...args) {
    return new Promise((resolve, reject) => {
      fn.call(this, ...args, (err, ...values) => (err ? reject(err) : resolve(values.length > 1 ? values : values[0])));
    });
  };
}
promisify.custom = Symbol.for('nodejs.util.promisify.custom');

function callbackify(fn) {
  return function (...args) {
    const cb = args.pop();
    fn.apply(this, args).then(
      (v) => cb(null, v),
      (e) => cb(e),
    );
  };
}

const util = {
  format,
  inspect,
  promisify,
  callbackify,
  inherits(ctor, superCtor) {
    Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
    Object.setPrototypeOf(ctor, superCtor);
  },
  deprecate: (fn) => fn,
  isDeepStrictEqual: (a, b) => deepEqual(a, b),
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

function deepEqual(a, b) {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a),
    kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
}

return { util, types: util.types, promisify, callbackify, deepEqual };
