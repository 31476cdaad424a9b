//! `beeuni tools call NAME --daemon`: the call goes to the project's running
//! daemon, found through its runtime file, and prints and exits as a local
//! call does.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Stdio};

use crate::common::{Run, assert_contains, beeuni_in};
use test_support::copy_tree;

struct Daemon(Child);

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_daemon(project: &Path, run_dir: &Path, cache: &Path) -> Daemon {
    let mut child = crate::common::beeuni(project)
        .args(["daemon", "--workers", "1", "--no-plugin", "--no-watch"])
        .env_remove("BEEUNI_DAEMON_TOKEN")
        .env("BEEUNI_RUNTIME_DIR", run_dir)
        .env("BEEUNI_SECRETS_DIR", run_dir.join("secrets"))
        .env("BEEUNI_CACHE_DIR", cache)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("beeuni daemon listening on "), "{line:?}");
    Daemon(child)
}

#[test]
fn a_call_sent_to_the_daemon_prints_and_exits_as_a_local_call() {
    let scratch = tempfile::tempdir().unwrap();
    let project = scratch.path().join("shop");
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/daemon/project"),
        &project,
    );
    let run_dir = scratch.path().join("run");
    let cache = scratch.path().join("cache");
    let env = [
        ("BEEUNI_RUNTIME_DIR", run_dir.to_str().unwrap()),
        ("BEEUNI_DAEMON_URL", ""),
        ("BEEUNI_DAEMON_TOKEN", ""),
    ];
    let call = |args: &[&str]| -> Run {
        let mut all = vec!["tools", "call"];
        all.extend_from_slice(args);
        all.push("--daemon");
        beeuni_in(&project, &all, &env, &cache)
    };

    let none = call(&["echo", "--args", r#"{"text":"hi"}"#]);
    assert_eq!(none.code, 2);
    assert_contains(&none.stderr, "no daemon is running for this project");

    let _daemon = start_daemon(&project, &run_dir, &cache);
    let echoed = call(&["echo", "--args", r#"{"text":"hi"}"#, "--session", "s-9"]);
    assert_eq!(
        (echoed.code, echoed.stdout.as_str()),
        (0, "hi (agent beeuni, session s-9)\n"),
        "{}",
        echoed.stderr
    );
    let thrown = call(&["fails"]);
    assert_eq!(
        (thrown.code, thrown.stdout.as_str()),
        (1, "the order service is down\n")
    );
    let denied = call(&["slow", "--agent", "reader"]);
    assert_eq!(denied.code, 1);
    assert_contains(&denied.stderr, "may not call `slow`");
    let missing = call(&["nope"]);
    assert_eq!(missing.code, 2);
    assert_eq!(missing.stderr, "error: no tool named nope is loaded\n");
}

/// boa's parser and compiler, and swc's stripping of TypeScript, recurse
/// once per nesting level of a module. A module nested a few hundred levels
/// deep (`validate` lets 2,000 through) overflowed the stack the engine's
/// thread had, which aborts the whole process, in a local call and in a
/// daemon's worker alike; it must run in both.
#[test]
fn a_deeply_nested_module_runs_in_a_local_call_and_in_the_daemon() {
    let scratch = tempfile::tempdir().unwrap();
    let project = scratch.path().join("deep");
    std::fs::create_dir_all(project.join("tools")).unwrap();
    std::fs::write(
        project.join("beeuni.yaml"),
        "tools:\n  deep: tools/deep.ts\n",
    )
    .unwrap();
    let depth = 300;
    let nested = format!("{}0{}", "[".repeat(depth), "]".repeat(depth));
    std::fs::write(
        project.join("tools/nested.cjs"),
        format!("module.exports = () => {nested};\n"),
    )
    .unwrap();
    std::fs::write(
        project.join("tools/deep.ts"),
        format!(
            "import nested from './nested.cjs';\n\
             const typed: unknown[] = {nested};\n\
             function depth(value: unknown): number {{\n\
             \x20 let d = 0;\n\
             \x20 while (Array.isArray(value)) {{ value = value[0]; d++; }}\n\
             \x20 return d;\n\
             }}\n\
             export default {{\n\
             \x20 description: 'Measures two deeply nested literals.',\n\
             \x20 parameters: {{ type: 'object', properties: {{}} }},\n\
             \x20 execute: () => `${{depth(nested())}} and ${{depth(typed)}} levels`,\n\
             }};\n"
        ),
    )
    .unwrap();
    let run_dir = scratch.path().join("run");
    let cache = scratch.path().join("cache");
    let env = [
        ("BEEUNI_RUNTIME_DIR", run_dir.to_str().unwrap()),
        ("BEEUNI_DAEMON_URL", ""),
        ("BEEUNI_DAEMON_TOKEN", ""),
    ];
    let expected = format!("{depth} and {depth} levels\n");

    let local = beeuni_in(&project, &["tools", "call", "deep"], &env, &cache);
    assert_eq!(
        (local.code, local.stdout.as_str()),
        (0, expected.as_str()),
        "{}",
        local.stderr
    );
    let _daemon = start_daemon(&project, &run_dir, &cache);
    let served = beeuni_in(
        &project,
        &["tools", "call", "deep", "--daemon"],
        &env,
        &cache,
    );
    assert_eq!(
        (served.code, served.stdout.as_str()),
        (0, expected.as_str()),
        "{}",
        served.stderr
    );
}
