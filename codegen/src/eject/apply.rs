//! Writing a plan: the module first, then the manifest, each atomically.
//!
//! If the manifest write fails, the module write is undone (a new file is
//! removed, an overwritten one gets its old bytes back), so a failure leaves
//! both files as they were. A manifest that changed on disk since the plan
//! was made is not overwritten. Both paths are checked to stay inside the
//! repository (no symbolic link out of it, see [`atomic::check_inside`])
//! before anything is written or any folder created.

use std::io;
use std::path::{Path, PathBuf};

use crate::atomic::{self, WriteError};

use super::EjectPlan;

#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    #[error("{} changed since it was read; nothing was written", path.display())]
    Changed { path: PathBuf },
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },
    #[error("cannot create the folder {}: {source}", path.display())]
    CreateDir { path: PathBuf, source: io::Error },
    #[error("{0}; nothing was written")]
    Module(WriteError),
    /// The manifest write failed; `undo` says whether the module was put back.
    #[error("{write}; {undo}")]
    Manifest { write: WriteError, undo: String },
}

/// The step that puts bytes in a file: [`atomic::write`], or a stand-in in tests.
pub(crate) type WriteFile<'a> = dyn FnMut(&Path, &[u8]) -> Result<(), WriteError> + 'a;

impl EjectPlan {
    /// Writes the module and the manifest.
    pub fn apply(&self) -> Result<(), ApplyError> {
        let root = self.root.clone();
        self.apply_with(&mut |path, bytes| atomic::write_inside(&root, path, bytes))
    }

    /// [`EjectPlan::apply`] with the write step supplied, so a test can make
    /// the second write fail.
    pub(crate) fn apply_with(&self, write: &mut WriteFile<'_>) -> Result<(), ApplyError> {
        let manifest = self.root.join(&self.manifest);
        let module = self.root.join(&self.module);
        atomic::check_inside(&self.root, &module).map_err(ApplyError::Module)?;
        if self.manifest_after.is_some() {
            atomic::check_inside(&self.root, &manifest).map_err(ApplyError::Module)?;
            let now = std::fs::read(&manifest).map_err(|source| ApplyError::Read {
                path: manifest.clone(),
                source,
            })?;
            if now != self.manifest_before.as_bytes() {
                return Err(ApplyError::Changed { path: manifest });
            }
        }
        let previous = match std::fs::read(&module) {
            Ok(bytes) => Some(bytes),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(source) => {
                return Err(ApplyError::Read {
                    path: module,
                    source,
                });
            }
        };
        let folder = module
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| self.root.clone());
        let created_folder = !folder.exists();
        std::fs::create_dir_all(&folder).map_err(|source| ApplyError::CreateDir {
            path: folder.clone(),
            source,
        })?;
        if let Err(error) = write(&module, self.source.as_bytes()) {
            if created_folder {
                let _ = std::fs::remove_dir(&folder);
            }
            return Err(ApplyError::Module(error));
        }
        let Some(after) = &self.manifest_after else {
            return Ok(());
        };
        let Err(error) = write(&manifest, after.as_bytes()) else {
            return Ok(());
        };
        let undo = match &previous {
            Some(bytes) => write(&module, bytes).map(|()| format!("{} was restored", self.module)),
            None => std::fs::remove_file(&module)
                .map(|()| {
                    if created_folder {
                        // Only succeeds while empty: never removes the user's files.
                        let _ = std::fs::remove_dir(&folder);
                    }
                    format!("{} was removed again", self.module)
                })
                .map_err(|source| WriteError {
                    path: module.clone(),
                    source,
                }),
        };
        let undo =
            undo.unwrap_or_else(|e| format!("and undoing the module write failed too ({e})"));
        Err(ApplyError::Manifest { write: error, undo })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "export default {}\n";

    /// Plans ejecting `memory` in a project whose `beeuni.yaml` is `manifest`,
    /// with `existing` already at `tools/memory.ts` (and `force`).
    fn planned(manifest: &str, existing: Option<&str>) -> (tempfile::TempDir, EjectPlan) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("beeuni.yaml"), manifest).unwrap();
        if let Some(text) = existing {
            std::fs::create_dir(dir.path().join("tools")).unwrap();
            std::fs::write(dir.path().join("tools/memory.ts"), text).unwrap();
        }
        let project = checker::project::load(dir.path()).project.unwrap();
        let plan = super::super::plan(&project, "memory", SOURCE, existing.is_some()).unwrap();
        (dir, plan)
    }

    /// Writes like `apply`, but fails on the manifest.
    fn failing_manifest(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
        if path.ends_with("beeuni.yaml") {
            return Err(WriteError {
                path: path.to_path_buf(),
                source: io::Error::other("disk full"),
            });
        }
        atomic::write(path, bytes)
    }

    #[test]
    fn a_failed_manifest_write_removes_the_new_module_and_its_folder() {
        let (dir, plan) = planned("tools:\n  memory: beeuni:memory\n", None);
        let error = plan.apply_with(&mut failing_manifest).unwrap_err();
        assert!(
            error
                .to_string()
                .ends_with("disk full; tools/memory.ts was removed again"),
            "{error}"
        );
        assert!(!dir.path().join("tools").exists());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("beeuni.yaml")).unwrap(),
            "tools:\n  memory: beeuni:memory\n"
        );
    }

    #[test]
    fn a_failed_manifest_write_restores_an_overwritten_module() {
        let (dir, plan) = planned("tools:\n  memory: beeuni:memory\n", Some("// mine\n"));
        let error = plan.apply_with(&mut failing_manifest).unwrap_err();
        assert!(
            error.to_string().ends_with("tools/memory.ts was restored"),
            "{error}"
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join("tools/memory.ts")).unwrap(),
            "// mine\n"
        );
    }

    #[test]
    fn a_failed_module_write_writes_nothing() {
        let (dir, plan) = planned("agents: {}\n", None);
        let mut fail_all = |path: &Path, _: &[u8]| {
            Err(WriteError {
                path: path.to_path_buf(),
                source: io::Error::other("read-only"),
            })
        };
        let error = plan.apply_with(&mut fail_all).unwrap_err();
        assert!(matches!(error, ApplyError::Module(_)), "{error}");
        assert!(!dir.path().join("tools").exists());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("beeuni.yaml")).unwrap(),
            "agents: {}\n"
        );
    }
}
