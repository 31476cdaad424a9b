//! `cargo xtask bench runtime`: the tool runtime against bun and node, as
//! ratios measured in one run on the same machine.
//!
//! Three figures:
//! - cold call: a whole process that loads a small TypeScript tool and calls
//!   it once, against `bun call.ts` doing the same. Ours is measured three
//!   times: the product path, `beeuni -C tests/fixtures/runtime/bench tools
//!   call lookup` (which also reads the project's `beeuni.yaml`), with its
//!   cache of stripped TypeScript and without it, and the bare runtime
//!   (`runtime_bench once`). The commands take turns, run after run, so that
//!   a busy machine slows them alike;
//!   `beeuni --version` takes turns with them as the floor of any call: the
//!   binary's start and exit;
//! - in process: host creation, loading the tool and its first call (each
//!   the median over several processes) and the mean cost of one call on a
//!   loaded tool;
//! - zod load: loading the zod fixture's tool (the whole zod graph plus
//!   `z.toJSONSchema`) in process, against bun and node importing zod and
//!   building the same schema.
//!
//! The two binaries are measured from copies written as an installer writes
//! them (see [`installed_copy`]); the product path is timed once more from a
//! copy whose pages its first start faulted in, as after a reboot. bun comes from npm (`npm install bun`) into `target/bench-runtime/` when it
//! is not on PATH; node is used as installed. A missing reference is reported
//! and its ratio skipped. The zod fixture needs
//! `npm ci --prefix tests/fixtures/runtime/zod` first.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::bench_check::build_release;

const RUNS: usize = 61;
/// Processes of the in-process probe, each giving one host creation and load.
const WARM_PROCESSES: usize = 11;

