// ---- node/internal/crypto/dh.js: node:crypto's ECDH (createECDH, ECDH.convertKey)
// over host.ecdhGenerate, host.ecdhPublic, host.ecdhSecret and host.ecdhConvert.
// Errors carry Node's codes with Bun's words.
const { encodeString, bytesOf, bufferOf, toBuffer, receivedText } = need('internal/buffer');
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
    state.privateKey = new Uint8Array(host.ecdhGenerate(state.curve));
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

const nodeDh = {
  ECDH,
  createECDH: (curve) => new ECDH(curve),
};

return { nodeDh };
