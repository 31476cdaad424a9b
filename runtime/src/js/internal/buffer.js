// ---- internal/buffer.js: Buffer (node:buffer) and the byte helpers the other units use
// Node's argument checks, error codes and messages are kept throughout: a
// tool's own error handling (and its tests) read `code` and `message`.
// boa_runtime's own UTF-8 codec (moved to `host`): no need to run the text_codec unit.
const utf8Encoder = new host.TextEncoder();
const utf8Decoder = new host.TextDecoder();
// As Bun's `buffer.constants`.
const kMaxLength = 2 ** 32;
const kStringMaxLength = 2 ** 31 - 1;

const base64Encode = (bytes, url) => decodeBytes(bytes, url ? 'base64url' : 'base64');
// Both alphabets are read, whatever was asked; whitespace and other
// characters outside them are skipped, and padding ends the data, as in Node.
const base64Decode = (text) => encodeString(text, 'base64');

// The canonical name of an encoding Node knows (any letter case), or undefined.
function encodingOf(enc) {
  const e = `${enc}`;
  switch (e) {
    case 'utf8':
    case 'hex':
    case 'base64':
    case 'latin1':
    case 'ascii':
    case 'base64url':
    case 'utf16le':
      return e;
    case 'utf-8':
      return 'utf8';
    case 'ucs2':
    case 'ucs-2':
    case 'utf-16le':
      return 'utf16le';
    case 'binary':
      return 'latin1';
  }
  const lower = e.toLowerCase();
  return lower === e ? undefined : encodingOf(lower);
}

function coded(Ctor, code, message) {
  const error = new Ctor(message);
  error.code = code;
  return error;
}
const unknownEncoding = (enc) => coded(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${enc}`);

// A missing encoding is utf8; an unknown one throws ERR_UNKNOWN_ENCODING.
function normalizeEncoding(enc) {
  if (enc === undefined || enc === null || enc === '') return 'utf8';
  const known = encodingOf(enc);
  if (known === undefined) throw unknownEncoding(enc);
  return known;
}

// Node's words for a value an argument check refused.
function receivedText(value) {
  if (value === null || value === undefined) return `Received ${value}`;
  if (typeof value === 'function') return `Received function ${value.name}`;
  if (typeof value === 'object')
    return value.constructor?.name
      ? `Received an instance of ${value.constructor.name}`
      : `Received ${need('internal/inspect').inspect(value, { depth: -1 })}`;
  let shown =
    typeof value === 'string'
      ? value.includes("'")
        ? JSON.stringify(value)
        : `'${value}'`
      : typeof value === 'bigint'
        ? `${value}n`
        : Object.is(value, -0)
          ? '-0'
          : String(value);
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return `Received type ${typeof value} (${shown})`;
}
// A number in a range error, with Node's `_` separators past 2 ** 32.
const separated = (text) => text.replace(/\B(?=(\d{3})+(?!\d))/g, '_');
const shownNumber = (n) => {
  if (typeof n === 'bigint') return `${n > 2n ** 32n || n < -(2n ** 32n) ? separated(String(n)) : n}n`;
  if (typeof n === 'string') return `'${n}'`;
  if (Object.is(n, -0)) return '-0';
  return Number.isInteger(n) && Math.abs(n) > 2 ** 32 ? separated(String(n)) : String(n);
};

const PRIMITIVE_TYPES = ['string', 'function', 'number', 'object', 'boolean', 'bigint', 'symbol'];
function listed(words, lead) {
  if (words.length > 2) return `${lead}${words.slice(0, -1).join(', ')}, or ${words[words.length - 1]}`;
  return `${lead}${words.join(' or ')}`;
}
// ERR_INVALID_ARG_TYPE, its message built as Node builds it from the
// expected types (`'string'`), classes (`'Buffer'`) and other words.
function invalidArgType(name, expected, actual, wording) {
  const types = [];
  const instances = [];
  const other = [];
  for (const word of [].concat(expected)) {
    if (
      PRIMITIVE_TYPES.includes(word.toLowerCase()) &&
      (word === 'Object' || word === 'Function' || word === word.toLowerCase())
    )
      types.push(word.toLowerCase());
    else if (/^([A-Z][a-z0-9]*)+$/.test(word)) instances.push(word);
    else other.push(word);
  }
  if (instances.length > 0 && types.includes('object')) {
    types.splice(types.indexOf('object'), 1);
    instances.push('Object');
  }
  const parts = [];
  if (types.length > 0) parts.push(types.length === 1 ? `of type ${types[0]}` : listed(types, 'one of type '));
  if (instances.length > 0) parts.push(listed(instances, 'an instance of '));
  if (other.length > 0)
    parts.push(
      other.length === 1 ? `${other[0].toLowerCase() !== other[0] ? 'an ' : ''}${other[0]}` : listed(other, 'one of '),
    );
  const subject = name.endsWith(' argument') ? name : `"${name}" ${name.includes('.') ? 'property' : 'argument'}`;
  return coded(
    TypeError,
    'ERR_INVALID_ARG_TYPE',
    `The ${subject} must be ${wording || parts.join(' or ')}. ${receivedText(actual)}`,
  );
}
const outOfRange = (name, range, received) =>
  coded(
    RangeError,
    'ERR_OUT_OF_RANGE',
    `The value of "${name}" is out of range. It must be ${range}. Received ${shownNumber(received)}`,
  );
const outOfBounds = (name) =>
  coded(
    RangeError,
    'ERR_BUFFER_OUT_OF_BOUNDS',
    name ? `"${name}" is outside of buffer bounds` : 'Attempt to access memory outside buffer bounds',
  );

function validateNumber(value, name, min, max) {
  if (typeof value !== 'number') throw invalidArgType(name, 'number', value);
  if (
    (min !== undefined && value < min) ||
    (max !== undefined && value > max) ||
    ((min !== undefined || max !== undefined) && Number.isNaN(value))
  ) {
    const range = `${min !== undefined ? `>= ${min}` : ''}${min !== undefined && max !== undefined ? ' && ' : ''}${max !== undefined ? `<= ${max}` : ''}`;
    throw outOfRange(name, range, value);
  }
}
function validateInteger(value, name, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
  if (typeof value !== 'number') throw invalidArgType(name, 'number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}
// `joiner` is Bun's ' and ' where Bun words a range so (`buf.compare`'s ends).
function validateOffset(value, name, min = 0, max = kMaxLength, joiner = ' && ') {
  if (typeof value !== 'number') throw invalidArgType(name, 'number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min}${joiner}<= ${max}`, value);
}
// `Buffer.alloc`'s and its siblings' size: an integer from 0 to 4 GiB, as
// Bun's `buffer.constants.MAX_LENGTH`.
function checkSize(size) {
  validateNumber(size, 'size', 0, kMaxLength);
  return size;
}
const isUint8Array = (value) => value instanceof Uint8Array;
// By the internal slot the getters read, so that one from another realm counts.
const abLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
const sabLength =
  typeof SharedArrayBuffer === 'undefined'
    ? undefined
    : Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength').get;
