//! `cargo xtask`: the workspace's own chores, as verbs.
//!
//! - `ci`: what CI runs — formatting, clippy with warnings denied, every test,
//!   and a check that generated files are current.
//! - `codegen [--check]`: regenerate checked-in generated files.
//! - `bench check|runtime`: benchmarks that report ratios against references
//!   measured in the same run.

mod bench_check;
mod bench_runtime;
mod codegen;

use std::process::Command;

use anyhow::{Context, Result, bail};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    match args.first().map(String::as_str) {
        Some("ci") => ci(),
        Some("codegen") => codegen::run(rest.iter().any(|a| a == "--check")),
        Some("bench") => bench(rest),
        _ => {
            eprintln!("usage: cargo xtask <ci | codegen [--check] | bench <check|runtime>>");
            std::process::exit(2);
        }
    }
}

fn cargo(args: &[&str]) -> Result<()> {
    eprintln!("$ cargo {}", args.join(" "));
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(args)
        .status()
        .with_context(|| format!("running cargo {}", args.join(" ")))?;
    if !status.success() {
        bail!("cargo {} failed with {status}", args.join(" "));
    }
    Ok(())
}

fn ci() -> Result<()> {
    install_fixture_packages()?;
    cargo(&["fmt", "--all", "--", "--check"])?;
    codegen::run(true)?;
    cargo(&[
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ])?;
    cargo(&["test", "--workspace"])?;
    // The fuzz targets live outside the workspace (they build with sanitizer
    // flags on nightly); compiling them here makes a changed library API
    // break CI rather than the next fuzzing session.
    let fuzz = concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/Cargo.toml");
    cargo(&["check", "--locked", "--manifest-path", fuzz, "--bins"])?;
    Ok(())
}

/// The fixture projects that import npm packages (zod) keep a lockfile, not
/// their `node_modules`; install what is missing, as a session's checkout
/// would have it. `tests/sarif/` is the SARIF Multitool that `tests/sarif.rs`
/// runs, pinned the same way.
fn install_fixture_packages() -> Result<()> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let listed = Command::new("git")
        .args([
            "ls-files",
            "tests/fixtures/**/package-lock.json",
            "tests/sarif/package-lock.json",
        ])
        .current_dir(&root)
        .output()
        .context("running git ls-files (is git installed?)")?;
    for lock in String::from_utf8_lossy(&listed.stdout).lines() {
        let dir = root
            .join(lock)
            .parent()
            .map(std::path::Path::to_path_buf)
            .unwrap_or_default();
        if dir.join("node_modules").is_dir() {
            continue;
        }
        eprintln!("$ npm ci --prefix {}", dir.display());
        let status = Command::new("npm")
            .args([
                "ci",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                "--prefix",
            ])
            .arg(&dir)
            .status()
            .context("running npm ci (is npm installed?)")?;
        if !status.success() {
            bail!("npm ci in {} failed with {status}", dir.display());
        }
    }
    Ok(())
}

fn bench(args: &[String]) -> Result<()> {
    match args.first().map(String::as_str) {
        Some("check") => bench_check::run(&args[1..]),
        Some("runtime") => bench_runtime::run(),
        other => bail!("unknown benchmark {other:?}: cargo xtask bench <check|runtime>"),
    }
}
