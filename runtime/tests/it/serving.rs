//! Calls driven from another thread: `Host::call_many_cancellable` (another
//! thread stops one call of a batch) and `Host::serve` (calls start as they
//! arrive). A cancelled call
//! has its `context.signal` aborted while the other calls go on.

use std::sync::mpsc;
use std::time::Duration;

use crate::common::{ctx, host_in, on_big_stack, test_limits};
use runtime::{CallFeed, CallOutcome, CallRequest, CallResult, FedCall};

/// Calls from a channel, outcomes kept in the order they were handed back;
/// with `note`, each hand-back also writes that file, for the tools to see.
struct Feed {
    calls: mpsc::Receiver<FedCall>,
    finished: Vec<(u64, CallOutcome)>,
    note: Option<std::path::PathBuf>,
}

/// `Host::serve` until `calls` closes; the outcomes in hand-back order.
fn served(
    host: &mut runtime::Host,
    calls: mpsc::Receiver<FedCall>,
    note: Option<std::path::PathBuf>,
) -> Vec<(u64, CallOutcome)> {
    let mut feed = Feed {
        calls,
        finished: Vec::new(),
        note,
    };
    host.serve(&mut feed);
    feed.finished
}

impl CallFeed for Feed {
    fn try_next(&mut self) -> Option<FedCall> {
        self.calls.try_recv().ok()
    }
    fn wait_next(&mut self) -> Option<FedCall> {
        self.calls.recv().ok()
    }
    fn finished(&mut self, id: u64, result: CallResult) {
        if let Some(note) = &self.note {
            std::fs::write(note, id.to_string()).unwrap();
        }
        self.finished.push((id, result.outcome));
    }
}

/// Polls for `file`, which a tool writes: the order of events without a
/// sleep that guesses how long they take.
fn wait_for(file: &std::path::Path) {
    let start = std::time::Instant::now();
    while !file.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{} never appeared",
            file.display()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

const WAITER: &str = r#"
import { writeFileSync } from 'node:fs'
export default {
  description: 'Waits, and notes when it starts and when its signal aborts.',
  parameters: { type: 'object', properties: { ms: { type: 'number' }, note: { type: 'string' } } },
  async execute(args, context) {
    context.signal.addEventListener('abort', () => writeFileSync(args.note, String(context.signal.reason)))
    writeFileSync(args.note + '.started', '')
    await new Promise((resolve) => setTimeout(resolve, args.ms))
    return `waited ${args.ms}`
  },
}
"#;

#[test]
fn a_cancelled_call_ends_and_aborts_its_signal_while_the_batch_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("waiter.js"), WAITER).unwrap();
    let root = dir.path().to_path_buf();
    let (results, cancelled_note) = on_big_stack(move || {
        let mut host = host_in(root.clone(), test_limits());
        host.load_tool("waiter", std::path::Path::new("waiter.js"))
            .unwrap();
        let note = root.join("cancelled.txt");
        let request = |ms: u64, note: &std::path::Path| CallRequest {
            tool: "waiter".into(),
            args_json: serde_json::json!({"ms": ms, "note": note}).to_string(),
            context: ctx(),
        };
        let handle = host.cancel_source().handle();
        let canceller = handle.clone();
        let started = root.join("cancelled.txt.started");
        std::thread::spawn(move || {
            wait_for(&started);
            canceller.cancel();
        });
        let results = host.call_many_cancellable(
            vec![
                request(15_000, &note),
                request(600, &root.join("other.txt")),
            ],
            vec![Some(handle), None],
        );
        (results, std::fs::read_to_string(&note).ok())
    });
    assert_eq!(
        results[0].outcome,
        CallOutcome::ToolError("the tool call was cancelled: its caller went away".into())
    );
    assert_eq!(results[1].outcome, CallOutcome::Ok("waited 600".into()));
    let note = cancelled_note.expect("the cancelled call's signal never aborted");
    assert!(note.contains("cancelled"), "{note}");
}

/// `Host::serve`: a call that arrives while another awaits starts at once
/// and is handed back as soon as it ends, not when the other does.
#[test]
fn a_served_call_does_not_wait_for_the_calls_already_in_flight() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("waiter.js"), WAITER).unwrap();
    let root = dir.path().to_path_buf();
    let finished = on_big_stack(move || {
        let mut host = host_in(root.clone(), test_limits());
        host.load_tool("waiter", std::path::Path::new("waiter.js"))
            .unwrap();
        let request = |ms: u64| CallRequest {
            tool: "waiter".into(),
            args_json: serde_json::json!({"ms": ms, "note": root.join("n.txt")}).to_string(),
            context: ctx(),
        };
        let (tx, rx) = mpsc::channel();
        tx.send((1, request(3000), None)).unwrap();
        let late = request(10);
        let source = host.cancel_source();
        let started = root.join("n.txt.started");
        std::thread::spawn(move || {
            // The first call is in flight, awaiting its timer.
            wait_for(&started);
            tx.send((2, late, None)).unwrap();
            source.wake();
        });
        served(&mut host, rx, None)
    });
    assert_eq!(
        finished,
        [
            (2, CallOutcome::Ok("waited 10".into())),
            (1, CallOutcome::Ok("waited 3000".into())),
        ]
    );
}

/// `Host::serve`: a call that settles is handed back before the next job
/// runs, not once the job queue is empty: a job after it may block the
/// thread for good (the daemon then kills the worker), and the call that
/// already had its answer must not be lost with it. Here the job after it
/// looks for the note the first call's hand-back leaves.
#[test]
fn a_call_that_settles_is_handed_back_before_the_next_job_runs() {
    const QUICK: &str = r#"
export default {
  description: 'Answers after one microtask.',
  parameters: { type: 'object', properties: {} },
  async execute() {
    await Promise.resolve()
    return 'done'
  },
}
"#;
    const LOOKS: &str = r#"
import { existsSync } from 'node:fs'
export default {
  description: 'After one microtask, says whether the quick call was handed back.',
  parameters: { type: 'object', properties: { note: { type: 'string' } } },
  async execute(args) {
    await Promise.resolve()
    return existsSync(args.note) ? 'handed back first' : 'not handed back yet'
  },
}
"#;

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("quick.js"), QUICK).unwrap();
    std::fs::write(dir.path().join("looks.js"), LOOKS).unwrap();
    let root = dir.path().to_path_buf();
    let finished = on_big_stack(move || {
        let mut host = host_in(root.clone(), test_limits());
        host.load_tool("quick", std::path::Path::new("quick.js"))
            .unwrap();
        host.load_tool("looks", std::path::Path::new("looks.js"))
            .unwrap();
        let note = root.join("handed-back.txt");
        let request = |tool: &str| CallRequest {
            tool: tool.into(),
            args_json: serde_json::json!({"note": note}).to_string(),
            context: ctx(),
        };
        // Both start in the same turn: the quick call's microtask is queued
        // just before the other's.
        let (tx, rx) = mpsc::channel();
        tx.send((1, request("quick"), None)).unwrap();
        tx.send((2, request("looks"), None)).unwrap();
        drop(tx);
        served(&mut host, rx, Some(note))
    });
    assert_eq!(
        finished,
        [
            (1, CallOutcome::Ok("done".into())),
            (2, CallOutcome::Ok("handed back first".into())),
        ]
    );
}
