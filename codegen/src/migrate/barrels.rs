//! Barrels: a file of the legacy folder that only hands on tools defined in
//! others (`export { default as changedFiles } from "./changed_files.ts"`).
//! opencode offers each of those a second time under the barrel's name
//! (`all_changedFiles`). Once the files they name have moved, the barrel
//! would fail to load, and with it every custom tool of the opencode
//! session, so it must not stay as it is.
//!
//! A barrel that does nothing but re-export, and that no file imports, is
//! deleted once every tool it hands on migrates. A tool of a top-level file
//! is then a migrated tool under a second name. A tool of a subfolder's
//! file, which opencode offers only through the barrel, is *promoted*: its
//! file migrates as a tool file, under the names the barrel gives
//! (`index_sketch`). Any other re-export of a tool is a manual step at its
//! line.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use super::Change;
use super::analyze::{Facts, ReExport};
use super::discover::{Kind, LegacyFile};
use super::legacy::Export;
use super::naming;
use super::notes::line_of;
use super::paths::shown;
use super::report::{Note, Status, ToolLine};

/// What a barrel's re-exported tool is.
enum Target {
    /// A tool of a file that migrates, declared under this name.
    Moved { name: String, module: String },
    /// A tool of a file that stays (a subfolder's, or one left in place).
    Stays { file: String },
}

/// Whether `i` is a barrel that can go: it only re-exports, and no other
/// file imports it.
fn removable(
    i: usize,
    analysed: &[(LegacyFile, Facts)],
    resolve: &dyn Fn(usize, &str) -> Option<usize>,
) -> bool {
    let (file, facts) = &analysed[i];
    file.kind == Kind::ToolModule
        && facts.tools.is_empty()
        && !facts.reexports.is_empty()
        && facts.only_reexports
        && !analysed.iter().enumerate().any(|(j, (_, other))| {
            j != i
                && other
                    .relative_imports
                    .iter()
                    .any(|import| resolve(j, &import.specifier) == Some(i))
        })
}

/// The export of the other file a re-export names.
fn export_of(reexport: &ReExport) -> Export {
    match reexport.original.as_str() {
        "default" => Export::Default,
        named => Export::Named(named.to_string()),
    }
}

/// The name opencode gives a barrel's re-export.
fn barrel_name(barrel: &Path, reexport: &ReExport) -> String {
    let stem = stem(barrel);
    match reexport.exported.as_str() {
        "default" => stem,
        named => naming::opencode_name(&stem, Some(named)),
    }
}

/// Subfolder files whose tools a removable barrel hands on: by file, the
/// opencode name of each of those tools.
pub fn promoted(
    analysed: &[(LegacyFile, Facts)],
    resolve: &dyn Fn(usize, &str) -> Option<usize>,
) -> HashMap<usize, HashMap<Export, String>> {
    let mut out: HashMap<usize, HashMap<Export, String>> = HashMap::new();
    for (i, (file, facts)) in analysed.iter().enumerate() {
        if !removable(i, analysed, resolve) {
            continue;
        }
        for reexport in &facts.reexports {
            let Some(j) = resolve(i, &reexport.specifier) else {
                continue;
            };
            let export = export_of(reexport);
            let (target, target_facts) = &analysed[j];
            if target.kind != Kind::ToolModule
                && target_facts.tools.iter().any(|t| t.export == export)
            {
                out.entry(j)
                    .or_default()
                    .insert(export, barrel_name(&file.path, reexport));
            }
        }
    }
    out
}

/// The barrels that go: removable, and every tool they hand on migrates.
pub fn deleted(
    analysed: &[(LegacyFile, Facts)],
    migrating: &dyn Fn(usize) -> bool,
    resolve: &dyn Fn(usize, &str) -> Option<usize>,
    promoted: &HashMap<usize, HashMap<Export, String>>,
) -> HashSet<usize> {
    (0..analysed.len())
        .filter(|&i| removable(i, analysed, resolve))
        .filter(|&i| {
            let facts = &analysed[i].1;
            let mut tools = facts.reexports.iter().filter_map(|r| {
                let j = resolve(i, &r.specifier)?;
                let export = export_of(r);
                analysed[j]
                    .1
                    .tools
                    .iter()
                    .any(|t| t.export == export)
                    .then_some((j, export))
            });
            let mut any = false;
            let all = tools.all(|(j, export)| {
                any = true;
                migrating(j)
                    && (analysed[j].0.kind == Kind::ToolModule
                        || promoted.get(&j).is_some_and(|n| n.contains_key(&export)))
            });
            any && all
        })
        .collect()
}

