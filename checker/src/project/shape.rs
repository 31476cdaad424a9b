//! The YAML-shape diagnostics every key reader shares: a value of the wrong
//! kind, and a key that repeats in one mapping.

use std::collections::HashMap;
use std::path::Path;

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::{DUPLICATE_KEY, WRONG_TYPE};
use crate::yaml::Node;

pub(super) fn wrong_type(file: &Path, node: &Node, what: &str, expected: &str) -> Diagnostic {
    Diagnostic::new(
        &WRONG_TYPE,
        format!("{what} must be {expected}, found {}", node.kind_name()),
    )
    .at(file, node.span.clone())
    .label(format!("{} here", node.kind_name()))
    .help(format!("write {what} as {expected}"))
}

fn duplicate_key(file: &Path, key: &Node, first: &Node, name: &str) -> Diagnostic {
    Diagnostic::new(
        &DUPLICATE_KEY,
        format!("`{name}` appears twice in the same mapping"),
    )
    .at(file, key.span.clone())
    .label("second occurrence")
    .related(file, first.span.clone(), "first occurrence")
    .help("YAML keeps only one of the two values: remove or merge one of them")
}

/// Reports keys that repeat within one mapping.
pub(super) fn check_duplicate_keys(file: &Path, mapping: &Node, diagnostics: &mut Vec<Diagnostic>) {
    let Some(entries) = mapping.entries() else {
        return;
    };
    // A set, not a scan of the keys before each one: `tools:` may hold thousands.
    let mut first_of: HashMap<&str, &Node> = HashMap::new();
    for entry in entries {
        let Some(name) = entry.key.as_str() else {
            continue;
        };
        match first_of.get(name) {
            Some(first) => diagnostics.push(duplicate_key(file, &entry.key, first, name)),
            None => {
                first_of.insert(name, &entry.key);
            }
        }
    }
}
