//! Finding the project root and reading the manifest with its imports.
//!
//! Every file is read with a size cap and must be UTF-8 YAML whose top level
//! is a mapping. Imports are followed depth-first in the order written, so
//! declaration order is root first, then each import as it is reached.

use std::path::{Path, PathBuf};

use crate::diagnostics::codes::{
    IMPORT_CYCLE, IMPORT_NOT_FOUND, IMPORT_OUTSIDE_REPO, MANIFEST_EMPTY, MANIFEST_NOT_FOUND,
    MANIFEST_UNREADABLE, WRONG_TYPE, YAML_SYNTAX,
};
use crate::diagnostics::{Diagnostic, Sources};
use crate::yaml::{self, Node};

use super::paths::{PathProblem, check_repo_path};
use super::{ManifestFile, Project, decls};

pub const MANIFEST_NAME: &str = "beeuni.yaml";

/// Real manifests are a few KiB; the cap keeps a stray generated file from
/// stalling a CI run.
pub const MAX_MANIFEST_BYTES: u64 = 1024 * 1024;

/// The outcome of loading: a model when the root manifest could be read, and
/// every problem found on the way.
#[derive(Debug)]
pub struct Loaded {
    pub project: Option<Project>,
    pub diagnostics: Vec<Diagnostic>,
    /// Texts of every file read, including ones that failed to parse.
    pub sources: Sources,
}

/// The nearest folder at or above `start` holding `beeuni.yaml`, as git finds
/// its repository.
pub fn find_root(start: &Path) -> Option<PathBuf> {
    let start = start.canonicalize().ok()?;
    start
        .ancestors()
        .find(|dir| dir.join(MANIFEST_NAME).is_file())
        .map(Path::to_path_buf)
}

fn not_found(root: &Path) -> Diagnostic {
    Diagnostic::new(
        &MANIFEST_NOT_FOUND,
        format!(
            "no {MANIFEST_NAME} in {} or any folder above it",
            root.display()
        ),
    )
    .help("run the command inside a Beeuni project, or name one with `-C DIR`")
}

fn unreadable(path: &Path, why: &str) -> Diagnostic {
    Diagnostic::new(
        &MANIFEST_UNREADABLE,
        format!("cannot read {}: {why}", path.display()),
    )
    .at(path, 0..0)
}

fn not_utf8(path: &Path, valid_up_to: usize) -> Diagnostic {
    Diagnostic::new(
        &MANIFEST_UNREADABLE,
        format!("{} is not UTF-8 text", path.display()),
    )
    .at(path, valid_up_to..valid_up_to + 1)
    .label("the first byte that is not UTF-8")
    .help("save the file as UTF-8; a manifest is YAML text")
}

fn binary(path: &Path, nul: usize) -> Diagnostic {
    Diagnostic::new(
        &MANIFEST_UNREADABLE,
        format!("{} is a binary file, not YAML text", path.display()),
    )
    .at(path, nul..nul)
    .help(format!(
        "it holds a NUL byte at offset {nul}; a manifest is UTF-8 YAML text"
    ))
}

fn empty(path: &Path) -> Diagnostic {
    Diagnostic::new(
        &MANIFEST_EMPTY,
        format!("{} holds no YAML document", path.display()),
    )
    .at(path, 0..0)
    .help("write at least one key (for example `tools:`), or remove the file and its import")
}

fn syntax(path: &Path, error: &yaml::YamlError) -> Diagnostic {
    Diagnostic::new(&YAML_SYNTAX, format!("invalid YAML: {}", error.message))
        .at(path, error.offset..error.offset)
        .label("here")
        .help("fix the YAML syntax; `beeuni validate` reads nothing else of a file it cannot parse")
}

fn top_level_not_mapping(path: &Path, tree: &Node) -> Diagnostic {
    Diagnostic::new(
        &WRONG_TYPE,
        format!(
            "the top level of {} must be a mapping, found {}",
            path.display(),
            tree.kind_name()
        ),
    )
    .at(path, tree.span.clone())
    .help("a manifest is a mapping of keys such as `imports:`, `tools:` and `agents:`")
}

fn import_not_found(file: &Path, span: std::ops::Range<usize>, target: &str) -> Diagnostic {
    Diagnostic::new(
        &IMPORT_NOT_FOUND,
        format!("imported file `{target}` does not exist"),
    )
    .at(file, span)
    .label("no such file")
    .help("import paths are relative to the repository root, not to the importing file")
}

fn import_outside(file: &Path, span: std::ops::Range<usize>, target: &str) -> Diagnostic {
    Diagnostic::new(&IMPORT_OUTSIDE_REPO, format!("import `{target}` is outside the repository"))
        .at(file, span)
        .help("imports are repo-relative paths that stay inside the repository (no leading `/`, no `..` above the root)")
}

