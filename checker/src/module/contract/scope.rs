//! The static evaluator: what a file's top level defines, and a value after
//! following names to those definitions. It follows a name to its top-level
//! `const`, `let`, `var` or `function` in the same file, and no further.

use std::collections::HashMap;
use std::ops::Range;

use swc_common::{Span, Spanned};
use swc_ecma_ast::{
    AssignTarget, Callee, Decl, DefaultDecl, ExportSpecifier, Expr, Function, ImportSpecifier,
    MemberProp, ModuleDecl, ModuleExportName, ModuleItem, Pat, Program, SimpleAssignTarget, Stmt,
};

use super::fields::{Field, FieldValue};
use crate::module::ast::unwrap;
use crate::module::imports::builtins::is_harness_package;
use crate::module::parse::range;

/// How many `const a = b` hops a name is followed; also stops `a = b, b = a`.
const MAX_HOPS: usize = 8;

/// What a file's top level defines, for following names.
pub(super) struct Scope<'a> {
    values: HashMap<&'a str, Value<'a>>,
    pub(super) default_export: Option<DefaultExport<'a>>,
    /// Local names of opencode's `tool` helper (imported, or simply `tool`).
    tool_helpers: Vec<&'a str>,
    /// `export const name = tool({…})`: opencode's named tools.
    pub(super) named_tool_calls: Vec<(String, &'a Expr)>,
}