/// Builds the probe in release mode, measures, and prints a table of ratios.
pub fn run() -> Result<()> {
    let root = crate::workspace_root();
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let built = [
        build_release(
            "runtime_bench",
            &["-p", "beeuni-runtime", "--example", "runtime_bench"],
        )?,
        build_release("beeuni", &["-p", "beeuni", "--bin", "beeuni"])?,
    ];
    let fixtures = root.join("tests/fixtures/runtime");
    let work = target.join("bench-runtime");
    std::fs::create_dir_all(&work)?;
    let probe = installed_copy(&built[0], &work, "")?;
    let beeuni = installed_copy(&built[1], &work, "")?;
    let beeuni_faulted = installed_copy(&built[1], &work, "-faulted")?;
    // Where the pages cannot be dropped (no GNU dd), that line is skipped
    // rather than reported for a state it was not measured in.
    let faulted = match drop_cached_pages(&beeuni_faulted) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("bench runtime: the call with pages faulted in is skipped: {e:#}");
            false
        }
    };
    let call_script = work.join("call.ts");
    std::fs::write(&call_script, CALL_TS)?;
    let zod_script = fixtures.join("zod/bench-zod.mjs");
    let bun = find_bun(&work);
    let node = which::which("node").ok();

    let bench_dir = fixtures.join("bench");
    let args = r#"{"id":"A-1"}"#;
    // The tool `lookup` in the fixture's beeuni.yaml is tool.ts.
    // Stripped TypeScript is kept between processes (runtime/src/
    // transpile_cache.rs); the bench gives it a folder of its own, and times
    // the product path both with it (every run after the first hits) and
    // without it (`BEEUNI_CACHE_DIR` empty), so a tool's first call after an
    // edit is measured too.
    let cache = work.join("cache");
    let _ = std::fs::remove_dir_all(&cache);
    let cli_in = |cache: &Path| {
        let mut command = Command::new(&beeuni);
        command.env("BEEUNI_CACHE_DIR", cache);
        command
            .arg("-C")
            .arg(&bench_dir)
            .args(["tools", "call", "lookup", "--args", args]);
        command
    };
    let cli = || cli_in(&cache);
    // The same call from a copy whose pages its own first start faulted in
    // (see `drop_cached_pages`), as after a reboot.
    let cli_faulted = || {
        let mut command = Command::new(&beeuni_faulted);
        command.env("BEEUNI_CACHE_DIR", &cache);
        command
            .arg("-C")
            .arg(&bench_dir)
            .args(["tools", "call", "lookup", "--args", args]);
        command
    };
    let cli_uncached = || cli_in(Path::new(""));
    // A tool that touches `Bun` (a file read and a `$` command) pays for the
    // prelude units behind them on its first call; this pair shows that cost.
    let bun_apis_args = r#"{"id":"A-1"}"#;
    let cli_bun_apis = || {
        let mut command = Command::new(&beeuni);
        command.env("BEEUNI_CACHE_DIR", &cache);
        command.arg("-C").arg(&bench_dir).args([
            "tools",
            "call",
            "bun_apis",
            "--args",
            bun_apis_args,
        ]);
        command
    };
    let bare = || {
        let mut command = Command::new(&probe);
        command.env("BEEUNI_CACHE_DIR", &cache);
        command.arg("once").arg(&bench_dir).args(["tool.ts", args]);
        command
    };
    let reference = |bun: &Path, tool: &str, args: &str| {
        let mut command = Command::new(bun);
        command
            .arg(&call_script)
            .arg(bench_dir.join(tool))
            .arg(args);
        command
    };
    // The binary's start and exit with no tool: what a cold call costs
    // before the runtime does anything.
    let version = || {
        let mut command = Command::new(&beeuni);
        command.arg("--version");
        command
    };
    let mut commands: Vec<Box<dyn Fn() -> Command + '_>> = vec![
        Box::new(cli),
        Box::new(cli_uncached),
        Box::new(bare),
        Box::new(version),
    ];
    if faulted {
        commands.push(Box::new(cli_faulted));
    }
    let faulted_index = commands.len() - 1;
    commands.push(Box::new(cli_bun_apis));
    let bun_apis_index = commands.len() - 1;
    if let Some(bun) = &bun {
        commands.push(Box::new(move || {
            reference(bun, "bun_tool.ts", bun_apis_args)
        }));
        commands.push(Box::new(move || reference(bun, "tool.ts", args)));
    }
    let cold = alternating_medians(RUNS, &commands)?;
    let (ours_cli, ours_uncached, ours_bare, ours_version) = (cold[0], cold[1], cold[2], cold[3]);
    let ours_bun_apis = cold[bun_apis_index];
    let bun_bun_apis = bun.as_ref().map(|_| cold[cold.len() - 2]);
    let ours_faulted = faulted.then(|| cold[faulted_index]);
    let bun_cold = bun.as_ref().map(|_| cold[cold.len() - 1]);
    // Host creation and the first load happen once per process, so one
    // process gives one sample of each: the figures are medians over
    // several processes, or a busy moment of the machine would be reported
    // as a regression.
    let mut warms = Vec::with_capacity(WARM_PROCESSES);
    for _ in 0..WARM_PROCESSES {
        warms.push(run_json(
            Command::new(&probe)
                .env("BEEUNI_CACHE_DIR", &cache)
                .env_remove("LD_LIBRARY_PATH")
                .arg("warm")
                .arg(&bench_dir)
                .args(["tool.ts", args, "5000"]),
        )?);
    }
    let median = |field: fn(&Warm) -> f64| {
        let mut values: Vec<f64> = warms.iter().map(field).collect();
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let warm = Warm {
        host_ms: median(|w| w.host_ms),
        load_ms: median(|w| w.load_ms),
        first_call_ms: median(|w| w.first_call_ms),
        warm_call_us: median(|w| w.warm_call_us),
    };

    println!("runtime benchmark ({RUNS} runs each, medians)\n");
    println!("cold call (process start, load tool.ts, one call, exit; runs alternate)");
    match bun_cold {
        Some(bun_cold) => println!("  bun              {:>9.1} ms", ms(bun_cold)),
        None => println!("  bun              not found, ratios skipped"),
    }
    report_ratio("beeuni tools call", bun_cold, ours_cli);
    report_ratio("  (not cached)", bun_cold, ours_uncached);
    if let Some(ours_faulted) = ours_faulted {
        report_ratio("  (pages faulted)", bun_cold, ours_faulted);
    }
    report_ratio("runtime alone", bun_cold, ours_bare);
    report_ratio("beeuni --version", bun_cold, ours_version);
    println!("\ncold call of bun_tool.ts (Bun.file and Bun.$)");
    match bun_bun_apis {
        Some(bun_bun_apis) => println!("  bun              {:>9.1} ms", ms(bun_bun_apis)),
        None => println!("  bun              not found, ratios skipped"),
    }
    report_ratio("beeuni tools call", bun_bun_apis, ours_bun_apis);
    println!("\nin process, loaded tool (medians of {WARM_PROCESSES} processes)");
    println!("  host creation    {:>9.2} ms", warm.host_ms);
    println!("  load tool.ts     {:>9.2} ms", warm.load_ms);
    println!("  first call       {:>9.2} ms", warm.first_call_ms);
    println!(
        "  warm call        {:>9.1} µs (mean of 5000)",
        warm.warm_call_us
    );

    let zod_dir = fixtures.join("zod");
    if !zod_dir.join("node_modules/zod").is_dir() {
        println!("\nzod: skipped (run `npm ci --prefix tests/fixtures/runtime/zod`)");
        return Ok(());
    }
    std::fs::write(&zod_script, ZOD_MJS)?;
    let zod_args = r#"{"id":"A-1"}"#;
    let mut ours = Vec::new();
    for _ in 0..5 {
        ours.push(run_json(
            Command::new(&probe)
                .arg("warm")
                .arg(&zod_dir)
                .args(["tool.ts", zod_args, "100"]),
        )?);
    }
    ours.sort_by(|a, b| a.load_ms.total_cmp(&b.load_ms));
    let zod_ours = ours[ours.len() / 2].load_ms;
    println!("\nzod tool load (import the zod graph, z.toJSONSchema), in process");
    println!(
        "  beeuni runtime   {zod_ours:>9.1} ms   (warm call {:.1} µs)",
        ours[ours.len() / 2].warm_call_us
    );
    for (name, program) in [("bun", bun.clone()), ("node", node.clone())] {
        let Some(program) = program else {
            println!("  {name:<16} not found, ratio skipped");
            continue;
        };
        let mut times = Vec::new();
        for _ in 0..5 {
            let out = Command::new(&program)
                .arg(&zod_script)
                .current_dir(&zod_dir)
                .output()?;
            let text = String::from_utf8_lossy(&out.stdout);
            let load: f64 = text
                .trim()
                .parse()
                .with_context(|| format!("{name} printed {text:?}"))?;
            times.push(load);
        }
        times.sort_by(f64::total_cmp);
        let theirs = times[times.len() / 2];
        println!(
            "  {name:<16} {theirs:>9.1} ms   ratio beeuni/{name} = {:.1}×",
            zod_ours / theirs
        );
    }
    let _ = std::fs::remove_file(&zod_script);
    Ok(())
}

