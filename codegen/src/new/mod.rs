//! `beeuni tools new NAME`: a typed skeleton module and its `tools:` entry.
//!
//! [`plan`] decides everything without touching the disk: whether the name
//! may be used, the module's text (rendered from `templates/tool.ts` or
//! `templates/tool.js`), and the declaring file's new text (a span edit by
//! `manifest.rs`). [`NewPlan::apply`] writes the module, then the manifest,
//! and takes the module back if the manifest write fails. The crate never
//! runs a module: for an override, the caller hands over the Beeuni tool's
//! description and parameters (the runtime loads them).

mod apply;
mod manifest;
mod template;

use checker::project::names::{
    BEEUNI_TOOLS, MAX_TOOL_NAME_LEN, is_beeuni_tool, is_harness_tool, is_valid_tool_name,
};
use checker::project::{FileId, MANIFEST_NAME, Project};

pub use apply::ApplyError;

/// What the new module is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Kind {
    /// A tool of the project's own, under a name no one else uses.
    #[default]
    Project,
    /// A fresh module that replaces one of the five Beeuni tools (SPEC 2.2).
    BeeuniOverride,
}

/// The language of the module written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Language {
    #[default]
    TypeScript,
    /// JavaScript, typed through JSDoc comments.
    JavaScript,
}

impl Language {
    fn extension(self) -> &'static str {
        match self {
            Language::TypeScript => "ts",
            Language::JavaScript => "js",
        }
    }
}

/// What a Beeuni tool tells the model, kept by an override's skeleton so the
/// web UI, which renders Beeuni tools by their arguments (SPEC 4.1), and the
/// agents' prompts see the same tool until the project changes it.
#[derive(Debug, Clone)]
pub struct BeeuniShape {
    pub description: String,
    pub parameters: serde_json::Value,
}

#[derive(Debug, Clone)]
pub struct Request {
    pub name: String,
    pub kind: Kind,
    pub language: Language,
    /// Required for [`Kind::BeeuniOverride`].
    pub beeuni: Option<BeeuniShape>,
}

/// Where the new module goes, relative to the project root.
pub fn module_path(name: &str, language: Language) -> String {
    format!("tools/{name}.{}", language.extension())
}

/// Why `tools new` will not run; nothing was written. `Display` is the
/// `error:` line, [`Refusal::help`] the line after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    InvalidName {
        name: String,
    },
    HarnessTool {
        name: String,
    },
    /// A Beeuni tool's name asked for as a project tool.
    BeeuniName {
        name: String,
    },
    /// `--kind beeuni-override` with a name that is not a Beeuni tool.
    NotBeeuniTool {
        name: String,
    },
    /// The name is declared already (for an override: as a module).
    Declared {
        name: String,
        file: String,
        value: String,
    },
    ModuleExists {
        module: String,
    },
    CannotEdit {
        file: String,
        reason: String,
    },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::InvalidName { name } => write!(
                f,
                "`{name}` is not a valid tool name: a name is snake_case, starts with a letter and has at most {MAX_TOOL_NAME_LEN} characters (`^[a-z][a-z0-9_]{{0,63}}$`)"
            ),
            Refusal::HarnessTool { name } => write!(
                f,
                "`{name}` is a harness tool's name; a project tool may not take it"
            ),
            Refusal::BeeuniName { name } => {
                write!(f, "`{name}` is the name of a Beeuni tool")
            }
            Refusal::NotBeeuniTool { name } => write!(
                f,
                "`{name}` is not a Beeuni tool, so there is nothing to override; the Beeuni tools are {}",
                BEEUNI_TOOLS.join(", ")
            ),
            Refusal::Declared { name, file, value } => {
                write!(
                    f,
                    "`{name}` is already declared in {file}: `{name}: {value}`"
                )
            }
            Refusal::ModuleExists { module } => write!(f, "{module} exists already"),
            Refusal::CannotEdit { file, reason } => {
                write!(f, "cannot add the entry to {file}: {reason}")
            }
        }
    }
}

impl Refusal {
    pub fn help(&self) -> String {
        match self {
            Refusal::InvalidName { name } => match suggest(name) {
                Some(good) => format!("try `{good}`"),
                None => "use lower-case letters, digits and `_`, starting with a letter".into(),
            },
            Refusal::HarnessTool { .. } => {
                "harness tools are built into opencode and the experimental harness; choose another name".into()
            }
            Refusal::BeeuniName { name } => format!(
                "to replace it, run `beeuni tools new {name} --kind beeuni-override` (a new module) or `beeuni tools eject {name}` (a copy of Beeuni's source); otherwise choose another name"
            ),
            Refusal::NotBeeuniTool { name } => {
                format!("for a tool of the project's own, run `beeuni tools new {name}`")
            }
            Refusal::Declared { .. } => {
                "choose another name, or edit the module the entry names".into()
            }
            Refusal::ModuleExists { module } => {
                format!("choose another name, or declare {module} under `tools:` yourself")
            }
            Refusal::CannotEdit { .. } => {
                "run `beeuni validate`, fix what it reports about `tools:`, then run this again"
                    .into()
            }
        }
    }
}

/// A valid name close to an invalid one: `LookupOrder` and `lookup-order`
/// become `lookup_order`.
fn suggest(name: &str) -> Option<String> {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_end_matches('_').to_string();
    (is_valid_tool_name(&out) && out != name && !is_harness_tool(&out)).then_some(out)
}

/// Everything `tools new` writes, decided up front.
#[derive(Debug, Clone)]
pub struct NewPlan {
    name: String,
    kind: Kind,
    root: std::path::PathBuf,
    module: String,
    module_text: String,
    manifest: String,
    manifest_before: String,
    manifest_after: String,
}

