//! Bun is the oracle: every case in `tests/fixtures/parity/cases.json` runs
//! under `beeuni tools call` and under Bun (`bun bun-call.ts`, which calls
//! `execute` the way the runtime does), and what the model would read must
//! be the same bytes, with the same exit code. A case that differs on
//! purpose is listed in `known-differences.json` with its reason, and the
//! table of known differences in `docs/runtime.md` names it.

use std::path::{Path, PathBuf};
use std::process::Command;

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
        Command::new(env!("CARGO_BIN_EXE_beeuni"))
            // Unconfined, as Bun runs: the suite compares the APIs, and its
            // cases read and write a scratch folder outside the project,
            // which the sandbox (tests/daemon.rs checks it) refuses.
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

#[test]
fn every_case_reads_the_same_under_bun_and_beeuni() {
    let Some(bun) = test_support::bun(Path::new(env!("CARGO_MANIFEST_DIR"))) else {
        return;
    };
    let cases = read_json("cases.json");
    let known = read_json("known-differences.json");
    let known = known.as_object().unwrap();
    let mut failures = Vec::new();
    for case in cases.as_array().unwrap() {
        let name = case_name(case);
        let tool = case["tool"].as_str().unwrap();
        let (ours_dir, bun_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let ours_seen = ours(tool, &arguments(case, ours_dir.path()));
        let bun_seen = buns(&bun, tool, &arguments(case, bun_dir.path()));
        let differs = ours_seen != bun_seen;
        match (differs, known.get(&name)) {
            (false, None) => {}
            (true, Some(_)) => {}
            (true, None) => failures.push(format!(
                "{name}: differs from Bun\n--- bun (exit {})\n{}\n--- beeuni (exit {})\n{}",
                bun_seen.exit_code, bun_seen.stdout, ours_seen.exit_code, ours_seen.stdout
            )),
            (false, Some(_)) => failures.push(format!(
                "{name}: listed in known-differences.json but now matches Bun; remove it"
            )),
        }
    }
    let stray = project().join("pwned");
    assert!(!stray.exists(), "a hostile value ran a command");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_known_difference_is_in_the_runtime_docs() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/runtime.md"))
            .unwrap();
    let known = read_json("known-differences.json");
    for (case, reason) in known.as_object().unwrap() {
        let reason = reason.as_str().unwrap();
        assert!(
            readme.contains(reason),
            "known difference `{case}` has a reason the table in docs/runtime.md does not give: {reason}"
        );
    }
}
