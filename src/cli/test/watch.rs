//! A file's tests on a thread of their own, watched from this one.
//!
//! The host stops a test at its deadline whenever its thread is free to
//! notice; code the runtime cannot interrupt (a catastrophic regular
//! expression) keeps it busy for good. Past the deadline and a grace, the
//! watcher reports that test as failed and the file as stopped, and moves on;
//! the stuck thread ends with the process. A panic of the engine is this
//! file's error, not the run's crash.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use super::run::{self, FileReport, Options, Progress, Status, TestReport};

/// How long past its deadline a call may take to give the thread back.
const GRACE: Duration = Duration::from_secs(2);

enum Message {
    Progress(Progress),
    Done(Option<String>),
}

/// [`run::file`] on its own thread: `on_test` hears of each test as it ends.
pub fn file(
    root: &Path,
    file: &Path,
    options: &Options,
    on_test: &mut dyn FnMut(&TestReport),
) -> FileReport {
    let mut report = FileReport {
        file: file.to_path_buf(),
        tests: Vec::new(),
        error: None,
    };
    let (tx, rx) = mpsc::channel();
    let (root, owned, opts): (PathBuf, PathBuf, Options) =
        (root.to_path_buf(), file.to_path_buf(), options.clone());
    let spawned = std::thread::Builder::new()
        .name("beeuni-test".into())
        .stack_size(runtime::ENGINE_STACK_SIZE)
        .spawn(move || {
            let progress = tx.clone();
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run::file(&root, &owned, &opts, &mut |p| {
                    let _ = progress.send(Message::Progress(p));
                })
            }));
            let error = match ran {
                Ok(report) => report.error,
                Err(panic) => Some(format!(
                    "the JavaScript engine failed (boa: {}); this is a runtime bug, not the test's",
                    runtime::panic_text(panic.as_ref())
                )),
            };
            let _ = tx.send(Message::Done(error));
        });
    if let Err(e) = spawned {
        report.error = Some(format!("cannot start the runtime's thread: {e}"));
        return report;
    }
    // Loading, listing and the last hooks run under a call's default deadline.
    let between = runtime::Limits::default().deadline;
    let mut running: Option<(String, Duration)> = None;
    loop {
        let limit = running.as_ref().map_or(between, |(_, timeout)| *timeout);
        match rx.recv_timeout(limit + GRACE) {
            Ok(Message::Progress(Progress::Started { name, timeout })) => {
                running = Some((name, timeout));
            }
            Ok(Message::Progress(Progress::Ended(test))) => {
                running = None;
                on_test(&test);
                report.tests.push(test);
            }
            Ok(Message::Done(error)) => {
                report.error = error;
                return report;
            }
            Err(RecvTimeoutError::Disconnected) => {
                report.error = Some("the runtime's thread ended without a report".into());
                return report;
            }
            Err(RecvTimeoutError::Timeout) => {
                let stuck = "is blocked in code the runtime cannot interrupt (such as a catastrophic regular expression)";
                report.error = Some(match running {
                    Some((name, timeout)) => {
                        let test = TestReport {
                            name,
                            status: Status::Fail,
                            duration: timeout + GRACE,
                            error: Some(format!(
                                "this test did not stop at its {} ms deadline: it {stuck}",
                                timeout.as_millis()
                            )),
                            expects: 0,
                            console: Vec::new(),
                        };
                        on_test(&test);
                        report.tests.push(test);
                        "it was stopped at a test that could not be interrupted; its other tests did not run".into()
                    }
                    None => format!(
                        "it did not finish loading or its hooks within {} s: it {stuck}",
                        between.as_secs()
                    ),
                });
                return report;
            }
        }
    }
}
