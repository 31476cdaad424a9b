//! The daemon's side of its worker processes: starting one, feeding it
//! calls, noticing when it dies or blocks, and replacing it.
//!
//! Each worker has a driver task (`pool/driver.rs`) that owns the child
//! process and its pipes.
//! A call whose worker reported it started and that is still running
//! [`STUCK_GRACE`] after its deadline means the worker is blocked in code
//! the runtime cannot interrupt: the driver kills the worker's process group
//! (its subprocesses too), fails the calls it held, and a new worker takes
//! the slot. Whenever a worker's last call in flight ends, the driver kills
//! every process left below it (see `proc_tree.rs`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};

use crate::protocol::{Call, Done, Ready, Setup};

mod driver;
use driver::spawn;

/// How long after its deadline a started call may still run before its
/// worker counts as blocked. The host itself ends a call at its deadline
/// whenever the worker's thread is free to notice.
pub const STUCK_GRACE: Duration = Duration::from_secs(2);

/// A worker that has not taken a call this long after it was sent has its
/// thread busy (or blocked): new calls go elsewhere while another worker can
/// take them.
pub const TAKE_WAIT: Duration = Duration::from_millis(250);

/// How a call ended, as the daemon sees it.
#[derive(Debug)]
pub enum Reply {
    Done(Done),
    /// The worker died or was killed before answering.
    Lost(String),
    /// The worker died before starting the call: it may go to another.
    Retry,
    /// The worker gave the call back unstarted, as asked ([`Ticket::withdraw`]).
    Withdrawn,
}

enum Job {
    Call {
        call: Call,
        limit: Duration,
        reply: oneshot::Sender<Reply>,
        started: Arc<AtomicBool>,
    },
    Cancel(u64),
    Withdraw(u64),
}

/// A submitted call; dropping it before its reply came (the client went
/// away, or the deadline passed) cancels the call in its worker.
#[derive(Debug)]
pub struct Ticket {
    id: u64,
    jobs: Option<mpsc::UnboundedSender<Job>>,
    started: Arc<AtomicBool>,
    pub reply: oneshot::Receiver<Reply>,
}

impl Ticket {
    /// The reply came: nothing to cancel any more.
    pub fn answered(mut self) {
        self.jobs = None;
    }

    /// The worker said it started the call.
    pub fn started(&self) -> bool {
        self.started.load(Ordering::Relaxed)
    }

    /// Asks the worker to give the call back if it has not started it: the
    /// reply is then [`Reply::Withdrawn`], else the call's own answer.
    pub fn withdraw(&self) {
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(Job::Withdraw(self.id));
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Some(jobs) = self.jobs.take() {
            let _ = jobs.send(Job::Cancel(self.id));
        }
    }
}

/// What every worker of one generation is started with.
#[derive(Debug)]
pub struct WorkerSpec {
    pub program: PathBuf,
    pub setup: Setup,
    /// Set when the generation is replaced: its dead workers are not restarted.
    pub retired: AtomicBool,
}

/// One worker's place in a generation; a replacement takes over the slot.
#[derive(Debug)]
pub struct Slot {
    current: RwLock<Handle>,
}

#[derive(Debug, Clone)]
struct Handle {
    jobs: mpsc::UnboundedSender<Job>,
    busy: Arc<AtomicUsize>,
    alive: Arc<AtomicBool>,
    /// The worker has not taken a call sent [`TAKE_WAIT`] ago.
    slow_to_take: Arc<AtomicBool>,
}

/// How busy a worker is; the least is the best place for a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Load {
    slow_to_take: bool,
    in_flight: usize,
}

impl Load {
    /// Calls sent to the worker and not yet answered.
    pub fn in_flight(&self) -> usize {
        self.in_flight
    }
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl Slot {
    /// Starts a worker, waits for it to load, and returns its slot.
    pub async fn start(spec: Arc<WorkerSpec>) -> anyhow::Result<(Arc<Slot>, Ready)> {
        let (handle, ready, driver) = spawn(&spec).await?;
        let slot = Arc::new(Slot {
            current: RwLock::new(handle),
        });
        tokio::spawn(driver.run(Arc::downgrade(&slot), spec));
        Ok((slot, ready))
    }

    /// A slot whose worker starts in the background; until it is ready,
    /// calls go to the other workers of the generation.
    pub fn start_later(spec: Arc<WorkerSpec>) -> Arc<Slot> {
        // Not alive, and its queue closed: nothing is sent to it.
        let (jobs, _) = mpsc::unbounded_channel();
        let slot = Arc::new(Slot {
            current: RwLock::new(Handle {
                jobs,
                busy: Arc::default(),
                alive: Arc::default(),
                slow_to_take: Arc::default(),
            }),
        });
        let weak = Arc::downgrade(&slot);
        tokio::spawn(async move {
            let mut delay = Duration::from_millis(100);
            loop {
                if spec.retired.load(Ordering::Relaxed) {
                    return;
                }
                match spawn(&spec).await {
                    Ok((handle, _ready, driver)) => {
                        let Some(slot) = weak.upgrade() else { return };
                        if let Ok(mut current) = slot.current.write() {
                            *current = handle;
                        }
                        drop(slot);
                        driver.run(weak, spec).await;
                        return;
                    }
                    Err(e) => {
                        tracing::error!("[workers] a worker failed to start: {e}");
                        tokio::time::sleep(delay).await;
                        delay = (delay * 2).min(Duration::from_secs(10));
                    }
                }
            }
        });
        slot
    }

    /// Calls in flight on this slot's worker, or `None` while it is being replaced.
    pub fn load(&self) -> Option<Load> {
        let handle = self.current.read().ok()?;
        handle.alive.load(Ordering::Relaxed).then(|| Load {
            slow_to_take: handle.slow_to_take.load(Ordering::Relaxed),
            in_flight: handle.busy.load(Ordering::Relaxed),
        })
    }

    /// The worker has left a call untaken for [`TAKE_WAIT`]: its thread is
    /// busy or blocked.
    pub fn slow_to_take(&self) -> bool {
        self.load().is_none_or(|load| load.slow_to_take)
    }

    /// Hands `call` to the worker; the ticket's reply comes when it ends.
    pub fn submit(&self, mut call: Call, limit: Duration) -> Ticket {
        let (reply, receiver) = oneshot::channel();
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        call.id = id;
        let restarting = || Reply::Lost("the worker is restarting; try again".into());
        let started = Arc::new(AtomicBool::new(false));
        let mut ticket = Ticket {
            id,
            jobs: None,
            started: started.clone(),
            reply: receiver,
        };
        match self.current.read().map(|h| h.clone()) {
            Ok(handle) => {
                handle.busy.fetch_add(1, Ordering::Relaxed);
                let job = Job::Call {
                    call,
                    limit,
                    reply,
                    started,
                };
                match handle.jobs.send(job) {
                    Ok(()) => ticket.jobs = Some(handle.jobs),
                    Err(mpsc::error::SendError(job)) => {
                        handle.busy.fetch_sub(1, Ordering::Relaxed);
                        if let Job::Call { reply, .. } = job {
                            let _ = reply.send(Reply::Retry);
                        }
                    }
                }
            }
            Err(_) => {
                let _ = reply.send(restarting());
            }
        }
        ticket
    }
}
