//! `beeuni tools migrate` (SPEC 8): legacy opencode tools become declared
//! tool modules.
//!
//! The plan, the rewrite and the writing are `codegen::migrate`'s. This
//! module loads the project, runs `args` the static pass could not convert
//! through the runtime (codegen never runs code; see `evaluate`), prints the
//! report, the diffs of `--dry-run` and a progress bar, and checks the result
//! with `validate`'s own code path.

mod evaluate;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use checker::diagnostics::{Diagnostic, Format, has_errors, render};
use codegen::migrate::{self, Config, MigratePlan};

use super::project::load_or_report;
use super::{EXIT_INTERNAL, EXIT_PROBLEMS};

/// A bar is worth drawing from this many file changes on.
const PROGRESS_FROM: usize = 20;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// One line per legacy tool, notes under it.
    #[default]
    Human,
    /// One JSON document: the report, the diffs (with --dry-run) and validate's diagnostics.
    Json,
}

#[derive(Debug, clap::Args)]
pub struct MigrateArgs {
    /// Print the plan and a unified diff of every change; write nothing. `args` that only running can
    /// convert are still run in the runtime, and with them the legacy file's top-level code.
    #[arg(long)]
    dry_run: bool,

    /// The legacy folder [default: harnesses/opencode/tools and harnesses/opencode/tool].
    #[arg(long, value_name = "DIR")]
    from: Option<PathBuf>,

    /// Where the migrated modules go, relative to the project root.
    #[arg(long, value_name = "DIR", default_value = "tools")]
    to: PathBuf,

    /// How to print the report.
    #[arg(long, value_enum, default_value_t)]
    format: ReportFormat,
}