function isAnyArrayBuffer(value) {
  if (typeof value !== 'object' || value === null) return false;
  for (const getter of [abLength, sabLength]) {
    if (getter === undefined) continue;
    try {
      getter.call(value);
      return true;
    } catch {}
  }
  return false;
}

// The codecs other than UTF-8 are native (ops/encoding.rs): in JS each
// costs a step per byte and a string copy per character.
function encodeString(text, enc) {
  const known = normalizeEncoding(enc);
  if (known === 'utf8') return utf8Encoder.encode(text);
  return new Uint8Array(host.encodeText(text, known));
}

function decodeBytes(bytes, enc) {
  const known = normalizeEncoding(enc);
  if (known === 'utf8') return utf8Decoder.decode(bytes);
  // A shared buffer's bytes are copied out first: the op reads ArrayBuffers.
  let view = ArrayBuffer.isView(bytes)
    ? byteView(bytes)
    : isAnyArrayBuffer(bytes)
      ? new Uint8Array(bytes)
      : Uint8Array.from(bytes);
  if (isSharedView(view)) view = view.slice();
  return host.decodeBytes(view.buffer, view.byteOffset, view.byteLength, known);
}
const isSharedView = (bytes) => typeof SharedArrayBuffer !== 'undefined' && bytes.buffer instanceof SharedArrayBuffer;
const HEX = Array.from({ length: 256 }, (_, b) => (b < 16 ? '0' : '') + b.toString(16));

// The bytes of `text` that fit in `room`, as Node writes them: whole
// characters only, and hex up to its first bad pair.
function bytesToWrite(text, enc, room) {
  const bytes = encodeString(text, enc);
  if (bytes.length <= room) return bytes;
  let n = room;
  if (enc === 'utf8') while (n > 0 && (bytes[n] & 0xc0) === 0x80) n--;
  else if (enc === 'utf16le') n -= n % 2;
  return bytes.subarray(0, n);
}
function writeEncoded(buffer, text, offset, length, enc) {
  const bytes = bytesToWrite(text, enc, Math.min(length, buffer.length - offset));
  Uint8Array.prototype.set.call(buffer, bytes, offset);
  return bytes.length;
}

// A value the way Node's `buf.toString` reads `start` and `end`.
const toIndex = (n) => Math.trunc(n) || 0;

