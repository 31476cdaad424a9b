//! The project's tools over the Model Context Protocol, with the official
//! SDK (`rmcp`): `beeuni mcp` serves one agent on stdio (`stdio.rs`), and
//! the daemon serves any agent at `/mcp?agent=NAME[&harness=H]` over
//! Streamable HTTP (`http.rs`). Both run calls through the daemon's own
//! door into the workers (`crate::http::prepare` and `dispatch`), so a call
//! over MCP has the deadline, secrets, limits and visibility of a call over
//! `POST /beeuni/tools/<name>`. `server.rs` answers the protocol's requests;
//! `mapping.rs` says what each tool and each outcome becomes in it.

mod http;
mod mapping;
mod server;
mod stdio;

pub(crate) use http::service;
pub use stdio::{StdioOptions, serve_stdio};
