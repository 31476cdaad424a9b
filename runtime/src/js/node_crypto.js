// ---- node_crypto.js: node:crypto -------------------------------------------
const { encodeString, bytesOf, bufferOf, toBuffer, Buffer } = need('buffer');
const { randomBytesArray, randomUUID, getRandomValues, subtle } = need('web_crypto');

class Hash {
  constructor(algorithm, hmacKey) {
    this._algorithm = algorithm;
    this._key = hmacKey;
    this._parts = [];
    host.hash(algorithm, new ArrayBuffer(0));
  }
  update(data, enc) {
    this._parts.push(typeof data === 'string' ? encodeString(data, enc) : bytesOf(data));
    return this;
  }
  digest(enc) {
    const data = bufferOf(Buffer.concat(this._parts));
    const out =
      this._key === undefined
        ? host.hash(this._algorithm, data, enc)
        : host.hmac(this._algorithm, this._key, data, enc);
    return typeof out === 'string' ? out : toBuffer(new Uint8Array(out));
  }
  copy() {
    const h = new Hash(this._algorithm, this._key);
    h._parts = [...this._parts];
    return h;
  }
}
const nodeCrypto = {
  randomUUID,
  getRandomValues,
  webcrypto: globalThis.crypto,
  subtle,
  randomBytes(n, cb) {
    const b = toBuffer(randomBytesArray(n));
    if (cb) {
      queueMicrotask(() => cb(null, b));
      return undefined;
    }
    return b;
  },
  randomInt(min, max) {
    if (max === undefined) {
      max = min;
      min = 0;
    }
    const range = max - min;
    const v = new Uint32Array(host.randomBytes(4))[0];
    return min + (v % range);
  },
  createHash: (algorithm) => new Hash(algorithm),
  createHmac: (algorithm, key) => new Hash(algorithm, bufferOf(key)),
  getHashes: () => ['md5', 'sha1', 'sha256', 'sha384', 'sha512'],
  timingSafeEqual(a, b) {
    if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
    let d = 0;
    for (let i = 0; i < a.length; i++) d |= a[i] ^ b[i];
    return d === 0;
  },
  hash: (algorithm, data, enc = 'hex') => host.hash(algorithm, bufferOf(data), enc),
};

return { nodeCrypto };
