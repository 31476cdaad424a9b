//! Parsing one module's text with swc, the syntax chosen by the file's
//! extension, and turning swc's errors into diagnostics with byte spans.
//!
//! swc's parser, its visitors and the drop of its tree all recurse once per
//! nesting level, so parsing has two guards against a stack overflow:
//! [`nesting_depth`] (`nesting.rs`) refuses absurd nesting before parsing,
//! and callers run parsing on threads with [`STACK_SIZE`] bytes of stack.

use std::path::Path;

use swc_common::{BytePos, Span, Spanned};
use swc_ecma_ast::{EsVersion, Program};
use swc_ecma_parser::lexer::Lexer;
use swc_ecma_parser::{EsSyntax, PResult, Parser, StringInput, Syntax, TsSyntax};

use super::nesting::{MAX_NESTING, nesting_depth};
use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::{
    MODULE_JSX_UNSUPPORTED, MODULE_SYNTAX_ERROR, MODULE_TOO_DEEPLY_NESTED,
};

/// Stack for threads that parse and walk syntax trees. Only touched pages are
/// committed, so this reserves address space, not memory.
pub const STACK_SIZE: usize = 256 * 1024 * 1024;

/// Syntax errors shown per file: the first one is usually the cause of the others.
const MAX_SYNTAX_ERRORS: usize = 5;

/// swc positions start at 1 (0 is its "no position"); a file's first byte is here.
const START: BytePos = BytePos(1);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    TypeScript,
    JavaScript,
    /// `.jsx` and `.tsx`: Bun loads them, but a tool module renders nothing.
    Jsx,
    /// Anything else an import may name (`.json`, `.txt`, `.wasm`): loaded by
    /// Bun as data or refused at run time, never parsed here.
    Data,
}

impl Language {
    pub fn of(path: &Path) -> Language {
        match path.extension().and_then(|e| e.to_str()) {
            Some("ts" | "mts" | "cts") => Language::TypeScript,
            Some("js" | "mjs" | "cjs") => Language::JavaScript,
            Some("jsx" | "tsx") => Language::Jsx,
            _ => Language::Data,
        }
    }
}

/// Whether the file is CommonJS by its extension, so `module.exports` and a
/// sloppy-mode body are allowed.
pub fn is_commonjs(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("cjs" | "cts")
    )
}

/// The byte range in the file of an swc span produced by [`parse`].
pub fn range(span: Span) -> std::ops::Range<usize> {
    let start = span.lo.0.saturating_sub(START.0) as usize;
    let end = span.hi.0.saturating_sub(START.0) as usize;
    start..end.max(start)
}

/// Parses `text`, the contents of `file` (root-relative, for diagnostics).
/// Returns the tree when swc produced one without errors; otherwise the
/// diagnostics say why there is none.
pub fn parse(
    text: &str,
    file: &Path,
    language: Language,
    commonjs: bool,
) -> Result<Program, Vec<Diagnostic>> {
    parse_with(text, file, language, commonjs, run_swc)
}

/// What swc's parser gives back: the tree (or the error it stopped at) and
/// the errors it recovered from on the way.
type Parsed = (PResult<Program>, Vec<swc_ecma_parser::error::Error>);

/// Runs swc's parser over the lexer's tokens.
fn run_swc(lexer: Lexer<'_>, commonjs: bool) -> Parsed {
    let mut parser = Parser::new_from(lexer);
    // An ES module is strict and may use `import`, `export` and top-level
    // `await`; a CommonJS file may be sloppy and decides by its content.
    let result = if commonjs {
        parser.parse_program()
    } else {
        parser.parse_module().map(Program::Module)
    };
    (result, parser.take_errors())
}

