// ---- internal/buffer.js: Buffer (node:buffer) and the byte helpers the other units use
// boa_runtime's own UTF-8 codec (moved to `host`): no need to run the text_codec unit.
const utf8Encoder = new host.TextEncoder();
const utf8Decoder = new host.TextDecoder();
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_LOOKUP = (() => {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < 64; i++) t[B64.charCodeAt(i)] = i;
  t[45] = 62;
  t[95] = 63;
  return t;
})();

function base64Encode(bytes, url) {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
  }
  if (i < bytes.length) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8);
    out += B64[n >> 18] + B64[(n >> 12) & 63] + (i + 1 < bytes.length ? B64[(n >> 6) & 63] : '=') + '=';
  }
  if (url) out = out.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return out;
}

function base64Decode(text) {
  const out = [];
  let bits = 0,
    value = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? B64_LOOKUP[c] : -1;
    if (v < 0) continue; // whitespace and padding, as Node ignores them
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 255);
    }
  }
  return new Uint8Array(out);
}

function normalizeEncoding(enc) {
  const e = String(enc || 'utf8').toLowerCase();
  if (e === 'utf-8' || e === 'utf8') return 'utf8';
  if (e === 'binary' || e === 'latin1') return 'latin1';
  if (['hex', 'base64', 'base64url', 'ascii', 'utf16le', 'ucs2'].includes(e)) return e === 'ucs2' ? 'utf16le' : e;
  if (e === 'ucs-2' || e === 'utf-16le') return 'utf16le';
  const error = new TypeError(`Unknown encoding: ${enc}`);
  error.code = 'ERR_UNKNOWN_ENCODING';
  throw error;
}

// Node's words for a value an argument check refused.
function receivedText(value) {
  if (value === null || value === undefined) return `Received ${value}`;
  if (typeof value === 'function') return `Received function ${value.name}`;
  if (typeof value === 'object')
    return value.constructor?.name
      ? `Received an instance of ${value.constructor.name}`
      : 'Received [Object: null prototype]';
  const shown =
    typeof value === 'string' ? `'${value.length > 25 ? `${value.slice(0, 25)}...` : value}'` : String(value);
  return `Received type ${typeof value} (${shown})`;
}
// A number in a range error, with Node's `_` separators past 2 ** 32.
const shownNumber = (n) =>
  Number.isInteger(n) && Math.abs(n) > 2 ** 32 ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '_') : String(n);
// `Buffer.alloc`'s and its siblings' size: an integer from 0 to 4 GiB, as
// Bun's `buffer.constants.MAX_LENGTH`.
function checkSize(size) {
  if (typeof size !== 'number') {
    const error = new TypeError(`The "size" argument must be of type number. ${receivedText(size)}`);
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  if (!(size >= 0 && size <= 2 ** 32)) {
    const error = new RangeError(
      `The value of "size" is out of range. It must be >= 0 && <= ${2 ** 32}. Received ${shownNumber(size)}`,
    );
    error.code = 'ERR_OUT_OF_RANGE';
    throw error;
  }
  return size;
}

function encodeString(text, enc) {
  switch (normalizeEncoding(enc)) {
    case 'utf8':
      return utf8Encoder.encode(text);
    case 'hex': {
      const n = text.length >> 1;
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const b = parseInt(text.slice(i * 2, i * 2 + 2), 16);
        if (Number.isNaN(b)) return out.subarray(0, i);
        out[i] = b;
      }
      return out;
    }
    case 'base64':
    case 'base64url':
      return base64Decode(text);
    case 'latin1':
    case 'ascii': {
      const out = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 255;
      return out;
    }
    case 'utf16le': {
      const out = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        out[i * 2] = c & 255;
        out[i * 2 + 1] = c >> 8;
      }
      return out;
    }
  }
}

function decodeBytes(bytes, enc) {
  switch (normalizeEncoding(enc)) {
    case 'utf8':
      return utf8Decoder.decode(bytes);
    case 'hex': {
      let s = '';
      for (const b of bytes) s += (b < 16 ? '0' : '') + b.toString(16);
      return s;
    }
    case 'base64':
      return base64Encode(bytes, false);
    case 'base64url':
      return base64Encode(bytes, true);
    case 'latin1': {
      let s = '';
      for (let i = 0; i < bytes.length; i += 4096) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 4096));
      return s;
    }
    case 'ascii': {
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b & 127);
      return s;
    }
    case 'utf16le': {
      let s = '';
      for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8));
      return s;
    }
  }
}

