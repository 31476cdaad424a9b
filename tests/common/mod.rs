//! What the binary's integration tests share: running `beeuni` as a user
//! would, with its transpile cache kept out of the user's home.

use std::path::Path;
use std::process::Command;

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// `beeuni -C dir ARGS` with `NO_COLOR`, the cache in `cache` and `env` added.
pub fn beeuni_in(dir: &Path, args: &[&str], env: &[(&str, &str)], cache: &Path) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_beeuni"));
    command
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .env("BEEUNI_CACHE_DIR", cache);
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.output().expect("the beeuni binary runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Fails with the whole text when `needle` is not in it.
#[track_caller]
pub fn assert_contains(text: &str, needle: &str) {
    assert!(text.contains(needle), "{needle:?} is not in:\n{text}");
}