/// Report lines and deletions for the barrels of the legacy folders.
pub fn settle(
    analysed: &[(LegacyFile, Facts)],
    migrating: &dyn Fn(usize) -> bool,
    resolve: &dyn Fn(usize, &str) -> Option<usize>,
    promoted: &HashMap<usize, HashMap<Export, String>>,
    gone: &HashSet<usize>,
    tools: &mut Vec<ToolLine>,
    changes: &mut Vec<Change>,
) {
    for (i, (file, facts)) in analysed.iter().enumerate() {
        if file.kind != Kind::ToolModule || !facts.tools.is_empty() || facts.reexports.is_empty() {
            continue;
        }
        let text = file.text.as_deref().unwrap_or("");
        let handed: Vec<(&ReExport, Target)> = facts
            .reexports
            .iter()
            .filter_map(|r| {
                let j = resolve(i, &r.specifier)?;
                let export = export_of(r);
                if !analysed[j].1.tools.iter().any(|t| t.export == export) {
                    return None; // a helper or a type: not a tool
                }
                if promoted
                    .get(&j)
                    .is_some_and(|names| names.contains_key(&export))
                {
                    return None; // the promoted tool has its own line
                }
                let legacy = shown(&analysed[j].0.path);
                if !migrating(j) {
                    // A top-level file that stays keeps the barrel working;
                    // its own line says why it stays.
                    return (analysed[j].0.kind != Kind::ToolModule)
                        .then_some((r, Target::Stays { file: legacy }));
                }
                let wanted = match &export {
                    Export::Default => None,
                    Export::Named(n) => Some(n.clone()),
                };
                let line = tools
                    .iter()
                    .find(|t| t.legacy == legacy && t.export == wanted)?;
                Some((
                    r,
                    Target::Moved {
                        name: line.name.clone()?,
                        module: line.module.clone()?,
                    },
                ))
            })
            .collect();
        let all_moved = gone.contains(&i);
        if handed.is_empty() && !all_moved {
            continue;
        }
        let legacy = shown(&file.path);
        for (reexport, target) in &handed {
            let opencode_name = barrel_name(&file.path, reexport);
            let line = line_of(text, reexport.span.start);
            let (status, message, manual) = match (target, all_moved) {
                (Target::Moved { name, module }, true) => (
                    Status::DeletedSecondName,
                    format!(
                        "opencode offered `{name}` ({module}) a second time, as `{opencode_name}`, through this re-export; the file is deleted with it"
                    ),
                    false,
                ),
                (Target::Moved { name, module }, false) => (
                    Status::NeedsManualStep,
                    format!(
                        "re-exports `{}` from {}, which moves to {module} as `{name}`: delete this re-export, or opencode fails to load this file",
                        reexport.original, reexport.specifier
                    ),
                    true,
                ),
                (Target::Stays { file }, _) => (
                    Status::NeedsManualStep,
                    format!(
                        "opencode offers `{}` of {file} as `{opencode_name}` through this re-export; the migration does not follow it: move the tool to its own module by hand",
                        reexport.original
                    ),
                    true,
                ),
            };
            tools.push(ToolLine {
                legacy: legacy.clone(),
                export: (reexport.exported != "default").then(|| reexport.exported.clone()),
                opencode_name,
                name: None,
                module: None,
                status,
                notes: vec![Note {
                    file: legacy.clone(),
                    line,
                    message,
                    manual,
                }],
                already_declared: false,
            });
        }
        if all_moved {
            changes.push(Change {
                path: legacy,
                before: file.text.clone(),
                after: None,
            });
        }
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
