//! The host lints of `validate`: limits that break a tool silently or at
//! call time under one host or model provider and not under another. They
//! are off until the manifest's `lints:` key switches them on (`config.rs`),
//! and they judge each project tool as it loaded (its description and its
//! `parameters`, computed ones included), which the caller supplies: the
//! checker never runs a module. Beeuni's own tools are Beeuni's to keep
//! within the limits and are not linted.
//!
//! One rule per file, each owning its code's constructor: `description.rs`
//! (host limits on a description's length), `openai.rs` (strict function
//! calling), `gemini.rs` (Gemini's subset of JSON Schema), `tokens.rs` (the
//! estimated size of a definition), `shadowing.rs` (names that stand in for
//! a harness or Beeuni tool); `walk.rs` visits every subschema.
//!
//! No lint checks MCP's tool-name rule (`[A-Za-z0-9_.-]{1,128}`): every name
//! SPEC 2.2 allows (`^[a-z][a-z0-9_]{0,63}$`) meets it, and any other is
//! already `manifest/invalid-tool-name`, an error (`tests::the_name_rule_implies_mcps`).

mod config;
mod description;
mod gemini;
mod openai;
mod shadowing;
mod tokens;
mod walk;

pub use config::{LintConfig, Target, config};

use crate::diagnostics::{Diagnostic, Location};

/// A project tool as it loaded, and where it is declared.
#[derive(Debug, Clone)]
pub struct LintedTool<'a> {
    pub name: &'a str,
    pub description: &'a str,
    pub parameters: &'a serde_json::Value,
    /// Its entry under `tools:`: the diagnostics point there.
    pub declared: Location,
    /// A module that replaces a Beeuni tool (`web_search: tools/web_search.ts`).
    pub overrides_beeuni: bool,
}

/// Every lint `config` switches on, over `tools`.
pub fn check(config: &LintConfig, tools: &[LintedTool<'_>]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for tool in tools {
        if config.targets.contains(&Target::ClaudeCode) {
            out.extend(description::check(tool));
        }
        if config.targets.contains(&Target::OpenaiStrict) {
            out.extend(openai::check(tool));
        }
        if config.targets.contains(&Target::Gemini) {
            out.extend(gemini::check(tool));
        }
        if let Some(limit) = config.max_schema_tokens {
            out.extend(tokens::check(tool, limit));
        }
        if config.shadowing {
            out.extend(shadowing::check(tool));
        }
    }
    out
}

/// At most `shown` problems, then how many more there are.
fn listed(problems: &[String], shown: usize) -> String {
    let mut text = problems
        .iter()
        .take(shown)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if problems.len() > shown {
        text.push_str(&format!("; and {} more", problems.len() - shown));
    }
    text
}

#[cfg(test)]
mod tests;
