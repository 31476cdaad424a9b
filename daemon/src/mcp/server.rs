//! The MCP server: `tools/list` and `tools/call` for one caller, and the
//! list-changed notice after a reload that changes what that caller sees
//! (on the connection for the revisions with a handshake, on a
//! `subscriptions/listen` stream for 2026-07-28).

use std::sync::Arc;

use axum::http::request::Parts;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ErrorData, Extensions, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, SubscriptionFilter,
    Tool,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{RoleServer, ServerHandler};
use serde::Deserialize;

use super::mapping;
use crate::Shared;
use crate::http::{Caller, Refusal, dispatch, harness_named, prepare};

/// Who a server answers for.
#[derive(Debug, Clone)]
pub enum Audience {
    /// `beeuni mcp`: one caller, and one session for the process's life.
    Fixed { caller: Caller, session_id: String },
    /// The daemon's `/mcp`: the caller from each request's query, the
    /// session from the MCP session (a fresh one for a stateless call).
    FromRequest,
}

#[derive(Clone)]
pub struct Server {
    shared: Arc<Shared>,
    audience: Audience,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct McpQuery {
    agent: Option<String>,
    harness: Option<String>,
    parent_agent: Option<String>,
}

impl Server {
    pub fn new(shared: Arc<Shared>, audience: Audience) -> Self {
        Server { shared, audience }
    }

    fn caller(&self, extensions: &Extensions) -> Result<Caller, ErrorData> {
        if let Audience::Fixed { caller, .. } = &self.audience {
            return Ok(caller.clone());
        }
        let query = match extensions.get::<Parts>() {
            Some(parts) => {
                axum::extract::Query::<McpQuery>::try_from_uri(&parts.uri)
                    .map_err(|e| {
                        ErrorData::invalid_params(format!("the query of /mcp: {e}"), None)
                    })?
                    .0
            }
            None => McpQuery {
                agent: None,
                harness: None,
                parent_agent: None,
            },
        };
        Ok(Caller {
            agent: query.agent.unwrap_or_else(|| "beeuni".to_string()),
            parent: query.parent_agent,
            harness: harness_named(query.harness.as_deref())
                .map_err(|message| ErrorData::invalid_params(message, None))?,
        })
    }

    fn session_id(&self, extensions: &Extensions) -> String {
        match &self.audience {
            Audience::Fixed { session_id, .. } => session_id.clone(),
            Audience::FromRequest => extensions
                .get::<Parts>()
                .and_then(|parts| parts.headers.get("mcp-session-id"))
                .and_then(|id| id.to_str().ok())
                .map_or_else(fresh_session_id, str::to_string),
        }
    }
}

/// A session id for a call that comes with none (a stateless request), or
/// for a `beeuni mcp` process.
pub fn fresh_session_id() -> String {
    let mut bytes = [0u8; 16];
    // Without OS randomness the calls still run; their sessions share an id.
    let _ = getrandom::fill(&mut bytes);
    format!("mcp-{}", hex::encode(bytes))
}

/// The tools `caller` sees now, as MCP lists them.
fn listed(shared: &Shared, caller: &Caller) -> Vec<Tool> {
    let generation = shared.current();
    mapping::visible(&generation, caller)
        .into_iter()
        .map(mapping::tool)
        .collect()
}

/// Waits for a reload that changes what one caller sees.
struct ListWatch {
    shared: Arc<Shared>,
    caller: Caller,
    reloads: tokio::sync::watch::Receiver<u64>,
    last: Vec<Tool>,
}

impl ListWatch {
    fn new(shared: Arc<Shared>, caller: Caller) -> Self {
        let reloads = shared.reloads.subscribe();
        let last = listed(&shared, &caller);
        ListWatch {
            shared,
            caller,
            reloads,
            last,
        }
    }

    /// `false` once no reload can come (the server is stopping).
    async fn changed(&mut self) -> bool {
        loop {
            if self.reloads.changed().await.is_err() {
                return false;
            }
            let now = listed(&self.shared, &self.caller);
            if now != self.last {
                self.last = now;
                return true;
            }
        }
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tool_list_changed()
                .build(),
        )
        .with_server_info(Implementation::new("beeuni", env!("CARGO_PKG_VERSION")))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let caller = self.caller(&context.extensions)?;
        Ok(ListToolsResult::with_all_items(listed(
            &self.shared,
            &caller,
        )))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let caller = self.caller(&context.extensions)?;
        let generation = self.shared.current();
        let name = request.name.into_owned();
        if generation.tool(&name).is_none() {
            // SPEC 6's words, as a protocol error (the request names no tool).
            return Err(ErrorData::invalid_params(
                format!("no tool named {name} is loaded"),
                None,
            ));
        }
        let args = match &request.arguments {
            Some(arguments) => serde_json::to_string(arguments)
                .map_err(|e| ErrorData::invalid_params(e.to_string(), None))?,
            None => "{}".to_string(),
        };
        let session_id = self.session_id(&context.extensions);
        let call = match prepare(&self.shared, &generation, caller, name, args, session_id) {
            Ok(call) => call,
            // Not listed to this agent: refused as a call to no tool is.
            Err(Refusal::Hidden(message)) => return Err(ErrorData::invalid_params(message, None)),
            Err(Refusal::Secrets(message)) => {
                return Err(ErrorData::internal_error(message, None));
            }
        };
        tokio::select! {
            outcome = dispatch(generation, call, self.shared.timeout) => {
                Ok(mapping::result(outcome).into())
            }
            // The client cancelled, or (stateless HTTP) went away: dropping
            // the dispatch cancels the call in its worker, which aborts its
            // signal and kills its subprocesses. No answer is read.
            () = context.ct.cancelled() => {
                Err(ErrorData::internal_error("the call was cancelled", None))
            }
        }
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let Ok(caller) = self.caller(&context.extensions) else {
            return;
        };
        let mut watch = ListWatch::new(self.shared.clone(), caller);
        let peer = context.peer;
        tokio::spawn(async move {
            while watch.changed().await {
                if peer.is_transport_closed() || peer.notify_tool_list_changed().await.is_err() {
                    return;
                }
            }
        });
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        Some(requested.supported_by(&self.get_info().capabilities))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        if context.accepted().tools_list_changed != Some(true) {
            context.cancelled().await;
            return Ok(());
        }
        let caller = self.caller(&context.request_context().extensions)?;
        let mut watch = ListWatch::new(self.shared.clone(), caller);
        loop {
            tokio::select! {
                changed = watch.changed() => {
                    if !changed || context.sink().notify_tool_list_changed().await.is_err() {
                        return Ok(());
                    }
                }
                () = context.cancelled() => return Ok(()),
            }
        }
    }
}