/// One of ours against bun's cold call.
fn report_ratio(name: &str, bun: Option<Duration>, ours: Duration) {
    match bun {
        Some(bun) => println!(
            "  {name:<18} {:>7.1} ms   ratio to bun = {:.2}×",
            ms(ours),
            ours.as_secs_f64() / bun.as_secs_f64()
        ),
        None => println!("  {name:<18} {:>7.1} ms", ms(ours)),
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

struct Warm {
    host_ms: f64,
    load_ms: f64,
    first_call_ms: f64,
    warm_call_us: f64,
}

fn run_json(command: &mut Command) -> Result<Warm> {
    let out = command.output().context("running runtime_bench")?;
    if !out.status.success() {
        bail!(
            "runtime_bench failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let text = String::from_utf8_lossy(&out.stdout);
    // One flat JSON object of numbers; xtask avoids a JSON dependency.
    let field = |name: &str| -> Result<f64> {
        let start = text
            .find(&format!("\"{name}\":"))
            .with_context(|| format!("no {name} in {text}"))?
            + name.len()
            + 3;
        let end = text[start..]
            .find([',', '}'])
            .map_or(text.len(), |i| start + i);
        Ok(text[start..end].trim().parse()?)
    };
    Ok(Warm {
        host_ms: field("host_ms")?,
        load_ms: field("load_ms")?,
        first_call_ms: field("first_call_ms")?,
        warm_call_us: field("warm_call_us")?,
    })
}

fn run_quiet(command: &mut Command) -> Result<Duration> {
    // Nothing reads stdout while the clock runs; stderr is kept for a failure.
    command.stdout(std::process::Stdio::null());
    // `cargo run` (and so `cargo xtask`) adds the target folders to the
    // library path, and every process measured would search them for libc:
    // 0.2 ms that no user's shell adds.
    command.env_remove("LD_LIBRARY_PATH");
    let started = Instant::now();
    let out = command.output().context("starting a benchmark process")?;
    let elapsed = started.elapsed();
    if !out.status.success() {
        bail!(
            "{:?} failed: {}",
            command,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(elapsed)
}

/// Runs each command `runs` times, one of each in turn, and returns each
/// command's median wall time.
fn alternating_medians(
    runs: usize,
    commands: &[Box<dyn Fn() -> Command + '_>],
) -> Result<Vec<Duration>> {
    let mut times = vec![Vec::with_capacity(runs); commands.len()];
    for run in 0..runs {
        // Each round starts one command later: whichever runs right after
        // bun finds the machine's caches cold, and that must not always be
        // the same one.
        for turn in 0..commands.len() {
            let index = (run + turn) % commands.len();
            times[index].push(run_quiet(&mut commands[index]())?);
        }
    }
    Ok(times
        .into_iter()
        .map(|mut times| {
            times.sort();
            times[times.len() / 2]
        })
        .collect())
}

/// A copy of the freshly linked `binary` in `work/bin`, written with plain
/// writes as an installer writes it, for the cold runs to start.
///
/// A cold call's cost depends on how the binary's pages came into the page
/// cache, not only on the code. Measured side by side (61 alternating runs),
/// the same `beeuni` took 6.5–7.0 ms to run the cold call from the file the
/// linker wrote, and again after its pages were dropped and brought back by
/// the starts' own page faults, but 4.9–5.3 ms from a copy, or from the
/// linker's file after its pages were dropped and read back with `cat`: 50
/// fewer page faults per start, which the kernel evidently serves in larger
/// pieces. The bench cannot know which state it meets, so an unchanged
/// binary looked 20% slower from one run to the next; a fresh copy is one
/// known state for every build it compares.
pub(crate) fn installed_copy(binary: &Path, work: &Path, suffix: &str) -> Result<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let dir = work.join("bin");
    std::fs::create_dir_all(&dir)?;
    let name = binary
        .file_name()
        .with_context(|| format!("{} has no file name", binary.display()))?;
    let mut name = name.to_os_string();
    name.push(suffix);
    let copy = dir.join(name);
    // Read and written, not `std::fs::copy`, which may share or splice the
    // pages instead of writing them.
    let bytes = std::fs::read(binary).with_context(|| format!("reading {}", binary.display()))?;
    let _ = std::fs::remove_file(&copy);
    std::fs::write(&copy, bytes).with_context(|| format!("writing {}", copy.display()))?;
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755))?;
    Ok(copy)
}

/// Drops `file`'s pages from the page cache (GNU dd's `nocache`), so that
/// the first start reads them back through its own page faults, the state
/// of an installed binary after a reboot, which costs more per start than a
/// fresh copy's.
fn drop_cached_pages(file: &Path) -> Result<()> {
    // Dirty pages cannot be dropped.
    std::fs::File::open(file)?.sync_all()?;
    let status = Command::new("dd")
        .arg(format!("if={}", file.display()))
        .args(["iflag=nocache", "count=0", "status=none"])
        .status()
        .context("running dd")?;
    if !status.success() {
        bail!("dd could not drop the cached pages of {}", file.display());
    }
    Ok(())
}

pub(crate) fn find_bun(work: &Path) -> Option<PathBuf> {
    if let Ok(bun) = which::which("bun") {
        return Some(bun);
    }
    let local = work.join("node_modules/.bin/bun");
    if !local.is_file() {
        eprintln!("$ npm install --prefix {} bun@1", work.display());
        let status = Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--prefix"])
            .arg(work)
            .arg("bun@1")
            .status()
            .ok()?;
        if !status.success() {
            return None;
        }
    }
    local.is_file().then_some(local)
}

/// bun's side of the cold call: import the tool and call it once.
pub(crate) const CALL_TS: &str = r#"const tool = (await import(process.argv[2])).default;
const signal = new AbortController().signal;
const out = await tool.execute(JSON.parse(process.argv[3]), { sessionId: 'bench', agent: 'bench', directory: process.cwd(), env: {}, signal });
console.log(typeof out === 'string' ? out : JSON.stringify(out, null, 2));
"#;

/// bun's and node's side of the zod load: the same schema as the fixture.
const ZOD_MJS: &str = r#"const t0 = performance.now();
const { z } = await import('zod');
const Args = z.object({ id: z.string().describe('The order id'), count: z.number().int().optional() });
const schema = z.toJSONSchema(Args);
if (schema.type !== 'object') throw new Error('bad schema');
console.log((performance.now() - t0).toFixed(3));
"#;
