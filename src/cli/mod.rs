//! The command-line interface: argument parsing (clap) and dispatch.
//!
//! Exit codes are the same for every command: 0 clean, 1 problems found (or
//! the tool threw), 2 usage or internal failure.

mod daemon;
mod lints;
mod lock;
mod mcp;
mod output;
mod plugin;
mod project;
mod secrets;
mod test;
mod tools_call;
mod tools_call_daemon;
mod tools_eject;
mod tools_ls;
mod tools_migrate;
mod tools_new;
mod types;
mod validate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use output::{EXIT_INTERNAL, EXIT_PROBLEMS};

/// Check, list, run and eject the tool modules of a Beeuni project.
#[derive(Debug, Parser)]
#[command(name = "beeuni", version, about, propagate_version = true)]
pub struct Cli {
    /// Run as if started in DIR (the project is found from there upward).
    #[arg(short = 'C', value_name = "DIR", global = true)]
    pub directory: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check beeuni.yaml, its imports and every tool module it declares.
    Validate(validate::ValidateArgs),
    /// List, run, eject and migrate tools.
    #[command(subcommand)]
    Tools(ToolsCommand),
    /// Serve every tool of the project over HTTP to both harnesses.
    Daemon(daemon::DaemonArgs),
    /// Serve the tools an agent sees to an MCP client on stdio.
    Mcp(mcp::McpArgs),
    /// Set, list and remove the project's local secrets.
    #[command(subcommand)]
    Secrets(secrets::SecretsCommand),
    /// Write beeuni-types.d.ts: TypeScript declarations of each tool's args and of context.
    Types(types::TypesArgs),
    /// Run the project's *.test.ts files (bun:test) in this runtime.
    Test(test::TestArgs),
    /// Write beeuni.lock: each project tool's name, description and parameters, for review.
    Lock(lock::LockArgs),
    /// The standard harness's forwarding plugin.
    #[command(subcommand)]
    Plugin(PluginCommand),
    /// One worker process of a daemon (started by `beeuni daemon`).
    #[command(name = "daemon-worker", hide = true)]
    DaemonWorker,
}

#[derive(Debug, Subcommand)]
pub enum ToolsCommand {
    /// Print every tool a session gets, then the Beeuni tools the project removed.
    Ls(tools_ls::LsArgs),
    /// Run one tool once in the local runtime and print what the model would read.
    Call(tools_call::CallArgs),
    /// Copy a Beeuni tool's source to tools/<name>.ts and point the manifest at it.
    Eject(tools_eject::EjectArgs),
    /// Move legacy opencode tools (harnesses/opencode/tools/) into declared tool modules.
    Migrate(tools_migrate::MigrateArgs),
    /// Write a typed skeleton module tools/<name>.ts and declare it under `tools:`.
    New(tools_new::NewArgs),
}

#[derive(Debug, Subcommand)]
pub enum PluginCommand {
    /// Render the plugin that forwards opencode's calls of the project's tools to the daemon.
    Render(plugin::RenderArgs),
}

pub fn run(cli: Cli) -> ExitCode {
    if let Command::DaemonWorker = cli.command {
        return daemon::run_worker();
    }
    let start = match project::start_dir(cli.directory.as_deref()) {
        Ok(dir) => dir,
        Err(message) => return output::fail(&message),
    };
    match cli.command {
        Command::Validate(args) => validate::run(&start, &args),
        Command::Tools(ToolsCommand::Ls(args)) => tools_ls::run(&start, &args),
        Command::Tools(ToolsCommand::Eject(args)) => tools_eject::run(&start, &args),
        Command::Tools(ToolsCommand::Call(args)) => tools_call::run(&start, &args),
        Command::Tools(ToolsCommand::Migrate(args)) => tools_migrate::run(&start, &args),
        Command::Tools(ToolsCommand::New(args)) => tools_new::run(&start, &args),
        Command::Daemon(args) => daemon::run(&start, &args),
        Command::Mcp(args) => mcp::run(&start, &args),
        Command::Types(args) => types::run(&start, &args),
        Command::Lock(args) => lock::run(&start, &args),
        Command::Test(args) => test::run(&start, &args),
        Command::Secrets(command) => secrets::run(&start, &command),
        Command::Plugin(PluginCommand::Render(args)) => plugin::render_command(&start, &args),
        Command::DaemonWorker => daemon::run_worker(),
    }
}
