//! The floor `cargo xtask bench check` compares `beeuni validate` with: a
//! process that lists the module files under a project's `tools/` and `lib/`
//! and reads and parses each with swc on all cores
//! (`checker::module::parse_only`), and does nothing else — no contract,
//! no resolution, no git. It is built in release and run as its own process
//! so that both sides of the ratio pay for a process start.
//!
//! Usage: `parse_floor <project>`; prints how many files parsed cleanly.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(root) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: parse_floor <project>");
        return ExitCode::from(2);
    };
    let mut files = Vec::new();
    for dir in ["tools", "lib"] {
        if let Err(e) = collect(&root.join(dir), &mut files) {
            eprintln!("listing {}: {e}", root.join(dir).display());
            return ExitCode::from(2);
        }
    }
    let parsed = checker::module::parse_only(&files);
    println!("{parsed} of {} files parsed", files.len());
    ExitCode::SUCCESS
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            collect(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "ts") {
            files.push(path);
        }
    }
    Ok(())
}
