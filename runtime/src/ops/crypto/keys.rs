//! Asymmetric keys: reading PEM, DER and JWK into one normal form, writing
//! them back out, deriving a public key and generating new ones.
//!
//! The normal form the prelude holds is PKCS#8 DER for a private key and SPKI
//! DER for a public one, with the key's kind (`rsa` or `ec`): every other
//! operation reads keys back from it. Errors are short OpenSSL reason names
//! (`NO_START_LINE`, `DECODE_ERROR`, …) that the prelude dresses as Bun's
//! errors for `node:crypto` or as a `DOMException` for `crypto.subtle`.

use super::ec::{Public, Secret};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use boa_engine::{Context, JsResult, JsString, JsValue};
use rsa::pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey, EncodeRsaPublicKey};
use rsa::pkcs8::{DecodePrivateKey, EncodePrivateKey, EncodePublicKey, LineEnding};
use rsa::traits::{PrivateKeyParts, PublicKeyParts};
use rsa::{BoxedUint, PrivateKey, PublicKey};

use super::super::{array, bytes_arg, bytes_value, error, string_arg};

/// `rsaEncryption` and `id-ecPublicKey`.
const RSA_OID: &str = "1.2.840.113549.1.1.1";
const EC_OID: &str = "1.2.840.10045.2.1";

/// A key in the normal form.
pub(super) struct Key {
    pub(super) kind: &'static str,
    pub(super) private: bool,
    pub(super) der: Vec<u8>,
}

fn decode_error() -> boa_engine::JsError {
    error("DECODE_ERROR")
}

fn encode_error<E>(_: E) -> boa_engine::JsError {
    error("ENCODE_ERROR")
}

/// `keyParse(format, data)` → `[kind, 'private' | 'public', der, bits]`.
///
/// `format` is `pem` (any of the labels below), `pkcs8`, `spki`, `pkcs1`,
/// `pkcs1-public`, `sec1` (DER) or `jwk` (the JWK's JSON text).
pub(in crate::ops) fn key_parse(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let format = string_arg(args, 0, context)?;
    let data = bytes_arg(args, 1, context)?.unwrap_or_default();
    let passphrase = bytes_arg(args, 2, context)?;
    let passphrase = passphrase.as_deref();
    // Key material comes from the tool; should a crate's arithmetic assert on
    // numbers no real key has, that is a bad key, not a crashed host.
    let parsed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match format.as_str() {
        "pem" => from_pem(&data, passphrase),
        "jwk" => from_jwk(&data),
        der => from_der(der, &data, passphrase),
    }));
    let key = parsed.unwrap_or_else(|_| Err(decode_error()))?;
    let bits = bits(&key)?;
    let values = vec![
        JsValue::from(JsString::from(key.kind)),
        JsValue::from(JsString::from(if key.private {
            "private"
        } else {
            "public"
        })),
        bytes_value(&key.der, context)?,
        JsValue::from(bits),
    ];
    Ok(array(values, context))
}

fn from_pem(data: &[u8], passphrase: Option<&[u8]>) -> JsResult<Key> {
    let text = std::str::from_utf8(data).map_err(|_| error("NO_START_LINE"))?;
    // Text around the block (a comment, a certificate's header) is allowed,
    // as OpenSSL allows it.
    let start = text
        .find("-----BEGIN ")
        .ok_or_else(|| error("NO_START_LINE"))?;
    let label_end = text[start + 11..]
        .find("-----")
        .ok_or_else(|| error("NO_START_LINE"))?;
    let label = &text[start + 11..start + 11 + label_end];
    let end_marker = format!("-----END {label}-----");
    let end = text[start..]
        .find(&end_marker)
        .ok_or_else(|| error("BAD_END_LINE"))?;
    let block = &text[start..start + end + end_marker.len()];
    let (_, der) =
        pem_rfc7468::decode_vec(block.as_bytes()).map_err(|_| error("BAD_BASE64_DECODE"))?;
    let format = match label {
        "PRIVATE KEY" => "pkcs8",
        "PUBLIC KEY" => "spki",
        "RSA PRIVATE KEY" => "pkcs1",
        "RSA PUBLIC KEY" => "pkcs1-public",
        "EC PRIVATE KEY" => "sec1",
        // Read before any passphrase is asked for, as BoringSSL does: a body
        // that is no EncryptedPrivateKeyInfo is a DECODE_ERROR.
        "ENCRYPTED PRIVATE KEY" => "pkcs8",
        _ => return Err(error("NO_START_LINE")),
    };
    from_der(format, &der, passphrase)
}

