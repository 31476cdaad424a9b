//! `Function` retried with the loader's rewrites when boa refuses a body.
//!
//! Template engines compile templates into JavaScript at run time, with
//! `new Function(…)`: ejs writes `let __line = 1\n  , __lines = …`, a
//! comma-first declaration boa 0.22's parser refuses, so every ejs template
//! failed to compile where Bun renders it. The global `Function` is a proxy
//! of boa's: a body boa refused with a SyntaxError is given the rewrites
//! `boa_quirks::after_refusal` gives a file boa refused, and tried once
//! more; if no rewrite applies, or boa refuses the rewritten body too, the
//! first error stands. `Function.prototype.constructor` is the proxy, so
//! `(function () {}).constructor === Function` holds as before.

use boa_engine::object::builtins::JsProxy;
use boa_engine::{Context, JsError, JsObject, JsResult, JsValue, js_string};

use crate::boa_quirks::function_body_after_refusal;
use crate::js_value::{array_items, trap_target};

/// Installs the proxy over the realm's `Function`.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let global = context.global_object();
    let function = context.intrinsics().constructors().function().constructor();
    let proxy: JsObject = JsProxy::builder(function.clone())
        .construct(construct)
        .apply(apply)
        .build(context)?
        .into();
    let prototype = context.intrinsics().constructors().function().prototype();
    prototype.set(js_string!("constructor"), proxy.clone(), true, context)?;
    global.set(js_string!("Function"), proxy, true, context)?;
    Ok(())
}

/// The `construct` trap: `[target, argumentsList, newTarget]`.
fn construct(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let target = trap_target(args)?;
    let items = array_items(args.get(1), context)?;
    let new_target = args
        .get(2)
        .and_then(JsValue::as_object)
        .unwrap_or_else(|| target.clone());
    retried(items, context, |items, context| {
        Ok(target.construct(items, Some(&new_target), context)?.into())
    })
}

/// The `apply` trap (`Function('return 1')`): `[target, thisArgument, argumentsList]`.
fn apply(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let target = trap_target(args)?;
    let this = args.get(1).cloned().unwrap_or_default();
    let items = array_items(args.get(2), context)?;
    retried(items, context, |items, context| {
        target.call(&this, items, context)
    })
}

/// Runs `make` with `items`, and once more with the body rewritten when boa
/// refused it.
fn retried(
    mut items: Vec<JsValue>,
    context: &mut Context,
    make: impl Fn(&[JsValue], &mut Context) -> JsResult<JsValue>,
) -> JsResult<JsValue> {
    let refused = match make(&items, context) {
        Ok(made) => return Ok(made),
        Err(refused) => refused,
    };
    if !is_syntax_error(&refused) {
        return Err(refused);
    }
    let Some(body) = items.last().and_then(JsValue::as_string) else {
        return Err(refused);
    };
    let Some(fixed) = function_body_after_refusal(&body.to_std_string_escaped()) else {
        return Err(refused);
    };
    if let Some(last) = items.last_mut() {
        *last = js_string!(fixed.as_str()).into();
    }
    make(&items, context).map_err(|_| refused)
}

fn is_syntax_error(error: &JsError) -> bool {
    error
        .as_native()
        .is_some_and(|native| matches!(native.kind(), boa_engine::JsNativeErrorKind::Syntax))
}
