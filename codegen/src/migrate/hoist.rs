//! Secrets read once at the top of a module (`const KEY = process.env.KEY ??
//! ""`) and used only inside `execute`. In Beeuni the box's environment holds
//! no secret: the agent's secrets are in `context.env`, which only `execute`
//! receives. Such a read moves into each `execute` that uses it, as the same
//! declaration over `context.env`, so the tool answers as it did under
//! opencode once the agent is given the secret.
//!
//! Only a read the move cannot change is taken: a `const` whose initializer
//! is the environment, literals and a few pure conversions (`||`, `??`,
//! `parseInt`, `.trim()`), whose name is bound nowhere else, and whose every
//! use is inside a body with a block: an `execute`, or a helper that
//! `thread.rs` can hand the context's `env`. Anything else stays a manual
//! step.

use std::collections::HashMap;
use std::ops::Range;

use swc_ecma_ast::{
    BindingIdent, Callee, Decl, Expr, Lit, MemberExpr, MemberProp, ModuleItem, Pat, Program, Stmt,
    UnaryOp, VarDeclKind,
};
use swc_ecma_visit::{Visit, VisitWith};

use checker::module::env::env_reads;
use checker::module::parse::range;

use super::analyze::names_a_secret;

/// A module-level read that moves into the `execute`s using it.
#[derive(Debug, Clone)]
pub struct Hoisted {
    pub name: String,
    /// The whole statement at the top of the module, removed by the move.
    pub statement: Range<usize>,
    /// The initializer, copied into each `execute`.
    pub init: Range<usize>,
    /// The `process.env` / `Bun.env` objects inside the initializer.
    pub env: Vec<Range<usize>>,
    /// The variables it reads.
    pub names: Vec<String>,
    /// Whether the statement ended with `;`, to write the copy alike.
    pub semicolon: bool,
}

/// A body a read can move into (an `execute`, or a helper handed `env`):
/// its span, and where a statement can go at the start of it (`None` for an
/// arrow that returns an expression).
pub struct Target {
    pub span: Range<usize>,
    pub body_start: Option<usize>,
}

/// The reads of `program` that can move into its `execute`s.
pub fn find(program: &Program, text: &str, targets: &[Target]) -> Vec<Hoisted> {
    let mut idents = Idents::default();
    program.visit_with(&mut idents);
    let reads = env_reads(program);
    top_statements(program)
        .filter_map(|stmt| {
            let Stmt::Decl(Decl::Var(var)) = stmt else {
                return None;
            };
            let [decl] = var.decls.as_slice() else {
                return None;
            };
            let (VarDeclKind::Const, Pat::Ident(binding), Some(init)) =
                (var.kind, &decl.name, &decl.init)
            else {
                return None;
            };
            if !pure(init) {
                return None;
            }
            let name = binding.id.sym.to_string();
            let init_span = range(swc_common::Spanned::span(&**init));
            let inside = |s: &Range<usize>, outer: &Range<usize>| {
                outer.start <= s.start && s.end <= outer.end
            };
            let env: Vec<_> = reads
                .iter()
                .filter(|r| inside(&r.span, &init_span))
                .collect();
            let names: Vec<String> = env.iter().flat_map(|r| r.names.clone()).collect();
            // Only a secret needs `context.env` (a setting reads the box's
            // value where it is); a read of the whole environment is not a
            // value to copy.
            if env.iter().any(|r| r.names.is_empty()) || !names.iter().any(|n| names_a_secret(n)) {
                return None;
            }
            if idents.bindings.get(&name).copied().unwrap_or(0) != 1 {
                return None;
            }
            let binding_span = range(binding.id.span);
            let uses: Vec<&Range<usize>> = idents
                .uses
                .get(&name)
                .into_iter()
                .flatten()
                .filter(|u| **u != binding_span)
                .collect();
            let movable = !uses.is_empty()
                && uses.iter().all(|u| {
                    targets
                        .iter()
                        .any(|t| t.body_start.is_some() && inside(u, &t.span))
                });
            if !movable {
                return None;
            }
            let statement = range(var.span);
            Some(Hoisted {
                name,
                semicolon: text[statement.clone()].trim_end().ends_with(';'),
                statement,
                init: init_span,
                env: env_objects(init),
                names,
            })
        })
        .collect()
}

impl Hoisted {
    /// The declaration written at the start of an `execute`, reading `env`
    /// (`context.env`) where the original read `process.env`.
    pub fn declaration(&self, text: &str, env: &str) -> String {
        let mut init = String::new();
        let mut at = self.init.start;
        for span in &self.env {
            init.push_str(&text[at..span.start]);
            init.push_str(env);
            at = span.end;
        }
        init.push_str(&text[at..self.init.end]);
        let end = if self.semicolon { ";" } else { "" };
        format!("const {} = {init}{end}", self.name)
    }
}