pub(super) enum Value<'a> {
    Expr(&'a Expr),
    Function(&'a Function),
    Class,
    Imported,
}

pub(super) enum DefaultExport<'a> {
    Expr(&'a Expr),
    /// `export { name as default }`.
    Name(&'a str, Span),
    /// `export default function …` / `class …` / `interface …`: what it is, and where.
    Decl(&'static str, Span),
    ReExport(Span),
}

impl<'a> Scope<'a> {
    pub(super) fn of(program: &'a Program) -> Scope<'a> {
        let mut scope = Scope {
            values: HashMap::new(),
            default_export: None,
            tool_helpers: vec!["tool"],
            named_tool_calls: Vec::new(),
        };
        let statements: Vec<(Option<&'a ModuleDecl>, Option<&'a Stmt>)> = match program {
            Program::Module(m) => m
                .body
                .iter()
                .map(|item| match item {
                    ModuleItem::ModuleDecl(d) => (Some(d), None),
                    ModuleItem::Stmt(s) => (None, Some(s)),
                })
                .collect(),
            Program::Script(s) => s.body.iter().map(|s| (None, Some(s))).collect(),
        };
        // Names first, so `export default x` finds an `x` declared below it.
        let mut named_exports: Vec<(&'a str, bool)> = Vec::new();
        for (decl, stmt) in &statements {
            match (decl, stmt) {
                (Some(ModuleDecl::Import(import)), _) => {
                    let harness = is_harness_package(&import.src.value.to_atom_lossy());
                    for specifier in &import.specifiers {
                        let local = match specifier {
                            ImportSpecifier::Named(n) => {
                                let imported = match &n.imported {
                                    Some(ModuleExportName::Ident(i)) => i.sym.as_str(),
                                    Some(ModuleExportName::Str(_)) => "",
                                    None => n.local.sym.as_str(),
                                };
                                if harness && imported == "tool" {
                                    scope.tool_helpers.push(n.local.sym.as_str());
                                }
                                &n.local
                            }
                            ImportSpecifier::Default(d) => &d.local,
                            ImportSpecifier::Namespace(n) => &n.local,
                        };
                        scope.values.insert(local.sym.as_str(), Value::Imported);
                    }
                }
                (Some(ModuleDecl::ExportDecl(export)), _) => {
                    for name in scope.declare(&export.decl) {
                        named_exports.push((name, true));
                    }
                }
                (_, Some(Stmt::Decl(decl))) => {
                    scope.declare(decl);
                }
                _ => {}
            }
        }
        for (decl, stmt) in &statements {
            match (decl, stmt) {
                (Some(ModuleDecl::ExportDefaultExpr(e)), _) => {
                    scope.default_export = Some(DefaultExport::Expr(&e.expr))
                }
                (Some(ModuleDecl::ExportDefaultDecl(d)), _) => {
                    scope.default_export = Some(match &d.decl {
                        DefaultDecl::Fn(f) => DefaultExport::Decl("a function", f.function.span),
                        DefaultDecl::Class(c) => DefaultExport::Decl("a class", c.class.span),
                        DefaultDecl::TsInterfaceDecl(i) => {
                            DefaultExport::Decl("an interface, which has no value", i.span)
                        }
                    })
                }
                (Some(ModuleDecl::TsExportAssignment(e)), _) => {
                    scope.default_export = Some(DefaultExport::Expr(&e.expr))
                }
                (Some(ModuleDecl::ExportNamed(named)), _) => {
                    for specifier in &named.specifiers {
                        let ExportSpecifier::Named(s) = specifier else {
                            continue;
                        };
                        let orig = export_name(&s.orig);
                        let exported = s.exported.as_ref().map_or(orig, export_name);
                        if exported == "default" {
                            scope.default_export = Some(match (&named.src, &s.orig) {
                                (None, ModuleExportName::Ident(ident)) => {
                                    DefaultExport::Name(ident.sym.as_str(), ident.span)
                                }
                                _ => DefaultExport::ReExport(s.span),
                            });
                        } else if named.src.is_none() {
                            named_exports.push((orig, false));
                        }
                    }
                }
                (_, Some(Stmt::Expr(stmt))) => {
                    // CommonJS: `module.exports = {…}` is the default export.
                    if let Expr::Assign(assign) = &*stmt.expr
                        && let AssignTarget::Simple(SimpleAssignTarget::Member(member)) =
                            &assign.left
                        && let Expr::Ident(object) = &*member.obj
                        && &*object.sym == "module"
                        && matches!(&member.prop, MemberProp::Ident(p) if &*p.sym == "exports")
                    {
                        scope.default_export = Some(DefaultExport::Expr(&assign.right));
                    }
                }
                _ => {}
            }
        }
        for (name, _) in named_exports {
            if let Some(Value::Expr(expr)) = scope.values.get(name)
                && scope.is_tool_call(expr)
            {
                scope.named_tool_calls.push((name.to_string(), expr));
            }
        }
        scope
    }

    /// Records a declaration's names; returns them.
    fn declare(&mut self, decl: &'a Decl) -> Vec<&'a str> {
        match decl {
            Decl::Var(var) => var
                .decls
                .iter()
                .filter_map(|d| match (&d.name, &d.init) {
                    (Pat::Ident(id), Some(init)) => {
                        self.values.insert(id.sym.as_str(), Value::Expr(init));
                        Some(id.sym.as_str())
                    }
                    _ => None,
                })
                .collect(),
            Decl::Fn(f) => {
                self.values
                    .insert(f.ident.sym.as_str(), Value::Function(&f.function));
                vec![f.ident.sym.as_str()]
            }
            Decl::Class(c) => {
                self.values.insert(c.ident.sym.as_str(), Value::Class);
                vec![c.ident.sym.as_str()]
            }
            _ => Vec::new(),
        }
    }

    pub(super) fn is_tool_call(&self, expr: &Expr) -> bool {
        let Expr::Call(call) = unwrap(expr) else {
            return false;
        };
        let Callee::Expr(callee) = &call.callee else {
            return false;
        };
        matches!(unwrap(callee), Expr::Ident(id) if self.tool_helpers.contains(&id.sym.as_str()))
    }
}

fn export_name(name: &ModuleExportName) -> &str {
    match name {
        ModuleExportName::Ident(i) => i.sym.as_str(),
        ModuleExportName::Str(s) => s.value.as_atom().map_or("", |a| a.as_str()),
    }
}

/// A value after following names to their top-level definitions.
pub(super) enum Resolved<'a> {
    Expr(&'a Expr),
    Function(&'a Function),
    Class,
    /// Imported or computed: only loading tells.
    Unknown,
}

impl<'a> Scope<'a> {
    pub(super) fn resolve(&self, expr: &'a Expr) -> Resolved<'a> {
        self.resolve_hops(expr, 0)
    }

    fn resolve_hops(&self, expr: &'a Expr, hops: usize) -> Resolved<'a> {
        let expr = unwrap(expr);
        match expr {
            Expr::Ident(id) if &*id.sym != "undefined" => {
                self.resolve_name_hops(id.sym.as_str(), hops + 1)
            }
            _ => Resolved::Expr(expr),
        }
    }

    pub(super) fn resolve_name(&self, name: &str) -> Resolved<'a> {
        self.resolve_name_hops(name, 0)
    }

    fn resolve_name_hops(&self, name: &str, hops: usize) -> Resolved<'a> {
        if hops > MAX_HOPS {
            return Resolved::Unknown;
        }
        match self.values.get(name) {
            Some(Value::Expr(e)) => self.resolve_hops(e, hops),
            Some(Value::Function(f)) => Resolved::Function(f),
            Some(Value::Class) => Resolved::Class,
            Some(Value::Imported) | None => Resolved::Unknown,
        }
    }

    /// A field's value after following names, and where it is written.
    pub(super) fn field_value(&self, field: &Field<'a>) -> (Resolved<'a>, Range<usize>) {
        match field.value {
            FieldValue::Expr(e) => (self.resolve(e), range(unwrap(e).span())),
            FieldValue::Shorthand(name) => (self.resolve_name(name), field.span.clone()),
            FieldValue::Method(_) | FieldValue::Accessor => (Resolved::Unknown, field.span.clone()),
        }
    }
}
