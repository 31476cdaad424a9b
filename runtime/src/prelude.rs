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

/// `units!["node/fs", …]`: each unit's name is its file's path under `js/`
/// without `.js`, so the name a unit is needed by is where its code is.
macro_rules! units {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_str!(concat!("js/", $path, ".js")))),*]
    };
}

/// Every unit by path, sorted. The folders say where an API comes from:
/// `node/` holds the `node:` modules (file = specifier: `node:fs/promises` is
/// in `node/fs.js`, `node:stream/consumers` is `node/stream/consumers.js`) and
/// `node/internal/` what only they share; `web/` the web platform's globals;
/// `bun/` the `Bun` global and the `bun`, `bun:` and Bun-answered modules;
/// `internal/` what several origins share (`Buffer`'s byte helpers, `inspect`,
/// `require`). A new file under `js/` is added here and named by [`GLOBALS`],
/// [`BUILTINS`] or another unit's `need('path')`.
const UNITS: &[(&str, &str)] = units![
    "bun/bun",
    "bun/hash",
    "bun/shell",
    "bun/sqlite",
    "bun/test",
    "bun/toml",
    "bun/undici",
    "bun/yaml",
    "internal/array_from_async",
    "internal/buffer",
    "internal/callable",
    "internal/commonjs",
    "internal/files",
    "internal/inspect",
    "internal/intl",
    "internal/intl_common",
    "internal/intl_dates",
    "internal/uncaught",
    "node/assert",
    "node/buffer",
    "node/child_process",
    "node/console",
    "node/constants",
    "node/crypto",
    "node/diagnostics_channel",
    "node/events",
    "node/fs",
    "node/http",
    "node/http2",
    "node/https",
    "node/internal/child_process/options",
    "node/internal/crypto/cipher",
    "node/internal/crypto/dh",
    "node/internal/crypto/keys",
    "node/internal/fs/dir",
    "node/internal/fs/streams",
    "node/internal/fs/validate",
    "node/internal/fs/watchers",
    "node/internal/mime",
    "node/internal/readline/cursor",
    "node/internal/readline/editing",
    "node/internal/readline/errors",
    "node/internal/readline/keys",
    "node/internal/readline/lines",
    "node/internal/streams/operators",
    "node/internal/streams/pipeline",
    "node/internal/url",
    "node/internal/util_extras",
    "node/internal/webstreams/adapters",
    "node/module",
    "node/net",
    "node/os",
    "node/path",
    "node/perf_hooks",
    "node/process",
    "node/punycode",
    "node/querystring",
    "node/readline",
    "node/stream",
    "node/stream/consumers",
    "node/stream/web",
    "node/string_decoder",
    "node/sys",
    "node/test",
    "node/timers",
    "node/timers/promises",
    "node/tty",
    "node/url",
    "node/util",
    "node/vm",
    "node/worker_threads",
    "node/zlib",
    "web/abort",
    "web/blob",
    "web/console",
    "web/crypto",
    "web/crypto/subtle",
    "web/dom",
    "web/encoding",
    "web/fetch",
    "web/form_read",
    "web/performance",
    "web/streams/readable",
    "web/streams/writable",
    "web/timers",
    "web/url",
    "web/url_search_params",
];

/// The globals the prelude defines, with the unit whose export of the same
/// name each one is. They are accessors on the global object (enumerable,
/// configurable, as an assignment would make them) whose getter runs the unit
/// on first read; an assignment replaces the value. They are never redefined
/// as data properties: boa 0.22 keeps serving a global's old accessor from its
/// property caches after such a redefinition, and `new Buffer()` at a call
/// site that had run before then fails.
const GLOBALS: &[(&str, &[&str])] = &[
    ("web/abort", &["AbortController", "AbortSignal"]),
    ("web/blob", &["Blob", "File", "FormData"]),
    ("internal/buffer", &["Buffer"]),
    ("bun/bun", &["Bun"]),
    ("internal/commonjs", &["require"]),
    ("web/console", &["console"]),
    ("web/dom", &["Event", "EventTarget", "DOMException"]),
    ("web/fetch", &["Headers", "Request", "Response", "fetch"]),
    ("web/performance", &["performance"]),
    ("node/process", &["process"]),
    (
        "web/streams/readable",
        &[
            "ReadableStream",
            "ReadableStreamDefaultReader",
            "ReadableStreamDefaultController",
            "ByteLengthQueuingStrategy",
            "CountQueuingStrategy",
        ],
    ),
    (
        "web/streams/writable",
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
        "web/timers",
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
        "web/encoding",
        &["TextEncoder", "TextDecoder", "structuredClone"],
    ),
    ("web/url_search_params", &["URLSearchParams"]),
    ("web/crypto", &["crypto"]),
    ("web/url", &["URL"]),
];

