//! Signatures: RSASSA-PKCS1-v1_5, RSA-PSS, ECDSA on P-256 and Ed25519, over
//! keys in the normal form of `keys.rs`.
//!
//! The message is hashed here with the named hash and signed as a prehash,
//! so one code path serves every hash. ECDSA signatures come out as DER
//! (`node:crypto`'s default) or as the fixed-width `r‖s` that WebCrypto and
//! JOSE use (`ieee-p1363`).

use boa_engine::{Context, JsResult, JsValue};
use rsa::traits::SignatureScheme;
use rsa::{Pkcs1v15Sign, Pss};
use sha2::Digest;

use super::super::{arg, bytes_arg, bytes_value, error, string_arg};
use super::keys::{ec_private_of, ec_public_of, rsa_private_of, rsa_public_of};

/// The hash of `data` with `hash` (`sha1`, `sha256`, `sha384`, `sha512`).
fn prehash(hash: &str, data: &[u8]) -> JsResult<Vec<u8>> {
    Ok(match hash {
        "sha1" => sha1::Sha1::digest(data).to_vec(),
        "sha256" => sha2::Sha256::digest(data).to_vec(),
        "sha384" => sha2::Sha384::digest(data).to_vec(),
        "sha512" => sha2::Sha512::digest(data).to_vec(),
        other => return Err(error(format!("INVALID_DIGEST {other}"))),
    })
}

fn pkcs1(hash: &str) -> JsResult<Pkcs1v15Sign> {
    Ok(match hash {
        "sha1" => Pkcs1v15Sign::new::<sha1::Sha1>(),
        "sha256" => Pkcs1v15Sign::new::<sha2::Sha256>(),
        "sha384" => Pkcs1v15Sign::new::<sha2::Sha384>(),
        "sha512" => Pkcs1v15Sign::new::<sha2::Sha512>(),
        other => return Err(error(format!("INVALID_DIGEST {other}"))),
    })
}

/// A PSS scheme object for `hash` with `salt` bytes of salt (`None`: any
/// length, for verifying); each hash is its own type, so the caller's work is
/// passed in as a closure over the trait.
fn with_pss<T>(
    hash: &str,
    salt: Option<usize>,
    work: impl FnOnce(Box<dyn PssScheme>) -> JsResult<T>,
) -> JsResult<T> {
    fn scheme<D: sha2::Digest>(salt: Option<usize>) -> Box<Pss<D>> {
        let mut scheme = Pss::<D>::new();
        scheme.salt_len = salt;
        Box::new(scheme)
    }
    match hash {
        "sha1" => work(scheme::<sha1::Sha1>(salt)),
        "sha256" => work(scheme::<sha2::Sha256>(salt)),
        "sha384" => work(scheme::<sha2::Sha384>(salt)),
        "sha512" => work(scheme::<sha2::Sha512>(salt)),
        other => Err(error(format!("INVALID_DIGEST {other}"))),
    }
}

/// `Pss<D>` with the digest erased.
trait PssScheme {
    fn sign(self: Box<Self>, key: &rsa::PrivateKey, hashed: &[u8]) -> rsa::Result<Vec<u8>>;
    fn verify(self: Box<Self>, key: &rsa::PublicKey, hashed: &[u8], sig: &[u8]) -> rsa::Result<()>;
}

impl<D: sha2::Digest + sha2::digest::FixedOutputReset> PssScheme for Pss<D> {
    fn sign(self: Box<Self>, key: &rsa::PrivateKey, hashed: &[u8]) -> rsa::Result<Vec<u8>> {
        key.sign_with_rng(&mut getrandom::SysRng, *self, hashed)
    }
    fn verify(self: Box<Self>, key: &rsa::PublicKey, hashed: &[u8], sig: &[u8]) -> rsa::Result<()> {
        SignatureScheme::verify(*self, key, hashed, sig)
    }
}

