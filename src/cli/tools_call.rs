//! `beeuni tools call NAME`: runs one tool the way a session would, and
//! prints what the model would read.
//!
//! Owns finding the tool in the project's tool set (a module of the project,
//! or the hosted source of a `beeuni:<name>` tool), refusing a tool the agent
//! may not call, argument handling (`--args`, `--args-file`), the call context
//! built from the command line, and the exit codes: 0 when the tool returned,
//! 1 when it threw (or was stopped by a limit) or the agent may not call it, 2
//! for a usage error or a tool that is not loaded or did not load.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use checker::project::{Harness, may_call, universe};
use runtime::{CallContext, CallOutcome, Host, HostConfig};

use super::project::load_or_report;
use super::{EXIT_INTERNAL, EXIT_PROBLEMS};

/// Run one tool once.
#[derive(Debug, Clone, clap::Args)]
pub struct CallArgs {
    /// The tool's name, as declared under `tools:`.
    pub name: String,
    /// The arguments, as a JSON object.
    #[arg(long, value_name = "JSON", conflicts_with = "args_file")]
    pub args: Option<String>,
    /// Read the arguments (a JSON object) from this file.
    #[arg(long, value_name = "FILE")]
    pub args_file: Option<PathBuf>,
    /// The agent the call runs for (`context.agent`).
    #[arg(long, value_name = "A", default_value = "beeuni")]
    pub agent: String,
    /// The session id passed as `context.sessionId`.
    #[arg(long, value_name = "S", default_value = "cli")]
    pub session: String,
    /// Stop the call after this many seconds (default 120).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
}

/// Finds `args.name` in the project found from `start` and calls it once.
pub fn run(start: &Path, args: &CallArgs) -> ExitCode {
    let (project, _, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let tool_set = project.tool_set();
    let Some(tool) = tool_set.get(&args.name) else {
        // SPEC 6's wording for a tool that is not loaded.
        eprintln!("error: no tool named {} is loaded", args.name);
        eprintln!("help: `beeuni tools ls` lists the tools this project loads");
        return ExitCode::from(EXIT_INTERNAL);
    };
    if let Some(agent) = project.agent(&args.agent) {
        // The experimental harness calls modules in process; its rules decide.
        let harness = Harness::Experimental;
        if !may_call(
            &agent.tools,
            &tool.name,
            &universe(tool_set, harness),
            harness,
        ) {
            eprintln!(
                "error: agent `{}` may not call `{}`: its `tools` hides it",
                agent.name, tool.name
            );
            return ExitCode::from(EXIT_PROBLEMS);
        }
    }
    match &tool.module {
        Some(module) => run_module(&project.root, module, args),
        None => run_hosted(&project.root, &tool.name, args),
    }
}

/// A `beeuni:<name>` tool runs from the source shipped in the binary, the
/// same bytes `tools eject` writes.
fn run_hosted(project_root: &Path, name: &str, args: &CallArgs) -> ExitCode {
    let Some(source) = runtime::hosted::source(name) else {
        return ExitCode::from(EXIT_INTERNAL);
    };
    let staged = tempfile::Builder::new()
        .prefix("beeuni-hosted-")
        .tempdir()
        .and_then(|dir| {
            let path = dir.path().join(format!("{name}.ts"));
            std::fs::write(&path, source).map(|()| (dir, path))
        });
    match staged {
        Ok((_dir, path)) => run_module(project_root, &path, args),
        Err(e) => {
            eprintln!("error: cannot stage the hosted source of {name}: {e}");
            ExitCode::from(EXIT_INTERNAL)
        }
    }
}

/// Loads `module_path` (relative to `project_root`, or absolute) as the tool `args.name`, calls it once,
/// prints the result on stdout and the tool's console output on stderr.
fn run_module(project_root: &Path, module_path: &Path, args: &CallArgs) -> ExitCode {
    match call(project_root, module_path, args) {
        Ok(code) => code,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "error: {message}");
            ExitCode::from(2)
        }
    }
}

fn call(project_root: &Path, module_path: &Path, args: &CallArgs) -> Result<ExitCode, String> {
    let args_json = arguments(args)?;
    let deadline = match args.timeout {
        None => None,
        Some(seconds) if seconds.is_finite() && seconds > 0.0 => {
            Some(Duration::from_secs_f64(seconds))
        }
        Some(seconds) => {
            return Err(format!(
                "--timeout must be a positive number of seconds, got {seconds}"
            ));
        }
    };
    let mut config = HostConfig::new(project_root);
    config.transpile_cache = runtime::default_cache_dir();
    if let Some(deadline) = deadline {
        config.limits.deadline = deadline;
    }
    let box_env = config.box_env.clone();
    let mut host = Host::new(config).map_err(|e| e.to_string())?;
    // Relative to the project directory, which `Host` resolves.
    host.load_tool(&args.name, module_path)
        .map_err(|e| format!("tool {} did not load: {}", args.name, e.reason))?;
    let context = CallContext {
        session_id: args.session.clone(),
        agent: args.agent.clone(),
        // The local stand-in: the box environment as it is now. Secrets for
        // the agent are added by the caller once the secret store exists.
        env: box_env,
        deadline,
    };
    let result = host.call(&args.name, &args_json, context);
    let mut stderr = std::io::stderr().lock();
    for line in &result.console {
        let _ = writeln!(stderr, "[console.{}] {}", line.level, line.text);
    }
    let mut stdout = std::io::stdout().lock();
    match result.outcome {
        CallOutcome::Ok(text) => {
            let _ = writeln!(stdout, "{text}");
            Ok(ExitCode::SUCCESS)
        }
        CallOutcome::ToolError(message) => {
            let _ = writeln!(stdout, "{message}");
            let _ = writeln!(
                stderr,
                "error: tool {} threw after {:.0?}",
                args.name, result.elapsed
            );
            Ok(ExitCode::from(1))
        }
    }
}

/// The arguments as JSON text, checked to be an object.
fn arguments(args: &CallArgs) -> Result<String, String> {
    let text = match (&args.args, &args.args_file) {
        (Some(json), _) => json.clone(),
        (None, Some(file)) => std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read --args-file {}: {e}", file.display()))?,
        (None, None) => "{}".to_string(),
    };
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Object(_)) => Ok(text),
        Ok(other) => Err(format!("the arguments must be a JSON object, got {other}")),
        Err(e) => Err(format!("the arguments are not valid JSON: {e}")),
    }
}
