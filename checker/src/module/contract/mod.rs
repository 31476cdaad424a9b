//! The contract of a tool module (SPEC §5), checked on its syntax tree: a
//! default export that is an object `{ description, parameters, execute }`,
//! with `parameters` a JSON Schema of `type: 'object'`. What the tree cannot
//! show (a computed description, `z.toJSONSchema(…)`) is a note, never an
//! error: loading the module checks it (`beeuni validate --deep`).
//!
//! It follows a name to its top-level `const`, `let`, `var` or `function` in
//! the same file, and no further: imports are `imports`' business. A new
//! contract field also goes into the runtime's load-time check
//! (`runtime::Host::load_tool`).
//!
//! Map: `scope` (the static evaluator: top-level names and following them),
//! `fields` (an object literal's properties), `schema` (`parameters`),
//! `diagnostics` (one constructor per code); the rest of the object here.

mod diagnostics;
mod fields;
mod schema;
mod scope;
#[cfg(test)]
mod tests;

use std::ops::Range;
use std::path::Path;

use swc_common::{Span, Spanned};
use swc_ecma_ast::{Expr, Lit, ObjectLit, Program};

use self::diagnostics::{
    execute_arity, invalid_description, invalid_execute, legacy_tool, load_time,
    missing_description, missing_execute, missing_parameters, no_default_export, not_an_object,
};
use self::fields::{Field, FieldValue, Fields};
use self::scope::{DefaultExport, Resolved, Scope};
use crate::diagnostics::Diagnostic;
use crate::module::ast::{literal_kind, literal_string, unwrap};
use crate::module::parse::range;

/// The migration command named by the legacy-tool diagnostics.
pub const MIGRATE_COMMAND: &str = "beeuni tools migrate";

pub fn check_contract(program: &Program, file: &Path) -> Vec<Diagnostic> {
    let scope = Scope::of(program);
    let mut check = Check {
        file,
        scope: &scope,
        diagnostics: Vec::new(),
    };
    for (name, call) in &scope.named_tool_calls {
        check
            .diagnostics
            .push(legacy_tool(file, range(call.span()), Some(name)));
    }
    match &scope.default_export {
        Some(DefaultExport::Expr(expr)) => {
            let span = range(unwrap(expr).span());
            let resolved = scope.resolve(expr);
            check.default_export(resolved, span);
        }
        Some(DefaultExport::Name(name, span)) => {
            let resolved = scope.resolve_name(name);
            check.default_export(resolved, range(*span));
        }
        Some(DefaultExport::Decl(what, span)) => {
            check
                .diagnostics
                .push(not_an_object(file, range(*span), what))
        }
        Some(DefaultExport::ReExport(span)) => {
            check.diagnostics.push(load_time(
                file,
                range(*span),
                "the default export comes from another module",
            ));
        }
        None if scope.named_tool_calls.is_empty() => {
            check.diagnostics.push(no_default_export(file))
        }
        // The legacy diagnostics already say what this file is.
        None => {}
    }
    check.diagnostics
}

