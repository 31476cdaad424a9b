//! Where the daemon keeps what must stay outside the repository: the
//! secret store and the runtime file. Both are per project, keyed by the
//! project's canonical path, so two checkouts never share either.

use std::path::{Path, PathBuf};

fn var(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

fn home_dir(rest: &str) -> Option<PathBuf> {
    var("HOME").map(|home| home.join(rest))
}

/// `<folder name>-<first 16 hex digits of SHA-256 of the canonical path>`:
/// readable, and distinct for two checkouts with the same folder name.
pub fn project_key(root: &Path) -> String {
    use sha2::Digest;
    let real = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let digest = sha2::Sha256::digest(real.as_os_str().as_encoded_bytes());
    let name: String = real
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    format!("{name}-{}", &hex::encode(digest)[..16])
}

/// The folder of secret stores: `$BEEUNI_SECRETS_DIR`, else
/// `$XDG_CONFIG_HOME/beeuni/secrets`, else `~/.config/beeuni/secrets`.
pub fn secrets_dir() -> Option<PathBuf> {
    var("BEEUNI_SECRETS_DIR").or_else(|| {
        var("XDG_CONFIG_HOME")
            .map(|d| d.join("beeuni"))
            .or_else(|| home_dir(".config/beeuni"))
            .map(|d| d.join("secrets"))
    })
}

/// The folder of runtime files: `$BEEUNI_RUNTIME_DIR`, else
/// `$XDG_RUNTIME_DIR/beeuni`, else `~/.cache/beeuni/run`.
pub fn runtime_dir() -> Option<PathBuf> {
    var("BEEUNI_RUNTIME_DIR").or_else(|| {
        var("XDG_RUNTIME_DIR")
            .map(|d| d.join("beeuni"))
            .or_else(|| home_dir(".cache/beeuni/run"))
    })
}

/// Creates `dir` (and its parents) readable by the owner only.
pub fn private_dir(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

/// Writes `bytes` to `path` through a temporary file in the same folder and
/// a rename, with mode 0600: a reader sees the old file or the new one,
/// never a part, and never a moment when the file is readable by others.
pub fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    private_dir(dir)?;
    // tempfile creates its files with mode 0600.
    let mut file = tempfile::Builder::new()
        .prefix(".beeuni-")
        .tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}
