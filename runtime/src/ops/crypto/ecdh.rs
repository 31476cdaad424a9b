//! `crypto.createECDH`: raw EC private scalars and SEC1 points on the curves
//! Bun's ECDH has that RustCrypto has too (P-256, P-384, P-521), and the
//! shared secrets of their ECDH.
//!
//! Errors are short reasons the prelude turns into Bun's errors:
//! `INVALID_CURVE`, `INVALID_PRIVATE`, `INVALID_PUBLIC`.

use boa_engine::{Context, JsResult, JsValue};
use p256::elliptic_curve::sec1::ToSec1Point;
use rsa::Generate;

use super::super::{arg, bytes_arg, bytes_value, error, string_arg};

/// Runs `$body` with `$c` naming the curve crate of the OpenSSL curve name
/// `$curve`: each crate has the same API, each its own types.
macro_rules! on_curve {
    ($curve:expr, $c:ident, $body:block) => {
        match $curve {
            "prime256v1" => {
                use p256 as $c;
                $body
            }
            "secp384r1" => {
                use p384 as $c;
                $body
            }
            "secp521r1" => {
                use p521 as $c;
                $body
            }
            _ => Err(error("INVALID_CURVE")),
        }
    };
}

/// A private scalar's bytes, left-padded to the curve's size as OpenSSL
/// takes a shorter one.
fn padded(bytes: &[u8], size: usize) -> JsResult<Vec<u8>> {
    if bytes.len() > size {
        return Err(error("INVALID_PRIVATE"));
    }
    let mut out = vec![0; size - bytes.len()];
    out.extend_from_slice(bytes);
    Ok(out)
}

/// `ecdhGenerate(curve)` → a new private scalar.
pub(in crate::ops) fn ecdh_generate(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let curve = string_arg(args, 0, context)?;
    let bytes: Vec<u8> = on_curve!(curve.as_str(), c, {
        let key = c::SecretKey::try_generate_from_rng(&mut getrandom::SysRng)
            .map_err(|_| error("KEY_GENERATION_FAILED"))?;
        Ok(key.to_bytes().to_vec())
    })?;
    bytes_value(&bytes, context)
}

/// `ecdhPublic(curve, private, compressed)` → the public point of a private
/// scalar (which is checked: zero or past the group's order is refused).
pub(in crate::ops) fn ecdh_public(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let curve = string_arg(args, 0, context)?;
    let private = bytes_arg(args, 1, context)?.unwrap_or_default();
    let compressed = arg(args, 2).to_boolean();
    let point: Vec<u8> = on_curve!(curve.as_str(), c, {
        let bytes = padded(&private, c::FieldBytes::default().len())?;
        let key = c::SecretKey::from_slice(&bytes).map_err(|_| error("INVALID_PRIVATE"))?;
        Ok(key
            .public_key()
            .to_sec1_point(compressed)
            .as_bytes()
            .to_vec())
    })?;
    bytes_value(&point, context)
}

/// `ecdhSecret(curve, private, point)` → the shared secret (the x
/// coordinate of the product).
pub(in crate::ops) fn ecdh_secret(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let curve = string_arg(args, 0, context)?;
    let private = bytes_arg(args, 1, context)?.unwrap_or_default();
    let point = bytes_arg(args, 2, context)?.unwrap_or_default();
    let secret: Vec<u8> = on_curve!(curve.as_str(), c, {
        let bytes = padded(&private, c::FieldBytes::default().len())?;
        let key = c::SecretKey::from_slice(&bytes).map_err(|_| error("INVALID_PRIVATE"))?;
        let public = c::PublicKey::from_sec1_bytes(&point).map_err(|_| error("INVALID_PUBLIC"))?;
        let shared = c::ecdh::diffie_hellman(key.to_nonzero_scalar(), public.as_affine());
        Ok(shared.raw_secret_bytes().to_vec())
    })?;
    bytes_value(&secret, context)
}

/// `ecdhConvert(curve, point, compressed)` → the same point in the other
/// SEC1 form (a point not on the curve is refused).
pub(in crate::ops) fn ecdh_convert(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let curve = string_arg(args, 0, context)?;
    let point = bytes_arg(args, 1, context)?.unwrap_or_default();
    let compressed = arg(args, 2).to_boolean();
    let out: Vec<u8> = on_curve!(curve.as_str(), c, {
        let public = c::PublicKey::from_sec1_bytes(&point).map_err(|_| error("INVALID_PUBLIC"))?;
        Ok(public.to_sec1_point(compressed).as_bytes().to_vec())
    })?;
    bytes_value(&out, context)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_scalars_are_padded_and_long_ones_refused() {
        assert_eq!(padded(&[1, 2], 4).unwrap(), vec![0, 0, 1, 2]);
        assert!(padded(&[1; 5], 4).is_err());
    }
}
