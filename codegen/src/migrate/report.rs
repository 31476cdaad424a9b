//! What the user reads after a migration (or before one, with `--dry-run`):
//! one line per legacy tool with its outcome, each note under it with
//! `file:line`, then the helper files and the manifest. [`Report`] is also
//! the `--format json` document (serde).

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Migrated,
    MigratedWithNotes,
    NeedsManualStep,
    DeletedBeeuniCopy,
}

impl Status {
    fn words(self) -> &'static str {
        match self {
            Status::Migrated => "migrated",
            Status::MigratedWithNotes => "migrated with notes",
            Status::NeedsManualStep => "needs a manual step",
            Status::DeletedBeeuniCopy => "deleted as a Beeuni copy",
        }
    }

    fn mark(self) -> &'static str {
        match self {
            Status::Migrated => "✓",
            Status::MigratedWithNotes => "~",
            Status::NeedsManualStep => "!",
            Status::DeletedBeeuniCopy => "-",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Note {
    /// Root-relative: the new module for a migrated tool, the legacy file otherwise.
    pub file: String,
    pub line: usize,
    pub message: String,
    /// Left for the user to do.
    pub manual: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ToolLine {
    /// The legacy file, root-relative.
    pub legacy: String,
    /// The named export, or `None` for the default export.
    pub export: Option<String>,
    /// The name opencode gave the tool.
    pub opencode_name: String,
    /// The name it is declared under now.
    pub name: Option<String>,
    /// The module it is declared with.
    pub module: Option<String>,
    pub status: Status,
    pub notes: Vec<Note>,
    /// The manifest names the module already (a rewrite in place).
    pub already_declared: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FileAction {
    Moved,
    /// A file that stays still imports it.
    Copied,
    /// Not a tool, and no migrated tool imports it.
    LeftInPlace,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileLine {
    pub path: String,
    pub action: FileAction,
    pub to: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The legacy folders read.
    pub folders: Vec<String>,
    /// Where the modules went.
    pub to: String,
    pub tools: Vec<ToolLine>,
    pub files: Vec<FileLine>,
    /// The manifest file that declares the migrated tools, when one changed.
    pub manifest: Option<String>,
}

impl Report {
    /// Whether something is left for the user to do.
    pub fn has_manual_steps(&self) -> bool {
        self.tools
            .iter()
            .any(|t| t.status == Status::NeedsManualStep || t.notes.iter().any(|n| n.manual))
    }

    /// Whether there was nothing to migrate.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
            && self
                .files
                .iter()
                .all(|f| f.action == FileAction::LeftInPlace)
    }

    /// The text report; `applied` says whether the files were written.
    pub fn text(&self, applied: bool) -> String {
        let mut out = String::new();
        if self.folders.is_empty() {
            out.push_str("No legacy tool folder (harnesses/opencode/tools/ or harnesses/opencode/tool/): nothing to migrate.\n");
            return out;
        }
        let folders = self
            .folders
            .iter()
            .map(|f| format!("{f}/"))
            .collect::<Vec<_>>()
            .join(" and ");
        let acted = self
            .tools
            .iter()
            .filter(|t| t.module.is_some() || t.status == Status::DeletedBeeuniCopy)
            .count();
        if self.tools.is_empty() {
            out.push_str(&format!(
                "No legacy tools in {folders}: nothing to migrate.\n"
            ));
        } else if acted == 0 {
            out.push_str(&format!(
                "Nothing left to migrate in {folders}; {} legacy tool{} need{} a manual step:\n\n",
                self.tools.len(),
                if self.tools.len() == 1 { "" } else { "s" },
                if self.tools.len() == 1 { "s" } else { "" },
            ));
        } else {
            let verb = if applied { "Migrated" } else { "Would migrate" };
            let total = self.tools.len();
            let moved = self.tools.iter().filter(|t| t.module.is_some()).count();
            let deleted = acted - moved;
            let left = total - acted;
            let mut rest = Vec::new();
            if deleted > 0 {
                rest.push(format!("{deleted} deleted as a Beeuni copy"));
            }
            if left > 0 {
                rest.push(format!("{left} left in place"));
            }
            let rest = if rest.is_empty() {
                String::new()
            } else {
                format!(" ({})", rest.join(", "))
            };
            out.push_str(&format!(
                "{verb} {moved} of {total} legacy tool{} from {folders} to {}/{rest}\n\n",
                if total == 1 { "" } else { "s" },
                self.to
            ));
        }
        let width = self
            .tools
            .iter()
            .map(|t| t.name.as_deref().unwrap_or(&t.opencode_name).len())
            .max()
            .unwrap_or(0);
        for tool in &self.tools {
            let name = tool.name.as_deref().unwrap_or(&tool.opencode_name);
            let place = match (&tool.module, tool.status) {
                (Some(module), _) => module.clone(),
                (None, Status::DeletedBeeuniCopy) => {
                    format!("{} (the daemon hosts it)", tool.legacy)
                }
                (None, _) => format!("{} (left in place)", tool.legacy),
            };
            out.push_str(&format!(
                "  {}  {name:<width$}  {:<24}  {place}\n",
                tool.status.mark(),
                tool.status.words()
            ));
            for note in &tool.notes {
                let kind = if note.manual { "to do" } else { "note" };
                out.push_str(&format!(
                    "       {kind}: {}:{}: {}\n",
                    note.file, note.line, note.message
                ));
            }
        }
        let helpers: Vec<&FileLine> = self
            .files
            .iter()
            .filter(|f| f.action != FileAction::LeftInPlace)
            .collect();
        if !helpers.is_empty() {
            out.push('\n');
            for file in helpers {
                let verb = match (file.action, applied) {
                    (FileAction::Copied, true) => "copied",
                    (FileAction::Copied, false) => "would copy",
                    (_, true) => "moved",
                    (_, false) => "would move",
                };
                out.push_str(&format!(
                    "  {verb} {} to {} (a helper the tools import)\n",
                    file.path,
                    file.to.as_deref().unwrap_or("")
                ));
            }
        }
        let left: Vec<&FileLine> = self
            .files
            .iter()
            .filter(|f| f.action == FileAction::LeftInPlace)
            .collect();
        if !left.is_empty() {
            out.push('\n');
            for file in left {
                out.push_str(&format!(
                    "  left {} in place: not a tool, and no migrated tool imports it\n",
                    file.path
                ));
            }
        }
        if let Some(manifest) = &self.manifest {
            let declared = self.tools.iter().filter(|t| t.name.is_some()).count();
            let verb = if applied { "declared" } else { "would declare" };
            out.push_str(&format!(
                "\n  {verb} {declared} tool{} under `tools:` in {manifest}\n",
                if declared == 1 { "" } else { "s" }
            ));
        }
        out
    }
}
