//! A host's calls: running a batch ([`Host::call_many`]) or serving a feed
//! of calls ([`Host::serve`]) on the host's event loop, each call from its
//! start through its deadline to its result, and the handles that cancel a
//! call from another thread.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use boa_engine::builtins::promise::PromiseState;
use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, JsObject};

use super::{Host, Tool};
use crate::api::{CallContext, CallOutcome, CallRequest, CallResult};
use crate::call::{self, Settled};
use crate::event_loop::{Driver, Stop};
use crate::limits::{self, Limits};
use crate::output;
use crate::signal::CallSignal;
use crate::state::{CONSOLE_LINES, ConsoleLine, HostState};

/// Stops one call from another thread, as its deadline would: its
/// `context.signal` aborts and the call ends with an error. A daemon uses it
/// when the client that asked for the call goes away.
#[derive(Debug, Clone)]
pub struct CancelHandle {
    flag: Arc<AtomicBool>,
    wake: Arc<tokio::sync::Notify>,
}

impl CancelHandle {
    /// Cancels the call; harmless when it is over or has not started (it
    /// then ends as soon as it starts).
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
        self.wake.notify_one();
    }

    fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

/// Makes [`CancelHandle`]s for the calls of one [`Host`]; `Send`, so another
/// thread can make them while the host runs a batch.
#[derive(Debug, Clone)]
pub struct CancelSource {
    wake: Arc<tokio::sync::Notify>,
}

impl CancelSource {
    /// Wakes the host's loop: a call was queued for [`Host::serve`].
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    pub fn handle(&self) -> CancelHandle {
        CancelHandle {
            flag: Arc::new(AtomicBool::new(false)),
            wake: self.wake.clone(),
        }
    }
}

/// How a cancelled call ends.
const CANCELLED: &str = "the tool call was cancelled: its caller went away";

const STALLED: &str = "the tool's promise never settled: nothing it waits for can still happen \
(an endless loop or recursion after an `await` also ends this way)";

impl Host {
    /// Runs one call to completion (or to its deadline).
    pub fn call(&mut self, tool: &str, args_json: &str, context: CallContext) -> CallResult {
        let request = CallRequest {
            tool: tool.to_string(),
            args_json: args_json.to_string(),
            context,
        };
        self.call_many(vec![request])
            .pop()
            .unwrap_or_else(|| CallResult {
                outcome: CallOutcome::ToolError(
                    "internal error: the call produced no result".into(),
                ),
                console: Vec::new(),
                elapsed: Duration::ZERO,
            })
    }

    /// Runs several calls concurrently on this context: their awaits interleave.
    ///
    /// Returns when every call has settled, failed or passed its deadline; the
    /// results are in the order of `requests`. Work a call leaves behind when
    /// the batch ends (timers, unawaited I/O, subprocesses) is cancelled.
    pub fn call_many(&mut self, requests: Vec<CallRequest>) -> Vec<CallResult> {
        let none = vec![None; requests.len()];
        self.call_many_cancellable(requests, none)
    }

    /// Where to get [`CancelHandle`]s for this host's calls.
    pub fn cancel_source(&self) -> CancelSource {
        CancelSource {
            wake: self.cancel_wake.clone(),
        }
    }

