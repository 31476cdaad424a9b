//! A worker's driver: the task that starts the worker process, owns it and
//! its socket, writes it the calls the slot queues, reads its answers back
//! to their tickets, and kills and replaces it when it dies or blocks.

use std::collections::HashMap;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use super::{Handle, Job, Reply, STUCK_GRACE, Slot, TAKE_WAIT, WorkerSpec};
use crate::protocol::{Event, Ready, Request};

/// How long a killed worker's last lines are read for.
const LAST_WORDS: Duration = Duration::from_secs(1);

/// When an idle worker's tree is swept again after the sweep made as its
/// last call ended. That sweep races the worker's own teardown of the
/// call: a shell the worker kills while the daemon reads `/proc` hands its
/// `setsid` child to the worker after the daemon listed the worker's
/// children and before it listed the shell's, and the child is missed.
/// The move takes microseconds; a later look finds it below the worker.
const RESWEEPS: [Duration; 2] = [Duration::from_millis(100), Duration::from_secs(1)];

pub(super) struct Driver {
    child: tokio::process::Child,
    /// The daemon's end of the worker's socket, both ways.
    to_worker: tokio::net::unix::OwnedWriteHalf,
    lines: tokio::io::Lines<BufReader<tokio::net::unix::OwnedReadHalf>>,
    jobs: mpsc::UnboundedReceiver<Job>,
    busy: Arc<AtomicUsize>,
    alive: Arc<AtomicBool>,
    slow_to_take: Arc<AtomicBool>,
}

struct Pending {
    reply: oneshot::Sender<Reply>,
    limit: Duration,
    sent: Instant,
    started: Option<Instant>,
    /// The ticket's view of `started`.
    started_flag: Arc<AtomicBool>,
}

pub(super) async fn spawn(spec: &WorkerSpec) -> anyhow::Result<(Handle, Ready, Driver)> {
    use std::os::unix::process::CommandExt;
    // One socket carries the protocol both ways. The worker finds its end
    // on fd 0 and moves it to a close-on-exec descriptor before it loads a
    // module (see `worker.rs`); ours is close-on-exec, so no other worker
    // (nor a tool's subprocess) inherits it.
    let (ours, theirs) = std::os::unix::net::UnixStream::pair()?;
    let mut command = std::process::Command::new(&spec.program);
    command
        .arg("daemon-worker")
        .stdin(Stdio::from(std::os::fd::OwnedFd::from(theirs)))
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        // Its own process group, so that killing it kills the tools' subprocesses too.
        .process_group(0);
    for name in crate::secrets::HIDDEN_VARS {
        command.env_remove(name);
    }
    // A worker that runs out of memory must leave one line in the daemon's
    // log, not a backtrace; the tools still see the daemon's environment
    // (`Setup::box_env`).
    command
        .env("RUST_BACKTRACE", "0")
        .env_remove("RUST_LIB_BACKTRACE");
    let mut command = tokio::process::Command::from(command);
    command.kill_on_drop(true);
    let mut child = command.spawn()?;
    // Our copy of the worker's end goes with the command: the socket must
    // read as closed once the worker is gone.
    drop(command);
    ours.set_nonblocking(true)?;
    let (reader, mut to_worker) = tokio::net::UnixStream::from_std(ours)?.into_split();
    let mut setup = serde_json::to_vec(&spec.setup)?;
    setup.push(b'\n');
    to_worker.write_all(&setup).await?;
    to_worker.flush().await?;
    let mut lines = BufReader::new(reader).lines();
    let ready: Ready = match lines.next_line().await? {
        Some(line) => serde_json::from_str(&line)?,
        None => {
            let status = child.wait().await?;
            anyhow::bail!("the worker exited while loading the tools ({status})");
        }
    };
    let (jobs_tx, jobs) = mpsc::unbounded_channel();
    let busy = Arc::new(AtomicUsize::new(0));
    let alive = Arc::new(AtomicBool::new(true));
    let slow_to_take = Arc::new(AtomicBool::new(false));
    let handle = Handle {
        jobs: jobs_tx,
        busy: busy.clone(),
        alive: alive.clone(),
        slow_to_take: slow_to_take.clone(),
    };
    Ok((
        handle,
        ready,
        Driver {
            child,
            to_worker,
            lines,
            jobs,
            busy,
            alive,
            slow_to_take,
        },
    ))
}

