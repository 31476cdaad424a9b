//! `beeuni tools ls | head -0`: output into a pipe nobody reads ends the
//! process as a shell expects. Its own test binary: a test running beside it
//! could fork while the pipe's read end is open, keep a copy of it alive, and
//! let the write succeed.

#[path = "it/common/mod.rs"]
#[allow(dead_code)]
mod common;

use std::path::Path;
use std::process::Stdio;

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    let (reader, writer) = std::io::pipe().unwrap();
    // The reader is gone before the child exists, so its first write fails
    // whatever the scheduler does.
    drop(reader);
    let output = common::beeuni(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/orders"))
        .args(["tools", "ls"])
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(141));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
