//! The lasting form of a manual step: a `// TODO(beeuni migrate): …` line
//! above the line that needs it, in every file the migration writes, and
//! the list of markers still open in the modules folder (a second run and
//! `validate` read the same markers; see `checker::module::todo`).

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use checker::module::todo::{MARKER, todos};
use checker::project::names::has_module_extension;

use super::paths::shown;
use super::report::Note;
use super::{Change, ToolLine};

/// How deep the modules folder is searched for markers.
const MAX_DEPTH: usize = 8;

/// Puts a marker above each manual step of a written file and points the
/// step's note at it. A step in a file that is not written (a helper left
/// where it is, outside the legacy folder) is marked at the top of the
/// tool's module, naming where it is.
pub(super) fn mark(tools: &mut [ToolLine], changes: &mut [Change]) {
    let written: HashMap<String, usize> = changes
        .iter()
        .enumerate()
        .filter(|(_, c)| c.after.is_some())
        .map(|(i, c)| (c.path.clone(), i))
        .collect();
    let mut steps: BTreeMap<String, Vec<(usize, String)>> = BTreeMap::new();
    for tool in tools.iter() {
        let Some(module) = &tool.module else { continue };
        for note in tool.notes.iter().filter(|n| n.manual) {
            if written.contains_key(&note.file) {
                steps
                    .entry(note.file.clone())
                    .or_default()
                    .push((note.line, note.message.clone()));
            } else if let Some(home) = home_of(tool, module, &written) {
                steps
                    .entry(home)
                    .or_default()
                    .push((1, format!("{}:{}: {}", note.file, note.line, note.message)));
            }
        }
    }
    let mut moved: HashMap<(String, usize, String), usize> = HashMap::new();
    for (file, mut wanted) in steps {
        wanted.sort();
        wanted.dedup();
        let change = &mut changes[written[&file]];
        let Some(text) = change.after.as_deref() else {
            continue;
        };
        let (marked, lines) = insert(text, &wanted);
        change.after = Some(marked);
        for ((line, message), at) in wanted.into_iter().zip(lines) {
            moved.insert((file.clone(), line, message), at);
        }
    }
    for tool in tools.iter_mut() {
        for note in tool.notes.iter_mut().filter(|n| n.manual) {
            let key = (note.file.clone(), note.line, note.message.clone());
            if let Some(&at) = moved.get(&key) {
                note.line = at;
            }
        }
    }
}

/// The written module a tool's outside step is marked in: the shared module
/// its declared wrapper re-exports, or the module itself.
fn home_of(tool: &ToolLine, module: &str, written: &HashMap<String, usize>) -> Option<String> {
    tool.notes
        .iter()
        .map(|n| n.file.clone())
        .find(|f| written.contains_key(f))
        .or_else(|| written.contains_key(module).then(|| module.to_string()))
}

/// `text` with a marker line above each `(line, message)`; the line each
/// marker lands on. A line inside a template literal is not a place for a
/// comment, so such a marker goes above the template's first line.
pub(super) fn insert(text: &str, steps: &[(usize, String)]) -> (String, Vec<usize>) {
    let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let safe = safe_line_starts(text, lines.len());
    let existing: Vec<String> = todos(text).into_iter().map(|t| t.message).collect();
    let mut at_line: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    let mut targets = Vec::new();
    for (line, message) in steps {
        let mut target = (*line).clamp(1, lines.len().max(1));
        while target > 1 && !safe.get(target - 1).copied().unwrap_or(true) {
            target -= 1;
        }
        targets.push(target);
        if !existing.iter().any(|e| e == message) {
            at_line.entry(target).or_default().push(message);
        }
    }
    let mut out = String::with_capacity(text.len() + steps.len() * 80);
    let mut shift = BTreeMap::new();
    let mut added = 0;
    for (index, line) in lines.iter().enumerate() {
        let number = index + 1;
        if let Some(messages) = at_line.get(&number) {
            let indent: String = line
                .chars()
                .take_while(|c| *c == ' ' || *c == '\t')
                .collect();
            for message in messages {
                out.push_str(&format!("{indent}// {MARKER} {message}{eol}"));
            }
            shift.insert(number, added);
            added += messages.len();
        }
        out.push_str(line);
    }
    if lines.is_empty() {
        for messages in at_line.values() {
            for message in messages {
                out.push_str(&format!("// {MARKER} {message}{eol}"));
            }
        }
    }
    // Each marker's line: the block above its target, in order.
    let mut seen: HashMap<usize, usize> = HashMap::new();
    let placed = steps
        .iter()
        .zip(&targets)
        .map(|((_, message), &target)| {
            let before = shift.get(&target).copied().unwrap_or(added);
            let index = at_line
                .get(&target)
                .and_then(|m| m.iter().position(|x| x == message))
                .unwrap_or_else(|| {
                    let n = seen.entry(target).or_default();
                    *n += 1;
                    0
                });
            target + before + index
        })
        .collect();
    (out, placed)
}

