// ---- node/internal/fs/validate.js: node:fs's argument checks ---------------------------
// Every node:fs function checks its arguments here before any file is
// touched, so a wrong path, descriptor, mode, owner, callback, encoding,
// offset or length is refused at once (the callback forms throw rather than
// call back) with the error Node gives: its class, `code` and message. The
// codes are those Bun gives too; where Bun's native bindings word the
// message shorter ("path must be a string or TypedArray"), Node's wording is
// kept, since code written against Node matches on it.
const { inspect } = need('internal/inspect');
const { isURL } = need('internal/files');

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MIN_SAFE = Number.MIN_SAFE_INTEGER;
const MAX_ID = 2 ** 32 - 1;

// A string as Node's inspect quotes it: single quotes unless the text has
// one, control characters escaped.
function quoted(text) {
  const quote = !text.includes("'") ? "'" : !text.includes('"') ? '"' : !text.includes('`') ? '`' : "'";
  const short = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '\\': '\\\\' };
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (short[ch]) out += short[ch];
    else if (ch === quote) out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += ch;
  }
  return quote + out + quote;
}
function shown(value) {
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Object.is(value, -0)) return '-0';
  return inspect(value);
}
// Node's words for the value a type check refused.
function received(value) {
  if (value === null || value === undefined) return `Received ${value}`;
  if (typeof value === 'function') return `Received function ${value.name}`;
  if (typeof value === 'object') {
    if (value.constructor?.name) return `Received an instance of ${value.constructor.name}`;
    return `Received ${inspect(value, { depth: -1 })}`;
  }
  let text = shown(value);
  if (text.length > 28) text = `${text.slice(0, 25)}...`;
  return `Received type ${typeof value} (${text})`;
}
// Node's separators in a large number shown in a range error.
function grouped(text) {
  let out = '';
  let digits = text.replace(/^-/, '');
  while (digits.length > 3) {
    out = `_${digits.slice(-3)}${out}`;
    digits = digits.slice(0, -3);
  }
  return (text.startsWith('-') ? '-' : '') + digits + out;
}
function rangeShown(value) {
  if (Number.isInteger(value) && Math.abs(value) > 2 ** 32) return grouped(String(value));
  if (typeof value === 'bigint')
    return `${value > 2n ** 32n || value < -(2n ** 32n) ? grouped(String(value)) : value}n`;
  return shown(value);
}
// Node's errors show their code in their text too (`TypeError
// [ERR_INVALID_ARG_TYPE]: …`), which is what a test matching /ERR_…/ reads.
function coded(error, code) {
  Object.defineProperty(error, 'code', { value: code, enumerable: true, writable: true, configurable: true });
  Object.defineProperty(error, 'toString', {
    value() {
      return `${this.name} [${this.code}]: ${this.message}`;
    },
    writable: true,
    configurable: true,
  });
  return error;
}
function subject(name) {
  return name.includes('.') ? `The "${name}" property` : `The "${name}" argument`;
}
// ERR_INVALID_ARG_TYPE: `expected` reads on from "must be".
function typeError(name, expected, value) {
  return coded(new TypeError(`${subject(name)} must be ${expected}. ${received(value)}`), 'ERR_INVALID_ARG_TYPE');
}
function rangeError(name, range, value) {
  return coded(
    new RangeError(`The value of "${name}" is out of range. It must be ${range}. Received ${rangeShown(value)}`),
    'ERR_OUT_OF_RANGE',
  );
}
function valueError(name, value, reason = 'is invalid') {
  let text = shown(value);
  if (text.length > 128) text = `${text.slice(0, 128)}...`;
  const kind = name.includes('.') ? 'property' : 'argument';
  return coded(new TypeError(`The ${kind} '${name}' ${reason}. Received ${text}`), 'ERR_INVALID_ARG_VALUE');
}

