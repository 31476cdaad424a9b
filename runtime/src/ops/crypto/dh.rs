//! Finite-field Diffie-Hellman for `crypto.createDiffieHellman` and the
//! MODP groups: modular exponentiation in Montgomery form (crypto-bigint, the
//! arithmetic `rsa` uses), primality from crypto-primes, and BoringSSL's
//! `DH_check` flags as Bun reports them in `verifyError`.
//!
//! Numbers cross as big-endian bytes without leading zeros, as OpenSSL's
//! `BN_bn2bin` writes them; errors are short reasons for the prelude
//! (`UNKNOWN_GROUP`, `INVALID_KEY`, `BITS_TOO_SMALL`, `BAD_GENERATOR`).

use boa_engine::{Context, JsResult, JsValue};
use crypto_bigint::modular::{BoxedMontyForm, BoxedMontyParams};
use crypto_bigint::{BoxedUint, NonZero, Odd};

use super::super::{arg, array, bytes_arg, bytes_value, error, string_arg};

/// `DH_check`'s flags.
const P_NOT_PRIME: u32 = 1;
const P_NOT_SAFE_PRIME: u32 = 2;
const UNABLE_TO_CHECK_GENERATOR: u32 = 4;
const NOT_SUITABLE_GENERATOR: u32 = 8;

fn precision(len: usize) -> u32 {
    (len.max(1) as u32 * 8).div_ceil(64) * 64
}

fn uint(bytes: &[u8], bits: u32) -> BoxedUint {
    BoxedUint::from_be_slice(bytes, bits).unwrap_or_else(|_| BoxedUint::zero_with_precision(bits))
}

fn minimal(n: &BoxedUint) -> Vec<u8> {
    let bytes = n.to_be_bytes();
    let first = bytes.iter().position(|&b| b != 0).unwrap_or(bytes.len());
    bytes[first..].to_vec()
}

fn small(n: &BoxedUint, divisor: u64) -> u64 {
    let d =
        NonZero::new(uint(&divisor.to_be_bytes(), n.bits_precision())).expect("a nonzero divisor");
    let rem = n.rem(&d);
    u64::from_be_bytes(
        rem.to_be_bytes()[rem.to_be_bytes().len() - 8..]
            .try_into()
            .expect("eight bytes"),
    )
}

/// `base ^ exponent mod modulus` for an odd modulus.
fn modpow(base: &[u8], exponent: &[u8], modulus: &[u8]) -> JsResult<Vec<u8>> {
    let bits = precision(modulus.len().max(base.len()));
    let m = uint(modulus, bits);
    let odd = Odd::new(m.clone())
        .into_option()
        .ok_or_else(|| error("EVEN_MODULUS"))?;
    let nonzero = NonZero::new(m).expect("an odd number is not zero");
    let params = BoxedMontyParams::new(odd);
    let b = uint(base, bits).rem(&nonzero);
    let e = uint(exponent, precision(exponent.len()));
    Ok(minimal(&BoxedMontyForm::new(b, &params).pow(&e).retrieve()))
}

/// `dhGroup(name)` → the group's prime.
pub(in crate::ops) fn dh_group(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let name = string_arg(args, 0, context)?;
    let (_, prime) = super::modp::GROUPS
        .iter()
        .find(|(group, _)| *group == name)
        .ok_or_else(|| error("UNKNOWN_GROUP"))?;
    bytes_value(&hex::decode(prime).expect("the groups are hex"), context)
}

/// `dhGenerate(prime, generator)` → `[private, public]`: a private key of one
/// bit less than the prime, as BoringSSL draws it, and its public key.
pub(in crate::ops) fn dh_generate(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let prime = bytes_arg(args, 0, context)?.unwrap_or_default();
    let generator = bytes_arg(args, 1, context)?.unwrap_or_default();
    let bits = uint(&prime, precision(prime.len())).bit_width();
    if bits < 3 {
        return Err(error("INVALID_KEY"));
    }
    let mut private = vec![0u8; prime.len()];
    loop {
        getrandom::fill(&mut private).map_err(|_| error("KEY_GENERATION_FAILED"))?;
        // Keep the low `bits - 1` bits.
        let keep = (bits - 1) as usize;
        let extra = private.len() * 8 - keep;
        for (i, byte) in private.iter_mut().enumerate() {
            let top = i * 8;
            if top + 8 <= extra {
                *byte = 0;
            } else if top < extra {
                *byte &= 0xff >> (extra - top);
            }
        }
        if private.iter().any(|&b| b != 0) {
            break;
        }
    }
    let public = modpow(&generator, &private, &prime)?;
    let private = minimal(&uint(&private, precision(private.len())));
    let values = vec![
        bytes_value(&private, context)?,
        bytes_value(&public, context)?,
    ];
    Ok(array(values, context))
}

/// `dhPublic(prime, generator, private)` → the public key of a private one.
pub(in crate::ops) fn dh_public(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let prime = bytes_arg(args, 0, context)?.unwrap_or_default();
    let generator = bytes_arg(args, 1, context)?.unwrap_or_default();
    let private = bytes_arg(args, 2, context)?.unwrap_or_default();
    bytes_value(&modpow(&generator, &private, &prime)?, context)
}

