//! One call's edges: turning arguments into `execute(args, context)`, and its
//! value or error into the text the model reads.
//!
//! Owns the rules: a string result is returned as is, `undefined` becomes the
//! empty string, anything else is `JSON.stringify(value, null, 2)` (the
//! intrinsic, captured before any tool ran, so a tool cannot replace it,
//! or its native serializer for plain data directly); a
//! thrown `Error` gives its `message`, any other thrown value its string (or
//! JSON) form. It does not schedule anything; `host.rs` drives the call.

use boa_engine::{Context, JsError, JsObject, JsResult, JsString, JsValue, js_string};

use crate::api::{CallOutcome, CallRequest};
use crate::limits;
use crate::signal::CallSignal;
use crate::state::HostState;

/// How a call ended, before it is turned into text.
pub(crate) enum Settled {
    Returned(JsValue),
    Threw(JsValue),
    /// Stopped by the host (deadline, limit, budget) with this message.
    Failed(String),
}

pub(crate) struct Invoked {
    /// Aborts `context.signal` when the host stops the call.
    pub(crate) signal: CallSignal,
    /// `Ok(returned)` (maybe a promise) or how the synchronous part ended.
    pub(crate) result: Result<JsValue, Settled>,
}

/// Builds `args` and `context` and calls `execute` with `this` = the tool object.
pub(crate) fn invoke(
    tool: &JsObject,
    execute: &JsObject,
    request: &CallRequest,
    state: &HostState,
    context: &mut Context,
) -> Result<Invoked, String> {
    // Read once, by the same parser boa's `JSON.parse` checks its input with
    // (so the same texts are refused), and built without going through
    // `JSON.parse`, which then parses the text again as a script, compiles
    // and runs it: most of a small call's cost.
    let args = match serde_json::from_str::<serde_json::Value>(&request.args_json) {
        Ok(args) => args,
        Err(e) => return Err(format!("the arguments are not valid JSON: {e}")),
    };
    let preparing = |e: JsError| format!("internal error preparing the call: {e}");
    let args = JsValue::from_json(&args, context).map_err(preparing)?;
    let (call_context, signal) = call_context(request, state, context).map_err(preparing)?;
    let result = match execute.call(&tool.clone().into(), &[args, call_context.into()], context) {
        Ok(value) => Ok(value),
        Err(error) => Err(settled_from_error(error, context)),
    };
    Ok(Invoked { signal, result })
}

/// `{ sessionId, agent, directory, env, signal }`, the signal's accessor
/// made by [`CallSignal`].
fn call_context(
    request: &CallRequest,
    state: &HostState,
    context: &mut Context,
) -> JsResult<(JsObject, CallSignal)> {
    let env = JsObject::with_object_proto(context.intrinsics());
    for (name, value) in &request.context.env {
        env.create_data_property_or_throw(
            JsString::from(name.as_str()),
            JsString::from(value.as_str()),
            context,
        )?;
    }
    let (call_context, signal) = CallSignal::new_context(context);
    let directory = state.project_dir.display().to_string();
    // Static key strings: a call allocates none for its context's names.
    for (name, value) in [
        (
            js_string!("sessionId"),
            JsValue::from(JsString::from(request.context.session_id.as_str())),
        ),
        (
            js_string!("agent"),
            JsString::from(request.context.agent.as_str()).into(),
        ),
        (
            js_string!("directory"),
            JsString::from(directory.as_str()).into(),
        ),
        (js_string!("env"), env.into()),
    ] {
        call_context.create_data_property_or_throw(name, value, context)?;
    }
    signal.define(&call_context, context)?;
    Ok((call_context, signal))
}

fn settled_from_error(error: JsError, context: &mut Context) -> Settled {
    if error.as_engine().is_some() {
        return Settled::Failed(limits::describe(&error));
    }
    match error.into_opaque(context) {
        Ok(value) => Settled::Threw(value),
        Err(error) => Settled::Failed(limits::describe(&error)),
    }
}

fn internal(internals: &JsObject, name: &str, context: &mut Context) -> Result<JsObject, String> {
    internals
        .get(JsString::from(name), context)
        .ok()
        .and_then(|v| v.as_object())
        .ok_or_else(|| format!("internal error: the prelude has no `{name}`"))
}

