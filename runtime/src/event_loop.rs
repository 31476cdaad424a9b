//! The job executor and the loop that drives it.
//!
//! Owns every job boa hands the host (promise reactions, native async
//! operations, timers, generic jobs) and the order they run in. The loop runs
//! on the thread that owns the `Context`, on a current-thread tokio runtime:
//! it never busy-waits, it sleeps until an async operation completes or the
//! next timer is due. It does not know about tool calls; `host.rs` tells it
//! when to stop (`is_done`) and until when it may run (`deadline`).

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, VecDeque};
use std::future::Future;
use std::mem;
use std::pin::Pin;
use std::rc::Rc;
use std::time::Duration;

use boa_engine::job::{
    GenericJob, IntervalJob, Job, JobExecutor, NativeAsyncJob, PromiseJob, TimeoutJob,
};
use boa_engine::{Context, JsResult, JsValue};
use futures_concurrency::future::FutureGroup;
use futures_lite::StreamExt;
use tokio::time::Instant;

mod uncaught;
pub(crate) use uncaught::read_by_host;
use uncaught::{Unhandled, uncaught, unhandled_rejections};

/// A timer queued by `setTimeout`/`setInterval`, keyed by due time and order.
enum Timer {
    Once(TimeoutJob),
    Repeat(IntervalJob),
}

impl Timer {
    fn cancelled(&self) -> bool {
        match self {
            Timer::Once(job) => job.cancelled(),
            Timer::Repeat(job) => job.cancelled(),
        }
    }
}

/// Stores jobs until the loop runs them; installed with `Context::builder().job_executor`.
#[derive(Default)]
pub(crate) struct Executor {
    promise_jobs: RefCell<VecDeque<PromiseJob>>,
    async_jobs: RefCell<VecDeque<NativeAsyncJob>>,
    generic_jobs: RefCell<VecDeque<GenericJob>>,
    timers: RefCell<BTreeMap<(Instant, u64), Timer>>,
    sequence: Cell<u64>,
    /// Also installed as the context's host hooks, for boa to report
    /// promises rejected with no handler (`uncaught.rs`).
    unhandled: Unhandled,
}

impl Executor {
    fn add_timer(&self, due: Instant, timer: Timer) {
        let n = self.sequence.get() + 1;
        self.sequence.set(n);
        self.timers.borrow_mut().insert((due, n), timer);
    }

    fn next_timer(&self) -> Option<Instant> {
        self.timers.borrow().keys().next().map(|(due, _)| *due)
    }

    /// Whether a job is queued that the loop runs without waiting.
    fn has_ready_jobs(&self) -> bool {
        !self.promise_jobs.borrow().is_empty()
            || !self.async_jobs.borrow().is_empty()
            || !self.generic_jobs.borrow().is_empty()
    }

    /// How many native async jobs are queued: the mark below which
    /// [`Executor::take_async_after`] leaves jobs alone.
    pub(crate) fn async_job_count(&self) -> usize {
        self.async_jobs.borrow().len()
    }

    /// Takes the oldest async job queued after the first `mark` ones: a
    /// synchronous `require()` of an ES module runs the loading jobs it
    /// queued itself, and only those.
    pub(crate) fn take_async_after(&self, mark: usize) -> Option<NativeAsyncJob> {
        self.async_jobs.borrow_mut().remove(mark)
    }

    /// Drops every queued job: what a finished (or stopped) call left behind.
    pub(crate) fn clear(&self) {
        self.promise_jobs.borrow_mut().clear();
        self.async_jobs.borrow_mut().clear();
        self.generic_jobs.borrow_mut().clear();
        self.timers.borrow_mut().clear();
        self.unhandled.clear();
    }
}

impl JobExecutor for Executor {
    fn enqueue_job(self: Rc<Self>, job: Job, _context: &mut Context) {
        match job {
            Job::PromiseJob(job) => self.promise_jobs.borrow_mut().push_back(job),
            Job::AsyncJob(job) => self.async_jobs.borrow_mut().push_back(job),
            Job::GenericJob(job) => self.generic_jobs.borrow_mut().push_back(job),
            Job::TimeoutJob(job) => {
                let due = Instant::now() + Duration::from(job.timeout());
                self.add_timer(due, Timer::Once(job));
            }
            Job::IntervalJob(job) => {
                let due = Instant::now() + interval_of(&job);
                self.add_timer(due, Timer::Repeat(job));
            }
            // FinalizationRegistry callbacks are optional in the spec; tools
            // never depend on them, and running them would need a second queue.
            _ => {}
        }
    }

