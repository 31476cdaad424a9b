//! The one oxc_resolver configuration, shared by `validate` and the
//! runtime's loader, so that a specifier resolves to the same file in both.
//! It follows Bun's runtime: the export conditions of an `import` or a
//! `require`, `./x.js` naming `./x.ts`, `module` before `main`, and tsconfig
//! `paths`/`baseUrl` found next to the importing file. Built-ins never reach
//! the resolver: both callers answer them from [`super::builtins`] first.

use std::path::Path;

use oxc_resolver::{Resolution, ResolveError, ResolveOptions, Resolver, TsconfigDiscovery};

/// How a module is loaded, which picks the package export conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoadKind {
    Import,
    Require,
}

impl LoadKind {
    /// Never add a source condition such as zod's `@zod/source`: it points
    /// at files the package does not publish.
    pub fn conditions(self) -> &'static [&'static str] {
        match self {
            LoadKind::Import => &["import", "module", "default", "node"],
            LoadKind::Require => &["require", "node", "default"],
        }
    }
}

pub fn resolve_options(kind: LoadKind) -> ResolveOptions {
    let strings = |list: &[&str]| list.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
    ResolveOptions {
        condition_names: strings(kind.conditions()),
        // Bun, like TypeScript, lets `./x.js` name `./x.ts`.
        extension_alias: vec![
            (".js".into(), strings(&[".ts", ".tsx", ".js"])),
            (".mjs".into(), strings(&[".mts", ".mjs"])),
            (".cjs".into(), strings(&[".cts", ".cjs"])),
        ],
        extensions: strings(&[
            ".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json",
        ]),
        main_fields: strings(&["module", "main"]),
        builtin_modules: false,
        // The loader reads package.json `type` to tell ESM from CommonJS.
        module_type: true,
        tsconfig: Some(TsconfigDiscovery::Auto),
        ..ResolveOptions::default()
    }
}

/// Resolves `specifier` as written in the file `importer` (whose folder is
/// `dir`), honouring the tsconfig that governs that file. A tsconfig that
/// cannot be read is Bun's to complain about, so resolution then goes on
/// without it.
pub fn resolve_in(
    resolver: &Resolver,
    importer: Option<&Path>,
    dir: &Path,
    specifier: &str,
) -> Result<Resolution, ResolveError> {
    let Some(importer) = importer else {
        return resolver.resolve(dir, specifier);
    };
    match resolver.resolve_file(importer, specifier) {
        Err(e) if is_tsconfig_error(&e) => resolver.resolve(dir, specifier),
        other => other,
    }
}

fn is_tsconfig_error(error: &ResolveError) -> bool {
    matches!(
        error,
        ResolveError::TsconfigNotFound(_)
            | ResolveError::TsconfigSelfReference(_)
            | ResolveError::TsconfigCircularExtend(_)
            | ResolveError::TsconfigLoadFailed { .. }
            | ResolveError::Json(_)
    )
}
