// ---- web/crypto.js: the `crypto` global (randomUUID, getRandomValues, subtle)
const { decodeBytes } = need('internal/buffer');

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
// `crypto.subtle`'s methods are in their own unit, run when a tool first
// calls one: reading `crypto` (or importing node:crypto) parses none of it.
const subtle = {};
for (const name of ['digest', 'importKey', 'exportKey', 'generateKey', 'sign', 'verify', 'encrypt', 'decrypt']) {
  Object.defineProperty(subtle, name, {
    value: (...args) => need('web/crypto/subtle').subtle[name](...args),
    writable: true,
    configurable: true,
    enumerable: true,
  });
}
const crypto = { randomUUID, getRandomValues, subtle };

return { crypto, randomBytesArray, randomUUID, getRandomValues, subtle };
