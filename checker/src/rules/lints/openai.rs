//! OpenAI's strict function calling (`strict: true`) accepts a schema only
//! when every object lists each of its properties in `required` (an
//! optional one is written as a union with `null`) and sets
//! `additionalProperties: false`; otherwise the request is refused.

use serde_json::Value;

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::LINT_OPENAI_STRICT;

use super::walk::{each_schema, is_object_schema};
use super::{LintedTool, listed};

fn not_strict(tool: &LintedTool<'_>, problems: &[String]) -> Diagnostic {
    Diagnostic::new(
        &LINT_OPENAI_STRICT,
        format!(
            "`{}`'s parameters break OpenAI's strict mode: {}",
            tool.name,
            listed(problems, 4)
        ),
    )
    .at(&tool.declared.file, tool.declared.span.clone())
    .label("declared here")
    .help("in strict mode every object lists all its properties in `required` (an optional one becomes `type: ['string', 'null']`) and sets `additionalProperties: false`")
}

pub fn problems(parameters: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    each_schema(parameters, &mut |pointer, object| {
        if !is_object_schema(object) {
            return;
        }
        if object.get("additionalProperties") != Some(&Value::Bool(false)) {
            problems.push(format!("`{pointer}` lacks `additionalProperties: false`"));
        }
        let required: Vec<&str> = match object.get("required") {
            Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if let Some(Value::Object(properties)) = object.get("properties") {
            for name in properties.keys() {
                if !required.contains(&name.as_str()) {
                    problems.push(format!("`{name}` of `{pointer}` is not in `required`"));
                }
            }
        }
    });
    problems
}

pub fn check(tool: &LintedTool<'_>) -> Option<Diagnostic> {
    let problems = problems(tool.parameters);
    (!problems.is_empty()).then(|| not_strict(tool, &problems))
}
