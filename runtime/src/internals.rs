//! The host's internals, built in Rust when a host starts: `need`, which runs
//! a prelude unit the first time something asks for it, `builtin`, which
//! makes the object of a `node:*` or `bun` module, `hostInfo`, and
//! `loadCommonJs`.
//!
//! They were JS once, and parsing that JS was a fifth of a cold
//! `beeuni tools call`: boa parses about 10 KB of JS per millisecond, so a
//! host that starts without parsing anything leaves the parser's first use to
//! the tool itself. The units (`js/*.js`) see the same functions as before:
//! each unit body runs as `function (host, need, jsonStringify, jsonParse,
//! hostInfo)`.

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::js_value::{define_method, error, function, realm_json, string_arg};
use crate::prelude;
use crate::state::HostState;

/// Builds the internals object (`need`, `builtin`, `loadCommonJs`,
/// `stringify`) over the native operations `host`.
///
/// `JSON.stringify` and `JSON.parse` are saved here, before any tool runs:
/// the host serialises results with the one and the prelude units read with
/// the other, so a tool that replaces either cannot change what the model
/// reads or what the runtime's own APIs return.
pub(crate) fn build(host: &JsObject, context: &mut Context) -> JsResult<JsObject> {
    let json = realm_json(context)?;
    let json_stringify = json.get(js_string!("stringify"), context)?;
    let json_parse = json.get(js_string!("parse"), context)?;
    let internals = JsObject::with_null_proto();
    // Each unit's exports by name; `null` while the unit runs, so that two
    // units needing each other at their top level fail loudly instead of
    // seeing half-built exports.
    let units = JsObject::with_null_proto();

    let host_info = host_info(host, &json_parse, context)?;
    let need = function(
        context,
        "need",
        1,
        NativeFunction::from_copy_closure_with_captures(
            |_, args, (units, host, json_stringify, json_parse, host_info, internals), context| {
                let name = string_arg(args, 0, context)?;
                let key = JsString::from(name.as_str());
                let known = units.get(key.clone(), context)?;
                if known.is_null() {
                    return Err(error(format!(
                        "internal error: prelude unit {name} needs itself while it loads"
                    )));
                }
                if !known.is_undefined() {
                    return Ok(known);
                }
                units.create_data_property_or_throw(key.clone(), JsValue::null(), context)?;
                let need = internals.get(js_string!("need"), context)?;
                let ran = prelude::compile_unit(&name, context).and_then(|unit| {
                    let unit = unit.as_object().ok_or_else(|| {
                        error(format!("the prelude unit {name} is not a function"))
                    })?;
                    unit.call(
                        &JsValue::undefined(),
                        &[
                            host.clone().into(),
                            need,
                            json_stringify.clone(),
                            json_parse.clone(),
                            host_info.clone().into(),
                        ],
                        context,
                    )
                });
                units.delete_property_or_throw(key.clone(), context)?;
                let exports = ran?;
                units.create_data_property_or_throw(key, exports.clone(), context)?;
                Ok(exports)
            },
            (
                units.clone(),
                host.clone(),
                json_stringify.clone(),
                json_parse.clone(),
                host_info,
                internals.clone(),
            ),
        ),
    );
    // `need.ifLoaded(name)`: a unit's exports if it has run, for code that
    // only handles a type (Buffer) when a tool could have made one.
    let if_loaded = function(
        context,
        "ifLoaded",
        1,
        NativeFunction::from_copy_closure_with_captures(
            |_, args, units, context| {
                let name = string_arg(args, 0, context)?;
                let known = units.get(JsString::from(name.as_str()), context)?;
                Ok(if known.is_object() {
                    known
                } else {
                    JsValue::undefined()
                })
            },
            units.clone(),
        ),
    );
    need.create_data_property_or_throw(js_string!("ifLoaded"), if_loaded, context)?;

    // `node:NAME` or `bun` for import and require: the same object every
    // time, since a unit runs once.
    let builtin = function(
        context,
        "builtin",
        1,
        NativeFunction::from_copy_closure_with_captures(
            |_, args, internals, context| {
                let name = string_arg(args, 0, context)?;
                let (unit, export) = prelude::builtin_unit(&name)
                    .ok_or_else(|| error(format!("{name} is not provided by this runtime")))?;
                let exports = self::need(internals, unit, context)?;
                match exports.as_object() {
                    Some(exports) => exports.get(JsString::from(export), context),
                    None => Ok(JsValue::undefined()),
                }
            },
            internals.clone(),
        ),
    );
    let core = JsObject::with_null_proto();
    core.create_data_property_or_throw(js_string!("builtin"), builtin.clone(), context)?;
    units.create_data_property_or_throw(js_string!("core"), core, context)?;

    let load_common_js = function(
        context,
        "loadCommonJs",
        1,
        NativeFunction::from_copy_closure_with_captures(
            |_, args, internals, context| {
                let commonjs = self::need(internals, "internal/commonjs", context)?;
                let load = commonjs
                    .as_object()
                    .map(|c| c.get(js_string!("loadCommonJs"), context))
                    .transpose()?
                    .and_then(|f| f.as_object())
                    .ok_or_else(|| error("the commonjs unit has no loadCommonJs"))?;
                load.call(&JsValue::undefined(), args, context)
            },
            internals.clone(),
        ),
    );

    for (name, value) in [
        ("need", JsValue::from(need)),
        ("builtin", builtin.into()),
        ("loadCommonJs", load_common_js.into()),
        ("stringify", json_stringify),
    ] {
        internals.create_data_property_or_throw(JsString::from(name), value, context)?;
    }
    Ok(internals)
}

