// ---- node/string_decoder.js: node:string_decoder ---------------------------------
// Decodes a byte stream chunk by chunk without splitting a character: the
// bytes of an unfinished character wait for the next `write`.
const { Buffer, bytesOf } = need('internal/buffer');

// How many bytes the UTF-8 character starting with `byte` has (0: not a lead).
function utf8Length(byte) {
  if (byte >= 0xf0 && byte <= 0xf4) return 4;
  if (byte >= 0xe0) return byte <= 0xef ? 3 : 0;
  if (byte >= 0xc2) return 2;
  return byte < 0x80 ? 1 : 0;
}

// Bytes at the end of `bytes` that start a character not yet complete.
function unfinishedTail(bytes, encoding) {
  if (encoding === 'utf8') {
    for (let back = 1; back <= Math.min(3, bytes.length); back++) {
      const byte = bytes[bytes.length - back];
      if (byte >= 0x80 && byte < 0xc0) continue;
      const need = utf8Length(byte);
      return need > back ? back : 0;
    }
    return 0;
  }
  if (encoding === 'utf16le') {
    const odd = bytes.length % 2;
    if (odd) return 1;
    const last = bytes.length >= 2 ? bytes[bytes.length - 2] | (bytes[bytes.length - 1] << 8) : 0;
    return last >= 0xd800 && last <= 0xdbff ? 2 : 0;
  }
  if (encoding === 'base64' || encoding === 'base64url') return bytes.length % 3;
  return 0;
}

function normalize(encoding) {
  const e = String(encoding || 'utf8').toLowerCase();
  if (e === 'utf-8' || e === 'utf8') return 'utf8';
  if (e === 'ucs2' || e === 'ucs-2' || e === 'utf16le' || e === 'utf-16le') return 'utf16le';
  if (e === 'binary') return 'latin1';
  if (['hex', 'base64', 'base64url', 'latin1', 'ascii'].includes(e)) return e;
  const error = new TypeError(`Unknown encoding: ${encoding}`);
  error.code = 'ERR_UNKNOWN_ENCODING';
  throw error;
}

class StringDecoderClass {
  constructor(encoding) {
    this.encoding = normalize(encoding);
    this._pending = new Uint8Array(0);
  }
  write(chunk) {
    const incoming = typeof chunk === 'string' ? Buffer.from(chunk) : bytesOf(chunk);
    const bytes = new Uint8Array(this._pending.length + incoming.length);
    bytes.set(this._pending, 0);
    bytes.set(incoming, this._pending.length);
    const keep = unfinishedTail(bytes, this.encoding);
    this._pending = bytes.slice(bytes.length - keep);
    return Buffer.from(bytes.buffer, 0, bytes.length - keep).toString(this.encoding);
  }
  end(chunk) {
    let text = chunk === undefined ? '' : this.write(chunk);
    if (this._pending.length) {
      text += this.encoding === 'utf8' ? '\ufffd' : Buffer.from(this._pending).toString(this.encoding);
      this._pending = new Uint8Array(0);
    }
    return text;
  }
}

// `StringDecoder.call(this, enc)` and a plain `StringDecoder(enc)` work, as
// in Node, for the CommonJS packages that still write them.
const StringDecoder = need('internal/callable').callable(StringDecoderClass);
Object.defineProperty(StringDecoder, 'name', { value: 'StringDecoder' });

return { module: { StringDecoder } };
