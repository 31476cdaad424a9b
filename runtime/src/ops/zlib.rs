//! `node:zlib` and Bun's `gzipSync` family: deflate, zlib, gzip and raw
//! streams through zlib-rs (zlib's own algorithm, so the bytes and the
//! error messages are zlib's, as under Bun), brotli through the brotli crate,
//! zstd through libzstd (`zstd_frames.rs`).
//! Whole buffers only: the prelude has no `node:stream` to build the
//! streaming classes on.

use boa_engine::{Context, JsResult, JsValue};
use brotli::{BrotliDecompressStream, BrotliResult, BrotliState, HeapAlloc, HuffmanCode};
use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};

use super::{arg, bytes_arg, bytes_value, coded_error, error, string_arg, typed_arg};

mod zstd_frames;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Deflate,
    Inflate,
    Gzip,
    Gunzip,
    DeflateRaw,
    InflateRaw,
    Unzip,
    BrotliCompress,
    BrotliDecompress,
    ZstdCompress,
    ZstdDecompress,
    /// `Bun.zstdDecompressSync`, stricter than `node:zlib`'s.
    BunZstdDecompress,
}

impl Mode {
    fn parse(name: &str) -> Option<Mode> {
        Some(match name {
            "deflate" => Mode::Deflate,
            "inflate" => Mode::Inflate,
            "gzip" => Mode::Gzip,
            "gunzip" => Mode::Gunzip,
            "deflateRaw" => Mode::DeflateRaw,
            "inflateRaw" => Mode::InflateRaw,
            "unzip" => Mode::Unzip,
            "brotliCompress" => Mode::BrotliCompress,
            "brotliDecompress" => Mode::BrotliDecompress,
            "zstdCompress" => Mode::ZstdCompress,
            "zstdDecompress" => Mode::ZstdDecompress,
            "bunZstdDecompress" => Mode::BunZstdDecompress,
            _ => return None,
        })
    }
}

/// One whole-buffer job, with the options the prelude checked.
#[derive(Debug)]
pub(super) struct Job {
    mode: Mode,
    input: Vec<u8>,
    /// 0–9 (the prelude turns -1 into zlib's default, 6).
    level: u32,
    /// 9–15 to compress, 8–15 to decompress (0: taken from the header).
    window_bits: u8,
    /// Brotli: 0–11.
    quality: i32,
    /// Brotli: 10–24.
    lgwin: i32,
    /// Brotli: 0 generic, 1 text, 2 font.
    brotli_mode: i32,
    size_hint: usize,
    /// zstd: `ZSTD_c_*` or `ZSTD_d_*` keys and values, checked by the prelude.
    zstd_params: Vec<(i32, i32)>,
    /// `maxOutputLength`: a decompression that would give more fails at
    /// once (a small bomb must not fill memory or run to the deadline).
    max_output: usize,
}

/// A failure as Node reports it: `message`, `code` and `errno`.
#[derive(Debug, PartialEq)]
pub(super) struct Failure {
    message: String,
    code: String,
    errno: Option<i32>,
}

impl Failure {
    fn new(message: &str, code: &str, errno: i32) -> Failure {
        Failure {
            message: message.to_string(),
            code: code.to_string(),
            errno: Some(errno),
        }
    }
    /// Node's and Bun's error for an output over `maxOutputLength` (the
    /// prelude makes it a `RangeError`).
    fn too_large(max: usize) -> Failure {
        Failure::plain(
            &format!("Cannot create a Buffer larger than {max} bytes"),
            "ERR_BUFFER_TOO_LARGE",
        )
    }
    /// A failure Node reports with no `errno`.
    fn plain(message: &str, code: &str) -> Failure {
        Failure {
            message: message.to_string(),
            code: code.to_string(),
            errno: None,
        }
    }
}

/// `crc32(bytes, initial)`: zlib's CRC-32, continued from `initial`.
pub(super) fn crc32(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let bytes = bytes_arg(args, 0, context)?.unwrap_or_default();
    let initial = arg(args, 1).to_u32(context)?;
    let mut hasher = crc32fast::Hasher::new_with_initial(initial);
    hasher.update(&bytes);
    Ok(JsValue::from(hasher.finalize()))
}

const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Room added to the output whenever less than this is left.
const OUTPUT_STEP: usize = 64 * 1024;
/// `buffer.constants.MAX_LENGTH` under Bun: the default `maxOutputLength`.
const MAX_OUTPUT: usize = 1 << 32;

