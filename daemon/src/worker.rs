//! The worker process (`beeuni daemon-worker`, started by the daemon, never
//! by a person): one [`runtime::Host`] with every tool loaded, fed calls and
//! answering over a socket the daemon hands it (see `protocol.rs`).
//!
//! The tools a worker runs must not reach that socket: another agent's
//! calls (secrets included) travel on it, and a line written to it would
//! answer another call. So the worker makes itself non-dumpable (a
//! subprocess of the same user cannot open `/proc/<worker>/fd/*`), moves
//! the socket off fd 0 to a close-on-exec descriptor (no subprocess inherits
//! it, and a socket cannot be reopened through `/proc/self/fd/N` as a pipe
//! could), and leaves fds 0 and 1 on `/dev/null`, all before it reads a
//! module. A tool's `console` and `process.stdout` never used fd 1: the
//! runtime collects them into the call's answer. Then, still before the
//! first module, it confines itself (`runtime::sandbox`: the checkout and
//! its own temp folder, nothing of the daemon's files) and becomes a child
//! subreaper, so that what its tools detach stays below it for the daemon
//! to kill (`proc_tree.rs`).
//!
//! A worker is a process, not a thread, because boa cannot interrupt native
//! code (a catastrophic regular expression) and cannot bound its heap: the
//! daemon kills a worker that blocks past a deadline, the kernel stops one
//! that passes its address-space limit, and either way only that worker's
//! calls are lost. Each call starts on the host as soon as it arrives, its
//! awaits interleaved with the others', and is answered as soon as it ends.
//! A call that has not started yet (the host thread is busy or blocked) can
//! be withdrawn by the daemon and sent to another worker.

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, SystemTime};

use runtime::{
    CallContext, CallFeed, CallOutcome, CallRequest, CallResult, CancelHandle, FedCall, Host,
    HostConfig,
};

use crate::protocol::{
    Call, Done, Event, Loaded, Ready, Request, Setup, Skipped, ToolSpec, unix_ms,
};

