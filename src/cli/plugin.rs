//! `beeuni plugin render`: the standard harness's forwarding plugin, rendered
//! offline from the project (the daemon writes the same file at start).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use codegen::plugin::{default_plugin_path, render, shadowing_files, write_if_changed};

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
    let ready = match daemon::plugin::load_offline(&project) {
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
    let bytes = render(&daemon::plugin::model(&project, &ready, &plugin_path));
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
