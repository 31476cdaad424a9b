//! `Host::call_many_cancellable`: another thread stops one call of a batch;
//! its `context.signal` aborts and the other calls go on.

mod common;

use std::time::Duration;

use common::{ctx, host_in, on_big_stack, test_limits};
use runtime::{CallOutcome, CallRequest};

const WAITER: &str = r#"
import { writeFileSync } from 'node:fs'
export default {
  description: 'Waits, and notes when its signal aborts.',
  parameters: { type: 'object', properties: { ms: { type: 'number' }, note: { type: 'string' } } },
  async execute(args, context) {
    context.signal.addEventListener('abort', () => writeFileSync(args.note, String(context.signal.reason)))
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
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
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
