//! `beeuni tools eject <name>` (SPEC 4): give the project its own copy of a
//! Beeuni tool.
//!
//! [`plan`] decides everything without touching the disk: which file declares
//! the entry, the manifest's new text, and whether the request must be
//! refused. [`EjectPlan::apply`] then writes the module and the manifest, and
//! [`EjectPlan::report`] is what the user reads. The tool's source comes from
//! the caller (the runtime ships it); this crate never runs it. `fuzz` is the
//! eject fuzz target's body.

mod apply;
mod fuzz;
pub(crate) mod line;
mod manifest;
mod report;

use std::path::{Path, PathBuf};

use checker::project::names::{has_module_extension, is_beeuni_tool};
use checker::project::{FileId, MANIFEST_NAME, Project};
use checker::yaml::Node;

pub use apply::ApplyError;
pub use fuzz::fuzz_eject;
pub use manifest::marker;

/// Where an ejected tool's module goes, relative to the project root.
pub fn module_path(name: &str) -> String {
    format!("tools/{name}.ts")
}

/// Why eject will not run; nothing was written. `Display` is the `error:`
/// line, [`EjectRefusal::help`] the line after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EjectRefusal {
    /// Only the five Beeuni tools ship a source to eject.
    NotBeeuniTool { name: String },
    /// `tools/<name>.ts` is there already (`--force` overwrites it).
    ModuleExists { name: String, module: String },
    /// The entry already names `tools/<name>.ts` (`--force` rewrites the file).
    AlreadyEjected {
        name: String,
        file: String,
        module: String,
    },
    /// The entry names another module (`--force` repoints it).
    PointsToModule {
        name: String,
        file: String,
        value: String,
    },
    /// A `tools:` key lists other tools but not this one.
    Removed { name: String, file: String },
    /// The entry is neither `beeuni:<name>` nor a module path.
    InvalidEntry {
        name: String,
        file: String,
        value: Option<String>,
    },
    /// The manifest has a shape eject cannot edit without changing something else.
    CannotEdit {
        name: String,
        file: String,
        reason: String,
    },
}

/// Everything eject will write, decided up front.
#[derive(Debug, Clone)]
pub struct EjectPlan {
    name: String,
    root: PathBuf,
    module: String,
    source: String,
    replaces_module: bool,
    manifest: String,
    manifest_before: String,
    manifest_after: Option<String>,
}

impl EjectPlan {
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The module written, relative to the project root (`tools/<name>.ts`).
    pub fn module(&self) -> &str {
        &self.module
    }

    /// The file that declares the entry, relative to the project root.
    pub fn manifest(&self) -> &str {
        &self.manifest
    }

    /// The declaring file's new text; `None` when it already says the right thing.
    pub fn manifest_text(&self) -> Option<&str> {
        self.manifest_after.as_deref()
    }

    /// Whether an existing `tools/<name>.ts` is overwritten (`--force`).
    pub fn replaces_module(&self) -> bool {
        self.replaces_module
    }
}

