//! The one oxc_resolver configuration, shared by `validate` and the
//! runtime's loader, so that a specifier resolves to the same file in both.
//! It follows Bun's runtime: the export conditions of an `import` or a
//! `require`, `./x.js` naming `./x.ts`, `main` before `module`, and tsconfig
//! `paths`/`baseUrl` of the nearest tsconfig, whatever its `include` says. Built-ins never reach
//! the resolver: both callers answer them from [`super::builtins`] first.

use std::path::Path;

use oxc_resolver::{
    Resolution, ResolveError, ResolveOptions, Resolver, TsconfigDiscovery, TsconfigOptions,
    TsconfigReferences,
};

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
        // Bun reads `main` first for an import and a `require` alike, and
        // `module` only when there is no `main`: a package shipping both
        // (jsdom's dependencies) gets its CommonJS entry, as under Node.
        main_fields: strings(&["main", "module"]),
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
        Err(ResolveError::NotFound(missing)) => {
            outside_include(resolver, dir, specifier).ok_or(ResolveError::NotFound(missing))
        }
        other => other,
    }
}

/// oxc_resolver applies a tsconfig only to the files its `include` names;
/// Bun applies the nearest `tsconfig.json` to every file below it. A name
/// the first way cannot find is tried the second way before it is missing.
fn outside_include(resolver: &Resolver, dir: &Path, specifier: &str) -> Option<Resolution> {
    if specifier.starts_with('.') || specifier.starts_with('/') {
        return None;
    }
    let config_file = dir
        .ancestors()
        .map(|folder| folder.join("tsconfig.json"))
        .find(|file| file.is_file())?;
    // A resolver of its own: oxc_resolver keeps a manual tsconfig in its
    // cache's root entry, which a clone sharing the cache finds taken.
    let nearest = Resolver::new(ResolveOptions {
        tsconfig: Some(TsconfigDiscovery::Manual(TsconfigOptions {
            config_file,
            references: TsconfigReferences::Disabled,
        })),
        ..resolver.options().clone()
    });
    nearest.resolve(dir, specifier).ok()
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
