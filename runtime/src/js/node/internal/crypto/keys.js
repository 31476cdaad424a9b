// ---- node/internal/crypto/keys.js: node:crypto's KeyObject, createPrivateKey/createPublicKey/createSecretKey,
// createSign/createVerify, the one-shot sign/verify, pbkdf2, scrypt and timingSafeEqual,
// over host.keyParse, host.sign, host.pbkdf2, …
// Errors carry Node's codes and the OpenSSL messages Bun gives.
const { encodeString, decodeBytes, bytesOf, bufferOf, toBuffer, Buffer, base64Decode, receivedText, shownNumber } =
  need('internal/buffer');

// A refused value as Node's and Bun's messages show it (util.inspect).
const shown = (value) => need('internal/inspect').inspect(value);

// An EC key's curve by its size, as Node names it.
const EC_CURVE_NAMES = { 256: 'prime256v1', 384: 'secp384r1', 521: 'secp521r1' };

// host.keyParse's reasons as Bun reports them.
const OPENSSL = {
  NO_START_LINE: ['ERR_OSSL_PEM_NO_START_LINE', 'error:0900006e:PEM routines:OPENSSL_internal:NO_START_LINE'],
  BAD_END_LINE: ['ERR_OSSL_PEM_BAD_END_LINE', 'error:09000066:PEM routines:OPENSSL_internal:BAD_END_LINE'],
  BAD_BASE64_DECODE: [
    'ERR_OSSL_PEM_BAD_BASE64_DECODE',
    'error:09000064:PEM routines:OPENSSL_internal:BAD_BASE64_DECODE',
  ],
  DECODE_ERROR: ['ERR_OSSL_ASN1_DECODE_ERROR', 'error:0c00006d:ASN.1 encoding routines:OPENSSL_internal:DECODE_ERROR'],
  UNSUPPORTED_ALGORITHM: [
    'ERR_OSSL_EVP_UNSUPPORTED_ALGORITHM',
    'error:06000080:public key routines:OPENSSL_internal:UNSUPPORTED_ALGORITHM',
  ],
  JWK_INVALID: ['ERR_CRYPTO_INVALID_JWK', 'Invalid JWK data'],
  BAD_DECRYPT: ['ERR_OSSL_BAD_DECRYPT', 'error:1e000065:Cipher functions:OPENSSL_internal:BAD_DECRYPT'],
};

function parse(format, data, passphrase) {
  try {
    const [kind, type, der, bits] = host.keyParse(
      format,
      data,
      passphrase === undefined || passphrase === null ? undefined : bufferOf(passphraseBytes(passphrase)),
    );
    return { kind, type, der: new Uint8Array(der), bits };
  } catch (error) {
    const reason = String(error && error.message);
    if (reason === 'ENCRYPTED_KEY')
      throw coded(TypeError, 'ERR_MISSING_PASSPHRASE', 'Passphrase required for encrypted key');
    if (reason === 'UNSUPPORTED_CURVE')
      throw coded(
        Error,
        'ERR_CRYPTO_UNSUPPORTED_CURVE',
        'only the P-256, P-384 and P-521 curves are supported by this runtime',
      );
    const [code, message] = OPENSSL[reason] || OPENSSL.DECODE_ERROR;
    throw coded(reason === 'JWK_INVALID' ? TypeError : Error, code, message);
  }
}

