//! The native side of `node:crypto` and the web `crypto` global: hashes,
//! HMACs and random bytes here; keys, signatures, ciphers and key derivation
//! in the submodules, on RustCrypto's crates.

mod cipher;
mod dh;
mod ec;
mod ecdh;
mod hasher;
mod kdf;
mod keys;
mod modp;
mod okp;
mod sign;
mod streaming;

use boa_engine::{Context, JsResult, JsString, JsValue};

pub(super) use cipher::{aes_gcm, rsa_cipher, rsa_oaep};
pub(super) use dh::{dh_check, dh_generate, dh_group, dh_prime, dh_public, dh_secret};
pub(super) use ecdh::{ecdh_convert, ecdh_generate, ecdh_public, ecdh_secret};
pub(super) use hasher::{hasher_copy, hasher_digest, hasher_init, hasher_update};
pub(super) use kdf::{hkdf, pbkdf2, scrypt};
pub(super) use keys::{key_agree, key_encrypt, key_export, key_generate, key_parse, key_public};
pub(super) use sign::{sign, verify};
pub(super) use streaming::{cipher_final, cipher_init, cipher_set, cipher_update};

use super::{arg, bytes_arg, bytes_value, error, string_arg};

/// The digests `crypto.getHashes()` lists (Bun's list, in its order), with
/// their HMAC block sizes in bytes.
pub(super) const HASHES: &[(&str, usize)] = &[
    ("md4", 64),
    ("md5", 64),
    ("ripemd160", 64),
    ("sha1", 64),
    ("sha224", 64),
    ("sha256", 64),
    ("sha384", 128),
    ("sha512", 128),
    ("sha512-224", 128),
    ("sha512-256", 128),
    ("sha3-224", 144),
    ("sha3-256", 136),
    ("sha3-384", 104),
    ("sha3-512", 72),
];

/// An algorithm's name as Node and Bun accept it (any case, `sha-256` for
/// `sha256`, OpenSSL's `RSA-SHA256`), spelled as in [`HASHES`] or
/// `Bun.CryptoHasher`'s extra names.
fn canonical(algorithm: &str) -> String {
    let lower = algorithm.to_ascii_lowercase();
    let lower = lower.strip_prefix("rsa-").unwrap_or(&lower);
    match lower {
        "sha-1" => "sha1".into(),
        "sha-224" => "sha224".into(),
        "sha-256" => "sha256".into(),
        "sha-384" => "sha384".into(),
        "sha-512" => "sha512".into(),
        "sha-512/224" | "sha512/224" => "sha512-224".into(),
        "sha-512/256" | "sha512/256" => "sha512-256".into(),
        "rmd160" | "ripemd" | "ripemd-160" => "ripemd160".into(),
        other => other.to_string(),
    }
}

fn digest(algorithm: &str, data: &[u8]) -> JsResult<Vec<u8>> {
    use sha2::Digest;
    Ok(match canonical(algorithm).as_str() {
        "md4" => md4::Md4::digest(data).to_vec(),
        "md5" => md5::Md5::digest(data).to_vec(),
        "ripemd160" => ripemd::Ripemd160::digest(data).to_vec(),
        "sha1" => sha1::Sha1::digest(data).to_vec(),
        "sha224" => sha2::Sha224::digest(data).to_vec(),
        "sha256" => sha2::Sha256::digest(data).to_vec(),
        "sha384" => sha2::Sha384::digest(data).to_vec(),
        "sha512" => sha2::Sha512::digest(data).to_vec(),
        "sha512-224" => sha2::Sha512_224::digest(data).to_vec(),
        "sha512-256" => sha2::Sha512_256::digest(data).to_vec(),
        "sha3-224" => sha3::Sha3_224::digest(data).to_vec(),
        "sha3-256" => sha3::Sha3_256::digest(data).to_vec(),
        "sha3-384" => sha3::Sha3_384::digest(data).to_vec(),
        "sha3-512" => sha3::Sha3_512::digest(data).to_vec(),
        "blake2b512" => blake2::Blake2b512::digest(data).to_vec(),
        "blake2s256" => blake2::Blake2s256::digest(data).to_vec(),
        "blake2b256" => blake2::Blake2b::<blake2::digest::consts::U32>::digest(data).to_vec(),
        // Node's default output lengths: 128 and 256 bits.
        "shake128" => xof::<shake::Shake128>(data, 16),
        "shake256" => xof::<shake::Shake256>(data, 32),
        _ => return Err(error(format!("Digest method not supported: {algorithm}"))),
    })
}