    /// [`Host::call_many`], where `cancels[i]` (when given) can stop
    /// `requests[i]` from another thread while the batch runs.
    pub fn call_many_cancellable(
        &mut self,
        requests: Vec<CallRequest>,
        cancels: Vec<Option<CancelHandle>>,
    ) -> Vec<CallResult> {
        struct Batch {
            queued: std::vec::IntoIter<(u64, CallRequest, Option<CancelHandle>)>,
            results: Vec<Option<CallResult>>,
        }
        impl CallFeed for Batch {
            fn try_next(&mut self) -> Option<FedCall> {
                self.queued.next()
            }
            fn wait_next(&mut self) -> Option<FedCall> {
                self.queued.next()
            }
            fn finished(&mut self, id: u64, result: CallResult) {
                if let Some(slot) = usize::try_from(id)
                    .ok()
                    .and_then(|i| self.results.get_mut(i))
                {
                    *slot = Some(result);
                }
            }
        }
        let count = requests.len();
        let queued: Vec<FedCall> = requests
            .into_iter()
            .zip(cancels.into_iter().chain(std::iter::repeat(None)))
            .enumerate()
            .map(|(i, (request, cancel))| (i as u64, request, cancel))
            .collect();
        let mut batch = Batch {
            queued: queued.into_iter(),
            results: vec![None; count],
        };
        if let Some(first) = batch.wait_next() {
            self.run_session(first, &mut batch);
        }
        batch
            .results
            .into_iter()
            .map(|result| {
                result.unwrap_or_else(|| CallResult {
                    outcome: CallOutcome::ToolError(
                        "internal error: the call produced no result".into(),
                    ),
                    console: Vec::new(),
                    elapsed: Duration::ZERO,
                })
            })
            .collect()
    }

    /// Serves calls from `feed` until it ends: each call starts as soon as
    /// it arrives, even while others are awaiting, and is handed back as soon
    /// as it ends. Whoever feeds calls from another thread wakes the host
    /// with [`CancelSource::wake`] after queueing one.
    pub fn serve(&mut self, feed: &mut impl CallFeed) {
        while let Some(first) = feed.wait_next() {
            self.run_session(first, feed);
        }
    }