// node:crypto's `KeyObject` is a small class there, so that importing the
// module does not run this unit; the keys made here are of this subclass.
const { KeyObject: PublicKeyObject, keyObjectToken, coded } = need('node/crypto');
const keyObjects = new WeakMap();
class KeyObject extends PublicKeyObject {
  constructor(data) {
    super(keyObjectToken);
    keyObjects.set(this, data);
  }
  get type() {
    return keyObjects.get(this).type;
  }
  get asymmetricKeyType() {
    const d = keyObjects.get(this);
    return d.type === 'secret' ? undefined : d.kind;
  }
  get symmetricKeySize() {
    const d = keyObjects.get(this);
    return d.type === 'secret' ? d.der.length : undefined;
  }
  get asymmetricKeyDetails() {
    const d = keyObjects.get(this);
    if (d.type === 'secret') return undefined;
    if (d.kind === 'ec') return { namedCurve: EC_CURVE_NAMES[d.bits] };
    if (d.kind === 'ed25519' || d.kind === 'x25519') return {};
    const jwk = JSON.parse(host.keyExport('rsa', 'public', publicDer(d), 'jwk'));
    const e = base64Decode(jwk.e).reduce((n, b) => n * 256n + BigInt(b), 0n);
    return { modulusLength: d.bits, publicExponent: e };
  }
  equals(other) {
    if (!(other instanceof KeyObject))
      throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "otherKeyObject" argument must be an instance of KeyObject.');
    const a = keyObjects.get(this),
      b = keyObjects.get(other);
    return a.type === b.type && a.der.length === b.der.length && a.der.every((byte, i) => byte === b.der[i]);
  }
  export(options) {
    const d = keyObjects.get(this);
    if (d.type === 'secret') {
      if (options && options.format === 'jwk') return { kty: 'oct', k: decodeBytes(d.der, 'base64url') };
      return toBuffer(d.der.slice());
    }
    if (options === null || typeof options !== 'object')
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_TYPE',
        `The "options" argument must be of type object. Received ${options === null ? 'null' : typeof options === 'undefined' ? 'undefined' : `type ${typeof options}`}`,
      );
    const format = options.format;
    if (format === 'jwk') return JSON.parse(host.keyExport(d.kind, d.type, bufferOf(d.der), 'jwk'));
    if (format !== 'pem' && format !== 'der')
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_VALUE',
        `The property 'options.format' is invalid. Received ${shown(format)}`,
      );
    const type = options.type;
    const natural = d.type === 'private' ? 'pkcs8' : 'spki';
    if (d.type === 'private' && options.cipher !== undefined && ['pkcs8', 'pkcs1', 'sec1'].includes(type)) {
      incompatible(type, d.kind);
      checkCipher(type, format, options.cipher, options.passphrase, 'options');
      if (type === 'pkcs8') {
        const sealed = toBuffer(
          new Uint8Array(
            host.keyEncrypt(
              bufferOf(d.der),
              bufferOf(passphraseBytes(options.passphrase)),
              options.cipher.toLowerCase(),
            ),
          ),
        );
        if (format === 'der') return sealed;
        const lines = sealed.toString('base64').match(/.{1,64}/g) || [];
        return `-----BEGIN ENCRYPTED PRIVATE KEY-----\n${lines.join('\n')}\n-----END ENCRYPTED PRIVATE KEY-----\n`;
      }
    }
    if (type === natural)
      return format === 'der'
        ? toBuffer(d.der.slice())
        : host.keyExport(d.kind, d.type, bufferOf(d.der), `${type}-pem`);
    const allowed = d.type === 'private' ? ['pkcs1', 'sec1'] : ['pkcs1'];
    if (!allowed.includes(type))
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_VALUE',
        `The property 'options.type' is invalid. Received ${shown(type)}`,
      );
    incompatible(type, d.kind);
    if (d.type === 'private' && options.cipher !== undefined) {
      return encryptPem(
        type === 'pkcs1' ? 'RSA PRIVATE KEY' : 'EC PRIVATE KEY',
        new Uint8Array(host.keyExport(d.kind, d.type, bufferOf(d.der), `${type}-der`)),
        options.cipher,
        options.passphrase,
      );
    }
    const out = host.keyExport(d.kind, d.type, bufferOf(d.der), `${type}-${format}`);
    return typeof out === 'string' ? out : toBuffer(new Uint8Array(out));
  }
  get [Symbol.toStringTag]() {
    return 'KeyObject';
  }
}

// PKCS#1 is for RSA keys and SEC1 for EC keys alone.
function incompatible(type, kind) {
  if (type === 'pkcs1' && kind !== 'rsa')
    throw coded(
      Error,
      'ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS',
      'The selected key encoding pkcs1 can only be used for RSA keys.',
    );
  if (type === 'sec1' && kind !== 'ec')
    throw coded(
      Error,
      'ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS',
      'The selected key encoding sec1 can only be used for EC keys.',
    );
}

// ---- encrypted PEM: OpenSSL's traditional `Proc-Type: 4,ENCRYPTED` form of
// PKCS#1 and SEC1 keys (AES-CBC, the key from EVP_BytesToKey with MD5 and the
// IV's first 8 bytes as salt), written and read here over createCipheriv.
const PEM_CIPHERS = { 'aes-128-cbc': 16, 'aes-192-cbc': 24, 'aes-256-cbc': 32 };
// PKCS#8's PBES2 ciphers host.keyEncrypt writes.
const PKCS8_CIPHERS = ['aes-128-cbc', 'aes-256-cbc'];
const cipherUnit = () => need('node/internal/crypto/cipher').nodeCipher;

function passphraseBytes(passphrase) {
  return typeof passphrase === 'string' ? encodeString(passphrase, 'utf8') : bytesOf(passphrase);
}
// EVP_BytesToKey(MD5, salt, passphrase, 1 round).
function bytesToKey(passphrase, salt, length) {
  const parts = [];
  let previous = new Uint8Array(0);
  let have = 0;
  while (have < length) {
    previous = new Uint8Array(host.hash('md5', bufferOf(Buffer.concat([previous, passphrase, salt]))));
    parts.push(previous);
    have += previous.length;
  }
  return Buffer.concat(parts).subarray(0, length);
}

// A cipher and passphrase option, checked as Bun checks them.
function checkCipher(type, format, cipher, passphrase, where) {
  const invalid = (name, value) =>
    coded(TypeError, 'ERR_INVALID_ARG_VALUE', `The property '${name}' is invalid. Received ${shown(value)}`);
  if (typeof cipher !== 'string') throw invalid(`${where}.cipher`, cipher);
  if (typeof passphrase !== 'string' && !isBytes(passphrase)) throw invalid(`${where}.passphrase`, passphrase);
  if (!need('node/crypto').nodeCrypto.getCiphers().includes(cipher.toLowerCase()))
    throw coded(Error, 'ERR_CRYPTO_UNKNOWN_CIPHER', 'Unknown cipher');
  if (type === 'pkcs8') {
    if (!PKCS8_CIPHERS.includes(cipher.toLowerCase()))
      throw coded(
        Error,
        'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM',
        `PKCS#8 keys are encrypted with aes-128-cbc or aes-256-cbc by this runtime, not ${cipher}`,
      );
    return;
  }
  if (format === 'der')
    throw coded(
      Error,
      'ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS',
      `The selected key encoding ${type} does not support encryption.`,
    );
  if (!PEM_CIPHERS[cipher.toLowerCase()])
    throw coded(
      Error,
      'ERR_OSSL_PEM_UNSUPPORTED_CIPHER',
      'error:09000071:PEM routines:OPENSSL_internal:UNSUPPORTED_CIPHER',
    );
}