fn compress(mut stream: Compress, input: &[u8]) -> Result<Vec<u8>, Failure> {
    let mut out = Vec::with_capacity(input.len() / 2 + 64);
    loop {
        if out.capacity() - out.len() < OUTPUT_STEP {
            out.reserve(OUTPUT_STEP);
        }
        let consumed = stream.total_in() as usize;
        let status = stream
            .compress_vec(&input[consumed..], &mut out, FlushCompress::Finish)
            .map_err(|e| {
                Failure::new(
                    e.message().unwrap_or("compression failed"),
                    "Z_STREAM_ERROR",
                    -2,
                )
            })?;
        if status == Status::StreamEnd {
            return Ok(out);
        }
    }
}

/// Inflates `input`; with `members`, gzip members that follow the first one
/// are inflated too, as zlib's `gunzip` does in Node and Bun.
fn inflate(
    make: impl Fn() -> Decompress,
    input: &[u8],
    members: bool,
    max: usize,
) -> Result<Vec<u8>, Failure> {
    let mut out = Vec::with_capacity((input.len().saturating_mul(3) + 64).min(max + 1));
    let mut stream = make();
    let mut position = 0;
    loop {
        if out.len() > max {
            return Err(Failure::too_large(max));
        }
        if out.capacity() - out.len() < OUTPUT_STEP {
            out.reserve(out.len().max(OUTPUT_STEP));
        }
        let (before_in, before_out) = (stream.total_in(), stream.total_out());
        let status = stream
            .decompress_vec(&input[position..], &mut out, FlushDecompress::None)
            .map_err(|e| match e.message() {
                Some(message) => Failure::new(message, "Z_DATA_ERROR", -3),
                None => Failure::new("Missing dictionary", "Z_NEED_DICT", 2),
            })?;
        position += (stream.total_in() - before_in) as usize;
        match status {
            Status::StreamEnd if members && input[position..].starts_with(&GZIP_MAGIC) => {
                stream = make();
            }
            Status::StreamEnd => return Ok(out),
            Status::Ok | Status::BufError => {
                let stalled = stream.total_in() == before_in && stream.total_out() == before_out;
                if position >= input.len() && stalled {
                    return Err(Failure::new("unexpected end of file", "Z_BUF_ERROR", -5));
                }
            }
        }
    }
}

fn brotli_compress(job: &Job) -> Result<Vec<u8>, Failure> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: job.quality,
        lgwin: job.lgwin,
        mode: match job.brotli_mode {
            1 => brotli::enc::backward_references::BrotliEncoderMode::BROTLI_MODE_TEXT,
            2 => brotli::enc::backward_references::BrotliEncoderMode::BROTLI_MODE_FONT,
            _ => brotli::enc::backward_references::BrotliEncoderMode::BROTLI_MODE_GENERIC,
        },
        size_hint: job.size_hint,
        ..Default::default()
    };
    let mut out = Vec::with_capacity(job.input.len() / 2 + 64);
    brotli::BrotliCompress(&mut &job.input[..], &mut out, &params).map_err(|e| {
        Failure::new(
            &format!("Compression failed: {e}"),
            "ERR_BROTLI_COMPRESSION_FAILED",
            -1,
        )
    })?;
    Ok(out)
}

/// Decodes with the stream API, which keeps the decoder's error code: Node
/// and Bun report it as `ERR_` and the code's name after `BROTLI_DECODER`.
fn brotli_decompress(input: &[u8], max: usize) -> Result<Vec<u8>, Failure> {
    let mut state = BrotliState::new(
        HeapAlloc::<u8>::new(0),
        HeapAlloc::<u32>::new(0),
        HeapAlloc::<HuffmanCode>::new(HuffmanCode::default()),
    );
    let mut out = Vec::new();
    let mut chunk = vec![0u8; OUTPUT_STEP];
    let (mut available_in, mut input_offset, mut total_out) = (input.len(), 0, 0);
    loop {
        let (mut available_out, mut output_offset) = (chunk.len(), 0);
        let result = BrotliDecompressStream(
            &mut available_in,
            &mut input_offset,
            input,
            &mut available_out,
            &mut output_offset,
            &mut chunk,
            &mut total_out,
            &mut state,
        );
        out.extend_from_slice(&chunk[..output_offset]);
        if out.len() > max {
            return Err(Failure::too_large(max));
        }
        match result {
            BrotliResult::ResultSuccess => return Ok(out),
            BrotliResult::NeedsMoreOutput => continue,
            BrotliResult::NeedsMoreInput => {
                return Err(Failure::new("unexpected end of file", "Z_BUF_ERROR", -5));
            }
            BrotliResult::ResultFailure => {
                let code = state.error_code;
                let name = format!("{code:?}");
                let name = name.strip_prefix("BROTLI_DECODER").unwrap_or(&name);
                return Err(Failure::new(
                    "Decompression failed",
                    &format!("ERR_{name}"),
                    code as i32,
                ));
            }
        }
    }
}

