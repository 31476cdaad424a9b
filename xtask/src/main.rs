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
    Ok(())
}

fn bench(args: &[String]) -> Result<()> {
    match args.first().map(String::as_str) {
        Some("check") => bench_check::run(&args[1..]),
        Some("runtime") => bench_runtime::run(),
        other => bail!("unknown benchmark {other:?}: cargo xtask bench <check|runtime>"),
    }
}
