//! zstd for `node:zlib` and `Bun.zstd*`, on libzstd itself (the `zstd`
//! crate builds the release Bun embeds, 1.5.7), so a level gives Bun's bytes.
//!
//! The two decompressors differ as they do under Bun: `node:zlib`'s returns
//! what it decoded when the input stops early and ignores what follows a
//! complete frame, and names libzstd's error; Bun's own refuses anything
//! but whole frames with one message.

use zstd::zstd_safe::{
    CParameter, DCtx, DParameter, InBuffer, OutBuffer, Strategy, get_error_name,
};

use super::Failure;

/// libzstd's default level, as Node's `ZSTD_CLEVEL_DEFAULT`.
pub(super) const DEFAULT_LEVEL: i32 = 3;

const OUTPUT_STEP: usize = 64 * 1024;

/// `node:zlib`'s failure for a parameter libzstd refuses.
fn setting_failed() -> Failure {
    Failure::plain("Setting parameter failed", "ERR_ZLIB_INITIALIZATION_FAILED")
}

/// A `ZSTD_c_*` key and value as `node:zlib` takes them.
fn compression_parameter(key: i32, value: i32) -> Option<CParameter> {
    let unsigned = u32::try_from(value).ok();
    Some(match key {
        100 => CParameter::CompressionLevel(value),
        101 => CParameter::WindowLog(unsigned?),
        102 => CParameter::HashLog(unsigned?),
        103 => CParameter::ChainLog(unsigned?),
        104 => CParameter::SearchLog(unsigned?),
        105 => CParameter::MinMatch(unsigned?),
        106 => CParameter::TargetLength(unsigned?),
        107 => CParameter::Strategy(strategy(value)?),
        160 => CParameter::EnableLongDistanceMatching(value != 0),
        161 => CParameter::LdmHashLog(unsigned?),
        162 => CParameter::LdmMinMatch(unsigned?),
        163 => CParameter::LdmBucketSizeLog(unsigned?),
        164 => CParameter::LdmHashRateLog(unsigned?),
        200 => CParameter::ContentSizeFlag(value != 0),
        201 => CParameter::ChecksumFlag(value != 0),
        202 => CParameter::DictIdFlag(value != 0),
        400 => CParameter::NbWorkers(unsigned?),
        401 => CParameter::JobSize(unsigned?),
        402 => CParameter::OverlapSizeLog(unsigned?),
        _ => return None,
    })
}

fn strategy(value: i32) -> Option<Strategy> {
    Some(match value {
        1 => Strategy::ZSTD_fast,
        2 => Strategy::ZSTD_dfast,
        3 => Strategy::ZSTD_greedy,
        4 => Strategy::ZSTD_lazy,
        5 => Strategy::ZSTD_lazy2,
        6 => Strategy::ZSTD_btlazy2,
        7 => Strategy::ZSTD_btopt,
        8 => Strategy::ZSTD_btultra,
        9 => Strategy::ZSTD_btultra2,
        _ => return None,
    })
}

/// One frame of `input`, at libzstd's default level unless `params` (key,
/// value pairs, `ZSTD_c_compressionLevel` among them) say otherwise.
pub(super) fn compress(input: &[u8], params: &[(i32, i32)]) -> Result<Vec<u8>, Failure> {
    let mut compressor =
        zstd::bulk::Compressor::new(DEFAULT_LEVEL).map_err(|_| setting_failed())?;
    for &(key, value) in params {
        let parameter = compression_parameter(key, value).ok_or_else(setting_failed)?;
        compressor
            .set_parameter(parameter)
            .map_err(|_| setting_failed())?;
    }
    compressor
        .compress(input)
        .map_err(|e| Failure::plain(&format!("Compression failed: {e}"), "ERR_ZSTD"))
}

/// How a decompression ended, before each caller words it.
enum Ended {
    /// All input read; `whole` when it ended on a frame's end.
    Read { out: Vec<u8>, whole: bool },
    /// libzstd refused the input: its error code, and what came before.
    Refused {
        out: Vec<u8>,
        code: usize,
        frames: usize,
    },
}

fn run(input: &[u8], params: &[(i32, i32)]) -> Result<Ended, Failure> {
    let mut context = DCtx::try_create().ok_or_else(setting_failed)?;
    for &(key, value) in params {
        let parameter = match (key, u32::try_from(value)) {
            (100, Ok(value)) => DParameter::WindowLogMax(value),
            _ => return Err(setting_failed()),
        };
        context
            .set_parameter(parameter)
            .map_err(|_| setting_failed())?;
    }
    let mut source = InBuffer::around(input);
    let (mut out, mut chunk) = (Vec::new(), vec![0u8; OUTPUT_STEP]);
    let mut frames = 0;
    loop {
        let mut output = OutBuffer::around(&mut chunk[..]);
        let step = context.decompress_stream(&mut output, &mut source);
        let written = output.pos();
        out.extend_from_slice(&chunk[..written]);
        let whole = match step {
            Err(code) => return Ok(Ended::Refused { out, code, frames }),
            Ok(hint) => hint == 0,
        };
        if whole && (written > 0 || source.pos() > 0) {
            frames += 1;
        }
        if source.pos() == input.len() && written < chunk.len() {
            return Ok(Ended::Read { out, whole });
        }
    }
}

/// `node:zlib`'s `zstdDecompress`: what the input holds, up to a
/// truncation or past a complete frame's trailing bytes.
pub(super) fn decompress(input: &[u8], params: &[(i32, i32)]) -> Result<Vec<u8>, Failure> {
    match run(input, params)? {
        Ended::Read { out, .. } => Ok(out),
        Ended::Refused { out, frames, .. } if frames > 0 => Ok(out),
        Ended::Refused { code, .. } => {
            let errno = code.wrapping_neg() as i32;
            Err(Failure {
                message: get_error_name(code).to_string(),
                code: format!("ZSTD_error_{}", error_name(errno)),
                errno: Some(errno),
            })
        }
    }
}

/// `Bun.zstdDecompressSync`: whole frames only.
pub(super) fn decompress_strict(input: &[u8]) -> Result<Vec<u8>, Failure> {
    match run(input, &[])? {
        Ended::Read { out, whole } if whole || input.is_empty() => Ok(out),
        _ => Err(Failure::plain(
            "Decompression failed: InvalidZstdData",
            "ERR_ZSTD",
        )),
    }
}

/// The name of a `ZSTD_ErrorCode`, as `zlib.constants` lists them.
fn error_name(errno: i32) -> &'static str {
    match errno {
        0 => "no_error",
        10 => "prefix_unknown",
        12 => "version_unsupported",
        14 => "frameParameter_unsupported",
        16 => "frameParameter_windowTooLarge",
        20 => "corruption_detected",
        22 => "checksum_wrong",
        24 => "literals_headerWrong",
        30 => "dictionary_corrupted",
        32 => "dictionary_wrong",
        34 => "dictionaryCreation_failed",
        40 => "parameter_unsupported",
        41 => "parameter_combination_unsupported",
        42 => "parameter_outOfBound",
        44 => "tableLog_tooLarge",
        46 => "maxSymbolValue_tooLarge",
        48 => "maxSymbolValue_tooSmall",
        50 => "stabilityCondition_notRespected",
        60 => "stage_wrong",
        62 => "init_missing",
        64 => "memory_allocation",
        66 => "workSpace_tooSmall",
        70 => "dstSize_tooSmall",
        72 => "srcSize_wrong",
        74 => "dstBuffer_null",
        80 => "noForwardProgress_destFull",
        82 => "noForwardProgress_inputEmpty",
        _ => "GENERIC",
    }
}
