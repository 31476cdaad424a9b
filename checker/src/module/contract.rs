//! The contract of a tool module (SPEC §5), checked on its syntax tree: a
//! default export that is an object `{ description, parameters, execute }`,
//! with `parameters` a JSON Schema of `type: 'object'`. What the tree cannot
//! show (a computed description, `z.toJSONSchema(…)`) is a note, never an
//! error: the daemon checks it when it loads the module.
//!
//! It follows a name to its top-level `const`, `let`, `var` or `function` in
//! the same file, and no further: imports are `imports`' business. A new
//! contract field also goes into `templates/plugin.ts` and the daemon's loader.

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

use swc_common::{Span, Spanned};
use swc_ecma_ast::{
    ArrayLit, AssignTarget, Callee, Decl, DefaultDecl, ExportSpecifier, Expr, Function,
    ImportSpecifier, Lit, MemberProp, ModuleDecl, ModuleExportName, ModuleItem, ObjectLit, Pat,
    Program, Prop, PropName, PropOrSpread, SimpleAssignTarget, Stmt,
};

use super::imports::builtins::is_harness_package;
use super::imports::collect::literal_string;
use super::parse::range;
use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::{
    MODULE_CHECKED_AT_LOAD_TIME, MODULE_DEFAULT_EXPORT_NOT_OBJECT, MODULE_EXECUTE_ARITY,
    MODULE_INVALID_DESCRIPTION, MODULE_INVALID_EXECUTE, MODULE_INVALID_PARAMETERS,
    MODULE_INVALID_PROPERTIES, MODULE_INVALID_REQUIRED, MODULE_LEGACY_OPENCODE_TOOL,
    MODULE_MISSING_DESCRIPTION, MODULE_MISSING_EXECUTE, MODULE_MISSING_PARAMETERS,
    MODULE_NO_DEFAULT_EXPORT,
};

/// How many `const a = b` hops a name is followed; also stops `a = b, b = a`.
const MAX_HOPS: usize = 8;

