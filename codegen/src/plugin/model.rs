//! What the plugin declares: the tools the standard harness should offer,
//! and per agent the ones its `tools` hides there.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use checker::project::{Harness, Project, universe, visible_tools};
use checker::rules::legacy_files;

/// Where `beeuni daemon` writes the plugin unless told otherwise, relative
/// to the project: a `plugin/` folder of the harness's config folder, which
/// opencode scans for `*.ts`.
pub const DEFAULT_PLUGIN_PATH: &str = "harnesses/opencode/plugin/beeuni.ts";

pub fn default_plugin_path(root: &Path) -> PathBuf {
    root.join(DEFAULT_PLUGIN_PATH)
}

/// A tool as its module loaded: what the model is shown.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedTool {
    pub name: String,
    pub description: String,
    pub parameters: serde_json::Value,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PluginModel {
    /// In the project's tool-set order.
    pub tools: Vec<LoadedTool>,
    /// Agent name → the plugin's tools that agent may not see.
    pub hidden_by_agent: BTreeMap<String, Vec<String>>,
    /// The project folder relative to the plugin file's folder (`/`-separated).
    pub project_from_plugin: String,
}

/// Files opencode registers as tools from the harness's tool folders, by
/// the tool name their default export gets (the file's stem). opencode
/// globs `*.ts` and `*.js` there; such a file wins over a plugin tool of the
/// same name (SPEC 8).
pub fn shadowing_files(root: &Path) -> BTreeMap<String, PathBuf> {
    let mut found: BTreeMap<String, PathBuf> = BTreeMap::new();
    for file in legacy_files(root) {
        if matches!(file.extension.as_str(), "ts" | "js") {
            let kept = found.entry(file.stem).or_insert_with(|| file.path.clone());
            // The same name in both folders: name the first by path.
            if file.path < *kept {
                *kept = file.path;
            }
        }
    }
    found
}

impl PluginModel {
    /// The plugin for `project` written at `plugin_path`: every tool of the
    /// tool set that loaded (`loaded`), minus those a legacy file shadows.
    pub fn build(project: &Project, loaded: &[LoadedTool], plugin_path: &Path) -> PluginModel {
        let shadowed = shadowing_files(&project.root);
        let tool_set = project.tool_set();
        let tools: Vec<LoadedTool> = tool_set
            .tools
            .iter()
            .filter(|t| !shadowed.contains_key(&t.name))
            .filter_map(|t| loaded.iter().find(|l| l.name == t.name).cloned())
            .collect();
        let every_tool = universe(tool_set, Harness::Standard);
        let hidden_by_agent = project
            .agents
            .iter()
            .filter_map(|agent| {
                let visible = visible_tools(&agent.tools, &every_tool, Harness::Standard);
                let hidden: Vec<String> = tools
                    .iter()
                    .filter(|t| !visible.contains(&t.name))
                    .map(|t| t.name.clone())
                    .collect();
                (!hidden.is_empty()).then(|| (agent.name.clone(), hidden))
            })
            .collect();
        PluginModel {
            tools,
            hidden_by_agent,
            project_from_plugin: relative_root(&project.root, plugin_path),
        }
    }
}

/// `root` as seen from the folder of `plugin_path`.
pub(super) fn relative_root(root: &Path, plugin_path: &Path) -> String {
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let root = absolute(root);
    let plugin_dir = absolute(plugin_path.parent().unwrap_or(Path::new(".")));
    let relative = pathdiff::diff_paths(&root, &plugin_dir).unwrap_or(root);
    let shown = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    if shown.is_empty() {
        ".".to_string()
    } else {
        shown
    }
}