/// [`parse`] with the parser run by `run`, so a test can stand in a parser
/// that panics as swc does on input it does not expect.
fn parse_with(
    text: &str,
    file: &Path,
    language: Language,
    commonjs: bool,
    run: impl FnOnce(Lexer<'_>, bool) -> Parsed,
) -> Result<Program, Vec<Diagnostic>> {
    let syntax = match language {
        Language::TypeScript => Syntax::Typescript(TsSyntax {
            decorators: true,
            ..TsSyntax::default()
        }),
        Language::JavaScript => Syntax::Es(EsSyntax {
            decorators: true,
            import_attributes: true,
            explicit_resource_management: true,
            ..EsSyntax::default()
        }),
        Language::Jsx => return Err(vec![jsx_unsupported(file)]),
        Language::Data => return Err(Vec::new()),
    };
    // Every level takes at least one byte, so a file this short cannot nest
    // too deep, and most modules skip the scan.
    if text.len() > MAX_NESTING {
        let depth = nesting_depth(text);
        if depth.depth > MAX_NESTING {
            return Err(vec![too_deeply_nested(file, depth.deepest_at)]);
        }
    }
    let end = BytePos(START.0 + text.len() as u32);
    let lexer = Lexer::new(
        syntax,
        EsVersion::latest(),
        StringInput::new(text, START, end),
        None,
    );
    // swc checks some of its own invariants with assertions; input it does not
    // expect (found by fuzzing) can trip one. That is the parser's failure on
    // this file, reported as such, never a crash of the whole check.
    let parsed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(lexer, commonjs)));
    let Ok((result, mut errors)) = parsed else {
        return Err(vec![syntax_error(
            file,
            0..0,
            "the TypeScript parser gave up on this file: it is not valid TypeScript or JavaScript",
        )]);
    };
    let program = match result {
        Ok(program) => Some(program),
        Err(fatal) => {
            errors.push(fatal);
            None
        }
    };
    if errors.is_empty() {
        return program.ok_or_else(Vec::new);
    }
    errors.sort_by_key(|e| (e.span().lo, e.span().hi));
    errors.dedup_by_key(|e| e.span());
    Err(errors
        .iter()
        .take(MAX_SYNTAX_ERRORS)
        .map(|e| syntax_error(file, range(e.span()), &e.kind().msg()))
        .collect())
}

fn syntax_error(file: &Path, span: std::ops::Range<usize>, message: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_SYNTAX_ERROR, message.to_string())
        .at(file, span)
        .help("Bun refuses to load a module with a syntax error, so the tool does not load")
}

fn jsx_unsupported(file: &Path) -> Diagnostic {
    let shown = file.to_string_lossy().replace('\\', "/");
    Diagnostic::new(&MODULE_JSX_UNSUPPORTED, format!("`{shown}` is a JSX file, which a tool module cannot use"))
        .at(file, 0..0)
        .help("a tool returns a string or JSON, never markup: rename the file to .ts or .js and remove the JSX")
}

