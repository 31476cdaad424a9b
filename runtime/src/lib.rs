//! Runs Beeuni tool modules in boa, with the Node, Bun and web APIs tools use.
//!
//! A [`Host`] owns one JS context, a current-thread tokio runtime and a
//! `LocalSet` that drive it, and the tools loaded into it. The API is
//! synchronous: `load_tool` and `call` (or `call_many`, whose calls interleave
//! on the one context) block the calling thread while the host's own event
//! loop runs; `serve` takes calls from a [`CallFeed`] as they arrive, starts
//! each at once and hands each back as soon as it ends, and a
//! [`CancelHandle`] stops one call from another thread. A `Host` is not `Send`; a daemon keeps each one on a worker
//! thread and sends it requests over a channel.
//!
//! - Loading: TypeScript is stripped with swc (positions kept), imports go
//!   through the crate's own loader (relative files, JSON, `node_modules`,
//!   CommonJS, `node:*` and `bun`); see [`Host::load_tool`] and [`LoadError`].
//! - A call: `execute(args, { sessionId, agent, directory, env, signal })`.
//!   A string result is returned as is, `undefined` as the empty string, any
//!   other value as `JSON.stringify(value, null, 2)`; a thrown error gives its
//!   `message`. Text over 50 KB or 2,000 lines is saved whole to a temp file
//!   and the result is its beginning plus a line naming the file.
//! - Limits ([`Limits`]): a per-call deadline (default 120 s) that aborts
//!   `context.signal` and kills the call's subprocesses, loop and recursion
//!   limits, and a budget on promise chains that never yield.
//! - `console` output is captured per call ([`CallResult::console`]), never
//!   written to stdout. Calls running concurrently in one `call_many` batch
//!   each receive the lines written while they were in flight.
//!
//! - The APIs are a JS prelude (`src/js/`, embedded) over a few native
//!   operations (`src/ops/`): files, subprocesses, HTTP, hashing. `node:*`
//!   modules the prelude does not define fail to import with
//!   `node:cluster is not provided by this runtime`. A host starts without
//!   parsing any of it: each part is parsed the first time a tool reads a
//!   global or imports a module that needs it (`prelude.rs`, `internals.rs`),
//!   since parsing JS is most of what starting a host costs.
//!
//! Known limits of the engine (boa 0.22), measured: a loop or recursion limit
//! hit *after an `await`* is swallowed by boa and leaves the promise pending,
//! which the host reports at once as a call that can never settle (or at the
//! deadline, when other I/O is still in flight); boa counts
//! `String.prototype.repeat`'s count against the loop limit; native code
//! (a catastrophic regex) and the heap are not bounded.
//!
//! It does not read `beeuni.yaml` or decide which tools a session gets (the
//! checker's project model does; [`deep`] only loads the modules of a project
//! it is handed), and it does not serve HTTP; that belongs to the daemon.

mod api;
mod boa_quirks;
mod call;
mod contract;
pub mod deep;
mod engine_panic;
mod error_stack;
mod event_loop;
mod fast;
mod function_ctor;
mod host;
pub mod hosted;
mod internals;
mod intl_locale;
mod js_value;
mod json_parse;
mod limits;
mod loader;
mod ops;
mod output;
mod prelude;
pub mod sandbox;
mod signal;
mod state;
mod transpile;
mod transpile_cache;

pub use api::{
    CallContext, CallOutcome, CallRequest, CallResult, HostConfig, HostError, LoadError, ToolInfo,
};
pub use engine_panic::{is_engine_source, panic_text};
pub use host::{CallFeed, CancelHandle, CancelSource, FedCall, Host};
pub use limits::Limits;
pub use state::ConsoleLine;

/// Stack for a thread that runs a [`Host`]. boa's parser and compiler, and
/// swc's stripping of TypeScript, recurse once per nesting level of a module:
/// a CommonJS package of ordinary shape (a class in an IIFE in the module
/// wrapper) takes over 2 MB, a spawned thread's default, in a debug build.
/// Only touched pages are committed, so this reserves address space.
pub const ENGINE_STACK_SIZE: usize = checker::module::parse::STACK_SIZE;

/// Where a command-line process keeps what it can reuse next time (stripped
/// TypeScript): `$BEEUNI_CACHE_DIR` (empty: no cache), else
/// `$XDG_CACHE_HOME/beeuni`, else `$HOME/.cache/beeuni`.
pub fn default_cache_dir() -> Option<std::path::PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = std::env::var_os("BEEUNI_CACHE_DIR") {
        return (!dir.is_empty()).then(|| dir.into());
    }
    var("XDG_CACHE_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| var("HOME").map(|home| std::path::Path::new(&home).join(".cache")))
        .map(|dir| dir.join("beeuni"))
}

/// The built-in modules a tool can import; any other `node:*` or `bun:*`
/// module fails with `node:NAME is not provided by this runtime`. Node's
/// bare names (`fs`, `path`, …) resolve to the same modules. The list is the
/// checker's, so that `validate` refuses what the runtime cannot load.
pub use checker::module::imports::builtins::PROVIDED_MODULES as BUILTIN_MODULES;

#[cfg(test)]
mod tests {
    #[test]
    fn builtin_modules_match_the_prelude() {
        let declared: Vec<&str> = crate::prelude::BUILTINS
            .iter()
            .map(|(name, _, _)| *name)
            .collect();
        // The prelude builds exactly the modules `validate` accepts.
        assert_eq!(declared, super::BUILTIN_MODULES);
    }
}
