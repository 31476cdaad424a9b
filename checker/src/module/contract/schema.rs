//! The checks of `parameters`: a JSON Schema object of `type: 'object'`, its
//! `properties` a map of schemas, and `required` naming only those.

use swc_common::Spanned;
use swc_ecma_ast::{ArrayLit, Expr};

use super::Check;
use super::diagnostics::{invalid_parameters, invalid_properties, invalid_required, load_time};
use super::fields::{Field, FieldValue, Fields};
use super::scope::Resolved;
use crate::module::ast::{literal_kind, literal_string, unwrap};
use crate::module::parse::range;

impl<'a> Check<'a, '_> {
    pub(super) fn parameters(&mut self, field: &Field<'a>) {
        if let FieldValue::Method(_) | FieldValue::Accessor = field.value {
            self.diagnostics.push(invalid_parameters(
                self.file,
                field.span.clone(),
                "is a method, not a JSON Schema object",
            ));
            return;
        }
        let (resolved, span) = self.scope.field_value(field);
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
                match self.scope.field_value(field).0 {
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
        let (resolved, span) = self.scope.field_value(field);
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
            if let Resolved::Expr(e) = self.scope.field_value(property).0
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
        let list: &ArrayLit = match self.scope.field_value(field).0 {
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
}
