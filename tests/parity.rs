//! Bun is the oracle: every case in `tests/fixtures/parity/cases.json` runs
//! under `beeuni tools call` and under Bun (`bun bun-call.ts`, which calls
//! `execute` the way the runtime does), and what the model would read must
//! be the same bytes, with the same exit code. A case that differs on
//! purpose is listed in `known-differences.json` with its reason, and the
//! table of known differences in `docs/runtime.md` names it.

#[path = "it/common/mod.rs"]
#[allow(dead_code)]
mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};

fn project() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/parity")
}

#[derive(Debug, PartialEq, Eq)]
struct Seen {
    exit_code: i32,
    stdout: String,
}

fn seen(command: &mut Command) -> Seen {
    let output = command
        .current_dir(project())
        .env("NO_COLOR", "1")
        .output()
        .expect("the command runs");
    Seen {
        exit_code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
    }
}

fn ours(tool: &str, args: &str) -> Seen {
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("parity-cache");
    seen(
        common::beeuni(&project())
            // Unconfined, as Bun runs: the suite compares the APIs, and its
            // cases read and write a scratch folder outside the project,
            // which the sandbox (tests/it/daemon.rs checks it) refuses.
            .args(["tools", "call", tool, "--args", args, "--sandbox", "off"])
            .env("BEEUNI_CACHE_DIR", cache),
    )
}

fn buns(bun: &Path, tool: &str, args: &str) -> Seen {
    seen(
        Command::new(bun)
            .args(["bun-call.ts", tool, args])
            .env("BUN_RUNTIME_TRANSPILER_CACHE_PATH", "0"),
    )
}

/// The case's arguments, with `$SCRATCH` replaced by a new empty folder.
fn arguments(case: &serde_json::Value, scratch: &Path) -> String {
    let args = case.get("args").cloned().unwrap_or(serde_json::json!({}));
    args.to_string()
        .replace("$SCRATCH", &scratch.display().to_string())
}

fn case_name(case: &serde_json::Value) -> String {
    let tool = case["tool"].as_str().unwrap();
    match case.get("args") {
        Some(args) => format!("{tool} {args}"),
        None => tool.to_string(),
    }
}

fn read_json(name: &str) -> serde_json::Value {
    let path = project().join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One case: the same bytes and exit code under both, unless it is a known
/// difference, which must still differ.
fn check(
    bun: &Path,
    case: &serde_json::Value,
    known: Option<&serde_json::Value>,
) -> Result<(), Failed> {
    let name = case_name(case);
    let tool = case["tool"].as_str().unwrap();
    let (ours_dir, bun_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let ours_seen = ours(tool, &arguments(case, ours_dir.path()));
    let bun_seen = buns(bun, tool, &arguments(case, bun_dir.path()));
    // The shell cases pass values that would write this file if a command
    // ran; cases run in parallel, so the one that did is among the last few.
    if project().join("pwned").exists() {
        return Err(format!("a hostile value ran a command (seen after {name})").into());
    }
    match (ours_seen != bun_seen, known) {
        (false, None) | (true, Some(_)) => Ok(()),
        (true, None) => Err(format!(
            "{name}: differs from Bun\n--- bun (exit {})\n{}\n--- beeuni (exit {})\n{}",
            bun_seen.exit_code, bun_seen.stdout, ours_seen.exit_code, ours_seen.stdout
        )
        .into()),
        (false, Some(_)) => Err(format!(
            "{name}: listed in known-differences.json but now matches Bun; remove it"
        )
        .into()),
    }
}

/// Every known difference names a case, and `docs/runtime.md`'s table
/// gives its reason.
fn known_differences_are_cases_and_documented(
    cases: &[serde_json::Value],
    known: &serde_json::Map<String, serde_json::Value>,
) -> Result<(), Failed> {
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/runtime.md"))
            .unwrap();
    let names: Vec<String> = cases.iter().map(case_name).collect();
    for (case, reason) in known {
        if !names.contains(case) {
            return Err(format!("known-differences.json names `{case}`, which is no case").into());
        }
        let reason = reason.as_str().unwrap();
        if !docs.contains(reason) {
            return Err(format!(
                "known difference `{case}` has a reason the table in docs/runtime.md does not give: {reason}"
            )
            .into());
        }
    }
    Ok(())
}

/// Each case is its own test, named as `known-differences.json` names it,
/// so `cargo test --test parity -- zlib` runs the zlib cases alone and the
/// cases run in parallel. Without Bun (outside CI) they are listed as
/// ignored, not passed.
fn main() -> ExitCode {
    let cases = read_json("cases.json").as_array().unwrap().clone();
    let known = read_json("known-differences.json")
        .as_object()
        .unwrap()
        .clone();
    let mut trials = vec![{
        let (cases, known) = (cases.clone(), known.clone());
        Trial::test("known_differences_are_cases_and_documented", move || {
            known_differences_are_cases_and_documented(&cases, &known)
        })
    }];
    let bun = test_support::bun(Path::new(env!("CARGO_MANIFEST_DIR")));
    let bun = Arc::new(bun);
    trials.extend(cases.into_iter().map(|case| {
        let name = case_name(&case);
        let known = known.get(&name).cloned();
        let ignored = bun.is_none();
        let bun = bun.clone();
        Trial::test(name, move || {
            let bun = bun.as_ref().as_ref().expect("ignored without bun");
            check(bun, &case, known.as_ref())
        })
        .with_ignored_flag(ignored)
    }));
    libtest_mimic::run(&Arguments::from_args(), trials).exit_code()
}