impl Driver {
    /// Serves until the slot is dropped (the generation ended) or the
    /// worker dies; then restarts it in the same slot while the generation lives.
    pub(super) async fn run(mut self, slot: Weak<Slot>, spec: Arc<WorkerSpec>) {
        loop {
            let why = self.serve().await;
            self.alive.store(false, Ordering::Relaxed);
            let Some(why) = why else { return };
            tracing::warn!("[workers] a worker was replaced: {why}");
            let Some(slot) = slot.upgrade() else {
                self.give_back_queued();
                return;
            };
            if spec.retired.load(Ordering::Relaxed) {
                self.give_back_queued();
                return;
            }
            let mut delay = Duration::from_millis(100);
            let next = loop {
                match spawn(&spec).await {
                    Ok(next) => break next,
                    Err(e) => {
                        tracing::error!("[workers] a worker failed to start: {e}");
                        // Calls sent meanwhile should not wait for a worker that may never come.
                        self.give_back_queued();
                        tokio::time::sleep(delay).await;
                        delay = (delay * 2).min(Duration::from_secs(10));
                        if spec.retired.load(Ordering::Relaxed) {
                            self.give_back_queued();
                            return;
                        }
                    }
                }
            };
            let (handle, _ready, driver) = next;
            if let Ok(mut current) = slot.current.write() {
                *current = handle;
            }
            // Calls sent while the worker was being replaced never reached
            // it: they go to another worker.
            self.give_back_queued();
            tracing::info!("[workers] the replacement worker is ready");
            drop(slot);
            self = driver;
        }
    }

    /// Closes this driver's queue and answers every call still in it
    /// [`Reply::Retry`]: none reached a worker.
    fn give_back_queued(&mut self) {
        self.jobs.close();
        while let Ok(job) = self.jobs.try_recv() {
            if let Job::Call { reply, .. } = job {
                self.busy.fetch_sub(1, Ordering::Relaxed);
                let _ = reply.send(Reply::Retry);
            }
        }
    }

    /// `None` when the slot closed and every call was answered; else why the worker is gone.
    async fn serve(&mut self) -> Option<String> {
        let mut pending: HashMap<u64, Pending> = HashMap::new();
        let mut open = true;
        // The next re-sweep of an idle worker, and how many were made.
        let mut resweep: Option<(Instant, usize)> = None;
        let why = loop {
            if !pending.is_empty() {
                resweep = None;
            }
            if !open && pending.is_empty() {
                self.kill_group();
                let _ = self.child.wait().await;
                return None;
            }
            let stuck_at = pending
                .values()
                .filter_map(|p| p.started.map(|s| s + p.limit + STUCK_GRACE))
                .min();
            let slow_at = if self.slow_to_take.load(Ordering::Relaxed) {
                None
            } else {
                pending
                    .values()
                    .filter(|p| p.started.is_none())
                    .map(|p| p.sent + TAKE_WAIT)
                    .min()
            };
            tokio::select! {
                job = self.jobs.recv(), if open => match job {
                    Some(Job::Call { call, limit, reply, started }) => {
                        pending.insert(call.id, Pending {
                            reply,
                            limit,
                            sent: Instant::now(),
                            started: None,
                            started_flag: started,
                        });
                        let request = Request::Call(call);
                        if let Err(e) = self.send(&request).await {
                            break format!("cannot write to it: {e}");
                        }
                    }
                    Some(Job::Cancel(id)) => {
                        if pending.contains_key(&id)
                            && let Err(e) = self.send(&Request::Cancel(id)).await
                        {
                            break format!("cannot write to it: {e}");
                        }
                    }
                    Some(Job::Withdraw(id)) => {
                        if pending.get(&id).is_some_and(|p| p.started.is_none())
                            && let Err(e) = self.send(&Request::Withdraw(vec![id])).await
                        {
                            break format!("cannot write to it: {e}");
                        }
                    }
                    None => open = false,
                },
                line = self.lines.next_line() => match line {
                    Ok(Some(line)) => match serde_json::from_str::<Event>(&line) {
                        Ok(event) => {
                            if matches!(event, Event::Started(_)) {
                                self.slow_to_take.store(false, Ordering::Relaxed);
                            }
                            let had_calls = !pending.is_empty();
                            self.note(&mut pending, event);
                            if had_calls && pending.is_empty() {
                                if let Err(e) = self.sweep_left_behind().await {
                                    break format!("cannot write to it: {e}");
                                }
                                resweep = Some((Instant::now() + RESWEEPS[0], 0));
                            }
                        }
                        Err(e) => break format!("it wrote a line the daemon does not understand: {e}"),
                    },
                    _ => {
                        let status = self.child.wait().await;
                        break match status {
                            Ok(status) => describe_exit(status),
                            Err(e) => format!("it ended: {e}"),
                        };
                    }
                },
                _ = sleep_until(resweep.map(|(at, _)| at)) => {
                    let made = resweep.map_or(0, |(_, made)| made) + 1;
                    resweep = RESWEEPS.get(made).map(|wait| (Instant::now() + *wait, made));
                    if let Err(e) = self.sweep_left_behind().await {
                        break format!("cannot write to it: {e}");
                    }
                }
                _ = sleep_until(slow_at) => self.slow_to_take.store(true, Ordering::Relaxed),
                _ = sleep_until(stuck_at) => {
                    let limit = pending.values().filter(|p| p.started.is_some()).map(|p| p.limit).max().unwrap_or_default();
                    self.kill_group();
                    break format!(
                        "a call blocked its worker past its {} s deadline (code the runtime cannot interrupt, such as a catastrophic regular expression)",
                        limit.as_secs_f64().round()
                    );
                }
            }
        };
        // No call may be sent to it from now on: one sent while it is being
        // taken down would come straight back and be sent again.
        self.alive.store(false, Ordering::Relaxed);
        self.kill_group();
        // What the worker wrote before it died still counts: a call that
        // ended has its answer, and one it started must not run again.
        let _ = tokio::time::timeout(LAST_WORDS, async {
            while let Ok(Some(line)) = self.lines.next_line().await {
                if let Ok(event) = serde_json::from_str::<Event>(&line) {
                    self.note(&mut pending, event);
                }
            }
        })
        .await;
        let _ = self.child.wait().await;
        for (_, p) in pending.drain() {
            self.busy.fetch_sub(1, Ordering::Relaxed);
            // A call the worker never started can go to another worker.
            let reply = match p.started {
                None => Reply::Retry,
                Some(_) => Reply::Lost(format!(
                    "the tool's worker was stopped and replaced before the call finished: {why}"
                )),
            };
            let _ = p.reply.send(reply);
        }
        // Calls sent after the worker died never reached it.
        while let Ok(job) = self.jobs.try_recv() {
            if let Job::Call { reply, .. } = job {
                self.busy.fetch_sub(1, Ordering::Relaxed);
                let _ = reply.send(Reply::Retry);
            }
        }
        Some(why)
    }

