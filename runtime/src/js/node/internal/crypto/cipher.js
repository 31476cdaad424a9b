// ---- node/internal/crypto/cipher.js: node:crypto's Cipheriv and Decipheriv (createCipheriv, createDecipheriv)
// over host.cipherInit, host.cipherUpdate, host.cipherFinal and host.cipherSet.
// A cipher is a Transform stream, as Node's is, and its update/final take
// Node's encodings; errors carry Node's codes with Bun's (BoringSSL's) words.
const { Buffer, bufferOf, encodeString, toBuffer } = need('internal/buffer');
const { Transform } = need('node/stream');
const { StringDecoder } = need('node/string_decoder').module;
const { KeyObject, coded } = need('node/crypto');
const { callable } = need('internal/callable');

// host.cipherFinal's reasons, as BoringSSL packs them.
const PACKED = {
  BAD_DECRYPT: '1e000065',
  WRONG_FINAL_BLOCK_LENGTH: '1e00007b',
  DATA_NOT_MULTIPLE_OF_BLOCK_LENGTH: '1e00006a',
};

function cipherError(error) {
  const reason = String(error && error.message);
  if (reason === 'AUTH') return new Error('Unsupported state or unable to authenticate data');
  if (PACKED[reason] === undefined) return error;
  const failure = new Error(`error:${PACKED[reason]}:Cipher functions:OPENSSL_internal:${reason}`);
  failure.library = 'Cipher functions';
  failure.function = 'OPENSSL_internal';
  failure.reason = reason;
  failure.code = `ERR_OSSL_${reason}`;
  return failure;
}

function received(value) {
  if (value === null || value === undefined) return `Received ${value}`;
  if (typeof value === 'function') return `Received function ${value.name}`;
  if (typeof value === 'object')
    return value.constructor?.name
      ? `Received an instance of ${value.constructor.name}`
      : 'Received [Object: null prototype]';
  const shown =
    typeof value === 'string' ? `'${value.length > 25 ? `${value.slice(0, 25)}...` : value}'` : String(value);
  return `Received type ${typeof value} (${shown})`;
}

function invalidType(name, kinds, value) {
  return coded(
    TypeError,
    'ERR_INVALID_ARG_TYPE',
    `The "${name}" argument must be of type ${kinds}. ${received(value)}`,
  );
}

const VIEW_KINDS = 'string or an instance of Buffer, TypedArray, or DataView';

// A string in `encoding`, or a Buffer, TypedArray or DataView, as an ArrayBuffer.
function viewArg(value, name, encoding) {
  if (typeof value === 'string') {
    const e = encoding === undefined || encoding === null || encoding === 'buffer' ? 'utf8' : encoding;
    if (String(e).toLowerCase() === 'hex' && value.length % 2 === 1)
      throw coded(
        TypeError,
        'ERR_INVALID_ARG_VALUE',
        `The argument 'encoding' is invalid for data of length ${value.length}. Received 'hex'`,
      );
    return bufferOf(encodeString(value, e));
  }
  if (ArrayBuffer.isView(value)) return bufferOf(value);
  throw invalidType(name, VIEW_KINDS, value);
}

function keyArg(key) {
  if (typeof key === 'string') return bufferOf(key);
  if (key instanceof ArrayBuffer || ArrayBuffer.isView(key)) return bufferOf(key);
  if (key instanceof KeyObject && key.type === 'secret') return bufferOf(key.export());
  throw invalidType(
    'key',
    'string or an instance of ArrayBuffer, Buffer, TypedArray, DataView, KeyObject, or CryptoKey',
    key,
  );
}

