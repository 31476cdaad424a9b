// ---- node_buffer.js: the node:buffer module object ------------------------
const { Buffer } = need('buffer');

const { Blob, File } = need('blob');

return {
  module: { Buffer, Blob, File, atob: globalThis.atob, btoa: globalThis.btoa, constants: { MAX_LENGTH: 2 ** 32 } },
};
