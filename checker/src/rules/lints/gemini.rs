//! Gemini's function declarations take a subset of JSON Schema (OpenAPI's
//! Schema object): no `$ref` or definitions to refer to, `anyOf` but no
//! `oneOf`, and `format` only `enum` or `date-time` on strings, `float` or
//! `double` on numbers, `int32` or `int64` on integers. A declaration
//! outside it is refused with the whole request.

use serde_json::{Map, Value};

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::LINT_GEMINI_SCHEMA;

use super::walk::each_schema;
use super::{LintedTool, listed};

/// The formats Gemini accepts, by `type`.
const FORMATS: [(&str, &[&str]); 3] = [
    ("string", &["enum", "date-time"]),
    ("number", &["float", "double"]),
    ("integer", &["int32", "int64"]),
];

fn outside_subset(tool: &LintedTool<'_>, problems: &[String]) -> Diagnostic {
    Diagnostic::new(
        &LINT_GEMINI_SCHEMA,
        format!(
            "`{}`'s parameters use JSON Schema Gemini does not accept: {}",
            tool.name,
            listed(problems, 4)
        ),
    )
    .at(&tool.declared.file, tool.declared.span.clone())
    .label("declared here")
    .help("write each definition out where it is used instead of `$ref`, use `anyOf` for `oneOf`, and drop a `format` Gemini does not list (say it in the `description`)")
}

fn format_problem(pointer: &str, object: &Map<String, Value>) -> Option<String> {
    let format = object.get("format")?.as_str().unwrap_or_default();
    let ty = object
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("string");
    let allowed = FORMATS
        .iter()
        .find(|(t, _)| *t == ty)
        .map_or(&[][..], |(_, formats)| formats);
    (!allowed.contains(&format)).then(|| {
        format!("`{pointer}` has `format: {format}`, which Gemini does not accept on a {ty}")
    })
}

pub fn problems(parameters: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    each_schema(parameters, &mut |pointer, object| {
        for key in ["$ref", "$defs", "definitions"] {
            if object.contains_key(key) {
                problems.push(format!("`{pointer}` has `{key}`"));
            }
        }
        if object.contains_key("oneOf") {
            problems.push(format!("`{pointer}` has `oneOf`"));
        }
        problems.extend(format_problem(pointer, object));
    });
    problems
}

pub fn check(tool: &LintedTool<'_>) -> Option<Diagnostic> {
    let problems = problems(tool.parameters);
    (!problems.is_empty()).then(|| outside_subset(tool, &problems))
}
