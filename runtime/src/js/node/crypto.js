// ---- node/crypto.js: node:crypto
const { encodeString, bytesOf, bufferOf, toBuffer, Buffer } = need('internal/buffer');
const { randomBytesArray, randomUUID, getRandomValues, subtle } = need('web/crypto');

function coded(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  return error;
}

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

// Keys, signatures, key derivation and timingSafeEqual live in the node_keys
// unit, run on first use: importing node:crypto for a hash parses none of it.
const keyObjectToken = Symbol('KeyObject');
class KeyObject {
  constructor(secret) {
    if (secret !== keyObjectToken) throw coded(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
  }
}
const keys =
  (name) =>
  (...args) =>
    need('node/internal/crypto/keys').nodeKeys[name](...args);
// util.promisify(generateKeyPair) resolves to { publicKey, privateKey }, as Node's does.
function generateKeyPair(type, options, callback) {
  need('node/internal/crypto/keys').nodeKeys.generateKeyPair(type, options, callback);
}
Object.defineProperty(generateKeyPair, Symbol.for('nodejs.util.promisify.custom'), {
  value: keys('generateKeyPairPromise'),
});

// Cipheriv and Decipheriv are Transform streams in node/internal/crypto/cipher, run
// on first use so that importing node:crypto loads no node:stream: these
// stand-ins construct the unit's classes and answer `instanceof` for them.
const cipherUnit = () => need('node/internal/crypto/cipher').nodeCipher;
// ECDH lives in node/internal/crypto/dh, run on first use too.
const dhUnit = () => need('node/internal/crypto/dh').nodeDh;
function standIn(name, unit = cipherUnit) {
  // A function declaration, not an arrow: `new Cipheriv(…)` constructs it.
  function Kind(...args) {
    return new (unit()[name])(...args);
  }
  Object.defineProperty(Kind, 'name', { value: name });
  Object.defineProperty(Kind, Symbol.hasInstance, { value: (value) => value instanceof unit()[name] });
  return Kind;
}
const ECDH = standIn('ECDH', dhUnit);
ECDH.convertKey = (...args) => dhUnit().ECDH.convertKey(...args);

// The ciphers host.cipherInit makes, in Bun's order.
const CIPHERS = ['128', '192', '256'].flatMap((bits) =>
  ['cbc', 'cfb', 'ctr', 'ecb', 'gcm', 'ofb']
    .filter((mode) => !(bits === '192' && mode === 'cfb'))
    .map((mode) => `aes-${bits}-${mode}`),
);

const nodeCrypto = {
  randomUUID,
  getRandomValues,
  webcrypto: globalThis.crypto,
  subtle,
  randomBytes(n, cb) {
    if (typeof n !== 'number') {
      const error = new TypeError(
        `The "size" argument must be of type number. Received type ${typeof n} (${typeof n === 'string' ? `'${n}'` : String(n)})`,
      );
      error.code = 'ERR_INVALID_ARG_TYPE';
      throw error;
    }
    if (!(n >= 0 && n <= 2147483647)) {
      const error = new RangeError(
        `The value of "size" is out of range. It must be >= 0 && <= 2147483647. Received ${String(n)}`,
      );
      error.code = 'ERR_OUT_OF_RANGE';
      throw error;
    }
    const b = toBuffer(randomBytesArray(n));
    if (cb) {
      queueMicrotask(() => cb(null, b));
      return undefined;
    }
    return b;
  },
  randomFillSync(buffer, offset = 0, size) {
    const bytes = new Uint8Array(buffer.buffer ?? buffer, buffer.byteOffset ?? 0, buffer.byteLength);
    const length = size === undefined ? bytes.length - offset : size;
    if (offset < 0 || length < 0 || offset + length > bytes.length)
      throw coded(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "offset + size" is out of range.');
    bytes.set(randomBytesArray(length), offset);
    return buffer;
  },
  randomFill(buffer, ...rest) {
    const callback = rest.pop();
    if (typeof callback !== 'function')
      throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "callback" argument must be of type function.');
    let filled;
    try {
      filled = nodeCrypto.randomFillSync(buffer, ...rest);
    } catch (error) {
      queueMicrotask(() => callback(error));
      return;
    }
    queueMicrotask(() => callback(null, filled));
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
  // Bun's HMAC takes the digests getHashes lists, not BLAKE2 or SHAKE.
  createHmac: (algorithm, key) => {
    const name = String(algorithm).toLowerCase().replace(/^rsa-/, '');
    if (/^(blake2|shake)/.test(name)) throw new TypeError(`Invalid digest: ${algorithm}`);
    return new Hash(algorithm, bufferOf(key));
  },
  getHashes: () => [
    'md4',
    'md5',
    'ripemd160',
    'sha1',
    'sha224',
    'sha256',
    'sha384',
    'sha512',
    'sha512-224',
    'sha512-256',
    'sha3-224',
    'sha3-256',
    'sha3-384',
    'sha3-512',
  ],
  timingSafeEqual: keys('timingSafeEqual'),
  Cipheriv: standIn('Cipheriv'),
  Decipheriv: standIn('Decipheriv'),
  createCipheriv: (...args) => cipherUnit().createCipheriv(...args),
  createDecipheriv: (...args) => cipherUnit().createDecipheriv(...args),
  getCiphers: () => [...CIPHERS],
  // The curves createECDH works on (EC KeyObjects are on prime256v1).
  getCurves: () => ['prime256v1', 'secp384r1', 'secp521r1'],
  ECDH,
  createECDH: (curve) => dhUnit().createECDH(curve),
  DiffieHellman: standIn('DiffieHellman', dhUnit),
  DiffieHellmanGroup: standIn('DiffieHellmanGroup', dhUnit),
  createDiffieHellman: (...args) => dhUnit().createDiffieHellman(...args),
  getDiffieHellman: (name) => dhUnit().getDiffieHellman(name),
  createDiffieHellmanGroup: (name) => dhUnit().getDiffieHellman(name),
  // No FIPS provider: Node's and Bun's default answer.
  getFips: () => 0,
  // Bun accepts and ignores any setting.
  setFips() {},
  hkdf: keys('hkdf'),
  hkdfSync: keys('hkdfSync'),
  hash: (algorithm, data, enc = 'hex') => host.hash(algorithm, bufferOf(data), enc),
  pbkdf2Sync: keys('pbkdf2Sync'),
  pbkdf2: keys('pbkdf2'),
  scryptSync: keys('scryptSync'),
  scrypt: keys('scrypt'),
  KeyObject,
  generateKeyPair,
  diffieHellman: keys('diffieHellman'),
  publicEncrypt: keys('publicEncrypt'),
  privateDecrypt: keys('privateDecrypt'),
  privateEncrypt: keys('privateEncrypt'),
  publicDecrypt: keys('publicDecrypt'),
  generateKeyPairSync: keys('generateKeyPairSync'),
  createPrivateKey: keys('createPrivateKey'),
  createPublicKey: keys('createPublicKey'),
  createSecretKey: keys('createSecretKey'),
  createSign: keys('createSign'),
  createVerify: keys('createVerify'),
  sign: keys('sign'),
  verify: keys('verify'),
  constants: {
    RSA_PKCS1_PADDING: 1,
    RSA_NO_PADDING: 3,
    RSA_PKCS1_OAEP_PADDING: 4,
    RSA_PKCS1_PSS_PADDING: 6,
    RSA_PSS_SALTLEN_DIGEST: -1,
    RSA_PSS_SALTLEN_MAX_SIGN: -2,
    RSA_PSS_SALTLEN_AUTO: -2,
  },
};

return { nodeCrypto, KeyObject, keyObjectToken, coded };
