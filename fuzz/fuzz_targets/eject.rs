//! Any bytes as `beeuni.yaml`, every Beeuni tool ejected in memory: no panic,
//! and every edit eject makes loads again with only the ejected entry changed.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

fn work_dir() -> &'static std::path::Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("a temporary folder"))
        .path()
}

fuzz_target!(|data: &[u8]| {
    codegen::eject::fuzz_eject(work_dir(), data);
});
