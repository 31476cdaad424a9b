//! The public API's plain types: how a host is configured, what a call
//! carries in and out, and why loading failed. No behaviour lives here, so
//! the host and the code of one call can both use them without each other.

use std::path::PathBuf;
use std::time::Duration;

use crate::limits::Limits;
use crate::state::ConsoleLine;

/// How to build a [`Host`](crate::Host).
#[derive(Debug, Clone)]
pub struct HostConfig {
    /// The project checkout: `process.cwd()`, `context.directory`, and the
    /// base of relative paths in `node:fs`.
    pub project_dir: PathBuf,
    /// The box environment, without secrets: `process.env` and the default
    /// environment of subprocesses.
    pub box_env: Vec<(String, String)>,
    /// Deadline, loop and recursion limits, output size.
    pub limits: Limits,
    /// A folder where stripped TypeScript is kept between processes (see
    /// [`crate::default_cache_dir`]); `None` strips every module afresh.
    pub transpile_cache: Option<PathBuf>,
}

impl HostConfig {
    /// A config for `project_dir` with the current process environment and default limits.
    pub fn new(project_dir: impl Into<PathBuf>) -> Self {
        HostConfig {
            project_dir: project_dir.into(),
            box_env: std::env::vars().collect(),
            limits: Limits::default(),
            transpile_cache: None,
        }
    }
}

/// What a loaded tool tells the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolInfo {
    /// The tool's `description`.
    pub description: String,
    /// The tool's `parameters`, as compact JSON.
    pub parameters_json: String,
}

/// Why a tool module did not load; `reason` is the line the daemon logs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct LoadError {
    /// A sentence a person understands, e.g. `Cannot find package 'zod' imported from tools/x.ts`.
    pub reason: String,
}

impl LoadError {
    pub(crate) fn new(reason: impl Into<String>) -> Self {
        LoadError {
            reason: reason.into(),
        }
    }
}

/// Who is calling, passed to `execute` as its second argument.
#[derive(Debug, Clone, Default)]
pub struct CallContext {
    /// `context.sessionId`.
    pub session_id: String,
    /// `context.agent`.
    pub agent: String,
    /// `context.env`: the box environment plus the secrets this agent receives.
    pub env: Vec<(String, String)>,
    /// Overrides the host's deadline for this call.
    pub deadline: Option<Duration>,
}

impl CallContext {
    /// A call by `agent` in `session_id` whose `context.env` is `env`, under
    /// the host's deadline.
    pub fn new<K: Into<String>, V: Into<String>>(
        session_id: impl Into<String>,
        agent: impl Into<String>,
        env: impl IntoIterator<Item = (K, V)>,
    ) -> CallContext {
        CallContext {
            session_id: session_id.into(),
            agent: agent.into(),
            env: env.into_iter().map(|(k, v)| (k.into(), v.into())).collect(),
            deadline: None,
        }
    }
}

/// The result the model reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallOutcome {
    /// `execute` returned: a string as is, anything else as indented JSON, `undefined` as "".
    Ok(String),
    /// `execute` threw (or was stopped): the message.
    ToolError(String),
}

/// One finished call.
#[derive(Debug, Clone)]
pub struct CallResult {
    /// What the model reads (already limited in size).
    pub outcome: CallOutcome,
    /// `console` output written while the call ran.
    pub console: Vec<ConsoleLine>,
    /// Wall-clock time of the call.
    pub elapsed: Duration,
}

/// One call in a batch for [`Host::call_many`](crate::Host::call_many).
#[derive(Debug, Clone)]
pub struct CallRequest {
    /// The tool's name as given to [`Host::load_tool`](crate::Host::load_tool).
    pub tool: String,
    /// The arguments, as JSON.
    pub args_json: String,
    /// `context` fields.
    pub context: CallContext,
}

/// Errors creating a [`Host`](crate::Host) (the runtime itself failed to start).
#[derive(Debug, thiserror::Error)]
#[error("the tool runtime could not start: {0}")]
pub struct HostError(pub(crate) String);
