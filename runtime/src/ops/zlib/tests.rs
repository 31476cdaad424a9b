use super::*;
use crate::ops::blocking::Work;

fn run(job: Job) -> Result<Vec<u8>, Failure> {
    job.run()
}

fn job(mode: Mode, input: &[u8]) -> Job {
    Job {
        mode,
        input: input.to_vec(),
        level: 6,
        window_bits: 15,
        quality: 11,
        lgwin: 22,
        brotli_mode: 0,
        size_hint: 0,
        zstd_params: Vec::new(),
        max_output: MAX_OUTPUT,
    }
}

/// A bomb (8 MiB of zeros in a few hundred bytes) fails as soon as its
/// output passes `maxOutputLength`, for every decompressor, with Node's code.
#[test]
fn a_decompression_stops_at_max_output_length() {
    let zeros = vec![0u8; 8 << 20];
    let cases = [
        (Mode::Gzip, Mode::Gunzip),
        (Mode::Deflate, Mode::Inflate),
        (Mode::BrotliCompress, Mode::BrotliDecompress),
        (Mode::ZstdCompress, Mode::ZstdDecompress),
    ];
    for (pack, unpack) in cases {
        let bomb = run(Job {
            quality: 5,
            ..job(pack, &zeros)
        })
        .unwrap();
        let failure = run(Job {
            max_output: 1024,
            ..job(unpack, &bomb)
        })
        .unwrap_err();
        assert_eq!(failure, Failure::too_large(1024), "{unpack:?}");
        assert_eq!(
            failure.message,
            "Cannot create a Buffer larger than 1024 bytes"
        );
        assert_eq!(
            run(job(unpack, &bomb)).unwrap().len(),
            zeros.len(),
            "{unpack:?}"
        );
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

const TEXT: &[u8] = b"hello hello hello hello";

#[test]
fn compressed_bytes_are_zlibs() {
    // Bun 1.4.5's output for the same input and options.
    assert_eq!(
        hex(&run(job(Mode::Deflate, TEXT)).unwrap()),
        "789ccb48cdc9c957c8402701680308b1"
    );
    assert_eq!(
        hex(&run(job(Mode::BrotliCompress, TEXT)).unwrap()),
        "1b1600f88d946ede445586966c206f214f1ce038"
    );
    // A gzip header as zlib writes it on Unix: no time, the level in XFL.
    // (Bun's one-shot gzip body may pick other matches: see docs/runtime.md.)
    let header = |level| {
        hex(&run(Job {
            level,
            ..job(Mode::Gzip, TEXT)
        })
        .unwrap()[..10])
    };
    assert_eq!(header(6), "1f8b0800000000000003");
    assert_eq!(header(1), "1f8b0800000000000403");
    assert_eq!(header(9), "1f8b0800000000000203");
}

#[test]
fn every_format_round_trips() {
    let input: Vec<u8> = (0..200_000u32)
        .flat_map(|i| (i % 251).to_le_bytes())
        .collect();
    for (pack, unpack) in [
        (Mode::Deflate, Mode::Inflate),
        (Mode::Gzip, Mode::Gunzip),
        (Mode::DeflateRaw, Mode::InflateRaw),
        (Mode::Gzip, Mode::Unzip),
        (Mode::Deflate, Mode::Unzip),
        (Mode::BrotliCompress, Mode::BrotliDecompress),
    ] {
        let packed = run(job(pack, &input)).unwrap();
        assert!(packed.len() < input.len(), "{pack:?}");
        assert_eq!(
            run(job(unpack, &packed)).unwrap(),
            input,
            "{pack:?} then {unpack:?}"
        );
    }
}

#[test]
fn concatenated_gzip_members_are_all_inflated() {
    let mut two = run(job(Mode::Gzip, b"one ")).unwrap();
    two.extend(run(job(Mode::Gzip, b"two")).unwrap());
    assert_eq!(run(job(Mode::Gunzip, &two)).unwrap(), b"one two");
}

#[test]
fn bad_input_fails_with_zlibs_words_and_codes() {
    let fail = |mode, input: &[u8]| run(job(mode, input)).unwrap_err();
    assert_eq!(
        fail(Mode::Gunzip, b"nope"),
        Failure::new("incorrect header check", "Z_DATA_ERROR", -3)
    );
    assert_eq!(
        fail(Mode::Inflate, b"nope"),
        Failure::new("incorrect header check", "Z_DATA_ERROR", -3)
    );
    assert_eq!(
        fail(Mode::InflateRaw, &[0xff, 0xff]),
        Failure::new("invalid block type", "Z_DATA_ERROR", -3)
    );
    assert_eq!(
        fail(Mode::BrotliDecompress, b"nope"),
        Failure::new("Decompression failed", "ERR__ERROR_FORMAT_PADDING_2", -15)
    );
    let whole = run(job(Mode::Gzip, TEXT)).unwrap();
    assert_eq!(
        fail(Mode::Gunzip, &whole[..whole.len() - 4]),
        Failure::new("unexpected end of file", "Z_BUF_ERROR", -5)
    );
}

fn zstd_job(mode: Mode, input: &[u8], params: &[(i32, i32)]) -> Job {
    Job {
        zstd_params: params.to_vec(),
        ..job(mode, input)
    }
}

#[test]
fn zstd_bytes_are_buns() {
    // Bun 1.4.5's `Bun.zstdCompressSync` output, at its default level and at 19.
    assert_eq!(
        hex(&run(zstd_job(Mode::ZstdCompress, TEXT, &[])).unwrap()),
        "28b52ffd20176500003068656c6c6f200100994b11"
    );
    assert_eq!(
        hex(&run(zstd_job(Mode::ZstdCompress, TEXT, &[(100, 19)])).unwrap()),
        "28b52ffd20176d00003868656c6c6f20680100418a11"
    );
    assert_eq!(
        hex(&run(zstd_job(Mode::ZstdCompress, b"", &[])).unwrap()),
        "28b52ffd2000010000"
    );
    // A checksum adds four bytes; a parameter libzstd refuses is Node's error.
    let checked = run(zstd_job(Mode::ZstdCompress, TEXT, &[(201, 1)])).unwrap();
    assert_eq!(checked.len(), 21 + 4);
    let refused = run(zstd_job(Mode::ZstdCompress, TEXT, &[(101, 99)])).unwrap_err();
    assert_eq!(
        refused,
        Failure::plain("Setting parameter failed", "ERR_ZLIB_INITIALIZATION_FAILED")
    );
}

#[test]
fn zstd_decompressors_differ_as_under_bun() {
    let frame = run(zstd_job(Mode::ZstdCompress, TEXT, &[])).unwrap();
    let node = |input: &[u8]| run(zstd_job(Mode::ZstdDecompress, input, &[]));
    let bun = |input: &[u8]| run(zstd_job(Mode::BunZstdDecompress, input, &[]));
    let two = [frame.clone(), frame.clone()].concat();
    assert_eq!(node(&two).unwrap(), [TEXT, TEXT].concat());
    assert_eq!(bun(&two).unwrap(), [TEXT, TEXT].concat());
    assert_eq!(bun(b"").unwrap(), b"");
    // node:zlib keeps what it decoded; Bun's own form refuses.
    let junk = [frame.clone(), b"junk".to_vec()].concat();
    assert_eq!(node(&junk).unwrap(), TEXT);
    let truncated = &frame[..frame.len() - 3];
    assert_eq!(node(truncated).unwrap(), b"");
    let invalid = Failure::plain("Decompression failed: InvalidZstdData", "ERR_ZSTD");
    assert_eq!(bun(&junk).unwrap_err(), invalid);
    assert_eq!(bun(truncated).unwrap_err(), invalid);
    assert_eq!(
        node(b"nope!").unwrap_err(),
        Failure::new("Unknown frame descriptor", "ZSTD_error_prefix_unknown", 10)
    );
    assert_eq!(
        node(&[1, 2, 3]).unwrap_err(),
        Failure::new("Unknown frame descriptor", "ZSTD_error_prefix_unknown", 10)
    );
}
