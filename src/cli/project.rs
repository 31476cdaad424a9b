//! Finding the project a command works on: `-C DIR` or the current folder,
//! then upward to the nearest `beeuni.yaml`, as git finds its repository.

use std::path::{Path, PathBuf};

use checker::diagnostics::{Diagnostic, Format, Sources, render};
use checker::project::{Loaded, Project, find_root, load};

pub fn start_dir(directory: Option<&Path>) -> Result<PathBuf, String> {
    let current =
        std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let dir = match directory {
        Some(dir) => current.join(dir),
        None => current,
    };
    if !dir.is_dir() {
        return Err(format!("{} is not a folder", dir.display()));
    }
    Ok(dir)
}

/// The project root for `start`, or the diagnostic that says none was found.
pub fn locate(start: &Path) -> Result<PathBuf, Loaded> {
    find_root(start).ok_or_else(|| load(start))
}

/// Loads the project, or prints why it cannot be loaded at all.
pub fn load_or_report(
    start: &Path,
) -> Result<(Project, Vec<Diagnostic>, Sources), std::process::ExitCode> {
    let loaded = match locate(start) {
        Ok(root) => load(&root),
        Err(loaded) => loaded,
    };
    match loaded.project {
        Some(project) => Ok((project, loaded.diagnostics, loaded.sources)),
        None => {
            eprint!(
                "{}",
                render(
                    &loaded.diagnostics,
                    &loaded.sources,
                    Format::Human { color: false }
                )
            );
            Err(std::process::ExitCode::from(exit_code_without_project(
                &loaded.diagnostics,
            )))
        }
    }
}

/// No manifest at all is a usage problem (2); a manifest that cannot be read
/// or parsed is a problem in the project (1).
pub fn exit_code_without_project(diagnostics: &[Diagnostic]) -> u8 {
    let not_found = diagnostics
        .iter()
        .any(|d| d.code.name == checker::diagnostics::codes::MANIFEST_NOT_FOUND.name);
    if not_found {
        super::EXIT_INTERNAL
    } else {
        super::EXIT_PROBLEMS
    }
}