/// The migration command named by the legacy-tool diagnostic.
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
            let resolved = check.resolve(expr);
            check.default_export(resolved, span);
        }
        Some(DefaultExport::Name(name, span)) => {
            let resolved = check.resolve_name(name);
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

/// What a file's top level defines, for following names.
struct Scope<'a> {
    values: HashMap<&'a str, Value<'a>>,
    default_export: Option<DefaultExport<'a>>,
    /// Local names of opencode's `tool` helper (imported, or simply `tool`).
    tool_helpers: Vec<&'a str>,
    /// `export const name = tool({…})`: opencode's named tools.
    named_tool_calls: Vec<(String, &'a Expr)>,
}

enum Value<'a> {
    Expr(&'a Expr),
    Function(&'a Function),
    Class,
    Imported,
}

enum DefaultExport<'a> {
    Expr(&'a Expr),
    /// `export { name as default }`.
    Name(&'a str, Span),
    /// `export default function …` / `class …` / `interface …`: what it is, and where.
    Decl(&'static str, Span),
    ReExport(Span),
}

impl<'a> Scope<'a> {
    fn of(program: &'a Program) -> Scope<'a> {
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

    fn is_tool_call(&self, expr: &Expr) -> bool {
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

/// Strips what does not change a value: parentheses, `as`, `satisfies`,
/// `as const`, `!` and `<T>x`.
fn unwrap(mut expr: &Expr) -> &Expr {
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
fn literal_kind(expr: &Expr) -> Option<&'static str> {
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

/// A value after following names to their top-level definitions.
enum Resolved<'a> {
    Expr(&'a Expr),
    Function(&'a Function),
    Class,
    /// Imported or computed: only loading tells.
    Unknown,
}

struct Check<'a, 'f> {
    file: &'f Path,
    scope: &'f Scope<'a>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Check<'a, '_> {
    fn resolve(&self, expr: &'a Expr) -> Resolved<'a> {
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

    fn resolve_name(&self, name: &str) -> Resolved<'a> {
        self.resolve_name_hops(name, 0)
    }

    fn resolve_name_hops(&self, name: &str, hops: usize) -> Resolved<'a> {
        if hops > MAX_HOPS {
            return Resolved::Unknown;
        }
        match self.scope.values.get(name) {
            Some(Value::Expr(e)) => self.resolve_hops(e, hops),
            Some(Value::Function(f)) => Resolved::Function(f),
            Some(Value::Class) => Resolved::Class,
            Some(Value::Imported) | None => Resolved::Unknown,
        }
    }

    /// A field's value after following names, and where it is written.
    fn field_value(&self, field: &Field<'a>) -> (Resolved<'a>, Range<usize>) {
        match field.value {
            FieldValue::Expr(e) => (self.resolve(e), range(unwrap(e).span())),
            FieldValue::Shorthand(name) => (self.resolve_name(name), field.span.clone()),
            FieldValue::Method(_) | FieldValue::Accessor => (Resolved::Unknown, field.span.clone()),
        }
    }

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
        let (resolved, span) = self.field_value(field);
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

    fn parameters(&mut self, field: &Field<'a>) {
        if let FieldValue::Method(_) | FieldValue::Accessor = field.value {
            self.diagnostics.push(invalid_parameters(
                self.file,
                field.span.clone(),
                "is a method, not a JSON Schema object",
            ));
            return;
        }
        let (resolved, span) = self.field_value(field);
        let object = match resolved {
            Resolved::Expr(Expr::Object(object)) => object,
            Resolved::Expr(e) => {
                match literal_kind(e) {
                    Some(kind) => self.diagnostics.push(invalid_parameters(
                        self.file,
                        span,
                        &format!("is {kind}, not a JSON Schema object"),
                    )),
                    None => self.diagnostics.push(load_time(
                        self.file,
                        span,
                        "`parameters` is computed",
                    )),
                }
                return;
            }
            Resolved::Function(_) | Resolved::Class => {
                self.diagnostics.push(invalid_parameters(
                    self.file,
                    span,
                    "is a function, not a JSON Schema object",
                ));
                return;
            }
            Resolved::Unknown => {
                self.diagnostics.push(load_time(
                    self.file,
                    span,
                    "`parameters` is imported or computed",
                ));
                return;
            }
        };
        let schema = Fields::of(object);
        let brace = range(object.span);
        match schema.get("type").map(|f| (f, f.value)) {
            Some((field, FieldValue::Expr(_) | FieldValue::Shorthand(_))) => {
                match self.field_value(field).0 {
                    Resolved::Expr(e) => match literal_string(e) {
                        Some(t) if t == "object" => {}
                        Some(t) => self.diagnostics.push(invalid_parameters(
                            self.file,
                            range(e.span()),
                            &format!("has `type: '{t}'`; the arguments are always an object"),
                        )),
                        None => match literal_kind(e) {
                            Some(kind) => self.diagnostics.push(invalid_parameters(
                                self.file,
                                range(e.span()),
                                &format!("has a `type` that is {kind}, not 'object'"),
                            )),
                            None => self.diagnostics.push(load_time(
                                self.file,
                                field.span.clone(),
                                "`parameters.type` is computed",
                            )),
                        },
                    },
                    _ => self.diagnostics.push(load_time(
                        self.file,
                        field.span.clone(),
                        "`parameters.type` is computed",
                    )),
                }
            }
            Some((field, _)) => {
                self.diagnostics.push(invalid_parameters(
                    self.file,
                    field.span.clone(),
                    "has a `type` that is a method",
                ));
            }
            None if schema.spread => {}
            None => self.diagnostics.push(invalid_parameters(
                self.file,
                brace.start..(brace.start + 1).min(brace.end),
                "has no `type: 'object'`",
            )),
        }
        let names = schema.get("properties").and_then(|f| self.properties(f));
        if let Some(field) = schema.get("required") {
            self.required(field, names.as_deref());
        }
    }

    /// Checks `properties`; returns its keys when every key is known.
    fn properties(&mut self, field: &Field<'a>) -> Option<Vec<String>> {
        if let FieldValue::Method(_) | FieldValue::Accessor = field.value {
            self.diagnostics.push(invalid_properties(
                self.file,
                field.span.clone(),
                "`properties` is a method, not an object",
            ));
            return None;
        }
        let (resolved, span) = self.field_value(field);
        let object = match resolved {
            Resolved::Expr(Expr::Object(object)) => object,
            Resolved::Expr(e) => {
                if let Some(kind) = literal_kind(e) {
                    let message = format!("`properties` is {kind}, not an object of schemas");
                    self.diagnostics
                        .push(invalid_properties(self.file, range(e.span()), &message));
                }
                return None;
            }
            Resolved::Function(_) | Resolved::Class => {
                self.diagnostics.push(invalid_properties(
                    self.file,
                    span,
                    "`properties` is a function, not an object of schemas",
                ));
                return None;
            }
            Resolved::Unknown => return None,
        };
        let properties = Fields::of(object);
        for (name, property) in &properties.list {
            if let FieldValue::Method(_) | FieldValue::Accessor = property.value {
                let message = format!("the schema of `{name}` is a method, not an object");
                self.diagnostics.push(invalid_properties(
                    self.file,
                    property.span.clone(),
                    &message,
                ));
                continue;
            }
            if let Resolved::Expr(e) = self.field_value(property).0
                && !matches!(e, Expr::Object(_))
                && let Some(kind) = literal_kind(e)
            {
                let message = format!("the schema of `{name}` is {kind}, not an object");
                self.diagnostics
                    .push(invalid_properties(self.file, range(e.span()), &message));
            }
        }
        (!properties.spread && !properties.computed_keys)
            .then(|| properties.list.iter().map(|(n, _)| n.clone()).collect())
    }

    fn required(&mut self, field: &Field<'a>, names: Option<&[String]>) {
        if let FieldValue::Method(_) | FieldValue::Accessor = field.value {
            self.diagnostics.push(invalid_required(
                self.file,
                field.span.clone(),
                "`required` is a method, not a list",
            ));
            return;
        }
        let list: &ArrayLit = match self.field_value(field).0 {
            Resolved::Expr(Expr::Array(list)) => list,
            Resolved::Expr(e) => {
                if let Some(kind) = literal_kind(e) {
                    let message = format!("`required` is {kind}, not a list of property names");
                    self.diagnostics
                        .push(invalid_required(self.file, range(e.span()), &message));
                }
                return;
            }
            _ => return,
        };
        for element in list.elems.iter().flatten() {
            if element.spread.is_some() {
                continue;
            }
            let e = unwrap(&element.expr);
            match literal_string(e) {
                Some(name) => {
                    if let Some(names) = names
                        && !names.contains(&name)
                    {
                        let message =
                            format!("`required` names `{name}`, which is not in `properties`");
                        self.diagnostics.push(invalid_required(
                            self.file,
                            range(e.span()),
                            &message,
                        ));
                    }
                }
                None => {
                    if let Some(kind) = literal_kind(e) {
                        let message = format!("a `required` entry is {kind}, not a property name");
                        self.diagnostics.push(invalid_required(
                            self.file,
                            range(e.span()),
                            &message,
                        ));
                    }
                }
            }
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
                let (resolved, span) = self.field_value(field);
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

#[derive(Clone, Copy)]
enum FieldValue<'a> {
    Expr(&'a Expr),
    /// `{ execute }`: the value is the top-level binding of that name.
    Shorthand(&'a str),
    Method(&'a Function),
    Accessor,
}

struct Field<'a> {
    value: FieldValue<'a>,
    /// The whole property, `key: value`.
    span: Range<usize>,
}

/// An object literal's properties by name; a later one wins, as in JavaScript.
struct Fields<'a> {
    list: Vec<(String, Field<'a>)>,
    spread: bool,
    computed_keys: bool,
}

impl<'a> Fields<'a> {
    fn of(object: &'a ObjectLit) -> Fields<'a> {
        let mut fields = Fields {
            list: Vec::new(),
            spread: false,
            computed_keys: false,
        };
        for prop in &object.props {
            let prop = match prop {
                PropOrSpread::Spread(_) => {
                    fields.spread = true;
                    continue;
                }
                PropOrSpread::Prop(p) => &**p,
            };
            let (key, value): (Option<String>, FieldValue<'a>) = match prop {
                Prop::Shorthand(id) => (
                    Some(id.sym.to_string()),
                    FieldValue::Shorthand(id.sym.as_str()),
                ),
                Prop::KeyValue(kv) => (key_name(&kv.key), FieldValue::Expr(&kv.value)),
                Prop::Method(m) => (key_name(&m.key), FieldValue::Method(&m.function)),
                Prop::Getter(g) => (key_name(&g.key), FieldValue::Accessor),
                Prop::Setter(s) => (key_name(&s.key), FieldValue::Accessor),
                Prop::Assign(_) => continue,
            };
            match key {
                Some(key) => {
                    fields.list.retain(|(k, _)| *k != key);
                    fields.list.push((
                        key,
                        Field {
                            value,
                            span: range(prop.span()),
                        },
                    ));
                }
                None => fields.computed_keys = true,
            }
        }
        fields
    }

    fn get(&self, name: &str) -> Option<&Field<'a>> {
        self.list.iter().find(|(k, _)| k == name).map(|(_, f)| f)
    }
}

fn key_name(key: &PropName) -> Option<String> {
    match key {
        PropName::Ident(id) => Some(id.sym.to_string()),
        PropName::Str(s) => Some(s.value.to_atom_lossy().as_str().to_string()),
        PropName::Num(n) => Some(n.value.to_string()),
        PropName::Computed(c) => literal_string(&c.expr),
        PropName::BigInt(b) => Some(b.value.to_string()),
    }
}

fn no_default_export(file: &Path) -> Diagnostic {
    Diagnostic::new(&MODULE_NO_DEFAULT_EXPORT, "this tool module has no default export")
        .at(file, 0..0)
        .help("export the tool as `export default { description, parameters, execute(args, context) { … } }`")
}

fn not_an_object(file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_DEFAULT_EXPORT_NOT_OBJECT, format!("the default export is {what}, not a tool object"))
        .at(file, span)
        .label("the default export")
        .help("export an object: `export default { description, parameters, execute(args, context) { … } }`")
}

fn legacy_tool(file: &Path, span: Range<usize>, named: Option<&str>) -> Diagnostic {
    let message = match named {
        Some(name) => {
            format!("`{name}` is an opencode tool, which only the standard harness loads")
        }
        None => {
            "this module is an opencode tool, which only the standard harness loads".to_string()
        }
    };
    Diagnostic::new(&MODULE_LEGACY_OPENCODE_TOOL, message)
        .at(file, span)
        .label("`tool({ … })` from @opencode-ai/plugin")
        .help(format!(
            "run `{}` to rewrite {} as a default export `{{ description, parameters, execute(args, context) }}` with `parameters` as JSON Schema and secrets from `context.env`",
            migrate_command_for(file),
            file.display()
        ))
}

/// The migration command that rewrites `file` where it is: its own folder
/// is both the legacy folder and the destination.
pub fn migrate_command_for(file: &Path) -> String {
    match file.parent().map(|p| p.display().to_string()) {
        Some(folder) if !folder.is_empty() => {
            format!("{MIGRATE_COMMAND} --from {folder} --to {folder}")
        }
        _ => MIGRATE_COMMAND.to_string(),
    }
}

fn missing_description(file: &Path, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(&MODULE_MISSING_DESCRIPTION, "the tool has no `description`")
        .at(file, span)
        .label("this object")
        .help("add `description: '…'`: the model reads it to decide when to call the tool")
}

fn invalid_description(file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_INVALID_DESCRIPTION, format!("`description` {what}"))
        .at(file, span)
        .label("expected a non-empty string")
        .help("write one or two sentences saying what the tool does and when to call it")
}

/// `has_args`: the object has opencode's `args` (a zod shape) instead.
fn missing_parameters(file: &Path, span: Range<usize>, has_args: bool) -> Diagnostic {
    let help = if has_args {
        format!(
            "`args` is opencode's zod shape: describe the arguments as JSON Schema in `parameters: {{ type: 'object', properties: {{ … }} }}` (`{MIGRATE_COMMAND}` rewrites it)"
        )
    } else {
        "add a JSON Schema of the arguments: `parameters: { type: 'object', properties: { … }, required: [ … ] }`".to_string()
    };
    Diagnostic::new(&MODULE_MISSING_PARAMETERS, "the tool has no `parameters`")
        .at(file, span)
        .label("this object")
        .help(help)
}

fn invalid_parameters(file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_INVALID_PARAMETERS, format!("`parameters` {what}"))
        .at(file, span)
        .help("`parameters` is the JSON Schema of the arguments: `{ type: 'object', properties: { … }, required: [ … ] }`")
}

fn invalid_properties(file: &Path, span: Range<usize>, message: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_INVALID_PROPERTIES, message.to_string())
        .at(file, span)
        .help("`properties` maps each argument's name to its schema, e.g. `{ id: { type: 'string', description: '…' } }`")
}

fn invalid_required(file: &Path, span: Range<usize>, message: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_INVALID_REQUIRED, message.to_string())
        .at(file, span)
        .help("`required` lists the names of properties the model must always pass, e.g. `required: ['id']`")
}

fn missing_execute(file: &Path, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(&MODULE_MISSING_EXECUTE, "the tool has no `execute`")
        .at(file, span)
        .label("this object")
        .help("add `async execute(args, context) { … }`: it runs when the model calls the tool")
}

fn invalid_execute(file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    Diagnostic::new(
        &MODULE_INVALID_EXECUTE,
        format!("`execute` is {what}, not a function"),
    )
    .at(file, span)
    .help("write `async execute(args, context) { … }`")
}

fn execute_arity(file: &Path, span: Range<usize>, count: usize) -> Diagnostic {
    Diagnostic::new(
        &MODULE_EXECUTE_ARITY,
        format!("`execute` takes {count} parameters, but it is called with two"),
    )
    .at(file, span)
    .label("only `args` and `context` are passed")
    .help("`execute(args, context)`: the other parameters are always `undefined`")
}

fn load_time(file: &Path, span: Range<usize>, what: &str) -> Diagnostic {
    Diagnostic::new(&MODULE_CHECKED_AT_LOAD_TIME, format!("{what}, so it is checked at load time"))
        .at(file, span)
        .help("`beeuni validate` reads the module without running it; the daemon reports a bad value when it loads the tool")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::parse::{Language, parse};

    /// The codes `check_contract` gives a TypeScript module.
    fn codes(source: &str) -> Vec<&'static str> {
        let file = Path::new("tools/t.ts");
        let program = parse(source, file, Language::TypeScript, false)
            .unwrap_or_else(|e| panic!("{source}: {e:?}"));
        check_contract(&program, file)
            .iter()
            .map(|d| d.code.name)
            .collect()
    }

    /// Every source must give exactly `expected`.
    fn check(cases: &[(&str, &[&str])]) {
        for (source, expected) in cases {
            assert_eq!(codes(source), *expected, "{source}");
        }
    }

    const OK: &[&str] = &[];

    #[test]
    fn default_export_shapes() {
        check(&[
            (
                "export default { description: 'd', parameters: { type: 'object' }, execute() {} }",
                OK,
            ),
            (
                "const t = { description: 'd', parameters: { type: 'object' }, execute() {} }; export default t",
                OK,
            ),
            (
                "export default ({ description: 'd', parameters: { type: 'object' }, execute() {} })",
                OK,
            ),
            (
                "export default { description: 'd', parameters: { type: 'object' }, execute() {} } as const",
                OK,
            ),
            (
                "export default { description: 'd', parameters: { type: 'object' }, execute() {} } satisfies object",
                OK,
            ),
            (
                "export default <any>{ description: 'd', parameters: { type: 'object' }, execute() {} }",
                OK,
            ),
            (
                "export default t; const t = { description: 'd', parameters: { type: 'object' }, execute() {} }",
                OK,
            ),
            (
                "const t = { description: 'd', parameters: { type: 'object' }, execute() {} }; export { t as default }",
                OK,
            ),
            ("export const x = 1", &["module/no-default-export"]),
            (
                "export default function () {}",
                &["module/default-export-not-object"],
            ),
            (
                "export default class {}",
                &["module/default-export-not-object"],
            ),
            ("export default [1]", &["module/default-export-not-object"]),
            ("export default null", &["module/default-export-not-object"]),
            (
                "function f() {}; export default f",
                &["module/default-export-not-object"],
            ),
            (
                "export default makeTool()",
                &["module/checked-at-load-time"],
            ),
            (
                "import t from './t'; export default t",
                &["module/checked-at-load-time"],
            ),
            (
                "export { default } from './t'",
                &["module/checked-at-load-time"],
            ),
            (
                "const a = b; const b = a; export default a",
                &["module/checked-at-load-time"],
            ),
        ]);
    }

    #[test]
    fn legacy_opencode_tools() {
        check(&[
            (
                "import { tool } from '@opencode-ai/plugin'; export default tool({ description: 'd', args: {}, execute() {} })",
                &["module/legacy-opencode-tool"],
            ),
            (
                "import { tool as t } from '@opencode-ai/plugin'; export const a = t({}); export const b = t({})",
                &["module/legacy-opencode-tool", "module/legacy-opencode-tool"],
            ),
            (
                "export default tool({ description: 'd' })",
                &["module/legacy-opencode-tool"],
            ),
            (
                "const x = tool({}); export default x",
                &["module/legacy-opencode-tool"],
            ),
            // A helper named `tool` in a file that also exports a proper tool:
            (
                "const helper = tool(); export default { description: 'd', parameters: { type: 'object' }, execute() {} }",
                OK,
            ),
        ]);
    }

    #[test]
    fn description_rule() {
        let with = |d: &str| {
            format!(
                "export default {{ description: {d}, parameters: {{ type: 'object' }}, execute() {{}} }}"
            )
        };
        for ok in [
            "'Look up an order.'",
            "`Look up`",
            "\"x\"",
            "D",
            "('d' as string)",
        ] {
            let source = format!("const D = 'd'; {}", with(ok));
            assert_eq!(codes(&source), OK, "{source}");
        }
        for (bad, code) in [
            ("''", "module/invalid-description"),
            ("'   '", "module/invalid-description"),
            ("``", "module/invalid-description"),
            ("42", "module/invalid-description"),
            ("null", "module/invalid-description"),
            ("undefined", "module/invalid-description"),
            ("['a']", "module/invalid-description"),
            ("() => 'd'", "module/invalid-description"),
            ("`Look up ${x}`", "module/checked-at-load-time"),
            ("'a' + 'b'", "module/checked-at-load-time"),
            ("load()", "module/checked-at-load-time"),
            ("imported", "module/checked-at-load-time"),
        ] {
            assert_eq!(codes(&with(bad)), [code], "{bad}");
        }
        check(&[
            (
                "export default { parameters: { type: 'object' }, execute() {} }",
                &["module/missing-description"],
            ),
            (
                "export default { description() { return 'd' }, parameters: { type: 'object' }, execute() {} }",
                &["module/invalid-description"],
            ),
        ]);
    }

    #[test]
    fn parameters_rule() {
        let with = |p: &str| {
            format!("export default {{ description: 'd', parameters: {p}, execute() {{}} }}")
        };
        for ok in [
            "{ type: 'object' }",
            "{ type: \"object\", properties: {}, required: [] }",
            "{ type: `object`, properties: { id: { type: 'string' } }, required: ['id'] }",
            "{ type: 'object', properties: { id: S }, required: ['id'] }",
            "{ type: 'object', properties: { ...shared }, required: ['anything'] }",
            "{ type: 'object', properties: { [k]: { type: 'string' } }, required: ['anything'] }",
            "{ ...base }",
            "{ type: 'object', properties: { id: schema() }, required: [...names] }",
        ] {
            let source = format!("const S = {{ type: 'string' }}; {}", with(ok));
            assert_eq!(codes(&source), OK, "{source}");
        }
        for (bad, expected) in [
            ("{}", &["module/invalid-parameters"][..]),
            ("{ type: 'string' }", &["module/invalid-parameters"]),
            ("{ type: 1 }", &["module/invalid-parameters"]),
            ("'object'", &["module/invalid-parameters"]),
            ("[]", &["module/invalid-parameters"]),
            ("() => ({})", &["module/invalid-parameters"]),
            (
                "{ type: 'object', properties: [] }",
                &["module/invalid-properties"],
            ),
            (
                "{ type: 'object', properties: { id: 'string' } }",
                &["module/invalid-properties"],
            ),
            (
                "{ type: 'object', properties: { id: true } }",
                &["module/invalid-properties"],
            ),
            (
                "{ type: 'object', properties: { id() {} } }",
                &["module/invalid-properties"],
            ),
            (
                "{ type: 'object', properties: { id: {} }, required: 'id' }",
                &["module/invalid-required"],
            ),
            (
                "{ type: 'object', properties: { id: {} }, required: ['name'] }",
                &["module/invalid-required"],
            ),
            (
                "{ type: 'object', properties: { id: {} }, required: [1, 'id'] }",
                &["module/invalid-required"],
            ),
            ("{ type: 'object', required: ['id'] }", &[]),
            (
                "z.toJSONSchema(z.object({}))",
                &["module/checked-at-load-time"],
            ),
            ("{ type: kind }", &["module/checked-at-load-time"]),
        ] {
            assert_eq!(codes(&with(bad)), expected, "{bad}");
        }
        check(&[(
            "export default { description: 'd', execute() {} }",
            &["module/missing-parameters"],
        )]);
    }

    #[test]
    fn execute_rule() {
        let with = |e: &str| {
            format!("export default {{ description: 'd', parameters: {{ type: 'object' }}, {e} }}")
        };
        for ok in [
            "execute() {}",
            "async execute(args, context) {}",
            "execute: async (args) => args",
            "execute: function (args, context) {}",
            "execute: run",
            "execute: arrow",
            "execute",
            "execute: (...all) => all",
        ] {
            let source = format!(
                "function run(a) {{}}; const arrow = (a, b) => a; const execute = run; {}",
                with(ok)
            );
            assert_eq!(codes(&source), OK, "{source}");
        }
        for (bad, code) in [
            ("execute(args, context, extra) {}", "module/execute-arity"),
            ("execute: (a, b, c, d) => a", "module/execute-arity"),
            ("execute: 'run'", "module/invalid-execute"),
            ("execute: {}", "module/invalid-execute"),
            ("execute: class {}", "module/invalid-execute"),
            ("execute: wrap(run)", "module/checked-at-load-time"),
            (
                "get execute() { return run }",
                "module/checked-at-load-time",
            ),
            ("run() {}", "module/missing-execute"),
        ] {
            assert_eq!(codes(&with(bad)), [code], "{bad}");
        }
    }

    #[test]
    fn commonjs_default_export() {
        let file = Path::new("tools/t.cjs");
        let source =
            "module.exports = { description: 'd', parameters: { type: 'object' }, execute() {} }";
        let program = parse(source, file, Language::JavaScript, true).unwrap();
        assert!(check_contract(&program, file).is_empty());
        let program = parse("module.exports = 'x'", file, Language::JavaScript, true).unwrap();
        let codes: Vec<_> = check_contract(&program, file)
            .iter()
            .map(|d| d.code.name)
            .collect();
        assert_eq!(codes, ["module/default-export-not-object"]);
    }
}
