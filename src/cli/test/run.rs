//! One test file in a fresh host: a small driver module imports the file
//! (which registers its tests with `bun:test`) and hands the runner to the
//! host as a tool; then the list of tests and each test are calls of that
//! tool, so each test runs under a call's deadline and limits, with the
//! box's environment, and its `console` output is its own.

use std::path::{Path, PathBuf};
use std::time::Duration;

use runtime::{CallContext, CallOutcome, ConsoleLine, Host, HostConfig};
use serde_json::{Value, json};

/// How the tests of a file are run.
#[derive(Debug, Clone)]
pub struct Options {
    /// A test's deadline unless it sets its own.
    pub timeout: Duration,
    /// Only tests whose full name matches this JS regular expression run.
    pub name_pattern: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Pass,
    Fail,
    Skip,
    Todo,
}

/// One test as it ran.
#[derive(Debug, Clone)]
pub struct TestReport {
    /// "describe > test".
    pub name: String,
    pub status: Status,
    pub duration: Duration,
    /// Why it failed: the error's message and where in the test file.
    pub error: Option<String>,
    pub expects: u64,
    pub console: Vec<ConsoleLine>,
}

/// One file: its tests, or why it could not run them all.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// From the project root.
    pub file: PathBuf,
    pub tests: Vec<TestReport>,
    /// The file did not load, or an `afterAll` hook failed.
    pub error: Option<String>,
}

/// The tool name the driver is loaded under.
const DRIVER: &str = "beeuni-test";

/// What a file's run says as it goes, so that a watcher can tell a test
/// that is slow from one stuck where the runtime cannot stop it.
#[derive(Debug)]
pub enum Progress {
    /// A test starts, with its deadline.
    Started {
        name: String,
        timeout: Duration,
    },
    Ended(TestReport),
}

/// Runs the tests of `file` (relative to `root`), telling `on_progress`
/// as each test starts and ends.
pub fn file(
    root: &Path,
    file: &Path,
    options: &Options,
    on_progress: &mut dyn FnMut(Progress),
) -> FileReport {
    let mut report = FileReport {
        file: file.to_path_buf(),
        tests: Vec::new(),
        error: None,
    };
    if let Err(error) = run_file(root, file, options, &mut report, on_progress) {
        report.error = Some(error);
    }
    report
}