fn too_deeply_nested(file: &Path, at: usize) -> Diagnostic {
    Diagnostic::new(
        &MODULE_TOO_DEEPLY_NESTED,
        format!(
            "this module nests expressions more than {MAX_NESTING} levels deep, too deep to check"
        ),
    )
    .at(file, at..at)
    .label("the nesting reaches its limit here")
    .help("generated code this deep belongs in a JSON file the module reads at run time")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str, language: Language) -> Vec<&'static str> {
        match parse(text, Path::new("t.ts"), language, false) {
            Ok(_) => Vec::new(),
            Err(diagnostics) => diagnostics.iter().map(|d| d.code.name).collect(),
        }
    }

    /// Runs `f` on a thread with the stack the checker gives its workers.
    fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn(f)
            .unwrap()
            .join()
            .unwrap()
    }

    /// swc checks its own invariants with assertions, which are compiled out
    /// of the dependencies in this project's builds, so a real input cannot
    /// reach this path in a test: a parser that panics stands in for one.
    #[test]
    fn a_parser_panic_is_a_syntax_error_at_the_start_of_the_file() {
        let diagnostics = parse_with(
            "export default {}",
            Path::new("tools/t.ts"),
            Language::TypeScript,
            false,
            |_, _| panic!("assertion failed: an invariant of the parser"),
        )
        .unwrap_err();
        assert_eq!(diagnostics.len(), 1);
        let diagnostic = &diagnostics[0];
        assert_eq!(diagnostic.code.name, "module/syntax-error");
        assert_eq!(
            diagnostic.message,
            "the TypeScript parser gave up on this file: it is not valid TypeScript or JavaScript"
        );
        let location = diagnostic.location.as_ref().unwrap();
        assert_eq!(location.file, Path::new("tools/t.ts"));
        assert_eq!(location.span, 0..0);
        // The same file through the real parser is fine: only the panic made it an error.
        assert!(
            parse(
                "export default {}",
                Path::new("tools/t.ts"),
                Language::TypeScript,
                false
            )
            .is_ok()
        );
    }

    /// Found by fuzzing: swc 47 trips an internal assertion on this input in
    /// builds with debug assertions. It must come out as a syntax error.
    #[test]
    fn input_that_trips_the_parser_is_a_syntax_error() {
        let text = "// The example of the specificati\u{13}on, with helpers.\nimport { readFile } from 'node:fs/promisex\u{15}es'\nimport path from 'path'\nwith helpers.\nimp";
        assert_eq!(
            on_big_stack(move || codes(text, Language::TypeScript)),
            ["module/syntax-error"]
        );
    }

    #[test]
    fn syntax_by_extension() {
        for (name, language) in [
            ("a.ts", Language::TypeScript),
            ("a.mts", Language::TypeScript),
            ("a.cts", Language::TypeScript),
            ("a.js", Language::JavaScript),
            ("a.mjs", Language::JavaScript),
            ("a.cjs", Language::JavaScript),
            ("a.tsx", Language::Jsx),
            ("a.jsx", Language::Jsx),
            ("a.json", Language::Data),
        ] {
            assert_eq!(Language::of(Path::new(name)), language, "{name}");
        }
        assert_eq!(
            codes("const x: number = 1", Language::TypeScript),
            Vec::<&str>::new()
        );
        assert!(
            codes("const x: number = 1", Language::JavaScript)
                .iter()
                .all(|c| *c == "module/syntax-error")
        );
        assert!(!codes("const x: number = 1", Language::JavaScript).is_empty());
        assert_eq!(
            codes("export const x = 1", Language::Jsx),
            ["module/jsx-unsupported"]
        );
    }

    #[test]
    fn a_syntax_error_points_at_its_byte_offset() {
        let text = "export const a = 1\nexport const b = )\n";
        let diagnostics = parse(text, Path::new("t.ts"), Language::TypeScript, false).unwrap_err();
        let span = diagnostics[0].location.as_ref().unwrap().span.clone();
        assert_eq!(&text[span], ")");
    }

    #[test]
    fn commonjs_files_may_be_sloppy() {
        let sloppy = "with (Math) { module.exports = { x: floor(1) } }";
        assert!(parse(sloppy, Path::new("t.cjs"), Language::JavaScript, true).is_ok());
        assert!(parse(sloppy, Path::new("t.js"), Language::JavaScript, false).is_err());
    }

    /// Each shape at 100,000 levels: refused by the guard or parsed, never a
    /// stack overflow (which would abort this test binary).
    #[test]
    fn deep_nesting_never_overflows_the_stack() {
        let n = 100_000;
        let shapes: Vec<(&str, String)> = vec![
            (
                "parentheses",
                format!("export default {}1{}", "(".repeat(n), ")".repeat(n)),
            ),
            (
                "arrays",
                format!("export default {}{}", "[".repeat(n), "]".repeat(n)),
            ),
            (
                "objects",
                format!("export default {}1{}", "{a:".repeat(n), "}".repeat(n)),
            ),
            ("arrows", format!("export default {}1", "()=>".repeat(n))),
            (
                "functions",
                format!(
                    "export default {}1{}",
                    "function(){return ".repeat(n),
                    "}".repeat(n)
                ),
            ),
            (
                "templates",
                format!("export default {}1{}", "`${".repeat(n), "}`".repeat(n)),
            ),
            ("unary", format!("export default {}1", "!".repeat(n))),
            ("new", format!("export default {}X", "new ".repeat(n))),
            (
                "sums over lines",
                format!("export default 1{}", "\n+1".repeat(n)),
            ),
            ("members", format!("export default a{}", ".b".repeat(n))),
            (
                "conditionals",
                format!("export default {}c", "a?b:".repeat(n)),
            ),
            ("assignments", format!("export default {}1", "a=".repeat(n))),
            (
                "strings hiding brackets",
                format!("export default [{}]", "')', (".repeat(n)),
            ),
        ];
        for (shape, text) in shapes {
            let result = on_big_stack(move || codes(&text, Language::TypeScript));
            assert!(
                result.is_empty()
                    || result.contains(&"module/too-deeply-nested")
                    || result.contains(&"module/syntax-error"),
                "{shape}: {result:?}"
            );
        }
    }
}
