//! The JS prelude: the Node, Bun and web APIs tools use, written in JS over
//! the native operations of `ops/`, and embedded in the binary.
//!
//! Owns the split between what runs when a host starts and what runs on
//! demand. Parsing is most of what a host costs to start (boa parses about
//! 4–5 KB of JS per millisecond), so only `js/internals.js` runs at start:
//! it installs the globals as getters and the built-in module table. Every
//! other file is a *unit*, a function body that `need(name)` in
//! internals.js compiles with [`compile_unit`] and runs the first time a
//! global, a built-in module or another unit asks for it. It does not decide
//! what a unit exports or which global loads which unit; that is in the JS.

use std::path::Path;

use boa_engine::{Context, JsResult, JsValue, Script, Source};

/// The code run when a host starts: a function of the native operations that
/// returns the host's internals (`builtin`, `loadCommonJs`, `newCall`,
/// `stringify`).
pub(crate) const STARTUP: &str = concat!(
    "(function (host) {\n'use strict';\n",
    include_str!("js/internals.js"),
    "\n})"
);

/// Every unit by name; a new file under `js/` is added here and named in
/// internals.js (as a global's unit, a built-in module, or another unit's
/// `need`).
const UNITS: &[(&str, &str)] = &[
    ("abort", include_str!("js/abort.js")),
    ("assert", include_str!("js/assert.js")),
    ("buffer", include_str!("js/buffer.js")),
    ("bun", include_str!("js/bun.js")),
    ("child_process", include_str!("js/child_process.js")),
    ("commonjs", include_str!("js/commonjs.js")),
    ("console", include_str!("js/console.js")),
    ("dom", include_str!("js/dom.js")),
    ("events", include_str!("js/events.js")),
    ("fetch", include_str!("js/fetch.js")),
    ("files", include_str!("js/files.js")),
    ("fs", include_str!("js/fs.js")),
    ("inspect", include_str!("js/inspect.js")),
    ("node_crypto", include_str!("js/node_crypto.js")),
    ("os", include_str!("js/os.js")),
    ("path", include_str!("js/path.js")),
    ("performance", include_str!("js/performance.js")),
    ("process", include_str!("js/process.js")),
    ("timers", include_str!("js/timers.js")),
    ("url", include_str!("js/url.js")),
    ("url_search_params", include_str!("js/url_search_params.js")),
    ("util", include_str!("js/util.js")),
    ("web_crypto", include_str!("js/web_crypto.js")),
];

/// Parses the unit `name` and returns it as a function of `(host, need,
/// jsonStringify, jsonParse, info)` whose result is the unit's exports.
pub(crate) fn compile_unit(name: &str, context: &mut Context) -> JsResult<JsValue> {
    let Some((_, body)) = UNITS.iter().find(|(unit, _)| *unit == name) else {
        return Err(crate::ops::error(format!(
            "internal error: the prelude has no unit {name}"
        )));
    };
    let code = format!(
        "(function (host, need, jsonStringify, jsonParse, info) {{\n'use strict';\n{body}\n}})"
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

    /// Every unit internals.js or another unit names exists, and every unit is
    /// reachable: a typo in a `need('…')` would otherwise only show when a
    /// tool happens to take that path.
    #[test]
    fn units_named_in_the_prelude_exist() {
        let sources = std::iter::once(include_str!("js/internals.js"))
            .chain(UNITS.iter().map(|(_, body)| *body));
        let mut named: Vec<&str> = Vec::new();
        for source in sources {
            for part in source.split("need('").skip(1) {
                named.push(part.split('\'').next().unwrap_or_default());
            }
            // The globals table names units as the first element of a pair.
            for part in source.split("  ['").skip(1) {
                named.push(part.split('\'').next().unwrap_or_default());
            }
        }
        named.retain(|name| *name != "core");
        for name in &named {
            assert!(
                UNITS.iter().any(|(unit, _)| unit == name),
                "the prelude needs a unit {name} that UNITS does not list"
            );
        }
        for (unit, _) in UNITS {
            assert!(named.contains(unit), "the unit {unit} is never needed");
        }
    }
}