    /// Runs calls until none is in flight and `feed` has none queued; then
    /// drops what the finished calls left behind (timers, unawaited I/O,
    /// subprocesses).
    fn run_session(&mut self, first: FedCall, feed: &mut impl CallFeed) {
        let Host {
            runtime,
            local,
            context,
            executor,
            state,
            internals,
            tools,
            limits,
            cancel_wake,
            ..
        } = self;
        runtime.block_on(local.run_until(async {
            let cell = RefCell::new(context);
            let mut driver = Driver::new(&cell, executor.clone(), limits.microtask_budget);
            let mut calls: Vec<(u64, Running)> = Vec::new();
            let mut arrived = Some(first);
            loop {
                // Admit every call that arrived.
                while let Some((id, request, cancel)) = arrived.take().or_else(|| feed.try_next()) {
                    // A blocking operation (execSync) run as the call starts
                    // stops at the earliest deadline in flight.
                    let own = Instant::now() + request.context.deadline.unwrap_or(limits.deadline);
                    let earliest = calls
                        .iter()
                        .map(|(_, c)| c.deadline.into_std())
                        .fold(own, Instant::min);
                    state.sync_deadline.set(Some(earliest));
                    let mut running = start(&request, tools, state, limits, &mut cell.borrow_mut());
                    running.cancel = cancel;
                    if running.is_pending() {
                        calls.push((id, running));
                    } else {
                        // Handed back before the next call starts: should
                        // that one block the thread for good, this answer
                        // is already out.
                        let result = running.finish(state, internals, limits, &mut cell.borrow_mut());
                        feed.finished(id, result);
                    }
                }
                // Hand back every call that ended.
                hand_back(&mut calls, feed, state, internals, limits, &mut cell.borrow_mut());
                let Some(deadline) = calls.iter().map(|(_, c)| c.deadline).min() else {
                    match feed.try_next() {
                        Some(next) => {
                            arrived = Some(next);
                            continue;
                        }
                        None => break,
                    }
                };
                // A blocking operation (execSync) stops at the earliest deadline in flight.
                state.sync_deadline.set(Some(deadline.into_std()));
                // A cancel or a new call from another thread wakes the loop like any event.
                let stop = tokio::select! {
                    stop = driver.run(|_| calls.iter().any(|(_, c)| c.promise_settled()), deadline) => stop,
                    () = cancel_wake.notified() => Stop::Done,
                };
                let failure = match stop {
                    Stop::Done | Stop::Deadline => None,
                    // boa 0.22 drops an engine error (loop or recursion limit)
                    // raised after an `await`, leaving the promise pending:
                    // that case ends here too, so the message names both.
                    Stop::Stalled => Some(STALLED.to_string()),
                    Stop::Budget => Some(limits::describe_budget(limits.microtask_budget)),
                    Stop::Fatal(message) => Some(message),
                };
                let now = tokio::time::Instant::now();
                for (_, running) in calls.iter_mut().filter(|(_, c)| c.is_pending()) {
                    let context = &mut cell.borrow_mut();
                    if let Some(message) = &failure {
                        running.fail(message.clone(), context);
                    } else if running.deadline <= now {
                        // Checked first: a promise the abort itself settled
                        // must still read as a timeout.
                        let message = limits::describe_deadline(running.limit);
                        running.fail(message, context);
                    } else if running.cancel.as_ref().is_some_and(CancelHandle::is_cancelled) {
                        running.fail(CANCELLED.to_string(), context);
                    } else if running.promise_settled() {
                        running.settle_from_promise();
                    }
                    if !running.is_pending() {
                        running.console_to = Some(state.console.borrow().len());
                    }
                }
                // Handed back before any more JavaScript runs: the next job
                // may block the thread for good, and these answers must be
                // out by then.
                hand_back(&mut calls, feed, state, internals, limits, &mut cell.borrow_mut());
                if failure.is_some() {
                    // Every call in flight is over; what is queued would
                    // only restart the runaway chain.
                    executor.clear();
                } else {
                    // Let the remaining calls see the aborts just sent; a
                    // runaway among them is caught on the next turn. One
                    // that settles meanwhile stops the run, to be handed
                    // back at once: settled here, it is handed back at the
                    // top of the loop, before the next job runs.
                    let settled = driver.run_ready(&mut |_| calls.iter().any(|(_, c)| c.promise_settled()));
                    if let Ok(true) = settled {
                        for (_, running) in calls.iter_mut().filter(|(_, c)| c.promise_settled()) {
                            running.settle_from_promise();
                            running.console_to = Some(state.console.borrow().len());
                        }
                    }
                }
            }
        }));
        // Anything still queued belongs to calls that are over.
        self.executor.clear();
        self.state.cancels.borrow_mut().clear();
        self.state.console.borrow_mut().clear();
        self.state.console_dropped.set(0);
        self.state.sync_deadline.set(None);
    }
}

/// Hands every call that ended to `feed`, and keeps the others.
fn hand_back(
    calls: &mut Vec<(u64, Running)>,
    feed: &mut impl CallFeed,
    state: &HostState,
    internals: &JsObject,
    limits: &Limits,
    context: &mut Context,
) {
    let mut index = 0;
    while index < calls.len() {
        if calls[index].1.is_pending() {
            index += 1;
        } else {
            let (id, running) = calls.swap_remove(index);
            let result = running.finish(state, internals, limits, context);
            feed.finished(id, result);
        }
    }
}

/// A call handed to [`Host::serve`]: the feed's id for it, the request, and
/// an optional way to cancel it.
pub type FedCall = (u64, CallRequest, Option<CancelHandle>);

/// Where [`Host::serve`] takes calls from and hands results to.
pub trait CallFeed {
    /// A call that has arrived, without waiting.
    fn try_next(&mut self) -> Option<FedCall>;
    /// Waits for a call; `None` ends [`Host::serve`].
    fn wait_next(&mut self) -> Option<FedCall>;
    /// One call ended.
    fn finished(&mut self, id: u64, result: CallResult);
}

/// A call in flight.
struct Running {
    started: Instant,
    deadline: tokio::time::Instant,
    limit: Duration,
    console_from: usize,
    console_to: Option<usize>,
    signal: Option<CallSignal>,
    promise: Option<JsPromise>,
    settled: Option<Settled>,
    cancel: Option<CancelHandle>,
}

