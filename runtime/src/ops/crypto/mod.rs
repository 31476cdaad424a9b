//! The native side of `node:crypto` and the web `crypto` global: hashes,
//! HMACs and random bytes here; keys, signatures, ciphers and key derivation
//! in the submodules, on RustCrypto's crates.

mod cipher;
mod kdf;
mod keys;
mod sign;

use boa_engine::{Context, JsResult, JsString, JsValue};

pub(super) use cipher::{aes_gcm, rsa_oaep};
pub(super) use kdf::{pbkdf2, scrypt};
pub(super) use keys::{key_export, key_generate, key_parse, key_public};
pub(super) use sign::{sign, verify};

use super::{arg, bytes_arg, bytes_value, error, string_arg};

fn digest(algorithm: &str, data: &[u8]) -> JsResult<Vec<u8>> {
    use sha2::Digest;
    Ok(
        match algorithm.to_ascii_lowercase().replace('-', "").as_str() {
            "md5" => md5::Md5::digest(data).to_vec(),
            "sha1" => sha1::Sha1::digest(data).to_vec(),
            "sha256" => sha2::Sha256::digest(data).to_vec(),
            "sha384" => sha2::Sha384::digest(data).to_vec(),
            "sha512" => sha2::Sha512::digest(data).to_vec(),
            other => return Err(error(format!("Digest method not supported: {other}"))),
        },
    )
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
    let block = if matches!(
        algorithm.to_ascii_lowercase().replace('-', "").as_str(),
        "sha384" | "sha512"
    ) {
        128
    } else {
        64
    };
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
