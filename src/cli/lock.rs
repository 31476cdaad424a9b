//! `beeuni lock` and the tools `validate --locked` compares: each project
//! module loaded as a worker loads it (computed schemas included), turned
//! into the entries of `beeuni.lock` (`codegen::lock`).
//!
//! Beeuni's own tools are left out: their definitions come with the
//! product, not with the project's review.

use std::path::Path;
use std::process::ExitCode;

use checker::diagnostics::{Diagnostic, Location, Sources};
use checker::project::{Project, ToolKind};
use codegen::lock::{self, CurrentTool, LOCK_FILE, LockedTool};

use super::EXIT_PROBLEMS;
use super::output::fail;
use super::project::load_or_report;

#[derive(Debug, clap::Args)]
pub struct LockArgs {}

pub fn run(start: &Path, _args: &LockArgs) -> ExitCode {
    let (project, _, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let (current, unloaded) = match current_tools(&project) {
        Ok(tools) => tools,
        Err(message) => return fail(&message),
    };
    // A lock without a tool that failed to load would record its removal.
    if !unloaded.is_empty() {
        for (name, reason) in &unloaded {
            eprintln!("error: `{name}` did not load: {reason}");
        }
        eprintln!("error: {LOCK_FILE} is not written: every project tool must load to be locked");
        return ExitCode::from(EXIT_PROBLEMS);
    }
    let tools: Vec<LockedTool> = current.into_iter().map(|c| c.tool).collect();
    let path = project.root.join(LOCK_FILE);
    if std::fs::read_to_string(&path).ok() == Some(lock::render(&tools)) {
        eprintln!("{LOCK_FILE} is up to date");
        return ExitCode::SUCCESS;
    }
    if let Err(e) = lock::write(&project.root, &tools) {
        return fail(&e.to_string());
    }
    eprintln!("wrote {LOCK_FILE} ({} tools)", tools.len());
    ExitCode::SUCCESS
}

/// What `validate --locked` reports, and the lock's text for the snippets;
/// an error when the runtime does not start (nothing could be compared).
pub fn locked_diagnostics(project: &Project) -> Result<(Vec<Diagnostic>, Sources), String> {
    let (current, unloaded) = current_tools(project)?;
    let text = std::fs::read_to_string(project.root.join(LOCK_FILE)).ok();
    let unloaded: Vec<String> = unloaded.into_iter().map(|(name, _)| name).collect();
    // Diagnostics name files from the project root, as the manifest's do.
    let shown = Path::new(LOCK_FILE);
    let diagnostics = lock::compare(shown, text.as_deref(), &current, &unloaded);
    let mut sources = Sources::new();
    if let Some(text) = text {
        sources.insert(shown, text);
    }
    Ok((diagnostics, sources))
}

/// The project's modules that loaded, with their declarations, and the
/// name and reason of each that did not.
type Tools = (Vec<CurrentTool>, Vec<(String, String)>);

fn current_tools(project: &Project) -> Result<Tools, String> {
    let ready =
        daemon::load_offline(project).map_err(|e| format!("the runtime did not start: {e:#}"))?;
    let tool_set = project.tool_set();
    let is_project_module = |name: &str| {
        tool_set
            .get(name)
            .is_some_and(|t| t.kind != ToolKind::Beeuni)
    };
    let current = ready
        .loaded
        .into_iter()
        .filter(|t| is_project_module(&t.name))
        .map(|t| CurrentTool {
            declared: tool_set
                .get(&t.name)
                .and_then(|tool| tool.declared.as_ref())
                .map(|o| Location::new(project.file_path(o.file), o.span.clone())),
            tool: LockedTool {
                name: t.name,
                description: t.description,
                parameters: t.parameters,
            },
        })
        .collect();
    let unloaded = ready
        .skipped
        .into_iter()
        .filter(|s| is_project_module(&s.name))
        .map(|s| (s.name, s.reason))
        .collect();
    Ok((current, unloaded))
}