    fn run_jobs(self: Rc<Self>, context: &mut Context) -> JsResult<()> {
        // Only reached if boa itself asks for a synchronous drain; async jobs
        // and timers wait for the real loop in `Driver`.
        loop {
            let job = self.promise_jobs.borrow_mut().pop_front();
            match job {
                Some(job) => {
                    job.call(context)?;
                }
                None => return Ok(()),
            }
        }
    }
}

fn interval_of(job: &IntervalJob) -> Duration {
    // `setInterval(f, 0)` would otherwise fire on every turn without sleeping.
    Duration::from(job.interval()).max(Duration::from_millis(1))
}

/// Why `Driver::run` returned.
#[derive(Debug)]
pub(crate) enum Stop {
    /// `is_done` said so.
    Done,
    /// The deadline passed.
    Deadline,
    /// Nothing is queued, no timer is due, no operation is in flight: what is
    /// still pending can never settle.
    Stalled,
    /// Promise jobs ran back to back for longer than the budget without ever
    /// waiting for I/O or a timer (`for (;;) await null`).
    Budget,
    /// A job stopped with an error JS cannot catch (a runtime limit).
    Fatal(String),
}

type LocalFuture<'a> = Pin<Box<dyn Future<Output = JsResult<JsValue>> + 'a>>;

/// Runs jobs against one borrowed `Context` until told to stop.
///
/// In-flight async operations live in `group`; dropping the driver drops them,
/// which cancels their I/O (HTTP requests are abandoned, child processes are
/// killed because they are spawned with `kill_on_drop`).
pub(crate) struct Driver<'a, 'b> {
    cell: &'a RefCell<&'b mut Context>,
    executor: Rc<Executor>,
    group: FutureGroup<LocalFuture<'a>>,
    budget: Duration,
    /// When the current run of back-to-back jobs began, and the jobs run
    /// since the budget was last checked: kept across a return to the host
    /// in the middle of it (a call settled), so that a runaway chain of
    /// microtasks cannot reset its own budget by letting calls settle.
    burst: Option<std::time::Instant>,
    since_check: u32,
    /// Times `run` went to sleep: what shows, on a paused clock, that
    /// waiting for a timer never spins.
    #[cfg(test)]
    waits: usize,
}