    /// Applies one event from the worker to the calls it holds.
    fn note(&self, pending: &mut HashMap<u64, Pending>, event: Event) {
        match event {
            Event::Started(ids) => {
                let now = Instant::now();
                for id in ids {
                    if let Some(p) = pending.get_mut(&id) {
                        p.started = Some(now);
                        p.started_flag.store(true, Ordering::Relaxed);
                    }
                }
            }
            Event::Done(done) => {
                if let Some(p) = pending.remove(&done.id) {
                    self.busy.fetch_sub(1, Ordering::Relaxed);
                    let _ = p.reply.send(Reply::Done(done));
                }
            }
            Event::Withdrawn(ids) => {
                for id in ids {
                    if let Some(p) = pending.remove(&id) {
                        self.busy.fetch_sub(1, Ordering::Relaxed);
                        let _ = p.reply.send(Reply::Withdrawn);
                    }
                }
            }
        }
    }

    /// Kills every process below the worker once it has no call in flight:
    /// what a call left running, `setsid` and double-forked processes
    /// included (the worker is their subreaper, see `proc_tree.rs`). Not
    /// sooner, since a running call may still use its own. The daemon does
    /// it, not the worker: the sandbox keeps the worker out of other
    /// processes' `/proc` entries. The worker then reaps those that were
    /// its children.
    async fn sweep_left_behind(&mut self) -> std::io::Result<()> {
        let Some(pid) = self.child.id().map(|p| p as i32) else {
            return Ok(());
        };
        let table = crate::proc_tree::subtree(pid);
        let below = crate::proc_tree::descendants(&table, pid);
        if below.is_empty() {
            return Ok(());
        }
        crate::proc_tree::kill(&below);
        let orphans = crate::proc_tree::orphans(&table, pid);
        if orphans.is_empty() {
            return Ok(());
        }
        self.send(&Request::Reap(orphans)).await
    }

    async fn send(&mut self, request: &Request) -> std::io::Result<()> {
        let mut line = serde_json::to_vec(request).unwrap_or_default();
        line.push(b'\n');
        self.to_worker.write_all(&line).await
    }

    fn kill_group(&mut self) {
        if let Some(pid) = self.child.id() {
            // The worker is a subreaper: what its tools detached (`setsid`)
            // is below it, outside its group, until it dies.
            let table = crate::proc_tree::subtree(pid as i32);
            crate::proc_tree::kill(&crate::proc_tree::descendants(&table, pid as i32));
            let _ = nix::sys::signal::killpg(
                nix::unistd::Pid::from_raw(pid as i32),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
        let _ = self.child.start_kill();
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn describe_exit(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (_, Some(6)) => {
            "it ran out of memory or crashed (SIGABRT); its memory is bounded by --worker-memory"
                .into()
        }
        (_, Some(9)) => "it was killed (SIGKILL), perhaps for using too much memory".into(),
        (_, Some(signal)) => format!("it died of signal {signal}"),
        (Some(code), None) => format!("it exited with status {code}"),
        (None, None) => "it ended".into(),
    }
}
