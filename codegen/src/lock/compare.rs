//! `validate --locked`: the loaded tools against `beeuni.lock`, as
//! diagnostics. Each tool whose description or schema changed, each tool
//! the lock lacks and each one it has that the project no longer declares
//! is one `lock/changed`, whose help carries a unified diff of that tool's
//! entry; a missing or unreadable lock is its own code.

use std::path::Path;

use checker::diagnostics::codes::{LOCK_CHANGED, LOCK_INVALID, LOCK_MISSING};
use checker::diagnostics::{Diagnostic, Location};
use similar::TextDiff;

use super::LOCK_FILE;
use super::format::{LockedTool, entry, entry_offset, parse};

/// A tool as it loaded now, with where the manifest declares it.
#[derive(Debug, Clone)]
pub struct CurrentTool {
    pub tool: LockedTool,
    pub declared: Option<Location>,
}

/// What differs between the lock at `lock_path` (its text, `None` when
/// there is no file) and the `current` tools. A tool named in `unloaded`
/// did not load, so nothing is known of its definition: it is not compared
/// (`validate --deep` says why it failed).
pub fn compare(
    lock_path: &Path,
    lock_text: Option<&str>,
    current: &[CurrentTool],
    unloaded: &[String],
) -> Vec<Diagnostic> {
    let Some(text) = lock_text else {
        return vec![
            Diagnostic::new(
                &LOCK_MISSING,
                format!("`--locked` needs {LOCK_FILE}, and the project has none"),
            )
            .help(format!(
                "run `beeuni lock` to record each tool's name, description and parameters, and commit {LOCK_FILE}"
            )),
        ];
    };
    let locked = match parse(text) {
        Ok(locked) => locked,
        Err(e) => {
            let end = (e.offset + 1).min(text.len()).max(e.offset);
            return vec![
                Diagnostic::new(
                    &LOCK_INVALID,
                    format!("{LOCK_FILE} cannot be read: {}", e.message),
                )
                .at(lock_path, e.offset..end)
                .help("run `beeuni lock` to write it again from the tools as they load"),
            ];
        }
    };
    let mut diagnostics = Vec::new();
    for now in current {
        let before = locked.iter().find(|l| l.name == now.tool.name);
        if before == Some(&now.tool) {
            continue;
        }
        let what = match before {
            None => format!("`{}` is not in {LOCK_FILE}", now.tool.name),
            Some(before) => format!(
                "`{}`'s {} differs from {LOCK_FILE}",
                now.tool.name,
                changed_parts(before, &now.tool)
            ),
        };
        let mut diagnostic = Diagnostic::new(&LOCK_CHANGED, what);
        diagnostic = match (
            &now.declared,
            before.and_then(|_| entry_offset(text, &now.tool.name)),
        ) {
            (_, Some(offset)) => diagnostic
                .at(lock_path, offset..line_end(text, offset))
                .label("locked here"),
            (Some(declared), None) => diagnostic
                .at(&declared.file, declared.span.clone())
                .label("declared here"),
            (None, None) => diagnostic,
        };
        diagnostics.push(diagnostic.help(help(before, Some(&now.tool))));
    }
    for before in &locked {
        let declared = current.iter().any(|c| c.tool.name == before.name);
        if declared || unloaded.contains(&before.name) {
            continue;
        }
        let mut diagnostic = Diagnostic::new(
            &LOCK_CHANGED,
            format!(
                "{LOCK_FILE} has `{}`, which the project no longer declares",
                before.name
            ),
        );
        if let Some(offset) = entry_offset(text, &before.name) {
            diagnostic = diagnostic
                .at(lock_path, offset..line_end(text, offset))
                .label("locked here");
        }
        diagnostics.push(diagnostic.help(help(Some(before), None)));
    }
    diagnostics
}

/// "description", "parameters" or both.
fn changed_parts(before: &LockedTool, now: &LockedTool) -> &'static str {
    match (
        before.description != now.description,
        before.parameters != now.parameters,
    ) {
        (true, true) => "description and parameters",
        (true, false) => "description",
        _ => "parameters",
    }
}

/// The way out, then the tool's entry as locked and as it is now, as a
/// unified diff: what a reviewer of `beeuni lock`'s change will read.
fn help(before: Option<&LockedTool>, now: Option<&LockedTool>) -> String {
    let name = before.or(now).map(|t| t.name.as_str()).unwrap_or_default();
    let shown = |tool: Option<&LockedTool>| {
        tool.map(|t| {
            let mut text = serde_json::to_string_pretty(&serde_json::json!({ name: entry(t) }))
                .unwrap_or_default();
            text.push('\n');
            text
        })
        .unwrap_or_default()
    };
    let (old, new) = (shown(before), shown(now));
    let diff = TextDiff::from_lines(&old, &new)
        .unified_diff()
        .context_radius(3)
        .header(
            &format!("{LOCK_FILE} ({name})"),
            &format!("loaded ({name})"),
        )
        .to_string();
    format!(
        "if the change is meant, run `beeuni lock` and commit {LOCK_FILE} with it:\n{}",
        diff.trim_end()
    )
}

/// The end of the line that starts at `offset`.
fn line_end(text: &str, offset: usize) -> usize {
    text[offset..]
        .find('\n')
        .map_or(text.len(), |at| offset + at)
}
