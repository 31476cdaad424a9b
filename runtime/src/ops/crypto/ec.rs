//! EC keys on the NIST curves Bun's KeyObjects have that RustCrypto has
//! too: P-256, P-384 and P-521, each its own crate with the same API, so
//! every operation is one `match` over the three, written once by `each!`.

use boa_engine::JsResult;
use p256::elliptic_curve::sec1::ToSec1Point;
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey};

use super::super::error;

pub(super) enum Secret {
    P256(p256::SecretKey),
    P384(p384::SecretKey),
    P521(p521::SecretKey),
}

pub(super) enum Public {
    P256(p256::PublicKey),
    P384(p384::PublicKey),
    P521(p521::PublicKey),
}

/// `$body` for the key inside `$value`, bound to `$k`, with `$c` the crate
/// of its curve.
macro_rules! each {
    ($value:expr, $enum:ident, $k:ident => $body:expr) => {
        match $value {
            $enum::P256($k) => $body,
            $enum::P384($k) => $body,
            $enum::P521($k) => $body,
        }
    };
    ($value:expr, $enum:ident, $k:ident, $c:ident => $body:expr) => {
        match $value {
            $enum::P256($k) => {
                use p256 as $c;
                $body
            }
            $enum::P384($k) => {
                use p384 as $c;
                $body
            }
            $enum::P521($k) => {
                use p521 as $c;
                $body
            }
        }
    };
}

fn decode_error() -> boa_engine::JsError {
    error("DECODE_ERROR")
}

fn encode_error<E>(_: E) -> boa_engine::JsError {
    error("ENCODE_ERROR")
}

impl Secret {
    /// A PKCS#8 EC key, on whichever of the curves its parameters name.
    pub(super) fn from_pkcs8(der: &[u8]) -> JsResult<Self> {
        if let Ok(k) = p256::SecretKey::from_pkcs8_der(der) {
            return Ok(Self::P256(k));
        }
        if let Ok(k) = p384::SecretKey::from_pkcs8_der(der) {
            return Ok(Self::P384(k));
        }
        p521::SecretKey::from_pkcs8_der(der)
            .map(Self::P521)
            .map_err(|_| error("UNSUPPORTED_CURVE"))
    }

    pub(super) fn from_sec1(der: &[u8]) -> JsResult<Self> {
        if let Ok(k) = p256::SecretKey::from_sec1_der(der) {
            return Ok(Self::P256(k));
        }
        if let Ok(k) = p384::SecretKey::from_sec1_der(der) {
            return Ok(Self::P384(k));
        }
        p521::SecretKey::from_sec1_der(der)
            .map(Self::P521)
            .map_err(|_| decode_error())
    }

    /// A private scalar on the named curve (`P-256`, `P-384`, `P-521`).
    pub(super) fn from_slice(curve: &str, bytes: &[u8]) -> Option<Self> {
        match curve {
            "P-256" => p256::SecretKey::from_slice(bytes).ok().map(Self::P256),
            "P-384" => p384::SecretKey::from_slice(bytes).ok().map(Self::P384),
            "P-521" => p521::SecretKey::from_slice(bytes).ok().map(Self::P521),
            _ => None,
        }
    }

    pub(super) fn generate(curve: &str) -> JsResult<Self> {
        use rsa::Generate;
        let failed = |_| error("KEY_GENERATION_FAILED");
        Ok(match curve {
            "P-384" => Self::P384(
                p384::SecretKey::try_generate_from_rng(&mut getrandom::SysRng).map_err(failed)?,
            ),
            "P-521" => Self::P521(
                p521::SecretKey::try_generate_from_rng(&mut getrandom::SysRng).map_err(failed)?,
            ),
            _ => Self::P256(
                p256::SecretKey::try_generate_from_rng(&mut getrandom::SysRng).map_err(failed)?,
            ),
        })
    }

    pub(super) fn public(&self) -> Public {
        match self {
            Self::P256(k) => Public::P256(k.public_key()),
            Self::P384(k) => Public::P384(k.public_key()),
            Self::P521(k) => Public::P521(k.public_key()),
        }
    }

    pub(super) fn to_pkcs8(&self) -> JsResult<Vec<u8>> {
        each!(self, Secret, k => Ok(k.to_pkcs8_der().map_err(encode_error)?.as_bytes().to_vec()))
    }

    pub(super) fn to_pkcs8_pem(&self) -> JsResult<String> {
        each!(self, Secret, k => Ok(k
            .to_pkcs8_pem(rsa::pkcs8::LineEnding::LF)
            .map_err(encode_error)?
            .to_string()))
    }

