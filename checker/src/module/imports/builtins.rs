//! Built-in module names: the ones Node.js and Bun know
//! (`require('node:module').builtinModules` of Node.js 22 and 24, which Bun
//! implements), and the subset this project's runtime provides. The runtime
//! builds its modules from [`PROVIDED_MODULES`] (a test there checks that
//! it provides each one and nothing else), so `validate` refuses exactly the
//! imports the runtime would refuse, in the runtime's words.

/// Built-ins importable with or without the `node:` prefix.
const NODE_BUILTINS: &[&str] = &[
    "_http_agent",
    "_http_client",
    "_http_common",
    "_http_incoming",
    "_http_outgoing",
    "_http_server",
    "_stream_duplex",
    "_stream_passthrough",
    "_stream_readable",
    "_stream_transform",
    "_stream_wrap",
    "_stream_writable",
    "_tls_common",
    "_tls_wrap",
    "assert",
    "assert/strict",
    "async_hooks",
    "buffer",
    "child_process",
    "cluster",
    "console",
    "constants",
    "crypto",
    "dgram",
    "diagnostics_channel",
    "dns",
    "dns/promises",
    "domain",
    "events",
    "fs",
    "fs/promises",
    "http",
    "http2",
    "https",
    "inspector",
    "inspector/promises",
    "module",
    "net",
    "os",
    "path",
    "path/posix",
    "path/win32",
    "perf_hooks",
    "process",
    "punycode",
    "querystring",
    "readline",
    "readline/promises",
    "repl",
    "stream",
    "stream/consumers",
    "stream/promises",
    "stream/web",
    "string_decoder",
    "sys",
    "timers",
    "timers/promises",
    "tls",
    "trace_events",
    "tty",
    "url",
    "util",
    "util/types",
    "v8",
    "vm",
    "wasi",
    "worker_threads",
    "zlib",
];

/// Built-ins that exist only with the prefix (`node:test`, not `test`).
const NODE_PREFIX_ONLY: &[&str] = &["sea", "sqlite", "test", "test/reporters"];

/// The built-in modules the runtime provides, sorted; a Node.js built-in
/// also answers to its bare name (`fs` for `node:fs`).
pub const PROVIDED_MODULES: &[&str] = &[
    "bun",
    "bun:sqlite",
    "bun:test",
    "node:assert",
    "node:assert/strict",
    "node:buffer",
    "node:child_process",
    "node:console",
    "node:constants",
    "node:crypto",
    "node:diagnostics_channel",
    "node:events",
    "node:fs",
    "node:fs/promises",
    "node:http",
    "node:http2",
    "node:https",
    "node:module",
    "node:net",
    "node:os",
    "node:path",
    "node:path/posix",
    "node:path/win32",
    "node:perf_hooks",
    "node:process",
    "node:punycode",
    "node:querystring",
    "node:readline",
    "node:readline/promises",
    "node:stream",
    "node:stream/consumers",
    "node:stream/promises",
    "node:stream/web",
    "node:string_decoder",
    "node:sys",
    "node:test",
    "node:timers",
    "node:timers/promises",
    "node:tty",
    "node:url",
    "node:util",
    "node:util/types",
    "node:vm",
    "node:worker_threads",
    "node:zlib",
    "undici",
];

/// Packages that Bun answers with a module of its own, whatever
/// `node_modules` holds: Bun's `undici` is a small stand-in with the fetch
/// classes, not the package (cheerio imports it). The runtime does the same,
/// so they are provided modules, not packages.
const BUN_REPLACED_PACKAGES: &[&str] = &["undici"];

/// Whether Bun replaces the package `specifier` with its own module.
pub fn is_bun_replaced_package(specifier: &str) -> bool {
    BUN_REPLACED_PACKAGES.contains(&specifier)
}

/// Whether the runtime provides `module` (`node:fs`, `bun`, `bun:sqlite`).
pub fn is_provided(module: &str) -> bool {
    PROVIDED_MODULES.binary_search(&module).is_ok()
}

/// What the runtime says when a tool imports a built-in it lacks.
pub fn not_provided_message(module: &str) -> String {
    format!("{module} is not provided by this runtime")
}

/// Whether `node:<name>` names a built-in.
pub fn is_node_builtin_with_prefix(name: &str) -> bool {
    NODE_BUILTINS.contains(&name) || NODE_PREFIX_ONLY.contains(&name)
}

/// Whether a bare specifier (`fs`, `fs/promises`) is a built-in rather than a package.
pub fn is_node_builtin_bare(specifier: &str) -> bool {
    NODE_BUILTINS.contains(&specifier)
}

/// `bun` and any `bun:*` module (`bun:sqlite`, `bun:test`, `bun:ffi`, …):
/// the sandbox runs tools on Bun, which provides them all.
pub fn is_bun_module(specifier: &str) -> bool {
    specifier == "bun" || specifier.starts_with("bun:")
}

/// Packages that exist only inside a harness. The whole `@opencode-ai` scope
/// belongs to opencode (`@opencode-ai/plugin`, `@opencode-ai/sdk`, …); a tool
/// module runs in the daemon, for either harness, and never sees one.
pub fn is_harness_package(package: &str) -> bool {
    package.starts_with("@opencode-ai/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_sorted_and_has_no_duplicates() {
        let mut sorted = NODE_BUILTINS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted, NODE_BUILTINS);
    }

    #[test]
    fn provided_modules_are_sorted_known_built_ins() {
        let mut sorted = PROVIDED_MODULES.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted, PROVIDED_MODULES);
        for module in PROVIDED_MODULES {
            let known = match module.strip_prefix("node:") {
                Some(name) => is_node_builtin_with_prefix(name),
                None => is_bun_module(module) || is_bun_replaced_package(module),
            };
            assert!(known, "{module}");
        }
        assert!(
            is_provided("node:fs")
                && !is_provided("node:cluster")
                && is_provided("bun:sqlite")
                && !is_provided("bun:ffi")
        );
    }

    #[test]
    fn prefixed_and_bare_names() {
        for (name, prefixed, bare) in [
            ("fs", true, true),
            ("fs/promises", true, true),
            ("test", true, false),
            ("sqlite", true, false),
            ("filesystem", false, false),
            ("fs/extra", false, false),
        ] {
            assert_eq!(is_node_builtin_with_prefix(name), prefixed, "node:{name}");
            assert_eq!(is_node_builtin_bare(name), bare, "{name}");
        }
    }
}
