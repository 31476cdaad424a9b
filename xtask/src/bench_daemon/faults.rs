//! `cargo xtask bench daemon --faults`: the load-and-faults run at full
//! counts. The release daemon serves `tests/fixtures/daemon/project`; as
//! many clients as `--concurrency` send `--calls` requests of the mix the
//! suite runs at small counts (`test_support::daemon_mix`), and every answer
//! is judged against its request.
//!
//! It checks that every answer is right (or says plainly that a runaway's
//! worker took its call down), that none is lost, that the daemon is still
//! up at the end, and that the daemon's resident memory is flat after the
//! warm-up; it reports the healthy calls' latency while a runaway runs and
//! while none does.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use test_support::daemon_mix::{self, Clients, Kind, Mix, Verdict};

use super::servers::{self, Kind as ServerKind, Server};

/// The daemon's `--timeout` for the run: the calls that time out, hang or
/// run away each hold a client this long.
const TIMEOUT_SECONDS: u64 = 2;

/// How long after its 504 a runaway still holds its worker: the daemon
/// kills it two seconds past the deadline (`pool::STUCK_GRACE`).
const RUNAWAY_AFTERMATH: Duration = Duration::from_secs(2);

/// Calls answered before memory counts as warmed up.
const WARM_UP: usize = 10_000;

/// The mix at full counts (request `i` is in slot `i % 10`): the costly
/// faults are rare enough that a run of 100,000 calls takes a minute or
/// so, and frequent enough that each comes many times. A runaway holds a
/// worker about four seconds: one every 25,000 calls leaves about half the
/// run without one, for the latency with and without.
const MIX: Mix = Mix {
    runaway: 2500,
    times_out: 100,
    floods: 100,
    hangs: 200,
    disconnects: 100,
};

pub struct Plan {
    pub calls: usize,
    pub concurrency: usize,
    pub workers: Option<usize>,
}

/// What the clients saw, shared between them.
#[derive(Default)]
struct Tally {
    by_kind: HashMap<Kind, Counts>,
    wrong: Vec<String>,
    /// Echo latencies with and without a runaway holding a worker.
    healthy_calm: Vec<Duration>,
    healthy_runaway: Vec<Duration>,
    /// (calls answered, the daemon's own resident bytes, with its workers).
    memory: Vec<(usize, u64, u64)>,
}

#[derive(Default, Clone, Copy)]
struct Counts {
    sent: usize,
    right: usize,
    collateral: usize,
}

pub fn run(beeuni: &Path, work: &Path, root: &Path, plan: &Plan) -> Result<()> {
    if plan.calls == 0 || plan.concurrency == 0 {
        bail!("--calls and --concurrency must be at least 1");
    }
    let project = work.join("project");
    test_support::copy_tree(&root.join("tests/fixtures/daemon/project"), &project);
    // In the checkout: a sandboxed tool writes nowhere else.
    let scratch = project.join("scratch");
    std::fs::create_dir_all(&scratch)?;
    let mut command = super::beeuni_command(beeuni, &project, work, plan.workers);
    command.args(["--timeout", &TIMEOUT_SECONDS.to_string(), "--no-watch"]);
    let mut server = Server::start(ServerKind::Beeuni, command)?;
    let clients = Clients::new().context("building the HTTP clients")?;
    println!(
        "daemon faults bench: {} calls, {} at a time, --timeout {TIMEOUT_SECONDS}, {} workers",
        plan.calls,
        plan.concurrency,
        plan.workers
            .map_or_else(|| "one per core".to_string(), |w| w.to_string())
    );

    let next = AtomicUsize::new(0);
    let answered = AtomicUsize::new(0);
    let runaways = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..plan.concurrency {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= plan.calls {
                        break;
                    }
                    let kind = MIX.kind(i);
                    let id = format!("call-{i}");
                    if kind == Kind::Runaway {
                        runaways.fetch_add(1, Ordering::SeqCst);
                    }
                    let during_runaway = runaways.load(Ordering::SeqCst) > 0;
                    let sent = Instant::now();
                    let outcome =
                        daemon_mix::send(&clients, &server.url, super::TOKEN, kind, &id, &scratch);
                    let latency = sent.elapsed();
                    let verdict = daemon_mix::judge(kind, &id, &outcome);
                    if kind == Kind::Runaway {
                        std::thread::sleep(RUNAWAY_AFTERMATH);
                        runaways.fetch_sub(1, Ordering::SeqCst);
                    }
                    let done = answered.fetch_add(1, Ordering::Relaxed) + 1;
                    let sample = (done.is_multiple_of(plan.calls.div_ceil(10)) || done == WARM_UP)
                        .then(|| {
                            (
                                done,
                                servers::own_resident_bytes(server.pid()),
                                servers::resident_bytes(server.pid()),
                            )
                        });
                    let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
                    let counts = tally.by_kind.entry(kind).or_default();
                    counts.sent += 1;
                    match verdict {
                        Verdict::Right => counts.right += 1,
                        Verdict::Collateral if kind != Kind::Runaway => counts.collateral += 1,
                        Verdict::Collateral => tally
                            .wrong
                            .push(format!("{id}: a runaway answered as collateral")),
                        Verdict::Wrong(why) => tally.wrong.push(format!("{id}: {why}")),
                    }
                    if kind == Kind::Echo && matches!(outcome, Ok(ref a) if a.status == 200) {
                        if during_runaway {
                            tally.healthy_runaway.push(latency);
                        } else {
                            tally.healthy_calm.push(latency);
                        }
                    }
                    if let Some(sample) = sample {
                        tally.memory.push(sample);
                    }
                }
            });
        }
    });
    let elapsed = started.elapsed();
    let health = clients
        .patient
        .get(format!("{}/beeuni/health", server.url))
        .bearer_auth(super::TOKEN)
        .send()
        .and_then(daemon_mix::Answer::read);
    let up = server.running() && matches!(&health, Ok(a) if a.status == 200);
    let tally = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    report(&tally, plan.calls, elapsed, up);
    drop(server);

    if !tally.wrong.is_empty() {
        for wrong in tally.wrong.iter().take(20) {
            eprintln!("  wrong: {wrong}");
        }
        bail!(
            "{} of {} answers were wrong or lost",
            tally.wrong.len(),
            plan.calls
        );
    }
    if !up {
        bail!("the daemon is not up after the run: {health:?}");
    }
    if !memory_flat(&tally.memory) {
        bail!("the daemon's resident memory grew after the warm-up");
    }
    Ok(())
}

