// ---- node_buffer.js: the node:buffer module object ------------------------
const { Buffer } = need('buffer');

return { module: { Buffer, atob: globalThis.atob, btoa: globalThis.btoa, constants: { MAX_LENGTH: 2 ** 32 } } };
