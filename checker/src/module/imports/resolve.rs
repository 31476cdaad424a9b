//! Deciding what one import specifier loads, the way Bun does in the sandbox:
//! `node:` and bare built-ins, Bun's own modules, relative files (extension
//! probing, `.js` naming a `.ts` file, `index.*`), and packages from a
//! `node_modules` beside the importing file or in a folder above, honouring
//! package.json `exports`, `module` and `main`. File-system probing is
//! oxc_resolver's; this module chooses its options and words the failures.

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use oxc_resolver::{ResolveError, Resolver};
// Looked up for every import of every file; keyed by the program's own paths
// and the specifiers of the project's files, so FxHash rather than SipHash.
use rustc_hash::FxHashMap as HashMap;

use super::builtins::{
    PROVIDED_MODULES, is_bun_module, is_bun_replaced_package, is_harness_package,
    is_node_builtin_bare, is_node_builtin_with_prefix, is_provided, not_provided_message,
};
use super::collect::{Import, ImportKind, Specifier};
use super::resolver_options::{LoadKind, resolve_in, resolve_options};
use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::{
    IMPORT_HARNESS_PACKAGE, IMPORT_NON_LITERAL, IMPORT_NOT_PROVIDED, IMPORT_OPTIONAL_MISSING,
    IMPORT_UNKNOWN_BUILTIN, IMPORT_UNRESOLVED_MODULE, IMPORT_UNRESOLVED_PACKAGE,
};

/// One resolver for a whole run. oxc_resolver caches file-system facts;
/// on top of that, each (folder, specifier) is resolved once, because a
/// thousand tools in one folder import the same helpers and packages.
pub struct Imports {
    resolver: Resolver,
    folders: RwLock<HashMap<PathBuf, Arc<Folder>>>,
}

/// What specifiers resolved to from one folder. A file looks its folder up
/// once, then each import by its specifier alone.
pub struct Folder {
    dir: PathBuf,
    memo: RwLock<HashMap<String, Result<PathBuf, ResolveError>>>,
}

// A poisoned lock only means another thread panicked while inserting; the map
// itself is whole, so the guards below take it anyway.
impl Imports {
    pub fn new() -> Imports {
        Imports {
            resolver: resolver(),
            folders: RwLock::new(HashMap::default()),
        }
    }

    /// The memo of the folder `dir` (absolute).
    pub fn folder(&self, dir: &Path) -> Arc<Folder> {
        if let Some(folder) = self
            .folders
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(dir)
        {
            return Arc::clone(folder);
        }
        let mut folders = self.folders.write().unwrap_or_else(|e| e.into_inner());
        Arc::clone(folders.entry(dir.to_path_buf()).or_insert_with(|| {
            Arc::new(Folder {
                dir: dir.to_path_buf(),
                memo: RwLock::new(HashMap::default()),
            })
        }))
    }

    /// Resolves `specifier` written in `importer`, a file of `folder`. Files
    /// of one folder share a memo: they resolve alike, tsconfig included.
    fn resolve(
        &self,
        folder: &Folder,
        importer: &Path,
        specifier: &str,
    ) -> Result<PathBuf, ResolveError> {
        if let Some(hit) = folder
            .memo
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(specifier)
        {
            return hit.clone();
        }
        let result = resolve_in(&self.resolver, Some(importer), &folder.dir, specifier)
            .map(|r| r.path().to_path_buf());
        folder
            .memo
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(specifier.to_string(), result.clone());
        result
    }
}

impl Default for Imports {
    fn default() -> Imports {
        Imports::new()
    }
}

fn resolver() -> Resolver {
    Resolver::new(resolve_options(LoadKind::Import))
}

/// What an import loads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A Node.js built-in or a Bun module: always there.
    Builtin,
    /// A file named by a relative or absolute specifier.
    File(PathBuf),
    /// A file inside a package.
    Package { name: String, file: PathBuf },
}

