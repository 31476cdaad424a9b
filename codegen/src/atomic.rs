//! Replacing a file's contents all at once, inside the repository.
//!
//! The bytes go to a temporary file in the same folder, which is then renamed
//! over the target: a reader (a file watcher, an editor)
//! sees the old file or the new one, never half of either, and a failure
//! leaves the old file in place. A symlinked target is written through, so
//! the link survives; an existing file keeps its permissions.
//!
//! A write into a project never leaves it: every folder on the way and the
//! file itself are resolved, and a symbolic link that leads out of the
//! repository (or to nothing, which a write would create wherever it
//! points) is refused, naming the link, before anything is written. Links
//! that stay inside are followed. [`write_inside`] is given the root;
//! [`write`] finds it as the nearest folder above the file that holds a
//! `beeuni.yaml` and is its own real path (so a linked folder on the way is
//! never taken for the root); [`write_as_named`] is for a file the user
//! named on the command line (`--out FILE`), which is theirs to point
//! anywhere. The check runs just before the write: it guards against links
//! in the checkout, not against another process swapping folders in the
//! same instant.

use std::io::Write as _;
use std::path::{Component, Path, PathBuf};

/// The manifest whose folder is a project root; the checker's name for it.
const MANIFEST: &str = "beeuni.yaml";

/// Why a write failed, naming the file.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct WriteError {
    pub path: PathBuf,
    #[source]
    pub source: std::io::Error,
}

/// Writes `bytes` to `path` atomically, inside the project that holds
/// `path` (see the module's note); a file in no project is written as
/// named. The parent folder must exist.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    match project_root_of(path) {
        Some(root) => write_inside(&root, path, bytes),
        None => write_as_named(path, bytes),
    }
}

/// Writes `bytes` to `path` atomically, refusing a path that leaves `root`
/// through `..` or a symbolic link. The parent folder must exist.
pub fn write_inside(root: &Path, path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let target = check_inside(root, path)?;
    replace(path, &target, bytes)
}

/// Writes `bytes` to `path` atomically, following a link wherever it
/// points: for a file the user named. The parent folder must exist.
pub fn write_as_named(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    // Follow a symlink to the file it names, so the rename replaces that file
    // and not the link.
    let target = match std::fs::canonicalize(path) {
        Ok(real) => real,
        Err(_) => path.to_path_buf(),
    };
    replace(path, &target, bytes)
}

/// Where a write to `path` would land, when that is inside `root`: the
/// file's real path (through the links on the way, all inside). Otherwise
/// an error naming the link that leads out, or the `..` that does. Folders
/// that do not exist yet are fine: they will be created inside.
pub fn check_inside(root: &Path, path: &Path) -> Result<PathBuf, WriteError> {
    let refuse = |why: String| WriteError {
        path: path.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::PermissionDenied, why),
    };
    let real_root = std::fs::canonicalize(root).map_err(|source| WriteError {
        path: root.to_path_buf(),
        source,
    })?;
    let relative = path.strip_prefix(root).map_err(|_| {
        refuse(format!(
            "it is outside the repository {}",
            real_root.display()
        ))
    })?;
    let mut current = root.to_path_buf();
    for component in relative.components() {
        match component {
            Component::Normal(name) => current.push(name),
            Component::CurDir => continue,
            _ => {
                return Err(refuse(format!(
                    "`..` leads out of the repository {}",
                    real_root.display()
                )));
            }
        }
        let Ok(metadata) = std::fs::symlink_metadata(&current) else {
            // Nothing there yet: the rest is created under a folder checked
            // to be inside.
            break;
        };
        if !metadata.file_type().is_symlink() {
            continue;
        }
        let shown = current.strip_prefix(root).unwrap_or(&current).display();
        let points_to = std::fs::read_link(&current)
            .map(|t| t.display().to_string())
            .unwrap_or_default();
        match std::fs::canonicalize(&current) {
            Ok(real) if real.starts_with(&real_root) => {}
            Ok(real) => {
                return Err(refuse(format!(
                    "{shown} is a symbolic link to {points_to} ({}), outside the repository {}; nothing is written through it",
                    real.display(),
                    real_root.display()
                )));
            }
            Err(_) => {
                return Err(refuse(format!(
                    "{shown} is a symbolic link to {points_to}, which does not exist; nothing is written through it"
                )));
            }
        }
    }
    Ok(real_target(path))
}

