//! Secrets read in a local helper that every caller hands the context:
//! `function api(path, ctx) { … process.env.KEY … }`, called only as
//! `api('/x', ctx)` from `execute(args, ctx)`, reads `ctx.env.KEY` instead.
//!
//! A helper that `execute` calls without the context (`lookup(query)`)
//! gains a last parameter, `env`, reads the secret from it, and every call
//! passes the context's `env` (`lookup(query, context.env)`).
//!
//! Only a top-level function of the same file that is not exported (another
//! file could call it without the context), whose every call is inside an
//! `execute`: either each passes that `execute`'s context parameter at the
//! same position, to a parameter that is a plain name, or each passes all
//! of the helper's parameters and none is a rest parameter. Anything else
//! stays a manual step.

use std::collections::HashMap;
use std::ops::Range;

use swc_ecma_ast::{CallExpr, Callee, Decl, Expr, Function, Ident, ModuleItem, Pat, Program, Stmt};
use swc_ecma_visit::{Visit, VisitWith};

use checker::module::env::env_reads;
use checker::module::parse::range;

use super::Finding;
use super::hoist::{Hoisted, Target, insertion};
use crate::edit::Edit;
use checker::module::ast::unwrap;

#[derive(Default)]
pub struct Threaded {
    pub edits: Vec<Edit>,
    pub findings: Vec<Finding>,
    /// The reads rewritten, so they are not reported as manual steps.
    pub spans: Vec<Range<usize>>,
    /// Calls inside `execute`s that must pass the context's `env` on.
    pub env_calls: Vec<EnvCall>,
}

/// A call of a helper that gained an `env` parameter: where its argument
/// goes, and what goes before it (`, ` after other arguments).
#[derive(Debug, Clone)]
pub struct EnvCall {
    pub at: usize,
    pub separator: &'static str,
}

/// A helper: its span and the names of its parameters.
struct Helper {
    span: Range<usize>,
    params: Vec<Option<String>>,
    /// A rest parameter (`...xs`) takes every argument after it.
    rest: bool,
    /// Just after the `{` of its body (`None` for an arrow returning an
    /// expression).
    body_start: Option<usize>,
}

/// The file's top-level functions and arrows, by name.
fn helpers_of(module: &swc_ecma_ast::Module) -> HashMap<String, Helper> {
    let mut helpers: HashMap<String, Helper> = HashMap::new();
    for item in &module.body {
        match item {
            ModuleItem::Stmt(Stmt::Decl(Decl::Fn(f))) => {
                helpers.insert(f.ident.sym.to_string(), helper(&f.function));
            }
            ModuleItem::Stmt(Stmt::Decl(Decl::Var(var))) => {
                for d in &var.decls {
                    let (Pat::Ident(name), Some(init)) = (&d.name, &d.init) else {
                        continue;
                    };
                    let found = match unwrap(init) {
                        Expr::Fn(f) => Some(helper(&f.function)),
                        Expr::Arrow(a) => Some(Helper {
                            span: range(a.span),
                            params: a.params.iter().map(pat_name).collect(),
                            rest: a.params.iter().any(|p| matches!(p, Pat::Rest(_))),
                            body_start: match &*a.body {
                                swc_ecma_ast::ArrowFunctionBody::FunctionBody(b) => {
                                    Some(range(b.span).start + 1)
                                }
                                swc_ecma_ast::ArrowFunctionBody::Expr(_) => None,
                            },
                        }),
                        _ => None,
                    };
                    if let Some(found) = found {
                        helpers.insert(name.id.sym.to_string(), found);
                    }
                }
            }
            _ => {}
        }
    }
    helpers
}

fn uses_of(program: &Program, helpers: &HashMap<String, Helper>) -> Uses {
    let mut uses = Uses {
        names: helpers.keys().cloned().collect(),
        calls: HashMap::new(),
        other: HashMap::new(),
    };
    program.visit_with(&mut uses);
    uses
}

/// The helpers that could be handed the context's `env` (see
/// [`lend_env`]), as places a secret read at the top can move into.
pub fn lendable(program: &Program, text: &str, all_executes: &[Range<usize>]) -> Vec<Target> {
    let Program::Module(module) = program else {
        return Vec::new();
    };
    let helpers = helpers_of(module);
    let uses = uses_of(program, &helpers);
    helpers
        .iter()
        .filter(|(name, helper)| may_lend(name, helper, text, &uses, all_executes))
        .map(|(_, helper)| Target {
            span: helper.span.clone(),
            body_start: helper.body_start,
        })
        .collect()
}

