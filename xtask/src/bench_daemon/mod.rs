//! `cargo xtask bench daemon`: `beeuni daemon` against a Bun daemon, a Node
//! daemon and a fixed-response axum server (the floor), started side by side
//! in one run, loaded by wrk, as ratios against Bun (issue #10, "Speed").
//!
//! - `servers.rs` starts each server and measures its memory;
//! - `load.rs` writes wrk's Lua script and reads its results;
//! - the tools are `tests/fixtures/daemon/bench/` (an echo tool and ten
//!   realistic ones, plain `.mjs` so that Node imports the same files), and
//!   the peers answer the daemon's HTTP contract with
//!   `tests/fixtures/daemon/bench/peers/`.
//!
//! Each round runs every scenario on every server, the servers taking turns
//! in a rotating order so that none always runs first; the figures are
//! medians over the rounds. Before the first round every server answers each
//! tool once and the outputs must agree, so the servers are shown doing the
//! same work.
//!
//! The MCP line (`mcp.rs`) sends the echo and ten-tool loads as MCP
//! `tools/call` requests to the daemon's `/mcp` and to an MCP server on the
//! official TypeScript SDK under Bun, in the same rounds, against the
//! daemon's own figures for the same calls over the contract.
//!
//! The servers run on a copy of the fixture in the target folder (the
//! daemon writes its harness files into its project, and the SDK peer's
//! packages are installed there), so the checkout is left as it was.
//!
//! With `--faults` it runs the load-and-faults run instead (`faults.rs`).

mod faults;
mod load;
mod mcp;
mod servers;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

use load::{Scenario, WrkResult};
use servers::{Kind, Server};

/// The options of `cargo xtask bench daemon`.
#[derive(clap::Args)]
pub struct Options {
    /// Rounds of every scenario on every server; the figures are medians.
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// Seconds of load per scenario, server and round.
    #[arg(long, default_value_t = 5)]
    seconds: u64,
    /// Tools in the project whose ready time is measured.
    #[arg(long, default_value_t = 1000)]
    ready_tools: usize,
    /// Worker processes of `beeuni daemon` (default: its own, one per core).
    #[arg(long)]
    workers: Option<usize>,
    /// Instead of the comparison, the load-and-faults run: `--calls`
    /// requests at `--concurrency` mixing tools that succeed, throw, time
    /// out, flood their output, loop forever and hang in a subprocess with
    /// malformed, unauthorised, unknown-tool and denied requests and clients
    /// that disconnect; every answer checked against its request, the
    /// daemon's memory sampled, and healthy-call latency with and without a
    /// runaway (needs neither wrk, Bun nor Node).
    #[arg(long)]
    faults: bool,
    /// Requests of the load-and-faults run.
    #[arg(long, default_value_t = 100_000, requires = "faults")]
    calls: usize,
    /// Clients sending at once in the load-and-faults run.
    #[arg(long, default_value_t = 64, requires = "faults")]
    concurrency: usize,
}

/// The token every server is started with and every request carries.
const TOKEN: &str = "bench-token-7d1e-0123456789abcdef-0123";

/// The ten realistic tools of the fixture (the echo tool is `echo`).
const TEN: [&str; 10] = [
    "hash",
    "hmac",
    "gzip",
    "csv_parse",
    "csv_totals",
    "url_build",
    "json_reshape",
    "json_diff",
    "base64",
    "slugify",
];