impl<'a, 'b: 'a> Driver<'a, 'b> {
    pub(crate) fn new(
        cell: &'a RefCell<&'b mut Context>,
        executor: Rc<Executor>,
        budget: Duration,
    ) -> Self {
        Driver {
            cell,
            executor,
            group: FutureGroup::new(),
            budget,
            burst: None,
            since_check: 0,
            #[cfg(test)]
            waits: 0,
        }
    }

    /// Runs until `is_done` returns true, the deadline passes, or nothing more can happen.
    ///
    /// `is_done` is asked after every job, not once the queue is empty: what
    /// it waits for (a call that settled) must reach the host before the
    /// next job runs, for that job may block the thread for good.
    pub(crate) async fn run(
        &mut self,
        mut is_done: impl FnMut(&mut Context) -> bool,
        deadline: Instant,
    ) -> Stop {
        loop {
            match self.run_ready(&mut is_done) {
                Err(stop) => return stop,
                Ok(true) => return Stop::Done,
                Ok(false) => {}
            }
            if is_done(&mut self.cell.borrow_mut()) {
                return Stop::Done;
            }
            let now = Instant::now();
            if now >= deadline {
                return Stop::Deadline;
            }
            let wake = self
                .executor
                .next_timer()
                .map_or(deadline, |t| t.min(deadline));
            let no_timer = self.executor.next_timer().is_none();
            #[cfg(test)]
            {
                self.waits += usize::from(!(self.group.is_empty() && no_timer));
            }
            if self.group.is_empty() {
                if no_timer {
                    return Stop::Stalled;
                }
                tokio::time::sleep_until(wake).await;
            } else {
                // An operation that queued jobs as it was polled without
                // finishing (a load that called a JS callback and waits for
                // its promise) wakes the loop too: those jobs may be what it
                // waits for.
                let (group, executor) = (&mut self.group, &self.executor);
                let woken = std::future::poll_fn(|cx| match group.poll_next(cx) {
                    std::task::Poll::Pending if !executor.has_ready_jobs() => {
                        std::task::Poll::Pending
                    }
                    _ => std::task::Poll::Ready(()),
                });
                tokio::select! {
                    _ = woken => {}
                    _ = tokio::time::sleep_until(wake) => {}
                }
            }
        }
    }

    /// Runs everything that is ready now, in Node's and Bun's order: new
    /// async operations are started, the microtask queue (promise jobs) is
    /// drained, then one macrotask (a generic job or the next due timer)
    /// runs, and the microtasks it queued drain before the next one.
    ///
    /// Returns early, `Ok(true)`, as soon as `is_done` says so after a job;
    /// `Ok(false)` when nothing is ready any more.
    pub(crate) fn run_ready(
        &mut self,
        is_done: &mut impl FnMut(&mut Context) -> bool,
    ) -> Result<bool, Stop> {
        let started = *self.burst.get_or_insert_with(std::time::Instant::now);
        loop {
            let async_jobs = mem::take(&mut *self.executor.async_jobs.borrow_mut());
            for job in async_jobs {
                self.group.insert(Box::pin(job.call(self.cell)));
            }
            let promise = self.executor.promise_jobs.borrow_mut().pop_front();
            // Whether the job is a timer callback, the one kind of job whose
            // JS error nothing else can see (see `fatal_if_limit`).
            let (ran, timer) = if let Some(job) = promise {
                let result = job.call(&mut self.cell.borrow_mut());
                self.since_check += 1;
                if self.since_check >= 512 {
                    self.since_check = 0;
                    if started.elapsed() > self.budget {
                        self.burst = None;
                        return Err(Stop::Budget);
                    }
                }
                (result, false)
            } else {
                // The microtasks have drained: what is still rejected with
                // no handler is an unhandled rejection, as in Node.
                match unhandled_rejections(&self.executor, &mut self.cell.borrow_mut()) {
                    Err(stop) => {
                        self.burst = None;
                        return Err(stop);
                    }
                    Ok(true) => continue,
                    Ok(false) => {}
                }
                let generic = self.executor.generic_jobs.borrow_mut().pop_front();
                match generic {
                    Some(job) => (job.call(&mut self.cell.borrow_mut()), false),
                    None => match self.run_one_due_timer() {
                        Some(result) => (result, true),
                        None => break,
                    },
                }
            };
            if let Err(stop) = fatal_if_limit(ran, timer, &mut self.cell.borrow_mut()) {
                self.burst = None;
                return Err(stop);
            }
            if is_done(&mut self.cell.borrow_mut()) {
                return Ok(true);
            }
        }
        self.burst = None;
        self.since_check = 0;
        self.cell.borrow_mut().clear_kept_objects();
        Ok(false)
    }

    /// Runs the earliest due timer and returns what it returned; `None` when none is due.
    fn run_one_due_timer(&mut self) -> Option<JsResult<JsValue>> {
        let now = Instant::now();
        loop {
            let due = {
                let mut timers = self.executor.timers.borrow_mut();
                match timers.first_key_value() {
                    Some((key, _)) if key.0 <= now => timers.pop_first().map(|(_, t)| t),
                    _ => None,
                }
            };
            let timer = due?;
            if timer.cancelled() {
                continue;
            }
            return Some(match timer {
                Timer::Once(job) => job.call(&mut self.cell.borrow_mut()),
                Timer::Repeat(job) => {
                    let result = job.call(&mut self.cell.borrow_mut());
                    // An interval whose callback hit an engine limit fails
                    // its call: it does not come round again.
                    let fatal = matches!(&result, Err(error) if error.as_engine().is_some());
                    if !fatal && !job.cancelled() {
                        let next = Instant::now() + interval_of(&job);
                        self.executor.add_timer(next, Timer::Repeat(job));
                    }
                    result
                }
            });
        }
    }
}

