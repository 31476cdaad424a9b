//! Any bytes as `beeuni.yaml`: loading, the manifest rules and every renderer
//! must finish without a panic.
#![no_main]

use std::sync::OnceLock;

use checker::diagnostics::{Format, render};
use libfuzzer_sys::fuzz_target;

fn project_dir() -> &'static std::path::Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("a temporary folder")).path()
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = checker::yaml::parse(text);
    }
    let dir = project_dir();
    std::fs::write(dir.join("beeuni.yaml"), data).expect("the manifest is written");
    let loaded = checker::project::load(dir);
    let mut diagnostics = loaded.diagnostics;
    if let Some(project) = &loaded.project {
        diagnostics.extend(checker::rules::check_manifest(project));
        let _ = project.tool_set();
    }
    for format in [Format::Human { color: false }, Format::Json, Format::Sarif, Format::Github] {
        let _ = render(&diagnostics, &loaded.sources, format);
    }
});
