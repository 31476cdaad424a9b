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

/// RSA's `padding` values in `node:crypto`'s `constants`.
const PKCS1_PADDING: u32 = 1;
const NO_PADDING: u32 = 3;

/// `rsaCipher(operation, padding, hash, der, data, label?)`: `node:crypto`'s
/// `publicEncrypt` (OAEP with `hash`, PKCS#1 v1.5 or no padding; `der` an
/// SPKI), `privateDecrypt` (OAEP; a PKCS#8), `privateEncrypt` (PKCS#1 v1.5
/// type 1, as a signature over the data itself) and `publicDecrypt` (its
/// inverse). Errors are BoringSSL's reason names.
pub(in crate::ops) fn rsa_cipher(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    use rsa::traits::PublicKeyParts;
    let operation = string_arg(args, 0, context)?;
    let padding = arg(args, 1).to_u32(context)?;
    let hash = string_arg(args, 2, context)?;
    let der = bytes_arg(args, 3, context)?.unwrap_or_default();
    let data = bytes_arg(args, 4, context)?.unwrap_or_default();
    let label = bytes_arg(args, 5, context)?.filter(|label| !label.is_empty());
    fn too_large<E>(_: E) -> boa_engine::JsError {
        error("DATA_TOO_LARGE_FOR_KEY_SIZE")
    }
    let out = match (operation.as_str(), padding) {
        ("publicEncrypt", PKCS1_PADDING) => rsa_public_of(&der)?
            .encrypt(&mut getrandom::SysRng, rsa::Pkcs1v15Encrypt, &data)
            .map_err(too_large)?,
        ("publicEncrypt", NO_PADDING) => {
            let key = rsa_public_of(&der)?;
            let size = key.size();
            if data.len() != size {
                return Err(error(if data.len() > size {
                    "DATA_TOO_LARGE_FOR_KEY_SIZE"
                } else {
                    "DATA_TOO_SMALL_FOR_KEY_SIZE"
                }));
            }
            let m = rsa::BoxedUint::from_be_slice(&data, key.n().bits_precision())
                .map_err(too_large)?;
            if m.ge(key.n().as_ref()) {
                return Err(error("DATA_TOO_LARGE_FOR_MODULUS"));
            }
            let c = rsa::hazmat::rsa_encrypt(&key, &m).map_err(too_large)?;
            left_pad(&c.to_be_bytes(), size)
        }
        ("publicEncrypt" | "privateDecrypt", _) => {
            let size = if operation == "publicEncrypt" {
                rsa_public_of(&der)?.size()
            } else {
                rsa_private_of(&der)?.size()
            };
            let hash_len = match hash.as_str() {
                "sha1" => 20,
                "sha256" => 32,
                "sha384" => 48,
                "sha512" => 64,
                _ => return Err(error("INVALID_DIGEST")),
            };
            if size < 2 * hash_len + 2 {
                return Err(error("KEY_SIZE_TOO_SMALL"));
            }
            let encrypt = JsValue::from(operation == "publicEncrypt");
            let hash = JsValue::from(boa_engine::JsString::from(hash.as_str()));
            let der = bytes_value(&der, context)?;
            let data = bytes_value(&data, context)?;
            let label = match label {
                Some(label) => bytes_value(&label, context)?,
                None => JsValue::undefined(),
            };
            return rsa_oaep(
                &JsValue::undefined(),
                &[encrypt, hash, der, data, label],
                context,
            )
            .map_err(|e| {
                if operation == "privateDecrypt" {
                    error("OAEP_DECODING_ERROR")
                } else {
                    e
                }
            });
        }
        ("privateEncrypt", NO_PADDING) => {
            let key = rsa_private_of(&der)?;
            let size = key.size();
            if data.len() != size {
                return Err(error(if data.len() > size {
                    "DATA_TOO_LARGE_FOR_KEY_SIZE"
                } else {
                    "DATA_TOO_SMALL_FOR_KEY_SIZE"
                }));
            }
            let m = rsa::BoxedUint::from_be_slice(&data, key.n().bits_precision())
                .map_err(too_large)?;
            if m.ge(key.n().as_ref()) {
                return Err(error("DATA_TOO_LARGE_FOR_MODULUS"));
            }
            let c = rsa::hazmat::rsa_decrypt_and_check(&key, Some(&mut getrandom::SysRng), &m)
                .map_err(too_large)?;
            left_pad(&c.to_be_bytes(), size)
        }
        ("privateEncrypt", _) => rsa_private_of(&der)?
            .sign(rsa::Pkcs1v15Sign::new_unprefixed(), &data)
            .map_err(too_large)?,
        ("publicDecrypt", _) => {
            let key = rsa_public_of(&der)?;
            let size = key.size();
            if data.len() != size {
                return Err(error("DATA_LEN_NOT_EQUAL_TO_MOD_LEN"));
            }
            let c = rsa::BoxedUint::from_be_slice(&data, key.n().bits_precision())
                .map_err(too_large)?;
            if c.ge(key.n().as_ref()) {
                return Err(error("DATA_TOO_LARGE_FOR_MODULUS"));
            }
            let m = left_pad(
                &rsa::hazmat::rsa_encrypt(&key, &c)
                    .map_err(too_large)?
                    .to_be_bytes(),
                size,
            );
            if padding == NO_PADDING {
                m
            } else {
                unpad_type1(&m).ok_or_else(|| error("PADDING_CHECK_FAILED"))?
            }
        }
        _ => {
            return Err(error(format!(
                "internal: unknown RSA operation {operation}"
            )));
        }
    };
    bytes_value(&out, context)
}

/// `bytes` as exactly `size` bytes, dropping or adding leading zeros.
fn left_pad(bytes: &[u8], size: usize) -> Vec<u8> {
    if bytes.len() >= size {
        return bytes[bytes.len() - size..].to_vec();
    }
    let mut out = vec![0; size - bytes.len()];
    out.extend_from_slice(bytes);
    out
}

/// The data of a PKCS#1 v1.5 type 1 block: `00 01 FF…FF 00 data`, with at
/// least eight `FF`s.
fn unpad_type1(block: &[u8]) -> Option<Vec<u8>> {
    let rest = block.strip_prefix(&[0, 1])?;
    let end = rest.iter().position(|&b| b != 0xff)?;
    (end >= 8 && rest[end] == 0).then(|| rest[end + 1..].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_1_blocks_are_unpadded_strictly() {
        let mut block = vec![0, 1];
        block.extend([0xff; 8]);
        block.extend([0, b'h', b'i']);
        assert_eq!(unpad_type1(&block).unwrap(), b"hi");
        block[1] = 2;
        assert_eq!(unpad_type1(&block), None);
        assert_eq!(unpad_type1(&[0, 1, 0xff, 0, 1]), None);
        assert_eq!(left_pad(&[1], 3), vec![0, 0, 1]);
    }
}
