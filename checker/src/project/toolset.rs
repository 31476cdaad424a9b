//! Which tools a session gets (SPEC 2.1): the `tools:` key rule, the three
//! kinds, and the Beeuni tools a project removed.

use std::collections::HashSet;
use std::path::PathBuf;

use super::names::{
    BEEUNI_TOOLS, has_module_extension, is_beeuni_tool, is_harness_tool, is_valid_tool_name,
};
use super::paths::{PathProblem, RepoPaths};
use super::{Origin, Project, ToolEntry};

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum ToolKind {
    #[serde(rename = "beeuni")]
    Beeuni,
    #[serde(rename = "beeuni (overridden)")]
    BeeuniOverridden,
    #[serde(rename = "project")]
    Project,
}

impl ToolKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ToolKind::Beeuni => "beeuni",
            ToolKind::BeeuniOverridden => "beeuni (overridden)",
            ToolKind::Project => "project",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tool {
    pub name: String,
    pub kind: ToolKind,
    /// `beeuni:<name>` or the module path as written.
    pub source: String,
    /// The module, relative to the project root, for module-backed tools.
    pub module: Option<PathBuf>,
    /// Where it is declared; `None` for the five a project without a `tools:`
    /// key gets implicitly.
    pub declared: Option<Origin>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolSet {
    pub tools_key: bool,
    pub tools: Vec<Tool>,
    /// Beeuni tools the project does not load, in canonical order.
    pub removed: Vec<&'static str>,
}

impl ToolSet {
    pub fn get(&self, name: &str) -> Option<&Tool> {
        self.tools.iter().find(|t| t.name == name)
    }

    pub fn loads(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
}

/// A declaration the platform would load: a valid name and a well-formed
/// source that stays inside the repository. The rules report the others.
fn loadable(paths: &mut RepoPaths<'_>, entry: &ToolEntry) -> Option<Tool> {
    let value = entry.value.as_deref()?;
    if !is_valid_tool_name(&entry.name) || is_harness_tool(&entry.name) {
        return None;
    }
    let declared = Some(Origin {
        file: entry.file,
        span: entry.name_span.clone(),
    });
    if let Some(target) = value.strip_prefix("beeuni:") {
        return (target == entry.name && is_beeuni_tool(target)).then(|| Tool {
            name: entry.name.clone(),
            kind: ToolKind::Beeuni,
            source: value.to_string(),
            module: None,
            declared,
        });
    }
    if !has_module_extension(value) {
        return None;
    }
    let module = match paths.check(value) {
        Ok(path) => path,
        // A missing file is an error the rules report; the declaration still
        // says what the session would try to load.
        Err(PathProblem::Missing) => PathBuf::from(value.trim_start_matches("./")),
        Err(_) => return None,
    };
    let kind = if is_beeuni_tool(&entry.name) {
        ToolKind::BeeuniOverridden
    } else {
        ToolKind::Project
    };
    Some(Tool {
        name: entry.name.clone(),
        kind,
        source: value.to_string(),
        module: Some(module),
        declared,
    })
}

pub(super) fn compute(project: &Project) -> ToolSet {
    let mut tools: Vec<Tool> = Vec::new();
    if !project.has_tools_key() {
        tools.extend(BEEUNI_TOOLS.iter().map(|name| Tool {
            name: name.to_string(),
            kind: ToolKind::Beeuni,
            source: format!("beeuni:{name}"),
            module: None,
            declared: None,
        }));
    }
    // Sets, not scans: a project may declare thousands of tools.
    let mut paths = RepoPaths::new(&project.root);
    let mut names: HashSet<String> = tools.iter().map(|t| t.name.clone()).collect();
    for entry in &project.tool_entries {
        // A duplicate: the first declaration is the one used.
        if names.insert(entry.name.clone())
            && let Some(tool) = loadable(&mut paths, entry)
        {
            tools.push(tool);
        }
    }
    let loaded: HashSet<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    let removed = BEEUNI_TOOLS
        .iter()
        .copied()
        .filter(|name| !loaded.contains(name) && !names.contains(*name))
        .collect();
    ToolSet {
        tools_key: project.has_tools_key(),
        tools,
        removed,
    }
}