function encryptPem(label, der, cipher, passphrase) {
  const name = cipher.toLowerCase();
  const iv = toBuffer(new Uint8Array(host.randomBytes(16)));
  const key = bytesToKey(passphraseBytes(passphrase), iv.subarray(0, 8), PEM_CIPHERS[name]);
  const encrypter = cipherUnit().createCipheriv(name, key, iv);
  const body = Buffer.concat([encrypter.update(der), encrypter.final()]).toString('base64');
  const lines = body.match(/.{1,64}/g) || [];
  return `-----BEGIN ${label}-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: ${name.toUpperCase()},${iv.toString('hex').toUpperCase()}\n\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

// A PEM key, decrypted first when it is a traditional encrypted one.
function parsePem(bytes, passphrase) {
  const text = toBuffer(new Uint8Array(bytes)).toString('latin1');
  if (!text.includes('Proc-Type:')) return parse('pem', bytes, passphrase);
  const found =
    /-----BEGIN ([A-Z ]+)-----\r?\nProc-Type: *4,ENCRYPTED\r?\nDEK-Info: *([A-Za-z0-9-]+),([0-9A-Fa-f]+)\r?\n\r?\n([A-Za-z0-9+/=\s]*?)-----END \1-----/.exec(
      text,
    );
  if (!found) return parse('pem', bytes);
  if (passphrase === undefined || passphrase === null)
    throw coded(TypeError, 'ERR_MISSING_PASSPHRASE', 'Passphrase required for encrypted key');
  const [, label, cipher, ivHex, body] = found;
  const name = cipher.toLowerCase();
  if (!PEM_CIPHERS[name])
    throw coded(
      Error,
      'ERR_OSSL_PEM_UNSUPPORTED_ENCRYPTION',
      'error:09000072:PEM routines:OPENSSL_internal:UNSUPPORTED_ENCRYPTION',
    );
  const iv = Buffer.from(ivHex, 'hex');
  const key = bytesToKey(passphraseBytes(passphrase), iv.subarray(0, 8), PEM_CIPHERS[name]);
  let der;
  try {
    const decrypter = cipherUnit().createDecipheriv(name, key, iv);
    der = Buffer.concat([decrypter.update(Buffer.from(body.replace(/\s+/g, ''), 'base64')), decrypter.final()]);
  } catch {
    throw coded(Error, 'ERR_OSSL_BAD_DECRYPT', 'error:1e000065:Cipher functions:OPENSSL_internal:BAD_DECRYPT');
  }
  const format = { 'RSA PRIVATE KEY': 'pkcs1', 'EC PRIVATE KEY': 'sec1', 'PRIVATE KEY': 'pkcs8' }[label];
  if (!format) return parse('pem', bytes);
  return parse(format, bufferOf(der));
}

function publicDer(d) {
  return d.type === 'public' ? bufferOf(d.der) : host.keyPublic(d.kind, bufferOf(d.der));
}
function keyObject(data) {
  return new KeyObject(data);
}

function isBytes(value) {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

// The forms `createPrivateKey` and `createPublicKey` take: a PEM string or
// buffer, or `{ key, format, type, encoding }`.
function parseInput(input, name) {
  if (input instanceof KeyObject) return keyObjects.get(input);
  if (typeof input === 'string' || isBytes(input)) return parsePem(bufferOf(input));
  if (input === null || typeof input !== 'object') {
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "${name}" argument must be of type string or an instance of ArrayBuffer, Buffer, TypedArray, DataView, or object.`,
    );
  }
  const { key, format = 'pem', type, encoding, passphrase } = input;
  if (key instanceof KeyObject) return keyObjects.get(key);
  if (format === 'jwk') {
    if (key === null || typeof key !== 'object')
      throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "key.key" property must be of type object.');
    return parse('jwk', JSON.stringify(key));
  }
  const bytes =
    typeof key === 'string'
      ? bufferOf(encodeString(key, encoding || 'utf8'))
      : isBytes(key)
        ? bufferOf(key)
        : undefined;
  if (bytes === undefined)
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      'The "key.key" property must be of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView.',
    );
  if (format === 'pem') return parsePem(bytes, passphrase);
  if (format !== 'der')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_VALUE',
      `The property 'options.format' is invalid. Received ${shown(format)}`,
    );
  const formats = { pkcs8: 'pkcs8', spki: 'spki', sec1: 'sec1', pkcs1: 'pkcs1' };
  if (!formats[type])
    throw coded(TypeError, 'ERR_INVALID_ARG_VALUE', `The property 'options.type' is invalid. Received ${shown(type)}`);
  // PKCS#1 DER is an RSAPrivateKey or an RSAPublicKey, whichever it holds.
  if (type === 'pkcs1') {
    try {
      return parse('pkcs1', bytes);
    } catch {
      return parse('pkcs1-public', bytes);
    }
  }
  return parse(formats[type], bytes, type === 'pkcs8' ? passphrase : undefined);
}

