//! The host data one `Context` carries: what native functions and the module
//! loader need to reach from inside JS calls.
//!
//! Owns the project directory, the box environment `process.env` shows, the
//! captured console lines, the cancellation switches of in-flight operations
//! and the table of built-in modules the prelude defines. Stored with
//! `Context::insert_data` as `Rc<HostState>`; it holds no JS values the
//! garbage collector would need to trace except through `builtins`, which the
//! prelude's global keeps alive anyway.

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

use boa_engine::{Context, JsObject};
use checker::module::imports::resolver_options::{LoadKind, resolve_options};
use oxc_resolver::Resolver;
use tokio::sync::watch;

use crate::transpile_cache::TranspileCache;

/// One line a tool wrote through `console`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleLine {
    /// `log`, `info`, `warn`, `error` or `debug`.
    pub level: String,
    /// The formatted text.
    pub text: String,
}

/// Console lines kept per batch of calls; a tool that logs in a loop must not
/// grow the host's memory without bound.
pub(crate) const CONSOLE_LINES: usize = 10_000;

pub(crate) struct HostState {
    pub(crate) project_dir: PathBuf,
    pub(crate) box_env: Vec<(String, String)>,
    pub(crate) console: RefCell<Vec<ConsoleLine>>,
    pub(crate) console_dropped: Cell<usize>,
    pub(crate) cancels: RefCell<HashMap<u32, watch::Sender<bool>>>,
    next_cancel: Cell<u32>,
    pub(crate) builtins: RefCell<Option<JsObject>>,
    /// Made on first use, like the next one: a tool that imports only
    /// built-ins never needs it, and building one costs a cold `tools call`
    /// about 0.1 ms (its caches size themselves by reading the cgroup's CPU
    /// quota from /proc and /sys).
    esm_resolver: OnceCell<Resolver>,
    /// Made on first use: few tools `require` anything.
    cjs_resolver: OnceCell<Resolver>,
    pub(crate) transpile_cache: Option<TranspileCache>,
    pub(crate) started: std::time::Instant,
    /// The earliest deadline of the calls in flight; blocking operations
    /// (`execSync`) stop there, since the event loop cannot run meanwhile.
    pub(crate) sync_deadline: Cell<Option<std::time::Instant>>,
}

impl HostState {
    pub(crate) fn new(project_dir: PathBuf, box_env: Vec<(String, String)>) -> Self {
        HostState {
            project_dir,
            box_env,
            console: RefCell::default(),
            console_dropped: Cell::new(0),
            cancels: RefCell::default(),
            next_cancel: Cell::new(0),
            builtins: RefCell::default(),
            esm_resolver: OnceCell::new(),
            cjs_resolver: OnceCell::new(),
            transpile_cache: None,
            started: std::time::Instant::now(),
            sync_deadline: Cell::new(None),
        }
    }

    pub(crate) fn esm_resolver(&self) -> &Resolver {
        self.esm_resolver
            .get_or_init(|| Resolver::new(resolve_options(LoadKind::Import)))
    }

    pub(crate) fn cjs_resolver(&self) -> &Resolver {
        self.cjs_resolver
            .get_or_init(|| Resolver::new(resolve_options(LoadKind::Require)))
    }

    /// The state of the `Context` a native function runs in.
    pub(crate) fn of(context: &Context) -> Rc<HostState> {
        // Inserted by `Host::new` before any JS runs, so it is always present.
        context
            .get_data::<Rc<HostState>>()
            .cloned()
            .expect("host state is installed when the context is built")
    }

    /// A new cancellation switch; JS flips it with `cancel(id)` when a signal aborts.
    pub(crate) fn new_cancel(&self) -> (u32, watch::Receiver<bool>) {
        let id = self.next_cancel.get().wrapping_add(1);
        self.next_cancel.set(id);
        let (tx, rx) = watch::channel(false);
        self.cancels.borrow_mut().insert(id, tx);
        (id, rx)
    }

    pub(crate) fn cancel(&self, id: u32) {
        if let Some(tx) = self.cancels.borrow_mut().remove(&id) {
            let _ = tx.send(true);
        }
    }

    pub(crate) fn forget_cancel(&self, id: u32) {
        self.cancels.borrow_mut().remove(&id);
    }
}

/// Waits until the switch flips; never returns if it is dropped unflipped.
async fn cancelled(mut rx: watch::Receiver<bool>) {
    if rx.wait_for(|v| *v).await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Runs `work` to its end, or until the call's switch flips (its signal
/// aborted or its deadline passed): `None` then, and `work` is dropped,
/// which drops the request or kills the process it owns.
pub(crate) async fn unless_cancelled<T>(
    work: impl std::future::Future<Output = T>,
    cancel: Option<watch::Receiver<bool>>,
) -> Option<T> {
    let abort = async {
        match cancel {
            Some(rx) => cancelled(rx).await,
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        result = work => Some(result),
        () = abort => None,
    }
}
