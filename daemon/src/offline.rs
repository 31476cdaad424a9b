//! The tools of a project loaded in this process, without workers: what a
//! generation's workers would report, for `beeuni plugin render`.

use checker::project::Project;

use crate::protocol::{Ready, Setup, ToolSpec};

/// Loads every tool of `project` in a runtime host of this process, as a
/// worker does: what loaded, and what did not with the reason.
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
        box_env: crate::secrets::box_env(),
        // Only descriptions are read here (`plugin render` runs no call).
        sandbox: runtime::sandbox::Level::Off,
    };
    let staged = tempfile::Builder::new()
        .prefix("beeuni-hosted-")
        .tempdir()?;
    let mut config = runtime::HostConfig::new(&project.root);
    config.transpile_cache = runtime::default_cache_dir();
    config.box_env = setup.box_env.clone();
    let mut host = runtime::Host::new(config)?;
    Ok(crate::worker::load_all(&mut host, &setup, staged.path()))
}
