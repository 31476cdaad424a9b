//! `fetch`'s transparent decoding of a response body sent with a
//! `Content-Encoding` (gzip, deflate, brotli, zstd), as Bun does it.
//!
//! It decodes as the body arrives: each network chunk is pushed in, and
//! decoded bytes are pulled out at most `OUTPUT_STEP` at a time, so a large
//! (or hostile, highly compressed) body never sits whole in memory before
//! the tool reads it. `node:http` never comes here: it hands the bytes over
//! as sent, as in Node and Bun.

use brotli::{BrotliDecompressStream, BrotliResult, BrotliState, HeapAlloc, HuffmanCode};
use flate2::{Decompress, FlushDecompress, Status};
use zstd::stream::raw::{Decoder as ZstdDecoder, InBuffer, Operation, OutBuffer};

/// At most this many decoded bytes per pull.
const OUTPUT_STEP: usize = 64 * 1024;

const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// A coding this decoder reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Coding {
    Gzip,
    Deflate,
    Brotli,
    Zstd,
}

impl Coding {
    /// The coding a `Content-Encoding` value names, read as Bun reads it:
    /// one coding, in any case. A list (`gzip, br`), `identity` or an
    /// unknown name leaves the body as it was sent.
    pub(crate) fn of(header: &str) -> Option<Coding> {
        Some(match header.trim().to_ascii_lowercase().as_str() {
            "gzip" | "x-gzip" => Coding::Gzip,
            "deflate" => Coding::Deflate,
            "br" => Coding::Brotli,
            "zstd" => Coding::Zstd,
            _ => return None,
        })
    }

    /// The error's name under Bun, which is also its `code`.
    fn failure(self) -> DecodeError {
        DecodeError(match self {
            Coding::Gzip | Coding::Deflate => "ZlibError",
            Coding::Brotli => "BrotliDecompressionError",
            Coding::Zstd => "ZstdDecompressionError",
        })
    }
}

/// A body that is not valid in its coding: Bun's name for the failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DecodeError(pub(crate) &'static str);

enum State {
    /// Deflate before its first two bytes, which tell a zlib stream (what
    /// the standard means) from a raw one (what some servers send).
    Sniffing,
    Inflate(Box<Decompress>),
    /// A gzip member ended: another may follow, anything else is ignored.
    BetweenMembers,
    Brotli(Box<BrotliState<HeapAlloc<u8>, HeapAlloc<u32>, HeapAlloc<HuffmanCode>>>),
    /// `frame_done`: the last step ended a frame (another may follow).
    Zstd {
        decoder: Box<ZstdDecoder<'static>>,
        frame_done: bool,
    },
    /// The stream ended; whatever follows is ignored.
    Done,
}

pub(crate) struct Decoder {
    coding: Coding,
    state: State,
    /// Input received and not yet consumed, from `at` on.
    input: Vec<u8>,
    at: usize,
    received: bool,
}

impl Decoder {
    pub(crate) fn new(coding: Coding) -> Result<Decoder, DecodeError> {
        let state = match coding {
            Coding::Gzip => State::Inflate(Box::new(Decompress::new_gzip(15))),
            Coding::Deflate => State::Sniffing,
            Coding::Brotli => State::Brotli(Box::new(BrotliState::new(
                HeapAlloc::<u8>::new(0),
                HeapAlloc::<u32>::new(0),
                HeapAlloc::<HuffmanCode>::new(HuffmanCode::default()),
            ))),
            Coding::Zstd => State::Zstd {
                decoder: Box::new(ZstdDecoder::new().map_err(|_| coding.failure())?),
                frame_done: false,
            },
        };
        Ok(Decoder {
            coding,
            state,
            input: Vec::new(),
            at: 0,
            received: false,
        })
    }

