//! Repo-relative paths as the manifest writes them: the one check that a
//! path stays inside the repository, lexically and through symlinks.

use std::path::{Component, Path, PathBuf};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathProblem {
    /// `/etc/x.ts`, `C:\x.ts`
    Absolute,
    /// `../x.ts`, `tools/../../x.ts`
    ClimbsOut,
    /// The path exists inside the repository but resolves, through a symlink,
    /// to a place outside it.
    SymlinkOutside(PathBuf),
    Missing,
}

/// Checks `declared` (as written in a manifest) against `root`, and returns
/// the root-relative, normalised path when it is inside.
pub fn check_repo_path(root: &Path, declared: &str) -> Result<PathBuf, PathProblem> {
    let path = Path::new(declared);
    if path.is_absolute() || declared.starts_with('/') || declared.starts_with('\\') {
        return Err(PathProblem::Absolute);
    }
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => normal.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                if !normal.pop() {
                    return Err(PathProblem::ClimbsOut);
                }
            }
            Component::RootDir | Component::Prefix(_) => return Err(PathProblem::Absolute),
        }
    }
    let full = root.join(&normal);
    if std::fs::symlink_metadata(&full).is_err() {
        return Err(PathProblem::Missing);
    }
    // Only a symlink inside the repository can lead out of it; resolving every
    // path in full would cost a system call per component above the root too.
    let mut prefix = root.to_path_buf();
    let through_symlink = normal.components().any(|part| {
        prefix.push(part);
        std::fs::symlink_metadata(&prefix).is_ok_and(|m| m.file_type().is_symlink())
    });
    if !through_symlink {
        return Ok(normal);
    }
    match (full.canonicalize(), root.canonicalize()) {
        (Ok(real), Ok(real_root)) if !real.starts_with(&real_root) => {
            Err(PathProblem::SymlinkOutside(real))
        }
        // A dangling symlink exists as a link but names nothing.
        (Err(_), _) => Err(PathProblem::Missing),
        _ => Ok(normal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexical_escapes_and_symlinks() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("repo");
        std::fs::create_dir_all(root.join("tools")).unwrap();
        std::fs::write(root.join("tools/a.ts"), "").unwrap();
        std::fs::write(dir.path().join("outside.ts"), "").unwrap();
        assert_eq!(
            check_repo_path(&root, "tools/a.ts"),
            Ok(PathBuf::from("tools/a.ts"))
        );
        assert_eq!(
            check_repo_path(&root, "./tools/../tools/a.ts"),
            Ok(PathBuf::from("tools/a.ts"))
        );
        assert_eq!(
            check_repo_path(&root, "../outside.ts"),
            Err(PathProblem::ClimbsOut)
        );
        assert_eq!(
            check_repo_path(&root, "/etc/passwd"),
            Err(PathProblem::Absolute)
        );
        assert_eq!(
            check_repo_path(&root, "tools/b.ts"),
            Err(PathProblem::Missing)
        );
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("outside.ts"), root.join("tools/link.ts"))
                .unwrap();
            assert!(matches!(
                check_repo_path(&root, "tools/link.ts"),
                Err(PathProblem::SymlinkOutside(_))
            ));
        }
    }
}
