//! node:crypto's `Hash` and `Hmac` fed a piece at a time: `hasherInit`
//! makes a native hasher the prelude's `Hash` keeps, `hasherUpdate` feeds
//! it, `hasherCopy` clones its state and `hasherDigest` finishes it. A tool
//! that pipes a large file into a hash holds one block of state, not the
//! file, and `copy()` costs the state, not the input so far.
//!
//! HMAC is RFC 2104 over the same digests (the key padded to the digest's
//! block, one keyed inner and one keyed outer hasher), so every digest
//! `createHash` takes is also an HMAC digest, as `hmac` in `mod.rs` does for
//! whole messages.

use boa_engine::object::JsObject;
use boa_engine::{Context, JsData, JsResult, JsValue};
use boa_gc::{Finalize, Trace};
use sha2::digest::{DynDigest, ExtendableOutput, Update};

use super::super::{arg, bytes_arg, string_arg, type_error};
use super::{HASHES, canonical, encode, encoding_arg};

/// A digest's running state.
enum State {
    Fixed(Box<dyn DynDigest>),
    Shake128(shake::Shake128),
    Shake256(shake::Shake256),
}

impl Clone for State {
    fn clone(&self) -> Self {
        match self {
            State::Fixed(digest) => State::Fixed(digest.box_clone()),
            State::Shake128(xof) => State::Shake128(xof.clone()),
            State::Shake256(xof) => State::Shake256(xof.clone()),
        }
    }
}

impl State {
    fn new(name: &str) -> Option<State> {
        let fixed: Box<dyn DynDigest> = match name {
            "md4" => Box::new(md4::Md4::default()),
            "md5" => Box::new(md5::Md5::default()),
            "ripemd160" => Box::new(ripemd::Ripemd160::default()),
            "sha1" => Box::new(sha1::Sha1::default()),
            "sha224" => Box::new(sha2::Sha224::default()),
            "sha256" => Box::new(sha2::Sha256::default()),
            "sha384" => Box::new(sha2::Sha384::default()),
            "sha512" => Box::new(sha2::Sha512::default()),
            "sha512-224" => Box::new(sha2::Sha512_224::default()),
            "sha512-256" => Box::new(sha2::Sha512_256::default()),
            "sha3-224" => Box::new(sha3::Sha3_224::default()),
            "sha3-256" => Box::new(sha3::Sha3_256::default()),
            "sha3-384" => Box::new(sha3::Sha3_384::default()),
            "sha3-512" => Box::new(sha3::Sha3_512::default()),
            "blake2b512" => Box::new(blake2::Blake2b512::default()),
            "blake2s256" => Box::new(blake2::Blake2s256::default()),
            "blake2b256" => Box::new(blake2::Blake2b::<blake2::digest::consts::U32>::default()),
            "shake128" => return Some(State::Shake128(shake::Shake128::default())),
            "shake256" => return Some(State::Shake256(shake::Shake256::default())),
            _ => return None,
        };
        Some(State::Fixed(fixed))
    }

    fn update(&mut self, data: &[u8]) {
        match self {
            State::Fixed(digest) => digest.update(data),
            State::Shake128(xof) => xof.update(data),
            State::Shake256(xof) => xof.update(data),
        }
    }

    /// The output length when none is asked for: the digest's own, and
    /// Node's defaults for SHAKE (128 and 256 bits).
    fn default_length(&self) -> usize {
        match self {
            State::Fixed(digest) => digest.output_size(),
            State::Shake128(_) => 16,
            State::Shake256(_) => 32,
        }
    }

    fn is_xof(&self) -> bool {
        !matches!(self, State::Fixed(_))
    }

    fn finish(self, length: usize) -> Vec<u8> {
        match self {
            State::Fixed(digest) => digest.finalize().into_vec(),
            State::Shake128(xof) => {
                let mut out = vec![0; length];
                xof.finalize_xof_into(&mut out);
                out
            }
            State::Shake256(xof) => {
                let mut out = vec![0; length];
                xof.finalize_xof_into(&mut out);
                out
            }
        }
    }
}

#[derive(Trace, Finalize, JsData)]
struct NodeHasher {
    #[unsafe_ignore_trace]
    state: Option<State>,
    /// HMAC's outer hasher, already fed the key XOR opad.
    #[unsafe_ignore_trace]
    outer: Option<State>,
    length: usize,
    /// A hash's digest once taken: Node's handle gives it again (a stream's
    /// flush takes it, then `digest()` may); an HMAC's gives nothing more.
    done: Option<Vec<u8>>,
}

