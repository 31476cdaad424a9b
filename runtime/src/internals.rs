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

/// Completes boa 0.22's `Intl` from the `internal/intl` (numbers) and
/// `internal/intl_dates` units, each run on first use (a host still starts without parsing JS): `Intl.DateTimeFormat`
/// (numeric fields as asked, `formatToParts`, `formatRange`),
/// `Intl.NumberFormat` (currency and percent styles, `formatToParts`) and
/// `Intl.RelativeTimeFormat` become accessors, not enumerable, read and
/// assigned as the built-ins' data properties are; `Date.prototype`'s
/// `toLocaleString`, `toLocaleDateString` and `toLocaleTimeString` go
/// through the unit's `DateTimeFormat`; and `Number.prototype.toLocaleString`
/// takes the unit's path for a currency or percent style (and NaN and the
/// infinities), boa's for the rest. Each unit's `setUp` gets boa's originals once.
pub(crate) fn install_intl(internals: &JsObject, context: &mut Context) -> JsResult<()> {
    let global = context.global_object();
    fn object(value: JsValue, what: &str) -> JsResult<JsObject> {
        value
            .as_object()
            .ok_or_else(|| error(format!("the realm has no {what}")))
    }
    let intl = object(global.get(js_string!("Intl"), context)?, "Intl")?;
    let number_format = intl.get(js_string!("NumberFormat"), context)?;
    let date_time_format = intl.get(js_string!("DateTimeFormat"), context)?;
    let number_proto = object(
        object(global.get(js_string!("Number"), context)?, "Number")?
            .get(js_string!("prototype"), context)?,
        "Number.prototype",
    )?;
    let to_locale_string = number_proto.get(js_string!("toLocaleString"), context)?;
    let originals = JsObject::with_null_proto();
    originals.create_data_property_or_throw(js_string!("NumberFormat"), number_format, context)?;
    originals.create_data_property_or_throw(
        js_string!("DateTimeFormat"),
        date_time_format,
        context,
    )?;
    // What each unit's `setUp` made and what a tool assigned, by name.
    let known = JsObject::with_null_proto();
    let captures = (internals.clone(), originals, known.clone());
    fn made(
        (internals, originals, known): &(JsObject, JsObject, JsObject),
        name: &JsString,
        context: &mut Context,
    ) -> JsResult<JsValue> {
        let dates = name.to_std_string_escaped();
        let dates = dates == "DateTimeFormat" || dates.starts_with("dateToLocale");
        let key = if dates {
            js_string!("\0dates")
        } else {
            js_string!("\0numbers")
        };
        let parts = known.get(key.clone(), context)?;
        let parts = match parts.as_object() {
            Some(parts) => parts,
            None => {
                // A tool that formats only dates parses only their unit.
                let exports = if dates {
                    self::need(internals, "internal/intl_dates", context)?
                } else {
                    self::need(internals, "internal/intl", context)?
                };
                let set_up = exports
                    .as_object()
                    .map(|e| e.get(js_string!("setUp"), context))
                    .transpose()?
                    .and_then(|f| f.as_object())
                    .ok_or_else(|| error("the intl unit has no setUp"))?;
                let parts =
                    set_up.call(&JsValue::undefined(), &[originals.clone().into()], context)?;
                known.create_data_property_or_throw(key, parts.clone(), context)?;
                parts
                    .as_object()
                    .ok_or_else(|| error("the intl unit's setUp made nothing"))?
            }
        };
        parts.get(name.clone(), context)
    }
    for name in ["DateTimeFormat", "NumberFormat", "RelativeTimeFormat"] {
        let captures = (captures.clone(), JsString::from(name));
        let get = NativeFunction::from_copy_closure_with_captures(
            |_, _, (captures, name), context| {
                if captures.2.has_own_property(name.clone(), context)? {
                    return captures.2.get(name.clone(), context);
                }
                made(captures, name, context)
            },
            captures.clone(),
        );
        let set = NativeFunction::from_copy_closure_with_captures(
            |_, args, ((_, _, known), name), context| {
                let value = args.first().cloned().unwrap_or_default();
                known.create_data_property_or_throw(name.clone(), value, context)?;
                Ok(JsValue::undefined())
            },
            captures,
        );
        let get = function(context, &format!("get {name}"), 0, get);
        let set = function(context, &format!("set {name}"), 1, set);
        intl.define_property_or_throw(
            JsString::from(name),
            boa_engine::property::PropertyDescriptor::builder()
                .get(get)
                .set(set)
                .enumerable(false)
                .configurable(true),
            context,
        )?;
    }
    let date_proto = object(
        object(global.get(js_string!("Date"), context)?, "Date")?
            .get(js_string!("prototype"), context)?,
        "Date.prototype",
    )?;
    for (name, export) in [
        ("toLocaleString", "dateToLocaleString"),
        ("toLocaleDateString", "dateToLocaleDateString"),
        ("toLocaleTimeString", "dateToLocaleTimeString"),
    ] {
        let method = NativeFunction::from_copy_closure_with_captures(
            |this, args, (captures, export), context| {
                let method = made(captures, export, context)?;
                object(method, "Date.prototype method")?.call(this, args, context)
            },
            (captures.clone(), JsString::from(export)),
        );
        let method = function(context, name, 0, method);
        define_method(&date_proto, name, method, context)?;
    }
    let method = NativeFunction::from_copy_closure_with_captures(
        |this, args, (captures, original), context| {
            let style = match args.get(1).and_then(JsValue::as_object) {
                Some(options) => options.get(js_string!("style"), context)?,
                None => JsValue::undefined(),
            };
            // boa's own throws for NaN and the infinities.
            let ours = style.as_string().is_some_and(|style| {
                let style = style.to_std_string_escaped();
                style == "currency" || style == "percent"
            }) || this.as_number().is_some_and(|n| !n.is_finite());
            if ours {
                let method = made(captures, &js_string!("numberToLocaleString"), context)?;
                return object(method, "toLocaleString")?.call(this, args, context);
            }
            object(original.clone(), "Number.prototype.toLocaleString")?.call(this, args, context)
        },
        (captures, to_locale_string),
    );
    let method = function(context, "toLocaleString", 0, method);
    define_method(&number_proto, "toLocaleString", method, context)
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
