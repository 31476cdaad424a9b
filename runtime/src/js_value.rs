//! Small helpers for values crossing between Rust and JS: the errors a
//! native function throws, reading its arguments, and defining a native
//! accessor or function.
//!
//! A leaf: it knows boa and nothing of the host, the prelude or the
//! operations, so every one of those can use it without importing another.

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{
    Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
};

/// A plain `Error` with `message`.
pub(crate) fn error(message: impl Into<String>) -> JsError {
    JsNativeError::error().with_message(message.into()).into()
}

/// A `TypeError` with `message`.
pub(crate) fn type_error(message: impl Into<String>) -> JsError {
    JsNativeError::typ().with_message(message.into()).into()
}

/// `args[index]`, or `undefined` when the caller passed fewer.
pub(crate) fn arg(args: &[JsValue], index: usize) -> JsValue {
    args.get(index).cloned().unwrap_or_default()
}

/// `String(args[index])`.
pub(crate) fn string_arg(
    args: &[JsValue],
    index: usize,
    context: &mut Context,
) -> JsResult<String> {
    Ok(arg(args, index).to_string(context)?.to_std_string_escaped())
}

/// Defines `name` on `object` as an accessor of two native functions,
/// enumerable and configurable, as an assignment would leave it.
pub(crate) fn define_accessor(
    object: &JsObject,
    name: &str,
    get: NativeFunction,
    set: NativeFunction,
    context: &mut Context,
) -> JsResult<()> {
    let get = function(context, &format!("get {name}"), 0, get);
    let set = function(context, &format!("set {name}"), 1, set);
    define_accessor_pair(object, JsString::from(name), get, set, context)
}

/// Defines `name` on `object` as an accessor of existing function objects
/// (a pair shared by many objects), enumerable and configurable.
pub(crate) fn define_accessor_pair(
    object: &JsObject,
    name: JsString,
    get: JsObject,
    set: JsObject,
    context: &mut Context,
) -> JsResult<()> {
    object.define_property_or_throw(
        name,
        PropertyDescriptor::builder()
            .get(get)
            .set(set)
            .enumerable(true)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// Defines `name` on `object` as a built-in method: writable, configurable
/// and not enumerable, as the engine's own methods are.
pub(crate) fn define_method(
    object: &JsObject,
    name: &str,
    method: JsObject,
    context: &mut Context,
) -> JsResult<()> {
    object.define_property_or_throw(
        JsString::from(name),
        PropertyDescriptor::builder()
            .value(method)
            .writable(true)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// A function object named `name` with `length` over a native body.
pub(crate) fn function(
    context: &mut Context,
    name: &str,
    length: usize,
    body: NativeFunction,
) -> JsObject {
    FunctionObjectBuilder::new(context.realm(), body)
        .name(JsString::from(name))
        .length(length)
        .build()
        .into()
}

/// The realm's `JSON` object.
pub(crate) fn realm_json(context: &mut Context) -> JsResult<JsObject> {
    context
        .global_object()
        .get(JsString::from("JSON"), context)?
        .as_object()
        .ok_or_else(|| error("the realm has no JSON object"))
}

/// The elements of `value` (an array the engine made, such as a proxy
/// trap's arguments list) as a vector; empty when it is not an object.
pub(crate) fn array_items(
    value: Option<&JsValue>,
    context: &mut Context,
) -> JsResult<Vec<JsValue>> {
    let Some(array) = value.and_then(JsValue::as_object) else {
        return Ok(Vec::new());
    };
    let array = boa_engine::object::builtins::JsArray::from_object(array)?;
    let len = array.length(context)?;
    (0..len).map(|i| array.get(i, context)).collect()
}

/// The target of a proxy trap's arguments (their first).
pub(crate) fn trap_target(args: &[JsValue]) -> JsResult<JsObject> {
    args.first()
        .and_then(JsValue::as_object)
        .ok_or_else(|| error("a proxy trap called without its target"))
}