impl NewPlan {
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The module written, relative to the project root.
    pub fn module(&self) -> &str {
        &self.module
    }

    /// The module's text.
    pub fn module_text(&self) -> &str {
        &self.module_text
    }

    /// The file that declares the tool, relative to the project root.
    pub fn manifest(&self) -> &str {
        &self.manifest
    }

    /// The declaring file's new text.
    pub fn manifest_text(&self) -> &str {
        &self.manifest_after
    }

    /// What the user reads once the plan is applied.
    pub fn report(&self) -> String {
        let created = match self.kind {
            Kind::Project => format!("  ✓  Created {}\n", self.name),
            Kind::BeeuniOverride => format!(
                "  ✓  Created {} (overrides beeuni:{})\n",
                self.name, self.name
            ),
        };
        // The project skeleton's one parameter, so the call works as shown.
        let args = match self.kind {
            Kind::Project => r#"{"input": "hello"}"#,
            Kind::BeeuniOverride => "{}",
        };
        format!(
            "{created}  wrote   {module} (a typed skeleton)\n  set     {manifest}: tools.{name}: {module}\n\nNext:\n  1. Edit {module}: its description, parameters and execute.\n  2. beeuni types   (declarations for `args` and `context`, in beeuni-types.d.ts)\n  3. beeuni validate && beeuni tools call {name} --args '{args}'\n  4. git add {module} {manifest}\n",
            module = self.module,
            manifest = self.manifest,
            name = self.name,
        )
    }
}

/// A path as the report and the manifest write it: root-relative, `/`-separated.
fn shown(path: &std::path::Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Decides what `tools new` writes for `request` in `project`, or why not.
pub fn plan(project: &Project, request: &Request) -> Result<NewPlan, Refusal> {
    let name = request.name.as_str();
    check_name(name, request.kind)?;
    let module = module_path(name, request.language);
    let target = decide_target(project, name, request.kind)?;
    if std::fs::symlink_metadata(project.root.join(&module)).is_ok() {
        return Err(Refusal::ModuleExists { module });
    }
    let (file, before, after) = match target {
        Target::AppendKey => {
            let text = project.files.first().map_or("", |f| f.text.as_str());
            (
                MANIFEST_NAME.to_string(),
                text.to_string(),
                manifest::append_tools_key(text, name, &module),
            )
        }
        Target::AddEntry { file } => {
            let declaring = &project.files[file];
            let after = declaring
                .tree
                .get("tools")
                .ok_or_else(|| "the `tools:` key is not where the parser put it".to_string())
                .and_then(|tools| {
                    manifest::add_entry(&declaring.text, &tools.key, &tools.value, name, &module)
                })
                .map_err(|reason| Refusal::CannotEdit {
                    file: shown(&declaring.path),
                    reason,
                })?;
            (shown(&declaring.path), declaring.text.clone(), after)
        }
        Target::SetValue { file, value } => {
            let declaring = &project.files[file];
            let after = manifest::set_value(&declaring.text, value, &module).map_err(|reason| {
                Refusal::CannotEdit {
                    file: shown(&declaring.path),
                    reason,
                }
            })?;
            (shown(&declaring.path), declaring.text.clone(), after)
        }
    };
    manifest::verify(&before, &after, name, &module).map_err(|reason| Refusal::CannotEdit {
        file: file.clone(),
        reason,
    })?;
    let module_text = template::render(request);
    Ok(NewPlan {
        name: name.to_string(),
        kind: request.kind,
        root: project.root.clone(),
        module,
        module_text,
        manifest: file,
        manifest_before: before,
        manifest_after: after,
    })
}

fn check_name(name: &str, kind: Kind) -> Result<(), Refusal> {
    let name_owned = || name.to_string();
    if !is_valid_tool_name(name) {
        return Err(Refusal::InvalidName { name: name_owned() });
    }
    if is_harness_tool(name) {
        return Err(Refusal::HarnessTool { name: name_owned() });
    }
    match (kind, is_beeuni_tool(name)) {
        (Kind::Project, true) => Err(Refusal::BeeuniName { name: name_owned() }),
        (Kind::BeeuniOverride, false) => Err(Refusal::NotBeeuniTool { name: name_owned() }),
        _ => Ok(()),
    }
}

/// How the declaring file changes.
enum Target {
    /// No `tools:` key anywhere: `beeuni.yaml` gets one.
    AppendKey,
    /// A new entry under the `tools:` key of this file.
    AddEntry { file: FileId },
    /// An override's `beeuni:<name>` value at this span becomes the module.
    SetValue {
        file: FileId,
        value: std::ops::Range<usize>,
    },
}

fn decide_target(project: &Project, name: &str, kind: Kind) -> Result<Target, Refusal> {
    if let Some(entry) = project.tool_entries.iter().find(|e| e.name == name) {
        let value = entry.value.clone().unwrap_or_default();
        if kind == Kind::BeeuniOverride && value == format!("beeuni:{name}") {
            return Ok(Target::SetValue {
                file: entry.file,
                value: entry.value_span.clone(),
            });
        }
        return Err(Refusal::Declared {
            name: name.to_string(),
            file: shown(project.file_path(entry.file)),
            value,
        });
    }
    // The root's own key when it has one, else the first import's, as
    // `tools migrate` declares its tools.
    let key = project
        .tools_keys
        .iter()
        .find(|k| k.file == 0)
        .or(project.tools_keys.first());
    Ok(match key {
        None => Target::AppendKey,
        Some(key) => Target::AddEntry { file: key.file },
    })
}

#[cfg(test)]
mod tests;
