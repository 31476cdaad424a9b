//! The JS prelude: the Node, Bun and web APIs tools use, written in JS over
//! the native operations of `ops/`, and embedded in the binary.
//!
//! Owns the tables that say which code makes which global and which built-in
//! module, and the lazy globals. Parsing is most of what a host costs to
//! start (boa parses about 10 KB of JS per millisecond), so no JS runs when a
//! host starts: every file under `js/` is a *unit*, a function body that
//! `need(name)` (`internals.rs`) compiles with [`compile_unit`] and runs the
//! first time a global, a built-in module or another unit asks for it. What
//! a unit does and exports is in the JS.

use std::path::Path;

use boa_engine::{
    Context, JsObject, JsResult, JsString, JsValue, NativeFunction, Script, Source, js_string,
};

use crate::js_value::{define_accessor, error};

/// Every unit by name; a new file under `js/` is added here and named by
/// [`GLOBALS`], [`BUILTINS`] or another unit's `need`.
const UNITS: &[(&str, &str)] = &[
    ("abort", include_str!("js/abort.js")),
    ("array_from_async", include_str!("js/array_from_async.js")),
    ("assert", include_str!("js/assert.js")),
    ("blob", include_str!("js/blob.js")),
    ("buffer", include_str!("js/buffer.js")),
    ("bun", include_str!("js/bun.js")),
    ("bun_hash", include_str!("js/bun_hash.js")),
    ("bun_sqlite", include_str!("js/bun_sqlite.js")),
    ("bun_test", include_str!("js/bun_test.js")),
    ("callable", include_str!("js/callable.js")),
    ("child_process", include_str!("js/child_process.js")),
    ("commonjs", include_str!("js/commonjs.js")),
    ("console", include_str!("js/console.js")),
    ("dom", include_str!("js/dom.js")),
    ("events", include_str!("js/events.js")),
    ("fetch", include_str!("js/fetch.js")),
    ("files", include_str!("js/files.js")),
    ("form_read", include_str!("js/form_read.js")),
    ("fs", include_str!("js/fs.js")),
    ("fs_streams", include_str!("js/fs_streams.js")),
    ("http", include_str!("js/http.js")),
    ("inspect", include_str!("js/inspect.js")),
    ("node_buffer", include_str!("js/node_buffer.js")),
    ("node_crypto", include_str!("js/node_crypto.js")),
    ("node_module", include_str!("js/node_module.js")),
    ("node_keys", include_str!("js/node_keys.js")),
    ("node_timers", include_str!("js/node_timers.js")),
    ("node_url", include_str!("js/node_url.js")),
    ("os", include_str!("js/os.js")),
    ("path", include_str!("js/path.js")),
    ("performance", include_str!("js/performance.js")),
    ("process", include_str!("js/process.js")),
    ("querystring", include_str!("js/querystring.js")),
    ("readline", include_str!("js/readline.js")),
    ("stream", include_str!("js/stream.js")),
    ("stream_adapters", include_str!("js/stream_adapters.js")),
    ("stream_consumers", include_str!("js/stream_consumers.js")),
    ("stream_operators", include_str!("js/stream_operators.js")),
    ("stream_pipeline", include_str!("js/stream_pipeline.js")),
    ("streams", include_str!("js/streams.js")),
    ("streams_write", include_str!("js/streams_write.js")),
    ("string_decoder", include_str!("js/string_decoder.js")),
    ("subtle", include_str!("js/subtle.js")),
    ("text_codec", include_str!("js/text_codec.js")),
    ("timers", include_str!("js/timers.js")),
    ("toml_stringify", include_str!("js/toml_stringify.js")),
    ("undici", include_str!("js/undici.js")),
    ("url", include_str!("js/url.js")),
    ("url_search_params", include_str!("js/url_search_params.js")),
    ("util", include_str!("js/util.js")),
    ("vm", include_str!("js/vm.js")),
    ("web_crypto", include_str!("js/web_crypto.js")),
    ("web_url", include_str!("js/web_url.js")),
    ("yaml_stringify", include_str!("js/yaml_stringify.js")),
    ("zlib", include_str!("js/zlib.js")),
];

