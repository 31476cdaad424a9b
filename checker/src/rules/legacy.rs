//! The rule for legacy opencode tools: a file in the standard harness's tool
//! folder named after a Beeuni tool shadows the hosted tool there.

use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::LEGACY_SHADOWS_HOSTED_TOOL;
use crate::project::names::{MODULE_EXTENSIONS, is_beeuni_tool};
use crate::project::{Project, Tool, ToolSet};

/// Where the standard harness loads custom tools from, relative to the root.
pub const LEGACY_TOOL_DIRS: [&str; 2] = ["harnesses/opencode/tools", "harnesses/opencode/tool"];

fn shadows(project: &Project, legacy: &Path, tool: &Tool) -> Diagnostic {
    let shown = legacy.display();
    let mut d = Diagnostic::new(
        &LEGACY_SHADOWS_HOSTED_TOOL,
        format!("{shown} shadows the `{}` tool this project loads, in the standard harness", tool.name),
    )
    .at(legacy, 0..0)
    .help(format!(
        "delete it (`git rm {shown}`), or run `beeuni tools migrate`, which deletes {shown} and migrates the other legacy tools of {folder}/: the daemon hosts `{name}` in both harnesses. To keep its changes instead, move it to tools/{name}.ts, rewrite it as a tool module and set `{name}: tools/{name}.ts`",
        name = tool.name,
        folder = legacy.parent().map(|p| p.display().to_string()).unwrap_or_default(),
    ));
    if let Some(origin) = &tool.declared {
        d = d.related(
            project.file_path(origin.file),
            origin.span.clone(),
            "the tool sessions should get",
        );
    }
    d
}

pub(super) fn check(project: &Project, tool_set: &ToolSet) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for dir in LEGACY_TOOL_DIRS {
        let Ok(read) = std::fs::read_dir(project.root.join(dir)) else {
            continue;
        };
        let mut files: Vec<PathBuf> = read.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort();
        for path in files {
            let (Some(stem), Some(ext)) = (
                path.file_stem().and_then(|s| s.to_str()),
                path.extension().and_then(|s| s.to_str()),
            ) else {
                continue;
            };
            if !MODULE_EXTENSIONS.contains(&ext) || !is_beeuni_tool(stem) {
                continue;
            }
            if let Some(tool) = tool_set.get(stem) {
                let relative = Path::new(dir).join(path.file_name().unwrap_or_default());
                diagnostics.push(shadows(project, &relative, tool));
            }
        }
    }
    diagnostics
}
