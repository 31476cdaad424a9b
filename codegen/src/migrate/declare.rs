//! Declaring the migrated tools under `tools:` (SPEC 2), with the same
//! byte-span editing as eject: the new entries are inserted, nothing else in
//! the file changes, and the result is parsed again to check it says what
//! it said before plus the new entries.
//!
//! With no `tools:` key anywhere, one is added to `beeuni.yaml` listing the
//! five Beeuni tools first: a project without the key gets all five (SPEC
//! 2.1), so adding it with only the migrated tools would remove them.

use checker::project::names::BEEUNI_TOOLS;
use checker::project::{MANIFEST_NAME, Project};
use checker::yaml::{self, Kind, Node};

use super::paths::shown;
use crate::edit::{self, Edit};
use crate::eject::line;

/// One entry to add.
#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    pub module: String,
    /// Where the tool came from, for the comment ending its line.
    pub from: String,
}

/// The manifest file that changes, its text before and after.
#[derive(Debug, Clone)]
pub struct Declared {
    pub file: String,
    pub before: String,
    pub after: String,
}

pub fn declare(project: &Project, entries: &[Entry]) -> Result<Option<Declared>, String> {
    if entries.is_empty() {
        return Ok(None);
    }
    // The root's own key when it has one, else the first import's.
    let key = project
        .tools_keys
        .iter()
        .find(|k| k.file == 0)
        .or(project.tools_keys.first());
    let (file, before, after) = match key {
        None => {
            let text = project.files.first().map_or("", |f| f.text.as_str());
            (
                MANIFEST_NAME.to_string(),
                text.to_string(),
                append_key(text, entries),
            )
        }
        Some(origin) => {
            let manifest = &project.files[origin.file];
            let tools = manifest
                .tree
                .get("tools")
                .ok_or("the `tools:` key is not where the parser put it")?;
            let after = add_entries(&manifest.text, &tools.key, &tools.value, entries)?;
            (
                shown(project.file_path(origin.file)),
                manifest.text.clone(),
                after,
            )
        }
    };
    verify(&before, &after, entries, key.is_none())?;
    Ok(Some(Declared {
        file,
        before,
        after,
    }))
}

fn comment(entry: &Entry) -> String {
    format!("# migrated from {}", entry.from)
}

fn append_key(text: &str, entries: &[Entry]) -> String {
    let (mut out, eol) = line::open_tools_key(text);
    for tool in BEEUNI_TOOLS {
        out.push_str(&format!("  {tool}: beeuni:{tool}{eol}"));
    }
    for entry in entries {
        out.push_str(&format!(
            "  {}: {}  {}{eol}",
            entry.name,
            entry.module,
            comment(entry)
        ));
    }
    out
}

fn add_entries(text: &str, key: &Node, value: &Node, entries: &[Entry]) -> Result<String, String> {
    let eol = line::ending(text);
    let lines = |indent: &str| -> String {
        entries
            .iter()
            .map(|e| format!("{indent}{}: {}  {}{eol}", e.name, e.module, comment(e)))
            .collect()
    };
    let flow = |entries_text: String| -> Result<String, String> {
        let written = &text[value.span.clone()];
        let close = written
            .rfind('}')
            .ok_or("`tools:` is a flow mapping without its closing brace")?;
        let at = value.span.start + close;
        edit::apply(text, &[Edit::replace(at..at, entries_text)]).map_err(|e| e.to_string())
    };
    match &value.kind {
        Kind::Mapping {
            entries: existing,
            flow: false,
        } if !existing.is_empty() => {
            let indent = " ".repeat(line::column(text, existing[0].key.span.start));
            let last = existing
                .last()
                .map_or(value.span.end, |e| e.value.span.end.max(e.key.span.end));
            let at = line::next_line(text, last);
            let mut insert = lines(&indent);
            if !text[..at].ends_with('\n') {
                insert.insert_str(0, eol);
                insert.truncate(insert.len() - eol.len());
            }
            edit::apply(text, &[Edit::replace(at..at, insert)]).map_err(|e| e.to_string())
        }
        Kind::Mapping {
            entries: existing,
            flow: true,
        } => {
            let listed = entries
                .iter()
                .map(|e| format!("{}: {}", e.name, e.module))
                .collect::<Vec<_>>()
                .join(", ");
            if existing.is_empty() {
                flow(listed)
            } else {
                flow(format!(", {listed}"))
            }
        }
        _ if value.is_null() => {
            let indent = " ".repeat(line::column(text, key.span.start) + 2);
            let mut edits = Vec::new();
            if !value.span.is_empty() {
                let before = text[..value.span.start].trim_end_matches([' ', '\t']).len();
                edits.push(Edit::replace(before..value.span.end, ""));
            }
            let after_key = line::next_line(text, key.span.end);
            let mut insert = lines(&indent);
            if !text[..after_key].ends_with('\n') {
                insert.insert_str(0, eol);
                insert.truncate(insert.len() - eol.len());
            }
            edits.push(Edit::replace(after_key..after_key, insert));
            edit::apply(text, &edits).map_err(|e| e.to_string())
        }
        _ => Err(format!(
            "`tools:` holds {}, which the migration cannot add entries to",
            value.kind_name()
        )),
    }
}