function createPrivateKey(input) {
  const data = parseInput(input, 'key');
  if (data.type !== 'private')
    throw coded(
      TypeError,
      'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE',
      `Invalid key object type ${data.type}, expected private.`,
    );
  return keyObject(data);
}

function createPublicKey(input) {
  const data = parseInput(input, 'key');
  if (data.type === 'secret')
    throw coded(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', 'Invalid key object type secret, expected private.');
  if (data.type === 'public') return keyObject(data);
  return keyObject({ ...data, type: 'public', der: new Uint8Array(publicDer(data)) });
}

function createSecretKey(key, encoding) {
  const bytes = typeof key === 'string' ? encodeString(key, encoding) : bytesOf(key);
  return keyObject({ type: 'secret', der: bytes.slice() });
}

// A digest name as createSign and the one-shot sign take it ('RSA-SHA256',
// 'sha256', 'SHA-256', 'sha256WithRSAEncryption') → the host's name.
function digestName(algorithm) {
  const name = String(algorithm)
    .toLowerCase()
    .replace(/^(rsa-|ecdsa-with-)/, '')
    .replace(/withrsaencryption$/, '')
    .replace('-', '');
  if (!['sha1', 'sha256', 'sha384', 'sha512'].includes(name))
    throw coded(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${algorithm}`);
  return name;
}

const RSA_PKCS1_PSS_PADDING = 6;
const RSA_PSS_SALTLEN_MAX_SIGN = -2;

// The key and options of a sign or verify call.
function signingKey(input, wantPrivate) {
  const options =
    input !== null && typeof input === 'object' && !isBytes(input) && !(input instanceof KeyObject) ? input : {};
  let data = parseInput(input, 'key');
  if (wantPrivate && data.type !== 'private')
    throw coded(
      TypeError,
      'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE',
      `Invalid key object type ${data.type}, expected private.`,
    );
  if (!wantPrivate && data.type === 'private') data = { ...data, type: 'public', der: new Uint8Array(publicDer(data)) };
  if (data.type === 'secret')
    throw coded(
      TypeError,
      'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE',
      `Invalid key object type secret, expected ${wantPrivate ? 'private' : 'public'}.`,
    );
  let scheme;
  if (data.kind === 'ec') scheme = options.dsaEncoding === 'ieee-p1363' ? 'ecdsa-p1363' : 'ecdsa-der';
  else if (data.kind === 'ed25519') scheme = 'ed25519';
  else if (data.kind === 'x25519')
    throw coded(
      Error,
      'ERR_OSSL_EVP_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE',
      'error:0600007d:public key routines:OPENSSL_internal:OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE',
    );
  else scheme = options.padding === RSA_PKCS1_PSS_PADDING ? 'pss' : 'pkcs1';
  const salt = options.saltLength === undefined ? RSA_PSS_SALTLEN_MAX_SIGN : options.saltLength;
  return { data, scheme, salt };
}

// The digest a key signs with: `hash` (null: the key's default, SHA-256 for
// RSA and EC); Ed25519 hashes the message itself and takes none.
function signingHash(scheme, hash) {
  if (scheme !== 'ed25519') return hash == null ? 'sha256' : hash;
  if (hash != null)
    throw coded(
      Error,
      'ERR_OSSL_EVP_COMMAND_NOT_SUPPORTED',
      'error:06000065:public key routines:OPENSSL_internal:COMMAND_NOT_SUPPORTED',
    );
  return 'none';
}

function signWith(hash, data, key) {
  const { data: keyData, scheme, salt } = signingKey(key, true);
  return toBuffer(
    new Uint8Array(host.sign(scheme, signingHash(scheme, hash), bufferOf(keyData.der), bufferOf(data), salt)),
  );
}

function verifyWith(hash, data, key, signature) {
  const { data: keyData, scheme, salt } = signingKey(key, false);
  return host.verify(
    scheme,
    signingHash(scheme, hash),
    bufferOf(keyData.der),
    bufferOf(data),
    bufferOf(signature),
    salt,
  );
}

class Collector {
  constructor(algorithm) {
    this._hash = digestName(algorithm);
    this._parts = [];
  }
  update(data, encoding) {
    this._parts.push(typeof data === 'string' ? encodeString(data, encoding) : bytesOf(data).slice());
    return this;
  }
  _data() {
    return Buffer.concat(this._parts);
  }
}
class Sign extends Collector {
  sign(key, outputEncoding) {
    const signature = signWith(this._hash, this._data(), key);
    return outputEncoding && outputEncoding !== 'buffer' ? signature.toString(outputEncoding) : signature;
  }
}
class Verify extends Collector {
  verify(key, signature, signatureEncoding) {
    const bytes =
      typeof signature === 'string' ? encodeString(signature, signatureEncoding || 'utf8') : bytesOf(signature);
    return verifyWith(this._hash, this._data(), key, bytes);
  }
}

function oneShot(work, callback) {
  if (typeof callback !== 'function') return work();
  let result,
    failure = null;
  try {
    result = work();
  } catch (error) {
    failure = error;
  }
  queueMicrotask(() => (failure ? callback(failure) : callback(null, result)));
  return undefined;
}

// ---- key derivation and comparison
function viewBytes(value, name) {
  if (!isBytes(value))
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "${name}" argument must be an instance of ArrayBuffer, Buffer, TypedArray, or DataView.`,
    );
  return bytesOf(value);
}
// A password or salt: a string (UTF-8) or bytes.
function secretBytes(value, name) {
  if (typeof value === 'string') return bufferOf(value);
  if (isBytes(value)) return bufferOf(value);
  throw coded(
    TypeError,
    'ERR_INVALID_ARG_TYPE',
    `The "${name}" argument must be of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView.`,
  );
}
function digestOf(digest) {
  const name = String(digest).toLowerCase().replace(/^rsa-/, '').replace('-', '');
  if (!['sha1', 'sha256', 'sha384', 'sha512'].includes(name))
    throw coded(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${digest}`);
  return name;
}
// Bun's words: pbkdf2 says "and" between the bounds, scrypt "&&".
function integerArg(value, name, min, max, and = 'and') {
  if (typeof value !== 'number')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "${name}" argument must be of type number. ${receivedText(value)}`,
    );
  const range = !Number.isInteger(value)
    ? 'an integer'
    : value < min || value > max
      ? `>= ${min} ${and} <= ${max}`
      : '';
  if (range)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "${name}" is out of range. It must be ${range}. Received ${value}`,
    );
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
  const pick = (a, b, fallback) =>
    options[a] !== undefined ? options[a] : options[b] !== undefined ? options[b] : fallback;
  return [
    pick('N', 'cost', 16384),
    pick('r', 'blockSize', 8),
    pick('p', 'parallelization', 1),
    options.maxmem !== undefined ? options.maxmem : 32 << 20,
  ];
}
function scryptSync(password, salt, keylen, options) {
  const p = secretBytes(password, 'password');
  const s = secretBytes(salt, 'salt');
  integerArg(keylen, 'keylen', 0, 2147483647, '&&');
  const [n, r, parallel, maxmem] = scryptOptions(options || {});
  try {
    return toBuffer(new Uint8Array(host.scrypt(p, s, keylen, n, r, parallel, maxmem)));
  } catch (error) {
    const reason =
      String(error && error.message) === 'MEMORY_LIMIT_EXCEEDED'
        ? '06000084:public key routines:OPENSSL_internal:MEMORY_LIMIT_EXCEEDED'
        : '06000085:public key routines:OPENSSL_internal:INVALID_PARAMETERS';
    throw coded(RangeError, 'ERR_CRYPTO_INVALID_SCRYPT_PARAMS', `Invalid scrypt params: error:${reason}`);
  }
}
// The callback forms check their arguments at once, as Node does, and call
// back after the current job.
function callbackArg(callback) {
  if (typeof callback !== 'function')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "callback" argument must be of type function. Received ${callback === undefined ? 'undefined' : typeof callback}`,
    );
  return callback;
}
function later(callback, work) {
  const result = work();
  setTimeout(() => callback(null, result), 0);
}

