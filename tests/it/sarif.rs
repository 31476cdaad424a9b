//! `beeuni validate --format sarif` as a real consumer reads it: Microsoft's
//! SARIF Multitool (pinned in `tests/sarif/package.json`, installed by `cargo
//! xtask ci`) validates the SARIF of every fixture project and must find no
//! error and no warning.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The Multitool's entry script, or why it cannot run. Under CI (`CI=true`)
/// a missing tool fails the test; a local `cargo test` without `cargo xtask
/// ci`'s npm install says what it skipped instead.
fn multitool() -> Option<PathBuf> {
    let script = repo().join("tests/sarif/node_modules/@microsoft/sarif-multitool/bin.js");
    let node = Command::new("node").arg("--version").output();
    let missing = if !script.is_file() {
        Some(format!(
            "{} is missing: `cargo xtask ci` installs it (npm ci in tests/sarif)",
            script.display()
        ))
    } else if node.is_err() {
        Some("node is not installed".to_string())
    } else {
        None
    };
    test_support::external_tool("the SARIF Multitool", missing).then_some(script)
}

/// Every fixture project: the manifest and module fixtures and the code
/// reference's examples (one per code, some with no location at all).
fn fixture_projects() -> Vec<PathBuf> {
    let mut projects = Vec::new();
    for group in ["manifest", "modules"] {
        let dir = repo().join("tests/fixtures").join(group);
        for entry in std::fs::read_dir(&dir).unwrap() {
            projects.push(entry.unwrap().path());
        }
    }
    let codes = repo().join("tests/fixtures/codes");
    for scope in std::fs::read_dir(&codes).unwrap() {
        for entry in std::fs::read_dir(scope.unwrap().path()).unwrap() {
            projects.push(entry.unwrap().path());
        }
    }
    projects.sort();
    assert!(projects.len() > 60, "fixture projects: {projects:?}");
    projects
}

fn sarif_of(project: &Path) -> String {
    let output = crate::common::beeuni(project)
        .args(["validate", "--format", "sarif"])
        .env("BEEUNI_CACHE_DIR", "")
        .output()
        .expect("the beeuni binary runs");
    String::from_utf8(output.stdout).expect("SARIF is UTF-8")
}

/// The Multitool's findings of level error or warning, as `file: rule:
/// arguments` lines.
fn findings(script: &Path, dir: &Path) -> Vec<String> {
    let log = dir.join("validation.json");
    let output = Command::new("node")
        .arg(script)
        .args(["validate", "--output"])
        .arg(&log)
        .arg(dir.join("in"))
        .output()
        .expect("node runs the SARIF Multitool");
    assert!(
        output.status.success(),
        "the SARIF Multitool failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&log).expect("the Multitool writes its log");
    let log: serde_json::Value = serde_json::from_str(&text).unwrap();
    log["runs"][0]["results"]
        .as_array()
        .expect("a results list")
        .iter()
        // A result without a level is a warning (SARIF 3.27.10).
        .filter(|r| matches!(r["level"].as_str(), None | Some("error" | "warning")))
        .map(|r| {
            format!(
                "{}: {} {}",
                r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                r["ruleId"],
                r["message"]["arguments"]
            )
        })
        .collect()
}

#[test]
fn the_sarif_multitool_accepts_the_sarif_of_every_fixture_project() {
    let Some(script) = multitool() else { return };
    let projects = fixture_projects();
    // One log holding every project's run: the Multitool then starts once
    // (a file each costs it a third of a second apiece), and a finding names
    // its run, `runs[K]`, which is project K.
    let mut log: Option<serde_json::Value> = None;
    for project in &projects {
        let sarif: serde_json::Value = serde_json::from_str(&sarif_of(project))
            .unwrap_or_else(|e| panic!("the SARIF of {}: {e}", project.display()));
        let [run] = sarif["runs"].as_array().expect("runs").as_slice() else {
            panic!("one run per validate: {}", project.display())
        };
        match &mut log {
            None => log = Some(sarif.clone()),
            Some(log) => log["runs"].as_array_mut().unwrap().push(run.clone()),
        }
    }
    let log = log.unwrap();
    // A control the Multitool must reject, so a run that checks nothing
    // cannot pass: the relative `helpUri` this output once had.
    let mut control = log.clone();
    control["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"] =
        "README.md#manifest-not-found".into();

    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    std::fs::write(input.join("projects.sarif"), log.to_string()).unwrap();
    std::fs::write(input.join("control.sarif"), control.to_string()).unwrap();

    let findings = findings(&script, dir.path());
    let (control, ours): (Vec<_>, Vec<_>) =
        findings.iter().partition(|f| f.contains("control.sarif"));
    assert!(
        control.iter().any(|f| f.contains("SARIF1002")),
        "the Multitool did not flag the control file: {findings:#?}"
    );
    let runs: Vec<String> = projects
        .iter()
        .enumerate()
        .map(|(k, p)| format!("runs[{k}]: {}", p.display()))
        .collect();
    assert!(
        ours.is_empty(),
        "the SARIF Multitool's findings: {ours:#?}\nwhere {runs:#?}"
    );
}
