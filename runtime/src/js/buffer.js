// ---- buffer.js: Buffer (node:buffer) and the byte helpers the other units use
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();
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
  throw new TypeError(`Unknown encoding: ${enc}`);
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

class Buffer extends Uint8Array {
  static from(value, encodingOrOffset, length) {
    if (typeof value === 'string') return toBuffer(encodeString(value, encodingOrOffset));
    if (value instanceof ArrayBuffer)
      return new Buffer(
        value,
        encodingOrOffset || 0,
        length === undefined ? value.byteLength - (encodingOrOffset || 0) : length,
      );
    if (ArrayBuffer.isView(value))
      return toBuffer(new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice());
    if (Array.isArray(value)) return toBuffer(Uint8Array.from(value));
    if (value && value.type === 'Buffer' && Array.isArray(value.data)) return toBuffer(Uint8Array.from(value.data));
    if (value && typeof value.length === 'number') return toBuffer(Uint8Array.from(value));
    throw new TypeError('The first argument must be a string, Buffer, ArrayBuffer, Array, or array-like object.');
  }
  static alloc(size, fill, encoding) {
    const b = new Buffer(size);
    if (fill !== undefined) b.fill(typeof fill === 'string' ? encodeString(fill, encoding)[0] || 0 : fill);
    return b;
  }
  static allocUnsafe(size) {
    return new Buffer(size);
  }
  static allocUnsafeSlow(size) {
    return new Buffer(size);
  }
  static isBuffer(v) {
    return v instanceof Buffer;
  }
  static isEncoding(e) {
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
    const out = new Buffer(length);
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
    return new Buffer(u.buffer, u.byteOffset, u.length);
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
  readUInt8(o = 0) {
    return this[o];
  }
  readUInt16LE(o = 0) {
    return this[o] | (this[o + 1] << 8);
  }
  readUInt16BE(o = 0) {
    return (this[o] << 8) | this[o + 1];
  }
  readUInt32LE(o = 0) {
    return new DataView(this.buffer, this.byteOffset).getUint32(o, true);
  }
  readUInt32BE(o = 0) {
    return new DataView(this.buffer, this.byteOffset).getUint32(o, false);
  }
  readInt32LE(o = 0) {
    return new DataView(this.buffer, this.byteOffset).getInt32(o, true);
  }
  writeUInt8(v, o = 0) {
    this[o] = v;
    return o + 1;
  }
  writeUInt32BE(v, o = 0) {
    new DataView(this.buffer, this.byteOffset).setUint32(o, v, false);
    return o + 4;
  }
  writeUInt32LE(v, o = 0) {
    new DataView(this.buffer, this.byteOffset).setUint32(o, v, true);
    return o + 4;
  }
}
function toBuffer(u8) {
  return new Buffer(u8.buffer, u8.byteOffset, u8.byteLength);
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
};
