//! `beeuni plugin render`: the standard harness's forwarding plugin, rendered
//! offline from the project (the daemon writes the same file at start).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use checker::project::Project;
use codegen::plugin::{
    LoadedTool, PluginModel, default_plugin_path, render, shadowing_files, write_if_changed,
    write_if_changed_inside,
};
use daemon::protocol::Loaded;

use super::output::fail;
use super::project::load_or_report;

#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// Write the plugin to FILE (atomically, only when it changes) instead of
    /// standard output. Without it, the file is rendered as if written to
    /// harnesses/opencode/plugin/beeuni.ts.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

pub fn render_command(start: &Path, args: &RenderArgs) -> ExitCode {
    let (project, _, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let ready = match daemon::load_offline(&project) {
        Ok(ready) => ready,
        Err(e) => return fail(&format!("the runtime did not start: {e:#}")),
    };
    for skipped in &ready.skipped {
        eprintln!(
            "warning: `{}` is left out of the plugin: it did not load: {}",
            skipped.name, skipped.reason
        );
    }
    for (name, file) in shadowing_files(&project.root) {
        if project.tool_set().loads(&name) {
            eprintln!(
                "warning: `{name}` is left out of the plugin: {} shadows it in the standard harness",
                file.display()
            );
        }
    }
    let plugin_path = args
        .out
        .as_ref()
        .map_or_else(|| default_plugin_path(&project.root), |out| start.join(out));
    let bytes = render(&model(&project, &ready.loaded, &plugin_path));
    if args.out.is_none() {
        let mut stdout = std::io::stdout().lock();
        return match stdout
            .write_all(bytes.as_bytes())
            .and_then(|()| stdout.flush())
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&format!("cannot write the plugin to standard output: {e}")),
        };
    }
    match write_if_changed(&plugin_path, &bytes) {
        Ok(true) => {
            eprintln!("wrote {}", plugin_path.display());
            ExitCode::SUCCESS
        }
        Ok(false) => {
            eprintln!("{} is up to date", plugin_path.display());
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e.to_string()),
    }
}

/// The plugin's model from the tools as a worker loaded them.
fn model(project: &Project, loaded: &[Loaded], plugin_path: &Path) -> PluginModel {
    let loaded: Vec<LoadedTool> = loaded
        .iter()
        .map(|l| LoadedTool {
            name: l.name.clone(),
            description: l.description.clone(),
            parameters: l.parameters.clone(),
        })
        .collect();
    PluginModel::build(project, &loaded, plugin_path)
}

/// What the daemon runs on each generation it starts serving: the plugin
/// rewritten at `out` when its bytes change, atomically. At its default
/// place the write stays inside the project (a linked `harnesses/` leading
/// out is refused); a `--plugin-out FILE` elsewhere is the user's to point.
pub fn writer(out: PathBuf) -> daemon::OnGeneration {
    std::sync::Arc::new(move |project: &Project, loaded: &[Loaded]| {
        let bytes = render(&model(project, loaded, &out));
        let written = if out == default_plugin_path(&project.root) {
            write_if_changed_inside(&project.root, &out, &bytes)
        } else {
            write_if_changed(&out, &bytes)
        };
        match written {
            Ok(true) => Ok(format!("[plugin] wrote {}", out.display())),
            Ok(false) => Ok(format!("[plugin] {} is up to date", out.display())),
            Err(e) => Err(format!(
                "[plugin] {e}; the standard harness keeps the previous plugin"
            )),
        }
    })
}
