//! The new module's text: `templates/tool.ts` or `templates/tool.js`,
//! rendered with askama. The description and parameters enter the file as
//! JSON literals from serde_json (valid TypeScript and JavaScript), so no
//! Beeuni description can break out of its string.

use askama::Template;
use serde_json::json;

use super::{Kind, Language, Request, module_path};

#[derive(Template)]
#[template(path = "tool.ts", escape = "none")]
struct TypeScriptTool<'a> {
    name: &'a str,
    module: &'a str,
    overrides: bool,
    description: &'a str,
    parameters: &'a str,
    ui_note: &'a str,
}

#[derive(Template)]
#[template(path = "tool.js", escape = "none")]
struct JavaScriptTool<'a> {
    name: &'a str,
    module: &'a str,
    overrides: bool,
    description: &'a str,
    parameters: &'a str,
    ui_note: &'a str,
}

/// What the web UI reads of each Beeuni tool (SPEC 4.1), for an override's
/// skeleton: a copy that changes it breaks how the UI shows the tool.
fn ui_note(name: &str) -> &'static str {
    match name {
        "show" | "memory" => {
            "The web UI renders this tool from its call arguments: keep the parameters' names and meaning."
        }
        _ => {
            "The web UI renders this tool from its output JSON: return the shape Beeuni's tool returns."
        }
    }
}

pub fn render(request: &Request) -> String {
    let name = request.name.as_str();
    let module = module_path(name, request.language);
    let (description, parameters) = match (&request.kind, &request.beeuni) {
        (Kind::BeeuniOverride, Some(shape)) => (json!(shape.description), shape.parameters.clone()),
        _ => (
            json!(format!(
                "Say what {name} does, when the model should call it, and what it returns."
            )),
            json!({
                "type": "object",
                "properties": {
                    "input": { "type": "string", "description": "What the tool works on" },
                },
                "required": ["input"],
                "additionalProperties": false,
            }),
        ),
    };
    let description = literal(&description, 1);
    let parameters = literal(&parameters, 1);
    let overrides = request.kind == Kind::BeeuniOverride;
    let ui = ui_note(name);
    // The templates have no fallible expression: every value is a string.
    match request.language {
        Language::TypeScript => TypeScriptTool {
            name,
            module: &module,
            overrides,
            description: &description,
            parameters: &parameters,
            ui_note: ui,
        }
        .render(),
        Language::JavaScript => JavaScriptTool {
            name,
            module: &module,
            overrides,
            description: &description,
            parameters: &parameters,
            ui_note: ui,
        }
        .render(),
    }
    .unwrap_or_default()
        + "\n"
}

/// Pretty JSON as an expression nested `depth` levels (two spaces each)
/// deep: every line after the first gets the indentation of its place.
fn literal(value: &serde_json::Value, depth: usize) -> String {
    let pretty = serde_json::to_string_pretty(value).unwrap_or_default();
    let indent = "  ".repeat(depth);
    pretty.replace('\n', &format!("\n{indent}"))
}