pub fn run(options: Options) -> Result<()> {
    if options.faults {
        return run_faults(&options);
    }
    if options.rounds == 0 || options.seconds == 0 || options.ready_tools == 0 {
        bail!("--rounds, --seconds and --ready-tools must be at least 1");
    }
    let wrk = which::which("wrk").map_err(|_| {
        anyhow::anyhow!(
            "wrk is not installed, and the daemon bench needs it as its load generator \
             (Debian and Ubuntu: `apt-get install wrk`; elsewhere see https://github.com/wg/wrk)"
        )
    })?;
    let (root, work) = work_dir("bench-daemon")?;
    let beeuni = build("beeuni", &["-p", "beeuni", "--bin", "beeuni"], &work)?;
    let floor = build(
        "bench_floor",
        &["-p", "beeuni-daemon", "--example", "bench_floor"],
        &work,
    )?;
    let parity = root.join("tests/fixtures/parity");
    crate::npm_ci(&parity)?;
    let bun = parity.join("node_modules/.bin/bun");
    if !bun.is_file() {
        bail!(
            "{} is missing: `npm ci` in tests/fixtures/parity installs the pinned bun",
            bun.display()
        );
    }
    let node = which::which("node").context("node is not installed; the bench needs it")?;

    let fixture = work.join("project");
    test_support::copy_tree(&root.join("tests/fixtures/daemon/bench"), &fixture);
    crate::npm_ci(&fixture.join("peers"))?;
    let list = work.join("tools.json");
    let mut names = vec!["echo"];
    names.extend(TEN);
    write_tool_list(&list, &fixture, &names)?;
    let env = Env {
        work: work.clone(),
        beeuni,
        floor,
        bun,
        node,
        peers: fixture.join("peers"),
        workers: options.workers,
    };

    println!(
        "daemon bench: {} rounds of {} s per scenario and server, medians; wrk one thread",
        options.rounds, options.seconds
    );
    let mut running = Vec::new();
    for kind in Kind::ALL {
        running.push(env.start(kind, &fixture, &list)?);
    }
    for server in &running {
        println!(
            "  {:<6} ready in {:>6.1} ms  {}",
            server.kind.name(),
            ms(server.ready),
            server.url
        );
    }
    same_answers(&running)?;
    let sdk = env.start(Kind::Sdk, &fixture, &list)?;
    println!(
        "  {:<6} ready in {:>6.1} ms  {}",
        sdk.kind.name(),
        ms(sdk.ready),
        sdk.url
    );

    let echo_body =
        json!({"args": {"text": "hello"}, "context": {"sessionId": "bench", "agent": "beeuni"}});
    let echo = vec![("echo".to_string(), echo_body.to_string())];
    let ten: Vec<(String, String)> = TEN
        .iter()
        .map(|name| {
            let body = json!({"args": args_of(name), "context": {"sessionId": "bench", "agent": "beeuni"}});
            (name.to_string(), body.to_string())
        })
        .collect();
    let scenarios = [
        Scenario::new("echo, 1 connection", 1, &echo, &work, TOKEN)?,
        Scenario::new("echo, 16 connections", 16, &echo, &work, TOKEN)?,
        Scenario::new("ten tools, 16 connections", 16, &ten, &work, TOKEN)?,
    ];
    let mcp_echo = [("echo", json!({"text": "hello"}))];
    let mcp_ten: Vec<(&str, Value)> = TEN.iter().map(|name| (*name, args_of(name))).collect();
    // Per MCP load, its scenario for the daemon's /mcp and for the SDK peer.
    let mut mcp_scenarios = Vec::new();
    for (name, calls) in [
        ("echo, 16 connections", &mcp_echo[..]),
        ("ten tools, 16 connections", &mcp_ten[..]),
    ] {
        let ours = mcp::requests(calls, mcp::Revision::Stateless);
        let theirs = mcp::requests(calls, mcp::Revision::NoSession);
        let expected = calls
            .iter()
            .map(|(tool, args)| post_output(&running[0], tool, args))
            .collect::<Result<Vec<_>>>()?;
        mcp::same_answers("beeuni /mcp", &running[0].url, TOKEN, &ours, &expected)?;
        mcp::same_answers("the sdk peer", &sdk.url, TOKEN, &theirs, &expected)?;
        mcp_scenarios.push([
            Scenario::of(name, "-mcp", 16, &ours, &work, TOKEN)?,
            Scenario::of(name, "-sdk", 16, &theirs, &work, TOKEN)?,
        ]);
    }
    println!("  beeuni's /mcp and the sdk peer give the contract's output for all eleven tools");
    let mcp_urls = [running[0].url.clone(), sdk.url.clone()];
    // Bun and Node compile hot code as they go: every server gets the same
    // unmeasured warm-up.
    for pair in &mcp_scenarios {
        for (scenario, url) in pair.iter().zip(&mcp_urls) {
            load::wrk(&wrk, scenario, url, Duration::from_secs(2))?;
        }
    }
    for scenario in &scenarios {
        for server in &running {
            if server.kind == Kind::Floor && scenario.name.starts_with("ten") {
                continue;
            }
            load::wrk(&wrk, scenario, &server.url, Duration::from_secs(2))?;
        }
    }
    let mut results: Vec<Vec<Vec<WrkResult>>> =
        vec![vec![Vec::new(); running.len()]; scenarios.len()];
    let mut memory: Vec<Vec<u64>> = vec![Vec::new(); running.len()];
    let mut mcp_results: Vec<[Vec<WrkResult>; 2]> = vec![Default::default(); mcp_scenarios.len()];
    for round in 0..options.rounds {
        for (s, scenario) in scenarios.iter().enumerate() {
            for turn in 0..running.len() {
                let i = (turn + round) % running.len();
                let server = &running[i];
                if server.kind == Kind::Floor && s == 2 {
                    continue;
                }
                let result = load::wrk(
                    &wrk,
                    scenario,
                    &server.url,
                    Duration::from_secs(options.seconds),
                )
                .with_context(|| format!("{} under {}", server.kind.name(), scenario.name))?;
                if s == 2 {
                    memory[i].push(servers::resident_bytes(server.pid()));
                }
                results[s][i].push(result);
            }
        }
        for (s, pair) in mcp_scenarios.iter().enumerate() {
            for turn in 0..pair.len() {
                let i = (turn + round) % pair.len();
                let result = load::wrk(
                    &wrk,
                    &pair[i],
                    &mcp_urls[i],
                    Duration::from_secs(options.seconds),
                )
                .with_context(|| format!("MCP {} on {}", pair[i].name, ["beeuni", "sdk"][i]))?;
                mcp_results[s][i].push(result);
            }
        }
        eprintln!("  round {} of {} done", round + 1, options.rounds);
    }
    drop(running);
    drop(sdk);

    let ready = ready_times(&env, &work, &fixture, options.ready_tools, options.rounds)?;
    report(&scenarios, &results, &memory, &ready, options.ready_tools);
    // The contract's figures for the same loads: scenarios 1 and 2, beeuni's column.
    let post = [&results[1][0], &results[2][0]];
    report_mcp(&mcp_scenarios, &mcp_results, &post);
    Ok(())
}

