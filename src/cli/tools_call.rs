//! `beeuni tools call NAME`: runs one tool the way a session would, and
//! prints what the model would read.
//!
//! Owns finding the tool in the project's tool set (a module of the project,
//! or the hosted source of a `beeuni:<name>` tool), refusing a tool the agent
//! may not call, argument handling (`--args`, `--args-file`), the call context
//! built from the command line (`context.env` with the agent's secrets, as
//! the daemon builds it), the deadline, and the exit codes: 0 when the tool
//! returned, 1 when it threw (or was stopped by a limit or its deadline) or
//! the agent may not call it, 2 for a usage error or a tool that is not
//! loaded or did not load.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

use ::daemon::secrets::{self, Store};
use checker::project::Harness;
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
    /// Stop the call after this many seconds (default 120). With --daemon,
    /// how long to wait for the daemon, whose own deadline applies.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Send the call to the project's running daemon instead of running it here.
    #[arg(long)]
    pub daemon: bool,
    /// Confine the tool as a daemon worker does: `off`, `best-effort`
    /// (Landlock where the kernel has it) or `required`.
    #[arg(long, value_name = "LEVEL", default_value = "best-effort")]
    pub sandbox: runtime::sandbox::Level,
}

/// Finds `args.name` in the project found from `start` and calls it once.
pub fn run(start: &Path, args: &CallArgs) -> ExitCode {
    let (project, _, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    if args.daemon {
        return match (arguments(args), deadline(args)) {
            (Ok(json), Ok(limit)) => super::tools_call_daemon::call(
                &project.root,
                &args.name,
                &json,
                &args.agent,
                &args.session,
                limit.unwrap_or(DEFAULT_DEADLINE) + BLOCKED_GRACE,
            ),
            (Err(message), _) | (_, Err(message)) => {
                eprintln!("error: {message}");
                ExitCode::from(EXIT_INTERNAL)
            }
        };
    }
    let tool_set = project.tool_set();
    let Some(tool) = tool_set.get(&args.name) else {
        // SPEC 6's wording for a tool that is not loaded.
        eprintln!("error: no tool named {} is loaded", args.name);
        eprintln!("help: `beeuni tools ls` lists the tools this project loads");
        return ExitCode::from(EXIT_INTERNAL);
    };
    // The experimental harness calls modules in process; its rules decide.
    // An agent beeuni.yaml does not configure gets the default rule (every tool).
    if !project
        .tools_seen_by(&args.agent, None, Harness::Experimental)
        .contains(&tool.name)
    {
        eprintln!(
            "error: agent `{}` may not call `{}`: its `tools` hides it",
            args.agent, tool.name
        );
        return ExitCode::from(EXIT_PROBLEMS);
    }
    let env = match Store::for_project(&project.root).and_then(|store| {
        secrets::context_env(
            &secrets::box_env(),
            &store,
            &project.secrets_rule(&args.agent),
        )
    }) {
        Ok(env) => env,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_INTERNAL);
        }
    };
    match &tool.module {
        Some(module) => run_module(&project.root, module, args, env),
        None => run_hosted(&project.root, &tool.name, args, env),
    }
}

/// A `beeuni:<name>` tool runs from the source shipped in the binary, the
/// same bytes `tools eject` writes.
fn run_hosted(
    project_root: &Path,
    name: &str,
    args: &CallArgs,
    env: Vec<(String, String)>,
) -> ExitCode {
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
        Ok((_dir, path)) => run_module(project_root, &path, args, env),
        Err(e) => {
            eprintln!("error: cannot stage the hosted source of {name}: {e}");
            ExitCode::from(EXIT_INTERNAL)
        }
    }
}

/// Loads `module_path` (relative to `project_root`, or absolute) as the tool `args.name`, calls it once,
/// prints the result on stdout and the tool's console output on stderr.
fn run_module(
    project_root: &Path,
    module_path: &Path,
    args: &CallArgs,
    env: Vec<(String, String)>,
) -> ExitCode {
    match call(project_root, module_path, args, env) {
        Ok(code) => code,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "error: {message}");
            ExitCode::from(2)
        }
    }
}

