//! What the project's tools and their outcomes are in MCP terms: a tool's
//! `name`, `description` and `inputSchema` exactly as its module declares
//! them, and a call's text as one text content item (a JSON object also as
//! `structuredContent`), a throw or a deadline as `isError`.

use std::sync::Arc;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool};

use crate::generation::{Generation, ServedTool};
use crate::http::{Caller, Outcome};

/// The tools `caller` sees in `generation`, in the project's order.
pub fn visible<'g>(generation: &'g Generation, caller: &Caller) -> Vec<&'g ServedTool> {
    let seen =
        generation
            .project
            .tools_seen_by(&caller.agent, caller.parent.as_deref(), caller.harness);
    generation
        .tools
        .iter()
        .filter(|t| seen.contains(&t.name))
        .collect()
}

/// A served tool as MCP lists it: the module's `parameters` is the input
/// schema, key for key and in its order (serde_json keeps the order).
pub fn tool(served: &ServedTool) -> Tool {
    // The contract admits only an object schema; a module that gave
    // anything else did not load.
    let schema: JsonObject = served
        .info
        .parameters
        .as_object()
        .cloned()
        .unwrap_or_default();
    Tool::new(
        served.name.clone(),
        served.info.description.clone(),
        Arc::new(schema),
    )
}

/// What a call's outcome is in MCP: the text the model reads, as
/// `beeuni tools call` prints it without its final newline.
pub fn result(outcome: Outcome) -> CallToolResult {
    match outcome {
        Outcome::Returned(text) => {
            // A returned JSON value is sent as indented JSON text; an
            // object is also the result's structured content (MCP's
            // `structuredContent` is an object: other values stay text).
            let structured = serde_json::from_str::<serde_json::Value>(&text)
                .ok()
                .filter(serde_json::Value::is_object);
            let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
            result.structured_content = structured;
            result
        }
        Outcome::Threw(text)
        | Outcome::Deadline(text)
        | Outcome::Unavailable(text)
        | Outcome::Dropped(text) => CallToolResult::error(vec![ContentBlock::text(text)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn wire(result: CallToolResult) -> serde_json::Value {
        let mut value = serde_json::to_value(result).unwrap();
        // The revision's discriminator, which the SDK removes for older peers.
        value.as_object_mut().unwrap().remove("resultType");
        value
    }

    #[test]
    fn a_returned_object_is_text_and_structured_content() {
        let text = "{\n  \"id\": \"A-1\",\n  \"items\": [\n    1\n  ]\n}";
        assert_eq!(
            wire(result(Outcome::Returned(text.to_string()))),
            json!({
                "content": [{"type": "text", "text": text}],
                "structuredContent": {"id": "A-1", "items": [1]},
                "isError": false,
            })
        );
    }

    #[test]
    fn text_and_other_json_values_are_text_only() {
        for text in ["plain words", "[\n  1\n]", "42", "{ not json"] {
            let value = wire(result(Outcome::Returned(text.to_string())));
            assert_eq!(value["content"][0]["text"], text);
            assert!(value.get("structuredContent").is_none(), "{text}: {value}");
        }
    }

    #[test]
    fn a_throw_and_a_deadline_are_errors_the_model_reads() {
        for outcome in [
            Outcome::Threw("orders API answered 503".into()),
            Outcome::Deadline("the tool call did not finish within 2 s".into()),
        ] {
            let value = wire(result(outcome.clone()));
            assert_eq!(value["isError"], true, "{outcome:?}");
            let (Outcome::Threw(text) | Outcome::Deadline(text)) = outcome else {
                unreachable!()
            };
            assert_eq!(value["content"], json!([{"type": "text", "text": text}]));
        }
    }
}