    /// Bytes as they came from the network.
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        self.received = true;
        if matches!(self.state, State::Done) {
            return;
        }
        self.input.drain(..self.at);
        self.at = 0;
        self.input.extend_from_slice(bytes);
    }

    /// The next decoded bytes, or none when more input is needed.
    pub(crate) fn pull(&mut self) -> Result<Vec<u8>, DecodeError> {
        let failure = self.coding.failure();
        loop {
            let pending = &self.input[self.at..];
            match &mut self.state {
                State::Done => return Ok(Vec::new()),
                State::Sniffing => {
                    let [first, second, ..] = *pending else {
                        return Ok(Vec::new());
                    };
                    let zlib =
                        first & 0x0f == 8 && (u16::from(first) << 8 | u16::from(second)) % 31 == 0;
                    self.state = State::Inflate(Box::new(Decompress::new(zlib)));
                }
                State::BetweenMembers => {
                    if pending.len() < GZIP_MAGIC.len() {
                        return Ok(Vec::new());
                    }
                    self.state = if pending.starts_with(&GZIP_MAGIC) {
                        State::Inflate(Box::new(Decompress::new_gzip(15)))
                    } else {
                        State::Done
                    };
                }
                State::Inflate(stream) => {
                    let mut out = Vec::with_capacity(OUTPUT_STEP);
                    let before = stream.total_in();
                    let status = stream
                        .decompress_vec(pending, &mut out, FlushDecompress::None)
                        .map_err(|_| failure)?;
                    self.at += (stream.total_in() - before) as usize;
                    if status == Status::StreamEnd {
                        self.state = match self.coding {
                            Coding::Gzip => State::BetweenMembers,
                            _ => State::Done,
                        };
                    }
                    if !out.is_empty() || status != Status::StreamEnd {
                        return Ok(out);
                    }
                }
                State::Brotli(state) => {
                    let mut out = vec![0u8; OUTPUT_STEP];
                    let (mut available_in, mut input_offset) = (pending.len(), 0);
                    let (mut available_out, mut output_offset, mut total_out) = (out.len(), 0, 0);
                    let result = BrotliDecompressStream(
                        &mut available_in,
                        &mut input_offset,
                        pending,
                        &mut available_out,
                        &mut output_offset,
                        &mut out,
                        &mut total_out,
                        state,
                    );
                    self.at += input_offset;
                    out.truncate(output_offset);
                    match result {
                        BrotliResult::ResultFailure => return Err(failure),
                        BrotliResult::ResultSuccess => self.state = State::Done,
                        BrotliResult::NeedsMoreInput | BrotliResult::NeedsMoreOutput => {}
                    }
                    return Ok(out);
                }
                State::Zstd {
                    decoder,
                    frame_done,
                } => {
                    let mut out = Vec::with_capacity(OUTPUT_STEP);
                    let mut input = InBuffer::around(pending);
                    let hint = {
                        let mut output = OutBuffer::around(&mut out);
                        decoder.run(&mut input, &mut output).map_err(|_| failure)?
                    };
                    let consumed = input.pos();
                    self.at += consumed;
                    if !out.is_empty() || consumed > 0 {
                        *frame_done = hint == 0;
                    }
                    // A step stops at the end of a frame: the next one may
                    // already be here.
                    if out.is_empty() && consumed > 0 && self.at < self.input.len() {
                        continue;
                    }
                    return Ok(out);
                }
            }
        }
    }

    /// The body has ended: an error if its stream did not (a truncated
    /// body). An empty body is an empty result, as under Bun.
    pub(crate) fn finish(&self) -> Result<(), DecodeError> {
        let complete = match &self.state {
            _ if !self.received => true,
            State::Done | State::BetweenMembers => true,
            State::Zstd { frame_done, .. } => *frame_done,
            State::Sniffing | State::Inflate(_) | State::Brotli(_) => false,
        };
        if complete {
            Ok(())
        } else {
            Err(self.coding.failure())
        }
    }
}

#[cfg(test)]
mod tests;