/// Resolves `import`, written in the file `importer` (absolute; `file` is
/// its root-relative name for diagnostics) inside the folder `dir`.
pub fn resolve(
    imports: &Imports,
    dir: &Folder,
    importer: &Path,
    file: &Path,
    import: &Import,
) -> Result<Target, Diagnostic> {
    let specifier = match &import.specifier {
        Specifier::Literal(s) => s.as_str(),
        Specifier::Computed => return Err(non_literal(file, import)),
    };
    if let Some(name) = specifier.strip_prefix("node:") {
        return if is_node_builtin_with_prefix(name) {
            builtin(file, import, specifier)
        } else {
            Err(unknown_builtin(file, import, name))
        };
    }
    if is_bun_module(specifier) || is_bun_replaced_package(specifier) {
        return builtin(file, import, specifier);
    }
    if is_node_builtin_bare(specifier) {
        return builtin(file, import, &format!("node:{specifier}"));
    }
    if is_path(specifier) || specifier.starts_with('#') || has_scheme(specifier) {
        return match imports.resolve(dir, importer, specifier) {
            Ok(path) => Ok(Target::File(path)),
            Err(ResolveError::NotFound(_)) if import.guarded => {
                Err(optional_missing(file, import, specifier))
            }
            Err(e) => Err(unresolved_module(file, import, specifier, reason(&e))),
        };
    }
    let name = package_name(specifier);
    if is_harness_package(name) {
        return Err(harness_package(file, import, name));
    }
    match imports.resolve(dir, importer, specifier) {
        Ok(path) => Ok(Target::Package {
            name: name.to_string(),
            file: path,
        }),
        Err(ResolveError::NotFound(_)) if import.guarded => {
            Err(optional_missing(file, import, name))
        }
        Err(e) => Err(unresolved_package(
            file,
            import,
            specifier,
            name,
            reason(&e),
        )),
    }
}

fn is_path(specifier: &str) -> bool {
    specifier == "."
        || specifier == ".."
        || specifier.starts_with("./")
        || specifier.starts_with("../")
        || specifier.starts_with('/')
}

/// `https://…`, `file:…`, `data:…`: URL imports, which Bun does not load
/// from the network and which no tool module needs.
fn has_scheme(specifier: &str) -> bool {
    specifier.split_once(':').is_some_and(|(scheme, _)| {
        scheme.len() > 1
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
            && !scheme.contains('/')
    })
}

/// `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`.
pub fn package_name(specifier: &str) -> &str {
    let mut parts = specifier.splitn(3, '/');
    let first = parts.next().unwrap_or_default();
    match (first.starts_with('@'), parts.next()) {
        (true, Some(second)) => &specifier[..first.len() + 1 + second.len()],
        _ => first,
    }
}

/// Why the resolver failed, in words that name no absolute path; `None`
/// when "not found" says it all.
fn reason(error: &ResolveError) -> Option<String> {
    match error {
        ResolveError::NotFound(_) | ResolveError::ExtensionAlias(..) => None,
        ResolveError::PackagePathNotExported { subpath, .. } => Some(format!(
            "the package does not export `{subpath}` under the conditions {}",
            LoadKind::Import.conditions().join(", ")
        )),
        ResolveError::PackageImportNotDefined(name, _) => Some(format!(
            "the nearest package.json defines no `imports` entry `{name}`"
        )),
        ResolveError::Json(e) => Some(format!(
            "a package.json on the way is not valid JSON: {}",
            e.message
        )),
        ResolveError::Recursion => {
            Some("resolving it loops (a symlink or alias cycle)".to_string())
        }
        ResolveError::IOError(e) => Some(format!("reading the file system failed: {e}")),
        _ => Some("the package's `exports` or `imports` field is not valid".to_string()),
    }
}

fn how(import: &Import) -> &'static str {
    match import.kind {
        ImportKind::Static => "imported here",
        ImportKind::ReExport => "re-exported here",
        ImportKind::Dynamic => "loaded here by import()",
        ImportKind::Require => "loaded here by require()",
    }
}

fn non_literal(file: &Path, import: &Import) -> Diagnostic {
    let call = if import.kind == ImportKind::Require {
        "require()"
    } else {
        "import()"
    };
    Diagnostic::new(
        &IMPORT_NON_LITERAL,
        format!("the module this {call} loads is computed, so it is checked at load time"),
    )
    .at(file, import.span.clone())
    .label("not a string literal")
    .help("a literal specifier lets `beeuni validate` check that the module exists and is tracked")
}