fn from_der(format: &str, der: &[u8], passphrase: Option<&[u8]>) -> JsResult<Key> {
    match format {
        "pkcs8" => {
            let Ok(info) = rsa::pkcs8::PrivateKeyInfoRef::try_from(der) else {
                return from_encrypted(der, passphrase);
            };
            match info.algorithm.oid.to_string().as_str() {
                RSA_OID => {
                    PrivateKey::from_pkcs8_der(der).map_err(|_| decode_error())?;
                    Ok(Key {
                        kind: "rsa",
                        private: true,
                        der: der.to_vec(),
                    })
                }
                EC_OID => ec_private(&Secret::from_pkcs8(der)?),
                oid => match super::okp::kind_of(oid) {
                    Some(kind) => super::okp::private_from_pkcs8(kind, info.private_key.as_bytes()),
                    None => Err(error("UNSUPPORTED_ALGORITHM")),
                },
            }
        }
        "spki" => {
            let info = rsa::pkcs8::spki::SubjectPublicKeyInfoRef::try_from(der)
                .map_err(|_| decode_error())?;
            match info.algorithm.oid.to_string().as_str() {
                RSA_OID => {
                    rsa_public_of(der)?;
                    Ok(Key {
                        kind: "rsa",
                        private: false,
                        der: der.to_vec(),
                    })
                }
                EC_OID => ec_public(&Public::from_spki(der)?),
                oid => match super::okp::kind_of(oid) {
                    Some(kind) => super::okp::public(
                        kind,
                        info.subject_public_key
                            .as_bytes()
                            .ok_or_else(decode_error)?,
                    ),
                    None => Err(error("UNSUPPORTED_ALGORITHM")),
                },
            }
        }
        "pkcs1" => rsa_private(&PrivateKey::from_pkcs1_der(der).map_err(|_| decode_error())?),
        "pkcs1-public" => rsa_public(&rsa_public_of_pkcs1(der)?),
        "sec1" => ec_private(&Secret::from_sec1(der)?),
        "ec-raw" => ec_public(&Public::from_point("P-256", der).ok_or_else(decode_error)?),
        other => Err(error(format!("internal: unknown key format {other}"))),
    }
}

/// An `EncryptedPrivateKeyInfo` (PKCS#8's PBES2 form), opened with the
/// passphrase.
fn from_encrypted(der: &[u8], passphrase: Option<&[u8]>) -> JsResult<Key> {
    let info = pkcs8::EncryptedPrivateKeyInfoRef::try_from(der).map_err(|_| decode_error())?;
    let passphrase = passphrase.ok_or_else(|| error("ENCRYPTED_KEY"))?;
    let document = info.decrypt(passphrase).map_err(|_| error("BAD_DECRYPT"))?;
    from_der("pkcs8", document.as_bytes(), None)
}

/// `keyEncrypt(pkcs8, passphrase, cipher)` → the key as an
/// `EncryptedPrivateKeyInfo`: PBES2 with PBKDF2-HMAC-SHA256 (2,048 rounds,
/// OpenSSL's count) and AES-128-CBC or AES-256-CBC.
pub(in crate::ops) fn key_encrypt(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    use pkcs8::pkcs5::pbes2::Parameters;
    let der = bytes_arg(args, 0, context)?.unwrap_or_default();
    let passphrase = bytes_arg(args, 1, context)?.unwrap_or_default();
    let cipher = string_arg(args, 2, context)?;
    let mut salt = [0u8; 16];
    let mut iv = [0u8; 16];
    getrandom::fill(&mut salt).map_err(encode_error)?;
    getrandom::fill(&mut iv).map_err(encode_error)?;
    let parameters = match cipher.as_str() {
        "aes-128-cbc" => Parameters::generate_pbkdf2_sha256_aes128cbc(2048, &salt, iv),
        "aes-256-cbc" => Parameters::generate_pbkdf2_sha256_aes256cbc(2048, &salt, iv),
        _ => return Err(error("UNSUPPORTED_CIPHER")),
    }
    .map_err(encode_error)?;
    let info =
        rsa::pkcs8::PrivateKeyInfoRef::try_from(der.as_slice()).map_err(|_| decode_error())?;
    let document = info
        .encrypt_with_params(parameters, &passphrase)
        .map_err(encode_error)?;
    bytes_value(document.as_bytes(), context)
}

