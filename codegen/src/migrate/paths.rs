//! Paths of a migration: the new place of a moved file, the relative
//! specifier from one file to another, and lexical normalisation (no file
//! system access: the files may not exist yet).

use std::path::{Component, Path, PathBuf};

/// `a/./b/../c` → `a/c`. A `..` above the start is kept.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out: Vec<Component<'_>> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match out.last() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                _ => out.push(c),
            },
            c => out.push(c),
        }
    }
    out.iter().collect()
}

/// The specifier that reaches `target` from a file in `from_dir` (both
/// root-relative), `./`-prefixed as ES modules need.
pub fn specifier(from_dir: &Path, target: &Path) -> String {
    let from: Vec<_> = normalize(from_dir)
        .components()
        .map(|c| c.as_os_str().to_owned())
        .collect();
    let to: Vec<_> = normalize(target)
        .components()
        .map(|c| c.as_os_str().to_owned())
        .collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); from.len() - common];
    parts.extend(
        to[common..]
            .iter()
            .map(|p| p.to_string_lossy().into_owned()),
    );
    let joined = parts.join("/");
    if joined.starts_with("../") {
        joined
    } else {
        format!("./{joined}")
    }
}

/// A root-relative path as the manifest and the report write it.
pub fn shown(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifiers_between_folders() {
        assert_eq!(
            specifier(Path::new("tools"), Path::new("tools/utils.ts")),
            "./utils.ts"
        );
        assert_eq!(
            specifier(Path::new("tools"), Path::new("lib/api")),
            "../lib/api"
        );
        assert_eq!(
            specifier(
                Path::new("tools/sub"),
                Path::new("harnesses/opencode/x.json")
            ),
            "../../harnesses/opencode/x.json"
        );
        assert_eq!(normalize(Path::new("a/./b/../c")), PathBuf::from("a/c"));
    }
}
