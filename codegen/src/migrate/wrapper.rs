//! The two-line module that gives a named tool of a shared file its own
//! default export, and where it goes.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Beside the shared module, named after the tool; a number is added when
/// that file exists or another wrapper takes it.
pub(super) fn wrapper_path(
    module: &Path,
    name: &str,
    planned: &HashSet<PathBuf>,
    root: &Path,
) -> PathBuf {
    let dir = module.parent().unwrap_or(Path::new(""));
    let ext = module
        .extension()
        .map_or("ts".into(), |e| e.to_string_lossy().into_owned());
    (1..)
        .map(|n| {
            let file = if n == 1 {
                format!("{name}.{ext}")
            } else {
                format!("{name}_{n}.{ext}")
            };
            dir.join(file)
        })
        .find(|p| !planned.contains(p) && !root.join(p).exists())
        .unwrap_or_else(|| dir.join(format!("{name}.{ext}")))
}

/// A module whose default export is a named tool of a shared module.
pub(super) fn wrapper_text(opencode: &str, legacy: &str, export: &str, module: &Path) -> String {
    let file = module
        .file_name()
        .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
    format!(
        "// The `{opencode}` tool (the export `{export}` of {legacy}), as its own module.\nimport {{ {export} }} from './{file}'\n\nexport default {export}\n"
    )
}
