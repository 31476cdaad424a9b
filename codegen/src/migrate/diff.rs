//! What `--dry-run` shows: a unified diff per changed file.

use similar::TextDiff;

use super::Change;

/// The unified diff of one change, `a/` and `b/` prefixed as git writes them;
/// a new file comes from `/dev/null` and a deleted one goes to it.
pub fn unified(change: &Change) -> String {
    let before = change.before.as_deref().unwrap_or("");
    let after = change.after.as_deref().unwrap_or("");
    let old = match change.before {
        Some(_) => format!("a/{}", change.path),
        None => "/dev/null".to_string(),
    };
    let new = match change.after {
        Some(_) => format!("b/{}", change.path),
        None => "/dev/null".to_string(),
    };
    TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&old, &new)
        .to_string()
}
