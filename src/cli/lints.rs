//! The host lints in `validate`: read the manifest's `lints:` key and, when
//! it switches any lint on, load the project's own tools (as a worker loads
//! them, so computed `parameters` count) and lint what loaded. A tool that
//! does not load is left to the static checks and `--deep`.

use checker::diagnostics::{Diagnostic, Location};
use checker::project::{Project, ToolKind};
use checker::rules::lints::{self, LintedTool};

pub fn check(project: &Project) -> Vec<Diagnostic> {
    let (config, mut diagnostics) = lints::config(project);
    if !config.enabled() {
        return diagnostics;
    }
    let ready = match daemon::load_offline(project) {
        Ok(ready) => ready,
        // The runtime failing to start is not the project's problem, and
        // `validate` has no place for an internal error among diagnostics.
        Err(_) => return diagnostics,
    };
    let tool_set = project.tool_set();
    let linted: Vec<LintedTool<'_>> = ready
        .loaded
        .iter()
        .filter_map(|loaded| {
            let tool = tool_set.tools.iter().find(|t| t.name == loaded.name)?;
            if tool.kind == ToolKind::Beeuni {
                return None;
            }
            let declared = tool.declared.as_ref()?;
            Some(LintedTool {
                name: &loaded.name,
                description: &loaded.description,
                parameters: &loaded.parameters,
                declared: Location::new(project.file_path(declared.file), declared.span.clone()),
                overrides_beeuni: tool.kind == ToolKind::BeeuniOverridden,
            })
        })
        .collect();
    diagnostics.extend(lints::check(&config, &linted));
    diagnostics
}
