//! The static checks of tool modules: every declared module is parsed with
//! swc and checked against the tool contract (SPEC §5), and the whole graph
//! of files it imports is followed and resolved the way Bun resolves it in
//! the sandbox. Nothing here runs a module; what only running can show is
//! reported as a note "checked at load time".
//!
//! Whether a declared path exists and stays inside the repository is the
//! manifest layer's check; this module skips such paths silently.
//!
//! Map: `read` (bytes to text), `parse` (swc, and the guard against deep
//! nesting), `ast` (literal values off the tree), `contract` (the default
//! export), `scan` (the one walk that feeds
//! `imports::collect` and `env`), `todo` (the markers `tools migrate` leaves), `imports::resolve` (Bun's resolution, via
//! oxc_resolver), `git` (tracked files), `graph` (the parallel walk over every
//! tool's files and the report), `fuzz` (the fuzz target's body).

pub mod ast;
pub mod contract;
pub mod env;
mod fuzz;
pub mod git;
mod graph;
pub mod imports;
pub mod nesting;
pub mod parse;
pub mod read;
pub mod regex;
pub mod scan;
pub mod todo;

use std::path::{Path, PathBuf};

use crate::diagnostics::codes::{
    IMPORT_HARNESS_PACKAGE, IMPORT_NON_LITERAL, IMPORT_NOT_PROVIDED, IMPORT_UNKNOWN_BUILTIN,
    IMPORT_UNRESOLVED_MODULE, IMPORT_UNRESOLVED_PACKAGE, IMPORT_UNTRACKED,
    MODULE_CHECKED_AT_LOAD_TIME, MODULE_DEFAULT_EXPORT_NOT_OBJECT, MODULE_EXECUTE_ARITY,
    MODULE_INVALID_DESCRIPTION, MODULE_INVALID_EXECUTE, MODULE_INVALID_PARAMETERS,
    MODULE_INVALID_PROPERTIES, MODULE_INVALID_REQUIRED, MODULE_JSX_UNSUPPORTED,
    MODULE_LEGACY_OPENCODE_TOOL, MODULE_MIGRATE_TODO, MODULE_MISSING_DESCRIPTION,
    MODULE_MISSING_EXECUTE, MODULE_MISSING_PARAMETERS, MODULE_NO_DEFAULT_EXPORT,
    MODULE_PROCESS_ENV, MODULE_SYNTAX_ERROR, MODULE_TOO_DEEPLY_NESTED, MODULE_TOO_LARGE,
    MODULE_UNREADABLE, MODULE_UNTRACKED,
};
use crate::diagnostics::{Code, Diagnostic, Location, Sources};

/// Every code [`check_modules`] can emit; each has a fixture under
/// `tests/fixtures/modules/` or a test that fires it.
pub static CODES: &[&Code] = &[
    &MODULE_UNREADABLE,
    &MODULE_TOO_LARGE,
    &MODULE_JSX_UNSUPPORTED,
    &MODULE_SYNTAX_ERROR,
    &MODULE_TOO_DEEPLY_NESTED,
    &MODULE_NO_DEFAULT_EXPORT,
    &MODULE_DEFAULT_EXPORT_NOT_OBJECT,
    &MODULE_LEGACY_OPENCODE_TOOL,
    &MODULE_MISSING_DESCRIPTION,
    &MODULE_INVALID_DESCRIPTION,
    &MODULE_MISSING_PARAMETERS,
    &MODULE_INVALID_PARAMETERS,
    &MODULE_INVALID_PROPERTIES,
    &MODULE_INVALID_REQUIRED,
    &MODULE_MISSING_EXECUTE,
    &MODULE_INVALID_EXECUTE,
    &MODULE_EXECUTE_ARITY,
    &MODULE_CHECKED_AT_LOAD_TIME,
    &MODULE_PROCESS_ENV,
    &MODULE_MIGRATE_TODO,
    &IMPORT_NON_LITERAL,
    &IMPORT_UNKNOWN_BUILTIN,
    &IMPORT_NOT_PROVIDED,
    &IMPORT_HARNESS_PACKAGE,
    &IMPORT_UNRESOLVED_PACKAGE,
    &IMPORT_UNRESOLVED_MODULE,
    &IMPORT_UNTRACKED,
    &MODULE_UNTRACKED,
];

pub use fuzz::fuzz_check_source;

/// A tool the manifest declares with a module path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleRef {
    pub tool: String,
    /// Relative to the project root, as declared.
    pub path: PathBuf,
    /// The manifest entry declaring it. Contract diagnostics point there in
    /// a related label; the manifest's text is the caller's to add to the
    /// report's [`Sources`], which holds module files only.
    pub declared_at: Option<Location>,
}

#[derive(Debug, Default)]
pub struct ModuleReport {
    /// Sorted as [`crate::diagnostics::sort`] sorts, so the output is the
    /// same on every run whatever the thread timing.
    pub diagnostics: Vec<Diagnostic>,
    /// The text of every module file a diagnostic points into, keyed by its
    /// root-relative path with `/`.
    pub sources: Sources,
}

/// Reads and parses `files` (absolute paths) in parallel and does nothing
/// else: the floor `cargo xtask bench check` measures [`check_modules`]
/// against. Returns how many parsed without error.
pub fn parse_only(files: &[PathBuf]) -> usize {
    graph::parse_only(files)
}

/// Checks the modules of `modules`, and every file they import, in parallel.
/// Each file is read and parsed once however many tools load it.
pub fn check_modules(project_root: &Path, modules: &[ModuleRef]) -> ModuleReport {
    graph::check(project_root, modules)
}