fn import_cycle(
    file: &Path,
    span: std::ops::Range<usize>,
    chain: &[PathBuf],
    target: &Path,
) -> Diagnostic {
    let mut names: Vec<String> = chain.iter().map(|p| p.display().to_string()).collect();
    names.push(target.display().to_string());
    Diagnostic::new(
        &IMPORT_CYCLE,
        format!("import cycle: {}", names.join(" -> ")),
    )
    .at(file, span)
    .label("imports a file that is already being imported")
    .help("remove one of the imports in the loop")
}

/// Reads and parses one manifest file; `Err` carries the diagnostic, and the
/// text when there was one, so the snippet can still be shown.
fn read_manifest(root: &Path, rel: &Path) -> Result<ManifestFile, (Diagnostic, Option<String>)> {
    let full = root.join(rel);
    let metadata = std::fs::metadata(&full).map_err(|e| (unreadable(rel, &e.to_string()), None))?;
    if metadata.len() > MAX_MANIFEST_BYTES {
        let why = format!(
            "it is {} bytes; a manifest may be at most {MAX_MANIFEST_BYTES} bytes",
            metadata.len()
        );
        return Err((unreadable(rel, &why), None));
    }
    let bytes = std::fs::read(&full).map_err(|e| (unreadable(rel, &e.to_string()), None))?;
    if let Some(nul) = bytes.iter().position(|&b| b == 0) {
        return Err((binary(rel, nul), None));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
        // The lossy text has the same line structure, so the snippet still shows where.
        let offset = String::from_utf8_lossy(&e.as_bytes()[..e.utf8_error().valid_up_to()]).len();
        (not_utf8(rel, offset), Some(lossy))
    })?;
    match yaml::parse(&text) {
        Err(error) => Err((syntax(rel, &error), Some(text))),
        Ok(None) => Err((empty(rel), Some(text))),
        Ok(Some(tree)) if tree.entries().is_none() => {
            Err((top_level_not_mapping(rel, &tree), Some(text)))
        }
        Ok(Some(tree)) => Ok(ManifestFile {
            path: rel.to_path_buf(),
            text,
            tree,
        }),
    }
}

struct Loader<'a> {
    root: &'a Path,
    files: Vec<ManifestFile>,
    diagnostics: Vec<Diagnostic>,
    sources: Sources,
    /// The chain of files being imported, to tell a cycle from a diamond.
    chain: Vec<PathBuf>,
}

impl Loader<'_> {
    fn visit(&mut self, rel: PathBuf) {
        let file = match read_manifest(self.root, &rel) {
            Ok(file) => file,
            Err((diagnostic, text)) => {
                if let Some(text) = text {
                    self.sources.insert(rel, text);
                }
                self.diagnostics.push(diagnostic);
                return;
            }
        };
        self.sources.insert(rel.clone(), file.text.clone());
        let imports = decls::imports(&file, &mut self.diagnostics);
        self.files.push(file);
        self.chain.push(rel.clone());
        for import in imports {
            let target = match check_repo_path(self.root, &import.path) {
                Ok(target) => target,
                Err(PathProblem::Missing) => {
                    self.diagnostics
                        .push(import_not_found(&rel, import.span, &import.path));
                    continue;
                }
                Err(_) => {
                    self.diagnostics
                        .push(import_outside(&rel, import.span, &import.path));
                    continue;
                }
            };
            if self.chain.contains(&target) {
                self.diagnostics
                    .push(import_cycle(&rel, import.span, &self.chain, &target));
            } else if !self.files.iter().any(|f| f.path == target) {
                self.visit(target);
            }
        }
        self.chain.pop();
    }
}

/// Loads the project whose root folder (holding `beeuni.yaml`) is `root`.
pub fn load(root: &Path) -> Loaded {
    if !root.join(MANIFEST_NAME).is_file() {
        return Loaded {
            project: None,
            diagnostics: vec![not_found(root)],
            sources: Sources::new(),
        };
    }
    let mut loader = Loader {
        root,
        files: Vec::new(),
        diagnostics: Vec::new(),
        sources: Sources::new(),
        chain: Vec::new(),
    };
    loader.visit(PathBuf::from(MANIFEST_NAME));
    let Loader {
        files,
        mut diagnostics,
        sources,
        ..
    } = loader;
    let project = if files
        .first()
        .is_some_and(|f| f.path == Path::new(MANIFEST_NAME))
    {
        Some(decls::build(root, files, &mut diagnostics))
    } else {
        None
    };
    Loaded {
        project,
        diagnostics,
        sources,
    }
}
