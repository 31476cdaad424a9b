//! `beeuni types [--check]`: writes `beeuni-types.d.ts`, the declarations
//! of each tool's `args` and of `context`, or checks that it is current.
//!
//! A tool's `parameters` may be computed when its module loads (zod's
//! `z.toJSONSchema`), so the tools are loaded in this process as a worker
//! loads them (`daemon::load_offline`, as `plugin render` does) and the
//! declarations are made from what loaded (`codegen::types`).

use std::path::Path;
use std::process::ExitCode;

use checker::project::Project;
use codegen::types::{self, TYPES_FILE, TypedTool};

use super::EXIT_PROBLEMS;
use super::output::fail;
use super::project::load_or_report;

#[derive(Debug, clap::Args)]
pub struct TypesArgs {
    /// Write nothing; fail with a diff when beeuni-types.d.ts is not what
    /// `beeuni types` would write (for CI).
    #[arg(long)]
    check: bool,
}

pub fn run(start: &Path, args: &TypesArgs) -> ExitCode {
    let (project, _, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let tools = match loaded_tools(&project, "beeuni-types.d.ts") {
        Ok(tools) => tools,
        Err(code) => return code,
    };
    let fresh = types::render(&tools);
    let path = project.root.join(TYPES_FILE);
    let current = std::fs::read_to_string(&path).ok();
    if current.as_deref() == Some(fresh.as_str()) {
        eprintln!("{TYPES_FILE} is up to date");
        return ExitCode::SUCCESS;
    }
    if args.check {
        print!("{}", types::diff(TYPES_FILE, current.as_deref(), &fresh));
        eprintln!("error: {TYPES_FILE} is stale: run `beeuni types` and commit it");
        return ExitCode::from(EXIT_PROBLEMS);
    }
    if let Err(e) = codegen::atomic::write(&path, fresh.as_bytes()) {
        return fail(&e.to_string());
    }
    eprintln!("wrote {TYPES_FILE} ({} tools)", tools.len());
    ExitCode::SUCCESS
}

/// Every tool of the project as a session loads it: name, description and
/// schema. A tool that does not load is left out with a warning naming
/// `what` it is left out of (`validate --deep` says more).
pub fn loaded_tools(project: &Project, what: &str) -> Result<Vec<TypedTool>, ExitCode> {
    let ready = daemon::load_offline(project)
        .map_err(|e| fail(&format!("the runtime did not start: {e:#}")))?;
    for skipped in &ready.skipped {
        eprintln!(
            "warning: `{}` is left out of {what}: it did not load: {}",
            skipped.name, skipped.reason
        );
    }
    Ok(ready
        .loaded
        .into_iter()
        .map(|tool| TypedTool {
            name: tool.name,
            description: tool.description,
            parameters: tool.parameters,
        })
        .collect())
}
