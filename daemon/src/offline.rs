//! The tools of a project loaded in this process, without workers: what a
//! generation's workers would report, for `beeuni plugin render`, `types`,
//! `lock` and the lints; and [`confined`], the thread those loads (and
//! `validate --deep`'s, and `tools migrate`'s evaluation) run on.
//!
//! Loading a module runs its top level, which is tool code as much as
//! `execute` is: on a developer's machine or in CI it must reach no more
//! than a daemon's worker lets it, so it runs confined as a worker is.

use std::path::Path;

use checker::project::Project;
use runtime::sandbox::{Confined, Level};

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
        sandbox: Level::BestEffort,
    };
    confined(&project.root, |confined, temp| {
        let mut config = runtime::HostConfig::new(&project.root);
        // Out of a confined load's reach, as for a worker.
        if !confined.holds() {
            config.transpile_cache = runtime::default_cache_dir();
        }
        config.box_env = crate::worker::tools_env(&setup.box_env, confined, temp);
        let mut host = runtime::Host::new(config)?;
        Ok(crate::worker::load_all(&mut host, &setup, temp))
    })
    .map_err(anyhow::Error::msg)?
}

/// Runs `load` on a thread of its own, confined to `project_dir` and a
/// fresh temp folder as a daemon's worker is (`best-effort`: unconfined
/// where the kernel has no Landlock), and waits for it. The temp folder
/// (where hosted sources are staged) is removed afterwards. `Err` when the
/// sandbox cannot be set up, as a worker would not start.
pub fn confined<T: Send>(
    project_dir: &Path,
    load: impl FnOnce(&Confined, &Path) -> T + Send,
) -> Result<T, String> {
    let temp = tempfile::Builder::new()
        .prefix("beeuni-hosted-")
        .tempdir()
        .map_err(|e| format!("cannot make a temp folder for the tools' top-level code: {e}"))?;
    let box_env = crate::secrets::box_env();
    let grants = crate::worker::sandbox_grants(project_dir, temp.path(), &box_env);
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .stack_size(runtime::ENGINE_STACK_SIZE)
            .spawn_scoped(scope, || {
                // The confinement holds for this thread only, not the caller's.
                let confined = runtime::sandbox::confine(Level::BestEffort, &grants)
                    .map_err(|e| format!("cannot confine the tools' top-level code: {e}"))?;
                Ok(load(&confined, temp.path()))
            })
            .map_err(|e| format!("cannot start the thread that loads the tools: {e}"))?;
        thread
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}
