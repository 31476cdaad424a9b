//! The body of the eject fuzz target: any bytes as `beeuni.yaml`, every
//! Beeuni tool planned for eject, each plan applied in memory, and the
//! written manifest loaded again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use checker::project::names::BEEUNI_TOOLS;
use checker::project::{MANIFEST_NAME, Project, ToolKind, ToolSet, load};

use super::plan;

const SOURCE: &str = "export default {}\n";

/// Must never panic, whatever `bytes` hold, and every plan that is not
/// refused must do what eject promises: the written manifest loads, the
/// ejected tool is now `beeuni (overridden)` from `tools/<name>.ts`, and every
/// other tool is what it was. `dir` is an empty folder the caller owns; the
/// project is written under it, because loading reads from disk.
pub fn fuzz_eject(dir: &Path, bytes: &[u8]) {
    let before = fresh(&dir.join("before"));
    std::fs::write(before.join(MANIFEST_NAME), bytes)
        .unwrap_or_else(|e| panic!("cannot write the manifest under test: {e}"));
    let Some(project) = load(&before).project else {
        return;
    };
    for name in BEEUNI_TOOLS {
        for force in [false, true] {
            let Ok(plan) = plan(&project, name, SOURCE, force) else {
                continue;
            };
            let mut written = BTreeMap::new();
            plan.apply_with(&mut |path, bytes| {
                written.insert(path.to_path_buf(), bytes.to_vec());
                Ok(())
            })
            .unwrap_or_else(|e| panic!("applying the plan for {name} failed: {e}"));
            check_written(&project, name, &plan.module, written);
        }
    }
}

/// Loads the files `written` (over the project's own) and compares the tool
/// sets before and after.
fn check_written(project: &Project, name: &str, module: &str, written: BTreeMap<PathBuf, Vec<u8>>) {
    let after = fresh(&project.root.with_file_name("after"));
    for file in &project.files {
        put(&after.join(&file.path), file.text.as_bytes());
    }
    for (path, bytes) in &written {
        let relative = path
            .strip_prefix(&project.root)
            .unwrap_or_else(|_| panic!("eject wrote outside the project: {}", path.display()));
        put(&after.join(relative), bytes);
    }
    let reloaded = load(&after);
    let Some(edited) = reloaded.project else {
        panic!(
            "ejecting {name} wrote files that do not load: {:?}\n{written:?}",
            reloaded.diagnostics
        );
    };
    let (old, new) = (project.tool_set(), edited.tool_set());
    let ejected = new.get(name);
    assert!(
        ejected.is_some_and(|t| t.kind == ToolKind::BeeuniOverridden && t.source == module),
        "ejecting {name} did not point it at {module}: {ejected:?}"
    );
    assert_eq!(
        others(old, name),
        others(new, name),
        "ejecting {name} changed other tools"
    );
    let removed = |set: &ToolSet| -> Vec<&str> {
        set.removed.iter().copied().filter(|t| *t != name).collect()
    };
    assert_eq!(
        removed(old),
        removed(new),
        "ejecting {name} changed the removed tools"
    );
}

/// Every tool but `name`, without the spans that an edit above them shifts.
fn others(set: &ToolSet, name: &str) -> Vec<(String, ToolKind, String, Option<PathBuf>)> {
    set.tools
        .iter()
        .filter(|t| t.name != name)
        .map(|t| (t.name.clone(), t.kind, t.source.clone(), t.module.clone()))
        .collect()
}

fn put(path: &Path, bytes: &[u8]) {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", folder.display()));
    }
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// `path` as a new, empty folder.
fn fresh(path: &Path) -> PathBuf {
    let _ = std::fs::remove_dir_all(path);
    std::fs::create_dir_all(path)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", path.display()));
    path.to_path_buf()
}
