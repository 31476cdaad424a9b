//! Reads the three keys this product understands — `imports`, `tools`,
//! `agents` — out of each manifest file's tree, reporting values of the
//! wrong kind. Other keys belong to the platform and are ignored.

use std::ops::Range;
use std::path::Path;

use crate::diagnostics::Diagnostic;
use crate::yaml::Node;

use super::agent_visibility;
use super::shape::{check_duplicate_keys, wrong_type};
use super::{FileId, ManifestFile, Origin, Project};

/// One line under a `tools:` key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolEntry {
    pub name: String,
    pub file: FileId,
    pub name_span: Range<usize>,
    /// `None` when the value is not a string (already reported).
    pub value: Option<String>,
    pub value_span: Range<usize>,
}

pub(super) struct ImportRef {
    pub path: String,
    pub span: Range<usize>,
}

pub(super) fn imports(file: &ManifestFile, diagnostics: &mut Vec<Diagnostic>) -> Vec<ImportRef> {
    check_duplicate_keys(&file.path, &file.tree, diagnostics);
    let Some(entry) = file.tree.get("imports") else {
        return Vec::new();
    };
    if entry.value.is_null() {
        return Vec::new();
    }
    let Some(items) = entry.value.items() else {
        diagnostics.push(wrong_type(
            &file.path,
            &entry.value,
            "`imports`",
            "a list of repo-relative YAML file paths",
        ));
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| match item.as_str() {
            Some(path) => Some(ImportRef {
                path: path.to_string(),
                span: item.span.clone(),
            }),
            None => {
                diagnostics.push(wrong_type(
                    &file.path,
                    item,
                    "an import",
                    "a repo-relative path (a string)",
                ));
                None
            }
        })
        .collect()
}

fn tool_entries(
    id: FileId,
    file: &ManifestFile,
    tools: &Node,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<ToolEntry> {
    if tools.is_null() {
        return Vec::new();
    }
    let Some(entries) = tools.entries() else {
        diagnostics.push(wrong_type(
            &file.path,
            tools,
            "`tools`",
            "a mapping of tool names to `beeuni:<name>` or module paths",
        ));
        return Vec::new();
    };
    check_duplicate_keys(&file.path, tools, diagnostics);
    entries
        .iter()
        .filter_map(|entry| {
            let Some(name) = entry.key.as_str() else {
                diagnostics.push(wrong_type(
                    &file.path,
                    &entry.key,
                    "a tool name",
                    "a string",
                ));
                return None;
            };
            let value = entry.value.as_str().map(str::to_string);
            if value.is_none() {
                let what = format!("the value of `{name}`");
                diagnostics.push(wrong_type(
                    &file.path,
                    &entry.value,
                    &what,
                    "`beeuni:<name>` or a module path",
                ));
            }
            Some(ToolEntry {
                name: name.to_string(),
                file: id,
                name_span: entry.key.span.clone(),
                value,
                value_span: entry.value.span.clone(),
            })
        })
        .collect()
}

/// Assembles the model from files already read and parsed.
pub(super) fn build(
    root: &Path,
    files: Vec<ManifestFile>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Project {
    let mut project = Project {
        root: root.to_path_buf(),
        files: Vec::new(),
        tools_keys: Vec::new(),
        tool_entries: Vec::new(),
        agents: Vec::new(),
        tool_set: std::sync::OnceLock::new(),
    };
    for (id, file) in files.iter().enumerate() {
        if let Some(tools) = file.tree.get("tools") {
            project.tools_keys.push(Origin {
                file: id,
                span: tools.key.span.clone(),
            });
            project
                .tool_entries
                .extend(tool_entries(id, file, &tools.value, diagnostics));
        }
        if let Some(agents) = file.tree.get("agents") {
            project.agents.extend(agent_visibility::parse_agents(
                id,
                &file.path,
                &agents.value,
                diagnostics,
            ));
        }
    }
    let paths: Vec<&Path> = files.iter().map(|f| f.path.as_path()).collect();
    project.agents =
        agent_visibility::dedupe(std::mem::take(&mut project.agents), &paths, diagnostics);
    project.files = files;
    project
}
