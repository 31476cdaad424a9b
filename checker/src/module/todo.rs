//! The markers `beeuni tools migrate` leaves at each step it could not do:
//! `// TODO(beeuni migrate): …` on the line above. `validate` reports every
//! one still in a tool's files, so a step is not forgotten once the
//! migration's report has scrolled away; the migration's next run lists
//! them from the same scan.

use std::ops::Range;
use std::path::Path;

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::MODULE_MIGRATE_TODO;

/// What follows `//` on a marker line.
pub const MARKER: &str = "TODO(beeuni migrate):";

/// One marker: the span of its comment and the step it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Todo {
    pub span: Range<usize>,
    pub message: String,
}

/// The markers of a file: lines whose first code is `// TODO(beeuni migrate): …`.
pub fn todos(text: &str) -> Vec<Todo> {
    if !text.contains(MARKER) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("//")
            && let Some(message) = rest.trim_start().strip_prefix(MARKER)
        {
            let at = start + (line.len() - trimmed.len());
            let end = start + line.trim_end().len();
            out.push(Todo {
                span: at..end,
                message: message.trim().to_string(),
            });
        }
        start += line.len();
    }
    out
}

pub fn migrate_todo(file: &Path, todo: &Todo) -> Diagnostic {
    Diagnostic::new(
        &MODULE_MIGRATE_TODO,
        format!("a step `beeuni tools migrate` left to do: {}", todo.message),
    )
    .at(file, todo.span.clone())
    .label("left by `beeuni tools migrate`")
    .help("do the step, then delete the marker line")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_found_only_as_line_comments() {
        let text = "const a = 1\n  // TODO(beeuni migrate): read `KEY` from `context.env`\nconst s = '// TODO(beeuni migrate): no'\n";
        let found = todos(text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].message, "read `KEY` from `context.env`");
        assert_eq!(
            &text[found[0].span.clone()],
            "// TODO(beeuni migrate): read `KEY` from `context.env`"
        );
    }
}
