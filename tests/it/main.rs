//! The `beeuni` binary's integration tests, in one test binary (as uv
//! keeps them): linking the engine once instead of once per file, and
//! `cargo test --test it -- daemon::` runs one subject. Each module is a
//! subject; `common` is how they run the binary. The data-driven suites
//! (`parity`, `consistency`, `code_examples`) are their own binaries,
//! with a test per case, and so is `closed_pipe`, which no sibling test
//! may fork beside.

mod architecture;
mod authoring;
mod cli;
mod common;
mod daemon;
mod mcp;
mod migrate;
mod packages;
mod plugin;
mod sarif;
mod tools_call_daemon;