/// The salt length argument, with OpenSSL's special values: absent or `-1`
/// is the hash's length, `-2` (or any other negative) is `None`, the most
/// that fits when signing and whatever the signature holds when verifying.
fn salt_arg(
    args: &[JsValue],
    index: usize,
    hash_len: usize,
    context: &mut Context,
) -> JsResult<Option<usize>> {
    let value = arg(args, index);
    if value.is_null_or_undefined() {
        return Ok(Some(hash_len));
    }
    let salt = value.to_number(context)?;
    Ok(match salt {
        -1.0 => Some(hash_len),
        s if s < 0.0 || s.is_nan() => None,
        s => Some(s.min(f64::from(u32::MAX)) as usize),
    })
}

/// RFC 8017's largest salt for a key of `bits` bits and a hash of `hash_len` bytes.
fn max_salt(bits: u32, hash_len: usize) -> usize {
    let em_len = (bits as usize - 1).div_ceil(8);
    em_len.saturating_sub(hash_len + 2)
}

/// The arguments `sign` and `verify` share: `(scheme, hash, der, data)`,
/// with `data` already hashed.
fn signing_args(
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<(String, String, Vec<u8>, Vec<u8>)> {
    let scheme = string_arg(args, 0, context)?;
    let hash = string_arg(args, 1, context)?;
    let der = bytes_arg(args, 2, context)?.unwrap_or_default();
    let data = bytes_arg(args, 3, context)?.unwrap_or_default();
    // Ed25519 signs the message itself.
    let hashed = if scheme == "ed25519" {
        data
    } else {
        prehash(&hash, &data)?
    };
    Ok((scheme, hash, der, hashed))
}

/// `sign(scheme, hash, der, data, saltLength?)`: scheme `pkcs1`, `pss`,
/// `ecdsa-der` or `ecdsa-p1363`; `der` is a private key's PKCS#8.
pub(in crate::ops) fn sign(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let (scheme, hash, der, hashed) = signing_args(args, context)?;
    let signature = match scheme.as_str() {
        "pkcs1" => rsa_private_of(&der)?
            .sign(pkcs1(&hash)?, &hashed)
            .map_err(|_| error("DATA_TOO_LARGE_FOR_KEY_SIZE"))?,
        "pss" => {
            let key = rsa_private_of(&der)?;
            let salt = salt_arg(args, 4, hashed.len(), context)?.unwrap_or_else(|| {
                max_salt(
                    rsa::traits::PublicKeyParts::n(&key).bit_width(),
                    hashed.len(),
                )
            });
            let salt = Some(salt);
            with_pss(&hash, salt, |scheme| {
                scheme
                    .sign(&key, &hashed)
                    .map_err(|_| error("DATA_TOO_LARGE_FOR_KEY_SIZE"))
            })?
        }
        "ecdsa-der" | "ecdsa-p1363" => {
            ec_private_of(&der)?.sign_prehash(&hashed, scheme == "ecdsa-p1363")?
        }
        "ed25519" => super::okp::sign(&der, &hashed)?,
        other => return Err(error(format!("internal: unknown signature scheme {other}"))),
    };
    bytes_value(&signature, context)
}

/// `verify(scheme, hash, der, data, signature, saltLength?)` → whether the
/// signature is good; `der` is a public key's SPKI. A malformed signature is
/// a bad one, not an error, as in Bun.
pub(in crate::ops) fn verify(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let (scheme, hash, der, hashed) = signing_args(args, context)?;
    let signature = bytes_arg(args, 4, context)?.unwrap_or_default();
    let good = match scheme.as_str() {
        "pkcs1" => rsa_public_of(&der)?
            .verify(pkcs1(&hash)?, &hashed, &signature)
            .is_ok(),
        "pss" => {
            let salt = salt_arg(args, 5, hashed.len(), context)?;
            let key = rsa_public_of(&der)?;
            with_pss(&hash, salt, |scheme| {
                Ok(scheme.verify(&key, &hashed, &signature).is_ok())
            })?
        }
        "ecdsa-der" | "ecdsa-p1363" => {
            ec_public_of(&der)?.verify_prehash(&hashed, &signature, scheme == "ecdsa-p1363")
        }
        "ed25519" => super::okp::verify(&der, &hashed, &signature)?,
        other => return Err(error(format!("internal: unknown signature scheme {other}"))),
    };
    Ok(JsValue::from(good))
}
