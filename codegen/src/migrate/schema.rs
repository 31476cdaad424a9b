//! opencode's `args` (a shape of zod schemas, through `tool.schema` or `z`
//! from `zod`) turned into a JSON Schema statically, from the syntax tree.
//!
//! Only what the text spells out is converted: literal arguments, and names
//! followed to a top-level `const` of the same file. Anything computed is a
//! [`NotStatic`] with the span and the reason, so the caller can evaluate it
//! in the runtime or report it; nothing is guessed.

use std::ops::Range;

use serde_json::{Map, Value, json};
use swc_common::Spanned;
use swc_ecma_ast::{
    ArrowFunctionBody, Callee, Expr, ExprOrSpread, Lit, MemberProp, ObjectLit, Prop, PropName,
    PropOrSpread, Stmt, UnaryOp,
};

use checker::module::ast::literal_string;
use checker::module::parse::range;

use super::legacy::LegacyFile;
use checker::module::ast::unwrap;

/// How many `const` hops and nested schemas are followed.
const MAX_DEPTH: usize = 32;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotStatic {
    pub span: Range<usize>,
    pub reason: String,
}

/// What a zod default means for the migrated tool: zod filled it in before
/// `execute` ran; the runtime does not.
#[derive(Debug, Clone, PartialEq)]
pub struct DefaultNote {
    pub property: String,
    pub value: Value,
    pub span: Range<usize>,
}

/// The JSON Schema of an `args` expression, and the defaults it declared.
#[derive(Debug)]
pub struct Converted {
    pub schema: Value,
    pub defaults: Vec<DefaultNote>,
}

/// One zod schema on its way to JSON: the schema and whether the property
/// may be left out.
struct Schema {
    json: Map<String, Value>,
    optional: bool,
    default: Option<(Value, Range<usize>)>,
}

pub fn convert_args(file: &LegacyFile<'_>, args: &Expr) -> Result<Converted, NotStatic> {
    let mut converter = Converter {
        file,
        defaults: Vec::new(),
    };
    let schema = converter.shape(args, 0, "")?;
    Ok(Converted {
        schema: Value::Object(schema),
        defaults: converter.defaults,
    })
}

struct Converter<'f, 'a> {
    file: &'f LegacyFile<'a>,
    defaults: Vec<DefaultNote>,
}

fn not_static(expr: &Expr, reason: impl Into<String>) -> NotStatic {
    NotStatic {
        span: range(expr.span()),
        reason: reason.into(),
    }
}

