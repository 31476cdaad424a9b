//! The worker process (`beeuni daemon-worker`, started by the daemon, never
//! by a person): one [`runtime::Host`] with every tool loaded, fed calls on
//! stdin, answering on stdout (see `protocol.rs`).
//!
//! A worker is a process, not a thread, because boa cannot interrupt native
//! code (a catastrophic regular expression) and cannot bound its heap: the
//! daemon kills a worker that blocks past a deadline, the kernel stops one
//! that passes its address-space limit, and either way only that worker's
//! calls are lost. Calls that arrive together run as one batch on the host,
//! their awaits interleaved; calls arriving while a batch runs wait for it.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, SystemTime};

use runtime::{CallContext, CallOutcome, CallRequest, CancelHandle, Host, HostConfig};

use crate::protocol::{
    Call, Done, Event, Loaded, Ready, Request, Setup, Skipped, ToolSpec, unix_ms,
};

/// Runs a worker on this process's stdin and stdout until stdin closes.
pub fn run() -> anyhow::Result<()> {
    // A worker outliving its daemon would hold a CPU forever.
    let _ = nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL);
    let stdin = std::io::stdin();
    let mut first = String::new();
    stdin.lock().read_line(&mut first)?;
    let setup: Setup = serde_json::from_str(&first)?;
    if setup.memory_bytes > 0 {
        use nix::sys::resource::{Resource, setrlimit};
        setrlimit(Resource::RLIMIT_AS, setup.memory_bytes, setup.memory_bytes)?;
    }
    let staged = tempfile::Builder::new()
        .prefix("beeuni-hosted-")
        .tempdir()?;
    let mut config = HostConfig::new(&setup.project_dir);
    config.box_env = crate::secrets::box_env();
    config.transpile_cache = runtime::default_cache_dir();
    config.limits.deadline = Duration::from_millis(setup.timeout_ms);
    let mut host = Host::new(config)?;
    let ready = load_all(&mut host, &setup, staged.path());
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", serde_json::to_string(&ready)?)?;
    out.flush()?;

    let (tx, rx) = mpsc::channel::<(Call, CancelHandle)>();
    // Cancels arrive while the host runs a batch: this thread reads them.
    let cancels: Arc<Mutex<HashMap<u64, CancelHandle>>> = Arc::default();
    let source = host.cancel_source();
    let reader_cancels = cancels.clone();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let Ok(request) = serde_json::from_str::<Request>(&line) else {
                break;
            };
            let mut cancels = reader_cancels.lock().unwrap_or_else(|e| e.into_inner());
            match request {
                Request::Call(call) => {
                    let handle = source.handle();
                    cancels.insert(call.id, handle.clone());
                    if tx.send((call, handle)).is_err() {
                        break;
                    }
                }
                Request::Cancel(id) => {
                    if let Some(handle) = cancels.remove(&id) {
                        handle.cancel();
                    }
                }
            }
        }
    });
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        batch.extend(rx.try_iter());
        let (batch, handles): (Vec<Call>, Vec<CancelHandle>) = batch.into_iter().unzip();
        let ids: Vec<u64> = batch.iter().map(|c| c.id).collect();
        writeln!(
            out,
            "{}",
            serde_json::to_string(&Event::Started(ids.clone()))?
        )?;
        out.flush()?;
        let now = unix_ms(SystemTime::now());
        let limits: Vec<Duration> = batch
            .iter()
            .map(|c| Duration::from_millis(c.deadline_unix_ms.saturating_sub(now).max(1)))
            .collect();
        let requests: Vec<CallRequest> = batch
            .iter()
            .zip(&limits)
            .map(|(call, limit)| CallRequest {
                tool: call.tool.clone(),
                args_json: call.args.clone(),
                context: CallContext {
                    session_id: call.session_id.clone(),
                    agent: call.agent.clone(),
                    env: call.env.clone(),
                    deadline: Some(*limit),
                },
            })
            .collect();
        let results = host.call_many_cancellable(requests, handles.into_iter().map(Some).collect());
        {
            let mut cancels = cancels.lock().unwrap_or_else(|e| e.into_inner());
            for id in &ids {
                cancels.remove(id);
            }
        }
        for ((call, limit), result) in batch.iter().zip(&limits).zip(results) {
            let (ok, text) = match result.outcome {
                CallOutcome::Ok(text) => (true, text),
                CallOutcome::ToolError(text) => (false, text),
            };
            let done = Done {
                id: call.id,
                timed_out: !ok && result.elapsed >= *limit,
                ok,
                text,
                console: result
                    .console
                    .iter()
                    .map(|l| format!("{}: {}", l.level, l.text))
                    .collect(),
            };
            writeln!(out, "{}", serde_json::to_string(&Event::Done(done))?)?;
        }
        out.flush()?;
    }
    Ok(())
}

fn load_all(host: &mut Host, setup: &Setup, staging: &Path) -> Ready {
    let mut ready = Ready {
        loaded: Vec::new(),
        skipped: Vec::new(),
    };
    for ToolSpec { name, module } in &setup.tools {
        let path: PathBuf = match module {
            Some(module) => module.clone(),
            None => match stage_hosted(name, staging) {
                Ok(path) => path,
                Err(reason) => {
                    ready.skipped.push(Skipped {
                        name: name.clone(),
                        reason,
                    });
                    continue;
                }
            },
        };
        match host.load_tool(name, &path) {
            Ok(info) => ready.loaded.push(Loaded {
                name: name.clone(),
                description: info.description,
                parameters: serde_json::from_str(&info.parameters_json)
                    .unwrap_or(serde_json::Value::Null),
            }),
            Err(error) => ready.skipped.push(Skipped {
                name: name.clone(),
                reason: runtime::deep::shown_reason(&setup.project_dir, &error),
            }),
        }
    }
    ready
}

/// A `beeuni:<name>` tool runs from the source shipped in the binary, the
/// bytes `tools eject` writes, staged as a file for the loader.
fn stage_hosted(name: &str, staging: &Path) -> Result<PathBuf, String> {
    let source = runtime::hosted::source(name)
        .ok_or_else(|| format!("{name} is not a Beeuni tool this build ships"))?;
    let path = staging.join(format!("{name}.ts"));
    std::fs::write(&path, source)
        .map_err(|e| format!("cannot stage the hosted source of {name}: {e}"))?;
    Ok(path)
}