/// Defines `Array.fromAsync`, which boa 0.22 lacks, as a built-in method is
/// defined (writable, configurable, not enumerable): a native function that
/// runs the `internal/array_from_async` unit on its first call and hands it its
/// receiver and arguments, so that a host still starts without parsing JS.
pub(crate) fn install_array_from_async(
    internals: &JsObject,
    context: &mut Context,
) -> JsResult<()> {
    let array = context
        .global_object()
        .get(js_string!("Array"), context)?
        .as_object()
        .ok_or_else(|| error("the realm has no Array constructor"))?;
    let from_async = function(
        context,
        "fromAsync",
        1,
        NativeFunction::from_copy_closure_with_captures(
            |this, args, internals, context| {
                let exports = self::need(internals, "internal/array_from_async", context)?;
                let implementation = exports
                    .as_object()
                    .map(|e| e.get(js_string!("fromAsync"), context))
                    .transpose()?
                    .and_then(|f| f.as_object())
                    .ok_or_else(|| error("the array_from_async unit has no fromAsync"))?;
                implementation.call(this, args, context)
            },
            internals.clone(),
        ),
    );
    define_method(&array, "fromAsync", from_async, context)
}

/// Runs `need(unit)` of the host whose internals are `internals`.
pub(crate) fn need(internals: &JsObject, unit: &str, context: &mut Context) -> JsResult<JsValue> {
    let need = internals
        .get(js_string!("need"), context)?
        .as_object()
        .ok_or_else(|| error("the runtime prelude has no `need`"))?;
    need.call(
        &JsValue::undefined(),
        &[JsString::from(unit).into()],
        context,
    )
}

/// Runs `need(unit)` of the host `context` belongs to.
pub(crate) fn need_in(unit: &str, context: &mut Context) -> JsResult<JsValue> {
    let internals = HostState::of(context)
        .builtins
        .borrow()
        .clone()
        .ok_or_else(|| error("the runtime prelude did not load"))?;
    need(&internals, unit, context)
}

/// `hostInfo()`: the machine facts `process` and `os` show (`host.hostInfo()`
/// parsed once), with `startedAt`, the host's start on the `host.now()`
/// clock, from which `process.uptime()` counts.
fn host_info(host: &JsObject, json_parse: &JsValue, context: &mut Context) -> JsResult<JsObject> {
    let cache = JsObject::with_null_proto();
    let now = host
        .get(js_string!("now"), context)?
        .as_object()
        .ok_or_else(|| error("the native operations have no now"))?
        .call(&JsValue::undefined(), &[], context)?;
    cache.create_data_property_or_throw(js_string!("startedAt"), now, context)?;
    Ok(function(
        context,
        "hostInfo",
        0,
        NativeFunction::from_copy_closure_with_captures(
            |_, _, (cache, host, json_parse), context| {
                let info = cache.get(js_string!("info"), context)?;
                if !info.is_undefined() {
                    return Ok(info);
                }
                let text = host
                    .get(js_string!("hostInfo"), context)?
                    .as_object()
                    .ok_or_else(|| error("the native operations have no hostInfo"))?
                    .call(&JsValue::undefined(), &[], context)?;
                let info = json_parse
                    .as_object()
                    .ok_or_else(|| error("JSON.parse is not a function"))?
                    .call(&JsValue::undefined(), &[text], context)?;
                if let Some(object) = info.as_object() {
                    let started_at = cache.get(js_string!("startedAt"), context)?;
                    object.create_data_property_or_throw(
                        js_string!("startedAt"),
                        started_at,
                        context,
                    )?;
                }
                cache.create_data_property_or_throw(js_string!("info"), info.clone(), context)?;
                Ok(info)
            },
            (cache, host.clone(), json_parse.clone()),
        ),
    ))
}