/// `dhSecret(prime, private, other)` → the shared secret, left-padded to
/// the prime's length as Node 24 pads it; a public key outside `(1, p - 1)`
/// is refused (`INVALID_KEY`).
pub(in crate::ops) fn dh_secret(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let prime = bytes_arg(args, 0, context)?.unwrap_or_default();
    let private = bytes_arg(args, 1, context)?.unwrap_or_default();
    let other = bytes_arg(args, 2, context)?.unwrap_or_default();
    let bits = precision(prime.len().max(other.len()));
    let p = uint(&prime, bits);
    let y = uint(&other, bits);
    let p_minus_one = p.wrapping_sub(BoxedUint::one_with_precision(bits));
    if y <= BoxedUint::one_with_precision(bits) || y >= p_minus_one {
        return Err(error("INVALID_KEY"));
    }
    let secret = modpow(&other, &private, &prime)?;
    let mut padded = vec![0u8; prime.len().saturating_sub(secret.len())];
    padded.extend_from_slice(&secret);
    bytes_value(&padded, context)
}

/// BoringSSL's `DH_check` for a prime and a generator without a subgroup order.
fn check(prime: &[u8], generator: &[u8]) -> u32 {
    let bits = precision(prime.len().max(generator.len()));
    let p = uint(prime, bits);
    let g = uint(generator, bits);
    let mut flags = 0;
    if g == uint(&[2], bits) {
        if small(&p, 24) != 11 {
            flags |= NOT_SUITABLE_GENERATOR;
        }
    } else if g == uint(&[5], bits) {
        let r = small(&p, 10);
        if r != 3 && r != 7 {
            flags |= NOT_SUITABLE_GENERATOR;
        }
    } else {
        flags |= UNABLE_TO_CHECK_GENERATOR;
    }
    // The MODP groups' primes are safe primes, and testing one of 8,192
    // bits takes seconds in a debug build.
    let known = super::modp::GROUPS
        .iter()
        .any(|(_, group)| hex::decode(group).is_ok_and(|bytes| bytes == prime));
    if known {
        return flags;
    }
    if !crypto_primes::is_prime(crypto_primes::Flavor::Any, &p) {
        flags |= P_NOT_PRIME;
    } else if !crypto_primes::is_prime(crypto_primes::Flavor::Safe, &p) {
        flags |= P_NOT_SAFE_PRIME;
    }
    flags
}

/// `dhCheck(prime, generator)` → `verifyError`.
pub(in crate::ops) fn dh_check(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let prime = bytes_arg(args, 0, context)?.unwrap_or_default();
    let generator = bytes_arg(args, 1, context)?.unwrap_or_default();
    Ok(JsValue::from(check(&prime, &generator)))
}

/// `dhPrime(bits, generator)` → a new safe prime of `bits` bits that suits
/// the generator (`p mod 24 = 11` for 2, `p mod 10` 3 or 7 for 5), as
/// BoringSSL's `DH_generate_parameters` makes them. Native work no deadline
/// interrupts, so primes over 2,048 bits are refused (`BITS_TOO_LARGE`).
pub(in crate::ops) fn dh_prime(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let bits = arg(args, 0).to_number(context)?;
    let generator = arg(args, 1).to_number(context)?;
    if !(16.0..).contains(&bits) {
        return Err(error("BITS_TOO_SMALL"));
    }
    if bits > 2048.0 {
        return Err(error("BITS_TOO_LARGE"));
    }
    let bits = bits as u32;
    let mut rng = rsa::rand_core::UnwrapErr(getrandom::SysRng);
    let prime = loop {
        let p: BoxedUint = crypto_primes::random_prime(&mut rng, crypto_primes::Flavor::Safe, bits);
        let suits = match generator as u64 {
            2 => small(&p, 24) == 11,
            5 => matches!(small(&p, 10), 3 | 7),
            _ => true,
        };
        if suits {
            break p;
        }
    };
    bytes_value(&minimal(&prime), context)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modpow_and_the_checks_agree_with_small_numbers() {
        assert_eq!(modpow(&[3], &[5], &[7]).unwrap(), vec![5]); // 243 mod 7
        assert_eq!(modpow(&[10], &[2], &[7]).unwrap(), vec![2]); // base reduced first
        // Bun's verifyError: 23 with 2 is a safe prime whose generator does
        // not suit; 21 is no prime; 3 is a generator it cannot check.
        assert_eq!(check(&[23], &[2]), NOT_SUITABLE_GENERATOR);
        assert_eq!(check(&[21], &[2]), NOT_SUITABLE_GENERATOR | P_NOT_PRIME);
        let (_, modp14) = super::super::modp::GROUPS[1];
        let p = hex::decode(modp14).unwrap();
        assert_eq!(check(&p, &[2]), NOT_SUITABLE_GENERATOR);
        assert_eq!(check(&p, &[3]), UNABLE_TO_CHECK_GENERATOR);
    }
}
