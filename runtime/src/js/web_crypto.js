// ---- web_crypto.js: the `crypto` global (randomUUID, getRandomValues, subtle)
const { decodeBytes, bufferOf } = need('buffer');

function randomBytesArray(n) {
  return new Uint8Array(host.randomBytes(n));
}
function randomUUID() {
  const b = randomBytesArray(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = decodeBytes(b, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
function getRandomValues(view) {
  if (!ArrayBuffer.isView(view)) throw new TypeError('getRandomValues: argument must be a typed array');
  if (view.byteLength > 65536)
    throw new DOMException('The ArrayBufferView byte length exceeds 65536', 'QuotaExceededError');
  new Uint8Array(view.buffer, view.byteOffset, view.byteLength).set(randomBytesArray(view.byteLength));
  return view;
}
const subtle = {
  async digest(algorithm, data) {
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    return host.hash(name, bufferOf(data));
  },
};
const crypto = { randomUUID, getRandomValues, subtle };

return { crypto, randomBytesArray, randomUUID, getRandomValues, subtle };
