//! `error.stack` as V8 and JavaScriptCore write it, and
//! `Error.captureStackTrace`.
//!
//! boa 0.22's `stack` (an accessor on `Error.prototype`) lists the frames
//! only; Node and Bun start it with the error's `Name: message` line, and
//! packages and tools split the stack on that (`err.stack.split('\n')[0]`).
//! `Error.captureStackTrace(target)`, which many packages call on their own
//! error classes, does not exist in boa at all. Both are natives installed
//! when a host starts, so they cost no prelude unit.

use boa_engine::object::builtins::JsFunction;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::js_value::{define_method, function};

/// Wraps `Error.prototype.stack`'s getter and defines
/// `Error.captureStackTrace`.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let error = context.intrinsics().constructors().error();
    let prototype = error.prototype();
    let constructor = error.constructor();
    let Some(original) = stack_getter(&prototype, context)? else {
        return Ok(());
    };
    let get = NativeFunction::from_copy_closure_with_captures(
        |this, _, original, context| {
            let frames = original.call(this, &[], context)?;
            let (Some(object), Some(frames)) = (this.as_object(), frames.as_string()) else {
                return Ok(frames);
            };
            let frames = frames.to_std_string_escaped();
            Ok(JsString::from(with_header(&header(&object, context)?, &frames)).into())
        },
        original.clone(),
    );
    let get = function(context, "get stack", 0, get);
    // Kept as boa defines it (a setter that makes an own data property).
    let set = descriptor_part(&prototype, "set", context)?;
    let mut descriptor = PropertyDescriptor::builder()
        .get(get)
        .enumerable(false)
        .configurable(true);
    if let Some(set) = set {
        descriptor = descriptor.set(JsValue::from(set));
    }
    prototype.define_property_or_throw(js_string!("stack"), descriptor, context)?;

    let capture = NativeFunction::from_copy_closure_with_captures(
        |_, args, (original, constructor), context| {
            let Some(target) = args.first().and_then(JsValue::as_object) else {
                return Err(boa_engine::JsNativeError::typ()
                    .with_message("Invalid argument")
                    .into());
            };
            // A fresh error's frames are the caller's: a native adds none.
            let fresh = constructor.construct(&[], None, context)?;
            let frames = original.call(&fresh.into(), &[], context)?;
            let frames = frames
                .as_string()
                .map(|s| s.to_std_string_escaped())
                .unwrap_or_default();
            // JavaScriptCore (Bun) heads a non-error target's stack `Error`.
            let is_error =
                JsValue::from(target.clone()).instance_of(&constructor.clone().into(), context)?;
            let head = if is_error {
                header(&target, context)?
            } else {
                "Error".to_string()
            };
            let stack = with_header(&head, &frames);
            target.define_property_or_throw(
                js_string!("stack"),
                PropertyDescriptor::builder()
                    .value(JsString::from(stack))
                    .writable(true)
                    .enumerable(false)
                    .configurable(true),
                context,
            )?;
            Ok(JsValue::undefined())
        },
        (original, constructor.clone()),
    );
    let capture = function(context, "captureStackTrace", 2, capture);
    define_method(&constructor, "captureStackTrace", capture, context)?;
    // Read by packages that format V8 stacks; boa has no limit of its own.
    constructor.set(js_string!("stackTraceLimit"), 10, false, context)?;
    Ok(())
}

fn stack_getter(prototype: &JsObject, context: &mut Context) -> JsResult<Option<JsFunction>> {
    Ok(descriptor_part(prototype, "get", context)?.and_then(JsFunction::from_object))
}

/// `Object.getOwnPropertyDescriptor(object, 'stack')[part]`, through the
/// realm's own function: boa 0.22 keeps the internal method crate-private.
fn descriptor_part(
    object: &JsObject,
    part: &str,
    context: &mut Context,
) -> JsResult<Option<JsObject>> {
    let global = context.global_object();
    let object_ctor = global.get(js_string!("Object"), context)?;
    let Some(get_descriptor) = object_ctor
        .as_object()
        .map(|o| o.get(js_string!("getOwnPropertyDescriptor"), context))
        .transpose()?
        .and_then(|f| f.as_object())
    else {
        return Ok(None);
    };
    let descriptor = get_descriptor.call(
        &object_ctor,
        &[object.clone().into(), js_string!("stack").into()],
        context,
    )?;
    let Some(descriptor) = descriptor.as_object() else {
        return Ok(None);
    };
    Ok(descriptor.get(JsString::from(part), context)?.as_object())
}

/// `Name: message` as `Error.prototype.toString` makes it.
fn header(object: &JsObject, context: &mut Context) -> JsResult<String> {
    let name = object.get(js_string!("name"), context)?;
    let name = if name.is_undefined() {
        "Error".to_string()
    } else {
        name.to_string(context)?.to_std_string_escaped()
    };
    let message = object.get(js_string!("message"), context)?;
    let message = if message.is_undefined() {
        String::new()
    } else {
        message.to_string(context)?.to_std_string_escaped()
    };
    Ok(match (name.is_empty(), message.is_empty()) {
        (_, true) => name,
        (true, false) => message,
        (false, false) => format!("{name}: {message}"),
    })
}

fn with_header(header: &str, frames: &str) -> String {
    let frames = frames.trim_end();
    if frames.is_empty() {
        header.to_string()
    } else {
        format!("{header}\n{frames}")
    }
}

#[cfg(test)]
mod tests {
    use super::with_header;

    #[test]
    fn the_header_line_comes_first_and_no_newline_ends_it() {
        assert_eq!(
            with_header("TypeError: boom", "    at f (t.ts:1:2)\n"),
            "TypeError: boom\n    at f (t.ts:1:2)"
        );
        assert_eq!(with_header("Error", ""), "Error");
    }
}
