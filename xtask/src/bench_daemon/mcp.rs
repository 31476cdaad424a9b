//! The MCP line of the daemon bench: the bench's tool calls sent as MCP
//! `tools/call` requests over Streamable HTTP, to the daemon's `/mcp` and to
//! an MCP server on the official TypeScript SDK under Bun
//! (`tests/fixtures/daemon/bench/peers/mcp-sdk.mjs`), so that the report can
//! set them against the same calls over `POST /beeuni/tools/<name>`.
//!
//! Every call is one POST, no session: on the daemon a stateless 2026-07-28
//! request (its `_meta` and `Mcp-Method`/`Mcp-Name` headers as the revision
//! asks), on the SDK 1.x peer, which knows revisions up to 2025-11-25, that
//! revision's stateless mode (a server with no session ids takes a
//! `tools/call` without a handshake).

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

use super::load::{self, Request};

/// The revision a server is spoken to in.
#[derive(Clone, Copy)]
pub enum Revision {
    /// 2026-07-28, stateless by the protocol (the daemon).
    Stateless,
    /// 2025-11-25 to a server that gives no session (the SDK peer).
    NoSession,
}

impl Revision {
    fn version(self) -> &'static str {
        match self {
            Revision::Stateless => "2026-07-28",
            Revision::NoSession => "2025-11-25",
        }
    }
}

/// One `tools/call` request per (tool, arguments), in `revision`.
pub fn requests(calls: &[(&str, Value)], revision: Revision) -> Vec<Request> {
    calls
        .iter()
        .enumerate()
        .map(|(id, (tool, args))| {
            let mut params = json!({"name": tool, "arguments": args});
            let mut headers = vec![
                (
                    "Accept".to_string(),
                    "application/json, text/event-stream".to_string(),
                ),
                (
                    "MCP-Protocol-Version".to_string(),
                    revision.version().to_string(),
                ),
            ];
            if let Revision::Stateless = revision {
                // 2026-07-28 carries in each request what the handshake used to.
                params["_meta"] = json!({
                    "io.modelcontextprotocol/protocolVersion": revision.version(),
                    "io.modelcontextprotocol/clientCapabilities": {},
                });
                headers.push(("Mcp-Method".to_string(), "tools/call".to_string()));
                headers.push(("Mcp-Name".to_string(), tool.to_string()));
            }
            Request {
                path: "/mcp?agent=beeuni".to_string(),
                headers,
                body: json!({"jsonrpc": "2.0", "id": id + 1, "method": "tools/call", "params": params})
                    .to_string(),
            }
        })
        .collect()
}

/// Sends each request once to `url` and checks that its text content is
/// `expected` (the output the same call gave over the contract).
pub fn same_answers(
    who: &str,
    url: &str,
    token: &str,
    requests: &[Request],
    expected: &[String],
) -> Result<()> {
    for (request, expected) in requests.iter().zip(expected) {
        let (status, body) = load::send(url, request, token)
            .with_context(|| format!("calling {} over MCP on {who}", request.body))?;
        let text = result_text(&body).filter(|_| status == 200);
        if text.as_deref() != Some(expected) {
            bail!(
                "{who} answered the MCP call {} with {status} {body}",
                request.body
            );
        }
    }
    Ok(())
}

/// The text content of a JSON-RPC answer given as JSON or as server-sent
/// events (the first `data:` line that parses).
fn result_text(body: &str) -> Option<String> {
    let answer: Value = serde_json::from_str(body).ok().or_else(|| {
        body.lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .find_map(|data| serde_json::from_str(data.trim()).ok())
    })?;
    if answer["result"]["isError"] == true {
        return None;
    }
    answer["result"]["content"][0]["text"]
        .as_str()
        .map(str::to_string)
}
