//! Key derivation: PBKDF2 with an HMAC and scrypt.

use boa_engine::{Context, JsResult, JsValue};

use super::super::{arg, bytes_arg, bytes_value, error, string_arg};

/// The most bytes one derivation hands out; Node's own limit is 2^31 - 1,
/// far more than any key needs and more than a tool should hold in memory.
const MAX_KEY_LENGTH: u32 = 1 << 26;

/// `pbkdf2(hash, password, salt, iterations, keylen)`.
pub(in crate::ops) fn pbkdf2(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let hash = string_arg(args, 0, context)?;
    let password = bytes_arg(args, 1, context)?.unwrap_or_default();
    let salt = bytes_arg(args, 2, context)?.unwrap_or_default();
    let rounds = arg(args, 3).to_u32(context)?;
    let length = arg(args, 4).to_u32(context)?;
    if length > MAX_KEY_LENGTH {
        return Err(error("KEY_LENGTH_TOO_LARGE"));
    }
    let mut out = vec![0u8; length as usize];
    match hash.as_str() {
        "sha1" => pbkdf2::pbkdf2_hmac::<sha1::Sha1>(&password, &salt, rounds, &mut out),
        "sha256" => pbkdf2::pbkdf2_hmac::<sha2::Sha256>(&password, &salt, rounds, &mut out),
        "sha384" => pbkdf2::pbkdf2_hmac::<sha2::Sha384>(&password, &salt, rounds, &mut out),
        "sha512" => pbkdf2::pbkdf2_hmac::<sha2::Sha512>(&password, &salt, rounds, &mut out),
        other => return Err(error(format!("INVALID_DIGEST {other}"))),
    }
    bytes_value(&out, context)
}

/// `scrypt(password, salt, keylen, N, r, p, maxmem)`; parameters Node
/// refuses fail with `INVALID_SCRYPT_PARAMS`, or `MEMORY_LIMIT_EXCEEDED` when
/// they need more than `maxmem`.
pub(in crate::ops) fn scrypt(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let password = bytes_arg(args, 0, context)?.unwrap_or_default();
    let salt = bytes_arg(args, 1, context)?.unwrap_or_default();
    let length = arg(args, 2).to_u32(context)?;
    let n = arg(args, 3).to_number(context)?;
    let r = arg(args, 4).to_u32(context)?;
    let p = arg(args, 5).to_u32(context)?;
    let max_memory = arg(args, 6).to_number(context)?;
    let invalid = || error("INVALID_SCRYPT_PARAMS");
    let power_of_two =
        n >= 2.0 && n.fract() == 0.0 && n <= f64::from(u32::MAX) && (n as u64).is_power_of_two();
    if !power_of_two {
        return Err(invalid());
    }
    // OpenSSL's memory rule: 128 * N * r bytes, plus 128 * r * p, fit maxmem.
    let memory = 128.0 * n * f64::from(r) + 128.0 * f64::from(r) * f64::from(p);
    if memory > max_memory {
        return Err(error("MEMORY_LIMIT_EXCEEDED"));
    }
    if length > MAX_KEY_LENGTH {
        return Err(invalid());
    }
    let log_n = (n as u64).trailing_zeros() as u8;
    let params = scrypt::Params::new(log_n, r, p).map_err(|_| invalid())?;
    let mut out = vec![0u8; length as usize];
    scrypt::scrypt(&password, &salt, &params, &mut out).map_err(|_| invalid())?;
    bytes_value(&out, context)
}

/// `hkdf(hash, key, salt, info, keylen)` per RFC 5869 over any digest
/// `getHashes()` lists; a length past 255 hash outputs fails with
/// `INVALID_KEY_LENGTH`, an unknown digest with `INVALID_DIGEST`.
pub(in crate::ops) fn hkdf(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let hash = string_arg(args, 0, context)?;
    let key = bytes_arg(args, 1, context)?.unwrap_or_default();
    let salt = bytes_arg(args, 2, context)?.unwrap_or_default();
    let info = bytes_arg(args, 3, context)?.unwrap_or_default();
    let length = arg(args, 4).to_u32(context)?;
    if length > MAX_KEY_LENGTH {
        return Err(error("INVALID_KEY_LENGTH"));
    }
    let mut out = vec![0u8; length as usize];
    // SimpleHkdf: its HMAC takes any digest, sha3 and ripemd160 included.
    macro_rules! expand {
        ($digest:ty) => {
            hkdf::SimpleHkdf::<$digest>::new(Some(&salt), &key).expand(&info, &mut out)
        };
    }
    match super::canonical(&hash).as_str() {
        "md4" => expand!(md4::Md4),
        "md5" => expand!(md5::Md5),
        "ripemd160" => expand!(ripemd::Ripemd160),
        "sha1" => expand!(sha1::Sha1),
        "sha224" => expand!(sha2::Sha224),
        "sha256" => expand!(sha2::Sha256),
        "sha384" => expand!(sha2::Sha384),
        "sha512" => expand!(sha2::Sha512),
        "sha512-224" => expand!(sha2::Sha512_224),
        "sha512-256" => expand!(sha2::Sha512_256),
        "sha3-224" => expand!(sha3::Sha3_224),
        "sha3-256" => expand!(sha3::Sha3_256),
        "sha3-384" => expand!(sha3::Sha3_384),
        "sha3-512" => expand!(sha3::Sha3_512),
        _ => return Err(error("INVALID_DIGEST")),
    }
    .map_err(|_| error("INVALID_KEY_LENGTH"))?;
    bytes_value(&out, context)
}
