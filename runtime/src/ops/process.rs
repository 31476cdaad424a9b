//! Subprocesses behind `node:child_process`, `Bun.spawn` and Bun's `$`.
//!
//! `run` is async on tokio: output is collected while other calls go on, and
//! the process group is killed when the call's signal aborts or when the call
//! is abandoned (its future is dropped at the deadline). `runSync` blocks, as
//! `execSync` does in Node. Argument splitting, shells and escaping are the
//! prelude's job; this file receives a program and its arguments.

use std::cell::RefCell;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::Stdio;

use boa_engine::{Context, JsResult, JsValue};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::{arg, array, bytes_arg, bytes_value, error, json_value, typed_arg};
use crate::state::{HostState, unless_cancelled};

pub(super) struct Spec {
    file: String,
    args: Vec<String>,
    cwd: PathBuf,
    env: Vec<(String, String)>,
    /// `timeout` of the synchronous runners: SIGTERM to the group after it.
    timeout: Option<std::time::Duration>,
    /// `options.argv0`: what the program sees as its own name.
    argv0: Option<String>,
    /// The synchronous runners' `maxBuffer`: past it on either output the
    /// child is sent SIGTERM.
    max_buffer: Option<usize>,
}

/// What `spawnSpec` in `js/node/child_process.js` writes: arguments and
/// environment values already made strings there, `cwd` relative to the
/// project, `timeout` in milliseconds.
#[derive(serde::Deserialize)]
struct SpecArg {
    file: String,
    #[serde(default)]
    args: Vec<String>,
    cwd: Option<String>,
    /// The box's environment when absent.
    env: Option<std::collections::BTreeMap<String, String>>,
    timeout: Option<f64>,
    argv0: Option<String>,
    #[serde(rename = "maxBuffer")]
    max_buffer: Option<f64>,
}

pub(super) fn spec(args: &[JsValue], context: &mut Context) -> JsResult<Spec> {
    let SpecArg {
        file,
        args,
        cwd,
        env,
        timeout,
        argv0,
        max_buffer,
    } = typed_arg(args, 0, context)?;
    let state = HostState::of(context);
    if file.is_empty() {
        return Err(error("spawn: the command is empty"));
    }
    Ok(Spec {
        file,
        args,
        cwd: cwd.map_or_else(|| state.project_dir.clone(), |c| state.project_dir.join(c)),
        env: env.map_or_else(|| state.box_env.clone(), |env| env.into_iter().collect()),
        timeout: timeout
            .filter(|ms| ms.is_finite() && *ms > 0.0)
            .map(|ms| std::time::Duration::from_secs_f64(ms / 1000.0)),
        argv0,
        // A fraction or infinity is as good as the whole number below it.
        max_buffer: max_buffer
            .filter(|n| *n >= 0.0 && n.is_finite())
            .map(|n| n as usize),
    })
}

pub(super) fn spawn_error(
    spec: &Spec,
    e: &std::io::Error,
    context: &mut Context,
) -> boa_engine::JsError {
    let (code, errno) = if e.kind() == std::io::ErrorKind::NotFound {
        ("ENOENT", -2)
    } else {
        ("EIO", -5)
    };
    let message = format!(
        "{code}: spawn {} {code} ({e}, cwd '{}')",
        spec.file,
        spec.cwd.display()
    );
    let syscall = format!("spawn {}", spec.file);
    super::system_error(message, code, errno, &syscall, Some(&spec.file), context)
}

/// Kills the whole process group of a child that is still running when the
/// call lets go of it, so `sh -c 'sleep 100'` does not leave `sleep` behind.
pub(super) struct GroupGuard {
    pub(super) pid: Option<u32>,
}