impl<'a> Converter<'_, 'a> {
    /// Follows a name to its top-level `const`.
    fn follow<'e>(&self, mut expr: &'e Expr, depth: usize) -> Result<&'e Expr, NotStatic>
    where
        'a: 'e,
    {
        expr = unwrap(expr);
        for _ in depth..MAX_DEPTH {
            let Expr::Ident(name) = expr else {
                return Ok(expr);
            };
            match self.file.consts.get(name.sym.as_str()) {
                Some(init) => expr = unwrap(init),
                None => {
                    return Err(not_static(
                        expr,
                        format!("`{}` is not a constant of this file", name.sym),
                    ));
                }
            }
        }
        Err(not_static(expr, "too many names to follow"))
    }

    /// An object of zod schemas (`{ id: z.string() }`) as an object schema.
    fn shape(
        &mut self,
        expr: &Expr,
        depth: usize,
        path: &str,
    ) -> Result<Map<String, Value>, NotStatic> {
        if depth > MAX_DEPTH {
            return Err(not_static(expr, "nested too deeply"));
        }
        let expr = self.follow(expr, depth)?;
        let Expr::Object(object) = expr else {
            return Err(not_static(expr, "the shape is computed"));
        };
        self.object_shape(object, depth, path)
    }

    fn object_shape(
        &mut self,
        object: &ObjectLit,
        depth: usize,
        path: &str,
    ) -> Result<Map<String, Value>, NotStatic> {
        let mut properties = Map::new();
        let mut required = Vec::new();
        for prop in &object.props {
            let (key, value): (String, &Expr) = match prop {
                PropOrSpread::Spread(s) => {
                    return Err(not_static(&s.expr, "a spread (`...`) builds the shape"));
                }
                PropOrSpread::Prop(p) => match &**p {
                    Prop::KeyValue(kv) => match prop_name(&kv.key) {
                        Some(k) => (k, &kv.value),
                        None => {
                            return Err(NotStatic {
                                span: range(kv.key.span()),
                                reason: "a computed property name".into(),
                            });
                        }
                    },
                    Prop::Shorthand(ident) => {
                        let init =
                            self.file
                                .consts
                                .get(ident.sym.as_str())
                                .ok_or_else(|| NotStatic {
                                    span: range(ident.span),
                                    reason: format!(
                                        "`{}` is not a constant of this file",
                                        ident.sym
                                    ),
                                })?;
                        (ident.sym.to_string(), *init)
                    }
                    other => {
                        return Err(NotStatic {
                            span: range(other.span()),
                            reason: "a method or accessor in the shape".into(),
                        });
                    }
                },
            };
            let child_path = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            let schema = self.schema(value, depth + 1, &child_path)?;
            if !schema.optional {
                required.push(Value::String(key.clone()));
            }
            if let Some((value, span)) = schema.default {
                self.defaults.push(DefaultNote {
                    property: child_path,
                    value,
                    span,
                });
            }
            properties.insert(key, Value::Object(schema.json));
        }
        let mut out = Map::new();
        out.insert("type".into(), json!("object"));
        out.insert("properties".into(), Value::Object(properties));
        if !required.is_empty() {
            out.insert("required".into(), Value::Array(required));
        }
        Ok(out)
    }

    /// Whether `expr` is the zod namespace: `z`, `tool.schema`, or a name
    /// bound to one of them.
    fn is_namespace(&self, expr: &Expr, depth: usize) -> bool {
        match unwrap(expr) {
            Expr::Ident(i) if self.file.zod_names.iter().any(|z| z == i.sym.as_str()) => true,
            Expr::Ident(i) if depth < MAX_DEPTH => self
                .file
                .consts
                .get(i.sym.as_str())
                .is_some_and(|init| self.is_namespace(init, depth + 1)),
            Expr::Member(m) => {
                matches!(&m.prop, MemberProp::Ident(p) if p.sym == "schema")
                    && matches!(unwrap(&m.obj), Expr::Ident(i) if self.file.tool_names.iter().any(|t| t == i.sym.as_str()))
            }
            _ => false,
        }
    }

    fn schema(&mut self, expr: &Expr, depth: usize, path: &str) -> Result<Schema, NotStatic> {
        if depth > MAX_DEPTH {
            return Err(not_static(expr, "nested too deeply"));
        }
        let expr = self.follow(expr, depth)?;
        let Expr::Call(call) = expr else {
            return Err(not_static(expr, "not a zod schema call"));
        };
        let Callee::Expr(callee) = &call.callee else {
            return Err(not_static(expr, "not a zod schema call"));
        };
        let Expr::Member(member) = unwrap(callee) else {
            return Err(not_static(expr, "not a zod schema call"));
        };
        let MemberProp::Ident(method) = &member.prop else {
            return Err(not_static(expr, "a computed method name"));
        };
        let method = method.sym.as_str();
        let args = &call.args;
        if args.iter().any(|a| a.spread.is_some()) {
            return Err(not_static(expr, "a spread argument"));
        }
        if self.is_namespace(&member.obj, 0) {
            return self.constructor(expr, method, args, depth, path);
        }
        let inner = self.schema(&member.obj, depth + 1, path)?;
        self.method(expr, inner, method, args, depth, path)
    }

    fn constructor(
        &mut self,
        expr: &Expr,
        name: &str,
        args: &[ExprOrSpread],
        depth: usize,
        path: &str,
    ) -> Result<Schema, NotStatic> {
        let arg = |i: usize| args.get(i).map(|a| &*a.expr);
        let required_arg = |i: usize| {
            arg(i).ok_or_else(|| not_static(expr, format!("`{name}()` without its argument")))
        };
        let json = match name {
            "string" => obj(json!({"type": "string"})),
            "number" => obj(json!({"type": "number"})),
            "int" => obj(json!({"type": "integer"})),
            "boolean" => obj(json!({"type": "boolean"})),
            "null" => obj(json!({"type": "null"})),
            "any" | "unknown" => Map::new(),
            "url" => obj(json!({"type": "string", "format": "uri"})),
            "email" => obj(json!({"type": "string", "format": "email"})),
            "uuid" => obj(json!({"type": "string", "format": "uuid"})),
            "literal" => {
                let value = self.literal(required_arg(0)?, depth)?;
                let mut out = Map::new();
                if let Some(t) = json_type(&value) {
                    out.insert("type".into(), json!(t));
                }
                out.insert("enum".into(), Value::Array(vec![value]));
                out
            }
            "enum" => {
                let values = self.enum_values(required_arg(0)?, depth)?;
                obj(json!({"type": "string", "enum": values}))
            }
            "array" => {
                let items = self.schema(required_arg(0)?, depth + 1, path)?;
                obj(json!({"type": "array", "items": Value::Object(items.json)}))
            }
            "object" | "strictObject" | "looseObject" => {
                let mut out = self.shape(required_arg(0)?, depth + 1, path)?;
                match name {
                    "strictObject" => {
                        out.insert("additionalProperties".into(), json!(false));
                    }
                    "looseObject" => {
                        out.insert("additionalProperties".into(), json!(true));
                    }
                    _ => {}
                }
                out
            }
            "record" => {
                // `record(values)` (zod 3) or `record(keys, values)`.
                let values = arg(1)
                    .or(arg(0))
                    .ok_or_else(|| not_static(expr, "`record()` without its argument"))?;
                let values = self.schema(values, depth + 1, path)?;
                obj(json!({"type": "object", "additionalProperties": Value::Object(values.json)}))
            }
            "union" | "discriminatedUnion" => {
                let options = if name == "union" { arg(0) } else { arg(1) };
                let options = self.follow(
                    options.ok_or_else(|| not_static(expr, "a union without options"))?,
                    depth,
                )?;
                let Expr::Array(array) = options else {
                    return Err(not_static(options, "the union's options are computed"));
                };
                let mut any_of = Vec::new();
                for element in array.elems.iter() {
                    let Some(element) = element.as_ref().filter(|e| e.spread.is_none()) else {
                        return Err(not_static(options, "a hole or spread among the options"));
                    };
                    any_of.push(Value::Object(
                        self.schema(&element.expr, depth + 1, path)?.json,
                    ));
                }
                obj(json!({"anyOf": any_of}))
            }
            "optional" => {
                let mut inner = self.schema(required_arg(0)?, depth + 1, path)?;
                inner.optional = true;
                return Ok(inner);
            }
            "nullable" => {
                let inner = self.schema(required_arg(0)?, depth + 1, path)?;
                return Ok(nullable(inner));
            }
            "lazy" => {
                let body = lazy_body(required_arg(0)?).ok_or_else(|| {
                    not_static(expr, "`lazy()` of something other than `() => schema`")
                })?;
                return self.schema(body, depth + 1, path);
            }
            other => {
                return Err(not_static(
                    expr,
                    format!("`{other}()` has no static JSON Schema conversion"),
                ));
            }
        };
        Ok(Schema {
            json,
            optional: false,
            default: None,
        })
    }

    fn method(
        &mut self,
        expr: &Expr,
        mut inner: Schema,
        name: &str,
        args: &[ExprOrSpread],
        depth: usize,
        path: &str,
    ) -> Result<Schema, NotStatic> {
        let arg = |i: usize| {
            args.get(i)
                .map(|a| &*a.expr)
                .ok_or_else(|| not_static(expr, format!("`.{name}()` without its argument")))
        };
        let kind = inner
            .json
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let bound = |lower: bool| -> Result<&'static str, NotStatic> {
            Ok(match (kind.as_str(), lower) {
                ("string", true) => "minLength",
                ("string", false) => "maxLength",
                ("number" | "integer", true) => "minimum",
                ("number" | "integer", false) => "maximum",
                ("array", true) => "minItems",
                ("array", false) => "maxItems",
                _ => {
                    return Err(not_static(
                        expr,
                        format!("`.{name}()` on a schema that is not a string, number or array"),
                    ));
                }
            })
        };
        match name {
            "describe" => {
                let text = self.string(arg(0)?, depth)?;
                inner.json.insert("description".into(), Value::String(text));
            }
            "optional" => inner.optional = true,
            "nullable" => inner = nullable(inner),
            "nullish" => {
                inner = nullable(inner);
                inner.optional = true;
            }
            "default" => {
                let value = self.literal(arg(0)?, depth)?;
                inner.json.insert("default".into(), value.clone());
                inner.optional = true;
                inner.default = Some((value, range(expr.span())));
            }
            "min" | "max" | "length" | "nonempty" => {
                let value = if name == "nonempty" {
                    json!(1)
                } else {
                    self.number(arg(0)?)?
                };
                if matches!(name, "min" | "length" | "nonempty") {
                    inner.json.insert(bound(true)?.into(), value.clone());
                }
                if matches!(name, "max" | "length") {
                    inner.json.insert(bound(false)?.into(), value);
                }
            }
            "gte" | "gt" | "lte" | "lt" | "positive" | "nonnegative" | "negative"
            | "nonpositive" => {
                if !matches!(kind.as_str(), "number" | "integer") {
                    return Err(not_static(expr, format!("`.{name}()` on a non-number")));
                }
                let (key, value) = match name {
                    "gte" => ("minimum", self.number(arg(0)?)?),
                    "gt" => ("exclusiveMinimum", self.number(arg(0)?)?),
                    "lte" => ("maximum", self.number(arg(0)?)?),
                    "lt" => ("exclusiveMaximum", self.number(arg(0)?)?),
                    "positive" => ("exclusiveMinimum", json!(0)),
                    "nonnegative" => ("minimum", json!(0)),
                    "negative" => ("exclusiveMaximum", json!(0)),
                    _ => ("maximum", json!(0)),
                };
                inner.json.insert(key.into(), value);
            }
            "int" => {
                inner.json.insert("type".into(), json!("integer"));
            }
            "url" | "email" | "uuid" | "datetime" => {
                let format = match name {
                    "url" => "uri",
                    "datetime" => "date-time",
                    other => other,
                };
                inner.json.insert("format".into(), json!(format));
            }
            "regex" => {
                let pattern = match unwrap(arg(0)?) {
                    Expr::Lit(Lit::Regex(re)) => re.exp.to_string(),
                    other => return Err(not_static(other, "a computed regular expression")),
                };
                inner.json.insert("pattern".into(), json!(pattern));
            }
            "passthrough" | "loose" => {
                inner
                    .json
                    .insert("additionalProperties".into(), json!(true));
            }
            "strict" => {
                inner
                    .json
                    .insert("additionalProperties".into(), json!(false));
            }
            "catchall" => {
                let extra = self.schema(arg(0)?, depth + 1, path)?;
                inner
                    .json
                    .insert("additionalProperties".into(), Value::Object(extra.json));
            }
            "array" => {
                let items = std::mem::take(&mut inner.json);
                inner.json = obj(json!({"type": "array", "items": Value::Object(items)}));
                inner.optional = false;
                inner.default = None;
            }
            "or" => {
                let other = self.schema(arg(0)?, depth + 1, path)?;
                let left = std::mem::take(&mut inner.json);
                inner.json =
                    obj(json!({"anyOf": [Value::Object(left), Value::Object(other.json)]}));
            }
            // Checks that change nothing the model is told.
            "strip" | "trim" | "finite" | "safe" | "readonly" => {}
            other => {
                return Err(not_static(
                    expr,
                    format!("`.{other}()` has no static JSON Schema conversion"),
                ));
            }
        }
        Ok(inner)
    }

    fn enum_values(&self, expr: &Expr, depth: usize) -> Result<Vec<Value>, NotStatic> {
        let expr = self.follow(expr, depth)?;
        // `Object.keys(MAP)` of a literal map lists its keys.
        if let Expr::Call(call) = expr
            && let Callee::Expr(callee) = &call.callee
            && let Expr::Member(m) = unwrap(callee)
            && matches!(unwrap(&m.obj), Expr::Ident(o) if o.sym == "Object")
            && matches!(&m.prop, MemberProp::Ident(p) if p.sym == "keys")
            && let Some(target) = call.args.first()
            && let Expr::Object(map) = self.follow(&target.expr, depth)?
        {
            let mut keys = Vec::new();
            for prop in &map.props {
                let key = match prop {
                    PropOrSpread::Prop(p) => match &**p {
                        Prop::KeyValue(kv) => prop_name(&kv.key),
                        Prop::Shorthand(i) => Some(i.sym.to_string()),
                        Prop::Method(m) => prop_name(&m.key),
                        _ => None,
                    },
                    PropOrSpread::Spread(_) => None,
                };
                keys.push(Value::String(
                    key.ok_or_else(|| not_static(expr, "the map's keys are computed"))?,
                ));
            }
            return Ok(keys);
        }
        let Expr::Array(array) = expr else {
            return Err(not_static(expr, "the enum's values are computed"));
        };
        array
            .elems
            .iter()
            .map(|e| match e {
                Some(e) if e.spread.is_none() => Ok(Value::String(self.string(&e.expr, depth)?)),
                _ => Err(not_static(expr, "a hole or spread among the enum's values")),
            })
            .collect()
    }

    /// A string spelled out in the text: a literal, a template without
    /// substitutions, a `+` of those, or a constant holding one.
    fn string(&self, expr: &Expr, depth: usize) -> Result<String, NotStatic> {
        let expr = self.follow(expr, depth)?;
        if let Some(text) = literal_string(expr) {
            return Ok(text);
        }
        if let Expr::Bin(bin) = expr
            && bin.op == swc_ecma_ast::BinaryOp::Add
            && depth < MAX_DEPTH
        {
            return Ok(self.string(&bin.left, depth + 1)? + &self.string(&bin.right, depth + 1)?);
        }
        Err(not_static(expr, "the text is computed"))
    }

    fn number(&self, expr: &Expr) -> Result<Value, NotStatic> {
        match self.literal(expr, 0)? {
            n @ Value::Number(_) => Ok(n),
            _ => Err(not_static(expr, "not a number")),
        }
    }

    /// A JSON value spelled out in the text.
    fn literal(&self, expr: &Expr, depth: usize) -> Result<Value, NotStatic> {
        if depth > MAX_DEPTH {
            return Err(not_static(expr, "nested too deeply"));
        }
        let expr = self.follow(expr, depth)?;
        if let Some(text) = literal_string(expr) {
            return Ok(Value::String(text));
        }
        match expr {
            Expr::Lit(Lit::Num(n)) => {
                number_value(n.value).ok_or_else(|| not_static(expr, "not a finite number"))
            }
            Expr::Lit(Lit::Bool(b)) => Ok(Value::Bool(b.value)),
            Expr::Lit(Lit::Null(_)) => Ok(Value::Null),
            Expr::Unary(u) if u.op == UnaryOp::Minus => match unwrap(&u.arg) {
                Expr::Lit(Lit::Num(n)) => {
                    number_value(-n.value).ok_or_else(|| not_static(expr, "not a finite number"))
                }
                _ => Err(not_static(expr, "a computed value")),
            },
            Expr::Array(array) => array
                .elems
                .iter()
                .map(|e| match e {
                    Some(e) if e.spread.is_none() => self.literal(&e.expr, depth + 1),
                    _ => Err(not_static(expr, "a hole or spread")),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array),
            Expr::Object(object) => {
                let mut out = Map::new();
                for prop in &object.props {
                    let PropOrSpread::Prop(p) = prop else {
                        return Err(not_static(expr, "a spread"));
                    };
                    let Prop::KeyValue(kv) = &**p else {
                        return Err(not_static(expr, "a computed value"));
                    };
                    let key =
                        prop_name(&kv.key).ok_or_else(|| not_static(expr, "a computed key"))?;
                    out.insert(key, self.literal(&kv.value, depth + 1)?);
                }
                Ok(Value::Object(out))
            }
            _ => Err(not_static(expr, "a computed value")),
        }
    }
}