function integer(value, name, min = MIN_SAFE, max = MAX_SAFE) {
  if (typeof value !== 'number') throw typeError(name, 'of type number', value);
  if (!Number.isInteger(value)) throw rangeError(name, 'an integer', value);
  if (value < min || value > max) throw rangeError(name, `>= ${min} && <= ${max}`, value);
  return value;
}
const int32 = (value, name, min = -(2 ** 31), max = 2 ** 31 - 1) => integer(value, name, min, max);
const uint32 = (value, name) => integer(value, name, 0, MAX_ID);
function fd(value, name = 'fd') {
  return int32(value, name, 0);
}
// A path as a string: text, bytes (UTF-8) or a file: URL, without NUL.
function path(value, name = 'path') {
  let text;
  if (typeof value === 'string') text = value;
  else if (value instanceof Uint8Array) {
    if (value.includes(0)) throw valueError(name, value, 'must be a string, Uint8Array, or URL without null bytes');
    return need('internal/buffer').utf8Decoder.decode(value);
  } else if (isURL(value)) text = need('node/internal/url').fileURLToPath(value);
  else throw typeError(name, 'of type string or an instance of Buffer or URL', value);
  if (text.includes('\u0000')) throw valueError(name, text, 'must be a string, Uint8Array, or URL without null bytes');
  return text;
}
// A path or, as a number, a descriptor (readFile, writeFile, appendFile).
function pathOrFd(value, name = 'path') {
  return typeof value === 'number' ? { fd: fd(value) } : { path: path(value, name) };
}
function callback(value, name = 'cb') {
  if (typeof value !== 'function') throw typeError(name, 'of type function', value);
  return value;
}
function fn(value, name) {
  return callback(value, name);
}
function boolean(value, name) {
  if (typeof value !== 'boolean') throw typeError(name, 'of type boolean', value);
  return value;
}
function object(value, name) {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw typeError(name, 'of type object', value);
  return value;
}
// A mode as a number or as octal text ('644'); `fallback` when none is
// given and one is optional.
function mode(value, name = 'mode', ...fallback) {
  if ((value === undefined || value === null) && fallback.length > 0) return fallback[0];
  if (typeof value === 'string') {
    if (!/^[0-7]+$/.test(value)) throw valueError(name, value, 'must be a 32-bit unsigned integer or an octal string');
    return Number.parseInt(value, 8);
  }
  return uint32(value, name);
}
// access's and copyFile's mode (0 to 7), checked as Node's binding checks it.
function smallMode(value) {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number')
    throw coded(new TypeError('mode must be int32 or null/undefined'), 'ERR_INVALID_ARG_TYPE');
  const mode = Math.trunc(value);
  if (!(mode >= 0 && mode <= 7)) throw coded(new RangeError('mode is out of range: >= 0 && <= 7'), 'ERR_OUT_OF_RANGE');
  return mode;
}
function encoding(value) {
  if (value === undefined || value === null || value === 'buffer') return value;
  try {
    if (typeof value === 'string' && value !== '') return need('internal/buffer').normalizeEncoding(value) && value;
  } catch {}
  throw valueError('encoding', value, 'is invalid encoding');
}
// An options argument: text is the encoding; anything else that is not an
// object counts as no options, as Bun reads it.
function options(value, defaults = {}) {
  if (value === undefined || value === null || typeof value === 'function') return { ...defaults };
  if (typeof value === 'string') return { ...defaults, encoding: encoding(value) };
  if (typeof value !== 'object') return { ...defaults };
  const out = { ...defaults, ...value };
  encoding(out.encoding);
  return out;
}
function bufferView(value, name = 'buffer') {
  if (!ArrayBuffer.isView(value)) throw typeError(name, 'an instance of Buffer, TypedArray, or DataView', value);
  return value;
}
function bufferList(value, name = 'buffers') {
  if (!Array.isArray(value) || !value.every((b) => ArrayBuffer.isView(b)))
    throw typeError(name, 'an ArrayBufferView[]', value);
  return value;
}
// What writeFile and appendFile take: text or bytes.
function data(value, name = 'data') {
  if (typeof value !== 'string' && !ArrayBuffer.isView(value))
    throw typeError(name, 'of type string or an instance of Buffer, TypedArray, or DataView', value);
  return value;
}
// A read or write position: a number (-1 or null for the cursor) or a bigint.
function position(value, length = 0, name = 'position') {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') {
    integer(value, name, -1);
    return value === -1 ? null : value;
  }
  if (typeof value === 'bigint') {
    const max = 2n ** 63n - 1n - BigInt(length);
    if (value < -1n || value > max) throw rangeError(name, `>= -1 && <= ${max}`, value);
    return value === -1n ? null : Number(value);
  }
  throw typeError(name, 'of type bigint or integer', value);
}
// A time for utimes: a Date, seconds, or numeric text.
function time(value, name = 'time') {
  // biome-ignore lint/suspicious/noDoubleEquals: numeric text is a time, as in Node
  if (typeof value === 'string' && +value == value) return +value;
  if (typeof value === 'number' && Number.isFinite(value)) return value < 0 ? Date.now() / 1000 : value;
  if (value instanceof Date) return value.getTime() / 1000;
  throw typeError(name, 'an instance of Date or an Time in seconds', value);
}

return {
  typeError,
  rangeError,
  valueError,
  integer,
  int32,
  uint32,
  fd,
  path,
  pathOrFd,
  callback,
  fn,
  boolean,
  object,
  mode,
  smallMode,
  encoding,
  options,
  bufferView,
  bufferList,
  data,
  position,
  time,
  MAX_ID,
};
