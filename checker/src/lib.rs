//! The Beeuni project model and its static checks.
//!
//! This crate reads a project — `beeuni.yaml`, the files it imports, the tool
//! modules it declares — and answers two kinds of question: what the project
//! *is* (which tools a session gets, which agent sees which tool) and what is
//! *wrong* with it (a list of [`diagnostics::Diagnostic`]s). It never runs a
//! module, never prints, and never sees the CLI, the async runtime or the JS
//! engine.

pub mod diagnostics;
pub mod module;
pub mod project;
pub mod rules;
pub mod yaml;
