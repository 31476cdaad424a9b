//! A JSON value written as a JavaScript object literal, the way people write
//! `parameters` by hand (SPEC 5): unquoted keys where they are identifiers,
//! single-quoted strings, one property per line, trailing commas, and short
//! lists of scalars on one line.

use serde_json::Value;

/// A list of scalars up to this width stays on one line.
const ONE_LINE: usize = 72;

/// `value` as JavaScript, its first line at the caller's position and every
/// further line starting with `indent`; nesting adds `unit`.
pub fn render(value: &Value, indent: &str, unit: &str) -> String {
    let mut out = String::new();
    write(&mut out, value, indent, unit);
    out
}

fn write(out: &mut String, value: &Value, indent: &str, unit: &str) {
    match value {
        Value::Object(map) if map.is_empty() => out.push_str("{}"),
        Value::Object(map) => {
            let inner = format!("{indent}{unit}");
            out.push_str("{\n");
            for (key, value) in map {
                out.push_str(&inner);
                out.push_str(&key_text(key));
                out.push_str(": ");
                write(out, value, &inner, unit);
                out.push_str(",\n");
            }
            out.push_str(indent);
            out.push('}');
        }
        Value::Array(items) => {
            let scalars = items.iter().all(|v| !v.is_object() && !v.is_array());
            let one_line = items.iter().map(scalar).collect::<Vec<_>>().join(", ");
            if items.is_empty() || (scalars && one_line.len() <= ONE_LINE) {
                out.push('[');
                out.push_str(&one_line);
                out.push(']');
                return;
            }
            let inner = format!("{indent}{unit}");
            out.push_str("[\n");
            for item in items {
                out.push_str(&inner);
                write(out, item, &inner, unit);
                out.push_str(",\n");
            }
            out.push_str(indent);
            out.push(']');
        }
        other => out.push_str(&scalar(other)),
    }
}

fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) => string(s),
        Value::Object(_) | Value::Array(_) => render(value, "", "  "),
        other => other.to_string(),
    }
}

fn key_text(key: &str) -> String {
    let mut chars = key.chars();
    let identifier = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if identifier {
        key.to_string()
    } else {
        string(key)
    }
}

/// A single-quoted JavaScript string.
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_like_a_hand_written_schema() {
        let value = json!({
            "type": "object",
            "properties": {
                "id": {"type": "string", "description": "The order's id\n(e.g. 'A-1')"},
                "kind": {"type": "string", "enum": ["a", "b"]},
                "x-y": {},
            },
            "required": ["id"],
        });
        assert_eq!(
            render(&value, "  ", "  "),
            "{\n    type: 'object',\n    properties: {\n      id: {\n        type: 'string',\n        description: 'The order\\'s id\\n(e.g. \\'A-1\\')',\n      },\n      kind: {\n        type: 'string',\n        enum: ['a', 'b'],\n      },\n      'x-y': {},\n    },\n    required: ['id'],\n  }"
        );
    }

    #[test]
    fn long_lists_break_one_item_per_line() {
        let words: Vec<String> = (0..20).map(|i| format!("word{i}")).collect();
        let text = render(&json!(words), "", "  ");
        assert!(text.starts_with("[\n  'word0',\n"), "{text}");
    }
}
