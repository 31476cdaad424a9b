// ---- node/crypto.js: node:crypto
const { encodeString, bufferOf, toBuffer, Buffer, receivedText } = need('internal/buffer');
const { randomBytesArray, randomUUID, getRandomValues, subtle } = need('web/crypto');

function coded(Kind, code, message) {
  const error = new Kind(message);
  error.code = code;
  return error;
}

function invalidArgType(name, expected, value) {
  const kind = name.includes('.') ? 'property' : 'argument';
  return coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" ${kind} must be ${expected}. ${receivedText(value)}`);
}

// Node's way of showing a large integer in a range error: 1_000_000_000_000.
function separated(value) {
  if (!Number.isInteger(value) || Math.abs(value) <= 2 ** 32) return String(value);
  const digits = String(BigInt(value));
  const sign = digits.startsWith('-') ? '-' : '';
  const body = sign ? digits.slice(1) : digits;
  let out = '';
  for (let end = body.length; end > 0; end -= 3) out = `_${body.slice(Math.max(0, end - 3), end)}${out}`;
  return sign + out.slice(1);
}

function validateUint32(value, name) {
  if (typeof value !== 'number') throw invalidArgType(name, 'of type number', value);
  const range = !Number.isInteger(value)
    ? 'an integer'
    : value < 0 || value > 4294967295
      ? '>= 0 && <= 4294967295'
      : '';
  if (range)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "${name}" is out of range. It must be ${range}. Received ${separated(value)}`,
    );
}

// BoringSSL's packed reasons, as Bun reports them.
function osslError(reason) {
  const packed = { NOT_XOF_OR_INVALID_LENGTH: '06000087' }[reason];
  return coded(Error, `ERR_OSSL_EVP_${reason}`, `error:${packed}:public key routines:OPENSSL_internal:${reason}`);
}

// Hash and Hmac are Transform streams, as Node's are, but node:stream is
// loaded only when one is used as a stream: the methods below set the
// stream up on first call (Node's LazyTransform), so a tool that only
// updates and digests parses no node:stream.
function LazyTransform(options) {
  this._options = options;
}
let streamKind;
function asStream(self) {
  if (streamKind === undefined) {
    streamKind = need('node/stream').Transform;
    Object.setPrototypeOf(LazyTransform.prototype, streamKind.prototype);
  }
  if (!Object.hasOwn(self, '_readableState')) {
    // Strings reach _transform with their encoding, as update() takes them.
    streamKind.call(self, { ...self._options, decodeStrings: false });
  }
  return streamKind.prototype;
}
const STREAM_METHODS = [
  'write',
  'end',
  'read',
  'pipe',
  'unpipe',
  'on',
  'once',
  'off',
  'addListener',
  'prependListener',
  'prependOnceListener',
  'removeListener',
  'removeAllListeners',
  'emit',
  'listeners',
  'listenerCount',
  'setEncoding',
  'pause',
  'resume',
  'isPaused',
  'destroy',
  'cork',
  'uncork',
  'push',
  'unshift',
  'wrap',
  'setDefaultEncoding',
];
for (const name of STREAM_METHODS) {
  LazyTransform.prototype[name] = function streamMethod(...args) {
    return asStream(this)[name].apply(this, args);
  };
}
LazyTransform.prototype[Symbol.asyncIterator] = function asyncIterator() {
  return asStream(this)[Symbol.asyncIterator].call(this);
};
LazyTransform.prototype._transform = function _transform(chunk, encoding, callback) {
  this.update(chunk, encoding);
  callback();
};
// As Node's: the handle's digest, leaving digest() callable once more.
LazyTransform.prototype._flush = function _flush(callback) {
  this.push(toBuffer(new Uint8Array(host.hasherDigest(this[kHandle]))));
  callback();
};

const kHandle = Symbol('hasher');
const kFinalized = Symbol('finalized');

function hashFinalized() {
  return coded(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
}

// The encodings host.hasherDigest writes itself; any other goes through Buffer.
const NATIVE_ENCODINGS = new Set(['hex', 'base64', 'base64url', 'latin1', 'binary']);

function finish(handle, outputEncoding) {
  const encoding = `${outputEncoding || 'buffer'}`;
  if (NATIVE_ENCODINGS.has(encoding)) return host.hasherDigest(handle, encoding);
  const buffer = toBuffer(new Uint8Array(host.hasherDigest(handle)));
  return encoding !== 'buffer' && Buffer.isEncoding(encoding) ? buffer.toString(encoding) : buffer;
}

function feed(self, data, encoding) {
  if (typeof data === 'string') {
    if (String(encoding).toLowerCase() === 'hex' && data.length % 2 !== 0)
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_VALUE',
        `The argument 'encoding' is invalid for data of length ${data.length}. Received '${encoding}'`,
      );
    const utf8 = encoding === undefined || encoding === 'utf8' || encoding === 'utf-8';
    host.hasherUpdate(self[kHandle], utf8 ? data : bufferOf(encodeString(data, encoding)));
  } else if (ArrayBuffer.isView(data)) {
    host.hasherUpdate(self[kHandle], bufferOf(data));
  } else {
    throw invalidArgType('data', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
  }
  return self;
}

function outputLengthOf(options) {
  const length = options !== null && typeof options === 'object' ? options.outputLength : undefined;
  if (length !== undefined) validateUint32(length, 'options.outputLength');
  return length;
}

function Hash(algorithm, options) {
  if (!new.target) return new Hash(algorithm, options);
  const length = outputLengthOf(options);
  if (algorithm instanceof Hash) {
    this[kHandle] = host.hasherCopy(algorithm[kHandle], length);
  } else {
    if (typeof algorithm !== 'string') throw invalidArgType('algorithm', 'of type string', algorithm);
    let handle;
    try {
      handle = host.hasherInit(algorithm, undefined, length);
    } catch (error) {
      throw osslError(String(error.message));
    }
    if (handle === null) throw new Error('Digest method not supported');
    this[kHandle] = handle;
  }
  this[kFinalized] = false;
  LazyTransform.call(this, options);
}
Object.setPrototypeOf(Hash.prototype, LazyTransform.prototype);
Hash.prototype.update = function update(data, encoding) {
  if (this[kFinalized]) throw hashFinalized();
  return feed(this, data, encoding);
};
Hash.prototype.digest = function digest(outputEncoding) {
  if (this[kFinalized]) throw hashFinalized();
  const out = finish(this[kHandle], outputEncoding);
  this[kFinalized] = true;
  return out;
};
Hash.prototype.copy = function copy(options) {
  if (this[kFinalized]) throw hashFinalized();
  return new Hash(this, options);
};

// Bun's HMAC takes the digests getHashes lists, not BLAKE2 or SHAKE.
function Hmac(hmac, key, options) {
  if (!new.target) return new Hmac(hmac, key, options);
  if (typeof hmac !== 'string') throw invalidArgType('hmac', 'of type string', hmac);
  let bytes;
  if (typeof key === 'string') bytes = key;
  else if (ArrayBuffer.isView(key)) bytes = bufferOf(key);
  else if (key instanceof ArrayBuffer) bytes = key.slice(0);
  else if (key instanceof KeyObject && key.type === 'secret') bytes = bufferOf(key.export());
  else
    throw invalidArgType(
      'key',
      'of type string or an instance of ArrayBuffer, Buffer, TypedArray, DataView, KeyObject, or CryptoKey',
      key,
    );
  const invalid = () => coded(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${hmac}`);
  if (/^(blake2|shake)/i.test(hmac.replace(/^rsa-/i, ''))) throw invalid();
  let handle;
  try {
    handle = host.hasherInit(hmac, bytes);
  } catch {
    throw invalid();
  }
  if (handle === null) throw invalid();
  this[kHandle] = handle;
  this[kFinalized] = false;
  LazyTransform.call(this, options);
}
Object.setPrototypeOf(Hmac.prototype, LazyTransform.prototype);
Hmac.prototype.update = Hash.prototype.update;
// A second digest() gives an empty digest, as Node's and Bun's do.
Hmac.prototype.digest = function digest(outputEncoding) {
  if (this[kFinalized]) {
    const empty = Buffer.alloc(0);
    const encoding = `${outputEncoding || 'buffer'}`;
    return encoding === 'buffer' ? empty : empty.toString(encoding);
  }
  this[kFinalized] = true;
  return finish(this[kHandle], outputEncoding);
};

