//! The edits inside one `execute`: reads of `process.env` become reads of
//! `context.env`, opencode's context fields get their Beeuni names, calls
//! with no counterpart become no-ops, and an opencode result object becomes
//! its `output` text.
//!
//! Only identifiers, parameter lists and the ends of return values are
//! edited; every other byte of the body stays. The caller decides what to
//! do with a finding; this module only says where and what.

use std::collections::HashSet;
use std::ops::Range;

use swc_common::Spanned;
use swc_ecma_ast::{
    ArrowExpr, ArrowFunctionBody, Expr, Function, Ident, MemberExpr, MemberProp, ObjectLit,
    ObjectPat, ObjectPatProp, Pat, Prop, PropName, PropOrSpread, ReturnStmt, VarDeclarator,
};
use swc_ecma_visit::{Visit, VisitWith};

use checker::module::parse::range;

use super::Finding;
use super::hoist::Hoisted;
use super::results::Builders;
use super::schema::prop_name;
use super::thread::EnvCall;
use crate::edit::Edit;
use checker::module::ast::unwrap;

/// An `execute` found in a tool's object.
pub enum Execute<'a> {
    Function(&'a Function),
    Arrow(&'a ArrowExpr),
}

impl Execute<'_> {
    pub fn span(&self) -> Range<usize> {
        match self {
            Execute::Function(f) => range(f.span),
            Execute::Arrow(a) => range(a.span),
        }
    }

    /// Just after the `{` of its body; `None` for an arrow returning an
    /// expression.
    pub fn body_start(&self) -> Option<usize> {
        match self {
            Execute::Function(f) => f.body.as_ref().map(|b| range(b.span).start + 1),
            Execute::Arrow(a) => match &*a.body {
                ArrowFunctionBody::FunctionBody(b) => Some(range(b.span).start + 1),
                ArrowFunctionBody::Expr(_) => None,
            },
        }
    }

    fn params(&self) -> Vec<&Pat> {
        match self {
            Execute::Function(f) => f.params.iter().map(|p| &p.pat).collect(),
            Execute::Arrow(a) => a.params.iter().collect(),
        }
    }
}

/// The name of `execute`'s context parameter, when it is a plain name.
pub fn context_name(execute: &Execute<'_>) -> Option<String> {
    match execute.params().get(1) {
        Some(Pat::Ident(b)) => Some(b.id.sym.to_string()),
        _ => None,
    }
}

/// The `execute` of a tool object: a method, or a function or arrow value.
pub fn find(object: &ObjectLit) -> Option<Execute<'_>> {
    object.props.iter().find_map(|prop| {
        let PropOrSpread::Prop(prop) = prop else {
            return None;
        };
        match &**prop {
            Prop::Method(m) if prop_name(&m.key).as_deref() == Some("execute") => {
                Some(Execute::Function(&m.function))
            }
            Prop::KeyValue(kv) if prop_name(&kv.key).as_deref() == Some("execute") => {
                match unwrap(&kv.value) {
                    Expr::Fn(f) => Some(Execute::Function(&f.function)),
                    Expr::Arrow(a) => Some(Execute::Arrow(a)),
                    _ => None,
                }
            }
            _ => None,
        }
    })
}

