//! Finding the legacy files: the folders SPEC 8 names (or `--from`), every
//! file under them (but `node_modules` and hidden folders), and each file's
//! text. A module at the top of a folder is what opencode loads as tools;
//! deeper ones and other files can only be helpers.

use std::path::{Component, Path, PathBuf};

use checker::module::read::read_module;
use checker::project::names::has_module_extension;
use checker::rules::LEGACY_TOOL_DIRS;

use super::MigrateError;
use super::paths::normalize;

/// How deep helper folders are searched; real ones are one or two levels.
const MAX_DEPTH: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A module at the top of a legacy folder: opencode loads it as tools.
    ToolModule,
    /// A module in a subfolder.
    Module,
    /// Anything else (`.txt`, `.json`, …).
    Data,
}

#[derive(Debug, Clone)]
pub struct LegacyFile {
    /// Root-relative.
    pub path: PathBuf,
    /// The legacy folder it is under, root-relative.
    pub folder: PathBuf,
    pub kind: Kind,
    /// The text, or why it could not be read.
    pub text: Option<String>,
    pub unreadable: Option<String>,
}

/// The legacy folders to migrate, root-relative.
pub fn folders(root: &Path, from: Option<&Path>) -> Result<Vec<PathBuf>, MigrateError> {
    match from {
        Some(from) => {
            let from = normalize(from.strip_prefix(root).unwrap_or(from));
            let inside = from.components().all(|c| matches!(c, Component::Normal(_)));
            if !inside || !root.join(&from).is_dir() || from.as_os_str().is_empty() {
                return Err(MigrateError::NoFolder(super::paths::shown(&from)));
            }
            Ok(vec![from])
        }
        None => Ok(LEGACY_TOOL_DIRS
            .iter()
            .map(PathBuf::from)
            .filter(|dir| root.join(dir).is_dir())
            .collect()),
    }
}

/// Every file under `folders`, sorted, with its text.
pub fn files(root: &Path, folders: &[PathBuf]) -> Result<Vec<LegacyFile>, MigrateError> {
    let mut out = Vec::new();
    for folder in folders {
        walk(root, folder, folder, 0, &mut out)?;
    }
    Ok(out)
}

fn walk(
    root: &Path,
    folder: &Path,
    dir: &Path,
    depth: usize,
    out: &mut Vec<LegacyFile>,
) -> Result<(), MigrateError> {
    let read_error = |source| MigrateError::Read {
        path: root.join(dir),
        source,
    };
    let mut entries: Vec<_> = std::fs::read_dir(root.join(dir))
        .map_err(read_error)?
        .filter_map(Result::ok)
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = dir.join(&name);
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        if file_type.is_dir() {
            if depth < MAX_DEPTH && !name.starts_with('.') && name != "node_modules" {
                walk(root, folder, &path, depth + 1, out)?;
            }
            continue;
        }
        if !file_type.is_file() {
            continue;
        }
        let module = has_module_extension(&name);
        let kind = match (module, depth) {
            (true, 0) => Kind::ToolModule,
            (true, _) => Kind::Module,
            _ => Kind::Data,
        };
        let (text, unreadable) = if module {
            match read_module(&root.join(&path), &path) {
                Ok(text) => (Some(text), None),
                Err(d) => (None, Some(d.message)),
            }
        } else {
            match std::fs::read(root.join(&path)).map(String::from_utf8) {
                Ok(Ok(text)) => (Some(text), None),
                Ok(Err(_)) => (None, Some("it is not UTF-8 text".into())),
                Err(e) => (None, Some(e.to_string())),
            }
        };
        out.push(LegacyFile {
            path,
            folder: folder.to_path_buf(),
            kind,
            text,
            unreadable,
        });
    }
    Ok(())
}