// hkdf's arguments, checked in Node's order with Bun's words; the key
// derived (an ArrayBuffer), or the failure the callback form reports.
function hkdfBytes(value, name, kinds) {
  if (typeof value === 'string' || isBytes(value)) return bufferOf(value);
  if (name === 'ikm' && value instanceof KeyObject && value.type === 'secret') return bufferOf(value.export());
  const shown =
    value === undefined || value === null
      ? String(value)
      : typeof value === 'object'
        ? `an instance of ${value.constructor?.name}`
        : `type ${typeof value} (${typeof value === 'string' ? `'${value}'` : String(value)})`;
  throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be of type ${kinds}. Received ${shown}`);
}
function hkdfDerive(digest, ikm, salt, info, length) {
  if (typeof digest !== 'string')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "digest" argument must be of type string. Received ${digest === undefined ? 'undefined' : `type ${typeof digest} (${String(digest)})`}`,
    );
  const key = hkdfBytes(
    ikm,
    'ikm',
    'string or an instance of SecretKeyObject, ArrayBuffer, TypedArray, DataView, or Buffer',
  );
  const s = hkdfBytes(salt, 'salt', 'string, ArrayBuffer, TypedArray, Buffer');
  const i = hkdfBytes(info, 'info', 'string, ArrayBuffer, TypedArray, Buffer');
  if (typeof length !== 'number')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "length" argument must be of type number. Received ${length === undefined ? 'undefined' : `type ${typeof length} (${typeof length === 'string' ? `'${length}'` : String(length)})`}`,
    );
  if (!Number.isInteger(length) || length < 0 || length > 2 ** 32)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "length" is out of range. It must be >= 0 && <= ${2 ** 32}. Received ${length}`,
    );
  if (i.byteLength > 1024)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "info" is out of range. It must be must not contain more than 1024 bytes. Received ${i.byteLength}`,
    );
  let out;
  try {
    out = host.hkdf(digest, key, s, i, length);
  } catch (error) {
    if (String(error && error.message) === 'INVALID_DIGEST')
      throw coded(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${digest}`);
    throw coded(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', 'Invalid key length');
  }
  // BoringSSL refuses to derive nothing, and Bun reports it so.
  if (length === 0) return { failure: new Error('HKDF derivation failed') };
  return { key: out };
}
function hkdfSync(digest, ikm, salt, info, length) {
  const { key, failure } = hkdfDerive(digest, ikm, salt, info, length);
  if (failure) throw failure;
  return key;
}