/// Each built-in module (sorted; `BUILTIN_MODULES` in lib.rs lists the same
/// names) with the unit and export that is the module's object.
pub(crate) const BUILTINS: &[(&str, &str, &str)] = &[
    ("bun", "bun/bun", "Bun"),
    ("bun:sqlite", "bun/sqlite", "Database"),
    ("bun:test", "bun/test", "module"),
    ("node:assert", "node/assert", "assert"),
    ("node:assert/strict", "node/assert", "strict"),
    ("node:buffer", "node/buffer", "module"),
    ("node:child_process", "node/child_process", "childProcess"),
    ("node:console", "node/console", "nodeConsole"),
    ("node:constants", "node/constants", "constants"),
    ("node:crypto", "node/crypto", "nodeCrypto"),
    (
        "node:diagnostics_channel",
        "node/diagnostics_channel",
        "diagnosticsChannel",
    ),
    ("node:events", "node/events", "EventEmitter"),
    ("node:fs", "node/fs", "fs"),
    ("node:fs/promises", "node/fs", "fsPromises"),
    ("node:http", "node/http", "http"),
    ("node:http2", "node/http2", "http2"),
    ("node:https", "node/https", "https"),
    ("node:module", "node/module", "module"),
    ("node:net", "node/net", "net"),
    ("node:os", "node/os", "os"),
    ("node:path", "node/path", "path"),
    ("node:path/posix", "node/path", "path"),
    ("node:path/win32", "node/path", "win32"),
    ("node:perf_hooks", "node/perf_hooks", "perfHooks"),
    ("node:process", "node/process", "process"),
    ("node:punycode", "node/punycode", "punycode"),
    ("node:querystring", "node/querystring", "querystring"),
    ("node:readline", "node/readline", "readline"),
    ("node:readline/promises", "node/readline", "promises"),
    ("node:stream", "node/stream", "Stream"),
    (
        "node:stream/consumers",
        "node/stream/consumers",
        "consumers",
    ),
    ("node:stream/promises", "node/stream", "promises"),
    ("node:stream/web", "node/stream/web", "web"),
    ("node:string_decoder", "node/string_decoder", "module"),
    // Node's deprecated alias of node:util (DEP0025), the same object.
    ("node:sys", "node/sys", "util"),
    ("node:test", "node/test", "test"),
    ("node:timers", "node/timers", "module"),
    (
        "node:timers/promises",
        "node/timers/promises",
        "timersPromises",
    ),
    ("node:tty", "node/tty", "tty"),
    ("node:url", "node/url", "module"),
    ("node:util", "node/util", "util"),
    ("node:util/types", "node/util", "types"),
    ("node:vm", "node/vm", "vm"),
    (
        "node:worker_threads",
        "node/worker_threads",
        "workerThreads",
    ),
    ("node:zlib", "node/zlib", "zlib"),
    ("undici", "bun/undici", "undici"),
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
pub(crate) const NATIVES_COMPLETED: &[&str] = &[
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
    // Node's and Bun's name for the global object, which CommonJS packages
    // use as much as `globalThis` (thread-stream, which pino loads, reads
    // `global` at load time). Writable, enumerable and configurable, as
    // Bun's is.
    let global = context.global_object();
    global.define_property_or_throw(
        js_string!("global"),
        boa_engine::property::PropertyDescriptor::builder()
            .value(global.clone())
            .writable(true)
            .enumerable(true)
            .configurable(true),
        context,
    )?;
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
        // `need('x')` and `need.ifLoaded('x')` in the units; `need_in("x"` and `self::need(internals, "x"`
        // in the Rust that asks for units.
        let js = UNITS
            .iter()
            .flat_map(|(_, body)| [(*body, "need('", '\''), (*body, "need.ifLoaded('", '\'')]);
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

    /// A specifier leads to its file by name alone: `node:a/b` is served by
    /// `node/a/b.js` or, for the modules one file holds together
    /// (`node:fs/promises`), by `node/a.js`; `bun:x` by `bun/x.js`; `bun` by
    /// `bun/bun.js`; a module Bun answers itself (`undici`) by `bun/NAME.js`.
    #[test]
    fn each_builtin_module_is_served_by_the_file_its_specifier_names() {
        for (module, unit, _) in BUILTINS {
            let allowed: Vec<String> = match module.split_once(':') {
                Some(("node", path)) => {
                    let parent = path.split('/').next().unwrap_or_default();
                    vec![format!("node/{path}"), format!("node/{parent}")]
                }
                Some(("bun", name)) => vec![format!("bun/{name}")],
                _ => vec![format!("bun/{module}")],
            };
            assert!(
                allowed.iter().any(|path| path == unit),
                "{module} is served by js/{unit}.js; by its name it belongs in js/{}.js",
                allowed[0]
            );
        }
    }

    #[test]
    fn units_are_sorted_by_path() {
        let paths: Vec<&str> = UNITS.iter().map(|(path, _)| *path).collect();
        let mut sorted = paths.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(paths, sorted);
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
