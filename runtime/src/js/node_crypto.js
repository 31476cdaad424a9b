// ---- node_crypto.js: node:crypto
const { encodeString, bytesOf, bufferOf, toBuffer, Buffer } = need('buffer');
const { randomBytesArray, randomUUID, getRandomValues, subtle } = need('web_crypto');

function coded(Kind, code, message) { const error = new Kind(message); error.code = code; return error; }

class Hash {
  constructor(algorithm, hmacKey) { this._algorithm = algorithm; this._key = hmacKey; this._parts = []; host.hash(algorithm, new ArrayBuffer(0)); }
  update(data, enc) { this._parts.push(typeof data === 'string' ? encodeString(data, enc) : bytesOf(data)); return this; }
  digest(enc) {
    const data = bufferOf(Buffer.concat(this._parts));
    const out = this._key === undefined ? host.hash(this._algorithm, data, enc) : host.hmac(this._algorithm, this._key, data, enc);
    return typeof out === 'string' ? out : toBuffer(new Uint8Array(out));
  }
  copy() { const h = new Hash(this._algorithm, this._key); h._parts = [...this._parts]; return h; }
}

// Keys, signatures and key derivation live in the node_keys unit, run on
// first use: importing node:crypto for a hash parses none of it.
const keyObjectToken = Symbol('KeyObject');
class KeyObject {
  constructor(secret) { if (secret !== keyObjectToken) throw coded(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor'); }
}
const keys = (name) => (...args) => need('node_keys').nodeKeys[name](...args);

function isBytes(value) { return value instanceof ArrayBuffer || ArrayBuffer.isView(value); }
function viewBytes(value, name) {
  if (!isBytes(value)) throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be an instance of ArrayBuffer, Buffer, TypedArray, or DataView.`);
  return bytesOf(value);
}
// A password or salt: a string (UTF-8) or bytes.
function secretBytes(value, name) {
  if (typeof value === 'string') return bufferOf(value);
  if (isBytes(value)) return bufferOf(value);
  throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView.`);
}
function digestOf(digest) {
  const name = String(digest).toLowerCase().replace(/^rsa-/, '').replace('-', '');
  if (!['sha1', 'sha256', 'sha384', 'sha512'].includes(name)) throw coded(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${digest}`);
  return name;
}
function integerArg(value, name, min, max) {
  if (typeof value !== 'number') throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be of type number. Received ${value === undefined ? 'undefined' : `type ${typeof value} (${JSON.stringify(value)})`}`);
  if (!Number.isInteger(value) || value < min || value > max) throw coded(RangeError, 'ERR_OUT_OF_RANGE', `The value of "${name}" is out of range. It must be >= ${min} and <= ${max}. Received ${value}`);
  return value;
}

function pbkdf2Sync(password, salt, iterations, keylen, digest) {
  const p = secretBytes(password, 'password');
  const s = secretBytes(salt, 'salt');
  integerArg(iterations, 'iterations', 1, 2147483647);
  integerArg(keylen, 'keylen', 0, 2147483647);
  return toBuffer(new Uint8Array(host.pbkdf2(digestOf(digest), p, s, iterations, keylen)));
}

function scryptOptions(options = {}) {
  const pick = (a, b, fallback) => (options[a] !== undefined ? options[a] : options[b] !== undefined ? options[b] : fallback);
  return [pick('N', 'cost', 16384), pick('r', 'blockSize', 8), pick('p', 'parallelization', 1), options.maxmem !== undefined ? options.maxmem : 32 << 20];
}
function scryptSync(password, salt, keylen, options) {
  const p = secretBytes(password, 'password');
  const s = secretBytes(salt, 'salt');
  integerArg(keylen, 'keylen', 0, 2147483647);
  const [n, r, parallel, maxmem] = scryptOptions(options || {});
  try {
    return toBuffer(new Uint8Array(host.scrypt(p, s, keylen, n, r, parallel, maxmem)));
  } catch (error) {
    const reason = String(error && error.message) === 'MEMORY_LIMIT_EXCEEDED' ? '06000084:public key routines:OPENSSL_internal:MEMORY_LIMIT_EXCEEDED' : '06000085:public key routines:OPENSSL_internal:INVALID_PARAMETERS';
    throw coded(RangeError, 'ERR_CRYPTO_INVALID_SCRYPT_PARAMS', `Invalid scrypt params: error:${reason}`);
  }
}
// The callback forms check their arguments at once, as Node does, and call
// back after the current job.
function callbackArg(callback) {
  if (typeof callback !== 'function') throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "callback" argument must be of type function. Received ${callback === undefined ? 'undefined' : typeof callback}`);
  return callback;
}
function later(callback, work) {
  const result = work();
  setTimeout(() => callback(null, result), 0);
}

const nodeCrypto = {
  randomUUID,
  getRandomValues,
  webcrypto: globalThis.crypto,
  subtle,
  randomBytes(n, cb) { const b = toBuffer(randomBytesArray(n)); if (cb) { queueMicrotask(() => cb(null, b)); return undefined; } return b; },
  randomInt(min, max) { if (max === undefined) { max = min; min = 0; } const range = max - min; const v = new Uint32Array(host.randomBytes(4))[0]; return min + (v % range); },
  createHash: (algorithm) => new Hash(algorithm),
  createHmac: (algorithm, key) => new Hash(algorithm, bufferOf(key)),
  getHashes: () => ['md5', 'sha1', 'sha256', 'sha384', 'sha512'],
  timingSafeEqual(a, b) {
    const x = viewBytes(a, 'buf1');
    const y = viewBytes(b, 'buf2');
    if (x.length !== y.length) throw coded(RangeError, 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH', 'Input buffers must have the same byte length');
    let d = 0;
    for (let i = 0; i < x.length; i++) d |= x[i] ^ y[i];
    return d === 0;
  },
  hash: (algorithm, data, enc = 'hex') => host.hash(algorithm, bufferOf(data), enc),
  pbkdf2Sync,
  pbkdf2(password, salt, iterations, keylen, digest, callback) {
    callbackArg(callback);
    later(callback, () => pbkdf2Sync(password, salt, iterations, keylen, digest));
  },
  scryptSync,
  scrypt(password, salt, keylen, options, callback) {
    if (typeof options === 'function') { callback = options; options = undefined; }
    callbackArg(callback);
    later(callback, () => scryptSync(password, salt, keylen, options));
  },
  KeyObject,
  createPrivateKey: keys('createPrivateKey'),
  createPublicKey: keys('createPublicKey'),
  createSecretKey: keys('createSecretKey'),
  createSign: keys('createSign'),
  createVerify: keys('createVerify'),
  sign: keys('sign'),
  verify: keys('verify'),
  constants: {
    RSA_PKCS1_PADDING: 1, RSA_NO_PADDING: 3, RSA_PKCS1_OAEP_PADDING: 4, RSA_PKCS1_PSS_PADDING: 6,
    RSA_PSS_SALTLEN_DIGEST: -1, RSA_PSS_SALTLEN_MAX_SIGN: -2, RSA_PSS_SALTLEN_AUTO: -2,
  },
};

return { nodeCrypto, KeyObject, keyObjectToken, coded };