/// For each line, whether it starts outside a template literal (where a
/// comment line changes nothing at run time).
fn safe_line_starts(text: &str, count: usize) -> Vec<bool> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(count);
    out.push(true);
    let mut in_template = false;
    let mut quote: Option<u8> = None;
    let mut line_comment = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' {
            line_comment = false;
            quote = None;
            out.push(!in_template);
            i += 1;
            continue;
        }
        if line_comment {
            i += 1;
            continue;
        }
        match (b, quote, in_template) {
            (b'\\', _, _) => i += 1,
            (b'`', None, _) => in_template = !in_template,
            (b'\'' | b'"', None, false) => quote = Some(b),
            (q, Some(open), _) if q == open => quote = None,
            (b'/', None, false) if bytes.get(i + 1) == Some(&b'/') => line_comment = true,
            _ => {}
        }
        i += 1;
    }
    out
}

/// The markers open in the modules folder `to`, as the files will be: the
/// planned texts of `changes`, the others as on disk.
pub(super) fn open(root: &Path, to: &Path, changes: &[Change]) -> Vec<Note> {
    let mut texts: BTreeMap<String, String> = BTreeMap::new();
    walk(root, to, 0, &mut texts);
    for change in changes {
        match &change.after {
            Some(after) => {
                texts.insert(change.path.clone(), after.clone());
            }
            None => {
                texts.remove(&change.path);
            }
        }
    }
    texts
        .iter()
        .filter(|(path, _)| has_module_extension(path))
        .flat_map(|(path, text)| {
            todos(text).into_iter().map(move |t| Note {
                file: path.clone(),
                line: text[..t.span.start].matches('\n').count() + 1,
                message: t.message,
                manual: true,
            })
        })
        .collect()
}

fn walk(root: &Path, dir: &Path, depth: usize, out: &mut BTreeMap<String, String>) {
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = dir.join(&name);
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            if depth < MAX_DEPTH && !name.starts_with('.') && name != "node_modules" {
                walk(root, &path, depth + 1, out);
            }
        } else if kind.is_file()
            && has_module_extension(&name)
            && let Ok(text) = checker::module::read::read_module(&root.join(&path), &path)
        {
            out.insert(shown(&path), text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_go_above_their_lines_and_not_into_templates() {
        let text = "a\n  b\nconst t = `x\ny`\nc\n";
        let (out, lines) = insert(
            text,
            &[(2, "one".into()), (4, "two".into()), (5, "three".into())],
        );
        assert_eq!(
            out,
            "a\n  // TODO(beeuni migrate): one\n  b\n// TODO(beeuni migrate): two\nconst t = `x\ny`\n// TODO(beeuni migrate): three\nc\n"
        );
        assert_eq!(lines, vec![2, 4, 7]);
        let (again, _) = insert(&out, &[(3, "one".into())]);
        assert_eq!(again, out, "a marker is written once");
    }
}
