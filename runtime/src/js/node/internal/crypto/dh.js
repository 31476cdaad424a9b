// ---- node/internal/crypto/dh.js: node:crypto's ECDH (createECDH, ECDH.convertKey) over
// host.ecdhGenerate, host.ecdhPublic, host.ecdhSecret and host.ecdhConvert, and
// DiffieHellman (createDiffieHellman, getDiffieHellman) over host.dhGroup, host.dhGenerate, …
// Errors carry Node's codes with Bun's words.
const { encodeString, bytesOf, bufferOf, toBuffer, receivedText, Buffer } = need('internal/buffer');
const { coded } = need('node/crypto');

// The curves ECDH works on here, by OpenSSL's names, and the ones Bun knows
// by name that are not written here.
const ECDH_CURVES = ['prime256v1', 'secp384r1', 'secp521r1'];
const OTHER_CURVES = ['secp224r1', 'secp256k1', 'prime192v1', 'secp192k1', 'secp224k1'];

function curveName(curve) {
  if (typeof curve !== 'string')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "curve" argument must be of type string. ${receivedText(curve)}`,
    );
  return curve;
}
function knownCurve(curve) {
  if (ECDH_CURVES.includes(curve)) return curve;
  if (OTHER_CURVES.includes(curve))
    throw coded(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to create key using named curve');
  throw coded(TypeError, 'ERR_CRYPTO_INVALID_CURVE', 'Invalid EC curve name');
}

// A key argument: a string in `encoding` (UTF-8 by default) or bytes.
function keyBytes(key, encoding, name = 'key') {
  if (typeof key === 'string')
    return bufferOf(encodeString(key, encoding && encoding !== 'buffer' ? encoding : 'utf8'));
  if (ArrayBuffer.isView(key)) return bufferOf(key);
  throw coded(
    TypeError,
    'ERR_INVALID_ARG_TYPE',
    `The "${name}" argument must be of type string or an instance of Buffer, TypedArray, or DataView. ${receivedText(key)}`,
  );
}
function encoded(bytes, encoding) {
  const buffer = toBuffer(new Uint8Array(bytes));
  return encoding && encoding !== 'buffer' ? buffer.toString(encoding) : buffer;
}
// A point format: uncompressed (the default) or compressed; BoringSSL writes
// no hybrid points, and Bun says so.
function compressedFormat(format) {
  if (format === undefined || format === null || format === 'uncompressed') return false;
  if (format === 'compressed') return true;
  if (format === 'hybrid')
    throw coded(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to determine size for public key encoding');
  throw coded(TypeError, 'ERR_CRYPTO_ECDH_INVALID_FORMAT', `Invalid ECDH format: ${format}`);
}

const states = new WeakMap();
class ECDH {
  constructor(curve) {
    states.set(this, { curve: knownCurve(curveName(curve)), privateKey: null, publicKey: null });
  }
  generateKeys(encoding, format) {
    const state = states.get(this);
    // Without leading zeros, as BoringSSL's BN_bn2bin writes the scalar.
    const scalar = new Uint8Array(host.ecdhGenerate(state.curve));
    const first = scalar.findIndex((byte) => byte !== 0);
    state.privateKey = scalar.slice(first < 0 ? scalar.length - 1 : first);
    state.publicKey = new Uint8Array(host.ecdhPublic(state.curve, bufferOf(state.privateKey), false));
    return this.getPublicKey(encoding, format);
  }
  computeSecret(key, inputEncoding, outputEncoding) {
    const state = states.get(this);
    const bytes = keyBytes(key, inputEncoding);
    if (!state.privateKey) throw coded(RangeError, 'ERR_CRYPTO_INVALID_KEYPAIR', 'Invalid key pair');
    let secret;
    try {
      secret = host.ecdhSecret(state.curve, bufferOf(state.privateKey), bytes);
    } catch {
      throw coded(Error, 'ERR_CRYPTO_ECDH_INVALID_PUBLIC_KEY', 'Public key is not valid for specified curve');
    }
    return encoded(secret, outputEncoding);
  }
  getPublicKey(encoding, format) {
    const state = states.get(this);
    if (!state.publicKey) throw coded(Error, 'ERR_CRYPTO_INVALID_STATE', 'Failed to get ECDH public key');
    const compressed = compressedFormat(format);
    return encoded(
      compressed ? host.ecdhConvert(state.curve, bufferOf(state.publicKey), true) : state.publicKey,
      encoding,
    );
  }
  getPrivateKey(encoding) {
    const state = states.get(this);
    if (!state.privateKey) throw coded(Error, 'ERR_CRYPTO_INVALID_STATE', 'Failed to get ECDH private key');
    return encoded(state.privateKey, encoding);
  }
  setPrivateKey(key, encoding) {
    const state = states.get(this);
    const bytes = keyBytes(key, encoding);
    let publicKey;
    try {
      publicKey = host.ecdhPublic(state.curve, bytes, false);
    } catch {
      throw coded(RangeError, 'ERR_CRYPTO_INVALID_KEYTYPE', 'Private key is not valid for specified curve');
    }
    state.privateKey = new Uint8Array(bytesOf(bytes)).slice();
    state.publicKey = new Uint8Array(publicKey);
    return this;
  }
  // Deprecated in Node (DEP0031), kept working as there.
  setPublicKey(key, encoding) {
    const state = states.get(this);
    const bytes = keyBytes(key, encoding);
    try {
      state.publicKey = new Uint8Array(host.ecdhConvert(state.curve, bytes, false));
    } catch {
      throw coded(Error, 'ERR_CRYPTO_ECDH_INVALID_PUBLIC_KEY', 'Public key is not valid for specified curve');
    }
    return this;
  }
  static convertKey(key, curve, inputEncoding, outputEncoding, format) {
    curveName(curve);
    const bytes = keyBytes(key, inputEncoding);
    knownCurve(curve);
    const compressed = compressedFormat(format);
    let point;
    try {
      point = host.ecdhConvert(curve, bytes, compressed);
    } catch {
      throw coded(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to convert Buffer to EC_POINT');
    }
    return encoded(point, outputEncoding);
  }
  get [Symbol.toStringTag]() {
    return 'ECDH';
  }
}

// ---- finite-field Diffie-Hellman
const ossl = (code, reason, library) => coded(Error, code, `error:${library}:OPENSSL_internal:${reason}`);
const BAD_GENERATOR = () => ossl('ERR_OSSL_DH_BAD_GENERATOR', 'BAD_GENERATOR', '05000064:Diffie-Hellman routines');
// BoringSSL's DH_NOT_SUITABLE_GENERATOR: what DH_check says of every MODP
// group with its generator 2.
const GROUP_VERIFY_ERROR = 8;

const dhStates = new WeakMap();
class DiffieHellmanBase {
  constructor(prime, generator, verifyError) {
    dhStates.set(this, { prime, generator, verifyError, privateKey: null, publicKey: null });
  }
  get verifyError() {
    return dhStates.get(this).verifyError;
  }
  generateKeys(encoding) {
    const state = dhStates.get(this);
    if (state.privateKey) {
      state.publicKey = new Uint8Array(
        host.dhPublic(bufferOf(state.prime), bufferOf(state.generator), bufferOf(state.privateKey)),
      );
    } else {
      const [privateKey, publicKey] = host.dhGenerate(bufferOf(state.prime), bufferOf(state.generator));
      state.privateKey = new Uint8Array(privateKey);
      state.publicKey = new Uint8Array(publicKey);
    }
    return encoded(state.publicKey, encoding);
  }
  computeSecret(key, inputEncoding, outputEncoding) {
    const state = dhStates.get(this);
    const bytes = keyBytes(key, inputEncoding);
    if (!state.privateKey) throw coded(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to compute shared secret');
    let secret;
    try {
      secret = host.dhSecret(bufferOf(state.prime), bufferOf(state.privateKey), bytes);
    } catch {
      throw coded(RangeError, 'ERR_CRYPTO_INVALID_KEYTYPE', 'Supplied key is invalid');
    }
    return encoded(secret, outputEncoding);
  }
  getPrime(encoding) {
    return encoded(dhStates.get(this).prime, encoding);
  }
  getGenerator(encoding) {
    return encoded(dhStates.get(this).generator, encoding);
  }
  getPublicKey(encoding) {
    const state = dhStates.get(this);
    if (!state.publicKey)
      throw coded(Error, 'ERR_CRYPTO_INVALID_STATE', 'No public key - did you forget to generate one?');
    return encoded(state.publicKey, encoding);
  }
  getPrivateKey(encoding) {
    const state = dhStates.get(this);
    if (!state.privateKey)
      throw coded(Error, 'ERR_CRYPTO_INVALID_STATE', 'No private key - did you forget to generate one?');
    return encoded(state.privateKey, encoding);
  }
}

// createDiffieHellman(prime[, primeEncoding][, generator][, generatorEncoding])
// or (primeLength[, generator]).
function isEncoding(value) {
  return typeof value === 'string' && (value === 'buffer' || Buffer.isEncoding(value));
}
function dhParameters(sizeOrKey, keyEncoding, generator, generatorEncoding) {
  if (typeof sizeOrKey !== 'number' && typeof sizeOrKey !== 'string' && !isBytesLike(sizeOrKey))
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "sizeOrKey" argument must be of type number, string, ArrayBuffer, Buffer, TypedArray, or DataView. ${receivedText(sizeOrKey)}`,
    );
  if (!isEncoding(keyEncoding)) {
    generatorEncoding = generator;
    generator = keyEncoding;
    keyEncoding = undefined;
  }
  let g;
  if (generator === undefined || generator === 0) g = new Uint8Array([2]);
  else if (typeof generator === 'number') {
    if (!Number.isInteger(generator))
      throw coded(
        RangeError,
        'ERR_OUT_OF_RANGE',
        `The value of "generator" is out of range. It must be an integer. Received ${generator}`,
      );
    if (generator < 2) throw BAD_GENERATOR();
    g = new Uint8Array(bigEndian(generator));
  } else {
    if (typeof generator !== 'string' && !isBytesLike(generator))
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_TYPE',
        `The "generator" argument must be of type number, string, ArrayBuffer, Buffer, TypedArray, or DataView. ${receivedText(generator)}`,
      );
    g = new Uint8Array(
      generator instanceof ArrayBuffer ? generator.slice(0) : keyBytes(generator, generatorEncoding, 'generator'),
    );
    if (g.every((byte, i) => byte === 0 || (i === g.length - 1 && byte === 1))) throw BAD_GENERATOR();
  }
  let prime;
  if (typeof sizeOrKey === 'number') {
    if (!Number.isInteger(sizeOrKey))
      throw coded(
        RangeError,
        'ERR_OUT_OF_RANGE',
        `The value of "sizeOrKey" is out of range. It must be an integer. Received ${sizeOrKey}`,
      );
    try {
      prime = new Uint8Array(host.dhPrime(sizeOrKey, g.length === 1 ? g[0] : 0));
    } catch (error) {
      if (String(error && error.message) === 'BITS_TOO_LARGE')
        throw coded(
          Error,
          'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM',
          'primes over 2048 bits are not generated by this runtime',
        );
      throw ossl('ERR_OSSL_BN_BITS_TOO_SMALL', 'BITS_TOO_SMALL', '03000067:bignum routines');
    }
  } else
    prime = new Uint8Array(
      sizeOrKey instanceof ArrayBuffer ? sizeOrKey.slice(0) : keyBytes(sizeOrKey, keyEncoding, 'sizeOrKey'),
    );
  return [prime, g];
}
function isBytesLike(value) {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}
function bigEndian(n) {
  const out = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return out;
}

