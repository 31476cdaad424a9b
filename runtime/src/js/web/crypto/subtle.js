// ---- web/crypto/subtle.js: crypto.subtle (WebCrypto) and CryptoKey over host.key*, host.sign, …
// Keys live as bytes: a secret's raw bytes, a private key's PKCS#8 DER or a
// public key's SPKI DER (host.keyParse makes every other form into these).
// Errors are DOMExceptions named as Bun names them; their messages are Bun's.
const { bytesOf, bufferOf, base64Encode, base64Decode } = need('internal/buffer');
const { DOMException } = need('web/dom');

const HASHES = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };
const HASH_BLOCK_BITS = { 'SHA-1': 512, 'SHA-256': 512, 'SHA-384': 1024, 'SHA-512': 1024 };
const ALGORITHMS = ['HMAC', 'RSASSA-PKCS1-v1_5', 'RSA-PSS', 'RSA-OAEP', 'ECDSA', 'AES-GCM', ...Object.keys(HASHES)];
// The JOSE `alg` of a JWK Bun exports, by algorithm and hash.
const JWK_ALG = {
  HMAC: { 'SHA-1': 'HS1', 'SHA-256': 'HS256', 'SHA-384': 'HS384', 'SHA-512': 'HS512' },
  'RSASSA-PKCS1-v1_5': { 'SHA-1': 'RS1', 'SHA-256': 'RS256', 'SHA-384': 'RS384', 'SHA-512': 'RS512' },
  'RSA-PSS': { 'SHA-1': 'PS1', 'SHA-256': 'PS256', 'SHA-384': 'PS384', 'SHA-512': 'PS512' },
  'RSA-OAEP': { 'SHA-1': 'RSA-OAEP', 'SHA-256': 'RSA-OAEP-256', 'SHA-384': 'RSA-OAEP-384', 'SHA-512': 'RSA-OAEP-512' },
};
const USAGES = {
  HMAC: { secret: ['sign', 'verify'] },
  'AES-GCM': { secret: ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'] },
  'RSASSA-PKCS1-v1_5': { private: ['sign'], public: ['verify'] },
  'RSA-PSS': { private: ['sign'], public: ['verify'] },
  ECDSA: { private: ['sign'], public: ['verify'] },
  'RSA-OAEP': { private: ['decrypt', 'unwrapKey'], public: ['encrypt', 'wrapKey'] },
};

const notSupported = () => new DOMException('Unrecognized algorithm name', 'NotSupportedError');
const dataError = (message = 'Invalid keyData') => new DOMException(message, 'DataError');
const operationError = () =>
  new DOMException('The operation failed for an operation-specific reason', 'OperationError');

function algorithmName(name) {
  const found = ALGORITHMS.find((known) => known.toUpperCase() === String(name).toUpperCase());
  if (!found) throw notSupported();
  return found;
}

/// `{ name, …params }` with the canonical name and, when given, the hash as `{ name }`.
function normalize(algorithm) {
  const given = typeof algorithm === 'string' ? { name: algorithm } : { ...algorithm };
  if (given.name === undefined)
    throw new TypeError('Member AlgorithmIdentifier.name is required and must be an instance of DOMString');
  given.name = algorithmName(given.name);
  if (given.hash !== undefined) {
    const hash = algorithmName(typeof given.hash === 'string' ? given.hash : given.hash.name);
    if (!HASHES[hash]) throw notSupported();
    given.hash = { name: hash };
  }
  return given;
}

// `dictionary` is the WebIDL name Bun's message gives (RsaHashedImportParams, …).
function requireHash(algorithm, dictionary) {
  if (!algorithm.hash) {
    const error = new TypeError(
      `Member ${dictionary}.hash is required and must be an instance of (object or DOMString)`,
    );
    error.code = 'ERR_MISSING_OPTION';
    throw error;
  }
  return algorithm.hash;
}

const keys = new WeakMap();
const token = Symbol('CryptoKey');
class CryptoKey {
  constructor(secret, type, extractable, algorithm, usages, bytes, kind) {
    if (secret !== token) {
      const error = new TypeError('Illegal constructor');
      error.code = 'ERR_ILLEGAL_CONSTRUCTOR';
      throw error;
    }
    keys.set(this, { type, extractable, algorithm, usages, bytes, kind });
  }
  get type() {
    return keys.get(this).type;
  }
  get extractable() {
    return keys.get(this).extractable;
  }
  get algorithm() {
    return keys.get(this).algorithm;
  }
  get usages() {
    return keys.get(this).usages;
  }
  get [Symbol.toStringTag]() {
    return 'CryptoKey';
  }
}

// `importing` is false for generateKey, whose messages differ a little in Bun.
function checkUsages(name, type, usages, importing) {
  const allowed = USAGES[name][type] || [];
  const what = name === 'AES-GCM' ? 'an AES' : name === 'HMAC' && importing ? 'HMAC' : `an ${name}`;
  for (const usage of usages) {
    if (!allowed.includes(usage)) throw new SyntaxError(`Unsupported key usage for ${what} key`);
  }
  if (usages.length === 0 && type !== 'public')
    throw new SyntaxError(`Usages cannot be empty when ${importing ? 'importing' : 'creating'} a ${type} key.`);
}

function makeKey(type, extractable, algorithm, usages, bytes, kind, importing = true) {
  checkUsages(algorithm.name, type, usages, importing);
  // Bun lists usages in a fixed order, whatever order they came in.
  const ordered = ['encrypt', 'decrypt', 'sign', 'verify', 'deriveKey', 'deriveBits', 'wrapKey', 'unwrapKey'].filter(
    (u) => usages.includes(u),
  );
  return new CryptoKey(token, type, !!extractable, algorithm, ordered, bytes, kind);
}

function b64url(bytes) {
  return base64Encode(bytes, true);
}

function parseKey(format, data) {
  try {
    const [kind, type, der, bits] = host.keyParse(format, data);
    return { kind, type, der: new Uint8Array(der), bits };
  } catch {
    throw dataError();
  }
}

function asymmetricAlgorithm(algorithm, parsed) {
  if (algorithm.name === 'ECDSA') {
    if (parsed.kind !== 'ec') throw dataError('Invalid key type');
    // crypto.subtle's EC keys are on P-256 here.
    if (algorithm.namedCurve !== 'P-256' || parsed.bits !== 256) throw dataError('Named curve mismatch');
    return { name: 'ECDSA', namedCurve: 'P-256' };
  }
  if (parsed.kind !== 'rsa') throw dataError('Invalid key type');
  const jwk = JSON.parse(host.keyExport('rsa', 'public', publicDer(parsed), 'jwk'));
  return {
    name: algorithm.name,
    modulusLength: parsed.bits,
    publicExponent: base64Decode(jwk.e),
    hash: requireHash(algorithm, 'RsaHashedImportParams'),
  };
}

function publicDer(parsed) {
  return parsed.type === 'public' ? bufferOf(parsed.der) : host.keyPublic(parsed.kind, bufferOf(parsed.der));
}

function importSecret(format, keyData, algorithm, extractable, usages) {
  let bytes;
  if (format === 'raw') bytes = bytesOf(keyData).slice();
  else if (format === 'jwk') {
    if (!keyData || keyData.kty !== 'oct' || typeof keyData.k !== 'string') throw dataError();
    bytes = base64Decode(keyData.k);
  } else throw new DOMException(`Unsupported import key format for algorithm`, 'NotSupportedError');
  if (algorithm.name === 'HMAC') {
    const hash = requireHash(algorithm, 'HmacImportParams');
    if (bytes.length === 0) throw dataError();
    return makeKey('secret', extractable, { name: 'HMAC', hash, length: bytes.length * 8 }, usages, bytes);
  }
  if (![16, 24, 32].includes(bytes.length)) throw dataError('Data provided to an operation does not meet requirements');
  return makeKey('secret', extractable, { name: algorithm.name, length: bytes.length * 8 }, usages, bytes);
}

function importAsymmetric(format, keyData, algorithm, extractable, usages) {
  let parsed;
  if (format === 'jwk') parsed = parseKey('jwk', JSON.stringify(keyData));
  else if (format === 'pkcs8' || format === 'spki') {
    if (!(keyData instanceof ArrayBuffer || ArrayBuffer.isView(keyData)))
      throw new TypeError("Argument 2 ('keyData') must be an instance of ArrayBufferView or ArrayBuffer");
    parsed = parseKey(format, bufferOf(keyData));
  } else if (format === 'raw' && algorithm.name === 'ECDSA') parsed = parseKey('ec-raw', bufferOf(keyData));
  else throw new DOMException('Unsupported import key format for algorithm', 'NotSupportedError');
  return makeKey(parsed.type, extractable, asymmetricAlgorithm(algorithm, parsed), usages, parsed.der, parsed.kind);
}

function keyOf(key, algorithm, usage) {
  if (!(key instanceof CryptoKey)) throw new TypeError(`Argument 2 ('key') must be an instance of CryptoKey`);
  const data = keys.get(key);
  if (data.algorithm.name !== algorithm.name) throw new DOMException('Key algorithm mismatch', 'InvalidAccessError');
  if (!data.usages.includes(usage)) throw new DOMException(`Unable to use this key to ${usage}`, 'InvalidAccessError');
  return data;
}

function hmacOf(data, message) {
  return new Uint8Array(host.hmac(HASHES[data.algorithm.hash.name], bufferOf(data.bytes), bufferOf(message)));
}

function signatureScheme(algorithm, data) {
  switch (algorithm.name) {
    case 'RSASSA-PKCS1-v1_5':
      return ['pkcs1', data.algorithm.hash.name];
    case 'RSA-PSS': {
      if (typeof algorithm.saltLength !== 'number')
        throw new TypeError('Member RsaPssParams.saltLength is required and must be an instance of unsigned long');
      return ['pss', data.algorithm.hash.name, algorithm.saltLength];
    }
    case 'ECDSA':
      return ['ecdsa-p1363', requireHash(algorithm, 'EcdsaParams').name];
    default:
      throw notSupported();
  }
}

function gcmParams(algorithm) {
  if (algorithm.iv === undefined) throw new TypeError('Member AesGcmParams.iv is required');
  if (algorithm.tagLength !== undefined && algorithm.tagLength !== 128)
    throw new DOMException('tagLength other than 128 bits is not supported by this runtime', 'NotSupportedError');
  const iv = bufferOf(algorithm.iv);
  if (iv.byteLength !== 12)
    throw new DOMException('an AES-GCM iv other than 12 bytes is not supported by this runtime', 'NotSupportedError');
  return [iv, algorithm.additionalData === undefined ? undefined : bufferOf(algorithm.additionalData)];
}

function cipher(encrypt, algorithm, key, data) {
  algorithm = normalize(algorithm);
  const keyData = keyOf(key, algorithm, encrypt ? 'encrypt' : 'decrypt');
  try {
    if (algorithm.name === 'AES-GCM') {
      const [iv, aad] = gcmParams(algorithm);
      return host.aesGcm(encrypt, bufferOf(keyData.bytes), iv, bufferOf(data), aad);
    }
    if (algorithm.name === 'RSA-OAEP') {
      const label = algorithm.label === undefined ? undefined : bufferOf(algorithm.label);
      return host.rsaOaep(encrypt, HASHES[keyData.algorithm.hash.name], bufferOf(keyData.bytes), bufferOf(data), label);
    }
  } catch (error) {
    if (error instanceof DOMException || error instanceof TypeError) throw error;
    throw operationError();
  }
  throw notSupported();
}

function exportJwk(data, extractable) {
  const { algorithm } = data;
  let jwk;
  if (data.type === 'secret') jwk = { kty: 'oct', k: b64url(data.bytes) };
  else jwk = JSON.parse(host.keyExport(data.kind, data.type, bufferOf(data.bytes), 'jwk'));
  const alg =
    algorithm.name === 'AES-GCM'
      ? `A${algorithm.length}GCM`
      : JWK_ALG[algorithm.name] && JWK_ALG[algorithm.name][algorithm.hash && algorithm.hash.name];
  if (alg) jwk.alg = alg;
  jwk.ext = extractable;
  jwk.key_ops = data.usages.slice();
  // Bun writes a JWK's members in alphabetical order.
  const sorted = {};
  for (const name of Object.keys(jwk).sort()) sorted[name] = jwk[name];
  return sorted;
}

function generateAsymmetric(algorithm) {
  if (algorithm.name === 'ECDSA') {
    if (algorithm.namedCurve !== 'P-256') throw new DOMException('Named curve not supported', 'NotSupportedError');
    return { kind: 'ec', type: 'private', der: new Uint8Array(host.keyGenerate('ec')), bits: 256 };
  }
  const exponent = bytesOf(algorithm.publicExponent || new Uint8Array([1, 0, 1])).reduce((n, b) => n * 256 + b, 0);
  let der;
  try {
    der = host.keyGenerate('rsa', algorithm.modulusLength, exponent);
  } catch {
    throw operationError();
  }
  return { kind: 'rsa', type: 'private', der: new Uint8Array(der), bits: algorithm.modulusLength };
}

const subtle = {
  async digest(algorithm, data) {
    const name = normalize(algorithm).name;
    if (!HASHES[name]) throw notSupported();
    return host.hash(HASHES[name], bufferOf(data));
  },
  async importKey(format, keyData, algorithm, extractable, usages) {
    algorithm = normalize(algorithm);
    usages = Array.from(usages);
    if (HASHES[algorithm.name]) throw notSupported();
    if (algorithm.name === 'HMAC' || algorithm.name === 'AES-GCM')
      return importSecret(format, keyData, algorithm, extractable, usages);
    return importAsymmetric(format, keyData, algorithm, extractable, usages);
  },
  async exportKey(format, key) {
    if (!(key instanceof CryptoKey)) throw new TypeError(`Argument 2 ('key') must be an instance of CryptoKey`);
    const data = keys.get(key);
    if (!data.extractable) throw new DOMException('key is not extractable', 'InvalidAccessError');
    if (format === 'jwk') return exportJwk(data, data.extractable);
    if (format === 'raw' && data.type === 'secret') return bufferOf(data.bytes);
    if (format === 'raw' && data.kind === 'ec' && data.type === 'public')
      return host.keyExport('ec', 'public', bufferOf(data.bytes), 'raw');
    if ((format === 'pkcs8' && data.type === 'private') || (format === 'spki' && data.type === 'public'))
      return bufferOf(data.bytes);
    throw new DOMException('The CryptoKey is not of the expected type', 'InvalidAccessError');
  },
  async generateKey(algorithm, extractable, usages) {
    algorithm = normalize(algorithm);
    usages = Array.from(usages);
    if (algorithm.name === 'HMAC') {
      const hash = requireHash(algorithm, 'HmacKeyGenParams');
      const length = algorithm.length === undefined ? HASH_BLOCK_BITS[hash.name] : algorithm.length;
      const bytes = new Uint8Array(host.randomBytes(Math.ceil(length / 8)));
      return makeKey('secret', extractable, { name: 'HMAC', hash, length }, usages, bytes, undefined, false);
    }
    if (algorithm.name === 'AES-GCM') {
      if (![128, 192, 256].includes(algorithm.length))
        throw new DOMException('AES key length must be 128, 192 or 256 bits', 'OperationError');
      return makeKey(
        'secret',
        extractable,
        { name: 'AES-GCM', length: algorithm.length },
        usages,
        new Uint8Array(host.randomBytes(algorithm.length / 8)),
        undefined,
        false,
      );
    }
    if (!USAGES[algorithm.name] || HASHES[algorithm.name]) throw notSupported();
    const parsed = generateAsymmetric(algorithm);
    const keyAlgorithm = asymmetricAlgorithm(algorithm, parsed);
    const { private: privateUsages, public: publicUsages } = USAGES[algorithm.name];
    for (const usage of usages) {
      if (!privateUsages.includes(usage) && !publicUsages.includes(usage))
        throw new SyntaxError('A required parameter was missing or out-of-range');
    }
    const publicKey = makeKey(
      'public',
      true,
      keyAlgorithm,
      usages.filter((u) => publicUsages.includes(u)),
      new Uint8Array(publicDer(parsed)),
      parsed.kind,
      false,
    );
    const privateKey = makeKey(
      'private',
      extractable,
      keyAlgorithm,
      usages.filter((u) => privateUsages.includes(u)),
      parsed.der,
      parsed.kind,
      false,
    );
    return { publicKey, privateKey };
  },
  async sign(algorithm, key, data) {
    algorithm = normalize(algorithm);
    const keyData = keyOf(key, algorithm, 'sign');
    if (algorithm.name === 'HMAC') return bufferOf(hmacOf(keyData, data));
    const [scheme, hash, salt] = signatureScheme(algorithm, keyData);
    try {
      return host.sign(scheme, HASHES[hash], bufferOf(keyData.bytes), bufferOf(data), salt);
    } catch {
      throw operationError();
    }
  },
  async verify(algorithm, key, signature, data) {
    algorithm = normalize(algorithm);
    const keyData = keyOf(key, algorithm, 'verify');
    if (algorithm.name === 'HMAC') {
      const expected = hmacOf(keyData, data);
      const given = bytesOf(signature);
      if (given.length !== expected.length) return false;
      let diff = 0;
      for (let i = 0; i < given.length; i++) diff |= given[i] ^ expected[i];
      return diff === 0;
    }
    const [scheme, hash, salt] = signatureScheme(algorithm, keyData);
    return host.verify(scheme, HASHES[hash], bufferOf(keyData.bytes), bufferOf(data), bufferOf(signature), salt);
  },
  async encrypt(algorithm, key, data) {
    return cipher(true, algorithm, key, data);
  },
  async decrypt(algorithm, key, data) {
    return cipher(false, algorithm, key, data);
  },
};

return { subtle, CryptoKey };