// crypto.Hash and crypto.Hmac themselves are deprecated (DEP0179, DEP0181):
// calling them warns once; createHash and createHmac do not.
function deprecatedKind(Kind, message, code) {
  let warned = false;
  function deprecated(...args) {
    if (!warned) {
      warned = true;
      process.emitWarning(message, 'DeprecationWarning', code);
    }
    return Reflect.construct(Kind, args, new.target ?? Kind);
  }
  Object.defineProperty(deprecated, 'length', { value: Kind.length });
  Object.setPrototypeOf(deprecated, Kind);
  deprecated.prototype = Kind.prototype;
  return deprecated;
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

// getCipherInfo's answers for the ciphers above: OpenSSL's NIDs and names
// (GCM's are `id-aesN-gcm`), with an IV only where the mode takes one.
const NIDS = {
  ecb: [418, 422, 426],
  cbc: [419, 423, 427],
  ofb: [420, 424, 428],
  cfb: [421, 425, 429],
  ctr: [904, 905, 906],
  gcm: [895, 898, 901],
};
const CIPHER_INFO = CIPHERS.map((name) => {
  const [, bits, mode] = name.split('-');
  const size = ['128', '192', '256'].indexOf(bits);
  const info = {
    mode,
    name: mode === 'gcm' ? `id-aes${bits}-gcm` : name,
    nid: NIDS[mode][size],
    blockSize: mode === 'cbc' || mode === 'ecb' ? 16 : 1,
  };
  if (mode !== 'ecb') info.ivLength = mode === 'gcm' ? 12 : 16;
  info.keyLength = Number(bits) / 8;
  return info;
});

function getCipherInfo(nameOrNid, options) {
  if (typeof nameOrNid !== 'string' && typeof nameOrNid !== 'number')
    throw invalidArgType('nameOrNid', 'of type string or number', nameOrNid);
  let keyLength;
  let ivLength;
  if (options !== undefined) {
    if (options === null || typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
    ({ keyLength, ivLength } = options);
    if (keyLength !== undefined && typeof keyLength !== 'number')
      throw invalidArgType('keyLength', 'of type number', keyLength);
    if (ivLength !== undefined && typeof ivLength !== 'number')
      throw invalidArgType('ivLength', 'of type number', ivLength);
  }
  const wanted = typeof nameOrNid === 'string' ? nameOrNid.toLowerCase() : nameOrNid;
  const alias = { aes128: 'aes-128-cbc', aes192: 'aes-192-cbc', aes256: 'aes-256-cbc' }[wanted] ?? wanted;
  const found = CIPHER_INFO.find(
    (info) => info.nid === alias || info.name === alias || CIPHERS[CIPHER_INFO.indexOf(info)] === alias,
  );
  if (found === undefined) return undefined;
  if (keyLength !== undefined && keyLength !== found.keyLength) return undefined;
  // GCM takes an IV of any length; the other modes only their own.
  if (ivLength !== undefined && (found.mode === 'gcm' ? ivLength < 1 : ivLength !== found.ivLength)) return undefined;
  const info = { ...found };
  if (ivLength !== undefined) info.ivLength = ivLength;
  return info;
}

// Bun's checks and words for randomInt: safe integers, max > min, a range
// below 2 ** 48, an optional callback.
function safeIntegerArg(value, name) {
  if (!Number.isSafeInteger(value)) throw invalidArgType(name, 'a safe integer', value);
}
function randomInt(min, max, callback) {
  if (typeof max === 'undefined' || typeof max === 'function') {
    callback = max;
    max = min;
    min = 0;
  }
  if (callback !== undefined && typeof callback !== 'function')
    throw invalidArgType('callback', 'of type function', callback);
  safeIntegerArg(min, 'min');
  safeIntegerArg(max, 'max');
  if (max <= min)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "max" is out of range. It must be greater than the value of "min" (${min}). Received ${max}`,
    );
  const range = max - min;
  if (range > 2 ** 48 - 1)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "max - min" is out of range. It must be <= 281474976710655. Received ${separatedAlways(range)}`,
    );
  // Rejection sampling over 48 random bits: every value equally likely.
  const limit = 2 ** 48 - (2 ** 48 % range);
  let value;
  do {
    const bytes = new Uint8Array(host.randomBytes(6));
    value = bytes.reduce((sum, byte) => sum * 256 + byte, 0);
  } while (value >= limit);
  const result = min + (value % range);
  if (callback === undefined) return result;
  queueMicrotask(() => callback(null, result));
  return undefined;
}
function separatedAlways(value) {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '_');
}