/// A path as the report and the manifest write it: root-relative, `/`-separated.
fn shown(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// How the declaring file changes.
enum Change {
    /// Replace the value of the entry at this span.
    SetValue {
        file: FileId,
        value: std::ops::Range<usize>,
    },
    /// Add the entry to an empty `tools:` key (`{}` or null) in this file.
    AddToEmpty { file: FileId },
    /// The file has no `tools:` key, nor does any import: add one to `beeuni.yaml`.
    AppendKey,
    /// The entry already names the module (`--force` only rewrites the module).
    Keep { file: FileId },
}

/// Decides what ejecting `name` from `project` writes, or why it must not.
/// `source` is the Beeuni source of the tool; `force` allows overwriting
/// `tools/<name>.ts` and repointing an entry that names another module.
pub fn plan(
    project: &Project,
    name: &str,
    source: &str,
    force: bool,
) -> Result<EjectPlan, EjectRefusal> {
    if !is_beeuni_tool(name) {
        return Err(EjectRefusal::NotBeeuniTool {
            name: name.to_string(),
        });
    }
    let module = module_path(name);
    let file_name = |id: FileId| shown(project.file_path(id));
    let change = decide(project, name, &module, force)?;
    let module_exists = std::fs::symlink_metadata(project.root.join(&module)).is_ok();
    if module_exists && !force {
        return Err(EjectRefusal::ModuleExists {
            name: name.to_string(),
            module,
        });
    }
    let (file, before, after) = match change {
        Change::AppendKey => {
            let text = root_text(project);
            (
                MANIFEST_NAME.to_string(),
                text.to_string(),
                Some(manifest::append_tools_key(text, name, &module)),
            )
        }
        Change::SetValue { file, value } => {
            let text = &project.files[file].text;
            let after = manifest::set_value(text, value, name, &module)
                .map_err(|reason| cannot_edit(name, &file_name(file), reason))?;
            (file_name(file), text.clone(), Some(after))
        }
        Change::AddToEmpty { file } => {
            let manifest_file = &project.files[file];
            let tools = manifest_file
                .tree
                .get("tools")
                .ok_or_else(|| cannot_edit(name, &file_name(file), "no `tools:` key".into()))?;
            let after = manifest::add_to_empty(
                &manifest_file.text,
                &tools.key,
                &tools.value,
                name,
                &module,
            )
            .map_err(|reason| cannot_edit(name, &file_name(file), reason))?;
            (file_name(file), manifest_file.text.clone(), Some(after))
        }
        Change::Keep { file } => (file_name(file), project.files[file].text.clone(), None),
    };
    if let Some(after) = &after {
        manifest::verify(&before, after, name, &module)
            .map_err(|reason| cannot_edit(name, &file, reason))?;
    }
    Ok(EjectPlan {
        name: name.to_string(),
        root: project.root.clone(),
        module,
        source: source.to_string(),
        replaces_module: module_exists,
        manifest: file,
        manifest_before: before,
        manifest_after: after,
    })
}

fn cannot_edit(name: &str, file: &str, reason: String) -> EjectRefusal {
    EjectRefusal::CannotEdit {
        name: name.to_string(),
        file: file.to_string(),
        reason,
    }
}

/// The root manifest's text; `load` always reads it first.
fn root_text(project: &Project) -> &str {
    project.files.first().map_or("", |f| f.text.as_str())
}

/// Finds the entry (the first declaration wins, as in the tool set) and
/// decides how its file changes.
fn decide(
    project: &Project,
    name: &str,
    module: &str,
    force: bool,
) -> Result<Change, EjectRefusal> {
    let file_name = |id: FileId| shown(project.file_path(id));
    let Some(entry) = project.tool_entries.iter().find(|e| e.name == name) else {
        if !project.has_tools_key() {
            return Ok(Change::AppendKey);
        }
        // A `tools:` key that lists nothing (`{}`, or every line deleted) is
        // where the entry goes; one that lists other tools removed this one.
        let listing = project
            .tools_keys
            .iter()
            .find(|key| !is_empty_tools(project, key.file));
        return match listing {
            // `tools: [web_search]` or `tools: 'x'` lists nothing eject can
            // edit: saying the project removed the tool would be wrong.
            Some(key) if !is_tools_mapping(project, key.file) => Err(cannot_edit(
                name,
                &file_name(key.file),
                "its `tools:` key is not a mapping of tool names to sources (`beeuni validate` says why)".into(),
            )),
            Some(key) => Err(EjectRefusal::Removed {
                name: name.to_string(),
                file: file_name(key.file),
            }),
            None => Ok(Change::AddToEmpty {
                file: project.tools_keys[0].file,
            }),
        };
    };
    let file = file_name(entry.file);
    let refuse_invalid = || EjectRefusal::InvalidEntry {
        name: name.to_string(),
        file: file.clone(),
        value: entry.value.clone(),
    };
    let Some(value) = entry.value.as_deref() else {
        return Err(refuse_invalid());
    };
    if value == format!("beeuni:{name}") {
        return Ok(Change::SetValue {
            file: entry.file,
            value: entry.value_span.clone(),
        });
    }
    if !has_module_extension(value) {
        return Err(refuse_invalid());
    }
    let already = Path::new(value)
        .components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .eq(Path::new(module).components());
    match (already, force) {
        (true, true) => Ok(Change::Keep { file: entry.file }),
        (true, false) => Err(EjectRefusal::AlreadyEjected {
            name: name.to_string(),
            file,
            module: module.to_string(),
        }),
        (false, true) => Ok(Change::SetValue {
            file: entry.file,
            value: entry.value_span.clone(),
        }),
        (false, false) => Err(EjectRefusal::PointsToModule {
            name: name.to_string(),
            file,
            value: value.to_string(),
        }),
    }
}

/// A `tools:` key whose value is a mapping (of tool names to sources).
fn is_tools_mapping(project: &Project, file: FileId) -> bool {
    let value: Option<&Node> = project.files[file].tree.get("tools").map(|e| &e.value);
    value.is_some_and(|v| v.entries().is_some())
}

/// A `tools:` key whose value is null or a mapping with no entries.
fn is_empty_tools(project: &Project, file: FileId) -> bool {
    let value: Option<&Node> = project.files[file].tree.get("tools").map(|e| &e.value);
    value.is_some_and(|v| v.is_null() || v.entries().is_some_and(<[_]>::is_empty))
}
