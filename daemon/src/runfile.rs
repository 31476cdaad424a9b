//! The runtime file: how the forwarding plugin and `beeuni tools call
//! --daemon` find a running daemon and its token without anyone copying it.
//!
//! `<runtime dir>/daemon-<project key>.json` (see [`crate::paths::runtime_dir`]),
//! mode 0600, `{"url", "token", "pid", "project"}`; removed when the daemon
//! stops cleanly.

use std::path::{Path, PathBuf};

use crate::paths;

/// Where the daemon of the project at `root` writes its runtime file.
pub fn path_for(root: &Path) -> Option<PathBuf> {
    Some(paths::runtime_dir()?.join(format!("daemon-{}.json", paths::project_key(root))))
}

pub fn write(root: &Path, url: &str, token: &str) -> anyhow::Result<PathBuf> {
    let path = path_for(root).ok_or_else(|| {
        anyhow::anyhow!(
            "no folder for the runtime file: set XDG_RUNTIME_DIR, HOME or BEEUNI_RUNTIME_DIR"
        )
    })?;
    let body = serde_json::json!({
        "url": url,
        "token": token,
        "pid": std::process::id(),
        "project": root.display().to_string(),
    });
    paths::write_private(&path, format!("{body:#}\n").as_bytes())
        .map_err(|e| anyhow::anyhow!("cannot write the runtime file {}: {e}", path.display()))?;
    Ok(path)
}

pub fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
}