/// The globals the prelude defines, with the unit whose export of the same
/// name each one is. They are accessors on the global object (enumerable,
/// configurable, as an assignment would make them) whose getter runs the unit
/// on first read; an assignment replaces the value. They are never redefined
/// as data properties: boa 0.22 keeps serving a global's old accessor from its
/// property caches after such a redefinition, and `new Buffer()` at a call
/// site that had run before then fails.
const GLOBALS: &[(&str, &[&str])] = &[
    ("abort", &["AbortController", "AbortSignal"]),
    ("blob", &["Blob", "File", "FormData"]),
    ("buffer", &["Buffer"]),
    ("bun", &["Bun"]),
    ("commonjs", &["require"]),
    ("console", &["console"]),
    ("dom", &["Event", "EventTarget", "DOMException"]),
    ("fetch", &["Headers", "Request", "Response", "fetch"]),
    ("performance", &["performance"]),
    ("process", &["process"]),
    (
        "streams",
        &[
            "ReadableStream",
            "ReadableStreamDefaultReader",
            "ReadableStreamDefaultController",
            "ByteLengthQueuingStrategy",
            "CountQueuingStrategy",
        ],
    ),
    (
        "streams_write",
        &[
            "WritableStream",
            "WritableStreamDefaultWriter",
            "WritableStreamDefaultController",
            "TransformStream",
            "TransformStreamDefaultController",
            "TextEncoderStream",
            "TextDecoderStream",
        ],
    ),
    (
        "timers",
        &[
            "setTimeout",
            "setInterval",
            "clearTimeout",
            "clearInterval",
            "setImmediate",
            "clearImmediate",
        ],
    ),
    (
        "text_codec",
        &["TextEncoder", "TextDecoder", "structuredClone"],
    ),
    ("url_search_params", &["URLSearchParams"]),
    ("web_crypto", &["crypto"]),
    ("web_url", &["URL"]),
];

/// Each built-in module (sorted; `BUILTIN_MODULES` in lib.rs lists the same
/// names) with the unit and export that is the module's object.
pub(crate) const BUILTINS: &[(&str, &str, &str)] = &[
    ("bun", "bun", "Bun"),
    ("bun:sqlite", "bun_sqlite", "Database"),
    ("bun:test", "bun_test", "module"),
    ("node:assert", "assert", "assert"),
    ("node:assert/strict", "assert", "strict"),
    ("node:buffer", "node_buffer", "module"),
    ("node:child_process", "child_process", "childProcess"),
    ("node:crypto", "node_crypto", "nodeCrypto"),
    ("node:events", "events", "EventEmitter"),
    ("node:fs", "fs", "fs"),
    ("node:fs/promises", "fs", "fsPromises"),
    ("node:http", "http", "http"),
    ("node:http2", "http", "http2"),
    ("node:https", "http", "https"),
    ("node:module", "node_module", "module"),
    ("node:os", "os", "os"),
    ("node:path", "path", "path"),
    ("node:path/posix", "path", "path"),
    ("node:perf_hooks", "performance", "perfHooks"),
    ("node:process", "process", "process"),
    ("node:querystring", "querystring", "querystring"),
    ("node:readline", "readline", "readline"),
    ("node:readline/promises", "readline", "promises"),
    ("node:stream", "stream", "Stream"),
    ("node:stream/consumers", "stream_consumers", "consumers"),
    ("node:stream/promises", "stream", "promises"),
    ("node:stream/web", "streams_write", "web"),
    ("node:string_decoder", "string_decoder", "module"),
    ("node:timers", "node_timers", "module"),
    ("node:timers/promises", "timers", "timersPromises"),
    ("node:url", "node_url", "module"),
    ("node:util", "util", "util"),
    ("node:util/types", "util", "types"),
    ("node:vm", "vm", "vm"),
    ("node:zlib", "zlib", "zlib"),
    ("undici", "undici", "undici"),
];

/// The unit and export of the built-in module `name`, if the prelude has it.
pub(crate) fn builtin_unit(name: &str) -> Option<(&'static str, &'static str)> {
    BUILTINS
        .iter()
        .find(|(module, _, _)| *module == name)
        .map(|(_, unit, export)| (*unit, *export))
}

/// boa_runtime's globals that a unit completes: each is moved to `host.NAME`
/// before [`GLOBALS`] replaces it with the unit's version.
const NATIVES_COMPLETED: &[&str] = &[
    "URL",
    "TextEncoder",
    "TextDecoder",
    "structuredClone",
    "setTimeout",
    "setInterval",
    "clearTimeout",
    "clearInterval",
];