pub fn run(start: &Path, args: &MigrateArgs) -> ExitCode {
    let (project, diagnostics, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    if has_errors(&diagnostics) {
        eprintln!(
            "error: beeuni.yaml or a file it imports has errors, so the migration cannot tell where to declare the tools"
        );
        eprintln!("help: run `beeuni validate`, fix the errors it reports, then migrate again");
        return ExitCode::from(EXIT_PROBLEMS);
    }
    let config = match config(start, &project.root, args) {
        Ok(config) => config,
        Err(message) => return super::output::fail(&message),
    };
    let mut plan = match plan_with_evaluation(&project, &config) {
        Ok(plan) => plan,
        Err(error) => return super::output::fail(&error.to_string()),
    };
    if args.dry_run {
        return print_dry_run(&plan, args.format);
    }
    if let Err(error) = apply(&plan) {
        eprintln!("error: {error}");
        return ExitCode::from(EXIT_INTERNAL);
    }
    let changed = !plan.changes().is_empty();
    // Check what was written as `validate --deep` would, before calling
    // anything migrated: a module that does not load is not a migration.
    let (diagnostics, sources, validate_code) = super::validate::check(start, true);
    let errors: Vec<Diagnostic> = diagnostics.into_iter().filter(|d| d.is_error()).collect();
    let failed = failed_checks(&plan, &errors);
    for (module, message) in &failed {
        plan.record_failed_check(module, message);
    }
    let report = plan.report();
    match args.format {
        ReportFormat::Human => {
            print!("{}", report.text(true));
            if changed {
                if errors.is_empty() {
                    println!("\nChecked the result with `beeuni validate --deep`: no errors.");
                } else {
                    println!(
                        "\nChecked the result with `beeuni validate --deep`: {} error{}:",
                        errors.len(),
                        if errors.len() == 1 { "" } else { "s" }
                    );
                    print!(
                        "{}",
                        render(&errors, &sources, Format::Human { color: false })
                    );
                }
            }
            print!("{}", report.closing(true, changed));
        }
        ReportFormat::Json => {
            let validate = render(&errors, &sources, Format::Json);
            let document = serde_json::json!({
                "applied": changed,
                "report": report,
                "validate": {
                    "exit_code": validate_code,
                    "errors": serde_json::from_str::<serde_json::Value>(&validate).unwrap_or(serde_json::Value::String(validate)),
                },
            });
            println!(
                "{}",
                serde_json::to_string_pretty(&document).unwrap_or_default()
            );
        }
    }
    if report.has_manual_steps() || validate_code != 0 {
        ExitCode::from(EXIT_PROBLEMS)
    } else {
        ExitCode::SUCCESS
    }
}

/// The migrated modules that fail the check, with why: an error in the
/// module itself, or the module failing to load (`module/load-failed`
/// names the tool).
fn failed_checks(plan: &MigratePlan, errors: &[Diagnostic]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for tool in &plan.report().tools {
        let (Some(module), Some(name)) = (&tool.module, &tool.name) else {
            continue;
        };
        let load_failed = format!("tool `{name}` did not load: ");
        let found = errors.iter().find_map(|d| {
            if let Some(reason) = d.message.strip_prefix(&load_failed) {
                return Some(format!("the migrated module does not load ({reason}); fix it before sessions can use the tool"));
            }
            let file = d.location.as_ref()?.file.to_string_lossy().replace('\\', "/");
            (file == *module).then(|| format!("the migrated module fails `beeuni validate` ({}: {}); fix it before sessions can use the tool", d.code.name, d.message))
        });
        if let Some(message) = found
            && !out.iter().any(|(m, _)| m == module)
        {
            out.push((module.clone(), message));
        }
    }
    out
}

/// `--from` and `--to` as the user typed them (relative to where the command
/// runs), turned root-relative.
fn config(start: &Path, root: &Path, args: &MigrateArgs) -> Result<Config, String> {
    let inside = |path: &Path, flag: &str| -> Result<PathBuf, String> {
        let absolute = start.join(path);
        let absolute = std::fs::canonicalize(&absolute).unwrap_or(absolute);
        let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
        let relative = absolute
            .strip_prefix(&root)
            .map_err(|_| format!("{flag} {} is outside the project", path.display()))?;
        if relative
            .components()
            .any(|c| matches!(c, std::path::Component::ParentDir))
        {
            return Err(format!("{flag} {} is outside the project", path.display()));
        }
        Ok(relative.to_path_buf())
    };
    Ok(Config {
        from: args
            .from
            .as_deref()
            .map(|p| inside(p, "--from"))
            .transpose()?,
        to: inside(&args.to, "--to")?,
    })
}

/// Plans, and when some `args` need running, runs them and plans again with
/// the schemas the runtime produced.
fn plan_with_evaluation(
    project: &checker::project::Project,
    config: &Config,
) -> Result<MigratePlan, migrate::MigrateError> {
    let mut first = migrate::plan(project, config, &Default::default())?;
    if first.pending_evaluation().is_empty() {
        return Ok(first);
    }
    let mut ran: Vec<String> = first
        .pending_evaluation()
        .iter()
        .map(|p| p.file.clone())
        .collect();
    ran.dedup();
    let evaluated = evaluate::schemas(&project.root, first.pending_evaluation());
    if evaluated.is_empty() {
        first.record_ran(ran);
        return Ok(first);
    }
    let mut plan = migrate::plan(project, config, &evaluated)?;
    plan.record_ran(ran);
    Ok(plan)
}

fn print_dry_run(plan: &MigratePlan, format: ReportFormat) -> ExitCode {
    let report = plan.report();
    match format {
        ReportFormat::Human => {
            print!("{}", report.text(false));
            for diff in plan.diffs() {
                println!();
                print!("{diff}");
            }
            print!("{}", report.closing(false, !plan.changes().is_empty()));
            if !plan.changes().is_empty() {
                println!("\nNothing was written (--dry-run).");
            }
        }
        ReportFormat::Json => {
            let document = serde_json::json!({
                "applied": false,
                "report": report,
                "diffs": plan.diffs(),
            });
            println!(
                "{}",
                serde_json::to_string_pretty(&document).unwrap_or_default()
            );
        }
    }
    if report.has_manual_steps() {
        ExitCode::from(EXIT_PROBLEMS)
    } else {
        ExitCode::SUCCESS
    }
}

/// Applies the plan, with a progress bar on a terminal when there are many files.
fn apply(plan: &MigratePlan) -> Result<(), migrate::ApplyError> {
    let total = plan.changes().len();
    if total < PROGRESS_FROM || !std::io::stderr().is_terminal() {
        return plan.apply(&mut |_| {});
    }
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("  {bar:30} {pos}/{len} files")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let result = plan.apply(&mut |done| bar.set_position(done as u64));
    bar.finish_and_clear();
    result
}
