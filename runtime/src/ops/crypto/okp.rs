//! Ed25519 and X25519 keys (RFC 8410): their PKCS#8 and SPKI forms, JWK
//! (`kty: OKP`), public halves, signatures and X25519 agreement, on the dalek
//! crates.
//!
//! Both forms are fixed DER around the key's 32 bytes, so the normal form of
//! `keys.rs` is written here from those bytes and read back by position.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use boa_engine::JsResult;

use super::super::error;
use super::keys::Key;

/// `id-Ed25519` (1.3.101.112) and `id-X25519` (1.3.101.110): the last byte
/// of their DER encodings, after `2b 65`.
pub(super) const ED25519_OID: &str = "1.3.101.112";
pub(super) const X25519_OID: &str = "1.3.101.110";

fn oid_byte(kind: &str) -> u8 {
    if kind == "ed25519" { 0x70 } else { 0x6e }
}

/// The kind an OID names, if it is one of these two.
pub(super) fn kind_of(oid: &str) -> Option<&'static str> {
    match oid {
        ED25519_OID => Some("ed25519"),
        X25519_OID => Some("x25519"),
        _ => None,
    }
}

fn pkcs8(kind: &str, seed: &[u8; 32]) -> Vec<u8> {
    let mut der = vec![
        0x30,
        0x2e,
        0x02,
        0x01,
        0x00,
        0x30,
        0x05,
        0x06,
        0x03,
        0x2b,
        0x65,
        oid_byte(kind),
        0x04,
        0x22,
        0x04,
        0x20,
    ];
    der.extend_from_slice(seed);
    der
}

fn spki(kind: &str, public: &[u8; 32]) -> Vec<u8> {
    let mut der = vec![
        0x30,
        0x2a,
        0x30,
        0x05,
        0x06,
        0x03,
        0x2b,
        0x65,
        oid_byte(kind),
        0x03,
        0x21,
        0x00,
    ];
    der.extend_from_slice(public);
    der
}

fn bytes32(bytes: &[u8]) -> JsResult<[u8; 32]> {
    bytes.try_into().map_err(|_| error("DECODE_ERROR"))
}

/// A private key from its `CurvePrivateKey` (an OCTET STRING of 32 bytes,
/// the content of PKCS#8's `privateKey`).
pub(super) fn private_from_pkcs8(kind: &'static str, inner: &[u8]) -> JsResult<Key> {
    match inner {
        [0x04, 0x20, seed @ ..] => private(kind, bytes32(seed)?),
        _ => Err(error("DECODE_ERROR")),
    }
}

pub(super) fn private(kind: &'static str, seed: [u8; 32]) -> JsResult<Key> {
    Ok(Key {
        kind,
        private: true,
        der: pkcs8(kind, &seed),
    })
}

pub(super) fn public(kind: &'static str, bytes: &[u8]) -> JsResult<Key> {
    let bytes = bytes32(bytes)?;
    if kind == "ed25519" {
        ed25519_dalek::VerifyingKey::from_bytes(&bytes).map_err(|_| error("DECODE_ERROR"))?;
    }
    Ok(Key {
        kind,
        private: false,
        der: spki(kind, &bytes),
    })
}

/// The 32 bytes of a key in the normal form.
pub(super) fn private_of(der: &[u8]) -> JsResult<[u8; 32]> {
    der.get(16..48)
        .map_or_else(|| Err(error("DECODE_ERROR")), bytes32)
}

pub(super) fn public_of(der: &[u8]) -> JsResult<[u8; 32]> {
    der.get(12..44)
        .map_or_else(|| Err(error("DECODE_ERROR")), bytes32)
}

/// The public key of a private one's 32 bytes.
pub(super) fn public_bytes(kind: &str, seed: &[u8; 32]) -> [u8; 32] {
    if kind == "ed25519" {
        ed25519_dalek::SigningKey::from_bytes(seed)
            .verifying_key()
            .to_bytes()
    } else {
        x25519_dalek::x25519(*seed, x25519_dalek::X25519_BASEPOINT_BYTES)
    }
}