fn xof<H: Default + shake::digest::Update + shake::digest::ExtendableOutput>(
    data: &[u8],
    length: usize,
) -> Vec<u8> {
    let mut hasher = H::default();
    hasher.update(data);
    let mut out = vec![0; length];
    hasher.finalize_xof_into(&mut out);
    out
}

fn encode(bytes: &[u8], encoding: Option<&str>, context: &mut Context) -> JsResult<JsValue> {
    use base64::Engine;
    let text = match encoding {
        None | Some("buffer") => return bytes_value(bytes, context),
        Some("hex") => hex::encode(bytes),
        Some("base64") => base64::engine::general_purpose::STANDARD.encode(bytes),
        Some("base64url") => base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes),
        Some("latin1" | "binary") => bytes.iter().map(|&b| char::from(b)).collect(),
        Some(other) => return Err(error(format!("unsupported digest encoding: {other}"))),
    };
    Ok(JsValue::from(JsString::from(text.as_str())))
}

fn encoding_arg(args: &[JsValue], index: usize, context: &mut Context) -> JsResult<Option<String>> {
    let value = arg(args, index);
    if value.is_null_or_undefined() {
        Ok(None)
    } else {
        Ok(Some(value.to_string(context)?.to_std_string_escaped()))
    }
}

/// `hash(algorithm, data, encoding?)`.
pub(super) fn hash(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let algorithm = string_arg(args, 0, context)?;
    let data = bytes_arg(args, 1, context)?.unwrap_or_default();
    let encoding = encoding_arg(args, 2, context)?;
    let bytes = digest(&algorithm, &data)?;
    encode(&bytes, encoding.as_deref(), context)
}

/// `hmac(algorithm, key, data, encoding?)`, per RFC 2104 over `digest`.
pub(super) fn hmac(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let algorithm = string_arg(args, 0, context)?;
    let mut key = bytes_arg(args, 1, context)?.unwrap_or_default();
    let data = bytes_arg(args, 2, context)?.unwrap_or_default();
    let encoding = encoding_arg(args, 3, context)?;
    let name = canonical(&algorithm);
    let block = HASHES.iter().find(|(hash, _)| *hash == name).map_or(
        if name.starts_with("blake2b") { 128 } else { 64 },
        |(_, block)| *block,
    );
    if key.len() > block {
        key = digest(&algorithm, &key)?;
    }
    key.resize(block, 0);
    let mut inner: Vec<u8> = key.iter().map(|b| b ^ 0x36).collect();
    inner.extend_from_slice(&data);
    let mut outer: Vec<u8> = key.iter().map(|b| b ^ 0x5c).collect();
    outer.extend_from_slice(&digest(&algorithm, &inner)?);
    let mac = digest(&algorithm, &outer)?;
    encode(&mac, encoding.as_deref(), context)
}

/// `randomBytes(n)` → ArrayBuffer from the OS generator.
pub(super) fn random_bytes(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let n = arg(args, 0).to_length(context)?;
    if n > 1 << 26 {
        return Err(error(format!(
            "randomBytes: {n} bytes is more than this runtime hands out at once"
        )));
    }
    let mut buffer = vec![0u8; n as usize];
    getrandom::fill(&mut buffer)
        .map_err(|e| error(format!("the OS random generator failed: {e}")))?;
    bytes_value(&buffer, context)
}
