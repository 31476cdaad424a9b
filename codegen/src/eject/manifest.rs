//! The text edits eject makes to a manifest file, one function per shape of
//! the `tools:` key, and the check that the edited text still says what it
//! said before except for the one entry.
//!
//! Every function edits by byte span and returns the whole new text; nothing
//! here re-serialises YAML, so comments, quoting, indentation, key order and
//! line endings outside the changed line stay as they were.

use checker::project::names::BEEUNI_TOOLS;
use checker::yaml::{self, Kind, Node};

use crate::edit::{self, Edit};

use super::line;

/// The comment that ends the changed line.
pub fn marker(name: &str) -> String {
    format!("# ejected from beeuni:{name}")
}

/// Replaces the value at `value` (a scalar's span, quotes included) with
/// `target`, keeping its quote style, and ends its line with the marker.
pub fn set_value(
    text: &str,
    value: std::ops::Range<usize>,
    name: &str,
    target: &str,
) -> Result<String, String> {
    let written = text
        .get(value.clone())
        .ok_or("the entry's value is not where the parser put it")?;
    let replacement = match written.as_bytes().first() {
        Some(b'\'') => format!("'{target}'"),
        Some(b'"') => format!("\"{target}\""),
        _ => target.to_string(),
    };
    let edits = [
        Edit::replace(value.clone(), replacement),
        mark_line(text, value.end, name),
    ];
    edit::apply(text, &edits).map_err(|e| e.to_string())
}

/// Ends the line holding `offset` with the marker. A trailing comment there
/// described the old value (e.g. "maintained by Beeuni"), so the marker
/// takes its place, at the same column; otherwise it follows two spaces.
fn mark_line(text: &str, offset: usize, name: &str) -> Edit {
    let end = line::content_end(text, offset);
    let rest = &text[offset..end];
    match line::comment_start(rest) {
        Some(hash) => Edit::replace(offset + hash..end, marker(name)),
        None => Edit::replace(
            offset + rest.trim_end().len()..end,
            format!("  {}", marker(name)),
        ),
    }
}

/// Adds the entry to a `tools:` key that lists nothing: `tools: {}` becomes a
/// one-entry flow map on the same line; a null `tools:` gets an indented line
/// under it.
pub fn add_to_empty(
    text: &str,
    tools_key: &Node,
    tools_value: &Node,
    name: &str,
    target: &str,
) -> Result<String, String> {
    if tools_value.entries().is_some_and(<[_]>::is_empty) {
        // `{}`, possibly after an anchor or tag (`&a {}`, `!!map {}`), which stay.
        let written = &text[tools_value.span.clone()];
        let open = written
            .rfind('{')
            .filter(|_| written.ends_with('}'))
            .ok_or("`tools:` is an empty mapping eject cannot find the braces of")?;
        let braces = tools_value.span.start + open..tools_value.span.end;
        let edits = [
            Edit::replace(braces, format!("{{{name}: {target}}}")),
            mark_line(text, tools_value.span.end, name),
        ];
        return edit::apply(text, &edits).map_err(|e| e.to_string());
    }
    if !tools_value.is_null() {
        return Err(format!(
            "`tools:` holds {}, which eject cannot add an entry to",
            tools_value.kind_name()
        ));
    }
    let eol = line::ending(text);
    let indent = " ".repeat(line::column(text, tools_key.span.start) + 2);
    let entry = format!("{indent}{name}: {target}  {}", marker(name));
    let mut edits = Vec::new();
    // An explicit `~` or `null` goes: the key now holds a mapping.
    if !tools_value.span.is_empty() {
        let before = text[..tools_value.span.start]
            .trim_end_matches([' ', '\t'])
            .len();
        edits.push(Edit::replace(before..tools_value.span.end, ""));
    }
    let after_key = line::next_line(text, tools_key.span.end);
    if text[..after_key].ends_with('\n') {
        edits.push(Edit::replace(after_key..after_key, format!("{entry}{eol}")));
    } else {
        edits.push(Edit::replace(after_key..after_key, format!("{eol}{entry}")));
    }
    edit::apply(text, &edits).map_err(|e| e.to_string())
}

/// Appends a `tools:` key listing the five Beeuni tools, `name` as `target`
/// and the others as `beeuni:<name>`, so the project keeps every tool it had.
pub fn append_tools_key(text: &str, name: &str, target: &str) -> String {
    let (mut out, eol) = line::open_tools_key(text);
    for tool in BEEUNI_TOOLS {
        if tool == name {
            out.push_str(&format!("  {tool}: {target}  {}{eol}", marker(name)));
        } else {
            out.push_str(&format!("  {tool}: beeuni:{tool}{eol}"));
        }
    }
    out
}

