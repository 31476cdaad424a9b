//! `beeuni tools eject <name>` (SPEC 4): copy a Beeuni tool's source into the
//! project and point its manifest entry at the copy.
//!
//! The decisions and the writing are `codegen::eject`'s; the source comes from
//! the runtime, which ships it. This module only loads the project, connects
//! the two, and prints.

use std::path::Path;
use std::process::ExitCode;

use checker::diagnostics::has_errors;
use codegen::eject::{self, EjectRefusal};

use super::project::load_or_report;
use super::{EXIT_INTERNAL, EXIT_PROBLEMS};

#[derive(Debug, clap::Args)]
pub struct EjectArgs {
    /// The Beeuni tool to copy: web_search, image_search, scrape_webpage, memory or show.
    name: String,

    /// Overwrite an existing tools/<name>.ts, or repoint an entry that names another module.
    #[arg(long)]
    force: bool,
}

pub fn run(start: &Path, args: &EjectArgs) -> ExitCode {
    let Some(source) = runtime::hosted::source(&args.name) else {
        return refuse(&EjectRefusal::NotBeeuniTool {
            name: args.name.clone(),
        });
    };
    let (project, diagnostics, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    // A file that did not load may be the one declaring the entry; editing
    // around it could declare the tool twice.
    if has_errors(&diagnostics) {
        eprintln!(
            "error: beeuni.yaml or a file it imports has errors, so eject cannot tell where `{}` is declared",
            args.name
        );
        eprintln!("help: run `beeuni validate`, fix the errors it reports, then eject again");
        return ExitCode::from(EXIT_PROBLEMS);
    }
    let plan = match eject::plan(&project, &args.name, source, args.force) {
        Ok(plan) => plan,
        Err(refusal) => return refuse(&refusal),
    };
    if let Err(error) = plan.apply() {
        eprintln!("error: {error}");
        return ExitCode::from(EXIT_INTERNAL);
    }
    print!("{}", plan.report());
    ExitCode::SUCCESS
}

fn refuse(refusal: &EjectRefusal) -> ExitCode {
    eprintln!("error: {refusal}");
    eprintln!("help: {}", refusal.help());
    ExitCode::from(EXIT_PROBLEMS)
}
