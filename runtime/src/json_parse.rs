//! The realm's `JSON.parse`, read by serde_json.
//!
//! boa 0.22's own `JSON.parse` checks its input with serde_json, then parses
//! the same text again as a script, compiles and runs it: for a tool reading
//! an API's answer (`response.json()`, `JSON.parse(text)`), several times
//! what the reading itself costs. This one refuses exactly the texts boa's
//! refuses, with the same `SyntaxError` message (serde_json's, which boa
//! passes on), and builds the value straight from serde_json's reading.
//! With a reviver, boa's own runs: it needs the source text of each value.

use boa_engine::{Context, JsNativeError, JsResult, JsValue, NativeFunction, js_string};

use crate::js_value::{arg, define_method, error, function, realm_json};

/// Replaces `JSON.parse` in `context`'s realm.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let json = realm_json(context)?;
    let boa_parse = json.get(js_string!("parse"), context)?;
    let parse = function(
        context,
        "parse",
        2,
        NativeFunction::from_copy_closure_with_captures(
            |this, args, boa_parse, context| {
                if arg(args, 1).is_callable() {
                    let Some(boa_parse) = boa_parse.as_callable() else {
                        return Err(error("internal error: boa's JSON.parse is not callable"));
                    };
                    return boa_parse.call(this, args, context);
                }
                let syntax = |message: String| JsNativeError::syntax().with_message(message);
                let text = arg(args, 0)
                    .to_string(context)?
                    .to_std_string()
                    .map_err(|e| syntax(e.to_string()))?;
                let value = serde_json::from_str::<serde_json::Value>(&text)
                    .map_err(|e| syntax(e.to_string()))?;
                JsValue::from_json(&value, context)
            },
            boa_parse,
        ),
    );
    define_method(&json, "parse", parse, context)
}