fn rsa_private(key: &PrivateKey) -> JsResult<Key> {
    let der = key.to_pkcs8_der().map_err(|_| decode_error())?;
    Ok(Key {
        kind: "rsa",
        private: true,
        der: der.as_bytes().to_vec(),
    })
}

fn rsa_public(key: &PublicKey) -> JsResult<Key> {
    let der = key.to_public_key_der().map_err(|_| decode_error())?;
    Ok(Key {
        kind: "rsa",
        private: false,
        der: der.as_bytes().to_vec(),
    })
}

fn ec_private(key: &Secret) -> JsResult<Key> {
    Ok(Key {
        kind: "ec",
        private: true,
        der: key.to_pkcs8()?,
    })
}

fn ec_public(key: &Public) -> JsResult<Key> {
    Ok(Key {
        kind: "ec",
        private: false,
        der: key.to_spki()?,
    })
}

/// An RSA key's modulus length in bits, or the curve's size.
fn bits(key: &Key) -> JsResult<u32> {
    Ok(match (key.kind, key.private) {
        ("rsa", true) => rsa_private_of(&key.der)?.n().bit_width(),
        ("rsa", false) => rsa_public_of(&key.der)?.n().bit_width(),
        ("ec", true) => ec_private_of(&key.der)?.public().curve().1,
        ("ec", false) => ec_public_of(&key.der)?.curve().1,
        _ => 0,
    })
}

pub(super) fn rsa_private_of(der: &[u8]) -> JsResult<PrivateKey> {
    PrivateKey::from_pkcs8_der(der).map_err(|_| decode_error())
}

/// The smallest and largest RSA moduli read, in bits: OpenSSL's range, where
/// the crate's default refuses keys under 1,024 bits (Node's tests and
/// Bun generate 512-bit ones).
const RSA_BITS: std::ops::RangeInclusive<usize> = 512..=PublicKey::MAX_SIZE;

pub(super) fn rsa_public_of(der: &[u8]) -> JsResult<PublicKey> {
    let info =
        rsa::pkcs8::spki::SubjectPublicKeyInfoRef::try_from(der).map_err(|_| decode_error())?;
    if info.algorithm.oid.to_string() != RSA_OID {
        return Err(decode_error());
    }
    rsa_public_of_pkcs1(
        info.subject_public_key
            .as_bytes()
            .ok_or_else(decode_error)?,
    )
}

/// A PKCS#1 `RSAPublicKey`, of any size in [`RSA_BITS`].
fn rsa_public_of_pkcs1(der: &[u8]) -> JsResult<PublicKey> {
    use rsa::pkcs1::der::Decode;
    let key = rsa::pkcs1::RsaPublicKeyRef::from_der(der).map_err(|_| decode_error())?;
    let n = uint(key.modulus.as_bytes());
    let e = uint(key.public_exponent.as_bytes());
    PublicKey::new_with_size_limits(n, e, RSA_BITS).map_err(|_| decode_error())
}

pub(super) fn ec_private_of(der: &[u8]) -> JsResult<Secret> {
    Secret::from_pkcs8(der).map_err(|_| decode_error())
}

pub(super) fn ec_public_of(der: &[u8]) -> JsResult<Public> {
    Public::from_spki(der).map_err(|_| decode_error())
}