/// The `output` beeuni's contract gives for one call.
fn post_output(beeuni: &Server, tool: &str, args: &Value) -> Result<String> {
    let body = json!({"args": args, "context": {"sessionId": "bench"}}).to_string();
    let (status, text) = load::post(&beeuni.url, tool, TOKEN, &body)?;
    let answer: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    match answer["output"].as_str().filter(|_| status == 200) {
        Some(output) => Ok(output.to_string()),
        None => bail!("beeuni answered {tool} with {status} {text}"),
    }
}

/// The MCP line: the daemon's `/mcp`, the same calls over its contract,
/// and the SDK peer; round trips per second and median latency, with the
/// ratios of `/mcp` to the other two.
fn report_mcp(
    scenarios: &[[Scenario; 2]],
    results: &[[Vec<WrkResult>; 2]],
    post: &[&Vec<WrkResult>],
) {
    println!(
        "\n  MCP tools/call, one POST each: beeuni's /mcp stateless on 2026-07-28, \
         the sdk peer (@modelcontextprotocol/sdk 1.x under Bun) without a session on 2025-11-25"
    );
    println!(
        "  {:<30}{:>10}{:>10}{:>10}  {:<5}{:>8}{:>8}",
        "", "/mcp", "POST", "sdk", "", "/POST", "/sdk"
    );
    let cell = |f: f64| {
        if f >= 100.0 {
            format!("{f:>10.0}")
        } else {
            format!("{f:>10.2}")
        }
    };
    for (s, pair) in scenarios.iter().enumerate() {
        let runs = [&results[s][0][..], &post[s][..], &results[s][1][..]];
        let rates = runs.map(|r| median(r.iter().map(|r| r.rate).collect()));
        let p50s = runs.map(|r| median(r.iter().map(|r| r.p50_us as f64 / 1000.0).collect()));
        let rate_label = format!("{}: req/s", pair[0].name);
        for (label, [ours, contract, sdk], unit) in
            [(&rate_label[..], rates, "req/s"), ("  p50", p50s, "ms")]
        {
            println!(
                "  {label:<30}{}{}{}  {unit:<5}{:>7.2}×{:>7.2}×",
                cell(ours),
                cell(contract),
                cell(sdk),
                ours / contract,
                ours / sdk
            );
        }
    }
}