/// Where a statement inserted at `body_start` (just after `{`) goes, with
/// the indentation of the body's first statement.
pub fn insertion(text: &str, body_start: usize, declaration: &str) -> String {
    let rest = &text[body_start..];
    let first = rest.len() - rest.trim_start().len();
    match rest[..first].rfind('\n') {
        Some(newline) => format!("\n{}{declaration}", &rest[newline + 1..first]),
        None => format!(" {declaration}"),
    }
}

fn top_statements(program: &Program) -> Box<dyn Iterator<Item = &Stmt> + '_> {
    match program {
        Program::Module(module) => Box::new(module.body.iter().filter_map(|item| match item {
            ModuleItem::Stmt(stmt) => Some(stmt),
            ModuleItem::ModuleDecl(_) => None,
        })),
        Program::Script(script) => Box::new(script.body.iter()),
    }
}

/// An expression whose value is the same wherever it is computed: the
/// environment's variables, literals, and conversions of them.
fn pure(expr: &Expr) -> bool {
    match expr {
        Expr::Lit(Lit::Regex(_)) => false,
        Expr::Lit(_) => true,
        Expr::Ident(i) => i.sym == "undefined",
        Expr::Tpl(t) => t.exprs.iter().all(|e| pure(e)),
        Expr::Paren(p) => pure(&p.expr),
        Expr::Bin(b) => pure(&b.left) && pure(&b.right),
        Expr::Cond(c) => pure(&c.test) && pure(&c.cons) && pure(&c.alt),
        Expr::Unary(u) => u.op != UnaryOp::Delete && pure(&u.arg),
        Expr::Member(m) => env_variable(m),
        Expr::TsAs(a) => pure(&a.expr),
        Expr::TsNonNull(n) => pure(&n.expr),
        Expr::TsSatisfies(s) => pure(&s.expr),
        Expr::TsConstAssertion(c) => pure(&c.expr),
        Expr::Call(call) => {
            let callee = match &call.callee {
                Callee::Expr(callee) => &**callee,
                _ => return false,
            };
            let known = match callee {
                Expr::Ident(f) => matches!(
                    &*f.sym,
                    "parseInt" | "parseFloat" | "Number" | "String" | "Boolean"
                ),
                Expr::Member(m) => {
                    matches!(&m.prop, MemberProp::Ident(p) if matches!(
                        &*p.sym,
                        "trim" | "toLowerCase" | "toUpperCase" | "split" | "replace" | "replaceAll"
                    )) && pure(&m.obj)
                }
                _ => false,
            };
            known
                && call
                    .args
                    .iter()
                    .all(|a| a.spread.is_none() && pure(&a.expr))
        }
        _ => false,
    }
}

/// `process.env.NAME`, `process.env["NAME"]`, `Bun.env.NAME`.
fn env_variable(member: &MemberExpr) -> bool {
    let Expr::Member(object) = &*member.obj else {
        return false;
    };
    let named = match &member.prop {
        MemberProp::Ident(_) => true,
        MemberProp::Computed(c) => checker::module::ast::literal_string(&c.expr).is_some(),
        MemberProp::PrivateName(_) => false,
    };
    named
        && matches!(&object.prop, MemberProp::Ident(p) if p.sym == "env")
        && matches!(&*object.obj, Expr::Ident(o) if o.sym == "process" || o.sym == "Bun")
}

/// The `process.env` / `Bun.env` objects inside `expr`, the part the copy
/// replaces with `context.env`.
fn env_objects(expr: &Expr) -> Vec<Range<usize>> {
    #[derive(Default)]
    struct Objects(Vec<Range<usize>>);
    impl Visit for Objects {
        fn visit_member_expr(&mut self, member: &MemberExpr) {
            if env_variable(member)
                && let Expr::Member(object) = &*member.obj
            {
                self.0.push(range(object.span));
                return;
            }
            member.visit_children_with(self);
        }
    }
    let mut objects = Objects::default();
    expr.visit_with(&mut objects);
    objects.0.sort_by_key(|r| r.start);
    objects.0
}

/// Every identifier of the file by name, and how often each is bound.
#[derive(Default)]
struct Idents {
    uses: HashMap<String, Vec<Range<usize>>>,
    bindings: HashMap<String, usize>,
}

impl Visit for Idents {
    fn visit_ident(&mut self, ident: &swc_ecma_ast::Ident) {
        self.uses
            .entry(ident.sym.to_string())
            .or_default()
            .push(range(ident.span));
    }

    fn visit_binding_ident(&mut self, binding: &BindingIdent) {
        *self.bindings.entry(binding.id.sym.to_string()).or_default() += 1;
        binding.visit_children_with(self);
    }

    fn visit_fn_decl(&mut self, f: &swc_ecma_ast::FnDecl) {
        *self.bindings.entry(f.ident.sym.to_string()).or_default() += 1;
        f.visit_children_with(self);
    }

    fn visit_class_decl(&mut self, c: &swc_ecma_ast::ClassDecl) {
        *self.bindings.entry(c.ident.sym.to_string()).or_default() += 1;
        c.visit_children_with(self);
    }
}
