'use strict';
// `common/crypto`: which OpenSSL the runtime reports, PEM shapes, and the
// 1024-bit MODP prime of RFC 2412 (E.2) that the DH tests use.
const common = require('./index.js');
if (!common.hasCrypto) common.skip('missing crypto');
const assert = require('./assert.js');

const modp2buf = Buffer.from(
  'ffffffffffffffffc90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b139b22' +
    '514a08798e3404ddef9519b3cd3a431b302b0a6df25f14374fe1356d6d51c245e485b576625e7ec6' +
    'f44c42e9a637ed6b0bff5cb6f406b7edee386bfb5a899fa5ae9f24117c4b1fe649286651ece65381' +
    'ffffffffffffffff',
  'hex',
);

function pem(label, cipher) {
  const dashes = '\\-\\-\\-\\-\\-';
  const header = cipher == null ? '' : `\nProc-Type: 4,ENCRYPTED\nDEK-Info: ${cipher},[^\n]+\n`;
  const body = '([a-zA-Z0-9\\+/=]{64}\n)*[a-zA-Z0-9\\+/=]{1,64}';
  return new RegExp(`^${dashes}BEGIN ${label}${dashes}${header}\n${body}\n${dashes}END ${label}${dashes}\n$`);
}

function hasOpenSSL(major = 0, minor = 0, patch = 0) {
  const version = process.versions && process.versions.openssl;
  if (!version) return false;
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m) return false;
  const have = [Number(m[1]), Number(m[2]), Number(m[3])];
  const want = [major, minor, patch];
  for (let i = 0; i < 3; i++) if (have[i] !== want[i]) return have[i] > want[i];
  return true;
}

function assertApproximateSize(key, size) {
  const unit = typeof key === 'string' ? 'chars' : 'bytes';
  const min = Math.floor(0.9 * size);
  const max = Math.ceil(1.1 * size);
  assert(key.length >= min, `Key (${key.length} ${unit}) is shorter than expected (${min} ${unit})`);
  assert(key.length <= max, `Key (${key.length} ${unit}) is longer than expected (${max} ${unit})`);
}

function testEncryptDecrypt(publicKey, privateKey) {
  const { publicEncrypt, privateDecrypt } = require('crypto');
  const text = 'Hello Node.js world!';
  for (const key of [publicKey, privateKey]) {
    const sealed = publicEncrypt(key, Buffer.from(text, 'utf8'));
    assert.strictEqual(privateDecrypt(privateKey, sealed).toString('utf8'), text);
  }
}

function testSignVerify(publicKey, privateKey) {
  const { createSign, createVerify, sign, verify } = require('crypto');
  const data = Buffer.from('Hello Node.js world!');
  const signers = [sign, (algo, d, key) => createSign(algo).update(d).sign(key)];
  const verifiers = [verify, (algo, d, key, sig) => createVerify(algo).update(d).verify(key, sig)];
  for (const signer of signers) {
    const signature = signer('SHA256', data, privateKey);
    for (const verifier of verifiers) {
      for (const key of [publicKey, privateKey]) assert(verifier('SHA256', data, key, signature));
    }
  }
}

module.exports = {
  modp2buf,
  assertApproximateSize,
  testEncryptDecrypt,
  testSignVerify,
  pkcs1PubExp: pem('RSA PUBLIC KEY'),
  pkcs1PrivExp: pem('RSA PRIVATE KEY'),
  pkcs1EncExp: (cipher) => pem('RSA PRIVATE KEY', cipher),
  spkiExp: pem('PUBLIC KEY'),
  pkcs8Exp: pem('PRIVATE KEY'),
  pkcs8EncExp: pem('ENCRYPTED PRIVATE KEY'),
  sec1Exp: pem('EC PRIVATE KEY'),
  sec1EncExp: (cipher) => pem('EC PRIVATE KEY', cipher),
  hasOpenSSL,
  get hasOpenSSL3() {
    return hasOpenSSL(3);
  },
  get opensslCli() {
    return false;
  },
};