/// `path` with every link on the way resolved: the file itself when it
/// exists, else its folder's real path and its name.
fn real_target(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    match (path.parent(), path.file_name()) {
        (Some(dir), Some(name)) => std::fs::canonicalize(dir)
            .map(|dir| dir.join(name))
            .unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}

/// The project `path` is in: the nearest folder above it that holds a
/// `beeuni.yaml` and is its own real path (the checker finds roots by their
/// real path, so a folder reached through a link is never one).
fn project_root_of(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    absolute
        .ancestors()
        .skip(1)
        .find(|dir| {
            std::fs::symlink_metadata(dir.join(MANIFEST)).is_ok()
                && std::fs::canonicalize(dir).is_ok_and(|real| real == *dir)
        })
        .map(Path::to_path_buf)
}

/// Replaces `target` (the real file behind `path`, which errors name).
fn replace(path: &Path, target: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let fail = |source| WriteError {
        path: path.to_path_buf(),
        source,
    };
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let existing = std::fs::metadata(target).ok();
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
    temp.persist(target).map_err(|e| fail(e.error))?;
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

    /// A project in a temp folder (its real path) and a folder outside it.
    #[cfg(unix)]
    fn project_and_outside() -> (tempfile::TempDir, PathBuf, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().canonicalize().unwrap();
        let root = base.join("project");
        let outside = base.join("outside");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(root.join(MANIFEST), "tools: {}\n").unwrap();
        (dir, root, outside)
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_folder_or_file_leading_out_is_refused_and_the_outside_is_untouched() {
        use std::os::unix::fs::symlink;
        let (_dir, root, outside) = project_and_outside();
        std::fs::write(outside.join("victim.ts"), "outside\n").unwrap();
        symlink(&outside, root.join("tools")).unwrap();
        symlink(outside.join("victim.ts"), root.join("linked.ts")).unwrap();
        symlink(outside.join("missing.ts"), root.join("dangling.ts")).unwrap();
        // Both the explicit root and the one found from the path.
        for write in [
            &(|p: &Path| write_inside(&root, p, b"x")) as &dyn Fn(&Path) -> Result<(), WriteError>,
            &(|p: &Path| write(p, b"x")),
        ] {
            let error = write(&root.join("tools/victim.ts"))
                .unwrap_err()
                .to_string();
            assert!(
                error.contains("tools is a symbolic link to ")
                    && error.contains("outside the repository"),
                "{error}"
            );
            let error = write(&root.join("linked.ts")).unwrap_err().to_string();
            assert!(
                error.contains("linked.ts is a symbolic link to "),
                "{error}"
            );
            let error = write(&root.join("dangling.ts")).unwrap_err().to_string();
            assert!(error.contains("which does not exist"), "{error}");
            let error = write(&root.join("../outside/victim.ts"))
                .unwrap_err()
                .to_string();
            assert!(error.contains("`..` leads out"), "{error}");
        }
        assert_eq!(
            std::fs::read(outside.join("victim.ts")).unwrap(),
            b"outside\n"
        );
        assert!(!outside.join("missing.ts").exists());
        // What the user names is theirs.
        write_as_named(&root.join("linked.ts"), b"named\n").unwrap();
        assert_eq!(
            std::fs::read(outside.join("victim.ts")).unwrap(),
            b"named\n"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_project_inside_a_link_is_not_taken_for_the_root() {
        use std::os::unix::fs::symlink;
        let (_dir, root, outside) = project_and_outside();
        // Another project outside, reached through a link in this one.
        std::fs::create_dir_all(outside.join("sub")).unwrap();
        std::fs::write(outside.join("sub").join(MANIFEST), "tools: {}\n").unwrap();
        symlink(&outside, root.join("vendor")).unwrap();
        let error = write(&root.join("vendor/sub/x.ts"), b"x").unwrap_err();
        assert!(
            error.to_string().contains("vendor is a symbolic link"),
            "{error}"
        );
        assert!(!outside.join("sub/x.ts").exists());
        // A link that stays inside is followed.
        std::fs::create_dir_all(root.join("src/tools")).unwrap();
        symlink(root.join("src/tools"), root.join("tools")).unwrap();
        write(&root.join("tools/a.ts"), b"a").unwrap();
        assert_eq!(std::fs::read(root.join("src/tools/a.ts")).unwrap(), b"a");
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
