//! Runaway tools are stopped with a clear message, and the next call on the
//! same context still works.

mod common;

use std::time::{Duration, Instant};

use common::*;
use runtime::{CallOutcome, CallRequest, Host};
use serde_json::json;

fn run(host: &mut Host, mode: &str) -> CallOutcome {
    host.call("limits", &json!({ "mode": mode }).to_string(), ctx())
        .outcome
}

fn assert_next_call_works(host: &mut Host) {
    assert_eq!(run(host, "fine"), CallOutcome::Ok("fine".into()));
}

#[test]
fn an_infinite_loop_hits_the_loop_limit() {
    on_big_stack(|| {
        let mut host = load_fixture("limits", test_limits());
        let CallOutcome::ToolError(message) = run(&mut host, "loop") else {
            panic!()
        };
        assert!(
            message.contains("a loop ran past the iteration limit"),
            "{message}"
        );
        assert_next_call_works(&mut host);
        // After an `await`, boa 0.22 swallows the limit error and leaves the
        // promise pending; the host reports the stalled call at once.
        let CallOutcome::ToolError(message) = run(&mut host, "async-loop") else {
            panic!()
        };
        assert!(
            message.contains("never settled") && message.contains("endless loop"),
            "{message}"
        );
        assert_next_call_works(&mut host);
    });
}

#[test]
fn infinite_recursion_hits_the_recursion_limit() {
    on_big_stack(|| {
        let mut host = load_fixture("limits", test_limits());
        let CallOutcome::ToolError(message) = run(&mut host, "recursion") else {
            panic!()
        };
        assert!(message.contains("recursion limit"), "{message}");
        assert_next_call_works(&mut host);
    });
}

#[test]
fn an_endless_await_loop_hits_the_budget() {
    on_big_stack(|| {
        let mut host = load_fixture("limits", test_limits());
        let started = Instant::now();
        let CallOutcome::ToolError(message) = run(&mut host, "await-loop") else {
            panic!()
        };
        assert!(
            message.contains("without waiting for I/O or a timer"),
            "{message}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
        assert_next_call_works(&mut host);
    });
}

#[test]
fn a_promise_that_can_never_settle_fails_at_once() {
    on_big_stack(|| {
        let mut host = load_fixture("limits", test_limits());
        let started = Instant::now();
        let CallOutcome::ToolError(message) = run(&mut host, "never") else {
            panic!()
        };
        assert!(message.contains("never settled"), "{message}");
        assert!(started.elapsed() < Duration::from_secs(2));
        assert_next_call_works(&mut host);
    });
}

#[test]
fn the_deadline_aborts_fetch_and_kills_the_subprocess() {
    on_big_stack(|| {
        let base = start_server();
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        let mut host = load_fixture("deadline", test_limits());
        let mut context = ctx();
        context.deadline = Some(Duration::from_millis(700));
        let started = Instant::now();
        let result = host.call(
            "deadline",
            &json!({ "base": base, "pidFile": pid_file }).to_string(),
            context,
        );
        let elapsed = started.elapsed();
        assert_eq!(
            result.outcome,
            CallOutcome::ToolError("the tool call timed out after 700 ms".into())
        );
        assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");
        // The subprocess wrote its pid, then was killed with its process group.
        let pid = std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .to_string();
        let gone = (0..50).any(|_| {
            let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let alive = state.split_whitespace().nth(2).is_some_and(|s| s != "Z");
            if alive {
                std::thread::sleep(Duration::from_millis(20));
            }
            !alive
        });
        assert!(gone, "process {pid} still runs");
        // The next call on the same context is normal.
        let after = host.call("deadline", "{}", ctx());
        assert_eq!(after.outcome, CallOutcome::Ok("quick".into()));
    });
}

#[test]
fn the_deadline_stops_a_blocking_exec_sync() {
    on_big_stack(|| {
        let mut host = load_fixture("deadline", test_limits());
        let mut context = ctx();
        context.deadline = Some(Duration::from_millis(500));
        let started = Instant::now();
        let result = host.call("deadline", r#"{"pidFile":"sync"}"#, context);
        assert_eq!(
            result.outcome,
            CallOutcome::ToolError("the tool call timed out after 500 ms".into())
        );
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(
            host.call("deadline", "{}", ctx()).outcome,
            CallOutcome::Ok("quick".into())
        );
    });
}

#[test]
fn concurrent_calls_interleave() {
    on_big_stack(|| {
        let mut host = load_fixture("concurrency", test_limits());
        let request = |label: &str| CallRequest {
            tool: "concurrency".into(),
            args_json: json!({ "label": label }).to_string(),
            context: ctx(),
        };
        let started = Instant::now();
        let results = host.call_many(vec![request("A"), request("B")]);
        let elapsed = started.elapsed();
        assert_eq!(results[0].outcome, CallOutcome::Ok("A".into()));
        assert_eq!(results[1].outcome, CallOutcome::Ok("B".into()));
        // Sequential would be 600 ms; interleaved is about 300 ms.
        assert!(elapsed < Duration::from_millis(590), "{elapsed:?}");
        assert!(elapsed >= Duration::from_millis(300), "{elapsed:?}");
    });
}

/// CPU time of the calling thread, from /proc (the host runs its loop here).
fn thread_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
    // Fields after the command name (which may hold spaces) start after ')'.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    Duration::from_millis(ticks * 10)
}

#[test]
fn waiting_on_timers_does_not_busy_wait() {
    on_big_stack(|| {
        let mut host = load_fixture("concurrency", test_limits());
        let cpu_before = thread_cpu();
        let started = Instant::now();
        let result = host.call("concurrency", r#"{"label":"T"}"#, ctx());
        let wall = started.elapsed();
        let cpu = thread_cpu() - cpu_before;
        assert_eq!(result.outcome, CallOutcome::Ok("T".into()));
        assert!(wall >= Duration::from_millis(300), "{wall:?}");
        assert!(
            cpu < Duration::from_millis(150),
            "{cpu:?} of CPU for {wall:?} of waiting"
        );
    });
}