impl Running {
    fn is_pending(&self) -> bool {
        self.settled.is_none()
    }

    fn promise_settled(&self) -> bool {
        self.settled.is_none()
            && self
                .promise
                .as_ref()
                .is_some_and(|p| !matches!(p.state(), PromiseState::Pending))
    }

    fn settle_from_promise(&mut self) {
        if let Some(promise) = &self.promise {
            self.settled = match promise.state() {
                PromiseState::Fulfilled(value) => Some(Settled::Returned(value)),
                PromiseState::Rejected(reason) => Some(Settled::Threw(reason)),
                PromiseState::Pending => None,
            };
        }
    }

    /// Ends the call with `message` and aborts its `context.signal`.
    fn fail(&mut self, message: String, context: &mut Context) {
        if let Some(signal) = &self.signal {
            // A listener that throws must not keep the call from ending.
            let _ = signal.abort_with_message(&message, context);
        }
        self.settled = Some(Settled::Failed(message));
    }

    fn finish(
        mut self,
        state: &HostState,
        internals: &JsObject,
        limits: &Limits,
        context: &mut Context,
    ) -> CallResult {
        let console = state.console.borrow();
        let end = self.console_to.unwrap_or(console.len()).min(console.len());
        let mut lines = console
            .get(self.console_from.min(end)..end)
            .map(<[ConsoleLine]>::to_vec)
            .unwrap_or_default();
        drop(console);
        let dropped = state.console_dropped.get();
        if dropped > 0 {
            lines.push(ConsoleLine {
                level: "warn".into(),
                text: format!("[{dropped} more console lines were dropped: at most {CONSOLE_LINES} are kept per call]"),
            });
        }
        let settled = self.settled.take().unwrap_or(Settled::Failed(
            "internal error: the call never settled".into(),
        ));
        let outcome = match call::render(settled, internals, context) {
            CallOutcome::Ok(text) => CallOutcome::Ok(output::limit(
                text,
                limits.output_max_bytes,
                limits.output_max_lines,
            )),
            CallOutcome::ToolError(text) => CallOutcome::ToolError(output::limit(
                text,
                limits.output_max_bytes,
                limits.output_max_lines,
            )),
        };
        CallResult {
            outcome,
            console: lines,
            elapsed: self.started.elapsed(),
        }
    }
}

fn start(
    request: &CallRequest,
    tools: &HashMap<String, Tool>,
    state: &HostState,
    limits: &Limits,
    context: &mut Context,
) -> Running {
    let limit = request.context.deadline.unwrap_or(limits.deadline);
    let mut running = Running {
        started: Instant::now(),
        deadline: tokio::time::Instant::now() + limit,
        limit,
        console_from: state.console.borrow().len(),
        console_to: None,
        signal: None,
        promise: None,
        settled: None,
        cancel: None,
    };
    let Some(tool) = tools.get(&request.tool) else {
        running.settled = Some(Settled::Failed(format!(
            "no tool named {} is loaded",
            request.tool
        )));
        return running;
    };
    let started = call::invoke(&tool.object, &tool.execute, request, state, context);
    match started {
        Ok(call::Invoked { signal, result }) => {
            running.signal = Some(signal);
            match result {
                Ok(value) => match value.as_promise() {
                    Some(promise) => {
                        crate::event_loop::read_by_host(&promise, context);
                        running.promise = Some(promise);
                    }
                    None => running.settled = Some(Settled::Returned(value)),
                },
                Err(settled) => running.settled = Some(settled),
            }
        }
        Err(message) => running.settled = Some(Settled::Failed(message)),
    }
    if !running.is_pending() && tokio::time::Instant::now() >= running.deadline {
        // A blocking call (execSync) ran into the deadline and was killed.
        running.settled = Some(Settled::Failed(limits::describe_deadline(limit)));
    }
    if !running.is_pending() {
        running.console_to = Some(state.console.borrow().len());
    }
    running
}
