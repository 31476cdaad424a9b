//! A definition that costs many tokens: every turn of every agent that sees
//! the tool sends its name, description and schema to the model. The size
//! is estimated, not counted (each provider has its own tokenizer): one
//! token per four characters of the definition's compact JSON, the usual
//! rule of thumb for English text and JSON.

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::LINT_SCHEMA_TOKENS;

use super::LintedTool;

const CHARACTERS_PER_TOKEN: usize = 4;

/// The estimated tokens of `tool`'s definition as a provider receives it.
pub fn estimate(tool: &LintedTool<'_>) -> usize {
    let definition = serde_json::json!({
        "name": tool.name,
        "description": tool.description,
        "parameters": tool.parameters,
    });
    let characters = definition.to_string().chars().count();
    characters.div_ceil(CHARACTERS_PER_TOKEN)
}

fn too_big(tool: &LintedTool<'_>, tokens: usize, limit: usize) -> Diagnostic {
    Diagnostic::new(
        &LINT_SCHEMA_TOKENS,
        format!(
            "`{}`'s definition is about {tokens} tokens, over the project's `max_schema_tokens` of {limit}",
            tool.name
        ),
    )
    .at(&tool.declared.file, tool.declared.span.clone())
    .label("declared here")
    .help("every turn that offers the tool pays for its definition: shorten the descriptions, or split the tool by what its callers need")
}

pub fn check(tool: &LintedTool<'_>, limit: usize) -> Option<Diagnostic> {
    let tokens = estimate(tool);
    (tokens > limit).then(|| too_big(tool, tokens, limit))
}
