//! `beeuni daemon`: serves every tool of a Beeuni project over HTTP to both
//! harnesses, with per-agent visibility and secrets.
//!
//! - `http.rs`: the contract (routes, token, status codes).
//! - `generation.rs`: the project as read once, and the workers that loaded it;
//!   `reload.rs` builds a new one when the manifest or a module changes.
//! - `pool.rs`: the daemon's side of each worker process (dispatch, deadline,
//!   replacement); `worker.rs` the worker's side, around `runtime::Host`;
//!   `protocol.rs` the lines between them.
//! - `mcp/`: the same tools over the Model Context Protocol, on stdio
//!   (`beeuni mcp`) and at the daemon's `/mcp`.
//! - `secrets.rs`: the secret store and `context.env`; `paths.rs` where the
//!   store and the runtime file live.
//!
//! The crate logs with `tracing` and never prints: the binary installs the
//! subscriber and prints the one "listening" line.

mod generation;
mod http;
pub mod log_text;
pub mod mcp;
mod offline;
pub mod paths;
mod pool;
mod proc_tree;
pub mod protocol;
mod reload;
pub mod runfile;
pub mod secrets;
mod serve;
mod sweep;
pub mod worker;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use checker::project::Project;

use generation::{Generation, WorkerOptions};

/// How to run the daemon.
// Not `Debug`: the generation hook is a closure.
#[derive(Clone)]
pub struct Options {
    pub listen: SocketAddr,
    /// Worker processes (at least one).
    pub workers: usize,
    /// A call's deadline.
    pub timeout: Duration,
    /// Each worker's address-space limit in bytes (0: none).
    pub worker_memory: u64,
    /// The largest request body.
    pub body_limit: usize,
    /// How long a client has to send a request's whole body, from the end
    /// of its headers ([`DEFAULT_BODY_TIMEOUT`]).
    pub body_timeout: Duration,
    /// How long in-flight calls may run on after SIGTERM or SIGINT.
    pub grace: Duration,
    /// The `beeuni` executable, started as `beeuni daemon-worker`.
    pub program: PathBuf,
    /// `BEEUNI_DAEMON_TOKEN`; `None` draws a random token.
    pub token: Option<String>,
    /// Watch the project and reload on change.
    pub watch: bool,
    /// Open connections at most; more wait to be accepted.
    pub max_connections: usize,
    /// Called with every generation's project and tools once it serves
    /// them (the binary writes the forwarding plugin from them).
    pub on_generation: Option<OnGeneration>,
    /// A file the daemon's own hook writes: changing it starts no reload.
    pub ignore_file: Option<PathBuf>,
    /// How workers confine the tools they run (`--sandbox`).
    pub sandbox: runtime::sandbox::Level,
}

/// What [`Options::on_generation`] runs: `Ok` is logged as information,
/// `Err` as a warning, both after `[generation] `.
pub type OnGeneration =
    Arc<dyn Fn(&Project, &[protocol::Loaded]) -> Result<String, String> + Send + Sync>;

pub use offline::{confined, load_offline};

/// The default time a client has to send a request's whole body.
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(30);

/// Default per-worker address-space limit: boa's heap has no bound of its
/// own, and a tool that fills memory must cost one worker, not the box.
pub const DEFAULT_WORKER_MEMORY: u64 = 4 << 30;

/// What every request handler shares.
pub(crate) struct Shared {
    current: RwLock<Arc<Generation>>,
    token: String,
    store: secrets::Store,
    timeout: Duration,
    draining: AtomicBool,
    /// The number of the generation serving, sent when a reload switches
    /// to a new one (MCP clients are told when their list changes).
    reloads: tokio::sync::watch::Sender<u64>,
    /// Cancelled once a draining daemon's calls have ended: it ends the MCP
    /// sessions, whose streams would otherwise hold their connections open
    /// through the whole grace period.
    mcp_sessions: tokio_util::sync::CancellationToken,
}

impl Shared {
    /// Loads `project` into its first generation's workers (and logs what
    /// loaded and what did not): what a server of the project starts from.
    async fn start(
        project: Project,
        workers: &WorkerOptions,
        token: String,
        timeout: Duration,
    ) -> anyhow::Result<Shared> {
        let store = secrets::Store::for_project(&project.root)?;
        let generation = Generation::start(1, project, workers).await?;
        reload::log_loaded(&generation);
        Ok(Shared {
            reloads: tokio::sync::watch::Sender::new(generation.number),
            current: RwLock::new(Arc::new(generation)),
            token,
            store,
            timeout,
            draining: AtomicBool::new(false),
            mcp_sessions: tokio_util::sync::CancellationToken::new(),
        })
    }

    /// The generation new calls go to.
    fn current(&self) -> Arc<Generation> {
        match self.current.read() {
            Ok(current) => current.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }
}

/// What the daemon tells its starter once it listens.
#[derive(Debug, Clone)]
pub struct Ready {
    pub url: String,
    pub runtime_file: PathBuf,
}

/// Runs the daemon on `project` until SIGTERM or SIGINT; `ready` is called
/// once it accepts connections.
pub fn run(project: Project, options: Options, ready: impl FnOnce(&Ready)) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(project, options, ready))
}

fn random_token() -> anyhow::Result<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| anyhow::anyhow!("no OS randomness for the token: {e}"))?;
    Ok(hex::encode(bytes))
}

/// The shortest `BEEUNI_DAEMON_TOKEN` accepted: a guessable token would
/// make anyone on the machine any agent.
pub const MIN_TOKEN_BYTES: usize = 32;

