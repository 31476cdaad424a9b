//! `/mcp` on the daemon's listener: rmcp's Streamable HTTP service, behind
//! the daemon's bearer token (the route sits inside its gate). Requests on
//! the 2026-07-28 revision are stateless; the older revisions get a
//! session, because that is where their list-changed notices and a
//! session id for `context.sessionId` come from.

use std::sync::Arc;

use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use super::server::{Audience, Server};
use crate::Shared;

pub(crate) fn service(
    shared: Arc<Shared>,
    body_limit: usize,
) -> StreamableHttpService<Server, LocalSessionManager> {
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(true)
        // The token guards the route; the daemon may listen on any address
        // its sandbox gives it, so the Host header is not restricted.
        .disable_allowed_hosts()
        .with_max_request_body_bytes(body_limit)
        .with_cancellation_token(shared.mcp_sessions.clone());
    StreamableHttpService::new(
        move || Ok(Server::new(shared.clone(), Audience::FromRequest)),
        Arc::new(LocalSessionManager::default()),
        config,
    )
}
