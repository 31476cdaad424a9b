//! The standard harness's forwarding plugin (SPEC 1): one TypeScript file
//! that opencode loads from its config folder and that forwards every call
//! of the project's tools to the daemon.
//!
//! `model.rs` decides what the file declares (which tools, which agents
//! hide which); this module renders `templates/plugin.ts` with askama and
//! writes the result. Every value from the project enters the file as a JSON
//! literal from serde_json, so no description can break out of its string.

mod model;

use std::path::Path;

use askama::Template;

pub use model::{LoadedTool, PluginModel, default_plugin_path, shadowing_files};

use crate::atomic::{self, WriteError};

#[derive(Template)]
#[template(path = "plugin.ts", escape = "none")]
struct PluginFile {
    tools_json: String,
    hidden_json: String,
    project_json: String,
}

/// The plugin file's bytes: the same model always gives the same bytes.
pub fn render(model: &PluginModel) -> String {
    let tools: serde_json::Map<String, serde_json::Value> = model
        .tools
        .iter()
        .map(|tool| {
            (
                tool.name.clone(),
                serde_json::json!({
                    "description": tool.description,
                    "parameters": tool.parameters,
                }),
            )
        })
        .collect();
    let file = PluginFile {
        tools_json: json_literal(&serde_json::Value::Object(tools)),
        hidden_json: json_literal(
            &serde_json::to_value(&model.hidden_by_agent).unwrap_or_default(),
        ),
        project_json: json_literal(&serde_json::Value::String(
            model.project_from_plugin.clone(),
        )),
    };
    // The template has no fallible expression: every value is a String.
    file.render().unwrap_or_default()
}

/// Pretty JSON, which is also a valid TypeScript expression.
fn json_literal(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

/// Whether writing `bytes` to `path` would change it.
pub fn is_current(path: &Path, bytes: &str) -> bool {
    std::fs::read(path).is_ok_and(|current| current == bytes.as_bytes())
}

/// Writes the plugin atomically, creating its folder, and only when its bytes
/// change (opencode and file watchers see no event for an identical render).
/// Returns whether the file was written. For a path the user named
/// (`--out FILE`): a link on the way is followed wherever it points.
pub fn write_if_changed(path: &Path, bytes: &str) -> Result<bool, WriteError> {
    write_checked(None, path, bytes)
}

/// [`write_if_changed`] for the plugin's default place in the project: the
/// folders on the way and the file must stay inside `root` (no symbolic link
/// out of it), checked before any folder is created.
pub fn write_if_changed_inside(root: &Path, path: &Path, bytes: &str) -> Result<bool, WriteError> {
    write_checked(Some(root), path, bytes)
}

fn write_checked(root: Option<&Path>, path: &Path, bytes: &str) -> Result<bool, WriteError> {
    if let Some(root) = root {
        atomic::check_inside(root, path)?;
    }
    if is_current(path, bytes) {
        return Ok(false);
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| WriteError {
            path: path.to_path_buf(),
            source,
        })?;
    }
    match root {
        Some(root) => atomic::write_inside(root, path, bytes.as_bytes())?,
        None => atomic::write_as_named(path, bytes.as_bytes())?,
    }
    Ok(true)
}

#[cfg(test)]
mod tests;
