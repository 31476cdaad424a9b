// ---- web/encoding.js: TextEncoder, TextDecoder and structuredClone -----------
// boa_runtime's classes (moved to `host` at start) do UTF-8 only, without
// `stream`, `fatal` or `encodeInto`; these complete them as the Encoding
// Standard and Bun define them. UTF-8 still goes through the native decoder.
const { DOMException } = need('web/dom');
const nativeEncoder = new host.TextEncoder();
const nativeDecoder = new host.TextDecoder();
const nativeClone = host.structuredClone;

function codedError(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  return error;
}

class TextEncoder {
  get encoding() {
    return 'utf-8';
  }
  encode(input = '') {
    return nativeEncoder.encode(String(input));
  }
  // Writes whole characters while they fit; `read` counts UTF-16 units.
  encodeInto(source, destination) {
    const text = String(source);
    let read = 0;
    let written = 0;
    for (const char of text) {
      const point = char.codePointAt(0);
      const size = point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
      if (written + size > destination.length) break;
      destination.set(nativeEncoder.encode(char), written);
      written += size;
      read += char.length;
    }
    return { read, written };
  }
}

// Labels of the Encoding Standard this runtime decodes, by canonical name.
const LABELS = {
  'utf-8': ['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'utf-8', 'utf8', 'x-unicode20utf8'],
  'windows-1252': [
    'ansi_x3.4-1968',
    'ascii',
    'cp1252',
    'cp819',
    'csisolatin1',
    'ibm819',
    'iso-8859-1',
    'iso-ir-100',
    'iso8859-1',
    'iso88591',
    'iso_8859-1',
    'iso_8859-1:1987',
    'l1',
    'latin1',
    'us-ascii',
    'windows-1252',
    'x-cp1252',
  ],
  'utf-16le': ['csunicode', 'iso-10646-ucs-2', 'ucs-2', 'unicode', 'unicodefeff', 'utf-16', 'utf-16le'],
  'utf-16be': ['unicodefffe', 'utf-16be'],
};
function canonical(label) {
  const wanted = String(label).trim().toLowerCase();
  for (const [name, labels] of Object.entries(LABELS)) if (labels.includes(wanted)) return name;
  throw codedError(RangeError, 'ERR_ENCODING_NOT_SUPPORTED', `Unsupported encoding label "${label}"`);
}

// windows-1252's bytes 0x80–0x9F; the five it leaves undefined map to C1 controls.
const CP1252 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function utf8Length(byte) {
  if (byte < 0x80) return 1;
  if (byte >= 0xc2 && byte <= 0xdf) return 2;
  if (byte >= 0xe0 && byte <= 0xef) return 3;
  if (byte >= 0xf0 && byte <= 0xf4) return 4;
  return 0;
}

// How many bytes at the end of `bytes` begin a UTF-8 character not yet complete.
function unfinishedUtf8(bytes) {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back];
    if (byte >= 0x80 && byte < 0xc0) continue;
    return utf8Length(byte) > back ? back : 0;
  }
  return 0;
}

