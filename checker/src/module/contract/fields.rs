//! An object literal's properties by name, as the contract reads them.

use std::ops::Range;

use swc_common::Spanned;
use swc_ecma_ast::{Expr, Function, ObjectLit, Prop, PropName, PropOrSpread};

use crate::module::ast::literal_string;
use crate::module::parse::range;

#[derive(Clone, Copy)]
pub(super) enum FieldValue<'a> {
    Expr(&'a Expr),
    /// `{ execute }`: the value is the top-level binding of that name.
    Shorthand(&'a str),
    Method(&'a Function),
    Accessor,
}

pub(super) struct Field<'a> {
    pub(super) value: FieldValue<'a>,
    /// The whole property, `key: value`.
    pub(super) span: Range<usize>,
}

/// An object literal's properties by name; a later one wins, as in JavaScript.
pub(super) struct Fields<'a> {
    pub(super) list: Vec<(String, Field<'a>)>,
    pub(super) spread: bool,
    pub(super) computed_keys: bool,
}

impl<'a> Fields<'a> {
    pub(super) fn of(object: &'a ObjectLit) -> Fields<'a> {
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

    pub(super) fn get(&self, name: &str) -> Option<&Field<'a>> {
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