/// Errors a job returns are engine errors such as a runtime limit, which JS
/// cannot catch, or JS errors thrown by a callback nobody awaits. The first
/// fail the call: its promise would otherwise stay pending forever. Of the
/// second, a timer callback's fails the call too, as Bun's process dies of
/// it, with the error the model should read, unless a
/// `process.on('uncaughtException')` listener takes it. Other jobs' errors
/// are the runtime's own bookkeeping (a stream's queued step after it was
/// destroyed) and are dropped, as before.
fn fatal_if_limit(
    result: JsResult<JsValue>,
    timer: bool,
    context: &mut Context,
) -> Result<(), Stop> {
    match result {
        Err(error) if error.as_engine().is_some() => {
            Err(Stop::Fatal(crate::limits::describe(&error)))
        }
        Err(error) if timer => uncaught(&error, context),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boa_engine::{Source, js_string};

    /// A context whose jobs go to `executor`, with `setTimeout`.
    fn context(executor: Rc<Executor>) -> Context {
        let mut context = Context::builder().job_executor(executor).build().unwrap();
        boa_runtime::register_extensions(
            boa_runtime::extensions::TimeoutExtension,
            None,
            &mut context,
        )
        .unwrap();
        context
    }

    fn steps(context: &mut Context) -> String {
        context
            .eval(Source::from_bytes("steps.join(' ')"))
            .unwrap()
            .to_string(context)
            .unwrap()
            .to_std_string_escaped()
    }

    /// On tokio's paused clock, time moves only when every task waits, and
    /// then straight to the next timer. Two chains of three 100 ms timers
    /// finish at exactly 300 ms after exactly three sleeps, one per due
    /// time: a loop that polled or slept in small steps would sleep more
    /// often (or, spinning, never let the clock move at all).
    #[test]
    fn waiting_for_timers_sleeps_once_per_due_time_and_keeps_their_order() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .start_paused(true)
            .build()
            .unwrap();
        runtime.block_on(async {
            let executor = Rc::new(Executor::default());
            let mut context = context(executor.clone());
            context
                .eval(Source::from_bytes(
                    "globalThis.steps = [];
                     const chain = async (label) => {
                       for (let i = 0; i < 3; i++) {
                         await new Promise((resolve) => setTimeout(resolve, 100));
                         steps.push(`${label}:${i}`);
                       }
                     };
                     chain('A'); chain('B');",
                ))
                .unwrap();
            let started = Instant::now();
            let cell = RefCell::new(&mut context);
            let mut driver = Driver::new(&cell, executor.clone(), Duration::from_secs(1));
            let done = |context: &mut Context| {
                let steps = context
                    .global_object()
                    .get(js_string!("steps"), context)
                    .unwrap();
                let length = steps
                    .as_object()
                    .unwrap()
                    .get(js_string!("length"), context)
                    .unwrap();
                length.as_number() == Some(6.0)
            };
            let stop = driver.run(done, started + Duration::from_secs(60)).await;
            assert!(matches!(stop, Stop::Done), "{stop:?}");
            assert_eq!(driver.waits, 3);
            assert_eq!(started.elapsed(), Duration::from_millis(300));
            drop(driver);
            assert_eq!(steps(&mut cell.borrow_mut()), "A:0 B:0 A:1 B:1 A:2 B:2");
        });
    }

    /// Runs `code` on a paused clock until nothing more can happen.
    fn stop_after(code: &str) -> (Stop, String) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .start_paused(true)
            .build()
            .unwrap();
        runtime.block_on(async {
            let executor = Rc::new(Executor::default());
            let mut context = context(executor.clone());
            context.eval(Source::from_bytes(code)).unwrap();
            let cell = RefCell::new(&mut context);
            let mut driver = Driver::new(&cell, executor.clone(), Duration::from_secs(1));
            let stop = driver
                .run(|_| false, Instant::now() + Duration::from_secs(60))
                .await;
            drop(driver);
            (stop, steps(&mut cell.borrow_mut()))
        })
    }

    /// Bun's process dies of an error a timer callback throws; here it
    /// fails the call with that error's message, and later timers never run.
    #[test]
    fn an_error_thrown_in_a_timer_fails_with_its_message() {
        let (stop, steps) = stop_after(
            "globalThis.steps = [];
             setTimeout(() => { throw new TypeError('boom in a timer'); }, 10);
             setTimeout(() => steps.push('later'), 20);",
        );
        assert!(
            matches!(&stop, Stop::Fatal(m) if m == "boom in a timer"),
            "{stop:?}"
        );
        assert_eq!(steps, "");
    }

    /// An `uncaughtException` listener on `process` takes the error instead,
    /// and the loop goes on.
    #[test]
    fn an_uncaught_exception_listener_takes_the_error() {
        let (stop, steps) = stop_after(
            "globalThis.steps = [];
             const listeners = [];
             globalThis.process = {
               listenerCount: (event) => (event === 'uncaughtException' ? listeners.length : 0),
               emit: (event, error, origin) => listeners.forEach((f) => f(error, origin)),
             };
             listeners.push((error, origin) => steps.push(`${origin}: ${error.message}`));
             setTimeout(() => { throw new Error('x'); }, 10);
             setTimeout(() => steps.push('later'), 20);",
        );
        assert!(matches!(stop, Stop::Stalled), "{stop:?}");
        assert_eq!(steps, "uncaughtException: x later");
    }
}