/// A manifest's top-level keys and its `tools:` entries (name, value).
type Listing = (Vec<String>, Vec<(String, String)>);

/// The new text parses, keeps every top-level key, and lists under `tools:`
/// what the old one listed followed by the new entries.
fn verify(before: &str, after: &str, entries: &[Entry], added_key: bool) -> Result<(), String> {
    let listed = |text: &str| -> Result<Listing, String> {
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
    };
    let (old_keys, mut expected) = listed(before)?;
    let (mut new_keys, tools) = listed(after)?;
    if added_key {
        new_keys.retain(|k| k != "tools");
        expected = BEEUNI_TOOLS
            .iter()
            .map(|t| (t.to_string(), format!("beeuni:{t}")))
            .collect();
    }
    if old_keys != new_keys {
        return Err("the edit would change the manifest's top-level keys".into());
    }
    expected.extend(entries.iter().map(|e| (e.name.clone(), e.module.clone())));
    if tools != expected {
        return Err(
            "the edit would change entries under `tools:` other than the added ones".into(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> Vec<Entry> {
        vec![Entry {
            name: "lookup".into(),
            module: "tools/lookup.ts".into(),
            from: "harnesses/opencode/tools/lookup.ts".into(),
        }]
    }

    fn added(text: &str) -> String {
        let tree = yaml::parse(text).unwrap().unwrap();
        let tools = tree.get("tools").unwrap();
        let after = add_entries(text, &tools.key, &tools.value, &entries()).unwrap();
        verify(text, &after, &entries(), false).unwrap();
        after
    }

    #[test]
    fn a_block_map_gets_lines_after_its_last_entry_with_its_indent() {
        assert_eq!(
            added("tools:\n    show: beeuni:show   # kept\n# trailing\nagents: {}\n"),
            "tools:\n    show: beeuni:show   # kept\n    lookup: tools/lookup.ts  # migrated from harnesses/opencode/tools/lookup.ts\n# trailing\nagents: {}\n"
        );
        assert_eq!(
            added("tools:\r\n  show: beeuni:show"),
            "tools:\r\n  show: beeuni:show\r\n  lookup: tools/lookup.ts  # migrated from harnesses/opencode/tools/lookup.ts"
        );
    }

    #[test]
    fn flow_maps_and_null_keys() {
        assert_eq!(
            added("tools: {show: beeuni:show}\n"),
            "tools: {show: beeuni:show, lookup: tools/lookup.ts}\n"
        );
        assert_eq!(added("tools: {}\n"), "tools: {lookup: tools/lookup.ts}\n");
        assert_eq!(
            added("tools: ~\nagents: {}\n"),
            "tools:\n  lookup: tools/lookup.ts  # migrated from harnesses/opencode/tools/lookup.ts\nagents: {}\n"
        );
    }

    #[test]
    fn no_key_lists_the_five_beeuni_tools_first() {
        let after = append_key("agents: {}", &entries());
        assert!(
            after.starts_with("agents: {}\ntools:\n  web_search: beeuni:web_search\n"),
            "{after}"
        );
        assert!(after.ends_with(
            "  lookup: tools/lookup.ts  # migrated from harnesses/opencode/tools/lookup.ts\n"
        ));
        verify("agents: {}", &after, &entries(), true).unwrap();
    }
}
