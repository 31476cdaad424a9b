//! `beeuni`: check, list, run and eject the tool modules of a Beeuni project.
//!
//! This binary is the only place that prints. Each command lives in its own
//! module under `cli/`; they share how a project is found (`cli::project`).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    quiet_engine_panics();
    let args = cli::Cli::parse();
    cli::run(args)
}

/// A panic inside boa is caught where the engine is called and reported as
/// that tool's failure, in words; the default report (a Rust location, and a
/// backtrace with RUST_BACKTRACE set) would read as a crash. Any other panic
/// keeps the default report.
///
/// Output into a closed pipe (`beeuni validate | head`) ends the process as
/// a shell expects, with 141 (128 + SIGPIPE) and no message: `print!`
/// panics there, since Rust ignores SIGPIPE.
fn quiet_engine_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info
            .payload_as_str()
            .is_some_and(|message| message.contains("Broken pipe"))
        {
            std::process::exit(141);
        }
        let in_engine = info
            .location()
            .is_some_and(|at| runtime::is_engine_source(at.file()));
        if !in_engine {
            default(info);
        }
    }));
}