class DiffieHellman extends DiffieHellmanBase {
  constructor(sizeOrKey, keyEncoding, generator, generatorEncoding) {
    const [prime, g] = dhParameters(sizeOrKey, keyEncoding, generator, generatorEncoding);
    super(prime, g, host.dhCheck(bufferOf(prime), bufferOf(g)));
  }
  setPublicKey(key, encoding) {
    dhStates.get(this).publicKey = new Uint8Array(keyBytes(key, encoding)).slice();
    return this;
  }
  setPrivateKey(key, encoding) {
    dhStates.get(this).privateKey = new Uint8Array(keyBytes(key, encoding)).slice();
    return this;
  }
  get [Symbol.toStringTag]() {
    return 'DiffieHellman';
  }
}

class DiffieHellmanGroup extends DiffieHellmanBase {
  constructor(name) {
    if (typeof name !== 'string')
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_TYPE',
        `The "group name" argument must be of type string. ${receivedText(name)}`,
      );
    let prime;
    try {
      prime = new Uint8Array(host.dhGroup(name));
    } catch {
      throw coded(Error, 'ERR_CRYPTO_UNKNOWN_DH_GROUP', 'Unknown DH group');
    }
    super(prime, new Uint8Array([2]), GROUP_VERIFY_ERROR);
  }
  get [Symbol.toStringTag]() {
    return 'DiffieHellmanGroup';
  }
}

const nodeDh = {
  ECDH,
  createECDH: (curve) => new ECDH(curve),
  DiffieHellman,
  DiffieHellmanGroup,
  createDiffieHellman: (...args) => new DiffieHellman(...args),
  getDiffieHellman: (name) => new DiffieHellmanGroup(name),
};

return { nodeDh };