class FastBuffer extends Uint8Array {
  static from(value, encodingOrOffset, length) {
    if (typeof value === 'string') return toBuffer(encodeString(value, encodingOrOffset));
    if (value instanceof ArrayBuffer)
      return new FastBuffer(
        value,
        encodingOrOffset || 0,
        length === undefined ? value.byteLength - (encodingOrOffset || 0) : length,
      );
    if (ArrayBuffer.isView(value))
      return toBuffer(new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice());
    if (Array.isArray(value)) return toBuffer(Uint8Array.from(value));
    if (value && value.type === 'Buffer' && Array.isArray(value.data)) return toBuffer(Uint8Array.from(value.data));
    if (value && typeof value.length === 'number') return toBuffer(Uint8Array.from(value));
    const error = new TypeError(
      `The first argument must be of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object. ${receivedText(value)}`,
    );
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  static alloc(size, fill, encoding) {
    const b = new FastBuffer(checkSize(size));
    if (fill !== undefined && fill !== 0) b.fill(fill, 0, size, encoding);
    return b;
  }
  static allocUnsafe(size) {
    return new FastBuffer(checkSize(size));
  }
  static allocUnsafeSlow(size) {
    return new FastBuffer(size);
  }
  static isBuffer(v) {
    return v instanceof FastBuffer;
  }
  static isEncoding(e) {
    // Only a name: `normalizeEncoding` reads a missing one as utf8.
    if (typeof e !== 'string' || e === '') return false;
    try {
      normalizeEncoding(e);
      return true;
    } catch {
      return false;
    }
  }
  static byteLength(v, enc) {
    if (typeof v === 'string') return encodeString(v, enc).length;
    return v.byteLength;
  }
  static concat(list, total) {
    const length = total === undefined ? list.reduce((n, b) => n + b.length, 0) : total;
    const out = new FastBuffer(length);
    let offset = 0;
    for (const b of list) {
      if (offset >= length) break;
      const part = b.subarray(0, length - offset);
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
  static compare(a, b) {
    return a.compare(b);
  }
  toString(enc, start, end) {
    return decodeBytes(this.subarray(start || 0, end === undefined ? this.length : end), enc);
  }
  toJSON() {
    return { type: 'Buffer', data: Array.from(this) };
  }
  equals(other) {
    return this.compare(other) === 0;
  }
  compare(other) {
    const n = Math.min(this.length, other.length);
    for (let i = 0; i < n; i++) if (this[i] !== other[i]) return this[i] < other[i] ? -1 : 1;
    return this.length === other.length ? 0 : this.length < other.length ? -1 : 1;
  }
  slice(start, end) {
    return this.subarray(start, end);
  }
  subarray(start, end) {
    const u = Uint8Array.prototype.subarray.call(this, start, end);
    return new FastBuffer(u.buffer, u.byteOffset, u.length);
  }
  write(text, offset = 0, length, enc) {
    if (typeof offset === 'string') {
      enc = offset;
      offset = 0;
    }
    const bytes = encodeString(text, enc);
    const n = Math.min(bytes.length, length === undefined ? this.length - offset : length);
    this.set(bytes.subarray(0, n), offset);
    return n;
  }
  copy(target, targetStart = 0, start = 0, end = this.length) {
    const part = this.subarray(start, end);
    target.set(part.subarray(0, target.length - targetStart), targetStart);
    return Math.min(part.length, target.length - targetStart);
  }
  indexOf(value, from = 0, enc) {
    if (typeof value === 'number') return Uint8Array.prototype.indexOf.call(this, value, from);
    const needle = typeof value === 'string' ? encodeString(value, enc) : value;
    outer: for (let i = from; i <= this.length - needle.length; i++) {
      for (let j = 0; j < needle.length; j++) if (this[i + j] !== needle[j]) continue outer;
      return i;
    }
    return -1;
  }
  includes(value, from, enc) {
    return this.indexOf(value, from, enc) !== -1;
  }
  // Node fills with the whole string (or byte sequence), repeated.
  fill(value, offset = 0, end = this.length, encoding) {
    if (typeof offset === 'string') {
      encoding = offset;
      offset = 0;
      end = this.length;
    }
    if (typeof end === 'string') {
      encoding = end;
      end = this.length;
    }
    if (typeof value === 'number' || typeof value === 'boolean')
      return Uint8Array.prototype.fill.call(this, Number(value) & 255, offset, end);
    const pattern = typeof value === 'string' ? encodeString(value, encoding) : value;
    if (pattern.length === 0) return Uint8Array.prototype.fill.call(this, 0, offset, end);
    for (let i = offset, j = 0; i < end; i++, j = (j + 1) % pattern.length) this[i] = pattern[j];
    return this;
  }
}
// Node's fixed-width number readers and writers (`readInt16LE`,
// `writeBigUInt64BE`, …), with Node's range errors, over a DataView.
function outOfRange(name, range, received) {
  const error = new RangeError(`The value of "${name}" is out of range. It must be ${range}. Received ${received}`);
  error.code = 'ERR_OUT_OF_RANGE';
  return error;
}
function checkOffset(buffer, offset, size) {
  if (typeof offset !== 'number') {
    const e = new TypeError(`The "offset" argument must be of type number. Received ${inspectShort(offset)}`);
    e.code = 'ERR_INVALID_ARG_TYPE';
    throw e;
  }
  if (!Number.isInteger(offset)) throw outOfRange('offset', 'an integer', offset);
  if (buffer.length < size) {
    const e = new RangeError('Attempt to access memory outside buffer bounds');
    e.code = 'ERR_BUFFER_OUT_OF_BOUNDS';
    throw e;
  }
  if (offset < 0 || offset > buffer.length - size)
    throw outOfRange('offset', `>= 0 and <= ${buffer.length - size}`, offset);
}
function inspectShort(value) {
  return value === undefined ? 'undefined' : typeof value === 'string' ? `type string ('${value}')` : `${typeof value}`;
}
const NUMBER_ACCESSORS = [
  ['Int8', 1, 'Int8', -0x80, 0x7f],
  ['UInt8', 1, 'Uint8', 0, 0xff],
  ['Int16', 2, 'Int16', -0x8000, 0x7fff],
  ['UInt16', 2, 'Uint16', 0, 0xffff],
  ['Int32', 4, 'Int32', -0x80000000, 0x7fffffff],
  ['UInt32', 4, 'Uint32', 0, 0xffffffff],
  ['Float', 4, 'Float32'],
  ['Double', 8, 'Float64'],
  ['BigInt64', 8, 'BigInt64'],
  ['BigUInt64', 8, 'BigUint64'],
];
for (const [name, size, kind, min, max] of NUMBER_ACCESSORS) {
  for (const order of size === 1 ? [''] : ['LE', 'BE']) {
    const little = order === 'LE';
    function read(offset = 0) {
      checkOffset(this, offset, size);
      return new DataView(this.buffer, this.byteOffset, this.byteLength)[`get${kind}`](offset, little);
    }
    function write(value, offset = 0) {
      checkOffset(this, offset, size);
      if (min !== undefined && (value < min || value > max))
        throw outOfRange('value', min === 0 ? `>= 0 and <= ${max}` : `>= ${min} and <= ${max}`, value);
      new DataView(this.buffer, this.byteOffset, this.byteLength)[`set${kind}`](
        offset,
        kind.startsWith('Big') ? value : Number(value),
        little,
      );
      return offset + size;
    }
    for (const alias of name.includes('UInt') ? [name, name.replace('UInt', 'Uint')] : [name]) {
      FastBuffer.prototype[`read${alias}${order}`] = read;
      FastBuffer.prototype[`write${alias}${order}`] = write;
    }
  }
}

// Node's variable-width integers (`readUIntBE(offset, byteLength)` and the
// like, 1 to 6 bytes), with Node's argument and range errors.
function checkByteLength(byteLength) {
  if (typeof byteLength !== 'number') {
    const e = new TypeError(`The "byteLength" argument must be of type number. Received ${inspectShort(byteLength)}`);
    e.code = 'ERR_INVALID_ARG_TYPE';
    throw e;
  }
  if (!Number.isInteger(byteLength) || byteLength < 1 || byteLength > 6)
    throw outOfRange('byteLength', Number.isInteger(byteLength) ? '>= 1 and <= 6' : 'an integer', byteLength);
}
function readVariable(buffer, offset, byteLength, little, signed) {
  checkByteLength(byteLength);
  checkOffset(buffer, offset, byteLength);
  let value = 0;
  for (let i = 0; i < byteLength; i++) {
    const byte = buffer[offset + (little ? byteLength - 1 - i : i)];
    value = value * 256 + byte;
  }
  const limit = 2 ** (8 * byteLength);
  if (signed && value >= limit / 2) value -= limit;
  return value;
}
function writeVariable(buffer, value, offset, byteLength, little, signed) {
  checkByteLength(byteLength);
  const limit = 2 ** (8 * byteLength);
  const [min, max] = signed ? [-(limit / 2), limit / 2 - 1] : [0, limit - 1];
  value = +value;
  checkOffset(buffer, offset, byteLength);
  if (value < min || value > max) {
    const range =
      byteLength > 4
        ? signed
          ? `>= -(2 ** ${8 * byteLength - 1}) and < 2 ** ${8 * byteLength - 1}`
          : `>= 0 and < 2 ** ${8 * byteLength}`
        : `>= ${min} and <= ${max}`;
    throw outOfRange('value', range, value);
  }
  let rest = value < 0 ? value + limit : value;
  for (let i = 0; i < byteLength; i++) {
    buffer[offset + (little ? i : byteLength - 1 - i)] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return offset + byteLength;
}
for (const [order, little] of [
  ['LE', true],
  ['BE', false],
]) {
  for (const [kind, signed] of [
    ['Int', true],
    ['UInt', false],
  ]) {
    const read = function (offset, byteLength) {
      return readVariable(this, offset, byteLength, little, signed);
    };
    const write = function (value, offset, byteLength) {
      return writeVariable(this, value, offset, byteLength, little, signed);
    };
    for (const alias of kind === 'UInt' ? ['UInt', 'Uint'] : ['Int']) {
      FastBuffer.prototype[`read${alias}${order}`] = read;
      FastBuffer.prototype[`write${alias}${order}`] = write;
    }
  }
}
// `swap16`/`swap32`/`swap64`: byte order reversed in place, per unit.
for (const size of [2, 4, 8]) {
  FastBuffer.prototype[`swap${size * 8}`] = function () {
    if (this.length % size !== 0) {
      const e = new RangeError(`Buffer size must be a multiple of ${size * 8}-bits`);
      e.code = 'ERR_INVALID_BUFFER_SIZE';
      throw e;
    }
    for (let i = 0; i < this.length; i += size) {
      for (let a = i, b = i + size - 1; a < b; a++, b--) {
        const t = this[a];
        this[a] = this[b];
        this[b] = t;
      }
    }
    return this;
  };
}

// `Buffer` is a function, as in Node: `Buffer(n)` and `Buffer(string)` (the
// deprecated forms older packages still call) work with or without `new`,
// and every buffer is a `FastBuffer`, whose prototype `Buffer.prototype` is.
function Buffer(value, encodingOrOffset, length) {
  if (typeof value === 'number') {
    if (typeof encodingOrOffset === 'string') {
      const e = new TypeError(`The "string" argument must be of type string. Received type number (${value})`);
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
    return FastBuffer.alloc(value);
  }
  return FastBuffer.from(value, encodingOrOffset, length);
}
for (const key of Reflect.ownKeys(FastBuffer)) {
  if (key !== 'prototype' && key !== 'name' && key !== 'length')
    Object.defineProperty(Buffer, key, Object.getOwnPropertyDescriptor(FastBuffer, key));
}
Buffer.prototype = FastBuffer.prototype;
Object.defineProperty(FastBuffer.prototype, 'constructor', { value: Buffer, writable: true, configurable: true });
Object.setPrototypeOf(Buffer, Uint8Array);
Buffer.poolSize = 8192;

function toBuffer(u8) {
  return new FastBuffer(u8.buffer, u8.byteOffset, u8.byteLength);
}
function bytesOf(value) {
  // Any body or data argument as a Uint8Array.
  if (typeof value === 'string') return utf8Encoder.encode(value);
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return utf8Encoder.encode(String(value));
}
function bufferOf(value) {
  // A standalone ArrayBuffer for the Rust side.
  const u8 = bytesOf(value);
  return u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength);
}
globalThis.atob = globalThis.atob || ((s) => decodeBytes(base64Decode(s), 'latin1'));
globalThis.btoa = globalThis.btoa || ((s) => base64Encode(encodeString(s, 'latin1'), false));

return {
  utf8Encoder,
  utf8Decoder,
  base64Encode,
  base64Decode,
  normalizeEncoding,
  encodeString,
  decodeBytes,
  Buffer,
  toBuffer,
  bytesOf,
  bufferOf,
  receivedText,
  shownNumber,
};
