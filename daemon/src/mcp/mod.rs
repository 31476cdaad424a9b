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

use std::time::Duration;

use crate::Shared;

/// How often [`calls_end`] looks at the workers.
const CALLS_END_POLL: Duration = Duration::from_millis(20);

/// Waits, `within` at most, until the serving generation's workers hold no
/// call (each has answered what it was sent, cancels included).
pub(crate) async fn calls_end(shared: &Shared, within: Duration) {
    let until = tokio::time::Instant::now() + within;
    let generation = shared.current();
    let in_flight = || -> usize {
        generation
            .slots()
            .iter()
            .filter_map(|w| w.load())
            .map(|l| l.in_flight())
            .sum()
    };
    while in_flight() > 0 && tokio::time::Instant::now() < until {
        tokio::time::sleep(CALLS_END_POLL).await;
    }
}
