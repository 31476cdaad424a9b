//! Runaway tools are stopped with a clear message, and the next call on the
//! same context still works.
//!
//! Nothing here measures time: each stop is told apart by its message, and a
//! deadline test waits on something endless, so a deadline that did not stop
//! it would hang the call; [`returns`] turns such a hang into a failure.

use std::io::Read;
use std::sync::mpsc;
use std::time::Duration;

use crate::common::*;
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

/// Runs `f` on a big-stack thread and returns its result, or fails the
/// test if it has not returned after a minute: the waits these tests start
/// are endless, so a call that is not stopped would never come back.
fn returns<R: Send + 'static>(what: &str, f: impl FnOnce() -> R + Send + 'static) -> R {
    let (done, result) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = done.send(f());
        })
        .unwrap();
    result
        .recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{what} never returned"))
}

#[test]
fn an_endless_await_loop_hits_the_budget() {
    on_big_stack(|| {
        let mut host = load_fixture("limits", test_limits());
        // The budget's message, not the deadline's: it stopped the loop.
        let CallOutcome::ToolError(message) = run(&mut host, "await-loop") else {
            panic!()
        };
        assert!(
            message.contains("without waiting for I/O or a timer"),
            "{message}"
        );
        assert_next_call_works(&mut host);
    });
}

#[test]
fn a_promise_that_can_never_settle_fails_at_once() {
    on_big_stack(|| {
        let mut host = load_fixture("limits", test_limits());
        // Waiting for the deadline would end with "timed out"; this message
        // is only given when nothing is left that could settle the promise.
        let CallOutcome::ToolError(message) = run(&mut host, "never") else {
            panic!()
        };
        assert!(
            message.starts_with("the tool's promise never settled"),
            "{message}"
        );
        assert_next_call_works(&mut host);
    });
}

/// A stand-in server that accepts one request and never answers; the
/// receiver hears when the client hangs up.
fn silent_server() -> (String, mpsc::Receiver<()>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (hung_up, heard) = mpsc::channel();
    std::thread::spawn(move || {
        let Ok((mut stream, _)) = listener.accept() else {
            return;
        };
        let mut buffer = [0u8; 4096];
        // Reads the request, then waits: a read of 0 bytes (or an error) is
        // the client closing the connection.
        while matches!(stream.read(&mut buffer), Ok(n) if n > 0) {}
        let _ = hung_up.send(());
    });
    (base, heard)
}

fn is_running(pid: &str) -> bool {
    let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Field 3 is the state; a zombie (Z) has been killed and awaits its reaper.
    state.split_whitespace().nth(2).is_some_and(|s| s != "Z")
}

#[test]
fn the_deadline_aborts_fetch_and_kills_the_subprocess() {
    let (base, heard) = silent_server();
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("pid");
    let args = json!({ "base": base, "pidFile": pid_file }).to_string();
    let (result, after) = returns("a call past its deadline", move || {
        let mut host = load_fixture("deadline", test_limits());
        let mut context = ctx();
        context.deadline = Some(Duration::from_millis(700));
        let result = host.call("deadline", &args, context);
        // The next call on the same context is normal.
        let after = host.call("deadline", "{}", ctx());
        (result, after)
    });
    assert_eq!(
        result.outcome,
        CallOutcome::ToolError("the tool call timed out after 700 ms".into())
    );
    // The tool's own abort listener ran, with the deadline as the reason.
    assert!(
        result
            .console
            .iter()
            .any(|line| line.text == "abort: the tool call timed out after 700 ms"),
        "{:?}",
        result.console
    );
    assert_eq!(after.outcome, CallOutcome::Ok("quick".into()));
    // The request was abandoned: the server saw the connection close.
    heard
        .recv_timeout(Duration::from_secs(60))
        .expect("the fetch's connection was never closed");
    // The subprocess wrote its pid, then was killed with its process group.
    let pid = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .to_string();
    let gone = (0..3_000).any(|_| {
        let running = is_running(&pid);
        if running {
            std::thread::sleep(Duration::from_millis(20));
        }
        !running
    });
    assert!(gone, "process {pid} still runs");
}

#[test]
fn the_deadline_stops_a_blocking_exec_sync() {
    let (result, after) = returns("a blocking execSync past its deadline", || {
        let mut host = load_fixture("deadline", test_limits());
        let mut context = ctx();
        context.deadline = Some(Duration::from_millis(500));
        let result = host.call("deadline", r#"{"pidFile":"sync"}"#, context);
        let after = host.call("deadline", "{}", ctx());
        (result, after)
    });
    assert_eq!(
        result.outcome,
        CallOutcome::ToolError("the tool call timed out after 500 ms".into())
    );
    assert_eq!(after.outcome, CallOutcome::Ok("quick".into()));
}

/// Two calls waiting on timers take turns: each step of one runs between
/// two steps of the other. Run one after the other, the log would read
/// `A:0 A:1 A:2 B:0 B:1 B:2`. (That the waiting itself sleeps rather than
/// spins is tested on the event loop, in `event_loop.rs`, on tokio's paused
/// clock.)
#[test]
fn concurrent_calls_interleave() {
    on_big_stack(|| {
        let mut host = load_fixture("concurrency", test_limits());
        let request = |label: &str| CallRequest {
            tool: "concurrency".into(),
            args_json: json!({ "label": label }).to_string(),
            context: ctx(),
        };
        let results = host.call_many(vec![request("A"), request("B")]);
        assert_eq!(results[0].outcome, CallOutcome::Ok("A".into()));
        assert_eq!(results[1].outcome, CallOutcome::Ok("B".into()));
        assert_eq!(
            host.call("concurrency", r#"{"label":"steps"}"#, ctx())
                .outcome,
            CallOutcome::Ok("A:0 B:0 A:1 B:1 A:2 B:2".into())
        );
    });
}