class FastBuffer extends Uint8Array {
  static from(value, encodingOrOffset, length) {
    if (typeof value === 'string') return fromString(value, encodingOrOffset);
    if (typeof value === 'object' && value !== null) {
      if (isAnyArrayBuffer(value)) return fromArrayBuffer(value, encodingOrOffset, length);
      const primitive = typeof value.valueOf === 'function' ? value.valueOf() : undefined;
      if (
        primitive !== null &&
        primitive !== undefined &&
        primitive !== value &&
        (typeof primitive === 'string' || typeof primitive === 'object')
      )
        return FastBuffer.from(primitive, encodingOrOffset, length);
      if (value.length !== undefined || isAnyArrayBuffer(value.buffer)) {
        if (typeof value.length !== 'number') return new FastBuffer(0);
        return fromArrayLike(value);
      }
      if (value.type === 'Buffer' && Array.isArray(value.data)) return fromArrayLike(value.data);
      if (typeof value[Symbol.toPrimitive] === 'function') {
        const text = value[Symbol.toPrimitive]('string');
        if (typeof text === 'string') return fromString(text, encodingOrOffset);
      }
    }
    throw invalidArgType('first argument', ['string', 'Buffer', 'ArrayBuffer', 'Array', 'Array-like Object'], value);
  }
  static of(...items) {
    return fromArrayLike(items);
  }
  static copyBytesFrom(view, offset, length) {
    if (!ArrayBuffer.isView(view) || view instanceof DataView)
      throw invalidArgType('view', ['TypedArray'], view, 'of type TypedArray');
    const width = view.BYTES_PER_ELEMENT;
    let start = 0;
    let end = view.length;
    if (offset !== undefined || length !== undefined) {
      if (offset !== undefined) {
        validateInteger(offset, 'offset', 0);
        if (offset >= view.length) return new FastBuffer(0);
        start = offset;
      }
      if (length !== undefined) {
        validateInteger(length, 'length', 0);
        end = Math.min(start + length, view.length);
      }
      if (end <= start) return new FastBuffer(0);
    }
    const bytes = new Uint8Array(view.buffer, view.byteOffset + start * width, (end - start) * width);
    return toBuffer(bytes.slice());
  }
  static alloc(size, fill, encoding) {
    checkSize(size);
    const buffer = new FastBuffer(size);
    if (fill !== undefined && fill !== 0 && size > 0) fillBuffer(buffer, fill, 0, buffer.length, encoding);
    return buffer;
  }
  static allocUnsafe(size) {
    return new FastBuffer(checkSize(size));
  }
  static allocUnsafeSlow(size) {
    return new FastBuffer(checkSize(size));
  }
  static isBuffer(v) {
    return v instanceof FastBuffer;
  }
  static isEncoding(e) {
    return typeof e === 'string' && e.length !== 0 && encodingOf(e) !== undefined;
  }
  static byteLength(string, encoding) {
    if (typeof string !== 'string') {
      if (ArrayBuffer.isView(string)) return string.byteLength;
      if (isAnyArrayBuffer(string)) return string.byteLength;
      throw invalidArgType('string', ['string', 'Buffer', 'ArrayBuffer'], string);
    }
    const len = string.length;
    if (len === 0) return 0;
    // An unknown encoding counts as utf8, as in Node.
    switch (encoding ? encodingOf(encoding) : 'utf8') {
      case 'ascii':
      case 'latin1':
        return len;
      case 'utf16le':
        return len * 2;
      case 'hex':
        return len >>> 1;
      case 'base64':
      case 'base64url': {
        let n = len;
        if (string.charCodeAt(n - 1) === 61) n--;
        if (n > 1 && string.charCodeAt(n - 1) === 61) n--;
        return (n * 3) >>> 2;
      }
      default:
        return utf8Length(string);
    }
  }
  static concat(list, length) {
    if (!Array.isArray(list)) throw invalidArgType('list', 'Array', list);
    if (list.length === 0) return new FastBuffer(0);
    if (length === undefined) {
      length = 0;
      for (const part of list) if (part.length) length += part.length;
    } else validateOffset(length, 'length');
    const out = new FastBuffer(length);
    let pos = 0;
    for (let i = 0; i < list.length; i++) {
      const part = list[i];
      if (!isUint8Array(part)) throw invalidArgType(`list[${i}]`, ['Buffer', 'Uint8Array'], part);
      pos += copyBytes(part, out, pos, 0, part.length);
    }
    return out;
  }
  static compare(a, b) {
    if (!isUint8Array(a)) throw invalidArgType('buf1', ['Buffer', 'Uint8Array'], a);
    if (!isUint8Array(b)) throw invalidArgType('buf2', ['Buffer', 'Uint8Array'], b);
    return compareBytes(a, 0, a.length, b, 0, b.length);
  }
  get parent() {
    return this instanceof FastBuffer ? this.buffer : undefined;
  }
  get offset() {
    return this instanceof FastBuffer ? this.byteOffset : undefined;
  }
  toString(...args) {
    if (args.length === 0) return utf8Decoder.decode(this);
    let [encoding, start, end] = args;
    const len = this.length;
    if (start <= 0) start = 0;
    else if (start >= len) return '';
    else start = toIndex(start);
    if (end === undefined || end > len) end = len;
    else end = toIndex(end);
    if (end <= start) return '';
    const enc = encoding === undefined ? 'utf8' : encodingOf(encoding);
    if (enc === undefined) throw unknownEncoding(encoding);
    return decodeBytes(Uint8Array.prototype.subarray.call(this, start, end), enc);
  }
  toLocaleString(...args) {
    return this.toString(...args);
  }
  toJSON() {
    return { type: 'Buffer', data: Array.from(this) };
  }
  equals(other) {
    if (!isUint8Array(other)) throw invalidArgType('otherBuffer', ['Buffer', 'Uint8Array'], other);
    if (this === other) return true;
    if (this.byteLength !== other.byteLength) return false;
    return compareBytes(this, 0, this.length, other, 0, other.length) === 0;
  }
  compare(target, ...range) {
    if (!isUint8Array(target)) throw invalidArgType('target', ['Buffer', 'Uint8Array'], target);
    if (range.length === 0) return compareBytes(this, 0, this.length, target, 0, target.length);
    let [targetStart, targetEnd, sourceStart, sourceEnd] = range;
    if (targetStart === undefined) targetStart = 0;
    else validateOffset(targetStart, 'targetStart');
    if (targetEnd === undefined) targetEnd = target.length;
    else validateOffset(targetEnd, 'targetEnd', 0, target.length, ' and ');
    if (sourceStart === undefined) sourceStart = 0;
    else validateOffset(sourceStart, 'sourceStart');
    if (sourceEnd === undefined) sourceEnd = this.length;
    else validateOffset(sourceEnd, 'sourceEnd', 0, this.length, ' and ');
    if (sourceStart >= sourceEnd) return targetStart >= targetEnd ? 0 : -1;
    if (targetStart >= targetEnd) return 1;
    if (sourceStart > this.length) throw outOfRange('sourceStart', `<= ${this.length}`, sourceStart);
    if (targetStart > target.length) throw outOfRange('targetStart', `<= ${target.length}`, targetStart);
    return compareBytes(this, sourceStart, sourceEnd, target, targetStart, targetEnd);
  }
  slice(start, end) {
    return this.subarray(start, end);
  }
  subarray(start, end) {
    const u = Uint8Array.prototype.subarray.call(this, start, end);
    return new FastBuffer(u.buffer, u.byteOffset, u.length);
  }
  write(string, offset, length, encoding) {
    if (typeof string !== 'string') throw invalidArgType('string', 'string', string);
    if (offset === undefined) return writeEncoded(this, string, 0, this.length, 'utf8');
    if (length === undefined && typeof offset === 'string') {
      encoding = offset;
      length = this.length;
      offset = 0;
    } else {
      validateOffset(offset, 'offset', 0, this.length);
      const remaining = this.length - offset;
      if (length === undefined) length = remaining;
      else if (typeof length === 'string') {
        encoding = length;
        length = remaining;
      } else {
        validateOffset(length, 'length', 0, this.length);
        if (length > remaining) length = remaining;
      }
    }
    if (!encoding) return writeEncoded(this, string, offset, length, 'utf8');
    const enc = encodingOf(encoding);
    if (enc === undefined) throw unknownEncoding(encoding);
    return writeEncoded(this, string, offset, length, enc);
  }
  copy(target, targetStart, sourceStart, sourceEnd) {
    return copyChecked(this, target, targetStart, sourceStart, sourceEnd);
  }
  fill(value, offset, end, encoding) {
    return fillBuffer(this, value, offset, end, encoding);
  }
}