/// The checkout's root, and an emptied folder `name` in the target folder.
fn work_dir(name: &str) -> Result<(PathBuf, PathBuf)> {
    let root = crate::workspace_root();
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let work = target.join(name);
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work)?;
    Ok((root, work))
}

fn run_faults(options: &Options) -> Result<()> {
    let (root, work) = work_dir("bench-daemon-faults")?;
    let beeuni = build("beeuni", &["-p", "beeuni", "--bin", "beeuni"], &work)?;
    let plan = faults::Plan {
        calls: options.calls,
        concurrency: options.concurrency,
        workers: options.workers,
    };
    faults::run(&beeuni, &work, &root, &plan)
}

/// `beeuni -C project daemon`, its secrets, runtime file and cache in `work`.
fn beeuni_command(beeuni: &Path, project: &Path, work: &Path, workers: Option<usize>) -> Command {
    let mut command = Command::new(beeuni);
    command
        .arg("-C")
        .arg(project)
        .arg("daemon")
        .env("BEEUNI_SECRETS_DIR", work.join("secrets"))
        .env("BEEUNI_RUNTIME_DIR", work.join("run"))
        .env("BEEUNI_CACHE_DIR", work.join("cache"))
        .env("BEEUNI_DAEMON_TOKEN", TOKEN);
    if let Some(workers) = workers {
        command.args(["--workers", &workers.to_string()]);
    }
    command
}

/// What starting a server needs.
struct Env {
    work: PathBuf,
    beeuni: PathBuf,
    floor: PathBuf,
    bun: PathBuf,
    node: PathBuf,
    peers: PathBuf,
    workers: Option<usize>,
}

impl Env {
    fn start(&self, kind: Kind, project: &Path, list: &Path) -> Result<Server> {
        let mut command = match kind {
            Kind::Beeuni => beeuni_command(&self.beeuni, project, &self.work, self.workers),
            Kind::Bun => {
                let mut command = Command::new(&self.bun);
                command.arg(self.peers.join("bun-daemon.mjs")).arg(list);
                command
            }
            Kind::Node => {
                let mut command = Command::new(&self.node);
                command.arg(self.peers.join("node-daemon.mjs")).arg(list);
                command
            }
            Kind::Floor => Command::new(&self.floor),
            Kind::Sdk => {
                let mut command = Command::new(&self.bun);
                command.arg(self.peers.join("mcp-sdk.mjs")).arg(list);
                command
            }
        };
        command.env("BEEUNI_DAEMON_TOKEN", TOKEN);
        Server::start(kind, command)
    }
}

/// `cargo build --release` of one executable, copied into `work`: a build
/// of another checkout sharing the target folder cannot replace it mid-run.
fn build(name: &str, args: &[&str], work: &Path) -> Result<PathBuf> {
    let built = crate::bench_check::build_release(name, args)?;
    let copy = work.join(name);
    std::fs::copy(&built, &copy)
        .with_context(|| format!("copying {} to {}", built.display(), copy.display()))?;
    Ok(copy)
}

/// The peers' list of tools: each name with its module's absolute path.
fn write_tool_list(list: &Path, project: &Path, names: &[&str]) -> Result<()> {
    let tools: Vec<Value> = names
        .iter()
        .map(|name| json!({"name": name, "module": project.join(format!("tools/{name}.mjs"))}))
        .collect();
    std::fs::write(list, serde_json::to_vec(&tools)?)?;
    Ok(())
}

/// Each server answers each tool once; beeuni, Bun and Node must give the
/// same output.
fn same_answers(running: &[Server]) -> Result<()> {
    let mut names = vec!["echo"];
    names.extend(TEN);
    for name in names {
        let args = if name == "echo" {
            json!({"text": "hello"})
        } else {
            args_of(name)
        };
        let body = json!({"args": args, "context": {"sessionId": "bench"}}).to_string();
        let mut first: Option<(&str, String)> = None;
        for server in running.iter().filter(|s| s.kind != Kind::Floor) {
            let (status, text) = load::post(&server.url, name, TOKEN, &body)
                .with_context(|| format!("calling {name} on {}", server.kind.name()))?;
            let answer: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            let Some(output) = answer["output"].as_str().filter(|_| status == 200) else {
                bail!(
                    "{} answered {name} with {status} {text}",
                    server.kind.name()
                );
            };
            match &first {
                None => first = Some((server.kind.name(), output.to_string())),
                Some((who, theirs)) if theirs != output => bail!(
                    "{name}: {} answered {output:?} but {who} {theirs:?}",
                    server.kind.name()
                ),
                Some(_) => {}
            }
        }
    }
    println!("  beeuni, bun and node give the same output for all eleven tools");
    Ok(())
}

