//! The limits a tool runs under, their defaults, and the words used when one is hit.
//!
//! Owns `Limits` (loop, recursion, deadline, promise-chain budget, output
//! size) and applies the engine-side ones to a `Context`. It does not enforce
//! the deadline or the budget itself: `event_loop.rs` reports them and
//! `host.rs` fails the call.

use std::time::Duration;

use boa_engine::Context;
use boa_engine::error::{EngineError, RuntimeLimitError};

/// How far a tool may go before the host stops it.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Wall-clock time one call may take; at the deadline `context.signal`
    /// aborts, the call's subprocesses are killed and the call fails.
    pub deadline: Duration,
    /// Iterations one loop may run in one call frame (boa counts per frame).
    pub loop_iterations: u64,
    /// Nested JS calls.
    pub recursion: usize,
    /// How long promise jobs may run back to back without the tool ever
    /// waiting for I/O or a timer (catches `for (;;) await null`).
    pub microtask_budget: Duration,
    /// Output above this many bytes is spilled to a file.
    pub output_max_bytes: usize,
    /// Output above this many lines is spilled to a file.
    pub output_max_lines: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            deadline: Duration::from_secs(120),
            loop_iterations: 10_000_000,
            recursion: 1024,
            microtask_budget: Duration::from_secs(5),
            output_max_bytes: 50 * 1024,
            output_max_lines: 2000,
        }
    }
}

impl Limits {
    pub(crate) fn apply(&self, context: &mut Context) {
        let limits = context.runtime_limits_mut();
        limits.set_loop_iteration_limit(self.loop_iterations);
        limits.set_recursion_limit(self.recursion);
    }
}

/// A message a person understands for an error JS cannot catch.
pub(crate) fn describe(error: &boa_engine::JsError) -> String {
    match error.as_engine() {
        Some(EngineError::RuntimeLimit(RuntimeLimitError::LoopIteration)) => {
            "the tool was stopped: a loop ran past the iteration limit (an endless loop?)"
                .to_string()
        }
        Some(EngineError::RuntimeLimit(
            RuntimeLimitError::Recursion | RuntimeLimitError::StackSize,
        )) => "the tool was stopped: calls nested past the recursion limit (endless recursion?)"
            .to_string(),
        _ => format!("the tool was stopped by the engine: {error}"),
    }
}

pub(crate) fn describe_deadline(deadline: Duration) -> String {
    format!("the tool call timed out after {}", human(deadline))
}

pub(crate) fn describe_load_deadline(deadline: Duration) -> String {
    format!("loading the module timed out after {}", human(deadline))
}

pub(crate) fn describe_budget(budget: Duration) -> String {
    format!(
        "the tool was stopped: its promise chain ran for {} without waiting for I/O or a timer (an endless `await` loop?)",
        human(budget)
    )
}

fn human(d: Duration) -> String {
    if d.as_millis().is_multiple_of(1000) {
        format!("{} s", d.as_secs())
    } else {
        format!("{} ms", d.as_millis())
    }
}