function utf8Length(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

function fromString(text, encoding) {
  let enc = 'utf8';
  if (typeof encoding === 'string' && encoding.length !== 0) {
    enc = encodingOf(encoding);
    if (enc === undefined) throw unknownEncoding(encoding);
  }
  if (text.length === 0) return new FastBuffer(0);
  return toBuffer(encodeString(text, enc));
}
function fromArrayBuffer(buffer, byteOffset, length) {
  if (byteOffset === undefined) byteOffset = 0;
  else {
    byteOffset = +byteOffset;
    if (Number.isNaN(byteOffset)) byteOffset = 0;
  }
  const maxLength = buffer.byteLength - byteOffset;
  if (maxLength < 0) throw outOfBounds('offset');
  // Without a length the view follows a resizable buffer's size, as in Node.
  if (length === undefined) return new FastBuffer(buffer, byteOffset);
  length = +length;
  if (length > 0) {
    if (length > maxLength) throw outOfBounds('length');
  } else length = 0;
  return new FastBuffer(buffer, byteOffset, length);
}
function fromArrayLike(items) {
  if (items.length <= 0) return new FastBuffer(0);
  const out = new FastBuffer(items.length);
  Uint8Array.prototype.set.call(out, items, 0);
  return out;
}

// -1, 0 or 1 for a[aStart..aEnd) against b[bStart..bEnd).
function compareBytes(a, aStart, aEnd, b, bStart, bEnd) {
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    const native = host.bytesCompare(a, aStart, aEnd, b, bStart, bEnd);
    if (native !== undefined) return native;
  }
  const aLen = Math.max(0, Math.min(aEnd, a.length) - aStart);
  const bLen = Math.max(0, Math.min(bEnd, b.length) - bStart);
  const n = Math.min(aLen, bLen);
  for (let i = 0; i < n; i++) {
    const x = a[aStart + i];
    const y = b[bStart + i];
    if (x !== y) return x < y ? -1 : 1;
  }
  return aLen === bLen ? 0 : aLen < bLen ? -1 : 1;
}

