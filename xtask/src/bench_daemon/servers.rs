//! The servers the daemon bench loads: started, found ready by their
//! listening line, measured, and killed when dropped.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Beeuni,
    Bun,
    Node,
    Floor,
    /// The MCP server on the TypeScript SDK under Bun (the MCP line only).
    Sdk,
}

impl Kind {
    /// In the order of the report's columns.
    pub const ALL: [Kind; 4] = [Kind::Beeuni, Kind::Bun, Kind::Node, Kind::Floor];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Beeuni => "beeuni",
            Kind::Bun => "bun",
            Kind::Node => "node",
            Kind::Floor => "floor",
            Kind::Sdk => "sdk",
        }
    }
}

pub struct Server {
    pub kind: Kind,
    pub url: String,
    /// From the start of the process to its listening line.
    pub ready: Duration,
    child: Child,
}

/// A server that printed nothing ready this long after it started has failed.
const START_LIMIT: Duration = Duration::from_secs(120);

impl Server {
    /// Starts `command` and waits for the line holding `listening on URL`.
    pub fn start(kind: Kind, mut command: Command) -> Result<Server> {
        let started = Instant::now();
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("starting {}", kind.name()))?;
        let stdout = child.stdout.take().context("no stdout")?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            for line in lines.by_ref().map_while(Result::ok) {
                if let Some((_, url)) = line.split_once("listening on ") {
                    let _ = tx.send((Instant::now(), url.trim().to_string()));
                    break;
                }
            }
            // Drain the rest, so a chatty server never blocks on a full pipe.
            for _ in lines {}
        });
        let Ok((at, url)) = rx.recv_timeout(START_LIMIT) else {
            let _ = child.kill();
            let status = child.wait()?;
            bail!("{} never said it was listening ({status})", kind.name());
        };
        Ok(Server {
            kind,
            url,
            ready: at - started,
            child,
        })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The process has not exited.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // beeuni's workers die with their daemon (parent-death signal).
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The resident memory of `pid` and every process below it, in bytes.
pub fn resident_bytes(pid: u32) -> u64 {
    let mut total = 0;
    let mut stack = vec![pid];
    while let Some(pid) = stack.pop() {
        total += vm_rss(pid).unwrap_or(0);
        stack.extend(children(pid));
    }
    total
}

/// The resident memory of `pid` alone, in bytes.
pub fn own_resident_bytes(pid: u32) -> u64 {
    vm_rss(pid).unwrap_or(0)
}

fn vm_rss(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Read from every process's `stat` (its parent is the field after the
/// state), which needs no kernel option, unlike `task/*/children`.
fn children(pid: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let child: u32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            let (_, rest) = stat.rsplit_once(')')?;
            let parent: u32 = rest.split_whitespace().nth(1)?.parse().ok()?;
            (parent == pid).then_some(child)
        })
        .collect()
}