    pub(super) fn to_sec1_der(&self) -> JsResult<Vec<u8>> {
        each!(self, Secret, k => Ok(k.to_sec1_der().map_err(encode_error)?.to_vec()))
    }

    pub(super) fn to_sec1_pem(&self) -> JsResult<String> {
        each!(self, Secret, k => Ok(k
            .to_sec1_pem(rsa::pkcs8::LineEnding::LF)
            .map_err(encode_error)?
            .to_string()))
    }

    /// The scalar's bytes, at the curve's full width.
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        each!(self, Secret, k => k.to_bytes().to_vec())
    }

    /// An ECDSA signature of a hash: DER, or `r‖s` (`p1363`).
    pub(super) fn sign_prehash(&self, hashed: &[u8], p1363: bool) -> JsResult<Vec<u8>> {
        use p256::ecdsa::signature::hazmat::PrehashSigner;
        each!(self, Secret, k, c => {
            let key = c::ecdsa::SigningKey::from(k.clone());
            let signature: c::ecdsa::Signature =
                key.sign_prehash(hashed).map_err(|_| error("SIGNING_FAILED"))?;
            Ok(if p1363 {
                signature.to_bytes().to_vec()
            } else {
                signature.to_der().as_bytes().to_vec()
            })
        })
    }

    /// The ECDH secret with another key on the same curve.
    pub(super) fn agree(&self, public: &Public) -> JsResult<Vec<u8>> {
        Ok(match (self, public) {
            (Self::P256(k), Public::P256(p)) => {
                p256::ecdh::diffie_hellman(k.to_nonzero_scalar(), p.as_affine())
                    .raw_secret_bytes()
                    .to_vec()
            }
            (Self::P384(k), Public::P384(p)) => {
                p384::ecdh::diffie_hellman(k.to_nonzero_scalar(), p.as_affine())
                    .raw_secret_bytes()
                    .to_vec()
            }
            (Self::P521(k), Public::P521(p)) => {
                p521::ecdh::diffie_hellman(k.to_nonzero_scalar(), p.as_affine())
                    .raw_secret_bytes()
                    .to_vec()
            }
            _ => return Err(error("INCOMPATIBLE_CURVES")),
        })
    }
}

impl Public {
    pub(super) fn from_spki(der: &[u8]) -> JsResult<Self> {
        if let Ok(k) = p256::PublicKey::from_public_key_der(der) {
            return Ok(Self::P256(k));
        }
        if let Ok(k) = p384::PublicKey::from_public_key_der(der) {
            return Ok(Self::P384(k));
        }
        p521::PublicKey::from_public_key_der(der)
            .map(Self::P521)
            .map_err(|_| error("UNSUPPORTED_CURVE"))
    }

    /// A SEC1 point on the named curve.
    pub(super) fn from_point(curve: &str, point: &[u8]) -> Option<Self> {
        match curve {
            "P-256" => p256::PublicKey::from_sec1_bytes(point).ok().map(Self::P256),
            "P-384" => p384::PublicKey::from_sec1_bytes(point).ok().map(Self::P384),
            "P-521" => p521::PublicKey::from_sec1_bytes(point).ok().map(Self::P521),
            _ => None,
        }
    }

    pub(super) fn to_spki(&self) -> JsResult<Vec<u8>> {
        each!(self, Public, k => Ok(k.to_public_key_der().map_err(encode_error)?.as_bytes().to_vec()))
    }

    pub(super) fn to_spki_pem(&self) -> JsResult<String> {
        each!(self, Public, k => k
            .to_public_key_pem(rsa::pkcs8::LineEnding::LF)
            .map_err(encode_error))
    }

    pub(super) fn point(&self, compressed: bool) -> Vec<u8> {
        each!(self, Public, k => k.to_sec1_point(compressed).as_bytes().to_vec())
    }

    pub(super) fn verify_prehash(&self, hashed: &[u8], signature: &[u8], p1363: bool) -> bool {
        use p256::ecdsa::signature::hazmat::PrehashVerifier;
        each!(self, Public, k, c => {
            let key = c::ecdsa::VerifyingKey::from(*k);
            let parsed = if p1363 {
                c::ecdsa::Signature::from_slice(signature)
            } else {
                c::ecdsa::Signature::from_der(signature)
            };
            parsed.is_ok_and(|signature| key.verify_prehash(hashed, &signature).is_ok())
        })
    }

    /// The curve's JWK name and size in bits.
    pub(super) fn curve(&self) -> (&'static str, u32) {
        match self {
            Self::P256(_) => ("P-256", 256),
            Self::P384(_) => ("P-384", 384),
            Self::P521(_) => ("P-521", 521),
        }
    }
}
