//! Any bytes as `beeuni.yaml`: loading, the manifest rules and every renderer
//! must finish without a panic.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

fn project_dir() -> &'static std::path::Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("a temporary folder"))
        .path()
}

fuzz_target!(|data: &[u8]| {
    checker::rules::fuzz_check_manifest(project_dir(), data);
});
