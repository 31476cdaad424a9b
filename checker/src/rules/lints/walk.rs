//! Every subschema of a JSON Schema with its JSON Pointer from `parameters`
//! (`parameters/properties/id`), the root first: what the provider rules
//! look at, wherever it nests.

use serde_json::{Map, Value};

/// Past this depth a schema is not walked further; a provider rejects such
/// a schema for its depth anyway, and the walk must stay bounded.
const MAX_DEPTH: usize = 64;

const SCHEMA_LISTS: [&str; 4] = ["anyOf", "oneOf", "allOf", "prefixItems"];
const SCHEMA_MAPS: [&str; 4] = ["properties", "$defs", "definitions", "patternProperties"];
const SCHEMA_VALUES: [&str; 4] = ["items", "additionalProperties", "not", "contains"];

/// Calls `visit(pointer, schema)` for every object subschema of `schema`.
pub fn each_schema(schema: &Value, visit: &mut dyn FnMut(&str, &Map<String, Value>)) {
    walk(schema, &mut String::from("parameters"), 0, visit);
}

fn walk(
    schema: &Value,
    pointer: &mut String,
    depth: usize,
    visit: &mut dyn FnMut(&str, &Map<String, Value>),
) {
    let Value::Object(object) = schema else {
        return;
    };
    if depth > MAX_DEPTH {
        return;
    }
    visit(pointer, object);
    let mut enter = |segment: &str, child: &Value, pointer: &mut String| {
        let len = pointer.len();
        pointer.push('/');
        // RFC 6901: `~` and `/` inside a segment are escaped.
        pointer.push_str(&segment.replace('~', "~0").replace('/', "~1"));
        walk(child, pointer, depth + 1, visit);
        pointer.truncate(len);
    };
    for key in SCHEMA_VALUES {
        if let Some(child) = object.get(key) {
            enter(key, child, pointer);
        }
    }
    for key in SCHEMA_LISTS {
        if let Some(Value::Array(children)) = object.get(key) {
            for (i, child) in children.iter().enumerate() {
                enter(&format!("{key}/{i}"), child, pointer);
            }
        }
    }
    for key in SCHEMA_MAPS {
        if let Some(Value::Object(children)) = object.get(key) {
            for (name, child) in children {
                let len = pointer.len();
                pointer.push('/');
                pointer.push_str(key);
                enter(name, child, pointer);
                pointer.truncate(len);
            }
        }
    }
}

/// Whether a subschema describes objects (by `type` or by its keywords).
pub fn is_object_schema(object: &Map<String, Value>) -> bool {
    match object.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(types)) => types.iter().any(|t| t == "object"),
        _ => object.contains_key("properties"),
    }
}
