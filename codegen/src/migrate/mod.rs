//! `beeuni tools migrate` (SPEC 8): legacy opencode tools in
//! `harnesses/opencode/tools/` become declared tool modules.
//!
//! [`plan`] decides everything without touching the disk: which files are
//! copies of Beeuni tools (deleted), which define tools (rewritten by span
//! and moved to `tools/`, helper modules they import moving with them), the
//! declared names, the manifest's new text, and one report line per tool.
//! [`MigratePlan::apply`] writes it all or nothing. Arguments the static pass
//! cannot convert are listed in [`MigratePlan::pending_evaluation`]: the
//! caller may run them (this crate never runs code) and plan again with the
//! schemas it got.
//!
//! Map: `discover` (the legacy files), `legacy` (what a file exports),
//! `schema` (zod → JSON Schema), `literal` (JSON → JS text), `execute`
//! (context and env edits), `hoist` (secrets read at the top, moved into `execute`), `results` (helpers building opencode's result object), `analyze` (one file's facts and edits), `moves`
//! (what moves where), `barrels` (files that re-export tools), `imports` (specifiers after a move), `wrapper`
//! (a named tool's own module), `notes` (lines of findings), `naming`, `paths`, `declare`
//! (the manifest), `apply`, `report`, `diff`.

mod analyze;
mod apply;
mod barrels;
mod declare;
mod diff;
mod discover;
mod execute;
mod hoist;
mod imports;
mod legacy;
mod literal;
mod moves;
mod naming;
mod notes;
mod paths;
mod report;
mod results;
mod schema;
#[cfg(test)]
mod tests;
mod thread;
mod todo;
mod wrapper;

use std::collections::HashMap;
use std::ops::Range;
use std::path::PathBuf;

use checker::project::Project;

pub use analyze::Evaluated;
pub use apply::ApplyError;
pub use legacy::{Export, PLUGIN_PACKAGE};
pub use report::{Note, Report, Status, ToolLine};

/// Where to migrate from and to, relative to the project root.
#[derive(Debug, Clone)]
pub struct Config {
    /// The legacy folder; both of SPEC 8's folders when `None`.
    pub from: Option<PathBuf>,
    /// Where the modules go (`tools`).
    pub to: PathBuf,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            from: None,
            to: PathBuf::from("tools"),
        }
    }
}

/// Something the rewrite noticed, at a byte span of the file it analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub span: Range<usize>,
    pub message: String,
    /// Left for the user to do; otherwise only worth knowing.
    pub manual: bool,
}

impl Finding {
    pub fn note(span: Range<usize>, message: impl Into<String>) -> Finding {
        Finding {
            span,
            message: message.into(),
            manual: false,
        }
    }

    pub fn manual(span: Range<usize>, message: impl Into<String>) -> Finding {
        Finding {
            span,
            message: message.into(),
            manual: true,
        }
    }
}

/// One file the migration writes or deletes, root-relative.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub path: String,
    /// The file's text when planned; `None` when it did not exist.
    pub before: Option<String>,
    /// The new text; `None` deletes the file.
    pub after: Option<String>,
}

/// A tool whose `args` only running can turn into a JSON Schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// The legacy file, root-relative.
    pub file: String,
    pub export: Export,
}

/// Why the migration cannot even be planned; nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    #[error("{0} is not a folder of this project")]
    NoFolder(String),
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot declare the migrated tools in {file}: {reason}")]
    Manifest { file: String, reason: String },
}

/// Everything a migration will write, decided up front.
#[derive(Debug, Clone)]
pub struct MigratePlan {
    root: PathBuf,
    report: Report,
    changes: Vec<Change>,
    pending: Vec<Pending>,
}

impl MigratePlan {
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// Every file written or deleted, in the order applied.
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// Tools whose `args` the static pass could not convert.
    pub fn pending_evaluation(&self) -> &[Pending] {
        &self.pending
    }

    /// Says which legacy files were run to compute their `args` (their
    /// top-level code ran too), for the report.
    pub fn record_ran(&mut self, files: Vec<String>) {
        self.report.ran = files;
    }

    /// Marks a migrated tool whose module failed the check after writing:
    /// it is not migrated until that is fixed.
    pub fn record_failed_check(&mut self, module: &str, message: &str) {
        for tool in &mut self.report.tools {
            if tool.module.as_deref() == Some(module) {
                tool.status = Status::NeedsManualStep;
                tool.notes.push(Note {
                    file: module.to_string(),
                    line: 1,
                    message: message.to_string(),
                    manual: true,
                });
            }
        }
    }

    /// The unified diff of every change.
    pub fn diffs(&self) -> Vec<String> {
        self.changes.iter().map(diff::unified).collect()
    }

    /// Writes every change, or none; `progress` hears how many are done.
    pub fn apply(&self, progress: &mut dyn FnMut(usize)) -> Result<(), ApplyError> {
        apply::apply_atomically(&self.root, &self.changes, progress)
    }
}

/// Plans migrating the legacy tools of `project`. `evaluated` holds schemas
/// the caller obtained by running `args` (by legacy file, root-relative).
pub fn plan(
    project: &Project,
    config: &Config,
    evaluated: &HashMap<String, Evaluated>,
) -> Result<MigratePlan, MigrateError> {
    let root = &project.root;
    let folders = discover::folders(root, config.from.as_deref())?;
    let files = discover::files(root, &folders)?;
    let empty = Evaluated::new();
    let analysed = files
        .into_iter()
        .map(|file| {
            let facts = match (&file.text, file.kind) {
                (Some(text), discover::Kind::Module | discover::Kind::ToolModule) => {
                    let key = paths::shown(&file.path);
                    let place = analyze::Place {
                        root,
                        top_level: file.kind == discover::Kind::ToolModule,
                    };
                    analyze::analyze(
                        text,
                        &file.path,
                        evaluated.get(&key).unwrap_or(&empty),
                        place,
                    )
                }
                _ => analyze::Facts::default(),
            };
            (file, facts)
        })
        .collect::<Vec<_>>();
    let moved = moves::decide(project, config, &analysed);
    let entries: Vec<declare::Entry> = moved
        .tools
        .iter()
        .filter(|t| !t.already_declared)
        .filter_map(|t| {
            Some(declare::Entry {
                name: t.name.clone()?,
                module: t.module.clone()?,
                from: t.legacy.clone(),
            })
        })
        .collect();
    let declared =
        declare::declare(project, &entries).map_err(|reason| MigrateError::Manifest {
            file: checker::project::MANIFEST_NAME.into(),
            reason,
        })?;
    let mut changes = moved.changes;
    let manifest = declared.as_ref().map(|d| d.file.clone());
    if let Some(declared) = declared {
        changes.push(Change {
            path: declared.file,
            before: Some(declared.before),
            after: Some(declared.after),
        });
    }
    let todos = todo::open(root, &config.to, &changes);
    Ok(MigratePlan {
        root: root.clone(),
        report: Report {
            folders: folders.iter().map(|f| paths::shown(f)).collect(),
            to: paths::shown(&config.to),
            tools: moved.tools,
            files: moved.files,
            manifest,
            ran: Vec::new(),
            todos,
        },
        changes,
        pending: moved.pending,
    })
}