fn number_value(n: f64) -> Option<Value> {
    if n.fract() == 0.0 && n.abs() < 9.0e15 {
        Some(json!(n as i64))
    } else {
        serde_json::Number::from_f64(n).map(Value::Number)
    }
}

fn obj(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

fn nullable(inner: Schema) -> Schema {
    Schema {
        json: obj(json!({"anyOf": [Value::Object(inner.json), {"type": "null"}]})),
        optional: inner.optional,
        default: inner.default,
    }
}

fn json_type(value: &Value) -> Option<&'static str> {
    match value {
        Value::String(_) => Some("string"),
        Value::Number(n) if n.is_i64() || n.is_u64() => Some("integer"),
        Value::Number(_) => Some("number"),
        Value::Bool(_) => Some("boolean"),
        Value::Null => Some("null"),
        _ => None,
    }
}

/// The schema a `lazy(() => schema)` returns.
fn lazy_body(expr: &Expr) -> Option<&Expr> {
    let Expr::Arrow(arrow) = unwrap(expr) else {
        return None;
    };
    match &*arrow.body {
        ArrowFunctionBody::Expr(e) => Some(e),
        ArrowFunctionBody::FunctionBody(block) => match block.stmts.as_slice() {
            [Stmt::Return(r)] => r.arg.as_deref(),
            _ => None,
        },
    }
}

pub fn prop_name(key: &PropName) -> Option<String> {
    match key {
        PropName::Ident(i) => Some(i.sym.to_string()),
        PropName::Str(s) => Some(s.value.to_atom_lossy().as_str().to_string()),
        PropName::Num(n) => Some(n.value.to_string()),
        _ => None,
    }
}
