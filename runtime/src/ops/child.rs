//! `child_process.spawn`'s process, streamed: its output reaches the tool
//! chunk by chunk as the process writes it, and the tool writes its input
//! while it runs.
//!
//! The host keeps each child's pipes by a handle. `spawnWait`'s future owns
//! the process itself, so when a call's deadline drops it, the process group
//! is killed as `run`'s are, and the handle goes with it. After a normal exit
//! the pipes stay until the tool has read them to their end.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::{Context, JsResult, JsValue};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::{Child, ChildStderr, ChildStdin, ChildStdout};

use super::process::{GroupGuard, command_for, exit_meta, spawn_error, spec};
use super::{arg, array, bytes_arg, bytes_value, error, json_value};
use crate::state::{HostState, unless_cancelled};

/// Read at most this much per chunk, as a pipe's buffer holds.
const CHUNK: usize = 64 * 1024;

/// This family's state ([`super::op_state`]): the children still running
/// or not yet read to their end, by handle.
#[derive(Default)]
struct Children {
    next: u32,
    live: std::collections::HashMap<u32, ChildIo>,
}

struct ChildIo {
    stdin: Option<ChildStdin>,
    stdout: Option<ChildStdout>,
    stderr: Option<ChildStderr>,
    /// Until `spawnWait` takes them.
    process: Option<(Child, GroupGuard)>,
    /// The process group to signal, until the process exits.
    pid: Option<u32>,
    /// Whether each output pipe reached its end, and the process its exit.
    stdout_done: bool,
    stderr_done: bool,
    exited: bool,
}

impl ChildIo {
    fn finished(&self) -> bool {
        self.exited && self.stdout_done && self.stderr_done
    }
}

/// `spawnStart(specJson)` → `[handle, pid]`.
pub(super) fn spawn_start(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let spec = spec(args, context)?;
    let mut command = tokio::process::Command::from(command_for(&spec, true));
    command.kill_on_drop(true);
    let mut child = command
        .spawn()
        .map_err(|e| spawn_error(&spec, &e, context))?;
    let pid = child.id();
    let io = ChildIo {
        stdin: child.stdin.take(),
        stdout: child.stdout.take(),
        stderr: child.stderr.take(),
        process: Some((child, GroupGuard { pid })),
        pid,
        stdout_done: false,
        stderr_done: false,
        exited: false,
    };
    let children = super::op_state::<RefCell<Children>>(context);
    let mut children = children.borrow_mut();
    children.next += 1;
    let handle = children.next;
    children.live.insert(handle, io);
    let pid = pid.map_or(JsValue::undefined(), JsValue::from);
    Ok(array(vec![JsValue::from(handle), pid], context))
}

fn handle_arg(args: &[JsValue], context: &mut Context) -> JsResult<u32> {
    arg(args, 0).to_u32(context)
}

/// `spawnRead(handle, 1 | 2)` → the next chunk of stdout or stderr, or
/// `null` at its end.
pub(super) async fn spawn_read(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (children, handle, which) = {
        let context = &mut context.borrow_mut();
        let handle = handle_arg(args, context)?;
        let which = arg(args, 1).to_u32(context)?;
        (super::op_state::<RefCell<Children>>(context), handle, which)
    };
    let chunk = if which == 1 {
        read_pipe(
            &children,
            handle,
            |io| &mut io.stdout,
            |io| &mut io.stdout_done,
        )
        .await
    } else {
        read_pipe(
            &children,
            handle,
            |io| &mut io.stderr,
            |io| &mut io.stderr_done,
        )
        .await
    };
    if chunk.is_empty() {
        return Ok(JsValue::null());
    }
    bytes_value(&chunk, &mut context.borrow_mut())
}

/// One read of a child's output pipe, taken from the child for the read and
/// given back after it, or marked ended; a child whose process exited and
/// whose output is all read is forgotten. Empty at the end.
async fn read_pipe<P: tokio::io::AsyncRead + Unpin>(
    children: &RefCell<Children>,
    handle: u32,
    pipe_of: fn(&mut ChildIo) -> &mut Option<P>,
    ended_of: fn(&mut ChildIo) -> &mut bool,
) -> Vec<u8> {
    let taken = children
        .borrow_mut()
        .live
        .get_mut(&handle)
        .and_then(|io| pipe_of(io).take());
    let Some(mut pipe) = taken else {
        return Vec::new();
    };
    let mut buffer = vec![0; CHUNK];
    let read = pipe.read(&mut buffer).await.unwrap_or(0);
    buffer.truncate(read);
    let mut children = children.borrow_mut();
    if let Some(io) = children.live.get_mut(&handle) {
        if read == 0 {
            *ended_of(io) = true;
        } else {
            *pipe_of(io) = Some(pipe);
        }
        if io.finished() {
            children.live.remove(&handle);
        }
    }
    buffer
}