/// `zlib(mode, bytes, level, windowBits, quality, lgwin, brotliMode,
/// sizeHint, zstdParamsJson)` and `zlibAsync(…)` for the callback and
/// promise forms.
impl super::blocking::Work for Job {
    type Done = Result<Vec<u8>, Failure>;
    const NAME: &'static str = "zlib";

    fn run(self) -> Result<Vec<u8>, Failure> {
        let job = self;
        let level = Compression::new(job.level);
        let bits = job.window_bits;
        let header_bits = if bits == 0 { 15 } else { bits.max(9) };
        match job.mode {
            Mode::Deflate => compress(
                Compress::new_with_window_bits(level, true, header_bits),
                &job.input,
            ),
            Mode::DeflateRaw => compress(
                Compress::new_with_window_bits(level, false, header_bits),
                &job.input,
            ),
            Mode::Gzip => compress(Compress::new_gzip(level, header_bits), &job.input),
            Mode::Inflate => inflate(
                || Decompress::new_with_window_bits(true, header_bits),
                &job.input,
                false,
                job.max_output,
            ),
            Mode::InflateRaw => inflate(
                || Decompress::new_with_window_bits(false, header_bits),
                &job.input,
                false,
                job.max_output,
            ),
            Mode::Gunzip => inflate(
                || Decompress::new_gzip(header_bits),
                &job.input,
                true,
                job.max_output,
            ),
            Mode::Unzip if job.input.starts_with(&GZIP_MAGIC) => inflate(
                || Decompress::new_gzip(header_bits),
                &job.input,
                true,
                job.max_output,
            ),
            Mode::Unzip => inflate(
                || Decompress::new_with_window_bits(true, header_bits),
                &job.input,
                false,
                job.max_output,
            ),
            Mode::BrotliCompress => brotli_compress(&job),
            Mode::BrotliDecompress => brotli_decompress(&job.input, job.max_output),
            Mode::ZstdCompress => zstd_frames::compress(&job.input, &job.zstd_params),
            Mode::ZstdDecompress => {
                zstd_frames::decompress(&job.input, &job.zstd_params).and_then(|out| {
                    match out.len() > job.max_output {
                        true => Err(Failure::too_large(job.max_output)),
                        false => Ok(out),
                    }
                })
            }
            Mode::BunZstdDecompress => zstd_frames::decompress_strict(&job.input),
        }
    }

    fn finish(result: Self::Done, context: &mut Context) -> JsResult<JsValue> {
        match result {
            Ok(bytes) => bytes_value(&bytes, context),
            Err(failure) => Err(coded_error(
                failure.message,
                &failure.code,
                failure.errno,
                context,
            )),
        }
    }
}

impl super::blocking::FromArgs for Job {
    fn parse(args: &[JsValue], context: &mut Context) -> JsResult<Job> {
        let name = string_arg(args, 0, context)?;
        let mode =
            Mode::parse(&name).ok_or_else(|| error(format!("internal: no zlib mode {name}")))?;
        let number = |index: usize, context: &mut Context| arg(args, index).to_i32(context);
        Ok(Job {
            mode,
            input: bytes_arg(args, 1, context)?.unwrap_or_default(),
            level: number(2, context)?.clamp(0, 9) as u32,
            window_bits: number(3, context)?.clamp(0, 15) as u8,
            quality: number(4, context)?,
            lgwin: number(5, context)?,
            brotli_mode: number(6, context)?,
            size_hint: number(7, context)?.max(0) as usize,
            zstd_params: if arg(args, 8).is_undefined() {
                Vec::new()
            } else {
                typed_arg(args, 8, context)?
            },
            max_output: match arg(args, 9) {
                v if v.is_undefined() => MAX_OUTPUT,
                v => (v.to_number(context)?.max(0.0) as usize).min(MAX_OUTPUT),
            },
        })
    }
}

#[cfg(test)]
mod tests;
