//! The one traversal of a file's tree that every rule except the contract
//! needs: the modules it loads (`imports::collect`) and the environment it
//! reads (`env`). Parsing dominates the cost of a check, and each extra walk
//! over the tree would add a tenth of it, so the rules share this one.
//!
//! Most files need no walk at all: static imports and re-exports sit at the
//! top level, and the rest (`import()`, `require()`, `process.env`,
//! `Bun.env`) cannot occur unless the text spells one of those words, which
//! a byte search finds in a fraction of the walk's time. TypeScript types are
//! skipped in a walk: they never run, so they load nothing and read nothing
//! (`typeof import('./x')` is a type).

use std::sync::LazyLock;

use aho_corasick::AhoCorasick;
use swc_ecma_ast::{
    CallExpr, ExportAll, ImportDecl, MemberExpr, ModuleDecl, ModuleItem, NamedExport, Program,
    Regex, TryStmt, TsImportEqualsDecl, TsInterfaceDecl, TsType, TsTypeAliasDecl, TsTypeAnn,
    TsTypeParamDecl, TsTypeParamInstantiation, VarDeclarator,
};
use swc_ecma_visit::{Visit, VisitWith};

use super::env::{self, Below, EnvRead};
use super::imports::collect::{self, Import};
use super::parse::range;
use super::regex;

#[derive(Debug, Default)]
pub struct Scan {
    pub imports: Vec<Import>,
    pub env: Vec<EnvRead>,
    /// The file's regular-expression literals (`regex::check` compiles them).
    pub regexes: Vec<regex::Literal>,
    /// How many `try` blocks the walk is inside.
    try_depth: usize,
}

/// Scans `program`, parsed from `text`.
pub fn scan(program: &Program, text: &str) -> Scan {
    if needs_walk(text) {
        return walk(program);
    }
    let mut scan = Scan::default();
    if may_hold_regex(text) {
        let mut literals = Literals(Vec::new());
        program.visit_with(&mut literals);
        scan.regexes = literals.0;
    }
    if let Program::Module(module) = program {
        for item in &module.body {
            match item {
                ModuleItem::ModuleDecl(ModuleDecl::Import(n)) => {
                    collect::import_decl(&mut scan.imports, n)
                }
                ModuleItem::ModuleDecl(ModuleDecl::ExportAll(n)) => {
                    collect::export_all(&mut scan.imports, n)
                }
                ModuleItem::ModuleDecl(ModuleDecl::ExportNamed(n)) => {
                    collect::named_export(&mut scan.imports, n)
                }
                ModuleItem::ModuleDecl(ModuleDecl::TsImportEquals(n)) => {
                    collect::ts_import_equals(&mut scan.imports, n)
                }
                _ => {}
            }
        }
    }
    scan
}

/// Scans the whole tree, whatever the text says.
pub fn walk(program: &Program) -> Scan {
    let mut scan = Scan::default();
    program.visit_with(&mut scan);
    scan
}

/// Whether the text may hold something only a walk finds: the word
/// `process` or `Bun`, the word `import` followed by `(` or `.`
/// (`import.meta.env`), or `require` followed by `(`; a comment after either
/// might hide one too. A false "yes" costs a walk; a "no" is always right.
fn needs_walk(text: &str) -> bool {
    let called = |rest: &str| {
        let rest = rest.trim_start();
        rest.starts_with('(') || rest.starts_with('/')
    };
    // One search for all four words rather than a pass over the text per
    // word. No word's end is another's start, so no occurrence hides another.
    static WORDS: LazyLock<AhoCorasick> = LazyLock::new(|| {
        AhoCorasick::new(["process", "Bun", "import", "require"])
            .expect("four literal words always build a searcher")
    });
    WORDS.find_iter(text).any(|found| {
        let rest = &text[found.end()..];
        whole_word(text, found.start(), rest)
            && match found.pattern().as_usize() {
                0 | 1 => true,
                2 => called(rest) || rest.trim_start().starts_with('.'),
                _ => called(rest),
            }
    })
}

/// Whether the text has a `/` that opens no comment and closes none: a
/// regular-expression literal needs one. Division has one too, and costs a
/// walk; a file whose only slashes are comments and URLs (`//` inside a
/// string) costs none. A "no" is always right.
fn may_hold_regex(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(at) = memchr_slash(&bytes[i..]) {
        let at = i + at;
        match (at.checked_sub(1).map(|p| bytes[p]), bytes.get(at + 1)) {
            (_, Some(b'/' | b'*')) => i = at + 2,
            (Some(b'*'), _) => i = at + 1,
            _ => return true,
        }
    }
    false
}

fn memchr_slash(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'/')
}

/// A walk that only collects regular-expression literals.
struct Literals(Vec<regex::Literal>);

impl Visit for Literals {
    fn visit_regex(&mut self, n: &Regex) {
        self.0.push(literal(n));
    }
    fn visit_ts_type(&mut self, _: &TsType) {}
}

fn literal(n: &Regex) -> regex::Literal {
    regex::Literal {
        span: range(n.span),
        pattern: n.exp.to_string(),
        flags: n.flags.to_string(),
    }
}

