//! One truth between `validate` and the runtime: every fixture project that
//! `beeuni validate` passes must also load under `beeuni validate --deep`,
//! which loads each module in the runtime. An import the runtime would
//! refuse (a built-in it lacks, a path alias it cannot follow) must already
//! be a `validate` error.

#[path = "it/common/mod.rs"]
#[allow(dead_code)]
mod common;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use libtest_mimic::{Arguments, Failed, Trial};

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
    let mut command = common::beeuni(dir);
    command.args(["validate", "--color", "never"]);
    if deep {
        command.arg("--deep");
    }
    let output = command.output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr),
    )
}

/// One project: if `validate` passes it, `validate --deep` must too (or,
/// for an example that fails to load on purpose, report that). The bundled
/// examples must pass `validate` in the first place.
fn check(project: &Path) -> Result<(), Failed> {
    let (code, output) = validate(project, false);
    if code != 0 {
        if project.starts_with(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples")) {
            return Err(format!("the bundled example fails validate:\n{output}").into());
        }
        return Ok(());
    }
    let on_purpose = FAILS_TO_LOAD_ON_PURPOSE
        .iter()
        .any(|dir| project.ends_with(dir));
    let (code, output) = validate(project, true);
    if on_purpose && !output.contains("error[module/load-failed]") {
        return Err(format!("expected to fail to load\n{output}").into());
    }
    if !on_purpose && code != 0 {
        return Err(format!("validate passes, validate --deep does not:\n{output}").into());
    }
    Ok(())
}

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let projects = projects();
    let count = projects.len();
    let mut trials = vec![Trial::test(
        "the_fixture_set_holds_every_project",
        move || match count > 40 {
            true => Ok(()),
            false => Err(format!("found only {count} projects").into()),
        },
    )];
    trials.extend(projects.into_iter().map(|project| {
        let name = project
            .strip_prefix(root)
            .unwrap_or(&project)
            .display()
            .to_string();
        Trial::test(name, move || check(&project))
    }));
    libtest_mimic::run(&Arguments::from_args(), trials).exit_code()
}
