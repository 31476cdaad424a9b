//! Encryption: RSA-OAEP and AES-GCM.
//!
//! A failed decryption says only `OPERATION_FAILED`: telling a wrong key
//! from a forged tag or bad padding would help an attacker, and WebCrypto
//! reports all of them as one `OperationError`.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::aes::{Aes128, Aes192, Aes256};
use aes_gcm::{AesGcm, Nonce};
use boa_engine::{Context, JsResult, JsValue};
use rsa::Oaep;

use super::super::{arg, bytes_arg, bytes_value, error, string_arg};
use super::keys::{rsa_private_of, rsa_public_of};

/// `rsaOaep(encrypt, hash, der, data, label?)`: `der` is the SPKI of a
/// public key to encrypt, the PKCS#8 of a private key to decrypt.
pub(in crate::ops) fn rsa_oaep(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let encrypt = arg(args, 0).to_boolean();
    let hash = string_arg(args, 1, context)?;
    let der = bytes_arg(args, 2, context)?.unwrap_or_default();
    let data = bytes_arg(args, 3, context)?.unwrap_or_default();
    let label = bytes_arg(args, 4, context)?.filter(|label| !label.is_empty());
    macro_rules! padding {
        ($digest:ty) => {
            match label {
                Some(label) => Oaep::<$digest>::new_with_label(label),
                None => Oaep::<$digest>::new(),
            }
        };
    }
    macro_rules! run {
        ($digest:ty) => {
            if encrypt {
                rsa_public_of(&der)?
                    .encrypt(&mut getrandom::SysRng, padding!($digest), &data)
                    .map_err(|_| error("DATA_TOO_LARGE_FOR_KEY_SIZE"))
            } else {
                rsa_private_of(&der)?
                    .decrypt_blinded(&mut getrandom::SysRng, padding!($digest), &data)
                    .map_err(|_| error("OPERATION_FAILED"))
            }
        };
    }
    let out = match hash.as_str() {
        "sha1" => run!(sha1::Sha1),
        "sha256" => run!(sha2::Sha256),
        "sha384" => run!(sha2::Sha384),
        "sha512" => run!(sha2::Sha512),
        other => Err(error(format!("INVALID_DIGEST {other}"))),
    }?;
    bytes_value(&out, context)
}

/// `aesGcm(encrypt, key, iv, data, additionalData?)` with a 128-bit tag
/// appended to the ciphertext, as WebCrypto lays it out. The IV is the
/// recommended 96 bits.
pub(in crate::ops) fn aes_gcm(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let encrypt = arg(args, 0).to_boolean();
    let key = bytes_arg(args, 1, context)?.unwrap_or_default();
    let iv = bytes_arg(args, 2, context)?.unwrap_or_default();
    let data = bytes_arg(args, 3, context)?.unwrap_or_default();
    let aad = bytes_arg(args, 4, context)?.unwrap_or_default();
    let nonce = Nonce::<aes_gcm::aead::consts::U12>::try_from(iv.as_slice())
        .map_err(|_| error("UNSUPPORTED_IV_LENGTH"))?;
    let payload = Payload {
        msg: &data,
        aad: &aad,
    };
    macro_rules! run {
        ($aes:ty) => {{
            let cipher = AesGcm::<$aes, aes_gcm::aead::consts::U12>::new_from_slice(&key)
                .map_err(|_| error("INVALID_KEY_LENGTH"))?;
            if encrypt {
                cipher.encrypt(&nonce, payload)
            } else {
                cipher.decrypt(&nonce, payload)
            }
        }};
    }
    let out = match key.len() {
        16 => run!(Aes128),
        24 => run!(Aes192),
        32 => run!(Aes256),
        _ => return Err(error("INVALID_KEY_LENGTH")),
    }
    .map_err(|_| error("OPERATION_FAILED"))?;
    bytes_value(&out, context)
}
