//! The text of `beeuni.lock`: JSON, two-space indented, one tool per key
//! under `tools` in name order, each with its `description` and its
//! `parameters` as the module gives them.
//!
//! JSON because the schemas are JSON Schema already, written as an agent
//! receives them; pretty-printed so that each property of a schema is a line
//! of its own and a review diff shows the one that changed; sorted by name
//! so reordering the manifest changes nothing.

use serde_json::{Map, Value, json};

/// The format's version: a later product that changes the format reads it
/// and says so instead of misreading.
const VERSION: u64 = 1;

/// One tool as the lock records it.
#[derive(Debug, Clone, PartialEq)]
pub struct LockedTool {
    pub name: String,
    pub description: String,
    pub parameters: Value,
}

/// Why a lock's text could not be read, with the byte offset it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockError {
    pub message: String,
    pub offset: usize,
}

/// The lock of `tools`, in name order, ending in a newline.
pub fn render(tools: &[LockedTool]) -> String {
    let mut sorted: Vec<&LockedTool> = tools.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    let mut entries = Map::new();
    for tool in sorted {
        entries.insert(tool.name.clone(), entry(tool));
    }
    let lock = json!({ "version": VERSION, "tools": entries });
    let mut text = serde_json::to_string_pretty(&lock).unwrap_or_default();
    text.push('\n');
    text
}

/// One tool's entry as it appears under `tools`.
pub(super) fn entry(tool: &LockedTool) -> Value {
    json!({ "description": tool.description, "parameters": tool.parameters })
}

/// The tools a lock's text records, or what is wrong with it.
pub fn parse(text: &str) -> Result<Vec<LockedTool>, LockError> {
    let value: Value = serde_json::from_str(text).map_err(|e| LockError {
        message: format!("it is not JSON: {e}"),
        offset: offset_of(text, e.line(), e.column()),
    })?;
    let at_start = |message: String| LockError { message, offset: 0 };
    let Value::Object(top) = value else {
        return Err(at_start("it is not a JSON object".into()));
    };
    match top.get("version").and_then(Value::as_u64) {
        Some(VERSION) => {}
        Some(other) => {
            return Err(at_start(format!(
                "it is version {other} of the format; this beeuni reads version {VERSION}"
            )));
        }
        None => return Err(at_start("it has no `version` number".into())),
    }
    let Some(Value::Object(tools)) = top.get("tools") else {
        return Err(at_start("it has no `tools` object".into()));
    };
    tools
        .iter()
        .map(|(name, entry)| {
            let fail = |what: &str| LockError {
                message: format!("the entry of `{name}` {what}"),
                offset: entry_offset(text, name).unwrap_or(0),
            };
            let description = entry
                .get("description")
                .and_then(Value::as_str)
                .ok_or_else(|| fail("has no `description` string"))?;
            let parameters = entry
                .get("parameters")
                .ok_or_else(|| fail("has no `parameters`"))?;
            Ok(LockedTool {
                name: name.clone(),
                description: description.to_string(),
                parameters: parameters.clone(),
            })
        })
        .collect()
}

/// Where `name`'s entry starts in a lock this module rendered: the line of
/// its key. `None` when the text was laid out some other way.
pub(super) fn entry_offset(text: &str, name: &str) -> Option<usize> {
    let key = format!("\n    {}: {{", Value::String(name.to_string()));
    text.find(&key).map(|at| at + 5)
}

/// serde_json's one-based line and column as a byte offset.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (line_start + column.saturating_sub(1)).min(text.len())
}
