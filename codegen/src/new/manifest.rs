//! The span edits that declare a new tool: one entry added under `tools:`
//! (a block mapping gets a line after its last entry at its indentation, a
//! flow mapping an entry before its closing brace, a null key an indented
//! line), an override's `beeuni:<name>` value replaced, or, with no `tools:`
//! key anywhere, a key appended that keeps the five Beeuni tools (SPEC 2.1).
//!
//! Line facts come from eject's `line` helpers; the edited text is parsed
//! again by [`verify`], which requires it to say what it said before plus
//! the one entry.

use checker::project::names::BEEUNI_TOOLS;
use checker::yaml::{self, Kind, Node};

use crate::edit::{self, Edit};
use crate::eject::line;

/// With no `tools:` key: `beeuni.yaml` gets one listing the five Beeuni
/// tools (an override's name pointing at its module) and then the new tool.
pub fn append_tools_key(text: &str, name: &str, module: &str) -> String {
    let (mut out, eol) = line::open_tools_key(text);
    for tool in BEEUNI_TOOLS {
        let value = if tool == name {
            module.to_string()
        } else {
            format!("beeuni:{tool}")
        };
        out.push_str(&format!("  {tool}: {value}{eol}"));
    }
    if !BEEUNI_TOOLS.contains(&name) {
        out.push_str(&format!("  {name}: {module}{eol}"));
    }
    out
}

/// Adds `name: module` to the `tools:` key whose key and value nodes are given.
pub fn add_entry(
    text: &str,
    key: &Node,
    value: &Node,
    name: &str,
    module: &str,
) -> Result<String, String> {
    let eol = line::ending(text);
    let insert_line = |at: usize, indent: usize| -> Result<String, String> {
        let mut insert = format!("{}{name}: {module}{eol}", " ".repeat(indent));
        if !text[..at].ends_with('\n') {
            // The last line has no line break: the new line gets one before
            // it and, like the file, none after it.
            insert = format!("{eol}{}", insert.trim_end_matches(['\r', '\n']));
        }
        Ok(insert)
    };
    match &value.kind {
        Kind::Mapping {
            entries,
            flow: false,
        } if !entries.is_empty() => {
            let indent = line::column(text, entries[0].key.span.start);
            let last = entries
                .last()
                .map_or(value.span.end, |e| e.value.span.end.max(e.key.span.end));
            let at = line::next_line(text, last);
            let insert = insert_line(at, indent)?;
            edit::apply(text, &[Edit::replace(at..at, insert)]).map_err(|e| e.to_string())
        }
        Kind::Mapping {
            entries,
            flow: true,
        } => {
            let written = &text[value.span.clone()];
            let close = written
                .rfind('}')
                .ok_or("`tools:` is a flow mapping without its closing brace")?;
            let at = value.span.start + close;
            let before = text[value.span.start..at].trim_end();
            let separator = if entries.is_empty() || before.ends_with(',') {
                ""
            } else {
                ", "
            };
            let spaced = if before.ends_with(',') { " " } else { "" };
            edit::apply(
                text,
                &[Edit::replace(
                    at..at,
                    format!("{separator}{spaced}{name}: {module}"),
                )],
            )
            .map_err(|e| e.to_string())
        }
        _ if value.is_null() => {
            let mut edits = Vec::new();
            // An explicit `~` or `null` goes: the key now holds a mapping.
            if !value.span.is_empty() {
                let before = text[..value.span.start].trim_end_matches([' ', '\t']).len();
                edits.push(Edit::replace(before..value.span.end, ""));
            }
            let at = line::next_line(text, key.span.end);
            let indent = line::column(text, key.span.start) + 2;
            edits.push(Edit::replace(at..at, insert_line(at, indent)?));
            edit::apply(text, &edits).map_err(|e| e.to_string())
        }
        _ => Err(format!(
            "`tools:` holds {}, not a mapping of tool names to sources",
            value.kind_name()
        )),
    }
}

/// An override: the scalar at `value` (quotes included) becomes `module`,
/// in the same quote style; the rest of the line (a comment) stays.
pub fn set_value(
    text: &str,
    value: std::ops::Range<usize>,
    module: &str,
) -> Result<String, String> {
    let written = text
        .get(value.clone())
        .ok_or("the entry's value is not where the parser put it")?;
    let replacement = match written.as_bytes().first() {
        Some(b'\'') => format!("'{module}'"),
        Some(b'"') => format!("\"{module}\""),
        _ => module.to_string(),
    };
    edit::apply(text, &[Edit::replace(value, replacement)]).map_err(|e| e.to_string())
}

/// A manifest's top-level keys and its `tools:` entries (name, value).
type Listing = (Vec<String>, Vec<(String, String)>);

fn listing(text: &str) -> Result<Listing, String> {
    let tree = yaml::parse(text)
        .map_err(|e| format!("the edited manifest would not parse: {}", e.message))?;
    let Some(tree) = tree else {
        return Ok((Vec::new(), Vec::new()));
    };
    let top = tree
        .entries()
        .ok_or("the manifest's top level is not a mapping")?;
    let keys = top
        .iter()
        .filter_map(|e| e.key.as_str().map(str::to_string))
        .collect();
    let tools = tree
        .get("tools")
        .and_then(|e| e.value.entries())
        .unwrap_or(&[])
        .iter()
        .filter_map(|e| {
            Some((
                e.key.as_str()?.to_string(),
                e.value.as_str().unwrap_or("").to_string(),
            ))
        })
        .collect();
    Ok((keys, tools))
}

/// `after` parses, keeps every top-level key (adding at most `tools`), and
/// lists under `tools:` what `before` listed with `name` set to `module`.
pub fn verify(before: &str, after: &str, name: &str, module: &str) -> Result<(), String> {
    let (old_keys, old_tools) = listing(before)?;
    let (mut new_keys, new_tools) = listing(after)?;
    let added_key = !old_keys.iter().any(|k| k == "tools");
    let mut expected: Vec<(String, String)> = if added_key {
        new_keys.retain(|k| k != "tools");
        BEEUNI_TOOLS
            .iter()
            .map(|t| (t.to_string(), format!("beeuni:{t}")))
            .collect()
    } else {
        old_tools
    };
    match expected.iter_mut().find(|(n, _)| n == name) {
        Some(entry) => entry.1 = module.to_string(),
        None => expected.push((name.to_string(), module.to_string())),
    }
    if old_keys != new_keys {
        return Err("the edit would change the manifest's top-level keys".into());
    }
    if new_tools != expected {
        return Err("the edit would change entries under `tools:` other than the new one".into());
    }
    Ok(())
}
