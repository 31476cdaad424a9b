// ---- node/buffer.js: the node:buffer module object ------------------------
const { Buffer } = need('internal/buffer');

const { Blob, File } = need('web/blob');

const bytesOf = (input) => {
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const e = new TypeError(
    'The "input" argument must be an instance of ArrayBuffer, Buffer, or TypedArray.' +
      (input === undefined ? ' Received undefined' : ''),
  );
  e.code = 'ERR_INVALID_ARG_TYPE';
  throw e;
};
// `buffer.isUtf8` and `isAscii`, as Node 19+ and Bun have them.
const isUtf8 = (input) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytesOf(input));
    return true;
  } catch (e) {
    if (e.code === 'ERR_INVALID_ARG_TYPE') throw e;
    return false;
  }
};
const isAscii = (input) => bytesOf(input).every((b) => b < 0x80);

return {
  module: {
    Buffer,
    Blob,
    File,
    isUtf8,
    isAscii,
    resolveObjectURL: (id) => need('web/url').resolveObjectURL(id),
    atob: globalThis.atob,
    btoa: globalThis.btoa,
    constants: { MAX_LENGTH: 2 ** 32 },
  },
};
