//! Reading small facts off swc expressions without evaluating anything: the
//! string a literal spells, what kind of literal a value is, and the value
//! under TypeScript's type-only wrappers. Shared by the contract, import and
//! environment checks.

use swc_ecma_ast::{Expr, Lit};

/// The string an expression spells out, if it is a literal: a string or a
/// template without substitutions (in parentheses or not).
pub fn literal_string(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Lit(Lit::Str(s)) => Some(s.value.to_atom_lossy().as_str().to_string()),
        Expr::Tpl(t) if t.exprs.is_empty() => Some(
            t.quasis
                .iter()
                .map(|q| {
                    q.cooked
                        .as_ref()
                        .map_or_else(String::new, |c| c.to_atom_lossy().as_str().to_string())
                })
                .collect(),
        ),
        Expr::Paren(p) => literal_string(&p.expr),
        _ => None,
    }
}

/// Strips what does not change a value: parentheses, `as`, `satisfies`,
/// `as const`, `!` and `<T>x`.
pub fn unwrap(mut expr: &Expr) -> &Expr {
    loop {
        expr = match expr {
            Expr::Paren(e) => &e.expr,
            Expr::TsAs(e) => &e.expr,
            Expr::TsSatisfies(e) => &e.expr,
            Expr::TsConstAssertion(e) => &e.expr,
            Expr::TsNonNull(e) => &e.expr,
            Expr::TsTypeAssertion(e) => &e.expr,
            _ => return expr,
        }
    }
}

/// What a literal value is, for messages; `None` when the expression is computed.
pub(crate) fn literal_kind(expr: &Expr) -> Option<&'static str> {
    Some(match expr {
        Expr::Lit(Lit::Str(_)) => "a string",
        Expr::Lit(Lit::Num(_)) => "a number",
        Expr::Lit(Lit::Bool(_)) => "a boolean",
        Expr::Lit(Lit::Null(_)) => "null",
        Expr::Lit(Lit::BigInt(_)) => "a bigint",
        Expr::Lit(Lit::Regex(_)) => "a regular expression",
        Expr::Tpl(_) => "a template string",
        Expr::Array(_) => "an array",
        Expr::Object(_) => "an object",
        Expr::Fn(_) | Expr::Arrow(_) => "a function",
        Expr::Class(_) => "a class",
        Expr::Ident(id) if &*id.sym == "undefined" => "undefined",
        _ => return None,
    })
}