/// The daemon's own memory (the HTTP side, where a leak per call would
/// build up; its workers are replaced with every runaway) ends within 10%
/// and 8 MB of what it was once warmed up.
fn memory_flat(memory: &[(usize, u64, u64)]) -> bool {
    let warm = memory.iter().find(|(done, ..)| *done >= WARM_UP);
    match (warm, memory.last()) {
        (Some(&(_, warm, _)), Some(&(_, last, _))) => {
            last as f64 <= warm as f64 * 1.1 + 8.0 * 1_048_576.0
        }
        _ => true,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let at = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[at].as_secs_f64() * 1000.0
}

fn report(tally: &Tally, calls: usize, elapsed: Duration, up: bool) {
    println!(
        "\n  {calls} calls in {:.1} s ({:.0} calls/s)",
        elapsed.as_secs_f64(),
        calls as f64 / elapsed.as_secs_f64()
    );
    println!(
        "  {:<24}{:>8}{:>8}{:>12}{:>8}",
        "kind", "sent", "right", "collateral", "wrong"
    );
    for kind in Kind::ALL {
        let counts = tally.by_kind.get(&kind).copied().unwrap_or_default();
        println!(
            "  {:<24}{:>8}{:>8}{:>12}{:>8}",
            kind.name(),
            counts.sent,
            counts.right,
            counts.collateral,
            counts.sent - counts.right - counts.collateral
        );
    }
    println!(
        "  lost (no answer, the client still waiting): {}",
        tally
            .wrong
            .iter()
            .filter(|w| w.contains("no answer"))
            .count()
    );
    println!("  daemon up at the end: {}", if up { "yes" } else { "NO" });
    println!("  resident memory (calls answered: daemon alone, daemon + workers):");
    for (done, own, all) in &tally.memory {
        println!(
            "    {done:>7}: {:>6.1} MB, {:>6.1} MB",
            *own as f64 / 1_048_576.0,
            *all as f64 / 1_048_576.0
        );
    }
    println!(
        "  daemon memory flat after {WARM_UP} calls: {}",
        if memory_flat(&tally.memory) {
            "yes"
        } else {
            "NO"
        }
    );
    for (what, latencies) in [
        ("no runaway running", &tally.healthy_calm),
        ("a runaway running", &tally.healthy_runaway),
    ] {
        let mut sorted = latencies.clone();
        sorted.sort();
        println!(
            "  echo latency, {what:<20} p50 {:>7.2} ms  p99 {:>8.2} ms  ({} calls)",
            percentile(&sorted, 0.50),
            percentile(&sorted, 0.99),
            sorted.len()
        );
    }
}