const byteView = (view) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
// An integer as Node's `copy` reads one: a fraction floors, anything else is `fallback`.
function integerOr(n, fallback) {
  if (Number.isInteger(n)) return n;
  n = +n;
  if (!Number.isNaN(n) && n >= Number.MIN_SAFE_INTEGER && n <= Number.MAX_SAFE_INTEGER) return Math.floor(n);
  return fallback;
}
function copyChecked(source, target, targetStart, sourceStart, sourceEnd) {
  if (!ArrayBuffer.isView(source)) throw invalidArgType('source', ['Buffer', 'Uint8Array'], source);
  if (!ArrayBuffer.isView(target)) throw invalidArgType('target', ['Buffer', 'Uint8Array'], target);
  if (targetStart === undefined) targetStart = 0;
  else {
    targetStart = integerOr(targetStart, 0);
    if (targetStart < 0) throw outOfRange('targetStart', '>= 0', targetStart);
  }
  if (sourceStart === undefined) sourceStart = 0;
  else {
    sourceStart = integerOr(sourceStart, 0);
    if (sourceStart < 0 || sourceStart > source.byteLength)
      throw outOfRange('sourceStart', `>= 0 && <= ${source.byteLength}`, sourceStart);
  }
  if (sourceEnd === undefined) sourceEnd = source.byteLength;
  else {
    sourceEnd = integerOr(sourceEnd, 0);
    if (sourceEnd < 0) throw outOfRange('sourceEnd', '>= 0', sourceEnd);
  }
  if (targetStart >= target.byteLength || sourceStart >= sourceEnd) return 0;
  return copyBytes(source, target, targetStart, sourceStart, sourceEnd);
}
function copyBytes(source, target, targetStart, sourceStart, sourceEnd) {
  if (sourceEnd - sourceStart > target.byteLength - targetStart)
    sourceEnd = sourceStart + target.byteLength - targetStart;
  let n = sourceEnd - sourceStart;
  if (n > source.byteLength - sourceStart) n = source.byteLength - sourceStart;
  if (n <= 0) return 0;
  const from = byteView(source);
  // `set` copies as if through a temporary, so overlapping ranges are safe.
  byteView(target).set(from.subarray(sourceStart, sourceStart + n), targetStart);
  return n;
}

function fillBuffer(buffer, value, offset, end, encoding) {
  let enc;
  if (typeof value === 'string') {
    if (offset === undefined || typeof offset === 'string') {
      encoding = offset;
      offset = 0;
      end = buffer.length;
    } else if (typeof end === 'string') {
      encoding = end;
      end = buffer.length;
    }
    enc = encoding === undefined || encoding === null || encoding === '' ? 'utf8' : encodingOf(encoding);
    if (enc === undefined) {
      if (typeof encoding !== 'string') throw invalidArgType('encoding', 'string', encoding);
      throw unknownEncoding(encoding);
    }
    if (value.length === 0) value = 0;
    else if (value.length === 1) {
      const code = value.charCodeAt(0);
      if ((enc === 'utf8' && code < 128) || enc === 'latin1') value = code;
    }
  }
  if (offset === undefined) {
    offset = 0;
    end = buffer.length;
  } else {
    validateOffset(offset, 'offset');
    if (end === undefined) end = buffer.length;
    else validateOffset(end, 'end', 0, buffer.length);
    if (offset >= end) return buffer;
  }
  if (typeof value === 'number') {
    if (end - offset + offset > buffer.byteLength) throw outOfBounds();
    Uint8Array.prototype.fill.call(buffer, value, offset, end);
    return buffer;
  }
  let pattern;
  if (typeof value === 'string') pattern = encodeString(value, enc);
  else if (ArrayBuffer.isView(value)) pattern = byteView(value);
  else {
    Uint8Array.prototype.fill.call(buffer, Number(value) & 255, offset, end);
    return buffer;
  }
  if (pattern.length === 0)
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_VALUE',
      `The argument 'value' is invalid. ${receivedText(value).replace(/^Received type \w+ \((.*)\)$/, 'Received $1')}`,
    );
  if (end > buffer.length) throw outOfBounds();
  // A copy first: the pattern may be a view of the very bytes being filled.
  pattern = pattern.slice();
  let at = offset;
  const first = Math.min(pattern.length, end - at);
  Uint8Array.prototype.set.call(buffer, pattern.subarray(0, first), at);
  at += first;
  // Doubling copies of what is already filled.
  while (at < end) {
    const n = Math.min(at - offset, end - at);
    Uint8Array.prototype.copyWithin.call(buffer, at, offset, offset + n);
    at += n;
  }
  return buffer;
}