/// `spawnWrite(handle, bytes)`: resolves when the child has taken them; a
/// child that closed its input swallows them, as Node's `write` does before
/// its `'error'`.
pub(super) async fn spawn_write(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (children, handle, bytes) = {
        let context = &mut context.borrow_mut();
        let handle = handle_arg(args, context)?;
        let bytes = bytes_arg(args, 1, context)?.unwrap_or_default();
        (super::op_state::<RefCell<Children>>(context), handle, bytes)
    };
    let pipe = children
        .borrow_mut()
        .live
        .get_mut(&handle)
        .and_then(|io| io.stdin.take());
    let Some(mut pipe) = pipe else {
        return Err(error("write after end: the child's input is closed"));
    };
    let written = pipe.write_all(&bytes).await;
    if let Some(io) = children.borrow_mut().live.get_mut(&handle) {
        io.stdin = Some(pipe);
    }
    written.map_err(|e| error(format!("EPIPE: the child's input is closed ({e})")))?;
    Ok(JsValue::undefined())
}

/// `spawnEnd(handle)`: closes the child's input, so `cat` and the like end.
pub(super) fn spawn_end(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let handle = handle_arg(args, context)?;
    let children = super::op_state::<RefCell<Children>>(context);
    if let Some(io) = children.borrow_mut().live.get_mut(&handle) {
        io.stdin = None;
    }
    Ok(JsValue::undefined())
}

/// `spawnKill(handle, signal)`: signals the child's process group.
pub(super) fn spawn_kill(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let handle = handle_arg(args, context)?;
    let signal = super::string_arg(args, 1, context)?;
    let signal = signal.trim_start_matches("SIG").to_string();
    let pid = super::op_state::<RefCell<Children>>(context)
        .borrow()
        .live
        .get(&handle)
        .filter(|io| !io.exited)
        .and_then(|io| io.pid);
    if let Some(pid) = pid {
        GroupGuard { pid: Some(pid) }.signal(&signal);
    }
    Ok(JsValue::from(pid.is_some()))
}

/// Forgets a child whose wait was abandoned (the call's deadline): its
/// process group is already killed by then, and its pipes close with it.
struct Forget {
    children: Rc<RefCell<Children>>,
    handle: u32,
    armed: bool,
}

impl Drop for Forget {
    fn drop(&mut self) {
        if self.armed {
            self.children.borrow_mut().live.remove(&self.handle);
        }
    }
}

/// `spawnWait(handle, cancelId)` → the exit's meta JSON (`code`, `signal`,
/// `killed`).
pub(super) async fn spawn_wait(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (children, handle, cancel) = {
        let context = &mut context.borrow_mut();
        let handle = handle_arg(args, context)?;
        let state = HostState::of(context);
        let cancel = super::cancel_switch(&arg(args, 1), &state, context)?;
        (
            super::op_state::<RefCell<Children>>(context),
            handle,
            cancel,
        )
    };
    let process = children
        .borrow_mut()
        .live
        .get_mut(&handle)
        .and_then(|io| io.process.take());
    let Some((mut child, mut guard)) = process else {
        return Err(error("internal: the child was already waited for"));
    };
    let mut forget = Forget {
        children: children.clone(),
        handle,
        armed: true,
    };
    let status = unless_cancelled(child.wait(), cancel).await;
    forget.armed = false;
    let meta = match status {
        Some(status) => {
            guard.pid = None;
            exit_meta(
                Some(status.map_err(|e| error(format!("spawn: {e}")))?),
                false,
            )
        }
        None => {
            drop(guard);
            exit_meta(None, true)
        }
    };
    let mut children = children.borrow_mut();
    if let Some(io) = children.live.get_mut(&handle) {
        io.exited = true;
        io.stdin = None;
        if io.finished() {
            children.live.remove(&handle);
        }
    }
    Ok(json_value(&meta))
}