/// The text the model reads for a settled call.
pub(crate) fn render(settled: Settled, internals: &JsObject, context: &mut Context) -> CallOutcome {
    match settled {
        Settled::Returned(value) => {
            if let Some(text) = value.as_string() {
                return CallOutcome::Ok(text.to_std_string_escaped());
            }
            if value.is_undefined() {
                return CallOutcome::Ok(String::new());
            }
            match stringify(&value, true, internals, context) {
                Ok(Some(text)) => CallOutcome::Ok(text),
                Ok(None) => CallOutcome::Ok(String::new()),
                Err(message) => CallOutcome::ToolError(format!(
                    "the tool's result cannot be converted to JSON: {message}"
                )),
            }
        }
        Settled::Threw(value) => CallOutcome::ToolError(thrown_text(&value, context)),
        Settled::Failed(message) => CallOutcome::ToolError(message),
    }
}

/// `JSON.stringify(value, null, 2)` (or compact), through the saved intrinsic.
pub(crate) fn stringify(
    value: &JsValue,
    indent: bool,
    internals: &JsObject,
    context: &mut Context,
) -> Result<Option<String>, String> {
    // Plain data (most results) is written natively, as the realm's own
    // `JSON.stringify` would first try; the rest goes through it.
    if let Some(text) = crate::fast::json::serialize(value, if indent { "  " } else { "" }, context)
    {
        return Ok(text);
    }
    let stringify = internal(internals, "stringify", context)?;
    let space = if indent {
        JsValue::from(2)
    } else {
        JsValue::undefined()
    };
    match stringify.call(
        &JsValue::undefined(),
        &[value.clone(), JsValue::null(), space],
        context,
    ) {
        Ok(text) => Ok(text.as_string().map(|s| s.to_std_string_escaped())),
        Err(error) => Err(error_text(&error, context)),
    }
}

/// The message of a thrown value: `Error#message` (getters run), a string as
/// is, any other object as JSON, other values by `String(value)`.
pub(crate) fn thrown_text(value: &JsValue, context: &mut Context) -> String {
    if let Some(text) = value.as_string() {
        return text.to_std_string_escaped();
    }
    if let Some(object) = value.as_object() {
        if let Ok(message) = object.get(js_string!("message"), context)
            && !message.is_undefined()
            && let Ok(text) = message.to_string(context)
        {
            let text = text.to_std_string_escaped();
            if !text.is_empty() {
                return text;
            }
            if let Ok(name) = object.get(js_string!("name"), context)
                && let Ok(name) = name.to_string(context)
            {
                return name.to_std_string_escaped();
            }
        }
        if !object.is_callable()
            && let Some(internals) = context
                .get_data::<std::rc::Rc<HostState>>()
                .and_then(|s| s.builtins.borrow().clone())
            && let Ok(Some(text)) = stringify(value, false, &internals, context)
        {
            return text;
        }
    }
    match value.to_string(context) {
        Ok(text) => text.to_std_string_escaped(),
        Err(_) => "the tool threw a value that cannot be shown".to_string(),
    }
}

/// What a module that threw while it was evaluated is reported with (the
/// daemon's log, `validate --deep`): unlike a call's error, which the model
/// reads as the bare message, a load error names the error type and the
/// first place in the author's code, so a person can find it.
pub(crate) fn load_thrown_text(value: &JsValue, context: &mut Context) -> String {
    let message = thrown_text(value, context);
    let Some(object) = value.as_object() else {
        return message;
    };
    let text_of = |key, context: &mut Context| {
        object
            .get(key, context)
            .ok()
            .filter(|v| !v.is_undefined())
            .and_then(|v| v.to_string(context).ok())
            .map(|s| s.to_std_string_escaped())
    };
    // A plain `Error` adds nothing to its message (the platform's wording,
    // `Cannot find package 'zod'`, stays as it is); `SyntaxError` does.
    let name = text_of(js_string!("name"), context)
        .filter(|n| n != "Error" && !message.starts_with(n.as_str()));
    let place = text_of(js_string!("stack"), context).and_then(|stack| {
        stack
            .lines()
            .map(str::trim)
            .find_map(|line| line.strip_prefix("at "))
            .map(str::to_string)
    });
    let mut text = match name {
        Some(name) => format!("{name}: {message}"),
        None => message,
    };
    if text.ends_with("WebAssembly is not defined") {
        // Packages that feature-test `typeof WebAssembly` fall back to JS;
        // one that needs it fails here, and the author should know why.
        text.push_str(": this runtime has no WebAssembly (boa has no WebAssembly engine)");
    }
    if let Some(place) = place {
        text.push_str(&format!(" (at {place})"));
    }
    text
}

/// The message of an error raised on the Rust side of an operation.
pub(crate) fn error_text(error: &JsError, context: &mut Context) -> String {
    if error.as_engine().is_some() {
        return limits::describe(error);
    }
    match error.clone().into_opaque(context) {
        Ok(value) => thrown_text(&value, context),
        Err(_) => error.to_string(),
    }
}