// Node's `indexOf`/`lastIndexOf` start position for a needle of `needleLength`.
function startOf(length, offset, needleLength, forward) {
  if (offset < 0) {
    if (offset + length >= 0) return length + offset;
    if (forward || needleLength === 0) return 0;
    return -1;
  }
  if (offset + needleLength <= length) return offset;
  if (needleLength === 0) return length;
  if (forward) return -1;
  return length - 1;
}
function searchBytes(buffer, value, byteOffset, encoding, forward) {
  if (!ArrayBuffer.isView(buffer)) throw invalidArgType('buffer', ['Buffer', 'TypedArray', 'DataView'], buffer);
  if (typeof byteOffset === 'string') {
    encoding = byteOffset;
    byteOffset = undefined;
  } else if (byteOffset > 0x7fffffff) byteOffset = 0x7fffffff;
  else if (byteOffset < -0x80000000) byteOffset = -0x80000000;
  byteOffset = +byteOffset;
  if (Number.isNaN(byteOffset)) byteOffset = forward ? 0 : buffer.length;
  byteOffset = Math.trunc(byteOffset);
  const length = buffer.length;
  if (typeof value === 'number') {
    const start = startOf(length, byteOffset, 1, forward);
    if (start <= -1 || length === 0) return -1;
    const needle = (value >>> 0) & 255;
    if (forward) return Uint8Array.prototype.indexOf.call(buffer, needle, start);
    return Uint8Array.prototype.lastIndexOf.call(buffer, needle, start);
  }
  const enc = encoding === undefined ? 'utf8' : encodingOf(encoding);
  let needle;
  if (typeof value === 'string') {
    if (enc === undefined) throw unknownEncoding(encoding);
    needle = encodeString(value, enc);
  } else if (isUint8Array(value)) needle = value;
  else throw invalidArgType('value', ['number', 'string', 'Buffer', 'Uint8Array'], value);
  const start = startOf(length, byteOffset, needle.length, forward);
  if (needle.length === 0) return start;
  if (length === 0 || start <= -1) return -1;
  // UTF-16 is searched by whole code units, at even positions.
  const step = enc === 'utf16le' ? 2 : 1;
  if (step === 2 && (length < 2 || needle.length < 2)) return -1;
  const aligned = step === 2 ? start - (start % 2) : start;
  const native = host.bytesIndexOf(buffer, needle, aligned, forward, step);
  if (native !== undefined) return native;
  const first = needle[0];
  const last = length - needle.length;
  let i = aligned;
  if (!forward && i > last) i = step === 2 ? last - (last % 2) : last;
  for (; forward ? i <= last : i >= 0; i += forward ? step : -step) {
    if (buffer[i] !== first) continue;
    let j = 1;
    while (j < needle.length && buffer[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

// Node's fixed-width number readers and writers (`readInt16LE`,
// `writeBigUInt64BE`, …), with Node's argument and range errors.
function boundsError(value, length, type) {
  if (Math.floor(value) !== value) {
    validateNumber(value, type || 'offset');
    throw outOfRange(type || 'offset', 'an integer', value);
  }
  if (length < 0) throw outOfBounds();
  throw outOfRange(type || 'offset', `>= ${type ? 1 : 0} and <= ${length}`, value);
}
function checkBounds(buffer, offset, size) {
  validateNumber(offset, 'offset');
  if (buffer[offset] === undefined || buffer[offset + size - 1] === undefined)
    boundsError(offset, buffer.length - size);
}
function checkValue(value, min, max, size) {
  if (value > max || value < min) {
    const n = typeof min === 'bigint' ? 'n' : '';
    let range;
    if (size > 4) {
      if (min === 0 || min === 0n) range = `>= 0${n} and < 2${n} ** ${size * 8}${n}`;
      else range = `>= -(2${n} ** ${size * 8 - 1}${n}) and < 2${n} ** ${size * 8 - 1}${n}`;
    } else range = `>= ${min}${n} and <= ${max}${n}`;
    throw outOfRange('value', range, value);
  }
}
// A scratch cell per float width, for the bytes of a float (the platform is
// little-endian).
const f32 = new Float32Array(1);
const f32Bytes = new Uint8Array(f32.buffer);
const f64 = new Float64Array(1);
const f64Bytes = new Uint8Array(f64.buffer);
const big = new BigUint64Array(1);
const bigSigned = new BigInt64Array(big.buffer);
const bigBytes = new Uint8Array(big.buffer);

function readUnsigned(buffer, offset, size, little) {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + buffer[offset + (little ? size - 1 - i : i)];
  return value;
}
function writeUnsigned(buffer, value, offset, size, little) {
  let rest = value;
  for (let i = 0; i < size; i++) {
    buffer[offset + (little ? i : size - 1 - i)] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}
function readCell(buffer, offset, bytes, little) {
  const size = bytes.length;
  for (let i = 0; i < size; i++) bytes[i] = buffer[offset + (little ? i : size - 1 - i)];
}
function writeCell(buffer, offset, bytes, little) {
  const size = bytes.length;
  for (let i = 0; i < size; i++) buffer[offset + (little ? i : size - 1 - i)] = bytes[i];
}

function intReader(size, signed, little) {
  const limit = 2 ** (8 * size);
  return function (offset = 0) {
    checkBounds(this, offset, size);
    const value = readUnsigned(this, offset, size, little);
    return signed && value >= limit / 2 ? value - limit : value;
  };
}
function intWrite(buffer, value, offset, size, signed, little) {
  const limit = 2 ** (8 * size);
  const [min, max] = signed ? [-(limit / 2), limit / 2 - 1] : [0, limit - 1];
  value = +value;
  if (size === 1) {
    validateNumber(offset, 'offset');
    checkValue(value, min, max, size);
    if (buffer[offset] === undefined) boundsError(offset, buffer.length - 1);
  } else {
    checkValue(value, min, max, size);
    checkBounds(buffer, offset, size);
  }
  // A fraction truncates and NaN writes 0, as a typed array stores them.
  let n = Math.trunc(value) || 0;
  if (n < 0) n += limit;
  writeUnsigned(buffer, n, offset, size, little);
  return offset + size;
}
function intWriter(size, signed, little) {
  return function (value, offset = 0) {
    return intWrite(this, value, offset, size, signed, little);
  };
}
function floatReader(bytes, cell, little) {
  return function (offset = 0) {
    checkBounds(this, offset, bytes.length);
    readCell(this, offset, bytes, little);
    return cell[0];
  };
}
function floatWriter(bytes, cell, little) {
  return function (value, offset = 0) {
    value = +value;
    checkBounds(this, offset, bytes.length);
    cell[0] = value;
    writeCell(this, offset, bytes, little);
    return offset + bytes.length;
  };
}
function bigReader(cell, little) {
  return function (offset = 0) {
    checkBounds(this, offset, 8);
    readCell(this, offset, bigBytes, little);
    return cell[0];
  };
}
function bigWriter(signed, little) {
  const [min, max] = signed ? [-(2n ** 63n), 2n ** 63n - 1n] : [0n, 2n ** 64n - 1n];
  return function (value, offset = 0) {
    if (typeof value !== 'bigint') throw invalidArgType('value', 'bigint', value);
    checkValue(value, min, max, 8);
    checkBounds(this, offset, 8);
    (signed ? bigSigned : big)[0] = value;
    writeCell(this, offset, bigBytes, little);
    return offset + 8;
  };
}

const proto = FastBuffer.prototype;
// Plain functions, as Node's are (`new buf.indexOf()` reaches the argument check).
proto.indexOf = function indexOf(value, byteOffset, encoding) {
  return searchBytes(this, value, byteOffset, encoding, true);
};
proto.lastIndexOf = function lastIndexOf(value, byteOffset, encoding) {
  return searchBytes(this, value, byteOffset, encoding, false);
};
proto.includes = function includes(value, byteOffset, encoding) {
  return searchBytes(this, value, byteOffset, encoding, true) !== -1;
};
const ORDERS = [
  ['LE', true],
  ['BE', false],
];
proto.readUInt8 = proto.readUint8 = intReader(1, false, false);
proto.readInt8 = intReader(1, true, false);
proto.writeUInt8 = proto.writeUint8 = intWriter(1, false, false);
proto.writeInt8 = intWriter(1, true, false);
for (const [order, little] of ORDERS) {
  for (const size of [2, 4]) {
    proto[`readUInt${size * 8}${order}`] = proto[`readUint${size * 8}${order}`] = intReader(size, false, little);
    proto[`readInt${size * 8}${order}`] = intReader(size, true, little);
    proto[`writeUInt${size * 8}${order}`] = proto[`writeUint${size * 8}${order}`] = intWriter(size, false, little);
    proto[`writeInt${size * 8}${order}`] = intWriter(size, true, little);
  }
  proto[`readFloat${order}`] = floatReader(f32Bytes, f32, little);
  proto[`readDouble${order}`] = floatReader(f64Bytes, f64, little);
  proto[`writeFloat${order}`] = floatWriter(f32Bytes, f32, little);
  proto[`writeDouble${order}`] = floatWriter(f64Bytes, f64, little);
  proto[`readBigUInt64${order}`] = proto[`readBigUint64${order}`] = bigReader(big, little);
  proto[`readBigInt64${order}`] = bigReader(bigSigned, little);
  proto[`writeBigUInt64${order}`] = proto[`writeBigUint64${order}`] = bigWriter(false, little);
  proto[`writeBigInt64${order}`] = bigWriter(true, little);

  // The variable widths (`readUIntBE(offset, byteLength)`, 1 to 6 bytes).
  for (const [kind, signed] of [
    ['Int', true],
    ['UInt', false],
  ]) {
    const readers = [1, 2, 3, 4, 5, 6].map((size) => intReader(size, signed, little));
    const read = function (offset, byteLength) {
      if (offset === undefined) throw invalidArgType('offset', 'number', offset);
      if (byteLength >= 1 && byteLength <= 6 && Number.isInteger(byteLength))
        return readers[byteLength - 1].call(this, offset);
      return boundsError(byteLength, 6, 'byteLength');
    };
    const write = function (value, offset, byteLength) {
      if (byteLength >= 1 && byteLength <= 6 && Number.isInteger(byteLength))
        return intWrite(this, value, offset, byteLength, signed, little);
      return boundsError(byteLength, 6, 'byteLength');
    };
    for (const alias of kind === 'UInt' ? ['UInt', 'Uint'] : ['Int']) {
      proto[`read${alias}${order}`] = read;
      proto[`write${alias}${order}`] = write;
    }
  }
}

// The per-encoding slices and writes (`latin1Slice`, `hexWrite`, …), with
// the bounds checks of Node's.
for (const [name, enc] of [
  ['ascii', 'ascii'],
  ['base64', 'base64'],
  ['base64url', 'base64url'],
  ['hex', 'hex'],
  ['latin1', 'latin1'],
  ['ucs2', 'utf16le'],
  ['utf16le', 'utf16le'],
  ['utf8', 'utf8'],
]) {
  proto[`${name}Slice`] = function (start = 0, end = this.length) {
    if (start < 0 || end > this.length || start > end)
      throw coded(RangeError, 'ERR_OUT_OF_RANGE', 'Index out of range');
    return decodeBytes(Uint8Array.prototype.subarray.call(this, start, end), enc);
  };
  proto[`${name}Write`] = function (string, offset = 0, length = this.length - offset) {
    if (offset < 0 || offset > this.length) throw outOfBounds('offset');
    if (length < 0 || length > this.length - offset) throw outOfBounds('length');
    return writeEncoded(this, String(string), offset, length, enc);
  };
}

// `swap16`/`swap32`/`swap64`: byte order reversed in place, per unit.
for (const size of [2, 4, 8]) {
  proto[`swap${size * 8}`] = function () {
    if (this.length % size !== 0)
      throw coded(RangeError, 'ERR_INVALID_BUFFER_SIZE', `Buffer size must be a multiple of ${size * 8}-bits`);
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

// How many bytes `util.inspect` shows of a buffer (node:buffer's
// `INSPECT_MAX_BYTES`).
const inspectState = { maxBytes: 50 };
function setInspectMaxBytes(value) {
  validateNumber(value, 'INSPECT_MAX_BYTES', 0);
  inspectState.maxBytes = value;
}

// `util.inspect(buffer)`: `<Buffer 01 02 … N more bytes>`, with its own
// enumerable non-index properties after the bytes.
function inspectBuffer() {
  const shown = Math.min(inspectState.maxBytes, this.length);
  const hex = [];
  for (let i = 0; i < shown; i++) hex.push(HEX[this[i]]);
  let text = hex.join(' ');
  const remaining = this.length - inspectState.maxBytes;
  if (remaining > 0) text += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
  const extras = Object.keys(this).filter((key) => !/^\d+$/.test(key));
  if (extras.length > 0) {
    const { inspect } = need('internal/inspect');
    if (this.length !== 0) text += ', ';
    text += extras
      .map((key) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`}: ${inspect(this[key])}`)
      .join(', ');
  }
  return `<${this.constructor.name} ${text}>`;
}
proto.inspect = inspectBuffer;
proto[Symbol.for('nodejs.util.inspect.custom')] = inspectBuffer;

// `Buffer` is a function, as in Node: `Buffer(n)` and `Buffer(string)` (the
// deprecated forms older packages still call) work with or without `new`,
// and every buffer is a `FastBuffer`, whose prototype `Buffer.prototype` is.
function Buffer(value, encodingOrOffset, length) {
  if (typeof value === 'number') {
    if (typeof encodingOrOffset === 'string') throw invalidArgType('string', 'string', value);
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

// node:buffer's `SlowBuffer(size)`: a Buffer of `size` bytes, with or
// without `new` (Bun gives no deprecation warning, and neither does this).
function SlowBuffer(size) {
  return FastBuffer.allocUnsafeSlow(size);
}
Object.setPrototypeOf(SlowBuffer.prototype, Uint8Array.prototype);
Object.setPrototypeOf(SlowBuffer, Uint8Array);

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
  encodingOf,
  encodeString,
  decodeBytes,
  Buffer,
  SlowBuffer,
  toBuffer,
  bytesOf,
  bufferOf,
  receivedText,
  shownNumber,
  invalidArgType,
  kMaxLength,
  kStringMaxLength,
  inspectState,
  setInspectMaxBytes,
};