/// Checks that `after` parses and holds what `before` held, except that the
/// tool `name` is now `target` (added if it was absent, with the `tools:` key
/// itself added if that was absent). A shape this module does not expect (a
/// flow-style document, a multi-line quoted string next to the entry) fails
/// here rather than reaching the disk.
pub fn verify(before: &str, after: &str, name: &str, target: &str) -> Result<(), String> {
    let old = yaml::parse(before).map_err(|e| e.message)?;
    let new = match yaml::parse(after) {
        Ok(Some(tree)) => tree,
        Ok(None) => return Err("the edited file holds no YAML document".into()),
        Err(e) => return Err(format!("the edited file would not parse: {}", e.message)),
    };
    let new_entries = new
        .entries()
        .ok_or("the edited file's top level is not a mapping")?;
    let old_entries = match &old {
        Some(tree) => tree
            .entries()
            .ok_or("the file's top level is not a mapping")?,
        None => &[],
    };
    let old_keys: Vec<String> = old_entries.iter().map(|e| shape(&e.key)).collect();
    let mut new_keys: Vec<String> = new_entries.iter().map(|e| shape(&e.key)).collect();
    if old.as_ref().is_none_or(|t| t.get("tools").is_none())
        && new_keys.last().map(String::as_str) == Some("tools")
    {
        new_keys.pop();
    }
    if old_keys != new_keys {
        return Err("the edit would change the file's top-level keys".into());
    }
    for (old_entry, new_entry) in old_entries.iter().zip(new_entries) {
        if old_entry.key.as_str() != Some("tools")
            && shape(&old_entry.value) != shape(&new_entry.value)
        {
            return Err(format!("the edit would change `{}`", shape(&old_entry.key)));
        }
    }
    let listed = |tree: Option<&Node>| -> Vec<(String, String)> {
        let tools = tree.and_then(|t| t.get("tools")).map(|e| &e.value);
        tools
            .and_then(Node::entries)
            .unwrap_or(&[])
            .iter()
            .map(|e| (shape(&e.key), shape(&e.value)))
            .collect()
    };
    let mut expected = if old.as_ref().and_then(|t| t.get("tools")).is_none() {
        BEEUNI_TOOLS
            .iter()
            .map(|tool| (tool.to_string(), format!("beeuni:{tool}")))
            .collect()
    } else {
        listed(old.as_ref())
    };
    match expected.iter_mut().find(|(key, _)| key == name) {
        Some(entry) => entry.1 = target.to_string(),
        None => expected.push((name.to_string(), target.to_string())),
    }
    if listed(Some(&new)) != expected {
        return Err(
            "the edit would change entries under `tools:` other than the ejected one".into(),
        );
    }
    Ok(())
}

/// A node's content without positions or quoting, for comparing two parses.
fn shape(node: &Node) -> String {
    match &node.kind {
        Kind::Scalar { value, .. } => value.clone(),
        Kind::Alias => "*".into(),
        Kind::Sequence { items, .. } => format!(
            "[{}]",
            items.iter().map(shape).collect::<Vec<_>>().join(", ")
        ),
        Kind::Mapping { entries, .. } => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|e| format!("{}: {}", shape(&e.key), shape(&e.value)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tools_of(text: &str) -> (Node, Node) {
        let tree = yaml::parse(text).unwrap().unwrap();
        let entry = tree.get("tools").unwrap();
        (entry.key.clone(), entry.value.clone())
    }

    fn value_span(text: &str, name: &str) -> std::ops::Range<usize> {
        let (_, tools) = tools_of(text);
        tools.get(name).unwrap().value.span.clone()
    }

    /// `web_search` pointed at `tools/web_search.ts`, checked by `verify`.
    fn eject_web_search(text: &str) -> String {
        let after = set_value(
            text,
            value_span(text, "web_search"),
            "web_search",
            "tools/web_search.ts",
        )
        .unwrap();
        verify(text, &after, "web_search", "tools/web_search.ts").unwrap();
        after
    }

    #[test]
    fn set_value_keeps_quotes_and_replaces_the_trailing_comment() {
        let text = "tools:\n  web_search: 'beeuni:web_search'   # maintained by Beeuni\n";
        let after = eject_web_search(text);
        assert_eq!(
            after,
            "tools:\n  web_search: 'tools/web_search.ts'   # ejected from beeuni:web_search\n"
        );
    }

    #[test]
    fn set_value_in_a_flow_map_marks_the_end_of_the_line() {
        let text = "tools: {web_search: beeuni:web_search, memory: \"beeuni:memory\"}\r\n";
        let after = eject_web_search(text);
        assert_eq!(
            after,
            "tools: {web_search: tools/web_search.ts, memory: \"beeuni:memory\"}  # ejected from beeuni:web_search\r\n"
        );
    }

    #[test]
    fn explicit_null_is_replaced_by_an_entry_line() {
        let text = "tools: ~   # none\nagents: {}";
        let (key, value) = tools_of(text);
        let after = add_to_empty(text, &key, &value, "memory", "tools/memory.ts").unwrap();
        assert_eq!(
            after,
            "tools:   # none\n  memory: tools/memory.ts  # ejected from beeuni:memory\nagents: {}"
        );
        verify(text, &after, "memory", "tools/memory.ts").unwrap();
    }

    #[test]
    fn a_null_key_on_the_last_line_without_a_line_break() {
        let text = "agents: {}\r\ntools:";
        let (key, value) = tools_of(text);
        let after = add_to_empty(text, &key, &value, "show", "tools/show.ts").unwrap();
        assert_eq!(
            after,
            "agents: {}\r\ntools:\r\n  show: tools/show.ts  # ejected from beeuni:show"
        );
        verify(text, &after, "show", "tools/show.ts").unwrap();
    }

    #[test]
    fn verify_rejects_an_edit_that_changes_anything_else() {
        let before =
            "tools:\n  memory: beeuni:memory\n  show: beeuni:show\nagents: {a: {tools: all}}\n";
        let ok =
            "tools:\n  memory: tools/memory.ts\n  show: beeuni:show\nagents: {a: {tools: all}}\n";
        verify(before, ok, "memory", "tools/memory.ts").unwrap();
        let other_entry =
            "tools:\n  memory: tools/memory.ts\n  show: x.ts\nagents: {a: {tools: all}}\n";
        assert!(verify(before, other_entry, "memory", "tools/memory.ts").is_err());
        let other_key =
            "tools:\n  memory: tools/memory.ts\n  show: beeuni:show\nagents: {a: {tools: none}}\n";
        assert!(verify(before, other_key, "memory", "tools/memory.ts").is_err());
        assert!(verify(before, "tools: [", "memory", "tools/memory.ts").is_err());
    }
}
