//! A generation: the project as read at one moment and the workers that
//! loaded its tools. New calls go to the newest generation; a call keeps the
//! generation it started on, which ends when its last call does.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use checker::project::{Harness, Project, ToolKind};

use crate::pool::{Slot, WorkerSpec};
use crate::protocol::{Loaded, Setup, Skipped, ToolSpec};

/// A tool a generation serves.
#[derive(Debug, Clone, PartialEq)]
pub struct ServedTool {
    pub name: String,
    pub kind: ToolKind,
    pub source: String,
    /// The module file relative to the project (`None` for a hosted tool).
    pub module: Option<PathBuf>,
    pub info: Loaded,
    /// A hash of the module file, to tell a changed tool on reload.
    pub digest: Option<String>,
}

/// A tool that did not load, with the file and the reason `validate --deep` gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedTool {
    pub name: String,
    pub file: String,
    pub reason: String,
}

#[derive(Debug)]
pub struct Generation {
    pub number: u64,
    pub project: Project,
    pub tools: Vec<ServedTool>,
    pub skipped: Vec<SkippedTool>,
    pub workers: Vec<Arc<Slot>>,
    spec: Arc<WorkerSpec>,
    /// The tools each caller (agent, parent agent, harness) sees, worked
    /// out on its first call rather than on every call.
    seen: Mutex<HashMap<Caller, HashSet<String>>>,
    /// Where each tool is in `tools`.
    by_name: HashMap<String, usize>,
}

type Caller = (String, Option<String>, Harness);

/// Callers whose tools are remembered at most; past this (agent names come
/// from requests) they are worked out each time.
const SEEN_CALLERS: usize = 256;

impl Drop for Generation {
    fn drop(&mut self) {
        self.spec.retired.store(true, Ordering::Relaxed);
    }
}

/// How workers are started.
#[derive(Debug, Clone)]
pub struct WorkerOptions {
    pub program: PathBuf,
    pub count: usize,
    pub timeout_ms: u64,
    pub memory_bytes: u64,
    pub sandbox: runtime::sandbox::Level,
}

impl Generation {
    /// Starts `options.count` workers on `project` and waits until each has loaded every tool.
    pub async fn start(
        number: u64,
        project: Project,
        options: &WorkerOptions,
    ) -> anyhow::Result<Generation> {
        let tool_set = project.tool_set();
        let specs: Vec<ToolSpec> = tool_set
            .tools
            .iter()
            .map(|t| ToolSpec {
                name: t.name.clone(),
                module: t.module.clone(),
            })
            .collect();
        let spec = Arc::new(WorkerSpec {
            program: options.program.clone(),
            setup: Setup {
                project_dir: project.root.clone(),
                tools: specs,
                timeout_ms: options.timeout_ms,
                memory_bytes: options.memory_bytes,
                box_env: crate::secrets::box_env(),
                sandbox: options.sandbox,
            },
            retired: Default::default(),
        });
        // The generation serves once one worker has loaded every tool; the
        // others start then, so that the first does not share the CPU
        // with them while it loads, and take calls as each is ready.
        let (first, ready) = Slot::start(spec.clone()).await?;
        let mut workers = vec![first];
        for _ in 1..options.count.max(1) {
            workers.push(Slot::start_later(spec.clone()));
        }
        let tools: Vec<ServedTool> = tool_set
            .tools
            .iter()
            .filter_map(|t| {
                let info = ready.loaded.iter().find(|l| l.name == t.name)?.clone();
                Some(ServedTool {
                    name: t.name.clone(),
                    kind: t.kind,
                    source: t.source.clone(),
                    module: t.module.clone(),
                    info,
                    digest: t
                        .module
                        .as_ref()
                        .and_then(|m| digest(&project.root.join(m))),
                })
            })
            .collect();
        let skipped = ready
            .skipped
            .iter()
            .map(|Skipped { name, reason }| SkippedTool {
                name: name.clone(),
                file: tool_set
                    .get(name)
                    .and_then(|t| t.module.as_ref())
                    .map_or_else(|| format!("beeuni:{name}"), |m| m.display().to_string()),
                reason: reason.clone(),
            })
            .collect();
        let tools_by_name = tools
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.clone(), i))
            .collect();
        Ok(Generation {
            number,
            project,
            tools,
            skipped,
            workers,
            spec,
            seen: Mutex::default(),
            by_name: tools_by_name,
        })
    }

    /// Whether `agent` (a subagent of `parent`) may call `tool` in `harness`.
    pub fn may_call(
        &self,
        agent: &str,
        parent: Option<&str>,
        harness: Harness,
        tool: &str,
    ) -> bool {
        let caller = (agent.to_string(), parent.map(str::to_string), harness);
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(tools) = seen.get(&caller) {
            return tools.contains(tool);
        }
        let tools: HashSet<String> = self
            .project
            .tools_seen_by(agent, parent, harness)
            .into_iter()
            .collect();
        let allowed = tools.contains(tool);
        if seen.len() < SEEN_CALLERS {
            seen.insert(caller, tools);
        }
        allowed
    }

    pub fn tool(&self, name: &str) -> Option<&ServedTool> {
        self.tools.get(*self.by_name.get(name)?)
    }

    /// The worker with the fewest calls in flight, preferring one that
    /// takes its calls promptly (a worker whose thread is blocked does not).
    pub fn least_busy(&self) -> Option<&Arc<Slot>> {
        self.workers
            .iter()
            .filter_map(|w| Some((w.load()?, w)))
            .min_by_key(|(load, _)| *load)
            .map(|(_, w)| w)
    }

    /// Whether a worker other than `busy` is up and taking its calls promptly.
    pub fn prompt_worker_besides(&self, busy: &Arc<Slot>) -> bool {
        self.workers
            .iter()
            .any(|w| !Arc::ptr_eq(w, busy) && !w.slow_to_take())
    }
}

fn digest(path: &std::path::Path) -> Option<String> {
    use sha2::Digest;
    let bytes = std::fs::read(path).ok()?;
    Some(hex::encode(sha2::Sha256::digest(&bytes)))
}
