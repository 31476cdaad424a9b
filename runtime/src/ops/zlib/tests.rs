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
    // (Bun's one-shot gzip body may pick other matches: see the README.)
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
