//! A JSON Schema as a TypeScript type: objects (required or optional
//! properties, `additionalProperties` as an index signature or none),
//! `enum` and `const` as literal unions, arrays and tuples, `anyOf` and
//! `oneOf` as unions, `allOf` as an intersection, type lists and
//! `nullable`. What TypeScript cannot say (`$ref`, a `not`) is `unknown`,
//! which accepts every value the schema does. Descriptions become doc
//! comments. Nesting past [`MAX_DEPTH`] is `unknown` too, so a schema built
//! to be deep cannot make a huge file.

use serde_json::{Map, Value};

const MAX_DEPTH: usize = 32;

/// The type of values `schema` accepts, laid out for a line indented by
/// `indent` spaces.
pub fn to_type(schema: &Value, indent: usize) -> String {
    type_at(schema, indent, 0)
}

fn type_at(schema: &Value, indent: usize, depth: usize) -> String {
    if depth > MAX_DEPTH {
        return "unknown".into();
    }
    let object = match schema {
        Value::Bool(true) => return "unknown".into(),
        Value::Bool(false) => return "never".into(),
        Value::Object(object) => object,
        _ => return "unknown".into(),
    };
    let base = base_type(object, indent, depth);
    if object.get("nullable") == Some(&Value::Bool(true)) && base != "unknown" {
        return format!("{} | null", group(&base));
    }
    base
}

fn base_type(object: &Map<String, Value>, indent: usize, depth: usize) -> String {
    if object.contains_key("$ref") || object.contains_key("not") {
        return "unknown".into();
    }
    if let Some(value) = object.get("const") {
        return literal(value);
    }
    if let Some(Value::Array(values)) = object.get("enum") {
        if values.is_empty() {
            return "never".into();
        }
        return values.iter().map(literal).collect::<Vec<_>>().join(" | ");
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = object.get(key) {
            return union(
                options
                    .iter()
                    .map(|o| group(&type_at(o, indent, depth + 1))),
            );
        }
    }
    if let Some(Value::Array(parts)) = object.get("allOf") {
        let parts: Vec<String> = parts
            .iter()
            .map(|p| group(&type_at(p, indent, depth + 1)))
            .filter(|t| t != "unknown")
            .collect();
        return if parts.is_empty() {
            "unknown".into()
        } else {
            parts.join(" & ")
        };
    }
    match object.get("type") {
        Some(Value::String(name)) => of_type(name, object, indent, depth),
        Some(Value::Array(names)) => union(
            names
                .iter()
                .filter_map(Value::as_str)
                .map(|name| group(&of_type(name, object, indent, depth))),
        ),
        // No `type`: the keywords present say what it is.
        _ if object.contains_key("properties") => of_type("object", object, indent, depth),
        _ if object.contains_key("items") => of_type("array", object, indent, depth),
        _ => "unknown".into(),
    }
}

fn of_type(name: &str, object: &Map<String, Value>, indent: usize, depth: usize) -> String {
    match name {
        "string" => "string".into(),
        "number" | "integer" => "number".into(),
        "boolean" => "boolean".into(),
        "null" => "null".into(),
        "array" => array(object, indent, depth),
        "object" => object_type(object, indent, depth),
        _ => "unknown".into(),
    }
}

fn array(object: &Map<String, Value>, indent: usize, depth: usize) -> String {
    if let Some(Value::Array(prefix)) = object.get("prefixItems") {
        let items: Vec<String> = prefix
            .iter()
            .map(|item| type_at(item, indent, depth + 1))
            .collect();
        let rest = match object.get("items") {
            Some(Value::Bool(false)) => String::new(),
            Some(item) => format!(", ...{}[]", group(&type_at(item, indent, depth + 1))),
            None => ", ...unknown[]".into(),
        };
        return format!("[{}{rest}]", items.join(", "));
    }
    match object.get("items") {
        Some(item) => format!("Array<{}>", type_at(item, indent, depth + 1)),
        None => "unknown[]".into(),
    }
}

