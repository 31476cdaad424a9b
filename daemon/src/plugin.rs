//! The forwarding plugin from the daemon's side: the tools a generation
//! loaded become the plugin's model (`codegen::plugin`), written at start and
//! after every reload; `load_offline` gives `beeuni plugin render` the same
//! tools without starting workers.

use std::path::Path;

use checker::project::Project;
use codegen::plugin::{LoadedTool, PluginModel};

use crate::generation::Generation;
use crate::protocol::{Ready, Setup, ToolSpec};

/// Loads every tool of `project` in a runtime host of this process, as a
/// worker would: what loaded, and what did not with the reason.
pub fn load_offline(project: &Project) -> anyhow::Result<Ready> {
    let setup = Setup {
        project_dir: project.root.clone(),
        tools: project
            .tool_set()
            .tools
            .iter()
            .map(|t| ToolSpec {
                name: t.name.clone(),
                module: t.module.clone(),
            })
            .collect(),
        timeout_ms: 0,
        memory_bytes: 0,
    };
    let staged = tempfile::Builder::new()
        .prefix("beeuni-hosted-")
        .tempdir()?;
    let mut config = runtime::HostConfig::new(&project.root);
    config.transpile_cache = runtime::default_cache_dir();
    let mut host = runtime::Host::new(config)?;
    Ok(crate::worker::load_all(&mut host, &setup, staged.path()))
}

/// The plugin's model from what a worker reported.
pub fn model(project: &Project, ready: &Ready, plugin_path: &Path) -> PluginModel {
    let loaded: Vec<LoadedTool> = ready
        .loaded
        .iter()
        .map(|l| LoadedTool {
            name: l.name.clone(),
            description: l.description.clone(),
            parameters: l.parameters.clone(),
        })
        .collect();
    PluginModel::build(project, &loaded, plugin_path)
}

/// Renders the plugin for `generation` and writes it to `out` when its bytes
/// change; a failure is logged, and the daemon goes on serving.
pub(crate) fn write(generation: &Generation, out: &Path) {
    let loaded: Vec<LoadedTool> = generation
        .tools
        .iter()
        .map(|t| LoadedTool {
            name: t.name.clone(),
            description: t.info.description.clone(),
            parameters: t.info.parameters.clone(),
        })
        .collect();
    let bytes = codegen::plugin::render(&PluginModel::build(&generation.project, &loaded, out));
    match codegen::plugin::write_if_changed(out, &bytes) {
        Ok(true) => tracing::info!("[plugin] wrote {}", out.display()),
        Ok(false) => tracing::info!("[plugin] {} is up to date", out.display()),
        Err(e) => tracing::warn!("[plugin] {e}; the standard harness keeps the previous plugin"),
    }
}