fn call(
    project_root: &Path,
    module_path: &Path,
    args: &CallArgs,
    env: Vec<(String, String)>,
) -> Result<ExitCode, String> {
    let args_json = arguments(args)?;
    let deadline = deadline(args)?;
    let mut config = HostConfig::new(project_root);
    // The tool's temp folder, as a daemon worker's: kept when the call
    // left something in it, since a spilled output is read after the call;
    // removed when empty, or every call would leave a folder behind.
    let temp = tempfile::Builder::new()
        .prefix("beeuni-hosted-")
        .tempdir()
        .map_err(|e| format!("cannot make the tool's temp folder: {e}"))?
        .keep();
    let _left = RemovedIfEmpty(temp.clone());
    let box_env = secrets::box_env();
    let mut grants = ::daemon::worker::sandbox_grants(project_root, &temp, &box_env);
    // A hosted tool's source is staged outside the checkout.
    if let Some(staged) = module_path.parent().filter(|_| module_path.is_absolute())
        && !module_path.starts_with(project_root)
    {
        grants.read_write.push(staged.to_path_buf());
    }
    config.box_env = box_env;
    let sandbox = args.sandbox;
    config.transpile_cache = runtime::default_cache_dir();
    if let Some(deadline) = deadline {
        config.limits.deadline = deadline;
    }
    let limit = config.limits.deadline;
    let mut context = CallContext {
        session_id: args.session.clone(),
        agent: args.agent.clone(),
        env,
        deadline,
    };
    // The call runs on its own thread so that this one can end the process
    // at the deadline even when the tool blocks in code the runtime cannot
    // interrupt (a catastrophic regular expression).
    let (tx, rx) = mpsc::channel();
    let name = args.name.clone();
    let module_path = module_path.to_path_buf();
    let args_text = args_json.clone();
    let spawned = std::thread::Builder::new()
        .name("beeuni-engine".into())
        .stack_size(runtime::ENGINE_STACK_SIZE)
        .spawn(move || {
            // boa panics on some inputs it should reject (a bytecompiler
            // assertion, seen on the openai package): that is reported as
            // this tool's failure, not as a crash or a deadline.
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                // This thread, and what it starts, only: this one prints.
                let confined =
                    runtime::sandbox::confine(sandbox, &grants).map_err(|e| e.to_string())?;
                use ::daemon::worker::tools_env;
                config.box_env = tools_env(&config.box_env, &confined, &temp);
                context.env = tools_env(&context.env, &confined, &temp);
                if confined.holds() {
                    // Out of the sandbox's reach, like the daemon's workers'.
                    config.transpile_cache = None;
                }
                let mut host = Host::new(config).map_err(|e| e.to_string())?;
                // Relative to the project directory, which `Host` resolves.
                host.load_tool(&name, &module_path)
                    .map_err(|e| format!("tool {name} did not load: {}", e.reason))?;
                let _ = tx.send(Phase::Loaded);
                Ok(host.call(&name, &args_text, context))
            }))
            .unwrap_or_else(|panic| Err(engine_failure(&name, panic.as_ref())));
            let _ = tx.send(Phase::Finished(result));
        });
    if let Err(e) = spawned {
        return Err(format!("cannot start the runtime's thread: {e}"));
    }
    let result = match wait(&rx, limit) {
        Some(Phase::Loaded) => match wait(&rx, limit) {
            Some(Phase::Finished(result)) => result?,
            _ => blocked(&args.name, limit),
        },
        Some(Phase::Finished(result)) => result?,
        None => blocked(&args.name, limit),
    };
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

fn engine_failure(name: &str, panic: &(dyn std::any::Any + Send)) -> String {
    format!(
        "tool {name} failed inside the JavaScript engine (boa: {}); this is a runtime bug, not the tool's: please report it with the module",
        runtime::panic_text(panic)
    )
}

/// Removes its folder on drop if nothing is in it (`remove_dir` refuses a
/// folder that is not empty).
struct RemovedIfEmpty(PathBuf);

impl Drop for RemovedIfEmpty {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir(&self.0);
    }
}

enum Phase {
    Loaded,
    Finished(Result<runtime::CallResult, String>),
}

/// The host ends a call at its deadline whenever its thread is free to
/// notice; past this much more, the thread is blocked for good.
const BLOCKED_GRACE: Duration = Duration::from_secs(2);

fn wait(rx: &mpsc::Receiver<Phase>, limit: Duration) -> Option<Phase> {
    rx.recv_timeout(limit + BLOCKED_GRACE).ok()
}

/// Ends the process: the tool's thread is stuck in code that cannot be interrupted.
fn blocked(name: &str, limit: Duration) -> ! {
    eprintln!(
        "error: tool {name} did not finish within its {} s deadline and could not be stopped (it is blocked in code the runtime cannot interrupt, such as a catastrophic regular expression)",
        limit.as_secs_f64()
    );
    std::process::exit(1)
}

/// The daemon's default deadline, which a call without `--timeout` gets there.
const DEFAULT_DEADLINE: Duration = Duration::from_secs(120);

/// `--timeout`, checked.
fn deadline(args: &CallArgs) -> Result<Option<Duration>, String> {
    match args.timeout {
        None => Ok(None),
        Some(seconds) if seconds.is_finite() && seconds > 0.0 => {
            Ok(Some(Duration::from_secs_f64(seconds)))
        }
        Some(seconds) => Err(format!(
            "--timeout must be a positive number of seconds, got {seconds}"
        )),
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