fn from_jwk(data: &[u8]) -> JsResult<Key> {
    let jwk: serde_json::Value = serde_json::from_slice(data).map_err(|_| error("JWK_INVALID"))?;
    let field = |name: &str| -> JsResult<Option<Vec<u8>>> {
        match jwk.get(name) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(text)) => URL_SAFE_NO_PAD
                .decode(text.trim_end_matches('='))
                .map(Some)
                .map_err(|_| error("JWK_INVALID")),
            Some(_) => Err(error("JWK_INVALID")),
        }
    };
    let required = |name: &str| field(name)?.ok_or_else(|| error("JWK_INVALID"));
    match jwk.get("kty").and_then(|v| v.as_str()) {
        Some("RSA") => {
            let n = uint(&required("n")?);
            let e = uint(&required("e")?);
            match field("d")? {
                None => rsa_public(&PublicKey::new(n, e).map_err(|_| error("JWK_INVALID"))?),
                Some(d) => {
                    // RFC 7518 6.3.2: a private key carries its primes (the
                    // crate's recovery of them from `d` alone panics on bad input).
                    let primes = vec![uint(&required("p")?), uint(&required("q")?)];
                    let key = PrivateKey::from_components(n, e, uint(&d), primes)
                        .map_err(|_| error("JWK_INVALID"))?;
                    rsa_private(&key)
                }
            }
        }
        Some("EC") => {
            let curve = jwk.get("crv").and_then(|v| v.as_str()).unwrap_or_default();
            if !matches!(curve, "P-256" | "P-384" | "P-521") {
                return Err(error("UNSUPPORTED_CURVE"));
            }
            match field("d")? {
                Some(d) => {
                    ec_private(&Secret::from_slice(curve, &d).ok_or_else(|| error("JWK_INVALID"))?)
                }
                None => {
                    let mut point = vec![4u8];
                    point.extend(required("x")?);
                    point.extend(required("y")?);
                    ec_public(
                        &Public::from_point(curve, &point).ok_or_else(|| error("JWK_INVALID"))?,
                    )
                }
            }
        }
        Some("OKP") => super::okp::from_jwk(
            jwk.get("crv").and_then(|v| v.as_str()),
            field("d")?,
            field("x")?,
        ),
        _ => Err(error("JWK_INVALID")),
    }
}

fn uint(bytes: &[u8]) -> BoxedUint {
    let bits = (bytes.len() as u32 * 8).max(64);
    BoxedUint::from_be_slice(bytes, bits).unwrap_or_else(|_| BoxedUint::zero())
}

fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The big-endian bytes of `n` without leading zeros, as JWK writes them.
fn trimmed(n: &BoxedUint) -> String {
    let bytes = n.to_be_bytes();
    let first = bytes
        .iter()
        .position(|&b| b != 0)
        .unwrap_or(bytes.len().saturating_sub(1));
    b64(&bytes[first..])
}

/// `keyExport(kind, 'private' | 'public', der, format)`: `pkcs8-pem`,
/// `spki-pem`, `pkcs1-pem`, `pkcs1-der`, `sec1-pem`, `sec1-der`, `jwk` (JSON
/// text) or `raw` (an EC public key's uncompressed point).
pub(in crate::ops) fn key_export(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let kind = string_arg(args, 0, context)?;
    let private = string_arg(args, 1, context)? == "private";
    let der = bytes_arg(args, 2, context)?.unwrap_or_default();
    let format = string_arg(args, 3, context)?;
    let text = |s: String| Ok(JsValue::from(JsString::from(s.as_str())));
    match (kind.as_str(), private, format.as_str()) {
        ("rsa", true, "pkcs8-pem") => text(
            rsa_private_of(&der)?
                .to_pkcs8_pem(LineEnding::LF)
                .map_err(encode_error)?
                .to_string(),
        ),
        ("rsa", true, "pkcs1-pem") => text(
            rsa_private_of(&der)?
                .to_pkcs1_pem(LineEnding::LF)
                .map_err(encode_error)?
                .to_string(),
        ),
        ("rsa", true, "pkcs1-der") => bytes_value(
            rsa_private_of(&der)?
                .to_pkcs1_der()
                .map_err(encode_error)?
                .as_bytes(),
            context,
        ),
        ("rsa", false, "spki-pem") => text(
            rsa_public_of(&der)?
                .to_public_key_pem(LineEnding::LF)
                .map_err(encode_error)?,
        ),
        ("rsa", false, "pkcs1-pem") => text(
            rsa_public_of(&der)?
                .to_pkcs1_pem(LineEnding::LF)
                .map_err(encode_error)?,
        ),
        ("rsa", false, "pkcs1-der") => bytes_value(
            rsa_public_of(&der)?
                .to_pkcs1_der()
                .map_err(encode_error)?
                .as_bytes(),
            context,
        ),
        ("rsa", _, "jwk") => text(rsa_jwk(&der, private)?.to_string()),
        ("ec", true, "pkcs8-pem") => text(ec_private_of(&der)?.to_pkcs8_pem()?),
        ("ec", true, "sec1-pem") => text(ec_private_of(&der)?.to_sec1_pem()?),
        ("ec", true, "sec1-der") => bytes_value(&ec_private_of(&der)?.to_sec1_der()?, context),
        ("ec", false, "spki-pem") => text(ec_public_of(&der)?.to_spki_pem()?),
        ("ec", false, "raw") => bytes_value(&ec_public_of(&der)?.point(false), context),
        ("ec", _, "jwk") => text(ec_jwk(&der, private)?.to_string()),
        ("ed25519" | "x25519", _, "jwk") => {
            text(super::okp::jwk(&kind, private, &der)?.to_string())
        }
        ("ed25519" | "x25519", true, "pkcs8-pem") => text(pem("PRIVATE KEY", &der)?),
        ("ed25519" | "x25519", false, "spki-pem") => text(pem("PUBLIC KEY", &der)?),
        ("ed25519" | "x25519", false, "raw") => bytes_value(&super::okp::public_of(&der)?, context),
        _ => Err(error("UNSUPPORTED_FORMAT")),
    }
}

