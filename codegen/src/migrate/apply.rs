//! Writing a migration all at once or not at all.
//!
//! Every change was decided (and every new text produced) before this runs.
//! First every file is checked to hold what the plan read; then the changes
//! apply in order (writes through [`atomic::write`], then deletions), each
//! recorded with what it replaced. The first failure undoes every recorded
//! change in reverse order, so the project is left as it was found.

use std::io;
use std::path::{Path, PathBuf};

use crate::atomic::{self, WriteError};

use super::Change;

#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    #[error("{} changed since the migration read it; nothing was written", path.display())]
    Changed { path: PathBuf },
    #[error("{failure}; {undo}")]
    Failed { failure: String, undo: String },
}

/// The step that puts bytes in a file: [`atomic::write`], or a stand-in in tests.
pub(crate) type WriteFile<'a> = dyn FnMut(&Path, &[u8]) -> Result<(), WriteError> + 'a;

/// What one applied change replaced.
enum Undo {
    Restore(PathBuf, Vec<u8>),
    Remove(PathBuf),
    RemoveDir(PathBuf),
}

pub(crate) fn apply(
    root: &Path,
    changes: &[Change],
    write: &mut WriteFile<'_>,
    progress: &mut dyn FnMut(usize),
) -> Result<(), ApplyError> {
    for change in changes {
        let path = root.join(&change.path);
        let now = match std::fs::read(&path) {
            Ok(bytes) => Some(bytes),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(_) => return Err(ApplyError::Changed { path }),
        };
        if now.as_deref() != change.before.as_deref().map(str::as_bytes) {
            return Err(ApplyError::Changed { path });
        }
    }
    let mut done: Vec<Undo> = Vec::new();
    // Writes first, deletions last: a failure midway never leaves a tool
    // with neither its old file nor its new one.
    let order = changes
        .iter()
        .filter(|c| c.after.is_some())
        .chain(changes.iter().filter(|c| c.after.is_none()));
    for (i, change) in order.enumerate() {
        let path = root.join(&change.path);
        let result = match &change.after {
            Some(text) => create_parents(root, &path, &mut done)
                .and_then(|()| write(&path, text.as_bytes()).map_err(|e| e.to_string())),
            None => std::fs::remove_file(&path)
                .map_err(|e| format!("cannot delete {}: {e}", path.display())),
        };
        match result {
            Ok(()) => done.push(match &change.before {
                Some(before) => Undo::Restore(path, before.as_bytes().to_vec()),
                None => Undo::Remove(path),
            }),
            Err(failure) => {
                let undo = undo(done, write);
                return Err(ApplyError::Failed { failure, undo });
            }
        }
        progress(i + 1);
    }
    Ok(())
}

/// Creates the missing folders above `path`, recording each for the undo.
fn create_parents(root: &Path, path: &Path, done: &mut Vec<Undo>) -> Result<(), String> {
    let Some(parent) = path.parent() else {
        return Ok(());
    };
    let mut missing = Vec::new();
    let mut dir = parent;
    while !dir.exists() && dir.starts_with(root) && dir != root {
        missing.push(dir.to_path_buf());
        match dir.parent() {
            Some(up) => dir = up,
            None => break,
        }
    }
    for dir in missing.into_iter().rev() {
        std::fs::create_dir(&dir)
            .map_err(|e| format!("cannot create the folder {}: {e}", dir.display()))?;
        done.push(Undo::RemoveDir(dir));
    }
    Ok(())
}

fn undo(done: Vec<Undo>, write: &mut WriteFile<'_>) -> String {
    let mut failures = Vec::new();
    for step in done.into_iter().rev() {
        let result = match &step {
            Undo::Restore(path, bytes) => write(path, bytes).map_err(|e| e.to_string()),
            Undo::Remove(path) => std::fs::remove_file(path)
                .map_err(|e| format!("cannot remove {}: {e}", path.display())),
            // Only succeeds while empty: never removes the user's files.
            Undo::RemoveDir(path) => {
                let _ = std::fs::remove_dir(path);
                Ok(())
            }
        };
        if let Err(e) = result {
            failures.push(e);
        }
    }
    if failures.is_empty() {
        "every file was restored".into()
    } else {
        format!("restoring failed too: {}", failures.join("; "))
    }
}

/// [`apply`] with the real write step.
pub(crate) fn apply_atomically(
    root: &Path,
    changes: &[Change],
    progress: &mut dyn FnMut(usize),
) -> Result<(), ApplyError> {
    apply(
        root,
        changes,
        &mut |path, bytes| atomic::write(path, bytes),
        progress,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(path: &str, before: Option<&str>, after: Option<&str>) -> Change {
        Change {
            path: path.into(),
            before: before.map(str::to_string),
            after: after.map(str::to_string),
        }
    }

    #[test]
    fn a_failure_midway_restores_every_file() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("legacy")).unwrap();
        std::fs::write(root.join("legacy/a.ts"), "old a").unwrap();
        std::fs::write(root.join("beeuni.yaml"), "tools: {}\n").unwrap();
        let changes = [
            change("tools/a.ts", None, Some("new a")),
            change(
                "beeuni.yaml",
                Some("tools: {}\n"),
                Some("tools: {a: tools/a.ts}\n"),
            ),
            change("legacy/a.ts", Some("old a"), None),
        ];
        let mut failing = |path: &Path, bytes: &[u8]| {
            if path.ends_with("beeuni.yaml") && bytes.starts_with(b"tools: {a") {
                return Err(WriteError {
                    path: path.to_path_buf(),
                    source: io::Error::other("disk full"),
                });
            }
            atomic::write(path, bytes)
        };
        let error = apply(root, &changes, &mut failing, &mut |_| {}).unwrap_err();
        assert!(
            error
                .to_string()
                .ends_with("disk full; every file was restored"),
            "{error}"
        );
        assert!(!root.join("tools").exists());
        assert_eq!(
            std::fs::read_to_string(root.join("legacy/a.ts")).unwrap(),
            "old a"
        );
        assert_eq!(
            std::fs::read_to_string(root.join("beeuni.yaml")).unwrap(),
            "tools: {}\n"
        );
    }

    #[test]
    fn a_file_changed_since_the_plan_stops_everything() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("beeuni.yaml"), "edited by hand\n").unwrap();
        let changes = [
            change("tools/a.ts", None, Some("new a")),
            change("beeuni.yaml", Some("tools: {}\n"), Some("x")),
        ];
        let error = apply_atomically(dir.path(), &changes, &mut |_| {}).unwrap_err();
        assert!(matches!(error, ApplyError::Changed { .. }), "{error}");
        assert!(!dir.path().join("tools").exists());
    }
}