fn run_file(
    root: &Path,
    file: &Path,
    options: &Options,
    report: &mut FileReport,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<(), String> {
    let absolute = root.join(file);
    let staged = tempfile::Builder::new()
        .prefix("beeuni-test-")
        .tempdir()
        .map_err(|e| format!("cannot make a temporary folder: {e}"))?;
    let driver = staged.path().join("driver.mjs");
    std::fs::write(&driver, driver_source(&absolute))
        .map_err(|e| format!("cannot write the test driver: {e}"))?;
    let mut config = HostConfig::new(root);
    config.box_env = ::daemon::secrets::box_env();
    config.transpile_cache = runtime::default_cache_dir();
    // Loading the file, listing its tests and the last afterAll hooks keep
    // a call's default deadline; each test gets its own below.
    // The runner's answers are read by this process, not by a model.
    config.limits.output_max_bytes = usize::MAX;
    config.limits.output_max_lines = usize::MAX;
    let mut host = Host::new(config).map_err(|e| e.to_string())?;
    host.load_tool(DRIVER, &driver)
        .map_err(|e| format!("the file did not load: {}", e.reason))?;
    let pattern = options.name_pattern.clone();
    let (listed, _) = call(&mut host, json!({"op": "list", "filter": pattern}), None)
        .map_err(|(message, _)| format!("its tests could not be listed: {message}"))?;
    let default_timeout = listed["defaultTimeout"]
        .as_u64()
        .map(Duration::from_millis)
        .unwrap_or(options.timeout);
    let tests = listed["tests"].as_array().cloned().unwrap_or_default();
    for (id, test) in tests.iter().enumerate() {
        let name = test["name"].as_str().unwrap_or_default().to_string();
        let status = match test["mode"].as_str() {
            Some("run") => None,
            Some("todo") => Some(Status::Todo),
            Some("filtered") => continue,
            _ => Some(Status::Skip),
        };
        let ran = match status {
            Some(status) => TestReport {
                name,
                status,
                duration: Duration::ZERO,
                error: None,
                expects: 0,
                console: Vec::new(),
            },
            None => {
                let timeout = test["timeout"]
                    .as_u64()
                    .map(Duration::from_millis)
                    .unwrap_or(default_timeout);
                on_progress(Progress::Started {
                    name: name.clone(),
                    timeout,
                });
                run_test(&mut host, id, name, &pattern, timeout, &absolute)
            }
        };
        report.tests.push(ran.clone());
        on_progress(Progress::Ended(ran));
    }
    match call(&mut host, json!({"op": "finish"}), None) {
        Ok((done, _)) if done["status"] == "fail" => Err(format!(
            "an afterAll hook failed: {}",
            error_text(&done["error"], &absolute)
        )),
        Ok(_) => Ok(()),
        Err((message, _)) => Err(format!("an afterAll hook failed: {message}")),
    }
}

fn run_test(
    host: &mut Host,
    id: usize,
    name: String,
    pattern: &Option<String>,
    timeout: Duration,
    file: &Path,
) -> TestReport {
    let request = json!({"op": "run", "id": id, "filter": pattern});
    let started = std::time::Instant::now();
    let (status, error, expects, console) = match call(host, request, Some(timeout)) {
        Ok((result, console)) if result["status"] == "pass" => {
            (Status::Pass, None, result["expects"].as_u64(), console)
        }
        Ok((result, console)) => (
            Status::Fail,
            Some(error_text(&result["error"], file)),
            result["expects"].as_u64(),
            console,
        ),
        // The call itself was stopped: its deadline or another limit.
        Err((message, console)) if started.elapsed() >= timeout => (
            Status::Fail,
            Some(format!(
                "this test timed out after {} ms ({message})",
                timeout.as_millis()
            )),
            None,
            console,
        ),
        Err((message, console)) => (Status::Fail, Some(message), None, console),
    };
    TestReport {
        name,
        status,
        duration: started.elapsed(),
        error,
        expects: expects.unwrap_or(0),
        console,
    }
}

type Answer = (Value, Vec<ConsoleLine>);

/// One call of the runner: its JSON answer and the console lines written,
/// or the message of the limit that stopped it.
fn call(
    host: &mut Host,
    request: Value,
    deadline: Option<Duration>,
) -> Result<Answer, (String, Vec<ConsoleLine>)> {
    let context = CallContext {
        session_id: "beeuni-test".into(),
        agent: "test".into(),
        env: ::daemon::secrets::box_env(),
        deadline,
    };
    let result = host.call(DRIVER, &request.to_string(), context);
    match result.outcome {
        CallOutcome::Ok(text) => serde_json::from_str(&text)
            .map(|value| (value, result.console.clone()))
            .map_err(|e| (format!("the runner answered {text:?}: {e}"), result.console)),
        CallOutcome::ToolError(message) => Err((message, result.console)),
    }
}

/// A failure as `bun test` shows it: the message, then the frames of the
/// stack that are in the test file.
fn error_text(error: &Value, file: &Path) -> String {
    let message = error["message"].as_str().unwrap_or("the test failed");
    let shown = file.to_string_lossy();
    let frames: Vec<String> = error["stack"]
        .as_str()
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|line| line.starts_with("at ") && line.contains(shown.as_ref()))
        .map(|line| format!("      {line}"))
        .collect();
    if frames.is_empty() {
        message.to_string()
    } else {
        format!("{message}\n\n{}", frames.join("\n"))
    }
}

/// The module loaded as the runner's tool: it imports the test file (so
/// its tests register) and passes each call to `bun:test`'s runner.
fn driver_source(test_file: &Path) -> String {
    let specifier = Value::String(test_file.to_string_lossy().into_owned());
    format!(
        "import bunTest from 'bun:test';\n\
         import {specifier};\n\
         const runner = bunTest[Symbol.for('beeuni.test.runner')];\n\
         export default {{\n  \
           description: 'Runs the tests of one file.',\n  \
           parameters: {{ type: 'object' }},\n  \
           execute: (args) => runner(args),\n\
         }};\n"
    )
}