/// `executes`: each `execute`'s span and the name of its context parameter;
/// `all_executes`: every `execute`'s span, named context or not;
/// `hoisted`: the secrets read at the top that move into the bodies using
/// them, helpers included.
pub fn thread(
    program: &Program,
    text: &str,
    executes: &[(Range<usize>, String)],
    all_executes: &[Range<usize>],
    hoisted: &[Hoisted],
) -> Threaded {
    let mut out = Threaded::default();
    let Program::Module(module) = program else {
        return out;
    };
    let helpers = helpers_of(module);
    if helpers.is_empty() {
        return out;
    }
    let uses = uses_of(program, &helpers);
    // Helpers given an `env` parameter, with its name.
    let mut lent: HashMap<String, String> = HashMap::new();
    for read in env_reads(program) {
        let Some((name, helper)) = helpers
            .iter()
            .find(|(_, h)| h.span.start <= read.span.start && read.span.end <= h.span.end)
        else {
            continue;
        };
        let param = match context_param(name, helper, &uses, executes) {
            Some(ctx) => format!("{ctx}.env"),
            None => {
                if read.names.is_empty()
                    || read
                        .names
                        .iter()
                        .all(|n| super::analyze::is_box_variable(n))
                {
                    continue;
                }
                if let Some(env) = lent.get(name) {
                    env.clone()
                } else {
                    let Some(env) = lend_env(name, helper, text, &uses, all_executes, &mut out)
                    else {
                        continue;
                    };
                    lent.insert(name.clone(), env.clone());
                    env
                }
            }
        };
        let written = &text[read.span.clone()];
        let Some(prefix) = ["process.env", "Bun.env"]
            .into_iter()
            .find(|p| written.starts_with(p))
        else {
            continue;
        };
        out.edits.push(Edit::replace(
            read.span.start..read.span.start + prefix.len(),
            param.clone(),
        ));
        out.spans.push(read.span.clone());
        let how = if lent.contains_key(name) {
            "every call in `execute` now passes it the context's `env`"
        } else {
            "every caller passes it the context"
        };
        out.findings.push(Finding::note(
            read.span.clone(),
            format!("the helper `{name}` reads `{param}` (was `{prefix}`): {how}"),
        ));
    }
    // Secrets read at the top that a helper uses: declared at the start of
    // its body, over the `env` it is handed.
    let mut names: Vec<&String> = helpers.keys().collect();
    names.sort_by_key(|n| helpers[*n].span.start);
    for name in names {
        let helper = &helpers[name];
        let Some(start) = helper.body_start else {
            continue;
        };
        let used: Vec<(&Hoisted, Range<usize>)> = hoisted
            .iter()
            .filter_map(|h| first_use(program, &h.name, &helper.span).map(|at| (h, at)))
            .collect();
        if used.is_empty() {
            continue;
        }
        let env = match context_param(name, helper, &uses, executes) {
            Some(ctx) => format!("{ctx}.env"),
            None => match lent.get(name) {
                Some(env) => env.clone(),
                None => {
                    let Some(env) = lend_env(name, helper, text, &uses, all_executes, &mut out)
                    else {
                        continue;
                    };
                    lent.insert(name.clone(), env.clone());
                    env
                }
            },
        };
        let mut inserted = String::new();
        for (read, at) in used {
            inserted.push_str(&insertion(text, start, &read.declaration(text, &env)));
            let what = read
                .names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ");
            out.findings.push(Finding::note(
                at,
                format!("the helper `{name}` reads {what} from `{env}` (was `process.env` at the top of the module, now read at the start of `{name}`): give the agent the secret in beeuni.yaml"),
            ));
        }
        out.edits.push(Edit::replace(start..start, inserted));
    }
    out
}

/// The first use of `name` inside `span`.
fn first_use(program: &Program, name: &str, span: &Range<usize>) -> Option<Range<usize>> {
    struct First<'a> {
        name: &'a str,
        span: &'a Range<usize>,
        found: Option<Range<usize>>,
    }
    impl Visit for First<'_> {
        fn visit_ident(&mut self, ident: &Ident) {
            let at = range(ident.span);
            if self.found.is_none()
                && ident.sym == self.name
                && self.span.start <= at.start
                && at.end <= self.span.end
            {
                self.found = Some(at);
            }
        }
    }
    let mut first = First {
        name,
        span,
        found: None,
    };
    program.visit_with(&mut first);
    first.found
}

/// Whether every call of `helper` is inside an `execute` and passes all its
/// parameters, so a last one can be added.
fn may_lend(
    name: &str,
    helper: &Helper,
    text: &str,
    uses: &Uses,
    all_executes: &[Range<usize>],
) -> bool {
    if helper.rest || uses.other.get(name).copied().unwrap_or(0) > 0 {
        return false;
    }
    let Some(calls) = uses.calls.get(name) else {
        return false;
    };
    let inside = |span: &Range<usize>| {
        all_executes
            .iter()
            .any(|e| e.start <= span.start && span.end <= e.end)
    };
    !calls.is_empty()
        && calls
            .iter()
            .all(|(span, args)| inside(span) && args.len() == helper.params.len())
        && params_close(text, helper.span.start).is_some()
}