impl GroupGuard {
    pub(super) fn signal(&mut self, signal: &str) {
        if let Some(pid) = self.pid.take() {
            // No libc (unsafe is forbidden here): ask `kill` to signal the group.
            let _ = std::process::Command::new("kill")
                .args([&format!("-{signal}"), "--", &format!("-{pid}")])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        self.signal("KILL");
    }
}

/// `run(specJson, stdin, cancelId)` → `[metaJson, stdout, stderr]`.
pub(super) async fn run(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (spec, input, cancel) = {
        let context = &mut context.borrow_mut();
        let spec = spec(args, context)?;
        let input = bytes_arg(args, 1, context)?;
        let state = HostState::of(context);
        let cancel = super::cancel_switch(&arg(args, 2), &state, context)?;
        (spec, input, cancel)
    };
    let mut command = tokio::process::Command::from(command_for(&spec, input.is_some()));
    command.kill_on_drop(true);
    let mut child = command
        .spawn()
        .map_err(|e| spawn_error(&spec, &e, &mut context.borrow_mut()))?;
    let mut guard = GroupGuard { pid: child.id() };
    let stdin = child.stdin.take();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let io = async {
        let feed = async {
            if let (Some(mut pipe), Some(bytes)) = (stdin, input) {
                let _ = pipe.write_all(&bytes).await;
            }
        };
        let ((), out, err, status) =
            tokio::join!(feed, read_all(stdout), read_all(stderr), child.wait());
        (out, err, status)
    };
    let finished = unless_cancelled(io, cancel).await;
    let context = &mut context.borrow_mut();
    match finished {
        Some((out, err, status)) => {
            let status = status.map_err(|e| spawn_error(&spec, &e, context))?;
            guard.pid = None;
            outcome(Some(status), false, &out, &err, context)
        }
        None => {
            drop(guard);
            outcome(None, true, &[], &[], context)
        }
    }
}

async fn read_all<R: tokio::io::AsyncRead + Unpin>(pipe: Option<R>) -> Vec<u8> {
    let mut buffer = Vec::new();
    if let Some(mut pipe) = pipe {
        let _ = pipe.read_to_end(&mut buffer).await;
    }
    buffer
}

/// The command both the async and the blocking runners start: only the
/// spec's environment, piped output, and a process group of its own so a
/// deadline can kill everything the command started.
pub(super) fn command_for(spec: &Spec, piped_stdin: bool) -> std::process::Command {
    let mut command = std::process::Command::new(&spec.file);
    command
        .args(&spec.args)
        .current_dir(&spec.cwd)
        .env_clear()
        .envs(spec.env.iter().cloned())
        .stdin(if piped_stdin {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    if let Some(argv0) = &spec.argv0 {
        command.arg0(argv0);
    }
    command
}

/// `runSync(specJson, stdin)` → `[metaJson, stdout, stderr]`; blocks the thread.
pub(super) fn run_sync(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let spec = spec(args, context)?;
    let input = bytes_arg(args, 1, context)?;
    // The JS thread is blocked meanwhile, so the host's deadline cannot fire:
    // enforce it here by killing the process group when it passes.
    let deadline = HostState::of(context).sync_deadline.get();
    let mut command = command_for(&spec, input.is_some());
    let mut child = command
        .spawn()
        .map_err(|e| spawn_error(&spec, &e, context))?;
    let pid = child.id();
    let mut guard = GroupGuard { pid: Some(pid) };
    if let (Some(mut pipe), Some(bytes)) = (child.stdin.take(), input) {
        // Writer and reader threads: a large stdin must not deadlock against
        // a full stdout pipe.
        std::thread::spawn(move || {
            use std::io::Write;
            let _ = pipe.write_all(&bytes);
        });
    }
    // Each reader keeps what it reads; once an output passes `maxBuffer` it
    // raises `overflow` and keeps no more (the child is stopped below).
    let overflow = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let limit = spec.max_buffer;
    let reader = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        let overflow = overflow.clone();
        std::thread::spawn(move || {
            let mut buffer = Vec::new();
            let Some(mut pipe) = pipe else {
                return buffer;
            };
            let mut chunk = vec![0; 64 * 1024];
            loop {
                match pipe.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if !overflow.load(std::sync::atomic::Ordering::Relaxed) {
                            buffer.extend_from_slice(&chunk[..n]);
                        }
                        if limit.is_some_and(|max| buffer.len() > max) {
                            overflow.store(true, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                }
            }
            buffer
        })
    };
    let stdout = reader(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn std::io::Read + Send>),
    );
    let stderr = reader(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn std::io::Read + Send>),
    );
    let timeout = spec.timeout.map(|t| std::time::Instant::now() + t);
    let mut pause = std::time::Duration::from_micros(200);
    let (status, killed) = loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| spawn_error(&spec, &e, context))?
        {
            guard.pid = None;
            break (Some(status), false);
        }
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            drop(guard);
            let _ = child.wait();
            break (None, true);
        }
        if overflow.load(std::sync::atomic::Ordering::Relaxed) {
            // As in Node and Bun: an output past `maxBuffer` stops the child
            // with SIGTERM, and the call reports ENOBUFS.
            guard.signal("TERM");
            let status = child.wait().ok();
            let out = stdout.join().unwrap_or_default();
            let err = stderr.join().unwrap_or_default();
            let mut meta = exit_meta(status, false);
            meta["overflow"] = serde_json::Value::Bool(true);
            meta["pid"] = serde_json::Value::from(pid);
            return with_output(&meta, &out, &err, context);
        }
        if timeout.is_some_and(|t| std::time::Instant::now() >= t) {
            // As in Node and Bun: the child is sent SIGTERM and the call
            // reports ETIMEDOUT with what it printed so far.
            guard.signal("TERM");
            let status = child.wait().ok();
            let out = stdout.join().unwrap_or_default();
            let err = stderr.join().unwrap_or_default();
            return timed_out(status, &out, &err, context);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(std::time::Duration::from_millis(10));
    };
    let out = stdout.join().unwrap_or_default();
    let err = stderr.join().unwrap_or_default();
    let mut meta = exit_meta(status, killed);
    meta["pid"] = serde_json::Value::from(pid);
    // A child that ended before its overflow was seen is still reported.
    if overflow.load(std::sync::atomic::Ordering::Relaxed) {
        meta["overflow"] = serde_json::Value::Bool(true);
    }
    with_output(&meta, &out, &err, context)
}