/// The worker's entry point: takes the daemon's socket from fd 0, where the
/// daemon put it, and serves on it until the daemon closes it.
pub fn serve_daemon() -> anyhow::Result<()> {
    // Before anything else: from here on no process of this user can read
    // this one's descriptors or memory through `/proc`, nor ptrace it.
    nix::sys::prctl::set_dumpable(false)?;
    let channel = take_channel()?;
    let input = std::io::BufReader::new(channel.try_clone()?);
    // The host runs on a thread with the engine's stack (the main thread's
    // is what the environment gave, 8 MB at most).
    std::thread::Builder::new()
        .name("beeuni-worker".into())
        .stack_size(runtime::ENGINE_STACK_SIZE)
        .spawn(move || run(input, std::io::BufWriter::new(channel)))?
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Moves the daemon's socket from fd 0 to a new close-on-exec descriptor
/// and puts `/dev/null` on fd 0 in its place (fd 1 already is: the daemon
/// starts the worker so).
fn take_channel() -> anyhow::Result<std::os::unix::net::UnixStream> {
    use std::os::fd::AsFd;
    let stdin = std::io::stdin();
    // `try_clone_to_owned` duplicates with F_DUPFD_CLOEXEC.
    let socket = std::fs::File::from(stdin.as_fd().try_clone_to_owned()?);
    use std::os::unix::fs::FileTypeExt;
    if !socket.metadata()?.file_type().is_socket() {
        anyhow::bail!(
            "`beeuni daemon-worker` is started by `beeuni daemon`, with its socket on standard input"
        );
    }
    let null = std::fs::File::open("/dev/null")?;
    nix::unistd::dup2_stdin(&null)?;
    Ok(std::os::unix::net::UnixStream::from(
        std::os::fd::OwnedFd::from(socket),
    ))
}

/// Runs a worker until `input` closes: the setup line and then requests come
/// in on `input`, events go out on `output` (both the daemon's socket).
pub fn run(
    mut input: impl BufRead + Send + 'static,
    mut output: impl Write + Send + 'static,
) -> anyhow::Result<()> {
    // A worker outliving its daemon would hold a CPU forever.
    let _ = nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL);
    // Every process the tools start stays below this one, `setsid` or not,
    // so that what a call leaves behind can be found (`proc_tree.rs`).
    let _ = nix::sys::prctl::set_child_subreaper(true);
    let mut first = String::new();
    input.read_line(&mut first)?;
    let setup: Setup = serde_json::from_str(&first)?;
    if setup.memory_bytes > 0 {
        use nix::sys::resource::{Resource, setrlimit};
        setrlimit(Resource::RLIMIT_AS, setup.memory_bytes, setup.memory_bytes)?;
    }
    // The worker's temp folder: hosted sources, spilled outputs and the
    // tools' own temporary files. Kept when the worker ends, since the
    // model may read a spilled output later; the daemon's sweep removes it.
    let staged = tempfile::Builder::new()
        .prefix("beeuni-hosted-")
        .tempdir()?
        .keep();
    // Before any module is read: a module's top level is tool code too.
    let confined = runtime::sandbox::confine(
        setup.sandbox,
        &sandbox_grants(&setup.project_dir, &staged, &setup.box_env),
    )?;
    let mut config = HostConfig::new(&setup.project_dir);
    let box_env = tools_env(&setup.box_env, &confined, &staged);
    config.box_env = box_env.clone();
    // A confined worker cannot reach the cache folder, which tools must not
    // write: it strips every module afresh.
    config.transpile_cache = match confined.holds() {
        true => None,
        false => runtime::default_cache_dir(),
    };
    config.limits.deadline = Duration::from_millis(setup.timeout_ms);
    let mut host = Host::new(config)?;
    let ready = load_all(&mut host, &setup, &staged);
    writeln!(output, "{}", serde_json::to_string(&ready)?)?;
    output.flush()?;

    let out: Shared<Box<dyn Write + Send>> = Arc::new(Mutex::new(Box::new(output)));
    let inbox = Arc::new(Inbox::default());
    // Calls, cancels and withdrawals arrive while the host runs others (or
    // is blocked in one): this thread reads them, and wakes the host.
    let cancels: Shared<HashMap<u64, CancelHandle>> = Arc::default();
    let source = host.cancel_source();
    let reader_cancels = cancels.clone();
    let reader_inbox = inbox.clone();
    let reader_out = out.clone();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            let Ok(request) = serde_json::from_str::<Request>(&line) else {
                break;
            };
            let given_back = match request {
                Request::Call(call) => {
                    let handle = source.handle();
                    lock(&reader_cancels).insert(call.id, handle.clone());
                    reader_inbox.push(call, handle);
                    source.wake();
                    continue;
                }
                // A call its client gave up on never starts if it has not yet.
                Request::Cancel(id) => match reader_inbox.take(&[id]) {
                    taken if taken.is_empty() => {
                        if let Some(handle) = lock(&reader_cancels).remove(&id) {
                            handle.cancel();
                        }
                        continue;
                    }
                    taken => taken,
                },
                Request::Withdraw(ids) => reader_inbox.take(&ids),
                Request::Reap(pids) => {
                    reap(&pids);
                    continue;
                }
            };
            if given_back.is_empty() {
                continue;
            }
            {
                let mut cancels = lock(&reader_cancels);
                for id in &given_back {
                    cancels.remove(id);
                }
            }
            if write_event(&reader_out, &Event::Withdrawn(given_back)).is_err() {
                break;
            }
        }
        reader_inbox.close();
    });
    let mut feed = Feed {
        temp: staged.clone(),
        box_env,
        inbox,
        cancels,
        limits: HashMap::new(),
        out,
        failed: None,
    };
    host.serve(&mut feed);
    match feed.failed {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}

