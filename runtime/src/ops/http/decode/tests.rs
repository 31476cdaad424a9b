use super::*;
use flate2::{Compress, Compression, FlushCompress};

const TEXT: &[u8] = b"compressed body, compressed body, compressed body. ";

fn text(times: usize) -> Vec<u8> {
    TEXT.repeat(times)
}

fn deflate(input: &[u8], stream: Compress) -> Vec<u8> {
    let mut stream = stream;
    let mut out = Vec::with_capacity(input.len() + 1024);
    stream
        .compress_vec(input, &mut out, FlushCompress::Finish)
        .unwrap();
    out
}

fn gzip(input: &[u8]) -> Vec<u8> {
    deflate(input, Compress::new_gzip(Compression::new(6), 15))
}

fn brotli(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &input[..], &mut out, &Default::default()).unwrap();
    out
}

/// Feeds `body` in pieces of `piece` bytes, pulling after each one as the
/// HTTP operation does; returns the decoded bytes and the largest pull.
fn decode(coding: Coding, body: &[u8], piece: usize) -> Result<(Vec<u8>, usize), DecodeError> {
    let mut decoder = Decoder::new(coding)?;
    let (mut out, mut largest) = (Vec::new(), 0);
    let mut drain = |decoder: &mut Decoder, out: &mut Vec<u8>| -> Result<(), DecodeError> {
        loop {
            let bytes = decoder.pull()?;
            if bytes.is_empty() {
                return Ok(());
            }
            largest = largest.max(bytes.len());
            out.extend_from_slice(&bytes);
        }
    };
    for chunk in body.chunks(piece.max(1)) {
        decoder.push(chunk);
        drain(&mut decoder, &mut out)?;
    }
    drain(&mut decoder, &mut out)?;
    decoder.finish()?;
    Ok((out, largest))
}

#[test]
fn codings_are_read_as_bun_reads_them() {
    assert_eq!(Coding::of("gzip"), Some(Coding::Gzip));
    assert_eq!(Coding::of(" X-GZIP "), Some(Coding::Gzip));
    assert_eq!(Coding::of("Br"), Some(Coding::Brotli));
    assert_eq!(Coding::of("zstd"), Some(Coding::Zstd));
    assert_eq!(Coding::of("deflate"), Some(Coding::Deflate));
    for other in ["gzip, br", "identity", "x-deflate", "compress", ""] {
        assert_eq!(Coding::of(other), None, "{other}");
    }
}

#[test]
fn every_coding_decodes_whole_and_byte_by_byte() {
    let plain = text(40);
    let bodies = [
        (Coding::Gzip, gzip(&plain)),
        (
            Coding::Deflate,
            deflate(&plain, Compress::new(Compression::new(6), true)),
        ),
        (
            Coding::Deflate,
            deflate(&plain, Compress::new(Compression::new(6), false)),
        ),
        (Coding::Brotli, brotli(&plain)),
        (Coding::Zstd, zstd::bulk::compress(&plain, 3).unwrap()),
    ];
    for (coding, body) in bodies {
        for piece in [1, 7, body.len()] {
            let (out, _) = decode(coding, &body, piece).unwrap();
            assert_eq!(out, plain, "{coding:?} in pieces of {piece}");
        }
    }
}

#[test]
fn a_large_body_comes_out_a_step_at_a_time() {
    let plain = text(20_000);
    assert!(plain.len() > 10 * OUTPUT_STEP);
    for (coding, body) in [
        (Coding::Gzip, gzip(&plain)),
        (Coding::Brotli, brotli(&plain)),
        (Coding::Zstd, zstd::bulk::compress(&plain, 3).unwrap()),
    ] {
        let (out, largest) = decode(coding, &body, body.len()).unwrap();
        assert_eq!(out.len(), plain.len(), "{coding:?}");
        assert!(largest <= OUTPUT_STEP, "{coding:?}: {largest}");
    }
}

#[test]
fn gzip_members_are_joined_and_trailing_bytes_ignored() {
    let two = [gzip(b"one "), gzip(b"two")].concat();
    assert_eq!(decode(Coding::Gzip, &two, 3).unwrap().0, b"one two");
    let trailing = [gzip(b"one "), b"junk".to_vec()].concat();
    assert_eq!(decode(Coding::Gzip, &trailing, 1).unwrap().0, b"one ");
    let frames = [
        zstd::bulk::compress(b"one ", 3).unwrap(),
        zstd::bulk::compress(b"two", 3).unwrap(),
    ]
    .concat();
    assert_eq!(decode(Coding::Zstd, &frames, 5).unwrap().0, b"one two");
}

#[test]
fn a_truncated_or_corrupt_body_fails_with_buns_name() {
    let plain = text(40);
    let cases = [
        (Coding::Gzip, gzip(&plain), "ZlibError"),
        (
            Coding::Deflate,
            deflate(&plain, Compress::new(Compression::new(6), true)),
            "ZlibError",
        ),
        (Coding::Brotli, brotli(&plain), "BrotliDecompressionError"),
        (
            Coding::Zstd,
            zstd::bulk::compress(&plain, 3).unwrap(),
            "ZstdDecompressionError",
        ),
    ];
    for (coding, body, name) in cases {
        let truncated = &body[..body.len() - 4];
        assert_eq!(
            decode(coding, truncated, 16).unwrap_err(),
            DecodeError(name),
            "{coding:?} truncated"
        );
        let corrupt = [&body[..10], b"garbage garbage garbage".as_slice()].concat();
        assert_eq!(
            decode(coding, &corrupt, 16).unwrap_err(),
            DecodeError(name),
            "{coding:?} corrupt"
        );
    }
    assert_eq!(
        decode(Coding::Deflate, b"x", 1).unwrap_err(),
        DecodeError("ZlibError")
    );
}

#[test]
fn an_empty_body_is_empty() {
    for coding in [Coding::Gzip, Coding::Deflate, Coding::Brotli, Coding::Zstd] {
        assert_eq!(decode(coding, b"", 1).unwrap().0, b"", "{coding:?}");
    }
}