function timingSafeEqual(a, b) {
  const x = viewBytes(a, 'buf1');
  const y = viewBytes(b, 'buf2');
  if (x.length !== y.length)
    throw coded(RangeError, 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH', 'Input buffers must have the same byte length');
  let d = 0;
  for (let i = 0; i < x.length; i++) d |= x[i] ^ y[i];
  return d === 0;
}

// ---- generateKeyPair and generateKeyPairSync
// The key types Bun generates, and the ones Node knows that Bun refuses
// (its BoringSSL has no DSA, DH, RSA-PSS or Ed448 keys) as Bun refuses them.
const KEY_TYPES = ['rsa', 'ec', 'ed25519', 'x25519'];
const REFUSED_TYPES = ['rsa-pss', 'dsa', 'dh', 'ed448', 'x448'];
const CURVES = {
  prime256v1: 'P-256',
  'P-256': 'P-256',
  secp384r1: 'P-384',
  'P-384': 'P-384',
  secp521r1: 'P-521',
  'P-521': 'P-521',
};
const KNOWN_CURVES = ['secp224r1', 'secp256k1', 'P-224'];
const KEYGEN_OPENSSL = {
  INVALID_KEYBITS: [
    'ERR_OSSL_EVP_INVALID_KEYBITS',
    'error:06000070:public key routines:OPENSSL_internal:INVALID_KEYBITS',
  ],
  KEY_SIZE_TOO_SMALL: [
    'ERR_OSSL_RSA_KEY_SIZE_TOO_SMALL',
    'error:0400007e:RSA routines:OPENSSL_internal:KEY_SIZE_TOO_SMALL',
  ],
  MODULUS_TOO_LARGE: [
    'ERR_OSSL_RSA_MODULUS_TOO_LARGE',
    'error:04000080:RSA routines:OPENSSL_internal:MODULUS_TOO_LARGE',
  ],
  UNSUPPORTED_ALGORITHM: OPENSSL.UNSUPPORTED_ALGORITHM,
  UNKNOWN_GROUP: ['ERR_OSSL_EC_UNKNOWN_GROUP', 'error:0f00007b:elliptic curve routines:OPENSSL_internal:UNKNOWN_GROUP'],
  INVALID_PARAMETERS: [
    'ERR_OSSL_EVP_INVALID_PARAMETERS',
    'error:06000085:public key routines:OPENSSL_internal:INVALID_PARAMETERS',
  ],
  MODULUS_OVER_RUNTIME_LIMIT: [
    'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM',
    'RSA keys over 4096 bits are not generated by this runtime',
  ],
};
function keygenFailure(reason) {
  const [code, message] = KEYGEN_OPENSSL[reason] || ['ERR_OSSL_KEY_GENERATION_FAILED', reason];
  return coded(Error, code, message);
}

function uint32Option(options, name, fallback) {
  const value = options[name];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "options.${name}" property must be of type number. ${receivedText(value)}`,
    );
  if (!Number.isInteger(value))
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "options.${name}" is out of range. It must be an integer. Received ${value}`,
    );
  if (value < 0 || value > 4294967295)
    throw coded(
      RangeError,
      'ERR_OUT_OF_RANGE',
      `The value of "options.${name}" is out of range. It must be >= 0 && <= 4294967295. Received ${shownNumber(value)}`,
    );
  return value;
}

// An encoding option, checked as Node checks it before any key is made:
// undefined (a KeyObject), or { format, type, cipher, passphrase }.
function keyEncoding(kind, encoding, which) {
  if (encoding === undefined) return undefined;
  const where = `options.${which}KeyEncoding`;
  const invalid = (name, value) =>
    coded(TypeError, 'ERR_INVALID_ARG_VALUE', `The property '${name}' is invalid. Received ${shown(value)}`);
  if (encoding === null || typeof encoding !== 'object') throw invalid(where, encoding);
  const { format, type, cipher, passphrase } = encoding;
  if (format === 'jwk') return { format };
  if (format !== undefined && format !== 'pem' && format !== 'der') throw invalid(`${where}.format`, format);
  const types = which === 'public' ? ['spki', 'pkcs1'] : ['pkcs8', 'pkcs1', 'sec1'];
  if (!types.includes(type)) throw invalid(`${where}.type`, type);
  incompatible(type, kind);
  if (which === 'private' && cipher !== undefined) {
    checkCipher(type, format === undefined ? 'pem' : format, cipher, passphrase, where);
    return { format: format === undefined ? 'pem' : format, type, cipher, passphrase };
  }
  return { format: format === undefined ? 'pem' : format, type };
}