fn pem(label: &str, der: &[u8]) -> JsResult<String> {
    pem_rfc7468::encode_string(label, pem_rfc7468::LineEnding::LF, der).map_err(encode_error)
}

fn rsa_jwk(der: &[u8], private: bool) -> JsResult<serde_json::Value> {
    if !private {
        let key = rsa_public_of(der)?;
        return Ok(
            serde_json::json!({ "kty": "RSA", "n": trimmed(key.n()), "e": trimmed(key.e()) }),
        );
    }
    let key = rsa_private_of(der)?;
    let primes = key.primes();
    let (Some(p), Some(q), Some(dp), Some(dq), Some(qi)) = (
        primes.first(),
        primes.get(1),
        key.dp(),
        key.dq(),
        key.crt_coefficient(),
    ) else {
        return Err(error("ENCODE_ERROR"));
    };
    Ok(serde_json::json!({
        "kty": "RSA",
        "n": trimmed(key.n()),
        "e": trimmed(key.e()),
        "d": trimmed(key.d()),
        "p": trimmed(p),
        "q": trimmed(q),
        "dp": trimmed(dp),
        "dq": trimmed(dq),
        "qi": trimmed(&qi),
    }))
}

fn ec_jwk(der: &[u8], private: bool) -> JsResult<serde_json::Value> {
    let (public, d) = if private {
        let secret = ec_private_of(der)?;
        (secret.public(), Some(b64(&secret.to_bytes())))
    } else {
        (ec_public_of(der)?, None)
    };
    let bytes = public.point(false);
    let size = (bytes.len() - 1) / 2;
    let (crv, _) = public.curve();
    // Node's member order (serde_json keeps insertion order here).
    let mut jwk = serde_json::json!({ "kty": "EC", "x": b64(&bytes[1..1 + size]), "y": b64(&bytes[1 + size..]), "crv": crv });
    if let Some(d) = d {
        jwk["d"] = serde_json::Value::from(d);
    }
    Ok(jwk)
}

/// `keyPublic(kind, pkcs8)` → the SPKI DER of a private key's public half.
pub(in crate::ops) fn key_public(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let kind = string_arg(args, 0, context)?;
    let der = bytes_arg(args, 1, context)?.unwrap_or_default();
    let key = match kind.as_str() {
        "rsa" => rsa_public(&rsa_private_of(&der)?.to_public_key())?,
        "ed25519" => super::okp::public_of_private("ed25519", &der)?,
        "x25519" => super::okp::public_of_private("x25519", &der)?,
        _ => ec_public(&ec_private_of(&der)?.public())?,
    };
    bytes_value(&key.der, context)
}