fn object_type(object: &Map<String, Value>, indent: usize, depth: usize) -> String {
    let empty = Map::new();
    let properties = match object.get("properties") {
        Some(Value::Object(properties)) => properties,
        _ => &empty,
    };
    let required: Vec<&str> = match object.get("required") {
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let inner = " ".repeat(indent + 2);
    let mut lines = Vec::new();
    let mut member_types = Vec::new();
    for (name, property) in properties {
        let optional = !required.contains(&name.as_str());
        let ty = type_at(property, indent + 2, depth + 1);
        if let Some(description) = property.get("description").and_then(Value::as_str) {
            lines.push(doc_comment(description, indent + 2));
        }
        lines.push(format!(
            "{inner}{}{}: {ty}\n",
            property_name(name),
            if optional { "?" } else { "" }
        ));
        member_types.push(group(&ty));
        if optional {
            member_types.push("undefined".into());
        }
    }
    // An index signature must admit every declared property's type, so a
    // schema for the extra properties is widened by the declared ones.
    let index = match object.get("additionalProperties") {
        Some(Value::Bool(false)) => None,
        None | Some(Value::Bool(true)) => Some("unknown".to_string()),
        Some(extra) => {
            let ty = type_at(extra, indent + 2, depth + 1);
            if ty == "unknown" {
                Some(ty)
            } else {
                member_types.insert(0, group(&ty));
                Some(union(member_types.into_iter()))
            }
        }
    };
    if let Some(index) = index {
        lines.push(format!("{inner}[key: string]: {index}\n"));
    }
    if lines.is_empty() {
        return "{}".into();
    }
    format!("{{\n{}{}}}", lines.concat(), " ".repeat(indent))
}

/// Alternatives joined with `|`, each once, in first-seen order.
fn union(types: impl Iterator<Item = String>) -> String {
    let mut seen: Vec<String> = Vec::new();
    for ty in types {
        if ty == "unknown" {
            return ty;
        }
        if !seen.contains(&ty) {
            seen.push(ty);
        }
    }
    if seen.is_empty() {
        "never".into()
    } else {
        seen.join(" | ")
    }
}

/// A type that can stand inside a union, intersection or array suffix.
fn group(ty: &str) -> String {
    if ty.contains(" | ") || ty.contains(" & ") {
        format!("({ty})")
    } else {
        ty.to_string()
    }
}

/// A JSON value as a literal type: strings, numbers, booleans and null;
/// anything else is `unknown`.
fn literal(value: &Value) -> String {
    match value {
        Value::String(_) | Value::Number(_) | Value::Bool(_) | Value::Null => value.to_string(),
        _ => "unknown".into(),
    }
}

/// A property name as written in a type: bare when it is an identifier,
/// otherwise a JSON string.
pub fn property_name(name: &str) -> String {
    let mut chars = name.chars();
    let identifier = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if identifier {
        name.to_string()
    } else {
        Value::String(name.to_string()).to_string()
    }
}

/// A `/** … */` comment of `text` at `indent` spaces, one ` * ` line per
/// line; `*/` inside cannot end it early.
pub fn doc_comment(text: &str, indent: usize) -> String {
    let text = text.trim();
    if text.is_empty() {
        return String::new();
    }
    let pad = " ".repeat(indent);
    let safe = text.replace("*/", "*\\/");
    let lines: Vec<&str> = safe.lines().collect();
    if lines.len() == 1 {
        return format!("{pad}/** {} */\n", lines[0]);
    }
    let mut out = format!("{pad}/**\n");
    for line in lines {
        out.push_str(&format!(
            "{pad} *{}{}\n",
            if line.is_empty() { "" } else { " " },
            line.trim_end()
        ));
    }
    out.push_str(&format!("{pad} */\n"));
    out
}
