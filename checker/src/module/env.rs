//! The `process.env` rule: a tool reads secrets from `context.env`, which
//! holds the box's environment plus the agent's secrets *as they are now*.
//! `process.env` (and its aliases `Bun.env` and `import.meta.env`) is fixed
//! when the box starts, so a rotated secret never reaches it. Fires in tool
//! modules and in every file they import.

use std::ops::Range;
use std::path::Path;

use swc_ecma_ast::{
    Expr, MemberExpr, MemberProp, MetaPropKind, ObjectPat, ObjectPatProp, Pat, PropName,
    VarDeclarator,
};

use super::ast::literal_string;
use super::parse::range;
use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::MODULE_PROCESS_ENV;

/// One read of the environment, with the variable names when they are spelled out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnvRead {
    pub span: Range<usize>,
    pub names: Vec<String>,
}

/// The environment reads of a file (`tools migrate` rewrites them); one
/// traversal also finds its imports (see `module::scan`).
pub fn env_reads(program: &swc_ecma_ast::Program) -> Vec<EnvRead> {
    super::scan::walk(program).env
}

pub fn process_env(file: &Path, read: &EnvRead) -> Diagnostic {
    let (message, help) = match read.names.as_slice() {
        [] => (
            "this module reads `process.env`".to_string(),
            "read the environment from `context.env` inside `execute(args, context)`: a secret changed after the box started is only there".to_string(),
        ),
        [name] => (
            format!("this module reads `process.env.{name}`"),
            format!("read `context.env.{name}` inside `execute(args, context)`: a secret changed after the box started is only there"),
        ),
        names => (
            format!("this module reads {} from `process.env`", names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")),
            "read them from `context.env` inside `execute(args, context)`: a secret changed after the box started is only there".to_string(),
        ),
    };
    Diagnostic::new(&MODULE_PROCESS_ENV, message)
        .at(file, read.span.clone())
        .label("fixed when the box started")
        .help(help)
}

/// `process.env` or `Bun.env`.
fn is_env_object(expr: &Expr) -> bool {
    matches!(expr, Expr::Member(member) if is_env_member(member))
}

/// `process.env`, `Bun.env` or `import.meta.env`: Bun's three names for
/// the same startup environment.
fn is_env_member(member: &MemberExpr) -> bool {
    let MemberProp::Ident(prop) = &member.prop else {
        return false;
    };
    if &*prop.sym != "env" {
        return false;
    }
    match &*member.obj {
        Expr::Ident(object) => matches!(&*object.sym, "process" | "Bun"),
        Expr::MetaProp(meta) => meta.kind == MetaPropKind::ImportMeta,
        _ => false,
    }
}

fn prop_name(prop: &MemberProp) -> Option<String> {
    match prop {
        MemberProp::Ident(id) => Some(id.sym.to_string()),
        MemberProp::Computed(c) => literal_string(&c.expr),
        MemberProp::PrivateName(_) => None,
    }
}

// What the traversal in `module::scan` calls at member expressions and
// declarators; each says which children still need visiting.

/// What to visit below a member expression once it is handled.
pub(crate) enum Below<'a> {
    Children,
    /// `process.env[key]`: only the key, or the read would count twice.
    Only(&'a MemberProp),
    Nothing,
}

pub(crate) fn member_expr<'a>(out: &mut Vec<EnvRead>, n: &'a MemberExpr) -> Below<'a> {
    if is_env_object(&n.obj) {
        out.push(EnvRead {
            span: range(n.span),
            names: prop_name(&n.prop).into_iter().collect(),
        });
        return Below::Only(&n.prop);
    }
    if is_env_member(n) {
        out.push(EnvRead {
            span: range(n.span),
            names: Vec::new(),
        });
        return Below::Nothing;
    }
    Below::Children
}

/// `const { A, B } = process.env`: records the names and returns the
/// pattern, whose defaults still need visiting; `None` for any other declarator.
pub(crate) fn var_declarator<'a>(
    out: &mut Vec<EnvRead>,
    n: &'a VarDeclarator,
) -> Option<&'a ObjectPat> {
    let (Pat::Object(pattern), Some(init)) = (&n.name, &n.init) else {
        return None;
    };
    if !is_env_object(init) {
        return None;
    }
    let names = pattern
        .props
        .iter()
        .filter_map(|p| match p {
            ObjectPatProp::KeyValue(kv) => match &kv.key {
                PropName::Ident(id) => Some(id.sym.to_string()),
                PropName::Str(s) => Some(s.value.to_atom_lossy().as_str().to_string()),
                _ => None,
            },
            ObjectPatProp::Assign(a) => Some(a.key.sym.to_string()),
            ObjectPatProp::Rest(_) => None,
        })
        .collect();
    out.push(EnvRead {
        span: range(swc_common::Spanned::span(&**init)),
        names,
    });
    Some(pattern)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::parse::{Language, parse};

    fn reads(source: &str) -> Vec<Vec<String>> {
        let program = parse(source, Path::new("t.ts"), Language::TypeScript, false).unwrap();
        env_reads(&program).into_iter().map(|r| r.names).collect()
    }

    #[test]
    fn finds_environment_reads() {
        let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        for (source, expected) in [
            ("const k = process.env.KEY", vec![names(&["KEY"])]),
            ("const k = process.env['KEY']", vec![names(&["KEY"])]),
            ("const k = Bun.env.KEY", vec![names(&["KEY"])]),
            ("const k = import.meta.env.KEY", vec![names(&["KEY"])]),
            (
                "const { A, B: b, C = 1 } = process.env",
                vec![names(&["A", "B", "C"])],
            ),
            ("const all = process.env", vec![names(&[])]),
            ("const k = process.env[name]", vec![names(&[])]),
            (
                "export default { execute(a, c) { return process.env.X ?? c.env.Y } }",
                vec![names(&["X"])],
            ),
        ] {
            assert_eq!(reads(source), expected, "{source}");
        }
        for source in [
            "const k = context.env.KEY",
            "const p = process.argv",
            "const e = env.KEY",
            "const x = process.envy",
        ] {
            assert_eq!(reads(source), Vec::<Vec<String>>::new(), "{source}");
        }
    }
}
