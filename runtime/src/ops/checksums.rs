//! `Bun.hash`'s non-cryptographic algorithms other than wyhash, on the
//! crates that compute them; each was checked against Bun's own values (the
//! parity suite keeps checking). Bun truncates a seed to the width of a
//! 32-bit algorithm (and of XXH3), and Adler-32 takes none.

use boa_engine::{Context, JsResult, JsString, JsValue};

use super::{bytes_arg, string_arg, type_error};

/// `checksum(algorithm, bytes, seed)`: a number for a 32-bit algorithm, the
/// decimal text of a 64-bit one (the prelude makes it a BigInt).
pub(super) fn checksum(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let algorithm = string_arg(args, 0, context)?;
    let bytes = bytes_arg(args, 1, context)?.unwrap_or_default();
    let seed: u64 = string_arg(args, 2, context)?.parse().unwrap_or(0);
    let narrow_seed = seed as u32;
    let narrow = |value: u32| Ok(JsValue::from(value));
    let wide = |value: u64| Ok(JsValue::from(JsString::from(value.to_string().as_str())));
    match algorithm.as_str() {
        "adler32" => narrow(adler2::adler32_slice(&bytes)),
        "crc32" => {
            let mut hasher = crc32fast::Hasher::new_with_initial(narrow_seed);
            hasher.update(&bytes);
            narrow(hasher.finalize())
        }
        "xxHash32" => narrow(xxhash_rust::xxh32::xxh32(&bytes, narrow_seed)),
        "xxHash64" => wide(xxhash_rust::xxh64::xxh64(&bytes, seed)),
        // Bun passes XXH3 only the low 32 bits of the seed.
        "xxHash3" => wide(xxhash_rust::xxh3::xxh3_64_with_seed(
            &bytes,
            u64::from(narrow_seed),
        )),
        "murmur32v2" => narrow(murmur2::murmur2(&bytes, narrow_seed)),
        "murmur32v3" => {
            // Reading from memory cannot fail.
            let mut reader = std::io::Cursor::new(&bytes);
            narrow(murmur3::murmur3_32(&mut reader, narrow_seed).unwrap_or_default())
        }
        "murmur64v2" => wide(murmur2::murmur64a(&bytes, seed)),
        "rapidhash" => {
            let secrets = rapidhash::v1::RapidSecrets::seed_cpp(seed);
            wide(rapidhash::v1::rapidhash_v1_seeded(&bytes, &secrets))
        }
        other => Err(type_error(format!(
            "Bun.hash has no algorithm named {other}"
        ))),
    }
}
