//! `beeuni mcp`: one agent's tools over MCP on stdin and stdout, for hosts
//! that start a local command. The project loads into worker processes as
//! the daemon's does and reloads on change; stdout carries the protocol
//! alone (the log goes to stderr, and workers write to `/dev/null`).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use checker::project::{Harness, Project};
use rmcp::ServiceExt;

use super::server::{Audience, Server, fresh_session_id};
use crate::Shared;
use crate::generation::WorkerOptions;
use crate::http::Caller;
use crate::reload;

/// How to run `beeuni mcp`.
#[derive(Debug, Clone)]
pub struct StdioOptions {
    /// The agent whose tools are listed and whose secrets calls get.
    pub agent: String,
    pub harness: Harness,
    /// A call's deadline.
    pub timeout: Duration,
    /// Worker processes (at least one).
    pub workers: usize,
    /// Each worker's address-space limit in bytes (0: none).
    pub worker_memory: u64,
    /// The `beeuni` executable, started as `beeuni daemon-worker`.
    pub program: PathBuf,
    /// Watch the project and reload on change.
    pub watch: bool,
    /// How workers confine tools (`--sandbox`).
    pub sandbox: runtime::sandbox::Level,
}

/// Serves `project` on stdio until the client closes stdin.
pub fn serve_stdio(project: Project, options: StdioOptions) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(project, options))
}

async fn serve(project: Project, options: StdioOptions) -> anyhow::Result<()> {
    let root = project.root.clone();
    let worker_options = WorkerOptions {
        program: options.program.clone(),
        count: options.workers.max(1),
        timeout_ms: options.timeout.as_millis() as u64,
        memory_bytes: options.worker_memory,
        sandbox: crate::sandbox_level(options.sandbox)?,
    };
    // No listener: nothing presents a token.
    let shared =
        Arc::new(Shared::start(project, &worker_options, String::new(), options.timeout).await?);
    let _watcher = options.watch.then(|| {
        crate::watch_or_warn(reload::watch(
            shared.clone(),
            root,
            worker_options,
            None,
            None,
        ))
    });
    let caller = Caller {
        agent: options.agent,
        parent: None,
        harness: options.harness,
    };
    let server = Server::new(
        shared.clone(),
        Audience::Fixed {
            caller,
            session_id: fresh_session_id(),
        },
    );
    let running = server
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|e| anyhow::anyhow!("the MCP client did not start a session: {e}"))?;
    running.waiting().await?;
    // When the client goes, the SDK cancels the calls still running, which
    // sends each worker a cancel; the workers must read it (abort the
    // call's signal, kill its subprocesses) before this process ends and
    // takes them down with it, or a subprocess outlives its call.
    super::calls_end(&shared, WIND_DOWN).await;
    Ok(())
}

/// How long the calls the session left behind get to end once it closed.
const WIND_DOWN: Duration = Duration::from_secs(5);
