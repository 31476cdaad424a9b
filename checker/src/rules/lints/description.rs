//! A description longer than a host shows: Claude Code cuts every tool
//! description at 2,048 characters, so the model never reads the rest
//! (the end, where a description usually says what the tool returns).

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::LINT_DESCRIPTION_TOO_LONG;

use super::LintedTool;

/// Claude Code's cut, in characters.
pub const CLAUDE_CODE_LIMIT: usize = 2048;

fn too_long(tool: &LintedTool<'_>, length: usize) -> Diagnostic {
    Diagnostic::new(
        &LINT_DESCRIPTION_TOO_LONG,
        format!(
            "`{}`'s description is {length} characters; Claude Code cuts tool descriptions at {CLAUDE_CODE_LIMIT}, so its model never reads the last {}",
            tool.name,
            length - CLAUDE_CODE_LIMIT
        ),
    )
    .at(&tool.declared.file, tool.declared.span.clone())
    .label("declared here")
    .help(format!(
        "say what the tool does and returns in the first {CLAUDE_CODE_LIMIT} characters; details of one argument belong in that property's `description`"
    ))
}

pub fn check(tool: &LintedTool<'_>) -> Option<Diagnostic> {
    let length = tool.description.chars().count();
    (length > CLAUDE_CODE_LIMIT).then(|| too_long(tool, length))
}
