//! The `lints:` key of `beeuni.yaml`, which this product owns (the platform
//! reads other keys and ignores this one). A project says there which hosts
//! its tools must work under, so every developer, CI run and editor checks
//! the same thing without repeating flags:
//!
//! ```yaml
//! lints:
//!   targets: [claude-code, openai-strict, gemini]
//!   max_schema_tokens: 1500
//!   shadowing: true
//! ```
//!
//! Only the root manifest's key counts: an import is a part of the project,
//! its targets are the project's. Anything else under the key is
//! `lint/invalid-config`, so a misspelt target never silently checks nothing.

use std::collections::BTreeSet;
use std::path::Path;

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::LINT_INVALID_CONFIG;
use crate::project::Project;
use crate::yaml::{Kind, Node};

/// A host whose limits the project's tools must meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    /// Claude Code cuts a tool's description at 2,048 characters.
    ClaudeCode,
    /// OpenAI's strict function calling.
    OpenaiStrict,
    /// Gemini's function declarations.
    Gemini,
}

const TARGETS: [(&str, Target); 3] = [
    ("claude-code", Target::ClaudeCode),
    ("openai-strict", Target::OpenaiStrict),
    ("gemini", Target::Gemini),
];

const KEYS: [&str; 3] = ["targets", "max_schema_tokens", "shadowing"];

/// What the project switched on; nothing by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LintConfig {
    pub targets: BTreeSet<Target>,
    pub max_schema_tokens: Option<usize>,
    pub shadowing: bool,
}

impl LintConfig {
    /// Whether any lint runs (the tools need loading only then).
    pub fn enabled(&self) -> bool {
        !self.targets.is_empty() || self.max_schema_tokens.is_some() || self.shadowing
    }
}

/// A plain scalar that is a whole number (`1500`, not `'1500'` or `1.5e3`).
fn whole_number(node: &Node) -> Option<usize> {
    match &node.kind {
        Kind::Scalar { value, plain: true } => value.parse().ok(),
        _ => None,
    }
}

fn invalid(file: &Path, node: &Node, message: String, help: &str) -> Diagnostic {
    Diagnostic::new(&LINT_INVALID_CONFIG, message)
        .at(file, node.span.clone())
        .label("here")
        .help(help.to_string())
}

const HELP: &str = "`lints:` takes `targets: [claude-code, openai-strict, gemini]`, `max_schema_tokens: <number>` and `shadowing: true`";

/// The root manifest's `lints:` key, and what is wrong with it.
pub fn config(project: &Project) -> (LintConfig, Vec<Diagnostic>) {
    let mut config = LintConfig::default();
    let mut problems = Vec::new();
    let Some(root) = project.files.first() else {
        return (config, problems);
    };
    let Some(lints) = root.tree.get("lints") else {
        return (config, problems);
    };
    let file = root.path.as_path();
    let Some(entries) = lints.value.entries() else {
        if !lints.value.is_null() {
            problems.push(invalid(
                file,
                &lints.value,
                format!(
                    "`lints:` must be a mapping, found {}",
                    lints.value.kind_name()
                ),
                HELP,
            ));
        }
        return (config, problems);
    };
    for entry in entries {
        let key = entry.key.as_str().unwrap_or_default();
        match key {
            "targets" => match entry.value.items() {
                Some(items) => {
                    for item in items {
                        let name = item.as_str().unwrap_or_default();
                        match TARGETS.iter().find(|(known, _)| *known == name) {
                            Some((_, target)) => {
                                config.targets.insert(*target);
                            }
                            None => problems.push(invalid(
                                file,
                                item,
                                format!("`{name}` is not a lint target"),
                                "the targets are claude-code, openai-strict and gemini",
                            )),
                        }
                    }
                }
                None => problems.push(invalid(
                    file,
                    &entry.value,
                    format!(
                        "`lints.targets` must be a list, found {}",
                        entry.value.kind_name()
                    ),
                    HELP,
                )),
            },
            "max_schema_tokens" => match whole_number(&entry.value) {
                Some(limit) if limit > 0 => config.max_schema_tokens = Some(limit),
                _ => problems.push(invalid(
                    file,
                    &entry.value,
                    "`lints.max_schema_tokens` must be a positive whole number".into(),
                    HELP,
                )),
            },
            "shadowing" => match entry.value.as_bool() {
                Some(on) => config.shadowing = on,
                None => problems.push(invalid(
                    file,
                    &entry.value,
                    "`lints.shadowing` must be true or false".into(),
                    HELP,
                )),
            },
            _ => problems.push(invalid(
                file,
                &entry.key,
                format!(
                    "`{key}` is not a key of `lints:` (it takes {})",
                    KEYS.join(", ")
                ),
                HELP,
            )),
        }
    }
    (config, problems)
}
