//! The registry of diagnostic codes. Every code a check can emit is declared
//! here once, with its default severity and summary; the code reference
//! (`docs/diagnostics.md`) is generated from [`CODES`] and one example
//! project per code under `tests/fixtures/codes/<code>/` (see `docs.rs`).

use super::Severity;

#[derive(Debug, PartialEq, Eq)]
pub struct Code {
    /// Stable and scoped (`manifest/…`, `agent/…`, `module/…`, `import/…`):
    /// CI configurations match on it, so it never changes once released.
    pub name: &'static str,
    pub severity: Severity,
    /// The file that fires it, from the repository's root: where a reader
    /// of `docs/diagnostics.md` goes to see when and why it is reported.
    pub fired_in: &'static str,
    pub summary: &'static str,
}

/// The project's home, from `repository` in the workspace's Cargo.toml: the
/// one place the URL is written, so moving the repository is a one-line
/// change. SARIF requires absolute URIs, and JSON's `docs` uses the same.
pub const REPOSITORY_URL: &str = env!("CARGO_PKG_REPOSITORY");

impl Code {
    /// The code's anchor in `docs/diagnostics.md` (`manifest/empty` →
    /// `manifest-empty`).
    pub fn anchor(&self) -> String {
        self.name.replace('/', "-")
    }

    /// The absolute URL of the code's entry in the code reference.
    pub fn docs_url(&self) -> String {
        format!(
            "{REPOSITORY_URL}/blob/main/{}#{}",
            super::docs::REFERENCE_PATH,
            self.anchor()
        )
    }
}

macro_rules! codes {
    ($($ident:ident = $name:literal, $severity:ident, in $fired_in:literal, $summary:literal;)*) => {
        $(
            pub static $ident: Code = Code {
                name: $name,
                severity: Severity::$severity,
                fired_in: $fired_in,
                summary: $summary,
            };
        )*
        /// Every registered code, in documentation order.
        pub static CODES: &[&Code] = &[$(&$ident),*];
        /// Each code's constant with the file said to fire it.
        #[cfg(test)]
        static FIRED_BY: &[(&str, &Code)] = &[$((stringify!($ident), &$ident)),*];
    };
}

