//! A generation: the project as read at one moment and the workers that
//! loaded its tools. New calls go to the newest generation; a call keeps the
//! generation it started on, which ends when its last call does.
//!
//! A generation's workers are pooled by *grant*, the set of secret names a
//! call carries: a worker only ever runs calls of one grant, so a tool
//! cannot find in its process (memory, realm, a `fetch` wrapped at load)
//! the secrets of an agent granted others. The pool of calls without
//! secrets starts with the generation; any other starts on its grant's
//! first call, which waits for a worker to load. Each pool has
//! `--workers` workers. Grants come from `beeuni.yaml` (an agent it does
//! not configure has none), so their number is bounded by the manifest,
//! not by requests.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use checker::project::{Harness, Project, ToolKind};

use crate::pool::{Slot, WorkerSpec};
use crate::protocol::{Call, Loaded, Setup, Skipped, ToolSpec};

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
    /// The workers of each grant (see the module's note).
    pools: Mutex<HashMap<Grant, Arc<Vec<Arc<Slot>>>>>,
    /// Workers per pool.
    count: usize,
    spec: Arc<WorkerSpec>,
    /// The tools each caller (agent, parent agent, harness) sees, worked
    /// out on its first call rather than on every call.
    seen: Mutex<HashMap<Caller, HashSet<String>>>,
    /// Where each tool is in `tools`.
    by_name: HashMap<String, usize>,
}

type Caller = (String, Option<String>, Harness);

/// The secret names a call carries, sorted: the key of its worker pool.
type Grant = Vec<String>;

fn grant_of(call: &Call) -> Grant {
    let mut names: Grant = call.secrets.iter().map(|(name, _)| name.clone()).collect();
    names.sort();
    names.dedup();
    names
}

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
            pools: Mutex::new(HashMap::from([(Grant::new(), Arc::new(workers))])),
            count: options.count.max(1),
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

    /// The workers of `call`'s grant, started now if this is its first call.
    fn pool(&self, call: &Call) -> Arc<Vec<Arc<Slot>>> {
        let grant = grant_of(call);
        let mut pools = self.pools.lock().unwrap_or_else(|e| e.into_inner());
        pools
            .entry(grant)
            .or_insert_with(|| {
                Arc::new(
                    (0..self.count)
                        .map(|_| Slot::start_later(self.spec.clone()))
                        .collect(),
                )
            })
            .clone()
    }

    /// Every worker of every pool.
    pub fn slots(&self) -> Vec<Arc<Slot>> {
        let pools = self.pools.lock().unwrap_or_else(|e| e.into_inner());
        pools
            .values()
            .flat_map(|pool| pool.iter().cloned())
            .collect()
    }

    /// The worker of `call`'s grant with the fewest calls in flight,
    /// preferring one that takes its calls promptly (a worker whose thread
    /// is blocked does not); `None` while none of them is up.
    pub fn least_busy(&self, call: &Call) -> Option<Arc<Slot>> {
        self.pool(call)
            .iter()
            .filter_map(|w| Some((w.load()?, w)))
            .min_by_key(|(load, _)| *load)
            .map(|(_, w)| w.clone())
    }

    /// Whether a worker of `call`'s grant other than `busy` is up and
    /// taking its calls promptly.
    pub fn prompt_worker_besides(&self, call: &Call, busy: &Arc<Slot>) -> bool {
        self.pool(call)
            .iter()
            .any(|w| !Arc::ptr_eq(w, busy) && !w.slow_to_take())
    }
}

fn digest(path: &std::path::Path) -> Option<String> {
    use sha2::Digest;
    let bytes = std::fs::read(path).ok()?;
    Some(hex::encode(sha2::Sha256::digest(&bytes)))
}
