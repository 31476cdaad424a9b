//! The relative imports of a moved file: which legacy file a specifier
//! names (as Bun resolves it), the specifier that reaches the same file from
//! the new place, and the moved file's new text, checked to parse.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use checker::module::parse::{Language, STACK_SIZE, is_commonjs, parse};

use super::analyze::Facts;
use super::discover::LegacyFile;
use super::paths::{normalize, specifier};
use crate::edit::{self, Edit};

/// Extensions tried after a specifier, in Bun's order.
const PROBES: [&str; 9] = ["ts", "tsx", "js", "jsx", "mts", "mjs", "cts", "cjs", "json"];

/// The legacy file `lexical` names, as Bun would find it.
pub(super) fn resolve_lexical(lexical: &Path, index: &HashMap<&Path, usize>) -> Option<usize> {
    if let Some(&i) = index.get(lexical) {
        return Some(i);
    }
    let text = lexical.to_string_lossy();
    // TypeScript sources import each other as `./x.js`.
    if let Some(base) = text.strip_suffix(".js")
        && let Some(&i) = index.get(Path::new(&format!("{base}.ts")))
    {
        return Some(i);
    }
    PROBES
        .iter()
        .map(|ext| PathBuf::from(format!("{text}.{ext}")))
        .chain(
            PROBES
                .iter()
                .map(|ext| lexical.join(format!("index.{ext}"))),
        )
        .find_map(|candidate| index.get(candidate.as_path()).copied())
}

/// Every edit of a moved file: the tool rewrite, its relative imports, and
/// the default export a lone named tool needs.
pub(super) fn all_edits(
    i: usize,
    analysed: &[(LegacyFile, Facts)],
    moving: &HashMap<usize, String>,
    new_path: &dyn Fn(usize) -> PathBuf,
    resolve: &dyn Fn(usize, &str) -> Option<usize>,
) -> Vec<Edit> {
    let set: BTreeSet<usize> = moving.keys().copied().collect();
    edits_for(i, analysed, &set, new_path, resolve)
}

pub(super) fn edits_for(
    i: usize,
    analysed: &[(LegacyFile, Facts)],
    moving: &BTreeSet<usize>,
    new_path: &dyn Fn(usize) -> PathBuf,
    resolve: &dyn Fn(usize, &str) -> Option<usize>,
) -> Vec<Edit> {
    let (file, facts) = &analysed[i];
    let Some(text) = file.text.as_deref() else {
        return Vec::new();
    };
    let mut edits = facts.edits.clone();
    let old_dir = file.path.parent().unwrap_or(Path::new(""));
    let new = new_path(i);
    let new_dir = new.parent().unwrap_or(Path::new(""));
    for import in &facts.relative_imports {
        let lexical = normalize(&old_dir.join(&import.specifier));
        let target = match resolve(i, &import.specifier) {
            Some(j) if moving.contains(&j) => {
                let folder = &analysed[j].0.folder;
                new_path_of(&lexical, folder, &new, &file.path)
            }
            _ => lexical,
        };
        let mut spec = specifier(new_dir, &target);
        if import.specifier.ends_with('/') && !spec.ends_with('/') {
            spec.push('/');
        }
        if spec != import.specifier {
            let quote = text[import.span.clone()].chars().next().unwrap_or('\'');
            edits.push(Edit::replace(
                import.span.clone(),
                format!("{quote}{spec}{quote}"),
            ));
        }
    }
    if new != file.path && new_dir != old_dir {
        // The files a module reads beside itself stay where they were: its
        // folder name points there still (`import.meta.dir` + the way back).
        let back = specifier(new_dir, old_dir);
        let back = back.strip_prefix("./").unwrap_or(&back);
        for span in &facts.own_folder {
            let written = &text[span.clone()];
            if folder_name(written) {
                edits.push(Edit::replace(
                    span.clone(),
                    format!("({written} + {:?})", format!("/{back}")),
                ));
            }
        }
    }
    if new != file.path {
        for (span, target) in &facts.aliased_imports {
            let mut spec = specifier(new_dir, target);
            let written = &text[span.clone()];
            let inner = written.trim_matches(|c| c == '\'' || c == '"');
            if let Some(ext) = target.extension().and_then(|e| e.to_str())
                && !inner.ends_with(&format!(".{ext}"))
                && let Some(stripped) = spec.strip_suffix(&format!(".{ext}"))
            {
                spec = stripped.to_string();
            }
            let quote = written.chars().next().unwrap_or('\'');
            edits.push(Edit::replace(span.clone(), format!("{quote}{spec}{quote}")));
        }
    }
    if let Some(name) = &facts.needs_default_export {
        let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
        let lead = if text.ends_with('\n') || text.is_empty() {
            ""
        } else {
            eol
        };
        edits.push(Edit::replace(
            text.len()..text.len(),
            format!("{lead}{eol}export default {name}{eol}"),
        ));
    }
    edits
}

/// Where the lexical target lands: the same place under the new folder as
/// under the legacy one.
pub(super) fn new_path_of(
    lexical: &Path,
    folder: &Path,
    new_file: &Path,
    old_file: &Path,
) -> PathBuf {
    let to_root = new_file
        .ancestors()
        .zip(old_file.ancestors())
        .find(|(_, old)| *old == folder)
        .map(|(new, _)| new.to_path_buf());
    match (lexical.strip_prefix(folder), to_root) {
        (Ok(rest), Some(to)) => to.join(rest),
        _ => lexical.to_path_buf(),
    }
}

pub(super) fn new_text(
    i: usize,
    analysed: &[(LegacyFile, Facts)],
    moving: &BTreeSet<usize>,
    new_path: &dyn Fn(usize) -> PathBuf,
    resolve: &dyn Fn(usize, &str) -> Option<usize>,
) -> Result<String, String> {
    let text = analysed[i].0.text.as_deref().ok_or("it cannot be read")?;
    let edits = edits_for(i, analysed, moving, new_path, resolve);
    edit::apply(text, &edits).map_err(|e| e.to_string())
}

/// `import.meta.dir`, `import.meta.dirname`, `__dirname`: the module's
/// folder as a path, which a move can point back at the old one. A file's
/// own path or URL (`import.meta.url`) cannot be, and stays a manual step.
pub(super) fn folder_name(written: &str) -> bool {
    matches!(
        written,
        "import.meta.dir" | "import.meta.dirname" | "__dirname"
    )
}

/// A rewritten module must still parse (STYLE: every rewrite is re-parsed).
pub(super) fn reparses(text: &str, path: &Path) -> Result<(), String> {
    let language = Language::of(path);
    if matches!(language, Language::Data | Language::Jsx) {
        return Ok(());
    }
    let run = || {
        parse(text, path, language, is_commonjs(path))
            .map(|_| ())
            .map_err(|d| d.first().map_or_else(String::new, |d| d.message.clone()))
    };
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, run)
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .unwrap_or_else(|_| run())
    })
}
