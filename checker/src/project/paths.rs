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
    RepoPaths::new(root).check(declared)
}

/// Checks many paths of one repository, asking the file system about each
/// folder once: a project's thousand tools mostly share one `tools/` folder.
#[derive(Debug)]
pub struct RepoPaths<'a> {
    root: &'a Path,
    /// Whether each folder (relative to the root) is a symlink.
    folders: std::collections::HashMap<PathBuf, bool>,
}

impl<'a> RepoPaths<'a> {
    pub fn new(root: &'a Path) -> RepoPaths<'a> {
        RepoPaths {
            root,
            folders: std::collections::HashMap::new(),
        }
    }

    fn is_symlinked_folder(&mut self, folder: &Path) -> bool {
        if let Some(&known) = self.folders.get(folder) {
            return known;
        }
        let link = std::fs::symlink_metadata(self.root.join(folder))
            .is_ok_and(|m| m.file_type().is_symlink());
        self.folders.insert(folder.to_path_buf(), link);
        link
    }

    /// Like [`check_repo_path`].
    pub fn check(&mut self, declared: &str) -> Result<PathBuf, PathProblem> {
        let root = self.root;
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
        let Ok(metadata) = std::fs::symlink_metadata(&full) else {
            return Err(PathProblem::Missing);
        };
        // Only a symlink inside the repository can lead out of it; resolving every
        // path in full would cost a system call per component above the root too.
        let through_symlink = metadata.file_type().is_symlink()
            || normal
                .ancestors()
                .skip(1)
                .filter(|a| !a.as_os_str().is_empty())
                .any(|folder| self.is_symlinked_folder(folder));
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
