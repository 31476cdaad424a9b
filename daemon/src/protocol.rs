//! The lines the daemon and its worker processes exchange over the
//! worker's socket (a Unix socket pair; see `pool.rs` and `worker.rs`): one
//! JSON value per line.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// One tool a worker loads: a module of the project, or (`module: None`)
/// the hosted source of the Beeuni tool `name`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolSpec {
    pub name: String,
    pub module: Option<PathBuf>,
}

/// The first line a worker reads.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Setup {
    pub project_dir: PathBuf,
    pub tools: Vec<ToolSpec>,
    /// The default deadline of a call, in milliseconds.
    pub timeout_ms: u64,
    /// The worker's address-space limit in bytes (0: none).
    pub memory_bytes: u64,
    /// The daemon's box environment, `process.env` in the tools: the
    /// worker's own environment differs (no Rust backtraces in the log).
    pub box_env: Vec<(String, String)>,
    /// How the worker confines its tools (`--sandbox`).
    #[serde(default)]
    pub sandbox: runtime::sandbox::Level,
}

/// What a worker loaded, its first line.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Ready {
    pub loaded: Vec<Loaded>,
    pub skipped: Vec<Skipped>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Loaded {
    pub name: String,
    pub description: String,
    pub parameters: serde_json::Value,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skipped {
    pub name: String,
    pub reason: String,
}

/// A line the daemon sends a worker after `Setup`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    Call(Call),
    /// The client of this call went away: abort it.
    Cancel(u64),
    /// Give these calls back if they have not started: the daemon sends
    /// them to a worker that is free to take them. The worker answers
    /// `Withdrawn` with the ones it gave back; the others have started (or
    /// ended) and are answered as usual.
    Withdraw(Vec<u64>),
    /// The daemon killed these children of the worker (processes the tools
    /// left behind): wait for them, so that none stays a zombie.
    Reap(Vec<i32>),
}

/// A call the daemon hands a worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Call {
    pub id: u64,
    pub tool: String,
    /// The arguments as JSON text (an object).
    pub args: String,
    pub session_id: String,
    pub agent: String,
    /// The secrets the agent is granted, as the store held them when the
    /// call came: the worker adds them to the box environment of its setup
    /// for `context.env`, so the environment is not sent with every call.
    pub secrets: Vec<(String, String)>,
    /// The call's deadline as milliseconds since the Unix epoch: time spent
    /// queued in the worker counts.
    pub deadline_unix_ms: u64,
}

/// A line from a worker after `Ready`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// These calls started running; from now on each must end by its deadline.
    Started(Vec<u64>),
    /// A call ended.
    Done(Done),
    /// These calls were withdrawn before they started: they never ran.
    Withdrawn(Vec<u64>),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Done {
    pub id: u64,
    /// `execute` returned (`text` is the output) or not (`text` is the error).
    pub ok: bool,
    pub text: String,
    /// The call was stopped at its deadline.
    pub timed_out: bool,
    /// The tool's promise can never settle (nothing it awaits can happen).
    #[serde(default)]
    pub stalled: bool,
    /// `console` lines as `level: text`.
    pub console: Vec<String>,
}

pub fn unix_ms(time: std::time::SystemTime) -> u64 {
    time.duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
