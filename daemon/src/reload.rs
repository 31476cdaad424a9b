//! Reload between calls (SPEC 7): watch the project, and on a change build a
//! new generation; new calls go to it while calls in flight finish on the
//! old one, which ends when they do.
//!
//! The whole checkout is watched (but `.git`), because the files a module
//! reads (its helpers, a package in `node_modules`) are anywhere in it; only
//! a change that can alter what loads starts a reload (see [`starts_reload`]),
//! so a tool writing its own data into the checkout does not reload the
//! project on every call.
//! Changes are debounced; a manifest that cannot be read, or workers that do
//! not start, leave the last good generation serving.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use checker::rules::LEGACY_TOOL_DIRS;
use notify::Watcher;

use crate::generation::{Generation, WorkerOptions};
use crate::log_text::escape;
use crate::{OnGeneration, Shared};

const DEBOUNCE: Duration = Duration::from_millis(300);

/// Logs what a generation serves and, in the SPEC 5 wording, what it skipped.
pub fn log_loaded(generation: &Generation) {
    // A project of a thousand tools must not make a line of a thousand names.
    const NAMED: usize = 20;
    let count = generation.tools.len();
    let mut names: Vec<&str> = generation
        .tools
        .iter()
        .take(NAMED)
        .map(|t| t.name.as_str())
        .collect();
    let more = format!("and {} more", count.saturating_sub(NAMED));
    if count > NAMED {
        names.push(&more);
    }
    tracing::info!(
        "[tools] generation {}: {count} tools loaded ({}), {} workers",
        generation.number,
        names.join(", "),
        generation.slots().len()
    );
    if !generation.skipped.is_empty() {
        tracing::warn!("[tools] project tools that did not load");
        // The file and the reason are the module's text: one line each.
        for skipped in &generation.skipped {
            tracing::warn!(
                "  {} ({}): {}",
                escape(&skipped.name),
                escape(&skipped.file),
                escape(&skipped.reason)
            );
        }
    }
}

/// Module code: a change to one of these, anywhere in the checkout (a
/// tool's module, a helper, a package's file), reloads.
const MODULE_EXTENSIONS: &[&str] = &["ts", "mts", "cts", "js", "mjs", "cjs"];

/// Files that decide how imports resolve.
const RESOLUTION_FILES: &[&str] = &["package.json", "tsconfig.json", "jsconfig.json"];

/// Whether a change to `path` can alter what the project loads: the root
/// `beeuni.yaml` or a file it imports (`manifests`), module code, a
/// package.json, tsconfig.json or jsconfig.json, or anything under
/// `node_modules`. Not `.git`, and not the other files a tool may write
/// into the checkout (JSON or YAML data, notes, outputs): those never
/// reload. (A JSON file a module imports as data is read at load, so a
/// change to it alone waits for the next reload or restart.)
fn starts_reload(root: &Path, manifests: &[PathBuf], path: &Path) -> bool {
    let components = || path.components();
    if components().any(|c| c == Component::Normal(".git".as_ref())) {
        return false;
    }
    if path == root.join(checker::project::MANIFEST_NAME) || manifests.iter().any(|m| m == path) {
        return true;
    }
    if components().any(|c| c == Component::Normal("node_modules".as_ref())) {
        return true;
    }
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    RESOLUTION_FILES.contains(&name)
        || path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| MODULE_EXTENSIONS.contains(&e))
}

/// Starts watching `root`; dropping the returned watcher stops it. The file
/// the generation hook writes (`ignore_file`, the plugin) starts no reload.
pub fn watch(
    shared: Arc<Shared>,
    root: PathBuf,
    options: WorkerOptions,
    hook: Option<OnGeneration>,
    ignore_file: Option<PathBuf>,
) -> anyhow::Result<notify::RecommendedWatcher> {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<()>();
    let own_file = ignore_file;
    let project = root.clone();
    let watched_root = root.clone();
    let current = shared.clone();
    // The manifests of the generation serving now (a reload that changes
    // the imports changes the list).
    let manifests = move || -> Vec<PathBuf> {
        let generation = current.current();
        generation
            .project
            .files
            .iter()
            .map(|f| generation.project.root.join(&f.path))
            .collect()
    };
    let is_own = move |path: &Path| {
        own_file
            .as_deref()
            .is_some_and(|own| path == own || same_file(path, own))
            || written_by_opencode(&project, path)
    };
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event
            && !event.kind.is_access()
        {
            let manifests = manifests();
            if event
                .paths
                .iter()
                .any(|p| starts_reload(&watched_root, &manifests, p) && !is_own(p))
            {
                let _ = tx.send(());
            }
        }
    })?;
    watcher.watch(&root, notify::RecursiveMode::Recursive)?;
    tokio::spawn(async move {
        while rx.recv().await.is_some() {
            // Debounce: an editor's save or a checkout is many events.
            loop {
                match tokio::time::timeout(DEBOUNCE, rx.recv()).await {
                    Ok(Some(())) => continue,
                    Ok(None) => return,
                    Err(_) => break,
                }
            }
            reload(&shared, &root, &options, hook.as_ref()).await;
        }
    });
    Ok(watcher)
}

