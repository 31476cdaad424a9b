//! The runtime file: how the forwarding plugin and `beeuni tools call
//! --daemon` find a running daemon and its token without anyone copying it.
//!
//! `<runtime dir>/daemon-<project key>.json` (see [`crate::paths::runtime_dir`]),
//! mode 0600, `{"url", "token", "pid", "project"}`: the daemon clients find.
//! Each daemon also keeps its own copy, `daemon-<project key>.<pid>.json`,
//! so that two daemons on one project never delete each other's: a daemon
//! that stops removes its own copy, and the shared file only when it still
//! names this daemon, putting back the copy of another daemon of the
//! project that still runs (the newest) if there is one. Every change holds
//! `daemon-<project key>.lock`, so two daemons stopping at once agree.

use std::path::{Path, PathBuf};

use crate::paths;

/// Where the daemon of the project at `root` writes its runtime file.
pub fn path_for(root: &Path) -> Option<PathBuf> {
    Some(paths::runtime_dir()?.join(format!("daemon-{}.json", paths::project_key(root))))
}

/// This process's own copy of the runtime file at `shared`.
fn own_copy(shared: &Path, pid: u32) -> PathBuf {
    shared.with_extension(format!("{pid}.json"))
}

/// Writes the runtime file and this daemon's own copy; returns the path
/// clients read.
pub fn write(root: &Path, url: &str, token: &str) -> anyhow::Result<PathBuf> {
    let path = path_for(root).ok_or_else(|| {
        anyhow::anyhow!(
            "no folder for the runtime file: set XDG_RUNTIME_DIR, HOME or BEEUNI_RUNTIME_DIR"
        )
    })?;
    let pid = std::process::id();
    let body = serde_json::json!({
        "url": url,
        "token": token,
        "pid": pid,
        "project": root.display().to_string(),
    });
    let text = format!("{body:#}\n");
    let fail = |e: std::io::Error| {
        anyhow::anyhow!("cannot write the runtime file {}: {e}", path.display())
    };
    let _lock = lock(&path).map_err(fail)?;
    paths::write_private(&own_copy(&path, pid), text.as_bytes()).map_err(fail)?;
    paths::write_private(&path, text.as_bytes()).map_err(fail)?;
    Ok(path)
}

/// Removes this daemon's copy, and the shared file `path` when it is this
/// daemon's (then another running daemon's copy takes its place).
pub fn remove(path: &Path) {
    let pid = std::process::id();
    let Ok(_lock) = lock(path) else {
        let _ = std::fs::remove_file(own_copy(path, pid));
        return;
    };
    let _ = std::fs::remove_file(own_copy(path, pid));
    if pid_in(path) != Some(pid) {
        return;
    }
    match newest_running_copy(path) {
        Some(text) => {
            let _ = paths::write_private(path, text.as_bytes());
        }
        None => {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The `pid` a runtime file names.
fn pid_in(path: &Path) -> Option<u32> {
    let text = std::fs::read_to_string(path).ok()?;
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    value["pid"].as_u64().and_then(|p| u32::try_from(p).ok())
}

/// The text of the newest copy whose daemon still runs; the copies of
/// daemons that died without cleaning up are removed on the way.
fn newest_running_copy(shared: &Path) -> Option<String> {
    let dir = shared.parent()?;
    let stem = shared.file_stem()?.to_str()?;
    let mut copies: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let name = path.file_name()?.to_str()?;
            let pid = name
                .strip_prefix(stem)?
                .strip_prefix('.')?
                .strip_suffix(".json")?;
            pid.parse::<u32>().ok()?;
            let modified = std::fs::metadata(&path).ok()?.modified().ok()?;
            Some((modified, path))
        })
        .collect();
    copies.sort();
    while let Some((_, copy)) = copies.pop() {
        if pid_in(&copy).is_some_and(running) {
            return std::fs::read_to_string(&copy).ok();
        }
        let _ = std::fs::remove_file(&copy);
    }
    None
}

/// Whether a process `pid` exists (signal 0 checks without sending).
fn running(pid: u32) -> bool {
    let Ok(pid) = i32::try_from(pid) else {
        return false;
    };
    match nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None) {
        Ok(()) => true,
        // It exists, owned by someone else.
        Err(nix::errno::Errno::EPERM) => true,
        Err(_) => false,
    }
}

/// Holds `daemon-<key>.lock` beside `path` until the file is dropped.
fn lock(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let dir = path.parent().unwrap_or(Path::new("."));
    paths::private_dir(dir)?;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .open(path.with_extension("lock"))?;
    file.lock()?;
    Ok(file)
}
