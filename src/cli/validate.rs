//! `beeuni validate`: the manifest rules and the static module checks, in one
//! report, in the format CI asks for.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use checker::diagnostics::{self, Format, render};
use checker::module::{ModuleRef, check_modules};
use checker::project::{Project, load};

use super::output::ColorChoice;
use super::project::{exit_code_without_project, locate};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// rustc-like text with snippets.
    #[default]
    Human,
    /// Versioned JSON, one object per diagnostic.
    Json,
    /// SARIF 2.1.0, for code-scanning services.
    Sarif,
    /// GitHub workflow annotations (`::error file=…::`).
    Github,
}

#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// How to print the diagnostics.
    #[arg(long, value_enum, default_value_t)]
    format: OutputFormat,

    /// Also load every module in the local runtime and report what fails at
    /// load time (computed `parameters`, imports that throw).
    #[arg(long)]
    deep: bool,

    /// Also fail when a project tool's name, description or parameters
    /// differ from beeuni.lock (written by `beeuni lock`).
    #[arg(long)]
    locked: bool,

    /// When to colour human output.
    #[arg(long, value_enum, default_value_t)]
    color: ColorChoice,
}

pub fn run(start: &Path, args: &ValidateArgs) -> ExitCode {
    let format = match args.format {
        OutputFormat::Human => Format::Human {
            color: args.color.enabled(),
        },
        OutputFormat::Json => Format::Json,
        OutputFormat::Sarif => Format::Sarif,
        OutputFormat::Github => Format::Github,
    };
    let (all, sources, code) = check_with(start, args.deep, args.locked);
    print!("{}", render(&all, &sources, format));
    ExitCode::from(code)
}

/// Everything `validate` reports for the project found from `start`, sorted,
/// with the exit code it implies; `tools migrate` checks its result with it.
pub fn check(start: &Path, deep: bool) -> (Vec<diagnostics::Diagnostic>, diagnostics::Sources, u8) {
    check_with(start, deep, false)
}

/// [`check`], and with `locked` the comparison with `beeuni.lock`.
fn check_with(
    start: &Path,
    deep: bool,
    locked: bool,
) -> (Vec<diagnostics::Diagnostic>, diagnostics::Sources, u8) {
    let loaded = match locate(start) {
        Ok(root) => load(&root),
        Err(loaded) => loaded,
    };
    let mut all = loaded.diagnostics;
    let mut sources = loaded.sources;
    let code = match &loaded.project {
        None => exit_code_without_project(&all),
        Some(project) => {
            // The module checks run on their own threads; the manifest rules
            // run meanwhile on this one, so a large project pays for the longer
            // of the two, not their sum.
            let (manifest_diagnostics, (module_diagnostics, module_sources)) =
                std::thread::scope(|scope| {
                    let modules = scope.spawn(|| check_project_modules(project));
                    let manifest = checker::rules::check_manifest(project);
                    let modules = modules
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                    (manifest, modules)
                });
            all.extend(manifest_diagnostics);
            all.extend(super::lints::check(project));
            let mut deep_failed = None;
            if deep {
                // A module whose own static errors explain the failure is not
                // loaded again: the same cause would be reported twice.
                let broken: BTreeSet<PathBuf> = module_diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .filter_map(|d| d.location.as_ref().map(|l| l.file.clone()))
                    .collect();
                // Loading runs each module's top level: confined as a worker is.
                match daemon::confined(&project.root, |_, _| {
                    runtime::deep::load_failures(project, &broken)
                }) {
                    Ok(failures) => all.extend(failures),
                    Err(message) => deep_failed = Some(message),
                }
            }
            all.extend(module_diagnostics);
            sources.extend(module_sources);
            let mut runtime_failed = false;
            if let Some(message) = deep_failed {
                eprintln!("error: --deep loaded no module: {message}");
                runtime_failed = true;
            }
            if locked {
                match super::lock::locked_diagnostics(project) {
                    Ok((lock_diagnostics, lock_sources)) => {
                        all.extend(lock_diagnostics);
                        sources.extend(lock_sources);
                    }
                    Err(message) => {
                        eprintln!("error: beeuni.lock is not checked: {message}");
                        runtime_failed = true;
                    }
                }
            }
            if runtime_failed {
                super::EXIT_INTERNAL
            } else if diagnostics::has_errors(&all) {
                super::EXIT_PROBLEMS
            } else {
                0
            }
        }
    };
    diagnostics::sort(&mut all);
    (all, sources, code)
}
/// The static contract and import checks of every module the tool set loads.
fn check_project_modules(
    project: &Project,
) -> (Vec<diagnostics::Diagnostic>, diagnostics::Sources) {
    let modules: Vec<ModuleRef> = project
        .tool_set()
        .tools
        .iter()
        .cloned()
        .filter_map(|tool| {
            let declared_at = tool
                .declared
                .as_ref()
                .map(|o| diagnostics::Location::new(project.file_path(o.file), o.span.clone()));
            Some(ModuleRef {
                tool: tool.name,
                path: tool.module?,
                declared_at,
            })
        })
        .collect();
    let report = check_modules(&project.root, &modules);
    (report.diagnostics, report.sources)
}