/// The arguments each realistic tool is called with: sizes a tool call
/// sees in practice (a page of CSV, a webhook payload, a few records).
fn args_of(name: &str) -> Value {
    let csv = {
        let mut text = String::from("region,product,amount,note\n");
        for i in 0..60 {
            let region = ["north", "south", "east", "west"][i % 4];
            text.push_str(&format!(
                "{region},item-{},{}.{:02},\"said \"\"ok\"\", then left, {i}\"\n",
                i % 7,
                10 + (i * 37) % 90,
                (i * 13) % 100
            ));
        }
        text
    };
    let record = |i: usize| json!({"id": i, "user": {"name": format!("user {i}"), "address": {"city": "Lyon", "zip": format!("690{:02}", i % 100)}}, "tags": ["a", "b"], "score": i * 3});
    match name {
        "hash" | "base64" | "gzip" => {
            json!({"text": "The quick brown fox jumps over the lazy dog. ".repeat(40)})
        }
        "hmac" => {
            json!({"secret": "whsec_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FH", "timestamp": 1_733_000_000, "payload": record(7)})
        }
        "csv_parse" => json!({"csv": csv}),
        "csv_totals" => json!({"csv": csv, "by": "region", "sum": "amount"}),
        "url_build" => json!({
            "base": "https://api.example.com/v2/",
            "path": ["orgs", "acme corp", "repos", "beeuni/tools"],
            "query": {"page": 3, "per_page": 50, "sort": "updated", "labels": ["bug", "help wanted"], "q": "state:open é"},
        }),
        "json_reshape" => json!({
            "records": (0..20).map(record).collect::<Vec<_>>(),
            "keep": {"id": "id", "user.name": "name", "user.address.city": "city", "user.address.zip": "zip", "score": "score"},
        }),
        "json_diff" => {
            let before: Vec<Value> = (0..15).map(record).collect();
            let mut after = before.clone();
            after[3]["score"] = json!(-1);
            after[9]["user"]["address"]["city"] = json!("Paris");
            after[12]["tags"] = json!(["a"]);
            json!({"before": {"items": before}, "after": {"items": after}})
        }
        "slugify" => {
            json!({"titles": (0..20).map(|i| format!("Crème Brûlée & Friends: Part {i} — the Return")).collect::<Vec<_>>()})
        }
        _ => json!({}),
    }
}

/// Time from start to the listening line with `count` tools, each server
/// `rounds` times in turn; medians, in the order of [`Kind::ALL`] (no floor).
fn ready_times(
    env: &Env,
    work: &Path,
    fixture: &Path,
    count: usize,
    rounds: usize,
) -> Result<Vec<Duration>> {
    let project = work.join("ready");
    let tools = project.join("tools");
    std::fs::create_dir_all(tools.join("lib"))?;
    std::fs::copy(fixture.join("tools/lib/csv.mjs"), tools.join("lib/csv.mjs"))?;
    let mut manifest = String::from("tools:\n");
    let mut list = Vec::new();
    for i in 0..count {
        let from = TEN[i % TEN.len()];
        let source = std::fs::read_to_string(fixture.join(format!("tools/{from}.mjs")))?;
        // Each module its own: a distinct description, so no runtime can
        // share one compiled module between two tools.
        let source = source.replacen(
            "description: '",
            &format!("description: 'Copy {i} of {from}. "),
            1,
        );
        let name = format!("t{i:04}_{from}");
        let file = tools.join(format!("{name}.mjs"));
        std::fs::write(&file, source)?;
        manifest.push_str(&format!("  {name}: tools/{name}.mjs\n"));
        list.push(json!({"name": name, "module": file}));
    }
    manifest.push_str("agents:\n  beeuni: { tools: all }\n");
    std::fs::write(project.join("beeuni.yaml"), manifest)?;
    let list_file = work.join("ready-tools.json");
    std::fs::write(&list_file, serde_json::to_vec(&list)?)?;
    let kinds = [Kind::Beeuni, Kind::Bun, Kind::Node];
    let mut times = vec![Vec::new(); kinds.len()];
    for round in 0..rounds {
        for turn in 0..kinds.len() {
            let i = (turn + round) % kinds.len();
            let server = env.start(kinds[i], &project, &list_file)?;
            times[i].push(server.ready);
        }
    }
    Ok(times.into_iter().map(median).collect())
}