fn checked_token(token: String) -> anyhow::Result<String> {
    if token.len() < MIN_TOKEN_BYTES {
        anyhow::bail!(
            "BEEUNI_DAEMON_TOKEN is {} bytes long; a token must have at least {MIN_TOKEN_BYTES} (e.g. `openssl rand -hex 32`), or leave it unset and the daemon draws one",
            token.len()
        );
    }
    Ok(token)
}

/// Asks the kernel once what the workers' sandbox can be, says so in the
/// log, and refuses to start when `required` cannot be met.
pub(crate) fn sandbox_level(
    level: runtime::sandbox::Level,
) -> anyhow::Result<runtime::sandbox::Level> {
    use runtime::sandbox::Level;
    match (level, runtime::sandbox::probe()) {
        (Level::Off, _) => {
            tracing::warn!("[sandbox] off: tools run with every right of this user");
            Ok(Level::Off)
        }
        (_, Ok(())) => {
            tracing::info!(
                "[sandbox] {level}: each worker is confined to the checkout and its temp folder (Landlock)"
            );
            Ok(level)
        }
        (Level::Required, Err(why)) => Err(runtime::sandbox::SandboxError::Unsupported(why).into()),
        (Level::BestEffort, Err(why)) => {
            tracing::warn!("[sandbox] not available ({why}): tools run unconfined");
            Ok(Level::BestEffort)
        }
    }
}

async fn serve(
    project: Project,
    options: Options,
    ready: impl FnOnce(&Ready),
) -> anyhow::Result<()> {
    let token = match options.token.clone().filter(|t| !t.is_empty()) {
        Some(token) => checked_token(token)?,
        None => random_token()?,
    };
    let sandbox = sandbox_level(options.sandbox)?;
    let root = project.root.clone();
    let worker_options = WorkerOptions {
        program: options.program.clone(),
        count: options.workers.max(1),
        timeout_ms: options.timeout.as_millis() as u64,
        memory_bytes: options.worker_memory,
        sandbox,
    };
    let shared =
        Arc::new(Shared::start(project, &worker_options, token.clone(), options.timeout).await?);
    generation_hook(options.on_generation.as_ref(), &shared.current());
    let listener = tokio::net::TcpListener::bind(options.listen).await?;
    let address = listener.local_addr()?;
    let url = format!("http://{address}");
    let runtime_file = runfile::write(&root, &url, &token)?;
    let _watcher = options.watch.then(|| {
        watch_or_warn(reload::watch(
            shared.clone(),
            root.clone(),
            worker_options,
            options.on_generation.clone(),
            options.ignore_file.clone(),
        ))
    });
    // Installed before the daemon says it is ready, so a SIGTERM sent right
    // after the listening line drains instead of killing the process.
    let signals = ShutdownSignals::install();
    ready(&Ready {
        url: url.clone(),
        runtime_file: runtime_file.clone(),
    });
    tracing::info!(
        "[daemon] runtime file (URL and token): {}",
        runtime_file.display()
    );
    let app = http::router(shared.clone(), options.body_limit, options.body_timeout);
    // Ends with the runtime, when the daemon does.
    tokio::spawn(sweep::run());
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let server = tokio::spawn(serve::serve(
        listener,
        app,
        options.max_connections,
        stop_rx,
        options.grace,
    ));
    let name = signals.next().await;
    tracing::info!(
        "[daemon] {name}: no new calls; waiting up to {} s for calls in flight",
        options.grace.as_secs_f64()
    );
    shared
        .draining
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = stop_tx.send(true);
    // MCP sessions hold a stream open: once the calls in flight have ended
    // (or the grace has), they end too, so the drain does not wait for them.
    let sessions = shared.clone();
    let grace = options.grace;
    tokio::spawn(async move {
        mcp::calls_end(&sessions, grace).await;
        sessions.mcp_sessions.cancel();
    });
    if !server.await.unwrap_or(false) {
        tracing::warn!("[daemon] calls still running after the grace period were dropped");
    }
    runfile::remove(&runtime_file);
    tracing::info!("[daemon] stopped");
    Ok(())
}

/// The project's watcher, or a warning that changes need a restart:
/// serving without reload beats not serving.
pub(crate) fn watch_or_warn(
    watcher: anyhow::Result<notify::RecommendedWatcher>,
) -> Option<notify::RecommendedWatcher> {
    watcher
        .inspect_err(|e| {
            tracing::warn!("[reload] cannot watch the project ({e}); changes need a restart")
        })
        .ok()
}

/// Runs the binary's hook on a generation that now serves, and logs what it says.
pub(crate) fn generation_hook(hook: Option<&OnGeneration>, generation: &Generation) {
    let Some(hook) = hook else { return };
    let loaded: Vec<protocol::Loaded> = generation.tools.iter().map(|t| t.info.clone()).collect();
    match hook(&generation.project, &loaded) {
        Ok(message) => tracing::info!("{message}"),
        Err(message) => tracing::warn!("{message}"),
    }
}

/// SIGTERM and SIGINT, listened for from the moment they are installed.
struct ShutdownSignals {
    term: Option<tokio::signal::unix::Signal>,
    int: Option<tokio::signal::unix::Signal>,
}

impl ShutdownSignals {
    fn install() -> Self {
        use tokio::signal::unix::{SignalKind, signal};
        ShutdownSignals {
            term: signal(SignalKind::terminate()).ok(),
            int: signal(SignalKind::interrupt()).ok(),
        }
    }

    async fn next(mut self) -> &'static str {
        let (Some(term), Some(int)) = (self.term.as_mut(), self.int.as_mut()) else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = term.recv() => "SIGTERM",
            _ = int.recv() => "SIGINT",
        }
    }
}
