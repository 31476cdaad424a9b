//! Finding every module a file loads, as written: static imports, re-exports,
//! `import()` and `require()` with a literal, TypeScript's
//! `import x = require('…')`. A call whose specifier is computed is recorded
//! as such instead of being dropped, so the check can say it was not checked.
//! Resolving a specifier is `resolve.rs`'s job.
//!
//! Type-only imports (`import type`, or every binding marked `type`) are left
//! out: Bun erases them, so they never load.

use std::ops::Range;

use swc_common::Spanned;
use swc_ecma_ast::{
    CallExpr, Callee, ExportAll, Expr, ImportDecl, ImportSpecifier, NamedExport,
    TsImportEqualsDecl, TsModuleRef,
};

use crate::module::ast::literal_string;
use crate::module::parse::range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Specifier {
    Literal(String),
    /// `import(name)`, `require('./x/' + y)`: only loading can tell.
    Computed,
}

#[derive(Debug, Clone, PartialEq, Eq, Copy)]
pub enum ImportKind {
    Static,
    ReExport,
    Dynamic,
    Require,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    pub specifier: Specifier,
    pub kind: ImportKind,
    /// The specifier's string literal (with its quotes), or the whole call
    /// when the specifier is computed.
    pub span: Range<usize>,
    /// An `import()` inside a `try` block: a missing module is the author's
    /// `catch` to handle, not a module that cannot load.
    pub guarded: bool,
}

/// The imports of a file (`tools migrate` moves them); one traversal also
/// finds its environment reads (see `module::scan`).
pub fn collect(program: &swc_ecma_ast::Program) -> Vec<Import> {
    crate::module::scan::walk(program).imports
}

fn literal(out: &mut Vec<Import>, value: String, span: Range<usize>, kind: ImportKind) {
    out.push(Import {
        specifier: Specifier::Literal(value),
        kind,
        span,
        guarded: false,
    });
}

// What the traversal in `module::scan` calls at each node kind that can load a module.

pub(crate) fn import_decl(out: &mut Vec<Import>, n: &ImportDecl) {
    let all_types =
        !n.specifiers.is_empty() && n.specifiers.iter().all(ImportSpecifier::is_type_only);
    if !n.type_only && !all_types {
        literal(
            out,
            n.src.value.to_atom_lossy().as_str().to_string(),
            range(n.src.span),
            ImportKind::Static,
        );
    }
}

pub(crate) fn export_all(out: &mut Vec<Import>, n: &ExportAll) {
    if !n.type_only {
        literal(
            out,
            n.src.value.to_atom_lossy().as_str().to_string(),
            range(n.src.span),
            ImportKind::ReExport,
        );
    }
}

pub(crate) fn named_export(out: &mut Vec<Import>, n: &NamedExport) {
    if let Some(src) = &n.src
        && !n.type_only
    {
        literal(
            out,
            src.value.to_atom_lossy().as_str().to_string(),
            range(src.span),
            ImportKind::ReExport,
        );
    }
}

pub(crate) fn ts_import_equals(out: &mut Vec<Import>, n: &TsImportEqualsDecl) {
    if let TsModuleRef::TsExternalModuleRef(r) = &n.module_ref
        && !n.is_type_only
    {
        literal(
            out,
            r.expr.value.to_atom_lossy().as_str().to_string(),
            range(r.expr.span),
            ImportKind::Require,
        );
    }
}

/// `import(…)` and `require(…)`; the caller still visits the arguments.
/// `in_try` says the call sits in a `try` block.
pub(crate) fn call_expr(out: &mut Vec<Import>, n: &CallExpr, in_try: bool) {
    let start = out.len();
    push_call(out, n);
    for import in &mut out[start..] {
        import.guarded = in_try && import.kind == ImportKind::Dynamic;
    }
}

fn push_call(out: &mut Vec<Import>, n: &CallExpr) {
    let kind = match &n.callee {
        Callee::Import(_) => ImportKind::Dynamic,
        Callee::Expr(callee) => match &**callee {
            Expr::Ident(id) if &*id.sym == "require" => ImportKind::Require,
            _ => return,
        },
        Callee::Super(_) => return,
    };
    match n.args.first() {
        Some(arg) if arg.spread.is_none() => match literal_string(&arg.expr) {
            Some(value) => literal(out, value, range(arg.expr.span()), kind),
            None => out.push(Import {
                specifier: Specifier::Computed,
                kind,
                span: range(n.span),
                guarded: false,
            }),
        },
        // `require()` with no argument, or a spread, loads nothing knowable.
        _ => out.push(Import {
            specifier: Specifier::Computed,
            kind,
            span: range(n.span),
            guarded: false,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::parse::{Language, parse};
    use std::path::Path;

    fn found(source: &str) -> Vec<(Option<String>, ImportKind)> {
        let program = parse(source, Path::new("t.ts"), Language::TypeScript, false).unwrap();
        collect(&program)
            .into_iter()
            .map(|i| match i.specifier {
                Specifier::Literal(s) => (Some(s), i.kind),
                Specifier::Computed => (None, i.kind),
            })
            .collect()
    }

    #[test]
    fn finds_every_kind_of_import() {
        use ImportKind::*;
        let lit = |s: &str, k| (Some(s.to_string()), k);
        for (source, expected) in [
            ("import a from 'a'", vec![lit("a", Static)]),
            ("import 'side-effect'", vec![lit("side-effect", Static)]),
            ("import * as b from './b.ts'", vec![lit("./b.ts", Static)]),
            ("export * from './c'", vec![lit("./c", ReExport)]),
            ("export { d } from './d'", vec![lit("./d", ReExport)]),
            ("const e = await import('./e')", vec![lit("./e", Dynamic)]),
            ("const f = await import(`./f`)", vec![lit("./f", Dynamic)]),
            ("const g = require('g')", vec![lit("g", Require)]),
            ("import h = require('h')", vec![lit("h", Require)]),
            ("const i = await import(name)", vec![(None, Dynamic)]),
            ("const j = require(`./${name}`)", vec![(None, Require)]),
            (
                "function k() { return () => import('./deep') }",
                vec![lit("./deep", Dynamic)],
            ),
        ] {
            assert_eq!(found(source), expected, "{source}");
        }
    }

    #[test]
    fn an_import_in_a_try_block_is_guarded() {
        let guarded = |source: &str| {
            let program = parse(source, Path::new("t.ts"), Language::TypeScript, false).unwrap();
            collect(&program)
                .into_iter()
                .map(|i| i.guarded)
                .collect::<Vec<_>>()
        };
        assert_eq!(guarded("try { await import('opt') } catch {}"), [true]);
        assert_eq!(
            guarded("try {} catch { await import('a') } finally { await import('b') }"),
            [false, false]
        );
        assert_eq!(guarded("await import('plain')"), [false]);
        assert_eq!(guarded("try { require('r') } catch {}"), [false]);
    }

    #[test]
    fn type_only_imports_never_load() {
        for source in [
            "import type { A } from '@opencode-ai/plugin'",
            "import { type A, type B } from 'types'",
            "export type { A } from './a'",
            "const x: typeof import('./t') = 1",
            "export const a = 1",
        ] {
            assert_eq!(found(source), vec![], "{source}");
        }
        // One value binding keeps the import.
        assert_eq!(
            found("import { type A, b } from 'm'"),
            vec![(Some("m".into()), ImportKind::Static)]
        );
    }
}
