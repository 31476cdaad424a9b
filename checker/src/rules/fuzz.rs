//! The body of the manifest fuzz target: any bytes, as `beeuni.yaml`, through
//! loading, the manifest rules and every renderer.

use std::path::Path;

use crate::diagnostics::{Format, render};
use crate::project::{MANIFEST_NAME, load};

/// Must never panic or hang, whatever `bytes` hold. `project_dir` is a folder
/// the caller owns: the bytes are written there as its `beeuni.yaml`, because
/// loading reads the project from disk as the CLI does.
pub fn fuzz_check_manifest(project_dir: &Path, bytes: &[u8]) {
    if let Ok(text) = std::str::from_utf8(bytes) {
        let _ = crate::yaml::parse(text);
    }
    std::fs::write(project_dir.join(MANIFEST_NAME), bytes)
        .unwrap_or_else(|e| panic!("cannot write the manifest under test: {e}"));
    let loaded = load(project_dir);
    let mut diagnostics = loaded.diagnostics;
    if let Some(project) = &loaded.project {
        diagnostics.extend(super::check_manifest(project));
        let _ = project.tool_set();
    }
    for format in [
        Format::Human { color: false },
        Format::Human { color: true },
        Format::Json,
        Format::Sarif,
        Format::Github,
    ] {
        let _ = render(&diagnostics, &loaded.sources, format);
    }
}
