//! `beeuni tools new NAME`: a typed skeleton module and its `tools:` entry.
//!
//! The decisions and the writing are `codegen::new`'s. For an override the
//! skeleton keeps the Beeuni tool's description and parameters, which only
//! loading its shipped source tells, so this module loads it in the runtime
//! and hands them over.

use std::path::Path;
use std::process::ExitCode;

use checker::diagnostics::has_errors;
use codegen::new::{self, BeeuniShape, Kind, Language, Refusal, Request};

use super::project::load_or_report;
use super::{EXIT_INTERNAL, EXIT_PROBLEMS};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum KindArg {
    /// A tool of the project's own.
    #[default]
    Project,
    /// A new module that replaces one of the five Beeuni tools.
    BeeuniOverride,
}

#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The tool's name: snake_case, at most 64 characters.
    name: String,

    /// What the module is.
    #[arg(long, value_enum, default_value_t)]
    kind: KindArg,

    /// Write tools/NAME.js (typed through JSDoc) instead of tools/NAME.ts.
    #[arg(long)]
    js: bool,
}

pub fn run(start: &Path, args: &NewArgs) -> ExitCode {
    let (project, diagnostics, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    // A file that did not load may declare the name already.
    if has_errors(&diagnostics) {
        eprintln!(
            "error: beeuni.yaml or a file it imports has errors, so `tools new` cannot tell whether `{}` is taken",
            args.name
        );
        eprintln!("help: run `beeuni validate`, fix the errors it reports, then run this again");
        return ExitCode::from(EXIT_PROBLEMS);
    }
    let kind = match args.kind {
        KindArg::Project => Kind::Project,
        KindArg::BeeuniOverride => Kind::BeeuniOverride,
    };
    let beeuni = match kind {
        Kind::BeeuniOverride => match beeuni_shape(&args.name) {
            Ok(shape) => shape,
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(EXIT_INTERNAL);
            }
        },
        Kind::Project => None,
    };
    let request = Request {
        name: args.name.clone(),
        kind,
        language: if args.js {
            Language::JavaScript
        } else {
            Language::TypeScript
        },
        beeuni,
    };
    let plan = match new::plan(&project, &request) {
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

/// The Beeuni tool's description and parameters, from its shipped source
/// loaded as a session would load it; `None` for a name that is not a
/// Beeuni tool (the plan refuses it).
fn beeuni_shape(name: &str) -> Result<Option<BeeuniShape>, String> {
    let Some(source) = runtime::hosted::source(name) else {
        return Ok(None);
    };
    let staged = tempfile::Builder::new()
        .prefix("beeuni-hosted-")
        .tempdir()
        .map_err(|e| format!("cannot stage the source of beeuni:{name}: {e}"))?;
    let path = staged.path().join(format!("{name}.ts"));
    std::fs::write(&path, source)
        .map_err(|e| format!("cannot stage the source of beeuni:{name}: {e}"))?;
    let mut host =
        runtime::Host::new(runtime::HostConfig::new(staged.path())).map_err(|e| e.to_string())?;
    let info = host
        .load_tool(name, &path)
        .map_err(|e| format!("beeuni:{name} did not load: {e}"))?;
    let parameters = serde_json::from_str(&info.parameters_json)
        .map_err(|e| format!("beeuni:{name}'s parameters are not JSON: {e}"))?;
    Ok(Some(BeeuniShape {
        description: info.description,
        parameters,
    }))
}

fn refuse(refusal: &Refusal) -> ExitCode {
    eprintln!("error: {refusal}");
    eprintln!("help: {}", refusal.help());
    ExitCode::from(EXIT_PROBLEMS)
}
