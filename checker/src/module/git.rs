//! Which files git tracks, because a config release holds only those: an
//! import that resolves through an ignored `node_modules` or an untracked
//! helper works on the author's machine and fails in the sandbox.

use rustc_hash::FxHashSet as HashSet;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::{IMPORT_UNTRACKED, MODULE_UNTRACKED};

/// The tracked files under the project root, root-relative. `None` when the
/// root is not inside a git work tree (or git is missing): the rule is skipped.
pub fn tracked_files(root: &Path) -> Option<HashSet<PathBuf>> {
    // `git ls-files` lists paths relative to the folder it runs in, which is
    // what diagnostics use even when the project is a sub-folder of a repository.
    let output = Command::new("git")
        .arg("ls-files")
        .arg("-z")
        .arg("--cached")
        .current_dir(root)
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    Some(
        output
            .stdout
            .split(|&b| b == 0)
            .filter(|p| !p.is_empty())
            .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
            .collect(),
    )
}

/// Why an import's target will be missing in the sandbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Missing {
    /// A file of the repository that git does not track (root-relative).
    Untracked(PathBuf),
    /// A file outside the project root.
    OutsideRepo,
}

/// What an import loads: a file by its specifier, or a package by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loaded<'a> {
    Module(&'a str),
    Package(&'a str),
}

pub fn untracked(
    file: &Path,
    span: Range<usize>,
    loaded: Loaded<'_>,
    missing: &Missing,
) -> Diagnostic {
    let message = match (loaded, missing) {
        (Loaded::Module(specifier), Missing::Untracked(target)) => {
            format!(
                "'{specifier}' resolves to `{}`, which git does not track",
                slash(target)
            )
        }
        (Loaded::Module(specifier), Missing::OutsideRepo) => {
            format!("'{specifier}' resolves to a file outside the repository")
        }
        (Loaded::Package(package), Missing::Untracked(target)) => {
            format!(
                "package '{package}' resolves to `{}`, which git does not track",
                slash(target)
            )
        }
        (Loaded::Package(package), Missing::OutsideRepo) => {
            format!("package '{package}' resolves from a `node_modules` outside the repository")
        }
    };
    let help = match loaded {
        Loaded::Module(_) => {
            "the sandbox receives only the files git tracks: `git add` the file, or move it into the repository".to_string()
        }
        Loaded::Package(package) => format!(
            "the sandbox installs no package and receives only tracked files: commit `{package}` in a tracked `node_modules`, or replace it with `node:` modules and `fetch`"
        ),
    };
    Diagnostic::new(&IMPORT_UNTRACKED, message)
        .at(file, span)
        .label("works here, fails in the sandbox")
        .help(help)
}

pub fn slash(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// A declared tool module that git does not track: the sandbox never sees
/// it, so the tool does not load there even though it works locally.
pub fn untracked_tool(module: &super::ModuleRef) -> Diagnostic {
    let shown = slash(&module.path);
    let message = format!(
        "tool `{}` is `{shown}`, which git does not track",
        module.tool
    );
    let help = format!(
        "the sandbox receives only the files git tracks: `git add {shown}` (and check it is not in a .gitignore)"
    );
    let diagnostic = Diagnostic::new(&MODULE_UNTRACKED, message).help(help);
    match &module.declared_at {
        Some(at) => diagnostic
            .at(&at.file, at.span.clone())
            .label("declared here, but not in git"),
        None => diagnostic.at(&module.path, 0..0),
    }
}