fn median<T: PartialOrd + Copy>(mut values: Vec<T>) -> T {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    values[values.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// One line of the report: beeuni's figure, the peers', and the ratio to
/// Bun against its target.
fn line(what: &str, figures: &[Option<f64>], unit: &str, target: Option<(&str, bool)>) {
    let cell = |f: Option<f64>| match f {
        Some(f) if f >= 100.0 => format!("{f:>10.0}"),
        Some(f) => format!("{f:>10.2}"),
        None => format!("{:>10}", "-"),
    };
    let cells: String = figures.iter().map(|f| cell(*f)).collect();
    let ratio = match (figures[0], figures[1]) {
        (Some(ours), Some(bun)) if bun > 0.0 => format!("{:>6.2}×", ours / bun),
        _ => format!("{:>7}", ""),
    };
    let verdict = match target {
        Some((target, met)) => format!("  target {target}: {}", if met { "met" } else { "missed" }),
        None => String::new(),
    };
    println!("  {what:<30}{cells}  {unit:<5}{ratio}{verdict}");
}

fn report(
    scenarios: &[Scenario],
    results: &[Vec<Vec<WrkResult>>],
    memory: &[Vec<u64>],
    ready: &[Duration],
    ready_tools: usize,
) {
    println!();
    println!(
        "  {:<30}{:>10}{:>10}{:>10}{:>10}  {:<5}{:>7}",
        "", "beeuni", "bun", "node", "floor", "", "/bun"
    );
    for (s, scenario) in scenarios.iter().enumerate() {
        let rate: Vec<Option<f64>> = results[s]
            .iter()
            .map(|runs| (!runs.is_empty()).then(|| median(runs.iter().map(|r| r.rate).collect())))
            .collect();
        let p99: Vec<Option<f64>> = results[s]
            .iter()
            .map(|runs| {
                (!runs.is_empty())
                    .then(|| median(runs.iter().map(|r| r.p99_us as f64 / 1000.0).collect()))
            })
            .collect();
        let p50: Vec<Option<f64>> = results[s]
            .iter()
            .map(|runs| {
                (!runs.is_empty())
                    .then(|| median(runs.iter().map(|r| r.p50_us as f64 / 1000.0).collect()))
            })
            .collect();
        let higher = |f: &[Option<f64>]| matches!((f[0], f[1]), (Some(a), Some(b)) if a >= b);
        let lower = |f: &[Option<f64>]| matches!((f[0], f[1]), (Some(a), Some(b)) if a <= b);
        let (rate_target, p99_target) = match s {
            0 => (None, None),
            1 => (Some(("≥ 1", higher(&rate))), Some(("≤ 1", lower(&p99)))),
            _ => (Some(("≥ 1", higher(&rate))), None),
        };
        line(
            &format!("{}: req/s", scenario.name),
            &rate,
            "req/s",
            rate_target,
        );
        line("  p50", &p50, "ms", None);
        line("  p99", &p99, "ms", p99_target);
    }
    let mb: Vec<Option<f64>> = memory
        .iter()
        .map(|m| (!m.is_empty()).then(|| median(m.clone()) as f64 / 1_048_576.0))
        .collect();
    let memory_met = matches!((mb[0], mb[1]), (Some(a), Some(b)) if a * 3.0 <= b);
    line(
        "memory after the ten tools",
        &mb,
        "MB",
        Some(("≤ 0.33", memory_met)),
    );
    let ready_ms: Vec<Option<f64>> = ready.iter().map(|d| Some(ms(*d))).chain([None]).collect();
    line(
        &format!("ready with {ready_tools} tools"),
        &ready_ms,
        "ms",
        Some(("≤ 1", ready[0] <= ready[1])),
    );
    println!(
        "\n  beeuni's memory is the daemon's and its workers' resident memory summed; \
         the ratios are beeuni's figure over Bun's"
    );
}