struct Check<'a, 'f> {
    file: &'f Path,
    scope: &'f Scope<'a>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Check<'a, '_> {
    fn default_export(&mut self, resolved: Resolved<'a>, span: Range<usize>) {
        match resolved {
            Resolved::Expr(Expr::Object(object)) => self.object(object),
            Resolved::Expr(e) if self.scope.is_tool_call(e) => {
                self.diagnostics.push(legacy_tool(self.file, span, None));
            }
            Resolved::Expr(e) => match literal_kind(e) {
                Some(kind) => self.diagnostics.push(not_an_object(self.file, span, kind)),
                None => self.diagnostics.push(load_time(
                    self.file,
                    span,
                    "the default export is computed",
                )),
            },
            Resolved::Function(_) => {
                self.diagnostics
                    .push(not_an_object(self.file, span, "a function"))
            }
            Resolved::Class => self
                .diagnostics
                .push(not_an_object(self.file, span, "a class")),
            Resolved::Unknown => {
                self.diagnostics.push(load_time(
                    self.file,
                    span,
                    "the default export is imported or computed",
                ));
            }
        }
    }

    fn object(&mut self, object: &'a ObjectLit) {
        let fields = Fields::of(object);
        let brace = range(object.span);
        let brace = brace.start..(brace.start + 1).min(brace.end);
        match fields.get("description") {
            Some(field) => self.description(field),
            None if fields.spread => self.diagnostics.push(load_time(
                self.file,
                brace.clone(),
                "`description` may come from a spread",
            )),
            None => self
                .diagnostics
                .push(missing_description(self.file, brace.clone())),
        }
        match fields.get("parameters") {
            Some(field) => self.parameters(field),
            None if fields.spread => self.diagnostics.push(load_time(
                self.file,
                brace.clone(),
                "`parameters` may come from a spread",
            )),
            None => {
                let has_args = fields.get("args").is_some();
                self.diagnostics
                    .push(missing_parameters(self.file, brace.clone(), has_args));
            }
        }
        match fields.get("execute") {
            Some(field) => self.execute(field),
            None if fields.spread => self.diagnostics.push(load_time(
                self.file,
                brace.clone(),
                "`execute` may come from a spread",
            )),
            None => self
                .diagnostics
                .push(missing_execute(self.file, brace.clone())),
        }
    }

    fn description(&mut self, field: &Field<'a>) {
        if let FieldValue::Method(_) | FieldValue::Accessor = field.value {
            let what = if matches!(field.value, FieldValue::Method(_)) {
                "a method"
            } else {
                "an accessor"
            };
            self.diagnostics.push(invalid_description(
                self.file,
                field.span.clone(),
                &format!("is {what}"),
            ));
            return;
        }
        let (resolved, span) = self.scope.field_value(field);
        match resolved {
            Resolved::Expr(Expr::Lit(Lit::Str(s))) => {
                if s.value.to_atom_lossy().trim().is_empty() {
                    self.diagnostics
                        .push(invalid_description(self.file, span, "is empty"));
                }
            }
            Resolved::Expr(e @ Expr::Tpl(t)) if t.exprs.is_empty() => {
                if literal_string(e).unwrap_or_default().trim().is_empty() {
                    self.diagnostics
                        .push(invalid_description(self.file, span, "is empty"));
                }
            }
            Resolved::Expr(Expr::Tpl(_)) => {
                self.diagnostics
                    .push(load_time(self.file, span, "`description` is computed"));
            }
            Resolved::Expr(e) => match literal_kind(e) {
                Some(kind) => self.diagnostics.push(invalid_description(
                    self.file,
                    span,
                    &format!("is {kind}"),
                )),
                None => {
                    self.diagnostics
                        .push(load_time(self.file, span, "`description` is computed"))
                }
            },
            Resolved::Function(_) => {
                self.diagnostics
                    .push(invalid_description(self.file, span, "is a function"))
            }
            Resolved::Class => {
                self.diagnostics
                    .push(invalid_description(self.file, span, "is a class"))
            }
            Resolved::Unknown => self.diagnostics.push(load_time(
                self.file,
                span,
                "`description` is imported or computed",
            )),
        }
    }

    fn execute(&mut self, field: &Field<'a>) {
        let (function_params, span) = match field.value {
            FieldValue::Method(function) => (
                Some(params_span(function.params.iter().map(|p| p.span))),
                field.span.clone(),
            ),
            FieldValue::Accessor => {
                self.diagnostics.push(load_time(
                    self.file,
                    field.span.clone(),
                    "`execute` is a getter",
                ));
                return;
            }
            FieldValue::Expr(_) | FieldValue::Shorthand(_) => {
                let (resolved, span) = self.scope.field_value(field);
                match resolved {
                    Resolved::Expr(Expr::Fn(f)) => (
                        Some(params_span(f.function.params.iter().map(|p| p.span))),
                        span,
                    ),
                    Resolved::Expr(Expr::Arrow(a)) => {
                        (Some(params_span(a.params.iter().map(Spanned::span))), span)
                    }
                    Resolved::Function(f) => {
                        (Some(params_span(f.params.iter().map(|p| p.span))), span)
                    }
                    Resolved::Expr(e) => {
                        match literal_kind(e) {
                            Some(kind) => self
                                .diagnostics
                                .push(invalid_execute(self.file, span, kind)),
                            None => self.diagnostics.push(load_time(
                                self.file,
                                span,
                                "`execute` is computed",
                            )),
                        }
                        return;
                    }
                    Resolved::Class => {
                        self.diagnostics
                            .push(invalid_execute(self.file, span, "a class"));
                        return;
                    }
                    Resolved::Unknown => {
                        self.diagnostics.push(load_time(
                            self.file,
                            span,
                            "`execute` is imported or computed",
                        ));
                        return;
                    }
                }
            }
        };
        if let Some((count, params)) = function_params
            && count > 2
        {
            self.diagnostics
                .push(execute_arity(self.file, params.unwrap_or(span), count));
        }
    }
}

/// How many parameters, and the range they cover.
fn params_span(spans: impl Iterator<Item = Span>) -> (usize, Option<Range<usize>>) {
    let spans: Vec<Span> = spans.collect();
    let covered = match (spans.first(), spans.last()) {
        (Some(first), Some(last)) => Some(range(first.with_hi(last.hi))),
        _ => None,
    };
    (spans.len(), covered)
}
