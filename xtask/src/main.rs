//! `cargo xtask`: the workspace's own chores, as verbs.
//!
//! - `ci`: what CI runs — formatting, clippy with warnings denied, every test,
//!   a check that generated files are current, no unused dependency
//!   (cargo-machete), and biome over the runtime's JS prelude.
//! - `js [--write]`: biome, format and lint, over the runtime's JS prelude.
//! - `codegen [--check]`: regenerate checked-in generated files.
//! - `bench check|runtime|daemon|packages`: benchmarks that report ratios against references
//!   measured in the same run; `bench daemon --faults` is the daemon's
//!   load-and-faults run at full counts.
//! - `node-tests PATH`: Node's own `test/parallel` files for the modules the
//!   runtime provides, under a reference Node and under `beeuni tools call`.

mod bench_check;
mod bench_daemon;
mod bench_packages;
mod bench_runtime;
mod codegen;
mod js;
mod node_tests;

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};

/// The workspace's own chores.
#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    command: Task,
}

#[derive(Subcommand)]
enum Task {
    /// What CI runs: formatting, generated files, clippy, every test, unused
    /// dependencies, and biome over the JS prelude.
    Ci,
    /// Regenerate the checked-in generated files.
    Codegen {
        /// Fail if a generated file is stale instead of writing it.
        #[arg(long)]
        check: bool,
    },
    /// Format and lint the runtime's JS prelude with biome.
    Js {
        /// Format the files and apply biome's safe fixes.
        #[arg(long)]
        write: bool,
    },
    /// Benchmarks that report ratios against references measured in the same run.
    #[command(subcommand)]
    Bench(Bench),
    /// Node's own test files for the provided modules, under a reference
    /// Node and under `beeuni tools call`: the pass rate per module and each
    /// failure's first error.
    NodeTests(node_tests::Options),
}

#[derive(Subcommand)]
enum Bench {
    /// `beeuni validate` against a parse-only floor and the peers.
    Check(bench_check::Options),
    /// Cold `beeuni tools call` against node and bun.
    Runtime,
    /// `beeuni daemon` under wrk against Bun and Node daemons and an axum
    /// floor; with `--faults`, under 100,000 calls mixed with faults.
    Daemon(bench_daemon::Options),
    /// Realistic work on popular npm packages under `beeuni tools call` and Bun.
    Packages(bench_packages::Options),
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Task::Ci => ci(),
        Task::Codegen { check } => codegen::run(check),
        Task::Js { write } => js::run(write),
        Task::Bench(Bench::Check(options)) => bench_check::run(options),
        Task::Bench(Bench::Runtime) => bench_runtime::run(),
        Task::Bench(Bench::Daemon(options)) => bench_daemon::run(options),
        Task::Bench(Bench::Packages(options)) => bench_packages::run(options),
        Task::NodeTests(options) => node_tests::run(options),
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
    install_opencode()?;
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
    let fuzz = workspace_root().join("fuzz/Cargo.toml");
    let fuzz = fuzz.to_str().context("the workspace path is UTF-8")?;
    cargo(&["check", "--locked", "--manifest-path", fuzz, "--bins"])?;
    unused_dependencies()?;
    js::run(false)?;
    Ok(())
}

/// Fails on a dependency no code uses. cargo-machete reads the sources, so
/// it needs no build; `--with-metadata` lets it see a library renamed by its
/// package (`beeuni-checker` is `checker`).
fn unused_dependencies() -> Result<()> {
    if which::which("cargo-machete").is_err() {
        cargo(&["install", "cargo-machete", "--locked", "--version", "0.9.2"])?;
    }
    // Run directly: started as `cargo machete` by the `cargo` that runs
    // xtask, it reads its subcommand name as a folder to scan.
    let root = workspace_root();
    eprintln!("$ cargo-machete --with-metadata");
    let status = Command::new("cargo-machete")
        .arg("--with-metadata")
        .current_dir(&root)
        .status()
        .context("running cargo-machete")?;
    if !status.success() {
        bail!("cargo-machete found unused dependencies (or failed): {status}");
    }
    Ok(())
}

/// The fixture projects that import npm packages (zod) keep a lockfile, not
/// their `node_modules`; install what is missing, as a session's checkout
/// would have it. `tests/sarif/` is the SARIF Multitool that `tests/it/sarif.rs`
/// runs, and `tests/typecheck/` the compiler and opencode's plugin types that
/// `tests/it/plugin.rs` checks the golden plugins with, and `tests/mcp/` the MCP
/// clients `tests/it/mcp.rs` drives, pinned the same way.
fn install_fixture_packages() -> Result<()> {
    let root = workspace_root();
    let listed = Command::new("git")
        .args([
            "ls-files",
            "tests/fixtures/**/package-lock.json",
            "tests/sarif/package-lock.json",
            "tests/typecheck/package-lock.json",
            "tests/mcp/package-lock.json",
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
        npm_ci(&dir)?;
    }
    Ok(())
}

/// The opencode release `tests/opencode.rs` runs for real. Its npm package
/// pulls two platform binaries of about 185 MB, so it is installed once into
/// a cache outside the clone (`$BEEUNI_OPENCODE_DIR`, else
/// `~/.cache/beeuni-tools/opencode-<version>`), and only when missing.
fn install_opencode() -> Result<()> {
    const PACKAGE: &str = "opencode-ai@1.18.33";
    let dir = cache_dir("BEEUNI_OPENCODE_DIR", "opencode-1.18.33")?;
    if dir.join("node_modules/.bin/opencode").exists() {
        return Ok(());
    }
    npm_install_into(&dir, PACKAGE)
}

/// A cache folder outside the clone: `$ENV` if set, else
/// `~/.cache/beeuni-tools/NAME`.
pub(crate) fn cache_dir(env: &str, name: &str) -> Result<std::path::PathBuf> {
    match std::env::var_os(env) {
        Some(dir) => Ok(std::path::PathBuf::from(dir)),
        None => {
            let home = std::env::var_os("HOME").context("HOME is not set")?;
            Ok(std::path::Path::new(&home)
                .join(".cache/beeuni-tools")
                .join(name))
        }
    }
}

/// `npm install --prefix DIR PACKAGE`, creating DIR first.
pub(crate) fn npm_install_into(dir: &std::path::Path, package: &str) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    eprintln!("$ npm install --prefix {} {package}", dir.display());
    let status = Command::new("npm")
        .args([
            "install",
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
            "--prefix",
        ])
        .arg(dir)
        .arg(package)
        .status()
        .context("running npm install (is npm installed?)")?;
    if !status.success() {
        bail!("npm install {package} failed with {status}");
    }
    Ok(())
}

/// `npm ci` in `dir` unless its `node_modules` is already there.
pub(crate) fn npm_ci(dir: &std::path::Path) -> Result<()> {
    if dir.join("node_modules").is_dir() {
        return Ok(());
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
        .arg(dir)
        .status()
        .context("running npm ci (is npm installed?)")?;
    if !status.success() {
        bail!("npm ci in {} failed with {status}", dir.display());
    }
    Ok(())
}

/// The workspace, as `cargo xtask` (`cargo run`) says at run time. Not
/// `env!`: builds share a target folder across checkouts, and cargo reuses an
/// xtask binary built in another checkout, whose compiled-in path would
/// point there.
pub fn workspace_root() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}