/// A built-in Node.js or Bun knows: there when the runtime provides it.
fn builtin(file: &Path, import: &Import, module: &str) -> Result<Target, Diagnostic> {
    if is_provided(module) {
        return Ok(Target::Builtin);
    }
    Err(
        Diagnostic::new(&IMPORT_NOT_PROVIDED, not_provided_message(module))
            .at(file, import.span.clone())
            .label(how(import))
            .help(format!(
                "the module would fail to load; the runtime provides {}",
                PROVIDED_MODULES.join(", ")
            )),
    )
}

fn unknown_builtin(file: &Path, import: &Import, name: &str) -> Diagnostic {
    Diagnostic::new(&IMPORT_UNKNOWN_BUILTIN, format!("`node:{name}` is not a Node.js built-in module"))
        .at(file, import.span.clone())
        .label(how(import))
        .help("the sandbox provides Node.js built-ins (`node:fs`, `node:path`, `node:crypto`, …) and Bun's modules")
}

fn harness_package(file: &Path, import: &Import, name: &str) -> Diagnostic {
    Diagnostic::new(&IMPORT_HARNESS_PACKAGE, format!("`{name}` is a harness package; a tool module cannot import it"))
        .at(file, import.span.clone())
        .label(how(import))
        .help("a tool module runs outside the harness, for either harness: export a plain `{ description, parameters, execute }` object and read secrets from `context.env`")
}

/// A missing module behind `try { await import(…) } catch`: Bun loads the
/// tool, and the import rejects only when it runs, into the author's `catch`.
fn optional_missing(file: &Path, import: &Import, name: &str) -> Diagnostic {
    Diagnostic::new(
        &IMPORT_OPTIONAL_MISSING,
        format!("`{name}` is not there, so this guarded import() throws when it runs"),
    )
    .at(file, import.span.clone())
    .label("loaded here by import() inside a try block")
    .help(format!(
        "the tool loads; when `{name}` is missing its `catch` runs instead. If the tool needs it, commit it where the module can find it"
    ))
}

fn unresolved_package(
    file: &Path,
    import: &Import,
    specifier: &str,
    name: &str,
    reason: Option<String>,
) -> Diagnostic {
    let message = match &reason {
        None => format!("Cannot find package '{name}'"),
        Some(_) => format!("Cannot find module '{specifier}'"),
    };
    let help = match reason {
        None => format!(
            "the sandbox installs no package: commit `{name}` in a `node_modules` beside the module or in a folder above it, or use `node:` modules and `fetch`"
        ),
        Some(reason) => format!("`{name}` was found, but {reason}"),
    };
    Diagnostic::new(&IMPORT_UNRESOLVED_PACKAGE, message)
        .at(file, import.span.clone())
        .label(how(import))
        .help(help)
}

fn unresolved_module(
    file: &Path,
    import: &Import,
    specifier: &str,
    reason: Option<String>,
) -> Diagnostic {
    let help = match reason {
        Some(reason) => reason,
        None if has_scheme(specifier) => "a tool module imports files of the repository, `node:` modules and packages, not URLs".to_string(),
        None => "Bun tries the name as written, then with .ts, .tsx, .mts, .cts, .js, .mjs, .cjs and .json, then as a folder with an index file; `.js` also finds `.ts`".to_string(),
    };
    Diagnostic::new(
        &IMPORT_UNRESOLVED_MODULE,
        format!("Cannot find module '{specifier}'"),
    )
    .at(file, import.span.clone())
    .label(how(import))
    .help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names() {
        for (specifier, name) in [
            ("zod", "zod"),
            ("zod/mini", "zod"),
            ("zod/v4/core", "zod"),
            ("@opencode-ai/plugin", "@opencode-ai/plugin"),
            ("@opencode-ai/plugin/tool", "@opencode-ai/plugin"),
            ("@scope", "@scope"),
        ] {
            assert_eq!(package_name(specifier), name, "{specifier}");
        }
    }

    #[test]
    fn schemes_and_paths() {
        assert!(has_scheme("https://cdn.example.com/zod.js"));
        assert!(has_scheme("file:///x.ts"));
        assert!(!has_scheme("zod"));
        assert!(!has_scheme("@scope/a:b"));
        assert!(is_path("./x") && is_path("../x") && is_path("/abs") && is_path("."));
        assert!(!is_path(".hidden") && !is_path("zod"));
    }
}