function validUtf8(bytes) {
  for (let i = 0; i < bytes.length; ) {
    const size = utf8Length(bytes[i]);
    if (size === 0 || i + size > bytes.length) return false;
    for (let k = 1; k < size; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return false;
    const second = bytes[i + 1];
    if (size === 3 && ((bytes[i] === 0xe0 && second < 0xa0) || (bytes[i] === 0xed && second > 0x9f))) return false;
    if (size === 4 && ((bytes[i] === 0xf0 && second < 0x90) || (bytes[i] === 0xf4 && second > 0x8f))) return false;
    i += size;
  }
  return true;
}

function bytesOfInput(input) {
  if (input === undefined) return new Uint8Array(0);
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw codedError(
    TypeError,
    'ERR_INVALID_ARG_TYPE',
    'The "input" argument must be an instance of ArrayBuffer or ArrayBufferView.',
  );
}

// Bytes as text in one native pass (a JS loop adding a character at a time
// copies the whole string each time: seconds for a megabyte); undefined
// for a view of a SharedArrayBuffer, which the loops below read instead.
function nativeText(bytes, encoding) {
  if (!(bytes.buffer instanceof ArrayBuffer)) return undefined;
  return host.decodeBytes(bytes.buffer, bytes.byteOffset, bytes.byteLength, encoding);
}
// windows-1252's 0x80-0x9f, which latin1 reads as C1 controls.
const C1 = new RegExp(`[${String.fromCharCode(0x80)}-${String.fromCharCode(0x9f)}]`, 'g');

class TextDecoder {
  constructor(label = 'utf-8', options = {}) {
    this._encoding = canonical(label);
    this._fatal = !!(options && options.fatal);
    this._ignoreBOM = !!(options && options.ignoreBOM);
    this._pending = new Uint8Array(0);
    this._started = false;
  }
  get encoding() {
    return this._encoding;
  }
  get fatal() {
    return this._fatal;
  }
  get ignoreBOM() {
    return this._ignoreBOM;
  }
  decode(input, options = {}) {
    const stream = !!(options && options.stream);
    let bytes = bytesOfInput(input);
    if (this._pending.length) {
      const joined = new Uint8Array(this._pending.length + bytes.length);
      joined.set(this._pending, 0);
      joined.set(bytes, this._pending.length);
      bytes = joined;
    }
    const keep = stream ? this._tail(bytes) : 0;
    this._pending = keep ? bytes.slice(bytes.length - keep) : new Uint8Array(0);
    bytes = bytes.subarray(0, bytes.length - keep);
    if (!this._started && !this._ignoreBOM) bytes = this._withoutBOM(bytes);
    if (bytes.length) this._started = true;
    const text = this._decode(bytes);
    if (!stream) this._started = false;
    return text;
  }
  _tail(bytes) {
    if (this._encoding === 'utf-8') return unfinishedUtf8(bytes);
    if (this._encoding.startsWith('utf-16')) return bytes.length % 2;
    return 0;
  }
  _withoutBOM(bytes) {
    const boms = { 'utf-8': [0xef, 0xbb, 0xbf], 'utf-16le': [0xff, 0xfe], 'utf-16be': [0xfe, 0xff] }[this._encoding];
    if (boms && bytes.length >= boms.length && boms.every((b, i) => bytes[i] === b)) return bytes.subarray(boms.length);
    return bytes;
  }
  _decode(bytes) {
    switch (this._encoding) {
      case 'utf-8':
        if (this._fatal && !validUtf8(bytes)) {
          this._pending = new Uint8Array(0);
          throw codedError(
            TypeError,
            'ERR_ENCODING_INVALID_ENCODED_DATA',
            'The encoded data was not valid for encoding utf-8',
          );
        }
        // The native decoder drops a leading BOM on every call; one still
        // here is text (ignoreBOM, or the middle of a stream), so keep it.
        if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
          return `\ufeff${nativeDecoder.decode(bytes.subarray(3))}`;
        return nativeDecoder.decode(bytes);
      case 'windows-1252': {
        const text = nativeText(bytes, 'latin1');
        if (text !== undefined) return text.replace(C1, (c) => String.fromCharCode(CP1252[c.charCodeAt(0) - 0x80]));
        let out = '';
        for (const byte of bytes) out += String.fromCharCode(byte >= 0x80 && byte < 0xa0 ? CP1252[byte - 0x80] : byte);
        return out;
      }
      default: {
        const little = this._encoding === 'utf-16le';
        let text = nativeText(bytes, little ? 'utf16le' : 'utf16be');
        if (text === undefined) {
          text = '';
          for (let i = 0; i + 1 < bytes.length; i += 2)
            text += String.fromCharCode(little ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1]);
        }
        // The WHATWG decoder reads a lone surrogate as U+FFFD, as Bun's does.
        text = text.toWellFormed();
        return bytes.length % 2 ? `${text}\ufffd` : text;
      }
    }
  }
}

// Bun throws a DOMException named DataCloneError for what cannot be cloned.
function structuredClone(value, options) {
  try {
    return nativeClone(value, options);
  } catch (error) {
    if (error instanceof DOMException) throw error;
    throw new DOMException('The object can not be cloned.', 'DataCloneError');
  }
}

return { TextEncoder, TextDecoder, structuredClone };
