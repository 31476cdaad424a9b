//! One truth between `validate` and the runtime: every fixture project that
//! `beeuni validate` passes must also load under `beeuni validate --deep`,
//! which loads each module in the runtime. An import the runtime would
//! refuse (a built-in it lacks, a path alias it cannot follow) must already
//! be a `validate` error.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The example of `module/load-failed` exists to show an error only loading
/// can find (a module that throws while it is evaluated): it must fail.
const FAILS_TO_LOAD_ON_PURPOSE: &[&str] = &["tests/fixtures/codes/module/load-failed"];

fn projects() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut projects: Vec<PathBuf> = ["tests/fixtures", "examples"]
        .iter()
        .flat_map(|dir| walkdir::WalkDir::new(root.join(dir)))
        .filter_map(Result::ok)
        .filter(|entry| {
            entry.file_name() == "beeuni.yaml"
                && !entry
                    .path()
                    .components()
                    .any(|c| c.as_os_str() == "node_modules")
        })
        .filter_map(|entry| entry.path().parent().map(Path::to_path_buf))
        .collect();
    projects.sort();
    projects
}

fn validate(dir: &Path, deep: bool) -> (i32, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_beeuni"));
    command
        .arg("-C")
        .arg(dir)
        .args(["validate", "--color", "never"]);
    if deep {
        command.arg("--deep");
    }
    let output = command.env("NO_COLOR", "1").output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr),
    )
}

#[test]
fn every_project_validate_passes_also_loads_in_the_runtime() {
    let projects = projects();
    assert!(
        projects.len() > 40,
        "found only {} projects",
        projects.len()
    );
    let mut passed = 0;
    let mut failures = Vec::new();
    for project in &projects {
        if validate(project, false).0 != 0 {
            continue;
        }
        passed += 1;
        let on_purpose = FAILS_TO_LOAD_ON_PURPOSE
            .iter()
            .any(|dir| project.ends_with(dir));
        let (code, output) = validate(project, true);
        if on_purpose && !output.contains("error[module/load-failed]") {
            failures.push(format!(
                "{}: expected to fail to load\n{output}",
                project.display()
            ));
        } else if !on_purpose && code != 0 {
            failures.push(format!("{}:\n{output}", project.display()));
        }
    }
    assert!(passed >= 5, "only {passed} fixture projects pass validate");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
