//! `fs.watch`: what happens in a folder or to a file, from the kernel
//! (inotify, through `notify`), handed to the tool in batches.
//!
//! `fsWatchStart(path, recursive)` starts a watch and answers its handle,
//! `fsWatchNext(handle)` waits for the next events (`[[eventType, name],
//! …]`, or `null` once the watch is stopped) and `fsWatchStop(handle)` ends
//! it. The events are Node's two kinds: `rename` when a name appears or
//! goes, `change` when a file's content or metadata changes. A name is
//! relative to the watched folder, or the watched file's own name.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;

use boa_engine::{Context, JsResult, JsValue};
use notify::event::ModifyKind;
use notify::{EventKind, RecursiveMode, Watcher};
use tokio::sync::mpsc;

use super::super::{arg, io_error, json_value, string_arg};
use crate::state::HostState;

/// An event as the tool gets it, or `None` when the watch was stopped.
type Sent = Option<(&'static str, String)>;

struct Watch {
    /// Dropping it ends the kernel's watch.
    _watcher: notify::RecommendedWatcher,
    /// Taken out while a `next` waits on it.
    events: Option<mpsc::UnboundedReceiver<Sent>>,
    /// Wakes a waiting `next` when the watch stops.
    stop: mpsc::UnboundedSender<Sent>,
}

#[derive(Default)]
struct Watches {
    next: u32,
    live: HashMap<u32, Watch>,
}

fn io_of(error: notify::Error) -> std::io::Error {
    match error.kind {
        notify::ErrorKind::Io(e) => e,
        notify::ErrorKind::PathNotFound => std::io::ErrorKind::NotFound.into(),
        other => std::io::Error::other(format!("{other:?}")),
    }
}

/// Node's kind of an event, or `None` for one Node does not report (reads,
/// closes).
fn kind_of(kind: &EventKind) -> Option<&'static str> {
    match kind {
        EventKind::Create(_) | EventKind::Remove(_) | EventKind::Modify(ModifyKind::Name(_)) => {
            Some("rename")
        }
        EventKind::Modify(_) => Some("change"),
        _ => None,
    }
}

pub(super) fn start(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let given = string_arg(args, 0, context)?;
    let recursive = arg(args, 1).to_boolean();
    let full = HostState::of(context).project_dir.join(&given);
    let meta = std::fs::metadata(&full).map_err(|e| io_error(&e, "watch", &given, context))?;
    let root: PathBuf = full.clone();
    let own_name = full
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let is_dir = meta.is_dir();
    let (sender, receiver) = mpsc::unbounded_channel::<Sent>();
    let stop = sender.clone();
    let mut watcher = notify::recommended_watcher(move |result: notify::Result<notify::Event>| {
        let Ok(event) = result else { return };
        let Some(kind) = kind_of(&event.kind) else {
            return;
        };
        for path in &event.paths {
            let relative = path
                .strip_prefix(&root)
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_default();
            // A watched file, or the watched folder itself, goes by its own name.
            let name = if !is_dir || relative.is_empty() {
                own_name.clone()
            } else {
                relative
            };
            let _ = sender.send(Some((kind, name)));
        }
    })
    .map_err(|e| io_error(&io_of(e), "watch", &given, context))?;
    let mode = if recursive {
        RecursiveMode::Recursive
    } else {
        RecursiveMode::NonRecursive
    };
    watcher
        .watch(&full, mode)
        .map_err(|e| io_error(&io_of(e), "watch", &given, context))?;
    let watches = super::super::op_state::<RefCell<Watches>>(context);
    let mut watches = watches.borrow_mut();
    watches.next += 1;
    let handle = watches.next;
    watches.live.insert(
        handle,
        Watch {
            _watcher: watcher,
            events: Some(receiver),
            stop,
        },
    );
    Ok(JsValue::from(handle))
}

pub(super) async fn next(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (watches, handle) = {
        let context = &mut context.borrow_mut();
        let handle = arg(args, 0).to_u32(context)?;
        (super::super::op_state::<RefCell<Watches>>(context), handle)
    };
    let taken = watches
        .borrow_mut()
        .live
        .get_mut(&handle)
        .and_then(|w| w.events.take());
    let Some(mut events) = taken else {
        return Ok(JsValue::null());
    };
    let mut batch = Vec::new();
    let mut stopped = false;
    match events.recv().await {
        Some(Some(event)) => batch.push(event),
        _ => stopped = true,
    }
    // What else has come meanwhile goes in the same batch.
    while !stopped {
        match events.try_recv() {
            Ok(Some(event)) => batch.push(event),
            Ok(None) => stopped = true,
            Err(_) => break,
        }
    }
    if let Some(watch) = watches.borrow_mut().live.get_mut(&handle) {
        watch.events = Some(events);
    }
    if stopped && batch.is_empty() {
        return Ok(JsValue::null());
    }
    let list: Vec<serde_json::Value> = batch
        .into_iter()
        .map(|(kind, name)| serde_json::json!([kind, name]))
        .collect();
    Ok(json_value(&serde_json::Value::Array(list)))
}

pub(super) fn stop(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let handle = arg(args, 0).to_u32(context)?;
    let watches = super::super::op_state::<RefCell<Watches>>(context);
    if let Some(watch) = watches.borrow_mut().live.remove(&handle) {
        let _ = watch.stop.send(None);
    }
    Ok(JsValue::undefined())
}