const INIT_ERRORS = {
  UNKNOWN_CIPHER: () => coded(Error, 'ERR_CRYPTO_UNKNOWN_CIPHER', 'Unknown cipher'),
  INVALID_KEY_LENGTH: () => coded(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', 'Invalid key length'),
  INVALID_IV: () => coded(TypeError, 'ERR_CRYPTO_INVALID_IV', 'Invalid initialization vector'),
};

const invalidState = (operation) =>
  coded(Error, 'ERR_CRYPTO_INVALID_STATE', operation ? `Invalid state for operation ${operation}` : 'Invalid state');
const invalidTag = (length) =>
  coded(TypeError, 'ERR_CRYPTO_INVALID_AUTH_TAG', `Invalid authentication tag length: ${length}`);

const handles = new WeakMap();

function state(cipher) {
  const s = handles.get(cipher);
  if (s === undefined) throw coded(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Cipher');
  return s;
}

function init(cipher, name, key, iv, options, encrypt) {
  if (typeof name !== 'string') throw invalidType('cipher', 'string', name);
  const keyBytes = keyArg(key);
  if (iv !== null && typeof iv !== 'string' && !ArrayBuffer.isView(iv)) throw invalidType('iv', VIEW_KINDS, iv);
  const ivBytes = iv === null ? null : viewArg(iv, 'iv');
  const tagLength = options === null || options === undefined ? undefined : options.authTagLength;
  if (tagLength !== undefined && !(typeof tagLength === 'number' && Number.isInteger(tagLength) && tagLength >= 0)) {
    const shown = typeof tagLength === 'string' ? `'${tagLength}'` : String(tagLength);
    throw coded(
      TypeError,
      'ERR_INVALID_ARG_VALUE',
      `The property 'options.authTagLength' is invalid. Received ${shown}`,
    );
  }
  let handle;
  try {
    handle = host.cipherInit(name, encrypt, keyBytes, ivBytes, tagLength);
  } catch (error) {
    const reason = String(error && error.message);
    if (reason === 'INVALID_AUTH_TAG') throw invalidTag(tagLength);
    throw INIT_ERRORS[reason] ? INIT_ERRORS[reason]() : error;
  }
  handles.set(cipher, {
    handle,
    gcm: /-gcm$/i.test(name),
    tagLength,
    decoder: null,
    finished: false,
    started: false,
    tagSet: false,
  });
}

// Output in `encoding` through a StringDecoder kept across calls, so a
// base64 or UTF-8 string never splits a group or a character between them.
function output(s, bytes, encoding, last) {
  if (encoding === undefined || encoding === null || encoding === 'buffer') return toBuffer(new Uint8Array(bytes));
  if (s.decoder === null) s.decoder = new StringDecoder(encoding);
  else if (s.decoder.encoding !== new StringDecoder(encoding).encoding)
    throw coded(Error, 'ERR_INTERNAL_ASSERTION', 'Cannot change encoding');
  const chunk = Buffer.from(bytes);
  return last ? s.decoder.end(chunk) : s.decoder.write(chunk);
}

function update(data, inputEncoding, outputEncoding) {
  const s = state(this);
  if (s.finished) throw new Error('Trying to add data in unsupported state');
  const bytes = viewArg(data, 'data', inputEncoding);
  s.started = true;
  return output(s, host.cipherUpdate(s.handle, bytes), outputEncoding, false);
}

function final(outputEncoding) {
  const s = state(this);
  if (s.finished) throw invalidState();
  s.finished = true;
  let bytes;
  try {
    bytes = host.cipherFinal(s.handle);
  } catch (error) {
    throw cipherError(error);
  }
  return output(s, bytes, outputEncoding, true);
}

function setAutoPadding(padding = true) {
  const s = state(this);
  if (s.finished) throw invalidState('setAutoPadding');
  host.cipherSet(s.handle, 'padding', !!padding);
  return this;
}

function setAAD(buffer, options) {
  const s = state(this);
  if (typeof buffer !== 'string' && !ArrayBuffer.isView(buffer)) throw invalidType('aadbuf', VIEW_KINDS, buffer);
  if (s.finished || !host.cipherSet(s.handle, 'aad', viewArg(buffer, 'aadbuf', options?.encoding)))
    throw invalidState('setAAD');
  return this;
}

// Node's Cipher is a stream: what is written goes through update(), and
// the end of input through final().
function transform(chunk, encoding, callback) {
  let out;
  try {
    out = this.update(chunk, encoding);
  } catch (error) {
    callback(error);
    return;
  }
  callback(null, out);
}

function flush(callback) {
  let out;
  try {
    out = this.final();
  } catch (error) {
    callback(error);
    return;
  }
  callback(null, out);
}

class Cipheriv extends Transform {
  constructor(cipher, key, iv, options) {
    super(options);
    init(this, cipher, key, iv, options, true);
  }
  getAuthTag() {
    const s = state(this);
    const tag = s.finished ? host.cipherSet(s.handle, 'getTag') : undefined;
    if (tag === undefined) throw invalidState('getAuthTag');
    return toBuffer(new Uint8Array(tag));
  }
}

class Decipheriv extends Transform {
  constructor(cipher, key, iv, options) {
    super(options);
    init(this, cipher, key, iv, options, false);
  }
  setAuthTag(tag) {
    const s = state(this);
    if (typeof tag !== 'string' && !ArrayBuffer.isView(tag)) throw invalidType('buffer', VIEW_KINDS, tag);
    const bytes = viewArg(tag, 'buffer');
    // Bun takes only a tag of the authTagLength given, 16 bytes by default.
    if (s.gcm && !s.finished && !s.tagSet && bytes.byteLength !== (s.tagLength ?? 16))
      throw invalidTag(bytes.byteLength);
    if (s.finished || s.tagSet || !host.cipherSet(s.handle, 'tag', bytes)) throw invalidState('setAuthTag');
    s.tagSet = true;
    return this;
  }
}

for (const Kind of [Cipheriv, Decipheriv]) {
  Object.assign(Kind.prototype, { update, final, setAutoPadding, setAAD, _transform: transform, _flush: flush });
}

const CipherivCallable = callable(Cipheriv);
const DecipherivCallable = callable(Decipheriv);

const nodeCipher = {
  Cipheriv: CipherivCallable,
  Decipheriv: DecipherivCallable,
  createCipheriv: (cipher, key, iv, options) => new CipherivCallable(cipher, key, iv, options),
  createDecipheriv: (cipher, key, iv, options) => new DecipherivCallable(cipher, key, iv, options),
};

return { nodeCipher };
