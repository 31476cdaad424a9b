// ---- node/buffer.js: the node:buffer module object ------------------------
const buffers = need('internal/buffer');
const { Buffer, SlowBuffer, kMaxLength, kStringMaxLength, invalidArgType, encodingOf } = buffers;

const { Blob, File } = need('web/blob');

// A detached buffer is refused as Node and Bun refuse it (ERR_INVALID_STATE).
const isDetached = (buffer) => {
  if (typeof buffer.detached === 'boolean') return buffer.detached;
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
};
const bytesOf = (input) => {
  const backing = ArrayBuffer.isView(input) ? input.buffer : input;
  if ((backing instanceof ArrayBuffer || ArrayBuffer.isView(input)) && isDetached(backing)) {
    const error = new Error('Invalid state: Cannot validate on a detached buffer');
    error.code = 'ERR_INVALID_STATE';
    throw error;
  }
  if (input instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && input instanceof SharedArrayBuffer))
    return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw invalidArgType('input', ['ArrayBuffer', 'Buffer', 'TypedArray'], input);
};
// `buffer.isUtf8` and `isAscii`, as Node 19+ and Bun have them.
const isUtf8 = (input) => {
  const bytes = bytesOf(input);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};
const isAscii = (input) => bytesOf(input).every((b) => b < 0x80);

// `transcode(source, from, to)`: the bytes of `source`, read in one
// encoding, written in another (the encodings Node's ICU build converts).
const TRANSCODABLE = ['ascii', 'latin1', 'utf16le', 'utf8'];
function transcode(source, fromEncoding, toEncoding) {
  if (!(source instanceof Uint8Array)) throw invalidArgType('source', ['Buffer', 'Uint8Array'], source);
  if (source.length === 0) return Buffer.alloc(0);
  const from = encodingOf(fromEncoding);
  const to = encodingOf(toEncoding);
  if (!TRANSCODABLE.includes(from) || !TRANSCODABLE.includes(to)) {
    const error = new Error('Unable to transcode Buffer [U_ILLEGAL_ARGUMENT_ERROR]');
    error.code = 'U_ILLEGAL_ARGUMENT_ERROR';
    error.errno = 1;
    throw error;
  }
  let text = buffers.decodeBytes(source, from);
  // Characters the target cannot hold become `?`, as ICU substitutes them.
  const top = to === 'ascii' ? 0x7f : to === 'latin1' ? 0xff : 0xffff;
  if (top < 0xffff) text = Array.from(text, (c) => (c.charCodeAt(0) > top ? '?' : c)).join('');
  return Buffer.from(text, to);
}

const module = {
  Buffer,
  SlowBuffer,
  Blob,
  File,
  isUtf8,
  isAscii,
  transcode,
  resolveObjectURL: (id) => need('web/url').resolveObjectURL(id),
  atob: globalThis.atob,
  btoa: globalThis.btoa,
  kMaxLength,
  kStringMaxLength,
  constants: { MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: kStringMaxLength },
};
Object.defineProperty(module, 'INSPECT_MAX_BYTES', {
  get: () => buffers.inspectState.maxBytes,
  set: buffers.setInspectMaxBytes,
  enumerable: true,
  configurable: true,
});

return { module };
