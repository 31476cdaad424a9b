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

/// A file in the standard harness's tool folders: its root-relative path,
/// and the stem opencode names its default export after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegacyFile {
    pub path: PathBuf,
    pub stem: String,
    pub extension: String,
}

/// The files of [`LEGACY_TOOL_DIRS`] under `root`, folder by folder, each
/// folder's sorted by name.
pub fn legacy_files(root: &Path) -> Vec<LegacyFile> {
    let mut found = Vec::new();
    for dir in LEGACY_TOOL_DIRS {
        let Ok(read) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut names: Vec<_> = read.filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
        names.sort();
        for name in names {
            let path = Path::new(dir).join(&name);
            let (Some(stem), Some(extension)) = (
                path.file_stem().and_then(|s| s.to_str()),
                path.extension().and_then(|s| s.to_str()),
            ) else {
                continue;
            };
            let (stem, extension) = (stem.to_string(), extension.to_string());
            found.push(LegacyFile {
                path,
                stem,
                extension,
            });
        }
    }
    found
}

pub(super) fn check(project: &Project, tool_set: &ToolSet) -> Vec<Diagnostic> {
    legacy_files(&project.root)
        .into_iter()
        .filter(|file| {
            MODULE_EXTENSIONS.contains(&file.extension.as_str()) && is_beeuni_tool(&file.stem)
        })
        .filter_map(|file| Some(shadows(project, &file.path, tool_set.get(&file.stem)?)))
        .collect()
}