/// [`outcome`] for a child stopped by its own `timeout`.
fn timed_out(
    status: Option<std::process::ExitStatus>,
    out: &[u8],
    err: &[u8],
    context: &mut Context,
) -> JsResult<JsValue> {
    use std::os::unix::process::ExitStatusExt;
    let signal = status
        .and_then(|s| s.signal())
        .map_or_else(|| "SIGTERM".to_string(), signal_name);
    let meta =
        serde_json::json!({ "code": null, "signal": signal, "killed": true, "timedOut": true });
    with_output(&meta, out, err, context)
}

fn with_output(
    meta: &serde_json::Value,
    out: &[u8],
    err: &[u8],
    context: &mut Context,
) -> JsResult<JsValue> {
    Ok(array(
        vec![
            json_value(meta),
            bytes_value(out, context)?,
            bytes_value(err, context)?,
        ],
        context,
    ))
}

/// `[meta, stdout, stderr]` for the prelude: `meta` is the exit `code` and
/// `signal`, or SIGKILL and `killed` for a child the host stopped (`status`
/// is then `None`).
fn outcome(
    status: Option<std::process::ExitStatus>,
    killed: bool,
    out: &[u8],
    err: &[u8],
    context: &mut Context,
) -> JsResult<JsValue> {
    with_output(&exit_meta(status, killed), out, err, context)
}

/// The exit `code` and `signal`, or SIGKILL and `killed` for a child the
/// host stopped (`status` is then `None`).
pub(super) fn exit_meta(
    status: Option<std::process::ExitStatus>,
    killed: bool,
) -> serde_json::Value {
    use std::os::unix::process::ExitStatusExt;
    match status {
        Some(status) => serde_json::json!({
            "code": status.code(),
            "signal": status.signal().map(signal_name),
            "killed": false,
        }),
        None => serde_json::json!({ "code": null, "signal": "SIGKILL", "killed": killed }),
    }
}

fn signal_name(signal: i32) -> String {
    match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        9 => "SIGKILL",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        _ => return format!("SIG{signal}"),
    }
    .to_string()
}
