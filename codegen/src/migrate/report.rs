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
    /// A barrel's re-export of a migrated tool: the same tool, deleted
    /// with the barrel.
    DeletedSecondName,
}

impl Status {
    fn words(self) -> &'static str {
        match self {
            Status::Migrated => "migrated",
            Status::MigratedWithNotes => "migrated with notes",
            Status::NeedsManualStep => "needs a manual step",
            Status::DeletedBeeuniCopy => "deleted as a Beeuni copy",
            Status::DeletedSecondName => "deleted as a second name",
        }
    }

    fn mark(self) -> &'static str {
        match self {
            Status::Migrated => "✓",
            Status::MigratedWithNotes => "~",
            Status::NeedsManualStep => "!",
            Status::DeletedBeeuniCopy | Status::DeletedSecondName => "-",
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
    /// Legacy files loaded in the runtime to compute their `args`: their
    /// top-level code ran, `--dry-run` or not.
    pub ran: Vec<String>,
    /// Every `// TODO(beeuni migrate)` marker open in the modules folder
    /// once the plan is written.
    pub todos: Vec<Note>,
}

impl Report {
    /// Whether something is left for the user to do.
    pub fn has_manual_steps(&self) -> bool {
        !self.todos.is_empty()
            || self
                .tools
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
            .filter(|t| {
                t.module.is_some()
                    || matches!(
                        t.status,
                        Status::DeletedBeeuniCopy | Status::DeletedSecondName
                    )
            })
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
            let seconds = self
                .tools
                .iter()
                .filter(|t| t.status == Status::DeletedSecondName)
                .count();
            let deleted = acted - moved - seconds;
            let left = total - acted;
            let mut rest = Vec::new();
            if deleted > 0 {
                rest.push(format!("{deleted} deleted as a Beeuni copy"));
            }
            if seconds > 0 {
                rest.push(format!(
                    "{seconds} deleted as second name{}",
                    if seconds == 1 { "" } else { "s" }
                ));
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
                (None, Status::DeletedSecondName) => format!("{} (deleted)", tool.legacy),
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
        if !self.ran.is_empty() {
            out.push('\n');
            for file in &self.ran {
                out.push_str(&format!(
                    "  ran {file} in the runtime (its top-level code too) to compute `args`\n"
                ));
            }
        }
        out
    }

    /// The end of the human report: every step left (the markers, and the
    /// steps of tools left in place), then what to do next.
    pub fn closing(&self, applied: bool, changed: bool) -> String {
        let mut steps: Vec<&Note> = self.todos.iter().collect();
        for tool in self.tools.iter().filter(|t| t.module.is_none()) {
            steps.extend(tool.notes.iter().filter(|n| n.manual));
        }
        // A failed check of a written module is a step without a marker.
        for tool in self.tools.iter().filter(|t| t.module.is_some()) {
            steps.extend(tool.notes.iter().filter(|n| {
                let elsewhere = format!("{}:{}: {}", n.file, n.line, n.message);
                n.manual
                    && !self.todos.iter().any(|t| {
                        (t.file == n.file && t.message == n.message) || t.message == elsewhere
                    })
            }));
        }
        steps.dedup();
        let mut seen = std::collections::HashSet::new();
        steps.retain(|n| seen.insert((&n.file, n.line, &n.message)));
        if steps.is_empty() && !changed {
            return String::new();
        }
        let mut out = String::new();
        if !steps.is_empty() {
            out.push_str(&format!(
                "\nTo do ({}); each step in a migrated module is marked `// {}` above its line:\n",
                steps.len(),
                checker::module::todo::MARKER.trim_end_matches(':')
            ));
            for note in &steps {
                out.push_str(&format!(
                    "  {}:{}: {}\n",
                    note.file, note.line, note.message
                ));
            }
        }
        let secrets = self.tools.iter().flat_map(|t| &t.notes).any(|n| {
            n.message.contains("give the agent the secret")
                || n.message.contains("`context.env` inside `execute`")
        });
        let mut next: Vec<String> = Vec::new();
        if !applied && changed {
            next.push("beeuni tools migrate (writes the changes above)".into());
        }
        if !self.todos.is_empty() {
            next.push("Do each step marked `// TODO(beeuni migrate)` and delete its marker; `beeuni validate` points at the ones left.".into());
        }
        if self
            .tools
            .iter()
            .any(|t| t.module.is_none() && t.status == Status::NeedsManualStep)
        {
            next.push("Rewrite the tools left in place by hand, or fix what stops them and run `beeuni tools migrate` again.".into());
        }
        if secrets {
            next.push("Give each agent the secrets its tools read from `context.env`: list them under `agents.<name>.secrets` in beeuni.yaml and store each with `beeuni secrets set NAME=-`.".into());
        }
        if applied && changed {
            next.push("beeuni validate --deep".into());
            let mut paths = vec![self.to.clone()];
            paths.extend(self.folders.iter().cloned());
            paths.extend(self.manifest.iter().cloned());
            next.push(format!(
                "git add -A {} && git commit -m \"Move the legacy opencode tools to tool modules\"",
                paths.join(" ")
            ));
        }
        if !next.is_empty() {
            out.push_str("\nNext:\n");
            for (i, step) in next.iter().enumerate() {
                out.push_str(&format!("  {}. {step}\n", i + 1));
            }
        }
        out
    }
}