/// What a worker's (or `tools call`'s) tools may reach besides the system
/// folders: the checkout and `temp` read and write; and what they must not,
/// however the folders are laid out.
pub fn sandbox_grants(
    project_dir: &Path,
    temp: &Path,
    box_env: &[(String, String)],
) -> runtime::sandbox::Grants {
    let mut protected = Vec::new();
    if let Some(dir) = crate::paths::secrets_dir() {
        protected.push(("the secret store", dir));
    }
    if let Some(dir) = crate::paths::runtime_dir() {
        protected.push(("the daemon's runtime file", dir));
    }
    if let Some(dir) = runtime::default_cache_dir() {
        protected.push(("the transpile cache", dir));
    }
    let var = |name: &str| {
        box_env
            .iter()
            .find(|(n, v)| n == name && !v.is_empty())
            .map(|(_, v)| PathBuf::from(v))
    };
    let config_home = var("XDG_CONFIG_HOME").or_else(|| var("HOME").map(|h| h.join(".config")));
    runtime::sandbox::Grants {
        read_write: vec![project_dir.to_path_buf(), temp.to_path_buf()],
        // git refuses to run when it cannot read the user's configuration.
        read_only: [
            var("HOME").map(|h| h.join(".gitconfig")),
            config_home.map(|c| c.join("git")),
        ]
        .into_iter()
        .flatten()
        .collect(),
        protected,
        path_var: var("PATH").map(PathBuf::into_os_string),
        temp_dir: Some(temp.to_path_buf()),
    }
}

/// The box environment, with `TMPDIR` on the tools' own temp folder when
/// they are confined, so subprocesses write their temporary files where
/// the sandbox lets them.
pub fn tools_env(
    box_env: &[(String, String)],
    confined: &runtime::sandbox::Confined,
    temp: &Path,
) -> Vec<(String, String)> {
    if !confined.holds() {
        return box_env.to_vec();
    }
    box_env
        .iter()
        .filter(|(name, _)| name != "TMPDIR")
        .cloned()
        .chain([("TMPDIR".to_string(), temp.display().to_string())])
        .collect()
}

type Shared<T> = Arc<Mutex<T>>;

