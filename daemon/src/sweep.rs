//! Removing what calls and workers leave in the system's temp folder.
//!
//! A spilled output (`beeuni-tool-output-*.txt`, SPEC 5) is kept on purpose:
//! the model is handed its path and may read it later in the session. The
//! hosted sources a worker stages (`beeuni-hosted-*/`) are read once, when
//! it loads its tools, and stay behind when a worker is killed. Neither is
//! useful for long, so the daemon removes both once they are
//! [`MAX_AGE`] old: at start and then every [`EVERY`], so each is gone
//! between one day and one day and an hour after it was written. Only the
//! user's own entries are touched, and a symbolic link is never followed.

use std::path::Path;
use std::time::{Duration, SystemTime};

/// How long a spilled output or a staged folder is kept.
pub const MAX_AGE: Duration = Duration::from_secs(24 * 60 * 60);

/// How often the temp folder is swept.
pub const EVERY: Duration = Duration::from_secs(60 * 60);

/// What the daemon leaves in the temp folder: (name prefix, suffix, a folder).
const LEFT_BEHIND: &[(&str, &str, bool)] = &[
    ("beeuni-tool-output-", ".txt", false),
    ("beeuni-hosted-", "", true),
];

/// Sweeps the temp folder now and every [`EVERY`], until the daemon ends.
pub async fn run() {
    let dir = std::env::temp_dir();
    let mut every = tokio::time::interval(EVERY);
    loop {
        every.tick().await;
        let dir = dir.clone();
        let removed =
            tokio::task::spawn_blocking(move || sweep(&dir, SystemTime::now(), MAX_AGE)).await;
        if let Ok(removed) = removed
            && removed > 0
        {
            tracing::info!(
                "[daemon] removed {removed} spilled outputs and staged folders older than a day from the temp folder"
            );
        }
    }
}

/// Removes from `dir` what [`LEFT_BEHIND`] names, when last changed more
/// than `max_age` before `now`; returns how many entries went.
pub fn sweep(dir: &Path, now: SystemTime, max_age: Duration) -> usize {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let me = nix::unistd::geteuid().as_raw();
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(&(_, _, folder)) = LEFT_BEHIND
            .iter()
            .find(|(prefix, suffix, _)| name.starts_with(prefix) && name.ends_with(suffix))
        else {
            continue;
        };
        // `symlink_metadata`: a link named like ours is left alone.
        let Ok(metadata) = std::fs::symlink_metadata(entry.path()) else {
            continue;
        };
        let kind_fits = if folder {
            metadata.is_dir()
        } else {
            metadata.is_file()
        };
        let old = metadata
            .modified()
            .ok()
            .and_then(|modified| now.duration_since(modified).ok())
            .is_some_and(|age| age > max_age);
        if !kind_fits || !old || metadata.uid() != me {
            continue;
        }
        let gone = if folder {
            std::fs::remove_dir_all(entry.path())
        } else {
            std::fs::remove_file(entry.path())
        };
        if gone.is_ok() {
            removed += 1;
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn age(path: &Path, by: Duration) {
        let file = std::fs::File::open(path).unwrap();
        file.set_modified(SystemTime::now() - by).unwrap();
    }

    #[test]
    fn old_outputs_and_staged_folders_go_and_everything_else_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = |name: &str| dir.path().join(name);
        let day = Duration::from_secs(24 * 60 * 60);
        std::fs::write(path("beeuni-tool-output-old.txt"), "x").unwrap();
        std::fs::write(path("beeuni-tool-output-new.txt"), "x").unwrap();
        std::fs::write(path("someone-else.txt"), "x").unwrap();
        std::fs::create_dir(path("beeuni-hosted-old")).unwrap();
        std::fs::write(path("beeuni-hosted-old/memory.ts"), "x").unwrap();
        std::fs::create_dir(path("beeuni-hosted-new")).unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("keep.txt"), "x").unwrap();
        std::os::unix::fs::symlink(outside.path(), path("beeuni-hosted-link")).unwrap();
        for old in [
            "beeuni-tool-output-old.txt",
            "someone-else.txt",
            "beeuni-hosted-old",
        ] {
            age(&path(old), day * 2);
        }
        assert_eq!(sweep(dir.path(), SystemTime::now(), day), 2);
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "beeuni-hosted-link",
                "beeuni-hosted-new",
                "beeuni-tool-output-new.txt",
                "someone-else.txt"
            ]
        );
        assert!(outside.path().join("keep.txt").exists());
    }
}
