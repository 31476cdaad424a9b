//! A project tool that stands in for a harness or Beeuni tool: a module
//! that replaces a Beeuni tool in every harness (allowed, SPEC 2.2, and
//! worth a reviewer's look: the web UI renders it by the Beeuni tool's
//! shape), or a name that differs from a harness or Beeuni tool's only by
//! underscores (`web_fetch` beside `webfetch`), which a model confuses.

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::LINT_SHADOWS_BUILTIN;
use crate::project::names::{BEEUNI_TOOLS, HARNESS_TOOLS};

use super::LintedTool;

fn shadows(tool: &LintedTool<'_>, message: String, help: String) -> Diagnostic {
    Diagnostic::new(&LINT_SHADOWS_BUILTIN, message)
        .at(&tool.declared.file, tool.declared.span.clone())
        .label("declared here")
        .help(help)
}

/// The harness or Beeuni tool whose name `name` matches once underscores
/// are ignored, other than `name` itself.
fn look_alike(name: &str) -> Option<(&'static str, &'static str)> {
    let bare = |n: &str| n.replace('_', "");
    let key = bare(name);
    HARNESS_TOOLS
        .iter()
        .map(|n| (*n, "harness"))
        .chain(BEEUNI_TOOLS.iter().map(|n| (*n, "Beeuni")))
        .find(|(builtin, _)| *builtin != name && bare(builtin) == key)
}

pub fn check(tool: &LintedTool<'_>) -> Option<Diagnostic> {
    if tool.overrides_beeuni {
        return Some(shadows(
            tool,
            format!(
                "`{}` replaces the Beeuni tool of that name in every harness",
                tool.name
            ),
            format!(
                "keep the arguments and output the web UI renders `{}` from (docs/commands.md), or give the tool its own name",
                tool.name
            ),
        ));
    }
    let (builtin, kind) = look_alike(tool.name)?;
    Some(shadows(
        tool,
        format!(
            "`{}` differs from the {kind} tool `{builtin}` only by underscores, so a model may call one for the other",
            tool.name
        ),
        "give the tool a name that says how it differs".to_string(),
    ))
}
