//! `beeuni validate --deep`: loads every module-backed tool of a project in
//! the runtime, as a session would at start, and reports the load failures a
//! static check cannot see (a computed `parameters` that is not an object
//! schema, an import that throws, a package that resolves but fails to
//! evaluate). It runs no tool's `execute`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use checker::diagnostics::Diagnostic;
use checker::diagnostics::codes::MODULE_LOAD_FAILED;
use checker::project::{Project, Tool};

use crate::{Host, HostConfig, LoadError};

fn load_failed(project: &Project, tool: &Tool, reason: &str) -> Diagnostic {
    let mut d = Diagnostic::new(&MODULE_LOAD_FAILED, format!("tool `{}` did not load: {reason}", tool.name))
        .label("this tool's module fails to load")
        .help("sessions do not get a tool whose module fails to load; `beeuni tools call` loads it the same way");
    if let Some(origin) = &tool.declared {
        d = d.at(project.file_path(origin.file), origin.span.clone());
    }
    d
}

/// Why a module did not load, with paths shown relative to the project
/// like every diagnostic's: the reason `validate --deep` reports and the
/// daemon logs.
pub fn shown_reason(project_root: &Path, error: &LoadError) -> String {
    let mut reason = error
        .reason
        .replace(&format!("{}/", project_root.display()), "");
    // The host resolves the project folder through symlinks.
    if let Ok(real) = std::fs::canonicalize(project_root) {
        reason = reason.replace(&format!("{}/", real.display()), "");
    }
    reason
}

/// Loads each module-backed tool whose module is not in `skip` (modules
/// whose static errors already explain why they cannot load).
pub fn load_failures(project: &Project, skip: &BTreeSet<PathBuf>) -> Vec<Diagnostic> {
    let tools: Vec<&Tool> = project
        .tool_set()
        .tools
        .iter()
        .filter(|t| {
            t.module
                .as_ref()
                .is_some_and(|m| !skip.contains(m) && project.root.join(m).is_file())
        })
        .collect();
    if tools.is_empty() {
        return Vec::new();
    }
    let mut host = match Host::new(HostConfig::new(&project.root)) {
        Ok(host) => host,
        Err(e) => {
            return tools
                .iter()
                .map(|t| load_failed(project, t, &format!("the runtime did not start: {e}")))
                .collect();
        }
    };
    tools
        .iter()
        .filter_map(|tool| {
            let module: &Path = tool.module.as_deref()?;
            let error = host.load_tool(&tool.name, module).err()?;
            Some(load_failed(
                project,
                tool,
                &shown_reason(&project.root, &error),
            ))
        })
        .collect()
}
