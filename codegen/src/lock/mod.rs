//! `beeuni.lock`: the definitions every agent sees (each project tool's
//! name, description and parameters schema), recorded for review.
//!
//! A change to a description or a schema changes what every model reads,
//! and nothing in a module's diff says so plainly; the lock makes it a
//! reviewed line of its own. [`format`] owns the file's text, [`compare`]
//! turns the difference between the lock and the loaded tools into
//! diagnostics (`validate --locked`), and [`write`] rewrites it
//! (`beeuni lock`). The plugin and the daemon never read it: they serve
//! what the modules say.

mod compare;
mod format;

use std::path::Path;

pub use compare::{CurrentTool, compare};
pub use format::{LockError, LockedTool, parse, render};

/// The lock's file name, at the project root beside `beeuni.yaml`.
pub const LOCK_FILE: &str = "beeuni.lock";

/// Writes the lock of `tools` at the root of the project at `root`
/// atomically, refusing a link that leads out of the repository.
pub fn write(root: &Path, tools: &[LockedTool]) -> Result<(), crate::atomic::WriteError> {
    crate::atomic::write_inside(root, &root.join(LOCK_FILE), render(tools).as_bytes())
}

#[cfg(test)]
mod tests;
