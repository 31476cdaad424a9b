//! `beeuni`: check, list, run and eject the tool modules of a Beeuni project.
//!
//! This binary is the only place that prints. Each command lives in its own
//! module under `cli/`; they share how a project is found (`cli::project`).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    cli::run(args)
}