/// Gives `helper` a last parameter for the context's `env` when every call
/// of it is inside an `execute` and passes all its parameters; the
/// parameter's name.
fn lend_env(
    name: &str,
    helper: &Helper,
    text: &str,
    uses: &Uses,
    all_executes: &[Range<usize>],
    out: &mut Threaded,
) -> Option<String> {
    if !may_lend(name, helper, text, uses, all_executes) {
        return None;
    }
    let calls = uses.calls.get(name)?;
    let close = params_close(text, helper.span.start)?;
    let body = &text[helper.span.clone()];
    let env = if body
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '.'))
        .any(|w| w == "env")
    {
        "contextEnv"
    } else {
        "env"
    };
    out.edits.push(Edit::replace(
        close..close,
        format!("{}{env}", separator(text, close, !helper.params.is_empty())),
    ));
    for (span, args) in calls {
        let at = span.end - 1;
        out.env_calls.push(EnvCall {
            at,
            separator: separator(text, at, !args.is_empty()),
        });
    }
    Some(env.to_string())
}

/// What goes before a new last argument or parameter at `at` (a `)`).
fn separator(text: &str, at: usize, after_others: bool) -> &'static str {
    if !after_others {
        ""
    } else if text[..at].trim_end().ends_with(',') {
        " "
    } else {
        ", "
    }
}

/// The `)` that closes the parameter list of the function starting at
/// `start`; `None` for an arrow without parentheses.
fn params_close(text: &str, start: usize) -> Option<usize> {
    let rest = &text[start..];
    let open = rest.find('(')?;
    // `x => …`: the first `(` is in the body.
    if rest[..open].contains("=>") {
        return None;
    }
    let mut depth = 0usize;
    for (i, c) in rest[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(start + open + i);
                }
            }
            _ => {}
        }
    }
    None
}

fn helper(function: &Function) -> Helper {
    Helper {
        span: range(function.span),
        params: function.params.iter().map(|p| pat_name(&p.pat)).collect(),
        rest: function
            .params
            .iter()
            .any(|p| matches!(p.pat, Pat::Rest(_))),
        body_start: function.body.as_ref().map(|b| range(b.span).start + 1),
    }
}

fn pat_name(pat: &Pat) -> Option<String> {
    match pat {
        Pat::Ident(b) => Some(b.id.sym.to_string()),
        _ => None,
    }
}

/// The helper's parameter that receives the context at every call, if one does.
fn context_param(
    name: &str,
    helper: &Helper,
    uses: &Uses,
    executes: &[(Range<usize>, String)],
) -> Option<String> {
    if uses.other.get(name).copied().unwrap_or(0) > 0 {
        return None;
    }
    let calls = uses.calls.get(name)?;
    let mut position = None;
    for (span, args) in calls {
        let (_, ctx) = executes
            .iter()
            .find(|(e, _)| e.start <= span.start && span.end <= e.end)?;
        let at = args
            .iter()
            .position(|a| a.as_deref() == Some(ctx.as_str()))?;
        if position.is_some_and(|p| p != at) {
            return None;
        }
        position = Some(at);
    }
    helper.params.get(position?)?.clone()
}

/// One call of a helper: its span, and each argument's name when it is a plain name.
type Call = (Range<usize>, Vec<Option<String>>);

/// Calls of the helpers (with their identifier arguments) and any other use
/// of their names (an export, a reference passed on).
struct Uses {
    names: Vec<String>,
    calls: HashMap<String, Vec<Call>>,
    other: HashMap<String, usize>,
}

impl Visit for Uses {
    fn visit_call_expr(&mut self, call: &CallExpr) {
        if let Callee::Expr(callee) = &call.callee
            && let Expr::Ident(name) = &**callee
            && self.names.iter().any(|n| n == name.sym.as_str())
        {
            let args = call
                .args
                .iter()
                .map(|a| match &*a.expr {
                    Expr::Ident(i) if a.spread.is_none() => Some(i.sym.to_string()),
                    _ => None,
                })
                .collect();
            self.calls
                .entry(name.sym.to_string())
                .or_default()
                .push((range(call.span), args));
            call.args.visit_with(self);
            return;
        }
        call.visit_children_with(self);
    }

    fn visit_ident(&mut self, ident: &Ident) {
        if self.names.iter().any(|n| n == ident.sym.as_str()) {
            *self.other.entry(ident.sym.to_string()).or_default() += 1;
        }
    }

    fn visit_fn_decl(&mut self, f: &swc_ecma_ast::FnDecl) {
        // The declaration's own name is not a use.
        f.function.visit_with(self);
    }

    fn visit_var_declarator(&mut self, d: &swc_ecma_ast::VarDeclarator) {
        // Nor is the name a `const` binds.
        d.init.visit_with(self);
    }
}
