// ---- web/blob.js: Blob, File, FormData (the File API and the Fetch standard) ----
// A Blob keeps its bytes whole; FormData keeps its entries in order and
// encodes itself as multipart/form-data for a request or response body.
const { utf8Encoder, utf8Decoder, bytesOf } = need('internal/buffer');

// A type with a character outside U+0020–U+007E is the empty string. Bun
// gives the types its MIME table knows as text a charset, but only when
// written exactly so: `text/plain` becomes `text/plain;charset=utf-8`, while
// `TEXT/PLAIN` and `text/csv` are only lower-cased.
const CHARSET_TYPES = {
  'text/plain': 'text/plain;charset=utf-8',
  'text/html': 'text/html;charset=utf-8',
  'text/css': 'text/css;charset=utf-8',
  'text/javascript': 'text/javascript;charset=utf-8',
  'application/javascript': 'text/javascript;charset=utf-8',
  'application/json': 'application/json;charset=utf-8',
  'application/x-www-form-urlencoded': 'application/x-www-form-urlencoded;charset=UTF-8',
};
function normalizeType(type) {
  const text = type === undefined ? '' : String(type);
  if (!/^[\x20-\x7e]*$/.test(text)) return '';
  return Object.hasOwn(CHARSET_TYPES, text) ? CHARSET_TYPES[text] : text.toLowerCase();
}

function partBytes(part) {
  if (part instanceof Blob) return part._data;
  if (part instanceof ArrayBuffer || ArrayBuffer.isView(part)) return bytesOf(part).slice();
  return utf8Encoder.encode(String(part));
}

function joinParts(parts) {
  const chunks = [];
  for (const part of parts) chunks.push(partBytes(part));
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function isIterable(value) {
  return value !== null && typeof value === 'object' && typeof value[Symbol.iterator] === 'function';
}

class Blob {
  constructor(parts, options) {
    if (parts !== undefined && !isIterable(parts)) throw new TypeError('new Blob() expects an Array');
    this._data = parts === undefined ? new Uint8Array(0) : joinParts(parts);
    this._type = normalizeType(options?.type);
  }
  get size() {
    return this._data.length;
  }
  get type() {
    return this._type;
  }
  slice(start, end, contentType) {
    const size = this._data.length;
    const clamp = (value, fallback) => {
      if (value === undefined) return fallback;
      const n = Math.trunc(Number(value)) || 0;
      return n < 0 ? Math.max(size + n, 0) : Math.min(n, size);
    };
    const from = clamp(start, 0);
    const to = Math.max(clamp(end, size), from);
    const sliced = new Blob([], { type: contentType });
    sliced._data = this._data.slice(from, to);
    return sliced;
  }
  async text() {
    return utf8Decoder.decode(this._data);
  }
  async arrayBuffer() {
    return this._data.slice().buffer;
  }
  async bytes() {
    return this._data.slice();
  }
  stream() {
    return need('web/streams/readable').bytesStream(this._data.slice());
  }
  // What fetch's body reading takes (see fetch.js).
  _bytes() {
    return this._data.slice();
  }
  get [Symbol.toStringTag]() {
    return 'Blob';
  }
}

class File extends Blob {
  constructor(...args) {
    if (args.length < 2) throw new TypeError('new File(bits, name) expects at least 2 arguments');
    const [bits, name, options] = args;
    super(bits, options);
    this._name = String(name);
    this._lastModified = options?.lastModified === undefined ? Date.now() : Number(options.lastModified);
  }
  get name() {
    return this._name;
  }
  get lastModified() {
    return this._lastModified;
  }
}

// A FormData value: a string, or a File (a Blob gets the name `blob`).
function entryValue(value, filename) {
  if (!(value instanceof Blob)) return String(value);
  if (value instanceof File && filename === undefined) return value;
  const file = new File([], filename === undefined ? 'blob' : String(filename), {
    type: value.type,
    lastModified: value instanceof File ? value.lastModified : undefined,
  });
  file._type = value.type;
  file._data = value._data;
  return file;
}

class FormData {
  constructor(form) {
    if (form !== undefined) throw new TypeError('FormData from a form element is not provided by this runtime');
    this._entries = [];
  }
  append(name, value, filename) {
    this._entries.push([String(name), entryValue(value, filename)]);
  }
  set(name, value, filename) {
    const key = String(name);
    const entry = [key, entryValue(value, filename)];
    const first = this._entries.findIndex(([k]) => k === key);
    if (first === -1) {
      this._entries.push(entry);
      return;
    }
    this._entries = this._entries.filter(([k], i) => k !== key || i === first);
    this._entries[first] = entry;
  }
  get(name) {
    const found = this._entries.find(([k]) => k === String(name));
    return found ? found[1] : null;
  }
  getAll(name) {
    return this._entries.filter(([k]) => k === String(name)).map(([, v]) => v);
  }
  has(name) {
    return this._entries.some(([k]) => k === String(name));
  }
  delete(name) {
    this._entries = this._entries.filter(([k]) => k !== String(name));
  }
  forEach(callback, self) {
    for (const [k, v] of this._entries) callback.call(self, v, k, this);
  }
  *entries() {
    yield* this._entries.map(([k, v]) => [k, v]);
  }
  *keys() {
    for (const [k] of this._entries) yield k;
  }
  *values() {
    for (const [, v] of this._entries) yield v;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  get [Symbol.toStringTag]() {
    return 'FormData';
  }
  // The multipart/form-data body (RFC 7578) and its boundary.
  _multipart() {
    const boundary = `----BeeuniFormBoundary${crypto.randomUUID().replaceAll('-', '')}`;
    const quoted = (text) => text.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
    const parts = [];
    for (const [name, value] of this._entries) {
      let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"`;
      if (typeof value === 'string') {
        parts.push(`${head}\r\n\r\n`, value.replace(/\r?\n|\r/g, '\r\n'), '\r\n');
        continue;
      }
      head += `; filename="${quoted(value.name)}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`;
      parts.push(head, value._data, '\r\n');
    }
    parts.push(`--${boundary}--\r\n`);
    return { boundary, bytes: joinParts(parts) };
  }
}

return { Blob, File, FormData };
