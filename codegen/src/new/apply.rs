//! Writing a plan: the module first (it must still be absent), then the
//! manifest, each atomically. If the manifest write fails the new module is
//! removed again, so a failure leaves the project as it was; a manifest that
//! changed on disk since the plan was made is not overwritten.

use std::io;
use std::path::PathBuf;

use crate::atomic::{self, WriteError};

use super::NewPlan;

#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    #[error("{} changed since it was read; nothing was written", path.display())]
    Changed { path: PathBuf },
    #[error("{} appeared since the plan was made; nothing was written", path.display())]
    Appeared { path: PathBuf },
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },
    #[error("cannot create the folder {}: {source}", path.display())]
    CreateDir { path: PathBuf, source: io::Error },
    #[error("{0}; nothing was written")]
    Module(WriteError),
    #[error("{write}; {undo}")]
    Manifest { write: WriteError, undo: String },
}

impl NewPlan {
    /// Writes the module and the manifest.
    pub fn apply(&self) -> Result<(), ApplyError> {
        let manifest = self.root.join(&self.manifest);
        let now = std::fs::read(&manifest).map_err(|source| ApplyError::Read {
            path: manifest.clone(),
            source,
        })?;
        if now != self.manifest_before.as_bytes() {
            return Err(ApplyError::Changed { path: manifest });
        }
        let module = self.root.join(&self.module);
        if std::fs::symlink_metadata(&module).is_ok() {
            return Err(ApplyError::Appeared { path: module });
        }
        let folder = module
            .parent()
            .map_or_else(|| self.root.clone(), PathBuf::from);
        let created_folder = !folder.exists();
        std::fs::create_dir_all(&folder).map_err(|source| ApplyError::CreateDir {
            path: folder.clone(),
            source,
        })?;
        let remove_module = || {
            let removed = std::fs::remove_file(&module);
            if created_folder {
                // Only succeeds while empty: never removes the user's files.
                let _ = std::fs::remove_dir(&folder);
            }
            removed
        };
        if let Err(error) = atomic::write(&module, self.module_text.as_bytes()) {
            let _ = remove_module();
            return Err(ApplyError::Module(error));
        }
        if let Err(write) = atomic::write(&manifest, self.manifest_after.as_bytes()) {
            let undo = match remove_module() {
                Ok(()) => format!("{} was removed again", self.module),
                Err(e) => format!("and removing {} again failed too ({e})", self.module),
            };
            return Err(ApplyError::Manifest { write, undo });
        }
        Ok(())
    }
}