pub(super) fn public_of_private(kind: &'static str, der: &[u8]) -> JsResult<Key> {
    public(kind, &public_bytes(kind, &private_of(der)?))
}

pub(super) fn generate(kind: &'static str) -> JsResult<Key> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|_| error("KEY_GENERATION_FAILED"))?;
    private(kind, seed)
}

/// The JWK of a key, in Bun's member order.
pub(super) fn jwk(kind: &str, private: bool, der: &[u8]) -> JsResult<serde_json::Value> {
    let crv = if kind == "ed25519" {
        "Ed25519"
    } else {
        "X25519"
    };
    Ok(if private {
        let seed = private_of(der)?;
        serde_json::json!({
            "crv": crv,
            "d": URL_SAFE_NO_PAD.encode(seed),
            "x": URL_SAFE_NO_PAD.encode(public_bytes(kind, &seed)),
            "kty": "OKP",
        })
    } else {
        serde_json::json!({ "crv": crv, "x": URL_SAFE_NO_PAD.encode(public_of(der)?), "kty": "OKP" })
    })
}

/// A key from a JWK's `crv` and its decoded `d` (private) or `x` (public).
pub(super) fn from_jwk(crv: Option<&str>, d: Option<Vec<u8>>, x: Option<Vec<u8>>) -> JsResult<Key> {
    let kind = match crv {
        Some("Ed25519") => "ed25519",
        Some("X25519") => "x25519",
        _ => return Err(error("JWK_INVALID")),
    };
    match (d, x) {
        (Some(d), _) => private(
            kind,
            d.as_slice().try_into().map_err(|_| error("JWK_INVALID"))?,
        ),
        (None, Some(x)) => public(kind, &x).map_err(|_| error("JWK_INVALID")),
        (None, None) => Err(error("JWK_INVALID")),
    }
}

/// An Ed25519 signature of `data` (the whole message: Ed25519 hashes it itself).
pub(super) fn sign(der: &[u8], data: &[u8]) -> JsResult<Vec<u8>> {
    use ed25519_dalek::Signer;
    let key = ed25519_dalek::SigningKey::from_bytes(&private_of(der)?);
    Ok(key.sign(data).to_bytes().to_vec())
}

pub(super) fn verify(der: &[u8], data: &[u8], signature: &[u8]) -> JsResult<bool> {
    let key = ed25519_dalek::VerifyingKey::from_bytes(&public_of(der)?)
        .map_err(|_| error("DECODE_ERROR"))?;
    Ok(ed25519_dalek::Signature::from_slice(signature)
        .is_ok_and(|signature| key.verify_strict(data, &signature).is_ok()))
}

/// The X25519 shared secret of a private key and a public one, both in the
/// normal form.
pub(super) fn agree(private_der: &[u8], public_der: &[u8]) -> JsResult<Vec<u8>> {
    Ok(x25519_dalek::x25519(private_of(private_der)?, public_of(public_der)?).to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rfc_8410_forms_round_trip() {
        // RFC 8032 7.1, test 1.
        let seed = bytes32(
            &hex::decode("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
                .unwrap(),
        )
        .unwrap();
        let key = private("ed25519", seed).unwrap();
        assert_eq!(key.der.len(), 48);
        assert_eq!(private_of(&key.der).unwrap(), seed);
        let public = public_of_private("ed25519", &key.der).unwrap();
        assert_eq!(
            hex::encode(public_of(&public.der).unwrap()),
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
        );
        let signature = sign(&key.der, b"").unwrap();
        assert!(hex::encode(&signature).starts_with("e5564300c360ac72"));
        assert!(verify(&public.der, b"", &signature).unwrap());
        assert!(!verify(&public.der, b"x", &signature).unwrap());
    }

    #[test]
    fn x25519_agrees_both_ways() {
        let a = generate("x25519").unwrap();
        let b = generate("x25519").unwrap();
        let a_pub = public_of_private("x25519", &a.der).unwrap();
        let b_pub = public_of_private("x25519", &b.der).unwrap();
        assert_eq!(
            agree(&a.der, &b_pub.der).unwrap(),
            agree(&b.der, &a_pub.der).unwrap()
        );
    }
}