/// `keyGenerate(kind, bits, exponent)` → a new private key as PKCS#8 DER;
/// `kind` is `rsa`, `ec`, `ed25519` or `x25519`.
///
/// RSA sizes follow BoringSSL, as Bun reports them: under 256 bits (or past
/// what an `int` holds) `INVALID_KEYBITS`, rounded down to a multiple of 128,
/// under 512 `KEY_SIZE_TOO_SMALL`, over 16,384 `MODULUS_TOO_LARGE`; the
/// exponent must be odd and at least 3 (`BAD_E_VALUE`).
pub(in crate::ops) fn key_generate(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let kind = string_arg(args, 0, context)?;
    let key = if kind == "rsa" {
        let bits = super::super::arg(args, 1).to_number(context)?;
        let exponent = super::super::arg(args, 2).to_number(context)?;
        let bits = rsa_bits(bits)?;
        if exponent < 3.0 || exponent % 2.0 != 1.0 || exponent > f64::from(u32::MAX) {
            return Err(error("BAD_E_VALUE"));
        }
        let key = PrivateKey::new_with_exp_unchecked(
            &mut getrandom::SysRng,
            bits,
            BoxedUint::from(exponent as u64),
        )
        .map_err(|_| error("KEY_GENERATION_FAILED"))?;
        rsa_private(&key)?
    } else if kind == "ed25519" || kind == "x25519" {
        super::okp::generate(if kind == "ed25519" {
            "ed25519"
        } else {
            "x25519"
        })?
    } else {
        let curve = super::super::arg(args, 1);
        let curve = if curve.is_undefined() {
            "P-256".to_string()
        } else {
            curve.to_string(context)?.to_std_string_escaped()
        };
        ec_private(&Secret::generate(&curve)?)?
    };
    bytes_value(&key.der, context)
}

/// The modulus size BoringSSL would generate for `bits`, or its reason not to.
fn rsa_bits(bits: f64) -> JsResult<usize> {
    if !(256.0..=f64::from(i32::MAX)).contains(&bits) {
        return Err(error("INVALID_KEYBITS"));
    }
    if bits > 16384.0 {
        return Err(error("MODULUS_TOO_LARGE"));
    }
    let bits = bits as usize / 128 * 128;
    if bits < 512 {
        return Err(error("KEY_SIZE_TOO_SMALL"));
    }
    // Generating a bigger key takes minutes of native code that no deadline
    // can interrupt.
    if bits > 4096 {
        return Err(error("MODULUS_OVER_RUNTIME_LIMIT"));
    }
    Ok(bits)
}

/// `keyAgree(kind, privatePkcs8, publicSpki)` → the shared secret of an
/// X25519 or EC (ECDH) key pair and another party's public key.
pub(in crate::ops) fn key_agree(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let kind = string_arg(args, 0, context)?;
    let private = bytes_arg(args, 1, context)?.unwrap_or_default();
    let public = bytes_arg(args, 2, context)?.unwrap_or_default();
    let secret = match kind.as_str() {
        "x25519" => super::okp::agree(&private, &public)?,
        "ec" => ec_private_of(&private)?.agree(&ec_public_of(&public)?)?,
        _ => return Err(error("OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE")),
    };
    bytes_value(&secret, context)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(result: JsResult<usize>) -> String {
        result.map_or_else(
            |e| e.to_string().replace(" (native)", ""),
            |bits| bits.to_string(),
        )
    }

    #[test]
    fn rsa_sizes_follow_boringssl() {
        assert_eq!(reason(rsa_bits(255.0)), "Error: INVALID_KEYBITS");
        assert_eq!(reason(rsa_bits(2f64.powi(31))), "Error: INVALID_KEYBITS");
        assert_eq!(reason(rsa_bits(256.0)), "Error: KEY_SIZE_TOO_SMALL");
        assert_eq!(reason(rsa_bits(511.0)), "Error: KEY_SIZE_TOO_SMALL");
        assert_eq!(reason(rsa_bits(520.0)), "512");
        assert_eq!(reason(rsa_bits(1100.0)), "1024");
        assert_eq!(reason(rsa_bits(16385.0)), "Error: MODULUS_TOO_LARGE");
        assert_eq!(
            reason(rsa_bits(8192.0)),
            "Error: MODULUS_OVER_RUNTIME_LIMIT"
        );
    }

    #[test]
    fn a_512_bit_key_is_read_back() {
        let key =
            PrivateKey::new_with_exp_unchecked(&mut getrandom::SysRng, 512, BoxedUint::from(3u64))
                .unwrap();
        let private = rsa_private(&key).unwrap();
        let public = rsa_public(&key.to_public_key()).unwrap();
        assert_eq!(rsa_private_of(&private.der).unwrap().n().bit_width(), 512);
        assert_eq!(rsa_public_of(&public.der).unwrap().n().bit_width(), 512);
        let pkcs1 = key.to_public_key().to_pkcs1_der().unwrap();
        assert!(rsa_public_of_pkcs1(pkcs1.as_bytes()).is_ok());
    }
}