/// opencode's context fields and what each becomes.
enum Field {
    Rename(&'static str),
    NoOp(&'static str),
    Gone,
}

fn field(name: &str) -> Option<Field> {
    Some(match name {
        "abort" => Field::Rename("signal"),
        "sessionID" => Field::Rename("sessionId"),
        "worktree" => Field::Rename("directory"),
        "metadata" => Field::NoOp("() => {}"),
        "ask" => Field::NoOp("async () => {}"),
        "messageID" | "callID" => Field::Gone,
        _ => return None,
    })
}

#[derive(Default)]
pub struct Rewrite {
    pub edits: Vec<Edit>,
    pub findings: Vec<Finding>,
}

/// The edits that make `execute` a Beeuni `execute(args, context)`.
/// What the rewrite of one `execute` needs to know of the whole file.
pub struct FileWide<'a> {
    /// Secret reads at the top that move into the `execute`s using them.
    pub hoisted: &'a [Hoisted],
    /// Functions that build opencode's result object.
    pub builders: &'a Builders,
    /// Calls of helpers that now take the context's `env` last.
    pub env_calls: &'a [EnvCall],
}

pub fn rewrite(execute: &Execute<'_>, text: &str, file: &FileWide<'_>) -> Rewrite {
    let FileWide {
        hoisted,
        builders,
        env_calls,
    } = *file;
    let span = execute.span();
    let env_calls: Vec<&EnvCall> = env_calls
        .iter()
        .filter(|c| span.start <= c.at && c.at < span.end)
        .collect();
    let params = execute.params();
    let context_pat = params.get(1).copied();
    let ctx_name = match context_pat {
        Some(Pat::Ident(b)) => Some(b.id.sym.to_string()),
        _ => None,
    };
    let mut uses = Uses {
        ctx: ctx_name.clone(),
        hoisted: hoisted.iter().map(|h| h.name.clone()).collect(),
        builders: builders.clone(),
        ..Uses::default()
    };
    match execute {
        Execute::Function(f) => {
            if let Some(body) = &f.body {
                body.visit_with(&mut uses);
            }
        }
        Execute::Arrow(a) => match &*a.body {
            ArrowFunctionBody::FunctionBody(b) => b.visit_with(&mut uses),
            ArrowFunctionBody::Expr(e) => {
                if let Some(keys) = result_keys(e) {
                    uses.returns.push((range(e.span()), keys));
                } else if let Some(built) = uses.built(e) {
                    uses.built_returns.push(built);
                }
                e.visit_with(&mut uses);
            }
        },
    }
    let mut out = Rewrite::default();
    // Where `context.env` comes from: the context parameter, a name added to
    // a destructured one, or a parameter added here.
    let env_expr = if uses.env.is_empty() && uses.hoisted_uses.is_empty() && env_calls.is_empty() {
        None
    } else {
        Some(match context_pat {
            Some(Pat::Ident(b)) => format!("{}.env", b.id.sym),
            Some(Pat::Object(pattern)) => env_binding(pattern, &uses.idents, &mut out),
            Some(other) => {
                out.findings.push(Finding::manual(
                    range(other.span()),
                    "the context parameter has a shape the migration cannot add `env` to; read `context.env` here by hand",
                ));
                String::new()
            }
            None => {
                let name = fresh(&uses.idents, &["context", "ctx", "toolContext"]);
                add_context_param(execute, &params, text, &name, &mut out);
                format!("{name}.env")
            }
        })
    };
    if let Some(env) = env_expr.filter(|e| !e.is_empty()) {
        move_reads_in(execute, text, hoisted, &uses.hoisted_uses, &env, &mut out);
        for call in &env_calls {
            out.edits.push(Edit::replace(
                call.at..call.at,
                format!("{}{env}", call.separator),
            ));
        }
        for (span, names) in &uses.env {
            out.edits.push(Edit::replace(span.clone(), env.clone()));
            if uses.spreads.contains(span) {
                out.findings.push(Finding::note(
                    span.clone(),
                    format!("hands on the whole environment (`{{ ...{env} }}`, was `process.env`): after migration it holds every secret granted to the agent, so a child process given it gets them all; pass only the variables it needs"),
                ));
                continue;
            }
            // The box's own variables are in `context.env` too: nothing to grant.
            if !names.is_empty() && names.iter().all(|n| super::analyze::is_box_variable(n)) {
                continue;
            }
            let what = match names.as_slice() {
                [] => "`process.env`".to_string(),
                names => names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            out.findings.push(Finding::note(
                span.clone(),
                format!("reads {what} from `{env}` (was `process.env`): give the agent the secret in beeuni.yaml"),
            ));
        }
    }
    if let Some(Pat::Object(pattern)) = context_pat {
        rename_pattern(pattern, &mut out);
    }
    out.edits.append(&mut uses.destructures.edits);
    out.findings.append(&mut uses.destructures.findings);
    for (prop, whole, name) in &uses.fields {
        match field(name) {
            Some(Field::Rename(to)) => out.edits.push(Edit::replace(prop.clone(), to)),
            Some(Field::NoOp(_)) => out.findings.push(Finding::manual(
                whole.clone(),
                format!(
                    "`{name}` has no Beeuni counterpart and is `undefined` now; remove this use"
                ),
            )),
            Some(Field::Gone) => out.findings.push(Finding::note(
                whole.clone(),
                format!("`{name}` has no Beeuni counterpart and reads `undefined` now"),
            )),
            None => {}
        }
    }
    for (at, whole, name) in &uses.optional_calls {
        // `context.metadata?.(…)`: the field is undefined in Beeuni, so the
        // call does nothing, and the line needs no other change.
        out.edits.push(Edit::replace(*at..*at, "?."));
        out.findings.push(Finding::note(
            whole.clone(),
            format!("`{name}()` has no Beeuni counterpart; the call is kept as a no-op (`?.()`)"),
        ));
    }
    // Code that takes opencode's context (a helper's `ctx.sessionID`) keeps
    // working when it is handed a view in opencode's shape over Beeuni's.
    for span in &uses.ctx_args {
        let ctx = &text[span.clone()];
        out.edits.push(Edit::replace(
            span.clone(),
            format!(
                "{{ ...{ctx}, sessionID: {ctx}.sessionId, worktree: {ctx}.directory, abort: {ctx}.signal }}"
            ),
        ));
        out.findings
            .push(Finding::note(span.clone(), ADAPTED_CONTEXT));
    }
    for span in &uses.bare_ctx {
        out.findings.push(Finding::note(
            span.clone(),
            "the whole context is passed on here: code reading `abort`, `sessionID` or `worktree` from it must read `signal`, `sessionId` or `directory`",
        ));
    }
    for (span, replacement) in &uses.collapsed {
        out.edits
            .push(Edit::replace(span.clone(), replacement.clone()));
    }
    for (span, keys) in &uses.returns {
        if keys.iter().any(|k| k == "attachments") {
            // Cutting it to `output` would lose what the model was shown.
            out.findings
                .push(Finding::manual(span.clone(), ATTACHMENTS));
            continue;
        }
        out.edits.push(Edit::replace(span.start..span.start, "("));
        out.edits
            .push(Edit::replace(span.end..span.end, ").output"));
        out.findings.push(Finding::note(
            span.clone(),
            format!(
                "returned opencode's result object; it now returns the object's `output` text{}",
                dropped(keys)
            ),
        ));
    }
    for (span, name, awaited) in &uses.built_returns {
        let Some(builder) = builders.get(name) else {
            continue;
        };
        if builder.keys.iter().any(|k| k == "attachments") {
            out.findings
                .push(Finding::manual(span.clone(), ATTACHMENTS));
            continue;
        }
        if builder.is_async && !awaited {
            out.edits.push(Edit::replace(
                span.end..span.end,
                ".then((result) => result.output)",
            ));
        } else {
            out.edits.push(Edit::replace(span.start..span.start, "("));
            out.edits
                .push(Edit::replace(span.end..span.end, ").output"));
        }
        out.findings.push(Finding::note(
            span.clone(),
            format!(
                "returned opencode's result object, built by `{name}`; it now returns the object's `output` text{}",
                dropped(&builder.keys)
            ),
        ));
    }
    out
}

const ATTACHMENTS: &str = "returns `attachments` (files or images shown to the model), which a tool module cannot return; the result is left whole: return text or JSON the model can read instead";

/// ` (`title` and `metadata` are dropped)`: what cutting a result object to
/// its `output` loses.
fn dropped(keys: &[String]) -> String {
    let dropped: Vec<String> = keys
        .iter()
        .filter(|k| *k != "output")
        .map(|k| format!("`{k}`"))
        .collect();
    match dropped.as_slice() {
        [] => String::new(),
        [one] => format!(" ({one} is dropped)"),
        [rest @ .., last] => format!(" ({} and {last} are dropped)", rest.join(", ")),
    }
}

/// Declares the module's secret reads this body uses at its start, over
/// `env` (`context.env`), each with a note at its first use.
fn move_reads_in(
    execute: &Execute<'_>,
    text: &str,
    hoisted: &[Hoisted],
    used: &[(String, Range<usize>)],
    env: &str,
    out: &mut Rewrite,
) {
    let Some(start) = execute.body_start() else {
        return;
    };
    let mut inserted = String::new();
    for read in hoisted {
        let Some((_, first)) = used.iter().find(|(name, _)| *name == read.name) else {
            continue;
        };
        inserted.push_str(&super::hoist::insertion(
            text,
            start,
            &read.declaration(text, env),
        ));
        let what = read
            .names
            .iter()
            .filter(|n| !super::analyze::is_box_variable(n))
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ");
        out.findings.push(Finding::note(
            first.clone(),
            format!("reads {what} from `{env}` (was `process.env` at the top of the module, now read at the start of `execute`): give the agent the secret in beeuni.yaml"),
        ));
    }
    if !inserted.is_empty() {
        out.edits.push(Edit::replace(start..start, inserted));
    }
}

/// The first of `names` the body does not use.
fn fresh(used: &HashSet<String>, names: &[&str]) -> String {
    names
        .iter()
        .find(|n| !used.contains(**n))
        .map_or_else(|| "beeuniContext".to_string(), |n| n.to_string())
}

/// Adds a context parameter named `name` after `args` (or `_args, name`
/// when `execute` takes none).
fn add_context_param(
    execute: &Execute<'_>,
    params: &[&Pat],
    text: &str,
    name: &str,
    out: &mut Rewrite,
) {
    match params.first() {
        Some(first) => {
            let span = range(first.span());
            // `args => …` has no parentheses to add to.
            let before = text[..span.start].trim_end();
            if matches!(execute, Execute::Arrow(_)) && !before.ends_with('(') {
                out.edits.push(Edit::replace(span.start..span.start, "("));
                out.edits
                    .push(Edit::replace(span.end..span.end, format!(", {name})")));
            } else {
                out.edits
                    .push(Edit::replace(span.end..span.end, format!(", {name}")));
            }
        }
        None => {
            let start = execute.span().start;
            if let Some(open) = text[start..].find('(') {
                let at = start + open + 1;
                out.edits
                    .push(Edit::replace(at..at, format!("_args, {name}")));
            }
        }
    }
}

/// The name `env` is bound to in a destructured context parameter, adding
/// `env` to the pattern when it is not there.
fn env_binding(pattern: &ObjectPat, used: &HashSet<String>, out: &mut Rewrite) -> String {
    for prop in &pattern.props {
        match prop {
            ObjectPatProp::Assign(a) if a.key.sym == "env" => return "env".into(),
            ObjectPatProp::KeyValue(kv) if prop_name(&kv.key).as_deref() == Some("env") => {
                if let Pat::Ident(b) = &*kv.value {
                    return b.id.sym.to_string();
                }
            }
            _ => {}
        }
    }
    let Some(last) = pattern
        .props
        .iter()
        .rfind(|p| !matches!(p, ObjectPatProp::Rest(_)))
    else {
        out.findings.push(Finding::manual(
            range(pattern.span),
            "the destructured context has no property to add `env` after; read `context.env` here by hand",
        ));
        return String::new();
    };
    let end = range(last.span()).end;
    let name = fresh(used, &["env", "contextEnv"]);
    let binding = if name == "env" {
        "env".to_string()
    } else {
        format!("env: {name}")
    };
    out.edits
        .push(Edit::replace(end..end, format!(", {binding}")));
    name
}

/// `{ abort, sessionID: id }` → `{ signal: abort, sessionId: id }`; a
/// destructured `metadata` or `ask` gets a no-op default.
fn rename_pattern(pattern: &ObjectPat, out: &mut Rewrite) {
    for prop in &pattern.props {
        match prop {
            ObjectPatProp::KeyValue(kv) => {
                let Some(name) = prop_name(&kv.key) else {
                    continue;
                };
                match field(&name) {
                    Some(Field::Rename(to)) => {
                        out.edits.push(Edit::replace(range(kv.key.span()), to));
                    }
                    Some(Field::NoOp(_) | Field::Gone) => out.findings.push(Finding::note(
                        range(kv.span()),
                        format!("`{name}` has no Beeuni counterpart and is `undefined` now"),
                    )),
                    None => {}
                }
            }
            ObjectPatProp::Assign(a) => {
                let name = a.key.sym.to_string();
                let key = range(a.key.span);
                match field(&name) {
                    Some(Field::Rename(to)) => {
                        out.edits
                            .push(Edit::replace(key.start..key.start, format!("{to}: ")));
                    }
                    Some(Field::NoOp(with)) if a.value.is_none() => {
                        out.edits
                            .push(Edit::replace(key.end..key.end, format!(" = {with}")));
                        out.findings.push(Finding::note(
                            key,
                            format!("`{name}()` has no Beeuni counterpart; it is a no-op now"),
                        ));
                    }
                    Some(_) => out.findings.push(Finding::note(
                        key,
                        format!("`{name}` has no Beeuni counterpart and is `undefined` now"),
                    )),
                    None => {}
                }
            }
            ObjectPatProp::Rest(_) => {}
        }
    }
}

/// `{ output, title, … }`: what opencode shows the model is `output`. The
/// keys the object spells out, when it is one.
pub(super) fn result_keys(expr: &Expr) -> Option<Vec<String>> {
    let Expr::Object(object) = unwrap(expr) else {
        return None;
    };
    let keys: Vec<String> = object
        .props
        .iter()
        .filter_map(|p| match p {
            PropOrSpread::Prop(p) => match &**p {
                Prop::KeyValue(kv) => prop_name(&kv.key),
                Prop::Shorthand(i) => Some(i.sym.to_string()),
                _ => None,
            },
            PropOrSpread::Spread(_) => None,
        })
        .collect();
    keys.iter().any(|k| k == "output").then_some(keys)
}

/// How the note on a context handed to a call in opencode's shape begins
/// (`moves.rs` makes it a step when the code it reaches reads a field
/// Beeuni has no counterpart for).
pub(super) const ADAPTED_CONTEXT: &str = "the context is handed on here in opencode's shape: `sessionID`, `worktree` and `abort` read Beeuni's `sessionId`, `directory` and `signal`";

/// What the body of `execute` does with the environment and the context.
#[derive(Default)]
struct Uses {
    ctx: Option<String>,
    /// `process.env` / `Bun.env` expressions, with the names read through them.
    env: Vec<(Range<usize>, Vec<String>)>,
    /// `ctx.field`: the field name's span, the whole member's span, the name.
    fields: Vec<(Range<usize>, Range<usize>, String)>,
    /// `ctx.metadata(…)`, `ctx.ask(…)`: where `?.` goes, the call, the name.
    optional_calls: Vec<(usize, Range<usize>, String)>,
    /// `ctx` used as a value on its own.
    bare_ctx: Vec<Range<usize>>,
    /// `ctx` handed whole to a call (`query(ctx, …)`), where it is passed
    /// on in opencode's shape.
    ctx_args: Vec<Range<usize>>,
    /// The renames inside `const { abort } = ctx`.
    destructures: Rewrite,
    /// Result objects returned by `execute` itself (not by nested
    /// functions), with their keys.
    returns: Vec<(Range<usize>, Vec<String>)>,
    /// `{ ...process.env }`: the environment handed on whole.
    spreads: Vec<Range<usize>>,
    /// `ctx.worktree ?? ctx.directory`: both are the checkout in Beeuni, so
    /// the expression becomes one read (renaming alone would repeat it).
    collapsed: Vec<(Range<usize>, String)>,
    /// Every identifier in the body, to pick names that do not clash.
    idents: HashSet<String>,
    /// The names of the module's secret reads that move into `execute`s.
    hoisted: HashSet<String>,
    /// Those this body uses, each with its first use.
    hoisted_uses: Vec<(String, Range<usize>)>,
    /// The file's functions that build opencode's result object.
    builders: Builders,
    /// `return ok(…)` / `return await ok(…)` of such a function: the
    /// returned expression, the function, whether it is awaited.
    built_returns: Vec<(Range<usize>, String, bool)>,
    depth: usize,
}

impl Uses {
    /// `ok(…)` or `await ok(…)` of a function that builds the result object.
    fn built(&self, expr: &Expr) -> Option<(Range<usize>, String, bool)> {
        let (call, awaited) = match unwrap(expr) {
            Expr::Await(a) => (unwrap(&a.arg), true),
            other => (other, false),
        };
        let Expr::Call(call) = call else {
            return None;
        };
        let swc_ecma_ast::Callee::Expr(callee) = &call.callee else {
            return None;
        };
        let Expr::Ident(name) = &**callee else {
            return None;
        };
        self.builders
            .contains_key(name.sym.as_str())
            .then(|| (range(expr.span()), name.sym.to_string(), awaited))
    }
}

/// Whether a call's argument is the context itself, not spread.
fn is_whole(arg: &swc_ecma_ast::ExprOrSpread, ctx: &str) -> bool {
    arg.spread.is_none() && matches!(&*arg.expr, Expr::Ident(i) if i.sym.as_str() == ctx)
}

fn is_env(member: &MemberExpr) -> bool {
    matches!(&member.prop, MemberProp::Ident(p) if p.sym == "env")
        && matches!(&*member.obj, Expr::Ident(o) if o.sym == "process" || o.sym == "Bun")
}

impl Visit for Uses {
    fn visit_member_expr(&mut self, member: &MemberExpr) {
        if is_env(member) {
            self.env.push((range(member.span), Vec::new()));
            return;
        }
        if let Expr::Member(inner) = &*member.obj
            && is_env(inner)
        {
            let name = match &member.prop {
                MemberProp::Ident(p) => Some(p.sym.to_string()),
                MemberProp::Computed(c) => checker::module::ast::literal_string(&c.expr),
                MemberProp::PrivateName(_) => None,
            };
            self.env
                .push((range(inner.span), name.into_iter().collect()));
            member.prop.visit_with(self);
            return;
        }
        if let (Some(ctx), Expr::Ident(obj), MemberProp::Ident(prop)) =
            (&self.ctx, &*member.obj, &member.prop)
            && obj.sym.as_str() == ctx
        {
            self.fields
                .push((range(prop.span), range(member.span), prop.sym.to_string()));
            return;
        }
        member.visit_children_with(self);
    }

    fn visit_call_expr(&mut self, call: &swc_ecma_ast::CallExpr) {
        if let (Some(ctx), swc_ecma_ast::Callee::Expr(callee)) = (&self.ctx, &call.callee)
            && let Expr::Member(member) = &**callee
            && let (Expr::Ident(obj), MemberProp::Ident(prop)) = (&*member.obj, &member.prop)
            && obj.sym.as_str() == ctx
            && matches!(field(prop.sym.as_str()), Some(Field::NoOp(_)))
        {
            self.optional_calls.push((
                range(member.span).end,
                range(call.span),
                prop.sym.to_string(),
            ));
            call.args.visit_with(self);
            return;
        }
        if let Some(ctx) = self.ctx.clone()
            && call.args.iter().any(|a| is_whole(a, &ctx))
        {
            call.callee.visit_with(self);
            for arg in &call.args {
                if is_whole(arg, &ctx) {
                    self.idents.insert(ctx.clone());
                    self.ctx_args.push(range(arg.expr.span()));
                } else {
                    arg.visit_with(self);
                }
            }
            return;
        }
        call.visit_children_with(self);
    }

    fn visit_ident(&mut self, ident: &Ident) {
        self.idents.insert(ident.sym.to_string());
        if self.hoisted.contains(ident.sym.as_str())
            && !self
                .hoisted_uses
                .iter()
                .any(|(n, _)| n == ident.sym.as_str())
        {
            self.hoisted_uses
                .push((ident.sym.to_string(), range(ident.span)));
        }
        if self.ctx.as_deref() == Some(ident.sym.as_str()) {
            self.bare_ctx.push(range(ident.span));
        }
    }

    fn visit_var_declarator(&mut self, decl: &VarDeclarator) {
        if let (Some(ctx), Pat::Object(pattern), Some(init)) = (&self.ctx, &decl.name, &decl.init)
            && matches!(unwrap(init), Expr::Ident(i) if i.sym.as_str() == ctx)
        {
            rename_pattern(pattern, &mut self.destructures);
            decl.name.visit_with(self);
            return;
        }
        decl.visit_children_with(self);
    }

    fn visit_function(&mut self, f: &Function) {
        self.depth += 1;
        f.visit_children_with(self);
        self.depth -= 1;
    }

    fn visit_arrow_expr(&mut self, a: &ArrowExpr) {
        self.depth += 1;
        a.visit_children_with(self);
        self.depth -= 1;
    }

    fn visit_return_stmt(&mut self, r: &ReturnStmt) {
        if self.depth == 0
            && let Some(arg) = &r.arg
        {
            if let Some(keys) = result_keys(arg) {
                self.returns.push((range(arg.span()), keys));
            } else if let Some(built) = self.built(arg) {
                self.built_returns.push(built);
            }
        }
        r.visit_children_with(self);
    }

    fn visit_prop_name(&mut self, _: &PropName) {}

    fn visit_spread_element(&mut self, spread: &swc_ecma_ast::SpreadElement) {
        if let Expr::Member(member) = unwrap(&spread.expr)
            && is_env(member)
        {
            self.spreads.push(range(member.span));
        }
        spread.visit_children_with(self);
    }

    fn visit_bin_expr(&mut self, bin: &swc_ecma_ast::BinExpr) {
        use swc_ecma_ast::BinaryOp;
        let field_of = |e: &Expr| match (unwrap(e), &self.ctx) {
            (Expr::Member(m), Some(ctx)) => match (&*m.obj, &m.prop) {
                (Expr::Ident(o), MemberProp::Ident(p)) if o.sym.as_str() == ctx => {
                    Some(p.sym.to_string())
                }
                _ => None,
            },
            _ => None,
        };
        if matches!(bin.op, BinaryOp::NullishCoalescing | BinaryOp::LogicalOr)
            && let (Some(left), Some(right)) = (field_of(&bin.left), field_of(&bin.right))
            && let Some(ctx) = &self.ctx
        {
            let pair = [left.as_str(), right.as_str()];
            if pair == ["worktree", "directory"] || pair == ["directory", "worktree"] {
                self.collapsed
                    .push((range(bin.span), format!("{ctx}.directory")));
                return;
            }
        }
        bin.visit_children_with(self);
    }
}