// Bun's checks and words for crypto.randomUUID's options.
function nodeRandomUUID(options) {
  if (options !== undefined) {
    if (options === null || typeof options !== 'object')
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_TYPE',
        `The "options" property must be of type object, got ${options === null ? 'object' : typeof options}`,
      );
    const { disableEntropyCache } = options;
    if (disableEntropyCache !== undefined && typeof disableEntropyCache !== 'boolean')
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_TYPE',
        `The "options.disableEntropyCache" property must be of type boolean, got ${typeof disableEntropyCache}`,
      );
  }
  return randomUUID();
}

// crypto.hash with Bun's checks and words (Bun takes an encoding, not
// Node 24's options object).
function oneShotHash(algorithm, data, outputEncoding = 'hex') {
  if (typeof algorithm !== 'string') throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'algorithm must be a string');
  if (typeof data !== 'string' && !ArrayBuffer.isView(data) && !(data instanceof ArrayBuffer))
    throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'input must be a string, ArrayBuffer, ArrayBufferView or Blob');
  if (typeof outputEncoding !== 'string')
    throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'output must be of type string or ArrayBuffer or ArrayBufferView');
  const handle = host.hasherInit(algorithm);
  if (handle === null) throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', `Unsupported algorithm "${algorithm}"`);
  if (outputEncoding !== 'buffer' && !Buffer.isEncoding(outputEncoding))
    throw coded(TypeError, 'ERR_INVALID_ARG_VALUE', `Unknown encoding: ${outputEncoding}`);
  host.hasherUpdate(handle, typeof data === 'string' ? data : bufferOf(data));
  return finish(handle, outputEncoding);
}

const nodeCrypto = {
  randomUUID: nodeRandomUUID,
  getCipherInfo,
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
  randomInt,
  createHash: (algorithm, options) => new Hash(algorithm, options),
  createHmac: (hmac, key, options) => new Hmac(hmac, key, options),
  Hash: deprecatedKind(Hash, 'crypto.Hash constructor is deprecated.', 'DEP0179'),
  Hmac: deprecatedKind(Hmac, 'crypto.Hmac constructor is deprecated.', 'DEP0181'),
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
  hash: oneShotHash,
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