/// `hasherInit(algorithm, hmacKey?, outputLength?)` → a hasher; `null` for a
/// digest it does not know; an error `NOT_XOF_OR_INVALID_LENGTH` for an
/// output length a fixed-size digest cannot give, or `INVALID_DIGEST` for
/// an HMAC over an extendable-output function.
pub(in crate::ops) fn hasher_init(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let name = canonical(&string_arg(args, 0, context)?);
    let Some(mut state) = State::new(&name) else {
        return Ok(JsValue::null());
    };
    let key = bytes_arg(args, 1, context)?;
    let length = match arg(args, 2).as_number() {
        Some(length) => length as usize,
        None => state.default_length(),
    };
    if !state.is_xof() && length != state.default_length() {
        return Err(super::super::error("NOT_XOF_OR_INVALID_LENGTH"));
    }
    let mut outer = None;
    if let Some(mut key) = key {
        if state.is_xof() {
            return Err(super::super::error("INVALID_DIGEST"));
        }
        let block = HASHES.iter().find(|(hash, _)| *hash == name).map_or(
            if name.starts_with("blake2b") { 128 } else { 64 },
            |(_, block)| *block,
        );
        if key.len() > block {
            let mut shorter = state.clone();
            shorter.update(&key);
            key = shorter.finish(0);
        }
        key.resize(block, 0);
        let mut keyed = state.clone();
        keyed.update(&key.iter().map(|b| b ^ 0x5c).collect::<Vec<u8>>());
        state.update(&key.iter().map(|b| b ^ 0x36).collect::<Vec<u8>>());
        outer = Some(keyed);
    }
    let hasher = NodeHasher {
        state: Some(state),
        outer,
        length,
        done: None,
    };
    Ok(JsObject::from_proto_and_data(None, hasher).into())
}

fn with_hasher<T>(args: &[JsValue], work: impl FnOnce(&mut NodeHasher) -> T) -> JsResult<T> {
    let handle = arg(args, 0)
        .as_object()
        .ok_or_else(|| type_error("hasher: no handle"))?;
    let mut hasher = handle
        .downcast_mut::<NodeHasher>()
        .ok_or_else(|| type_error("hasher: not a hasher"))?;
    Ok(work(&mut hasher))
}

/// `hasherUpdate(hasher, data)`: `data` is an ArrayBuffer or text (UTF-8).
pub(in crate::ops) fn hasher_update(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let data = bytes_arg(args, 1, context)?.unwrap_or_default();
    with_hasher(args, |hasher| {
        if let Some(state) = &mut hasher.state {
            state.update(&data);
        }
    })?;
    Ok(JsValue::undefined())
}

/// `hasherCopy(hasher, outputLength?)` → a new hasher in the same state.
pub(in crate::ops) fn hasher_copy(
    _: &JsValue,
    args: &[JsValue],
    _context: &mut Context,
) -> JsResult<JsValue> {
    let length = arg(args, 1).as_number();
    let copy = with_hasher(args, |hasher| NodeHasher {
        length: match (length, &hasher.state) {
            (Some(length), Some(state)) if state.is_xof() => length as usize,
            _ => hasher.length,
        },
        state: hasher.state.clone(),
        outer: hasher.outer.clone(),
        done: hasher.done.clone(),
    })?;
    Ok(JsObject::from_proto_and_data(None, copy).into())
}

/// `hasherDigest(hasher, encoding?)` → the digest; again the same digest
/// for a hash, and no bytes for an HMAC, once it has been taken.
pub(in crate::ops) fn hasher_digest(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let encoding = encoding_arg(args, 1, context)?;
    let bytes = with_hasher(args, |hasher| {
        let Some(state) = hasher.state.take() else {
            return hasher.done.clone().unwrap_or_default();
        };
        let inner = state.finish(hasher.length);
        match hasher.outer.take() {
            Some(mut outer) => {
                outer.update(&inner);
                hasher.done = Some(Vec::new());
                outer.finish(0)
            }
            None => {
                hasher.done = Some(inner.clone());
                inner
            }
        }
    })?;
    encode(&bytes, encoding.as_deref(), context)
}