codes! {
    MANIFEST_NOT_FOUND = "manifest/not-found", Error, in "checker/src/project/load.rs",
        "No `beeuni.yaml` in the folder or any folder above it.";
    MANIFEST_UNREADABLE = "manifest/unreadable", Error, in "checker/src/project/load.rs",
        "A manifest file cannot be read as text: an I/O error, bytes that are not UTF-8, or a file over the size limit.";
    MANIFEST_EMPTY = "manifest/empty", Error, in "checker/src/project/load.rs",
        "A manifest file holds no YAML document.";
    YAML_SYNTAX = "manifest/yaml-syntax", Error, in "checker/src/project/load.rs",
        "The file is not valid YAML.";
    WRONG_TYPE = "manifest/wrong-type", Error, in "checker/src/project/shape.rs",
        "A key holds a value of the wrong kind.";
    DUPLICATE_KEY = "manifest/duplicate-key", Error, in "checker/src/project/shape.rs",
        "The same key appears twice in one mapping; YAML keeps only one of them.";
    IMPORT_NOT_FOUND = "manifest/import-not-found", Error, in "checker/src/project/load.rs",
        "A file listed under `imports:` does not exist.";
    IMPORT_CYCLE = "manifest/import-cycle", Error, in "checker/src/project/load.rs",
        "Imported files import each other in a loop.";
    IMPORT_OUTSIDE_REPO = "manifest/import-outside-repo", Error, in "checker/src/project/load.rs",
        "An import path is absolute or leaves the repository.";
    INVALID_TOOL_NAME = "manifest/invalid-tool-name", Error, in "checker/src/rules/tools.rs",
        "A tool name is not snake_case of at most 64 characters (`^[a-z][a-z0-9_]{0,63}$`).";
    HARNESS_TOOL_NAME = "manifest/harness-tool-name", Error, in "checker/src/rules/tools.rs",
        "A tool is declared with the name of a harness tool.";
    INVALID_BEEUNI_TOOL = "manifest/invalid-beeuni-tool", Error, in "checker/src/rules/tools.rs",
        "A `beeuni:<name>` value does not name the Beeuni tool of its key.";
    INVALID_TOOL_SOURCE = "manifest/invalid-tool-source", Error, in "checker/src/rules/tools.rs",
        "A tool's value is neither `beeuni:<name>` nor a path to a .ts, .js, .mts, .mjs, .cts or .cjs module.";
    MODULE_NOT_FOUND = "manifest/module-not-found", Error, in "checker/src/rules/tools.rs",
        "A tool's module path names no file.";
    PATH_OUTSIDE_REPO = "manifest/path-outside-repo", Error, in "checker/src/rules/tools.rs",
        "A tool's module path is absolute, climbs out of the repository, or is a symlink that points outside it.";
    DUPLICATE_TOOL = "manifest/duplicate-tool", Error, in "checker/src/rules/tools.rs",
        "The same tool name is declared in two files.";
    DUPLICATE_AGENT = "manifest/duplicate-agent", Error, in "checker/src/project/agent_visibility.rs",
        "The same agent is configured in two files.";
    NO_BEEUNI_TOOLS = "manifest/no-beeuni-tools", Warning, in "checker/src/rules/tools.rs",
        "A `tools:` key lists no Beeuni tool, so sessions get none of them.";
    AGENT_UNKNOWN_TOOL = "agent/unknown-tool", Warning, in "checker/src/rules/agent_tool_lists.rs",
        "An agent's `tools` names something that is neither a harness, a Beeuni nor a project tool.";
    AGENT_UNLOADED_BEEUNI_TOOL = "agent/unloaded-beeuni-tool", Warning, in "checker/src/rules/agent_tool_lists.rs",
        "An agent's `tools` names a Beeuni tool the project does not load.";
    AGENT_STAR_IN_LIST = "agent/star-in-list", Warning, in "checker/src/rules/agent_tool_lists.rs",
        "An agent's tool list contains `*`, which means every tool: write `all`.";
    LEGACY_SHADOWS_HOSTED_TOOL = "legacy/shadows-hosted-tool", Warning, in "checker/src/rules/legacy.rs",
        "A legacy opencode tool file has the name of a Beeuni tool the project loads, and wins over it in the standard harness.";
    MODULE_LOAD_FAILED = "module/load-failed", Error, in "runtime/src/deep.rs",
        "`beeuni validate --deep` loaded the module in the runtime and it failed, so sessions would not get this tool.";
    MODULE_UNREADABLE = "module/unreadable", Error, in "checker/src/module/read.rs",
        "A module or a file it imports cannot be read as source text: an I/O error, a binary file, or bytes that are not UTF-8.";
    MODULE_TOO_LARGE = "module/too-large", Error, in "checker/src/module/read.rs",
        "A module or a file it imports is over the 10 MiB size limit.";
    MODULE_JSX_UNSUPPORTED = "module/jsx-unsupported", Error, in "checker/src/module/parse.rs",
        "A module imports a .jsx or .tsx file; tool modules are plain JavaScript or TypeScript.";
    MODULE_SYNTAX_ERROR = "module/syntax-error", Error, in "checker/src/module/parse.rs",
        "A module or a file it imports is not valid JavaScript or TypeScript.";
    MODULE_TOO_DEEPLY_NESTED = "module/too-deeply-nested", Error, in "checker/src/module/parse.rs",
        "A module nests brackets or operators deeper than the checker parses.";
    MODULE_NO_DEFAULT_EXPORT = "module/no-default-export", Error, in "checker/src/module/contract/diagnostics.rs",
        "A tool module has no default export.";
    MODULE_DEFAULT_EXPORT_NOT_OBJECT = "module/default-export-not-object", Error, in "checker/src/module/contract/diagnostics.rs",
        "A tool module's default export is not an object `{ description, parameters, execute }`.";
    MODULE_LEGACY_OPENCODE_TOOL = "module/legacy-opencode-tool", Error, in "checker/src/module/contract/diagnostics.rs",
        "A module is an opencode tool (`tool({ description, args, execute })`), which only the standard harness loads.";
    MODULE_MISSING_DESCRIPTION = "module/missing-description", Error, in "checker/src/module/contract/diagnostics.rs",
        "A tool's default export has no `description`.";
    MODULE_INVALID_DESCRIPTION = "module/invalid-description", Error, in "checker/src/module/contract/diagnostics.rs",
        "A tool's `description` is not a non-empty string.";
    MODULE_MISSING_PARAMETERS = "module/missing-parameters", Error, in "checker/src/module/contract/diagnostics.rs",
        "A tool's default export has no `parameters`.";
    MODULE_INVALID_PARAMETERS = "module/invalid-parameters", Error, in "checker/src/module/contract/diagnostics.rs",
        "A tool's `parameters` is not a JSON Schema object with `type: 'object'`.";
    MODULE_INVALID_PROPERTIES = "module/invalid-properties", Error, in "checker/src/module/contract/diagnostics.rs",
        "`parameters.properties` is not an object whose values are schemas (objects).";
    MODULE_INVALID_REQUIRED = "module/invalid-required", Error, in "checker/src/module/contract/diagnostics.rs",
        "`parameters.required` is not a list of strings that each name a property.";
    MODULE_MISSING_EXECUTE = "module/missing-execute", Error, in "checker/src/module/contract/diagnostics.rs",
        "A tool's default export has no `execute`.";
    MODULE_INVALID_EXECUTE = "module/invalid-execute", Error, in "checker/src/module/contract/diagnostics.rs",
        "A tool's `execute` is not a function.";
    MODULE_EXECUTE_ARITY = "module/execute-arity", Warning, in "checker/src/module/contract/diagnostics.rs",
        "A tool's `execute` takes more than two parameters; it is called with `(args, context)` only.";
    MODULE_CHECKED_AT_LOAD_TIME = "module/checked-at-load-time", Note, in "checker/src/module/contract/diagnostics.rs",
        "A part of the tool is computed, so only loading the module can check it.";
    MODULE_INVALID_REGEX = "module/invalid-regex", Error, in "checker/src/module/regex.rs",
        "A module or a file it imports has a regular-expression literal that the runtime's engine refuses, so the module fails to load.";
    MODULE_PROCESS_ENV = "module/process-env", Warning, in "checker/src/module/env.rs",
        "A module reads `process.env`; secrets changed after the box started are only in `context.env`.";
    MODULE_MIGRATE_TODO = "module/migrate-todo", Warning, in "checker/src/module/todo.rs",
        "A module still carries a `// TODO(beeuni migrate): …` marker: a step `beeuni tools migrate` could not do and left for you.";
    IMPORT_NON_LITERAL = "import/non-literal", Note, in "checker/src/module/imports/resolve.rs",
        "An `import()` or `require()` has a computed specifier, so only loading the module can check it.";
    IMPORT_UNKNOWN_BUILTIN = "import/unknown-builtin", Error, in "checker/src/module/imports/resolve.rs",
        "A `node:` specifier names no Node.js built-in module.";
    IMPORT_NOT_PROVIDED = "import/not-provided", Error, in "checker/src/module/imports/resolve.rs",
        "A module imports a Node.js built-in or Bun module that the runtime does not provide, so the tool would fail to load.";
    IMPORT_HARNESS_PACKAGE = "import/harness-package", Error, in "checker/src/module/imports/resolve.rs",
        "A module imports a harness package (`@opencode-ai/plugin`, `@opencode-ai/sdk`, …); tool modules run without a harness.";
    IMPORT_UNRESOLVED_PACKAGE = "import/unresolved-package", Error, in "checker/src/module/imports/resolve.rs",
        "An imported package does not resolve from a `node_modules` beside the module or in a folder above.";
    IMPORT_OPTIONAL_MISSING = "import/optional-missing", Warning, in "checker/src/module/imports/resolve.rs",
        "An `import()` inside a `try` block names a module that does not resolve; the tool loads, and when run the import throws and its `catch` decides what happens.";
    IMPORT_UNRESOLVED_MODULE = "import/unresolved-module", Error, in "checker/src/module/imports/resolve.rs",
        "A relative or absolute import names no file.";
    IMPORT_UNTRACKED = "import/untracked", Warning, in "checker/src/module/git.rs",
        "An import resolves only through files git does not track (or outside the repository); the sandbox receives only tracked files and installs no package.";
    MODULE_UNTRACKED = "module/untracked", Warning, in "checker/src/module/git.rs",
        "A declared tool module is a file git does not track, so the sandbox never receives it.";
    LINT_INVALID_CONFIG = "lint/invalid-config", Error, in "checker/src/rules/lints/config.rs",
        "The `lints:` key of `beeuni.yaml` holds something it does not take: an unknown key or target, or a value of the wrong kind.";
    LINT_DESCRIPTION_TOO_LONG = "lint/description-too-long", Warning, in "checker/src/rules/lints/description.rs",
        "With the `claude-code` target: a tool's description is over the 2,048 characters Claude Code shows the model; the rest is cut.";
    LINT_OPENAI_STRICT = "lint/openai-strict", Error, in "checker/src/rules/lints/openai.rs",
        "With the `openai-strict` target: an object in `parameters` leaves a property out of `required` or lacks `additionalProperties: false`, so OpenAI's strict function calling refuses the request.";
    LINT_GEMINI_SCHEMA = "lint/gemini-schema", Error, in "checker/src/rules/lints/gemini.rs",
        "With the `gemini` target: `parameters` uses JSON Schema outside Gemini's subset (`$ref` or definitions, `oneOf`, a `format` it does not list), so Gemini refuses the request.";
    LINT_SCHEMA_TOKENS = "lint/schema-tokens", Warning, in "checker/src/rules/lints/tokens.rs",
        "With `max_schema_tokens`: a tool's definition (name, description, parameters) is estimated at more tokens than the project allows, which every turn that offers it pays.";
    LINT_SHADOWS_BUILTIN = "lint/shadows-builtin", Warning, in "checker/src/rules/lints/shadowing.rs",
        "With `shadowing: true`: a project module replaces a Beeuni tool, or its name differs from a harness or Beeuni tool's only by underscores.";
    LOCK_MISSING = "lock/missing", Error, in "codegen/src/lock/compare.rs",
        "`validate --locked` found no `beeuni.lock` at the project root; `beeuni lock` writes it.";
    LOCK_INVALID = "lock/invalid", Error, in "codegen/src/lock/compare.rs",
        "`beeuni.lock` is not a lock this version reads: not JSON, another format version, or an entry without its description or parameters.";
    LOCK_CHANGED = "lock/changed", Error, in "codegen/src/lock/compare.rs",
        "With `validate --locked`: a tool's description or parameters differ from `beeuni.lock`, or a tool was added or removed, so what every agent sees changed; the help shows the diff.";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_scoped() {
        let mut names: Vec<_> = CODES.iter().map(|c| c.name).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "a code is registered twice");
        for name in names {
            let (scope, rest) = name.split_once('/').expect("codes are scope/name");
            assert!(!scope.is_empty() && !rest.is_empty(), "{name}");
            assert!(
                name.chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c == '/'),
                "{name}"
            );
        }
    }

    /// `docs/diagnostics.md` sends a reader to `fired_in`: that file must
    /// exist and name the code's constant as a whole word.
    #[test]
    fn each_code_is_named_in_the_file_said_to_fire_it() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for (constant, code) in FIRED_BY {
            let text = std::fs::read_to_string(root.join(code.fired_in))
                .unwrap_or_else(|e| panic!("{}: {}: {e}", code.name, code.fired_in));
            let named = text.match_indices(constant).any(|(at, _)| {
                let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                !word(text[..at].chars().next_back())
                    && !word(text[at + constant.len()..].chars().next())
            });
            assert!(
                named,
                "{}: {} does not name {constant}",
                code.name, code.fired_in
            );
        }
    }
}