// What a generation needs, checked in Node's order (everything that throws
// at once, before the callback form starts), as a function that makes the
// pair or returns the failure the callback receives.
function keyPairJob(type, options) {
  if (typeof type !== 'string')
    throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', `The "type" argument must be of type string. ${receivedText(type)}`);
  if (!KEY_TYPES.includes(type) && !REFUSED_TYPES.includes(type))
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_VALUE',
      `The argument 'type' must be a supported key type. Received '${type}'`,
    );
  // Ed25519, X25519, Ed448 and X448 take no options, but anything given must be an object.
  if (options === undefined && ['ed25519', 'x25519', 'ed448', 'x448'].includes(type)) options = {};
  if (options === null || typeof options !== 'object')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "options" argument must be of type object. ${receivedText(options)}`,
    );
  if (type === 'dh' && options.group === undefined && options.prime === undefined && options.primeLength === undefined)
    throw coded(
      TypeError,
      'ERR_MISSING_OPTION',
      'At least one of the group, prime, or primeLength options is required',
    );
  if (REFUSED_TYPES.includes(type)) return () => ({ failure: keygenFailure('UNSUPPORTED_ALGORITHM') });
  let make;
  if (type === 'rsa') {
    const bits = uint32Option(options, 'modulusLength');
    const exponent = uint32Option(options, 'publicExponent', 65537);
    if (exponent < 3 || exponent % 2 === 0) throw coded(RangeError, 'ERR_OUT_OF_RANGE', 'publicExponent is invalid');
    make = () => host.keyGenerate('rsa', bits, exponent);
  } else if (type === 'ec') {
    const curve = options.namedCurve;
    if (typeof curve !== 'string')
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_TYPE',
        `The "options.namedCurve" property must be of type string. ${receivedText(curve)}`,
      );
    if (!CURVES[curve]) {
      if (KNOWN_CURVES.includes(curve)) return () => ({ failure: keygenFailure('UNKNOWN_GROUP') });
      throw coded(TypeError, 'ERR_CRYPTO_INVALID_CURVE', 'Invalid EC curve name');
    }
    const { paramEncoding } = options;
    if (paramEncoding !== undefined && paramEncoding !== 'named' && paramEncoding !== 'explicit')
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_VALUE',
        `The property 'options.paramEncoding' is invalid. Received ${shown(paramEncoding)}`,
      );
    // BoringSSL writes no explicit curve parameters, and Bun says so.
    if (paramEncoding === 'explicit') return () => ({ failure: keygenFailure('INVALID_PARAMETERS') });
    make = () => host.keyGenerate('ec', CURVES[curve]);
  } else {
    make = () => host.keyGenerate(type);
  }
  const publicEncoding = keyEncoding(type, options.publicKeyEncoding, 'public');
  const privateEncoding = keyEncoding(type, options.privateKeyEncoding, 'private');
  return () => {
    let der;
    try {
      der = make();
    } catch (error) {
      return { failure: keygenFailure(String(error && error.message)) };
    }
    const privateKey = keyObject(parse('pkcs8', der));
    const publicKey = createPublicKey(privateKey);
    return {
      publicKey: publicEncoding ? publicKey.export(publicEncoding) : publicKey,
      privateKey: privateEncoding ? privateKey.export(privateEncoding) : privateKey,
    };
  };
}

function generateKeyPairSync(type, options) {
  const result = keyPairJob(type, options)();
  if (result.failure) throw result.failure;
  return result;
}

function generateKeyPair(type, options, callback) {
  if (typeof options === 'function') {
    callback = options;
    options = undefined;
  }
  const job = keyPairJob(type, options);
  callbackArg(callback);
  setTimeout(() => {
    const result = job();
    if (result.failure) callback(result.failure);
    else callback(null, result.publicKey, result.privateKey);
  }, 0);
}
// util.promisify(generateKeyPair): a promise of { publicKey, privateKey }.
const generateKeyPairPromise = (type, options) =>
  new Promise((resolve, reject) =>
    generateKeyPair(type, options, (error, publicKey, privateKey) =>
      error ? reject(error) : resolve({ publicKey, privateKey }),
    ),
  );

// crypto.diffieHellman({ privateKey, publicKey }): ECDH or X25519 over two KeyObjects.
function diffieHellman(options) {
  if (options === null || typeof options !== 'object')
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_TYPE',
      `The "options" argument must be of type object. ${receivedText(options)}`,
    );
  const { privateKey, publicKey } = options;
  for (const [name, key] of [
    ['privateKey', privateKey],
    ['publicKey', publicKey],
  ])
    if (!(key instanceof KeyObject))
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_VALUE',
        `The property 'options.${name}' is invalid. Received ${shown(key)}`,
      );
  const mine = keyObjects.get(privateKey);
  if (mine.type !== 'private')
    throw coded(
      TypeError,
      'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE',
      `Invalid key object type ${mine.type}, expected private.`,
    );
  let theirs = keyObjects.get(publicKey);
  if (theirs.type === 'secret')
    throw coded(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', 'Invalid key object type secret, expected public.');
  if (theirs.type === 'private') theirs = { ...theirs, type: 'public', der: new Uint8Array(publicDer(theirs)) };
  if (mine.kind !== theirs.kind || (mine.kind !== 'ec' && mine.kind !== 'x25519'))
    throw coded(
      TypeError,
      'ERR_CRYPTO_INCOMPATIBLE_KEY',
      `Incompatible key types for Diffie-Hellman: ${mine.kind} and ${theirs.kind}`,
    );
  return toBuffer(new Uint8Array(host.keyAgree(mine.kind, bufferOf(mine.der), bufferOf(theirs.der))));
}

// ---- publicEncrypt, privateDecrypt, privateEncrypt, publicDecrypt
const RSA_CIPHER_OPENSSL = {
  DATA_TOO_LARGE_FOR_KEY_SIZE: [
    'ERR_OSSL_RSA_DATA_TOO_LARGE_FOR_KEY_SIZE',
    'error:04000072:RSA routines:OPENSSL_internal:DATA_TOO_LARGE_FOR_KEY_SIZE',
  ],
  OAEP_DECODING_ERROR: [
    'ERR_OSSL_RSA_OAEP_DECODING_ERROR',
    'error:04000085:RSA routines:OPENSSL_internal:OAEP_DECODING_ERROR',
  ],
  KEY_SIZE_TOO_SMALL: KEYGEN_OPENSSL.KEY_SIZE_TOO_SMALL,
  INVALID_DIGEST: ['ERR_OSSL_EVP_INVALID_DIGEST', 'Invalid digest used'],
};
function rsaCipher(operation, wantPrivate, defaultPadding) {
  return (key, buffer) => {
    const options = key !== null && typeof key === 'object' && !isBytes(key) && !(key instanceof KeyObject) ? key : {};
    let data = parseInput(key, 'key');
    if (wantPrivate && data.type !== 'private')
      throw coded(
        TypeError,
        'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE',
        `Invalid key object type ${data.type}, expected private.`,
      );
    if (!wantPrivate && data.type === 'private')
      data = { ...data, type: 'public', der: new Uint8Array(publicDer(data)) };
    if (data.kind !== 'rsa')
      throw coded(
        Error,
        'ERR_OSSL_EVP_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE',
        'error:0600007d:public key routines:OPENSSL_internal:OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE',
      );
    const padding = options.padding === undefined ? defaultPadding : options.padding;
    if (operation === 'privateDecrypt' && padding === 1)
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_VALUE',
        'RSA_PKCS1_PADDING is no longer supported for private decryption',
      );
    const hash =
      options.oaepHash === undefined
        ? 'sha1'
        : String(options.oaepHash).toLowerCase().replace(/^rsa-/, '').replace('-', '');
    const label = options.oaepLabel === undefined ? undefined : bufferOf(options.oaepLabel);
    const bytes =
      typeof buffer === 'string' ? bufferOf(encodeString(buffer, options.encoding || 'utf8')) : bufferOf(buffer);
    try {
      return toBuffer(new Uint8Array(host.rsaCipher(operation, padding, hash, bufferOf(data.der), bytes, label)));
    } catch (error) {
      const reason = String(error && error.message);
      const [code, message] = RSA_CIPHER_OPENSSL[reason] || [
        `ERR_OSSL_RSA_${reason}`,
        `error:04000000:RSA routines:OPENSSL_internal:${reason}`,
      ];
      throw coded(Error, code, message);
    }
  };
}

const nodeKeys = {
  publicEncrypt: rsaCipher('publicEncrypt', false, 4),
  privateDecrypt: rsaCipher('privateDecrypt', true, 4),
  privateEncrypt: rsaCipher('privateEncrypt', true, 1),
  publicDecrypt: rsaCipher('publicDecrypt', false, 1),
  diffieHellman,
  generateKeyPair,
  generateKeyPairPromise,
  generateKeyPairSync,
  timingSafeEqual,
  pbkdf2Sync,
  pbkdf2(password, salt, iterations, keylen, digest, callback) {
    callbackArg(callback);
    later(callback, () => pbkdf2Sync(password, salt, iterations, keylen, digest));
  },
  scryptSync,
  scrypt(password, salt, keylen, options, callback) {
    if (typeof options === 'function') {
      callback = options;
      options = undefined;
    }
    callbackArg(callback);
    later(callback, () => scryptSync(password, salt, keylen, options));
  },
  hkdfSync,
  hkdf(digest, ikm, salt, info, length, callback) {
    const { key, failure } = hkdfDerive(digest, ikm, salt, info, length);
    callbackArg(callback);
    setTimeout(() => (failure ? callback(failure) : callback(null, key)), 0);
  },
  createPrivateKey,
  createPublicKey,
  createSecretKey,
  createSign: (algorithm) => new Sign(algorithm),
  createVerify: (algorithm) => new Verify(algorithm),
  // A null algorithm means the key's default, SHA-256 for RSA and EC.
  sign: (algorithm, data, key, callback) =>
    oneShot(() => signWith(algorithm == null ? null : digestName(algorithm), data, key), callback),
  verify: (algorithm, data, key, signature, callback) =>
    oneShot(() => verifyWith(algorithm == null ? null : digestName(algorithm), data, key, signature), callback),
  Sign,
  Verify,
};

return { nodeKeys };
