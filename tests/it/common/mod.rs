//! What the binary's tests share: the one way they start `beeuni`, as a
//! user would, with its transpile cache kept out of the user's home. The
//! standalone suites (`parity`, `consistency`, `code_examples`,
//! `closed_pipe`) include this file by path.

use std::path::Path;
use std::process::Command;

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// `beeuni -C dir`, uncoloured, with its transpile cache in a folder of the
/// build's (`BEEUNI_CACHE_DIR`, which a caller may set again): every test
/// starts the binary through this, adding its arguments and environment.
pub fn beeuni(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_beeuni"));
    command.arg("-C").arg(dir).env("NO_COLOR", "1").env(
        "BEEUNI_CACHE_DIR",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("beeuni-cache"),
    );
    command
}

/// `beeuni -C dir ARGS` with the cache in `cache` and `env` added.
pub fn beeuni_in(dir: &Path, args: &[&str], env: &[(&str, &str)], cache: &Path) -> Run {
    let mut command = beeuni(dir);
    command.args(args).env("BEEUNI_CACHE_DIR", cache);
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