/// opencode installs its plugin package into its config folder at every
/// start (`package.json`, `node_modules/`, a lockfile): none of that is a
/// tool's. Of that folder only the legacy tool folders matter here, because
/// a file there decides which tools the plugin may declare.
fn written_by_opencode(root: &Path, path: &Path) -> bool {
    let legacy = LEGACY_TOOL_DIRS.map(|dir| root.join(dir));
    let config_folder = legacy[0].parent().unwrap_or(root);
    path.starts_with(config_folder) && !legacy.iter().any(|dir| path.starts_with(dir))
}

fn same_file(a: &Path, b: &Path) -> bool {
    matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(a), Ok(b)) if a == b)
}

async fn reload(
    shared: &Shared,
    root: &Path,
    options: &WorkerOptions,
    hook: Option<&OnGeneration>,
) {
    let old = shared.current();
    let root_owned = root.to_path_buf();
    let loaded =
        match tokio::task::spawn_blocking(move || checker::project::load(&root_owned)).await {
            Ok(loaded) => loaded,
            Err(e) => {
                tracing::error!("[reload] reading the project failed: {e}");
                return;
            }
        };
    let Some(project) = loaded.project else {
        let why = loaded
            .diagnostics
            .first()
            .map_or_else(|| "unknown reason".to_string(), |d| d.message.clone());
        tracing::warn!(
            "[reload] beeuni.yaml cannot be read ({why}); still serving generation {}",
            old.number
        );
        return;
    };
    let next = match Generation::start(old.number + 1, project, options).await {
        Ok(next) => next,
        Err(e) => {
            tracing::error!(
                "[reload] the new workers did not start ({e}); still serving generation {}",
                old.number
            );
            return;
        }
    };
    log_changes(&old, &next);
    log_loaded(&next);
    let next = Arc::new(next);
    if let Ok(mut current) = shared.current.write() {
        *current = next.clone();
    }
    shared.reloads.send_replace(next.number);
    // After the switch: a tool the new plugin offers is one the daemon serves.
    crate::generation_hook(hook, &next);
}

fn log_changes(old: &Generation, next: &Generation) {
    let mut added = Vec::new();
    let mut changed = Vec::new();
    for tool in &next.tools {
        match old.tool(&tool.name) {
            None => added.push(tool.name.as_str()),
            Some(before) if before != tool => changed.push(tool.name.as_str()),
            Some(_) => {}
        }
    }
    let removed: Vec<&str> = old
        .tools
        .iter()
        .filter(|t| next.tool(&t.name).is_none())
        .map(|t| t.name.as_str())
        .collect();
    let failed: Vec<&str> = next.skipped.iter().map(|s| s.name.as_str()).collect();
    let list = |names: &[&str]| {
        if names.is_empty() {
            "-".to_string()
        } else {
            names.join(", ")
        }
    };
    tracing::info!(
        "[reload] generation {}: added {}; removed {}; changed {}; failed {}",
        next.number,
        list(&added),
        list(&removed),
        list(&changed),
        list(&failed)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_manifests_code_and_resolution_files_start_a_reload() {
        let root = Path::new("/p");
        let manifests = [root.join("beeuni.yaml"), root.join("harness/agents.yaml")];
        let reloads = |rel: &str| starts_reload(root, &manifests, &root.join(rel));
        for rel in [
            "beeuni.yaml",
            "harness/agents.yaml",
            "tools/echo.ts",
            "lib/helper.mjs",
            "package.json",
            "tools/tsconfig.json",
            "node_modules/zod/package.json",
            "node_modules/zod/data.json",
        ] {
            assert!(reloads(rel), "{rel} should reload");
        }
        for rel in [
            "data/orders.json",
            "memory/notes.md",
            "other.yaml",
            "tools/state.json",
            ".git/index",
            ".git/hooks/x.ts",
        ] {
            assert!(!reloads(rel), "{rel} should not reload");
        }
    }
}