/// Whether the word found at `at`, followed by `rest`, stands alone: no
/// identifier character touches it on either side.
fn whole_word(text: &str, at: usize, rest: &str) -> bool {
    let identifier = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    !text[..at].ends_with(identifier) && !rest.starts_with(identifier)
}

impl Visit for Scan {
    fn visit_import_decl(&mut self, n: &ImportDecl) {
        collect::import_decl(&mut self.imports, n);
    }

    fn visit_export_all(&mut self, n: &ExportAll) {
        collect::export_all(&mut self.imports, n);
    }

    fn visit_named_export(&mut self, n: &NamedExport) {
        collect::named_export(&mut self.imports, n);
    }

    fn visit_ts_import_equals_decl(&mut self, n: &TsImportEqualsDecl) {
        collect::ts_import_equals(&mut self.imports, n);
    }

    fn visit_call_expr(&mut self, n: &CallExpr) {
        collect::call_expr(&mut self.imports, n, self.try_depth > 0);
        n.visit_children_with(self);
    }

    // Only the `try` block guards: what `catch` and `finally` run is not.
    fn visit_try_stmt(&mut self, n: &TryStmt) {
        self.try_depth += 1;
        n.block.visit_with(self);
        self.try_depth -= 1;
        n.handler.visit_with(self);
        n.finalizer.visit_with(self);
    }

    fn visit_member_expr(&mut self, n: &MemberExpr) {
        match env::member_expr(&mut self.env, n) {
            Below::Children => n.visit_children_with(self),
            Below::Only(prop) => prop.visit_with(self),
            Below::Nothing => {}
        }
    }

    fn visit_var_declarator(&mut self, n: &VarDeclarator) {
        match env::var_declarator(&mut self.env, n) {
            Some(pattern) => pattern.visit_with(self),
            None => n.visit_children_with(self),
        }
    }

    fn visit_regex(&mut self, n: &Regex) {
        self.regexes.push(literal(n));
    }

    fn visit_ts_type(&mut self, _: &TsType) {}
    fn visit_ts_type_ann(&mut self, _: &TsTypeAnn) {}
    fn visit_ts_type_param_decl(&mut self, _: &TsTypeParamDecl) {}
    fn visit_ts_type_param_instantiation(&mut self, _: &TsTypeParamInstantiation) {}
    fn visit_ts_interface_decl(&mut self, _: &TsInterfaceDecl) {}
    fn visit_ts_type_alias_decl(&mut self, _: &TsTypeAliasDecl) {}
}

/// The search [`needs_walk`] makes, one word at a time: the reference its
/// single search is tested against.
#[cfg(test)]
fn needs_walk_word_by_word(text: &str) -> bool {
    let called = |rest: &str| {
        let rest = rest.trim_start();
        rest.starts_with('(') || rest.starts_with('/')
    };
    let word = |name: &str, then: &dyn Fn(&str) -> bool| {
        text.match_indices(name).any(|(at, _)| {
            let rest = &text[at + name.len()..];
            whole_word(text, at, rest) && then(rest)
        })
    };
    word("process", &|_| true)
        || word("Bun", &|_| true)
        || word("import", &|rest| {
            called(rest) || rest.trim_start().starts_with('.')
        })
        || word("require", &called)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::parse::{Language, parse};
    use std::path::Path;

    /// The shortcut must find exactly what the walk finds.
    #[test]
    fn the_top_level_shortcut_agrees_with_the_walk() {
        for source in [
            "import a from 'a'\nexport * from './b'\nexport { c } from './c'\nimport d = require('d')",
            "import a from 'a'\nconst b = await import('./b')",
            "import a from 'a'\nconst b = await import /* why */ ('./b')",
            "const b = require('./b')",
            "const k = process.env.KEY",
            "const k = Bun.env.KEY",
            "const k = import.meta.env.KEY",
            "export const important = 'imports are at the top'",
            "export default { parameters: { required: ['id'] }, processing: true, Bundle: 1 }",
            "const x = a.require\n(1)",
            "const { A } = process",
            "import type { T } from 't'\nexport default {}",
            "// a comment, /* another */ and 'https://example.com'\nexport const r = /[,=]/v",
            "export const half = 1 / 2, r = /a/g",
        ] {
            let program = parse(source, Path::new("t.ts"), Language::TypeScript, false).unwrap();
            let quick = scan(&program, source);
            let full = walk(&program);
            assert_eq!(quick.imports, full.imports, "{source}");
            assert_eq!(quick.env, full.env, "{source}");
            assert_eq!(quick.regexes, full.regexes, "{source}");
        }
    }

    #[test]
    fn one_search_finds_what_a_search_per_word_finds() {
        let words = [
            "process", "Bun", "import", "require", "importer", "xrequire", "éBun",
        ];
        let glue = [
            "", " ", "(", ".", "/", "$", "_", "é", "\n", "'", "x", " (", " .",
        ];
        let mut texts = Vec::new();
        for a in words {
            for g in glue {
                for b in words {
                    for h in glue {
                        texts.push(format!("{g}{a}{h}{b}{g}"));
                    }
                }
            }
        }
        for text in &texts {
            assert_eq!(needs_walk(text), needs_walk_word_by_word(text), "{text:?}");
        }
    }
}
