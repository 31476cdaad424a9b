//! Replacing a file's contents all at once.
//!
//! The bytes go to a temporary file in the same folder, which is then renamed
//! over the target: a reader (a file watcher, an editor)
//! sees the old file or the new one, never half of either, and a failure
//! leaves the old file in place. A symlinked target is written through, so
//! the link survives; an existing file keeps its permissions.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Why a write failed, naming the file.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct WriteError {
    pub path: PathBuf,
    #[source]
    pub source: std::io::Error,
}

/// Writes `bytes` to `path` atomically. The parent folder must exist.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let fail = |source| WriteError {
        path: path.to_path_buf(),
        source,
    };
    // Follow a symlink to the file it names, so the rename replaces that file
    // and not the link.
    let target = match std::fs::canonicalize(path) {
        Ok(real) => real,
        Err(_) => path.to_path_buf(),
    };
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let existing = std::fs::metadata(&target).ok();
    if existing.as_ref().is_some_and(|m| m.is_dir()) {
        return Err(fail(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "it is a folder",
        )));
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(".beeuni-").suffix(".tmp");
    let mut temp = builder.tempfile_in(&dir).map_err(fail)?;
    temp.write_all(bytes).map_err(fail)?;
    temp.as_file().sync_all().map_err(fail)?;
    let permissions = match existing {
        Some(metadata) => metadata.permissions(),
        None => new_file_permissions(temp.path()).map_err(fail)?,
    };
    std::fs::set_permissions(temp.path(), permissions).map_err(fail)?;
    temp.persist(&target).map_err(|e| fail(e.error))?;
    Ok(())
}

/// A temporary file is private (0600); a new project file gets the mode an
/// ordinary `create` would give it, 0666 less the process umask.
#[cfg(unix)]
fn new_file_permissions(temp: &Path) -> std::io::Result<std::fs::Permissions> {
    use std::os::unix::fs::PermissionsExt as _;
    // The umask can only be read by setting it; instead create a probe file the
    // ordinary way next to the temporary one and copy its mode.
    let probe = temp.with_extension("mode");
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    let mode = file.metadata()?.permissions().mode();
    drop(file);
    std::fs::remove_file(&probe)?;
    Ok(std::fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn new_file_permissions(temp: &Path) -> std::io::Result<std::fs::Permissions> {
    let mut permissions = std::fs::metadata(temp)?.permissions();
    permissions.set_readonly(false);
    Ok(permissions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_contents_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("beeuni.yaml");
        std::fs::write(&path, "old\n").unwrap();
        write(&path, b"new\r\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new\r\n");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["beeuni.yaml"]);
    }

    #[cfg(unix)]
    #[test]
    fn keeps_the_mode_of_an_existing_file_and_writes_through_a_symlink() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.yaml");
        std::fs::write(&real, "old\n").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("beeuni.yaml");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write(&link, b"new\n").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new\n");
        assert_eq!(
            std::fs::metadata(&real).unwrap().permissions().mode() & 0o777,
            0o640
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_not_private() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.ts");
        write(&path, b"x").unwrap();
        let ordinary = dir.path().join("ordinary.ts");
        std::fs::write(&ordinary, b"x").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(
            mode(&path),
            mode(&ordinary),
            "a new module gets the mode of any file the user creates"
        );
    }

    #[test]
    fn a_folder_in_the_way_is_an_error_that_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tools");
        std::fs::create_dir(&path).unwrap();
        let error = write(&path, b"x").unwrap_err();
        assert_eq!(error.path, path);
        assert!(error.to_string().starts_with("cannot write "), "{error}");
    }
}
