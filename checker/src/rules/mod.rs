//! The manifest rules of `beeuni validate` (SPEC 2.2). Each rule module owns
//! its diagnostics' constructors; this module runs them in a fixed order.
//! `fuzz` is the manifest fuzz target's body.

mod agent_tool_lists;
mod fuzz;
mod legacy;
pub mod lints;
mod tools;

pub use legacy::{LEGACY_TOOL_DIRS, LegacyFile, legacy_files};

use crate::diagnostics::Diagnostic;
use crate::project::Project;

pub use fuzz::fuzz_check_manifest;

/// Every manifest-level problem of a loaded project. Problems found while
/// loading (syntax, imports, wrong types) come from `project::load`.
pub fn check_manifest(project: &Project) -> Vec<Diagnostic> {
    let tool_set = project.tool_set();
    let mut diagnostics = tools::check(project, tool_set);
    diagnostics.extend(agent_tool_lists::check(project, tool_set));
    diagnostics.extend(legacy::check(project, tool_set));
    diagnostics
}