/// Collects the exit of processes the daemon killed that had become this
/// worker's children (it is their subreaper): only a parent can, and a
/// zombie still looks like a process. The runtime's own children are never
/// among them; tokio waits for those.
fn reap(pids: &[i32]) {
    for &pid in pids {
        let _ = nix::sys::wait::waitpid(nix::unistd::Pid::from_raw(pid), None);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

fn write_event(out: &Mutex<Box<dyn Write + Send>>, event: &Event) -> std::io::Result<()> {
    let mut line = serde_json::to_vec(event).unwrap_or_default();
    line.push(b'\n');
    let mut out = lock(out);
    out.write_all(&line)?;
    out.flush()
}

/// Calls received and not yet started. Whether a call starts or is given
/// back is decided here, under one lock, so that a withdrawn call can never
/// also run.
#[derive(Default)]
struct Inbox {
    queue: Mutex<Queue>,
    arrived: Condvar,
}

#[derive(Default)]
struct Queue {
    calls: VecDeque<(Call, CancelHandle)>,
    /// The daemon closed the worker's stdin.
    closed: bool,
}

impl Inbox {
    fn push(&self, call: Call, handle: CancelHandle) {
        lock(&self.queue).calls.push_back((call, handle));
        self.arrived.notify_one();
    }

    fn close(&self) {
        lock(&self.queue).closed = true;
        self.arrived.notify_one();
    }

    /// Removes the calls of `ids` that are still waiting; returns their ids.
    fn take(&self, ids: &[u64]) -> Vec<u64> {
        let mut queue = lock(&self.queue);
        let mut taken = Vec::new();
        queue.calls.retain(|(call, _)| {
            let take = ids.contains(&call.id);
            if take {
                taken.push(call.id);
            }
            !take
        });
        taken
    }

    fn try_pop(&self) -> Option<(Call, CancelHandle)> {
        lock(&self.queue).calls.pop_front()
    }

    fn wait_pop(&self) -> Option<(Call, CancelHandle)> {
        let mut queue = lock(&self.queue);
        loop {
            if let Some(next) = queue.calls.pop_front() {
                return Some(next);
            }
            if queue.closed {
                return None;
            }
            queue = self.arrived.wait(queue).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// The host's side of the pipes: calls in from the reader thread, results
/// out to the daemon as each call ends.
struct Feed {
    /// The worker's temp folder.
    temp: PathBuf,
    /// The daemon's environment, the base of every `context.env`.
    box_env: Vec<(String, String)>,
    inbox: Arc<Inbox>,
    cancels: Shared<HashMap<u64, CancelHandle>>,
    /// Each call in flight's own deadline, to tell a timeout from a throw.
    limits: HashMap<u64, Duration>,
    out: Shared<Box<dyn Write + Send>>,
    /// Writing to the daemon failed: stop serving.
    failed: Option<std::io::Error>,
}

impl Feed {
    fn write(&mut self, event: &Event) {
        if let Err(e) = write_event(&self.out, event) {
            self.failed.get_or_insert(e);
        }
    }

    fn admit(&mut self, (call, handle): (Call, CancelHandle)) -> Option<FedCall> {
        if self.failed.is_some() {
            return None;
        }
        self.write(&Event::Started(vec![call.id]));
        let now = unix_ms(SystemTime::now());
        let limit = Duration::from_millis(call.deadline_unix_ms.saturating_sub(now).max(1));
        self.limits.insert(call.id, limit);
        let request = CallRequest {
            tool: call.tool,
            args_json: call.args,
            context: CallContext {
                session_id: call.session_id,
                agent: call.agent,
                env: crate::secrets::with_secrets(&self.box_env, call.secrets),
                deadline: Some(limit),
            },
        };
        Some((call.id, request, Some(handle)))
    }
}

impl CallFeed for Feed {
    fn try_next(&mut self) -> Option<FedCall> {
        let next = self.inbox.try_pop()?;
        self.admit(next)
    }

    fn wait_next(&mut self) -> Option<FedCall> {
        let next = self.inbox.wait_pop()?;
        self.admit(next)
    }

    fn finished(&mut self, id: u64, result: CallResult) {
        lock(&self.cancels).remove(&id);
        let limit = self.limits.remove(&id).unwrap_or_default();
        let (ok, text) = match result.outcome {
            CallOutcome::Ok(text) => (true, text),
            CallOutcome::ToolError(text) => (false, text),
        };
        let done = Done {
            id,
            timed_out: !ok && result.elapsed >= limit,
            stalled: !ok && text.starts_with(STALLED),
            ok,
            text,
            console: result
                .console
                .iter()
                .map(|l| format!("{}: {}", l.level, l.text))
                .collect(),
        };
        self.write(&Event::Done(done));
        // The daemon's sweep removes temp folders a day after their last
        // change: a worker in use keeps its own fresh.
        if let Ok(folder) = std::fs::File::open(&self.temp) {
            let _ = folder.set_modified(SystemTime::now());
        }
    }
}

/// How the runtime's message for a promise that can never settle begins.
const STALLED: &str = "the tool's promise never settled";

pub(crate) fn load_all(host: &mut Host, setup: &Setup, staging: &Path) -> Ready {
    let mut ready = Ready {
        loaded: Vec::new(),
        skipped: Vec::new(),
    };
    for ToolSpec { name, module } in &setup.tools {
        let path: PathBuf = match module {
            Some(module) => module.clone(),
            None => match stage_hosted(name, staging) {
                Ok(path) => path,
                Err(reason) => {
                    ready.skipped.push(Skipped {
                        name: name.clone(),
                        reason,
                    });
                    continue;
                }
            },
        };
        match host.load_tool(name, &path) {
            Ok(info) => ready.loaded.push(Loaded {
                name: name.clone(),
                description: info.description,
                parameters: serde_json::from_str(&info.parameters_json)
                    .unwrap_or(serde_json::Value::Null),
            }),
            Err(error) => ready.skipped.push(Skipped {
                name: name.clone(),
                reason: runtime::deep::shown_reason(&setup.project_dir, &error),
            }),
        }
    }
    ready
}

/// A `beeuni:<name>` tool runs from the source shipped in the binary, the
/// bytes `tools eject` writes, staged as a file for the loader.
fn stage_hosted(name: &str, staging: &Path) -> Result<PathBuf, String> {
    let source = runtime::hosted::source(name)
        .ok_or_else(|| format!("{name} is not a Beeuni tool this build ships"))?;
    let path = staging.join(format!("{name}.ts"));
    std::fs::write(&path, source)
        .map_err(|e| format!("cannot stage the hosted source of {name}: {e}"))?;
    Ok(path)
}
