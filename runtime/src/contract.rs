//! The module contract as a loaded module shows it (SPEC §5): a default
//! export that is an object `{ description, parameters, execute }`, with
//! `parameters` a JSON Schema of `type: 'object'`. The checker sees the same
//! contract in the syntax tree; this is the check of the values, which
//! catches what the tree could not show (a computed schema).

use boa_engine::{Context, JsObject, JsString, JsValue, js_string};

use crate::api::{LoadError, ToolInfo};
use crate::call;

/// The tool object a module's `default` export must be.
pub(crate) fn tool_object(default: &JsValue) -> Result<JsObject, LoadError> {
    if default.is_undefined() {
        return Err(LoadError::new(
            "the module has no default export (expected `export default { description, parameters, execute }`)",
        ));
    }
    default.as_object().ok_or_else(|| {
        LoadError::new(format!(
            "the default export is {}, not an object with description, parameters and execute",
            describe_type(default)
        ))
    })
}

/// "a string", "an array", … for messages about the contract.
pub(crate) fn describe_type(value: &JsValue) -> &'static str {
    if value.is_undefined() {
        "undefined"
    } else if value.is_null() {
        "null"
    } else if value.is_string() {
        "a string"
    } else if value.is_number() {
        "a number"
    } else if value.is_boolean() {
        "a boolean"
    } else if value.as_object().is_some_and(|o| o.is_callable()) {
        "a function"
    } else if value.as_object().is_some_and(|o| o.is_array()) {
        "an array"
    } else if value.is_object() {
        "an object"
    } else {
        "a symbol or bigint"
    }
}

/// Checks `{ description, parameters, execute }` and returns what the model sees.
pub(crate) fn check(
    tool: &JsObject,
    internals: &JsObject,
    context: &mut Context,
) -> Result<(ToolInfo, JsObject), String> {
    let get = |name: &str, context: &mut Context| {
        tool.get(JsString::from(name), context)
            .map_err(|e| format!("reading `{name}` failed: {}", call::error_text(&e, context)))
    };
    let description = get("description", context)?;
    let description = match description.as_string() {
        Some(text) if !text.to_std_string_escaped().trim().is_empty() => {
            text.to_std_string_escaped()
        }
        Some(_) => return Err(
            "`description` is an empty string; the model reads it to decide when to call the tool"
                .into(),
        ),
        None => {
            return Err(format!(
                "`description` must be a non-empty string, found {}",
                describe_type(&description)
            ));
        }
    };
    let parameters = get("parameters", context)?;
    let Some(schema) = parameters
        .as_object()
        .filter(|o| !o.is_callable() && !o.is_array())
    else {
        return Err(format!(
            "`parameters` must be a JSON Schema object with `type: 'object'`, found {}",
            describe_type(&parameters)
        ));
    };
    let kind = schema
        .get(js_string!("type"), context)
        .map_err(|e| call::error_text(&e, context))?;
    if kind
        .as_string()
        .map(|s| s.to_std_string_escaped())
        .as_deref()
        != Some("object")
    {
        let found = match kind.as_string() {
            Some(s) => format!("'{}'", s.to_std_string_escaped()),
            None => describe_type(&kind).to_string(),
        };
        return Err(format!("`parameters.type` must be 'object', found {found}"));
    }
    let execute = get("execute", context)?;
    let Some(execute) = execute.as_object().filter(|o| o.is_callable()) else {
        return Err(format!(
            "`execute` must be a function, found {}",
            describe_type(&execute)
        ));
    };
    let parameters_json = match call::stringify(&parameters, false, internals, context) {
        Ok(Some(json)) => json,
        Ok(None) => return Err("`parameters` cannot be converted to JSON".into()),
        Err(message) => {
            return Err(format!(
                "`parameters` cannot be converted to JSON: {message}"
            ));
        }
    };
    if let Some(problem) = schema_problem(&parameters_json) {
        return Err(format!(
            "`parameters` is not a valid JSON Schema: {problem}"
        ));
    }
    Ok((
        ToolInfo {
            description,
            parameters_json,
        },
        execute,
    ))
}

/// What the JSON Schema meta-schema (the draft `$schema` names, 2020-12 when
/// it names none) finds wrong with `parameters`, if anything: the checker
/// only sees literal schemas, and a computed one (zod's, a helper's) with a
/// bad `required` would otherwise reach the model. A `$schema` the runtime
/// does not bundle is not fetched; such a schema is left to the platform.
fn schema_problem(parameters_json: &str) -> Option<String> {
    let schema: serde_json::Value = serde_json::from_str(parameters_json).ok()?;
    let validator = jsonschema::meta::validator_for(&schema).ok()?;
    let error = validator.validate(&schema).err()?;
    let at = error.instance_path().as_str();
    Some(if at.is_empty() {
        error.to_string()
    } else {
        format!("{error} (at `{at}`)")
    })
}
