//! `beeuni mcp`: serves the tools one agent sees over the Model Context
//! Protocol on stdio (see the `daemon` crate's `mcp` module and
//! `docs/mcp.md`). Stdout is the protocol's alone: the log, and a project
//! that cannot be read, go to stderr.

use std::path::Path;
use std::process::ExitCode;

use super::daemon::{LogFormat, init_logs, seconds, worker_program};
use super::project::load_or_report;
use super::tools_ls::HarnessArg;
use super::{EXIT_INTERNAL, EXIT_PROBLEMS};

/// Serve the project's tools to an MCP client on stdin and stdout.
#[derive(Debug, Clone, clap::Args)]
pub struct McpArgs {
    /// The agent whose tools are listed and whose secrets calls get.
    #[arg(long, value_name = "NAME", default_value = "beeuni")]
    pub agent: String,
    /// The harness whose rules decide what the agent sees.
    #[arg(long, value_enum, default_value_t)]
    pub harness: HarnessArg,
    /// Deadline of a call, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0)]
    pub timeout: f64,
    /// How workers confine tools, as `beeuni daemon --sandbox` does.
    #[arg(long, value_name = "LEVEL", default_value = "best-effort")]
    pub sandbox: runtime::sandbox::Level,
}

pub fn run(start: &Path, args: &McpArgs) -> ExitCode {
    let timeout = match seconds(args.timeout, "--timeout") {
        Ok(timeout) => timeout,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_INTERNAL);
        }
    };
    let program = match worker_program() {
        Ok(program) => program,
        Err(code) => return code,
    };
    let (project, _, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    init_logs(LogFormat::Human);
    let options = ::daemon::mcp::StdioOptions {
        agent: args.agent.clone(),
        harness: args.harness.into(),
        timeout,
        // One host's calls: a few workers, so a slow call does not hold the rest.
        workers: std::thread::available_parallelism().map_or(1, |n| n.get().min(4)),
        worker_memory: ::daemon::DEFAULT_WORKER_MEMORY,
        program,
        watch: true,
        sandbox: args.sandbox,
    };
    match ::daemon::mcp::serve_stdio(project, options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(EXIT_PROBLEMS)
        }
    }
}