/// Defines [`GLOBALS`] on the global object, over the host's `internals`.
///
/// boa_runtime's classes in [`NATIVES_COMPLETED`] are moved to `host` first,
/// for the units that complete them to use when a tool first reads the global.
pub(crate) fn install_globals(
    host: &JsObject,
    internals: &JsObject,
    context: &mut Context,
) -> JsResult<()> {
    for native in NATIVES_COMPLETED {
        let value = context
            .global_object()
            .get(JsString::from(*native), context)?;
        host.create_data_property_or_throw(JsString::from(*native), value, context)?;
    }
    let need = internals
        .get(js_string!("need"), context)?
        .as_object()
        .ok_or_else(|| error("the runtime prelude has no `need`"))?;
    // Values read or assigned so far, by global name; shared by all getters.
    let known = JsObject::with_null_proto();
    for (unit, names) in GLOBALS {
        for name in *names {
            let captures = (
                need.clone(),
                known.clone(),
                JsString::from(*unit),
                JsString::from(*name),
            );
            let get = NativeFunction::from_copy_closure_with_captures(
                |_, _, (need, known, unit, name), context| {
                    if known.has_own_property(name.clone(), context)? {
                        return known.get(name.clone(), context);
                    }
                    let exports =
                        need.call(&JsValue::undefined(), &[unit.clone().into()], context)?;
                    let value = match exports.as_object() {
                        Some(exports) => exports.get(name.clone(), context)?,
                        None => JsValue::undefined(),
                    };
                    known.create_data_property_or_throw(name.clone(), value.clone(), context)?;
                    Ok(value)
                },
                captures.clone(),
            );
            let set = NativeFunction::from_copy_closure_with_captures(
                |_, args, (_, known, _, name), context| {
                    let value = args.first().cloned().unwrap_or_default();
                    known.create_data_property_or_throw(name.clone(), value, context)?;
                    Ok(JsValue::undefined())
                },
                captures,
            );
            let global = context.global_object();
            define_accessor(&global, name, get, set, context)?;
        }
    }
    Ok(())
}

/// Parses the unit `name` and returns it as a function of `(host, need,
/// jsonStringify, jsonParse, hostInfo)` whose result is the unit's exports.
pub(crate) fn compile_unit(name: &str, context: &mut Context) -> JsResult<JsValue> {
    let Some((_, body)) = UNITS.iter().find(|(unit, _)| *unit == name) else {
        return Err(error(format!(
            "internal error: the prelude has no unit {name}"
        )));
    };
    let code = format!(
        "(function (host, need, jsonStringify, jsonParse, hostInfo) {{\n'use strict';\n{body}\n}})"
    );
    let path = format!("beeuni:prelude/{name}.js");
    Script::parse(
        Source::from_bytes(code.as_bytes()).with_path(Path::new(&path)),
        None,
        context,
    )?
    .evaluate(context)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(name: &str) -> Option<&'static str> {
        UNITS
            .iter()
            .find(|(unit, _)| *unit == name)
            .map(|(_, body)| *body)
    }

    /// The names a unit returns, from its closing `return { … };`.
    fn exports(body: &str) -> Vec<&str> {
        let tail = &body[body
            .rfind("\nreturn {")
            .expect("a unit ends with `return { … };`")..];
        let list = &tail[tail.find('{').unwrap() + 1..tail.find("};").unwrap()];
        list.split(',')
            .map(|item| item.split(':').next().unwrap_or_default().trim())
            .collect()
    }

    /// Every unit a table or a `need('…')` names exists and exports what is
    /// asked of it, and every unit is used: a typo here would otherwise only
    /// show when a tool happens to take that path.
    #[test]
    fn units_named_by_the_tables_and_the_prelude_exist() {
        let mut named: Vec<&str> = Vec::new();
        for (name, names) in GLOBALS {
            let body = unit(name)
                .unwrap_or_else(|| panic!("GLOBALS names a unit {name} that UNITS lacks"));
            for global in *names {
                assert!(
                    exports(body).contains(global),
                    "the unit {name} does not export {global}"
                );
            }
            named.push(name);
        }
        for (module, name, export) in BUILTINS {
            let body = unit(name)
                .unwrap_or_else(|| panic!("{module} names a unit {name} that UNITS lacks"));
            assert!(
                exports(body).contains(export),
                "the unit {name} does not export {export} for {module}"
            );
            named.push(name);
        }
        // `need('x')` in the units; `need_in("x"` and `self::need(internals, "x"`
        // in the Rust that asks for units.
        let js = UNITS.iter().map(|(_, body)| (*body, "need('", '\''));
        let rust = [
            (include_str!("signal.rs"), "need_in(\"", '"'),
            (
                include_str!("internals.rs"),
                "self::need(internals, \"",
                '"',
            ),
        ];
        for (source, call, quote) in js.chain(rust) {
            for part in source.split(call).skip(1) {
                let name = part.split(quote).next().unwrap_or_default();
                if name != "core" {
                    assert!(
                        unit(name).is_some(),
                        "the prelude needs a unit {name} that UNITS lacks"
                    );
                    named.push(name);
                }
            }
        }
        for (name, _) in UNITS {
            assert!(named.contains(name), "the unit {name} is never needed");
        }
    }

    #[test]
    fn builtin_modules_are_sorted_and_unique() {
        let names: Vec<&str> = BUILTINS.iter().map(|(name, _, _)| *name).collect();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(names, sorted);
    }
}
