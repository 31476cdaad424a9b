//! `cargo xtask bench packages`: realistic work on popular npm packages under
//! the release `beeuni tools call` and under Bun, side by side in one run.
//!
//! Each workload is a tool module of `tests/fixtures/bench-packages/` (cheerio,
//! marked, yaml, date-fns, csv-parse, lodash-es, zod, plain JSON, jsdiff,
//! fast-xml-parser) that builds its input from a seeded generator, times its
//! work with `performance.now()` inside `execute` and returns that time with a
//! digest of the work's output. Both runtimes run the same file; the bench
//! takes turns between them, run after run, and reports medians of the work
//! time and of the whole process, each ratio and their geometric means, and
//! fails when the two printed different digests (they did different work).
//! Two more tools measure loading: one importing the seven packages, and
//! zod's alone, whose call is trivial, so the process time is the load.
//!
//! The fixture is copied into the target folder and its packages installed
//! there (`npm ci`), so the checkout is left as it was found.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::bench_check::build_release;
use crate::bench_runtime::{CALL_TS, find_bun, installed_copy};

/// The options of `cargo xtask bench packages`.
#[derive(clap::Args)]
pub struct Options {
    /// Timed runs of each workload under each runtime.
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// Only these tools of the fixture's `beeuni.yaml` (comma-separated).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
}

/// A tool of the fixture: its name in `beeuni.yaml`, its file, and what it does.
struct Workload {
    tool: &'static str,
    file: &'static str,
    what: &'static str,
}

const WORK: &[Workload] = &[
    Workload {
        tool: "cheerio",
        file: "cheerio.mjs",
        what: "cheerio: 3,000-row table, links and rows",
    },
    Workload {
        tool: "marked",
        file: "marked.mjs",
        what: "marked: 800-section document",
    },
    Workload {
        tool: "yaml",
        file: "yaml.mjs",
        what: "yaml: stringify + parse 1,500 records",
    },
    Workload {
        tool: "date_fns",
        file: "date-fns.mjs",
        what: "date-fns: format 6,000 dates",
    },
    Workload {
        tool: "csv_parse",
        file: "csv-parse.mjs",
        what: "csv-parse: 6,000 rows with columns",
    },
    Workload {
        tool: "lodash",
        file: "lodash.mjs",
        what: "lodash-es: groupBy/sortBy 30,000 items",
    },
    Workload {
        tool: "zod",
        file: "zod.mjs",
        what: "zod: safeParse 3,000 objects",
    },
    Workload {
        tool: "json",
        file: "json.mjs",
        what: "JSON: stringify + parse 8,000 records",
    },
    Workload {
        tool: "diff",
        file: "diff.mjs",
        what: "diff: patch of two 3,000-line files",
    },
    Workload {
        tool: "xml",
        file: "xml.mjs",
        what: "fast-xml-parser: 2,000-entry feed",
    },
    Workload {
        tool: "bytes",
        file: "bytes.mjs",
        what: "Buffer/crypto: base64, hex, SHA-256 of 1 MB",
    },
];

const LOADS: &[Workload] = &[
    Workload {
        tool: "load_seven",
        file: "load-seven.mjs",
        what: "cold load of the seven packages",
    },
    Workload {
        tool: "load_zod",
        file: "load-zod.mjs",
        what: "cold load of zod alone",
    },
];

/// What one process printed and how long it took.
struct Run {
    wall: Duration,
    stdout: String,
}

/// Medians of one workload under one runtime.
struct Figures {
    work_ms: Option<f64>,
    process: Duration,
}

/// Builds beeuni in release mode, prepares the fixture's copy, measures, and
/// prints the table.
pub fn run(options: Options) -> Result<()> {
    if options.runs == 0 {
        bail!("--runs must be at least 1");
    }
    let chosen =
        |w: &&Workload| options.only.is_empty() || options.only.iter().any(|o| o == w.tool);
    let work_loads: Vec<&Workload> = WORK.iter().filter(chosen).collect();
    let load_loads: Vec<&Workload> = LOADS.iter().filter(chosen).collect();
    if work_loads.is_empty() && load_loads.is_empty() {
        bail!("--only names no tool of the bench (see tests/fixtures/bench-packages/beeuni.yaml)");
    }
    let root = crate::workspace_root();
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let built = build_release("beeuni", &["-p", "beeuni", "--bin", "beeuni"])?;
    let work = target.join("bench-packages");
    std::fs::create_dir_all(&work)?;
    let beeuni = installed_copy(&built, &work, "")?;
    let project = copy_fixture(&root.join("tests/fixtures/bench-packages"), &work)?;
    crate::npm_ci(&project)?;
    let Some(bun) = find_bun(&work) else {
        bail!(
            "bench packages needs bun (on PATH, or installed from npm into {})",
            work.display()
        );
    };
    // Bun's side: the runtime bench's harness, which imports the tool, calls
    // it once and prints the result as `beeuni tools call` does.
    let harness = work.join("call.ts");
    std::fs::write(&harness, CALL_TS)?;
    let cache = work.join("cache");

    let ours = |w: &Workload| {
        let mut command = Command::new(&beeuni);
        command
            .env("BEEUNI_CACHE_DIR", &cache)
            .arg("-C")
            .arg(&project)
            .args(["tools", "call", w.tool]);
        command
    };
    let theirs = |w: &Workload| {
        let mut command = Command::new(&bun);
        command
            .arg(&harness)
            .arg(project.join("tools").join(w.file))
            .arg("{}");
        command.current_dir(&project);
        command
    };

    println!(
        "package benchmark ({} runs each, runs alternate, medians; work = inside execute)\n",
        options.runs
    );
    println!(
        "{:<42} {:>10} {:>10} {:>7}   {:>10} {:>10} {:>7}",
        "workload", "beeuni", "bun", "ratio", "process", "bun proc", "ratio"
    );
    let mut work_ratios = Vec::new();
    let mut process_ratios = Vec::new();
    for w in &work_loads {
        let [a, b] = measure(options.runs, w, &ours, &theirs)?;
        let (Some(ours_ms), Some(bun_ms)) = (a.work_ms, b.work_ms) else {
            bail!("{} printed no work_ms", w.tool);
        };
        let work_ratio = ours_ms / bun_ms;
        let process_ratio = a.process.as_secs_f64() / b.process.as_secs_f64();
        work_ratios.push(work_ratio);
        process_ratios.push(process_ratio);
        println!(
            "{:<42} {:>7.1} ms {:>7.1} ms {:>6.1}×   {:>7.0} ms {:>7.0} ms {:>6.1}×  {}",
            w.what,
            ours_ms,
            bun_ms,
            work_ratio,
            ms(a.process),
            ms(b.process),
            process_ratio,
            if work_ratio <= 5.0 {
                "met (≤ 5×)"
            } else {
                "missed (≤ 5×)"
            }
        );
    }
    if !work_ratios.is_empty() {
        let mean = geometric_mean(&work_ratios);
        println!(
            "{:<42} {:>21} {:>6.1}×   {:>21} {:>6.1}×  {}",
            "geometric mean",
            "",
            mean,
            "",
            geometric_mean(&process_ratios),
            if mean <= 3.0 {
                "met (≤ 3×)"
            } else {
                "missed (≤ 3×)"
            }
        );
    }
    if !load_loads.is_empty() {
        println!(
            "\n{:<42} {:>10} {:>10} {:>7}",
            "load (whole process)", "beeuni", "bun", "ratio"
        );
    }
    for w in &load_loads {
        let [a, b] = measure(options.runs, w, &ours, &theirs)?;
        let ratio = a.process.as_secs_f64() / b.process.as_secs_f64();
        let target = if w.tool == "load_zod" { 3.0 } else { 2.0 };
        println!(
            "{:<42} {:>7.0} ms {:>7.0} ms {:>6.1}×  {} (≤ {target}×)",
            w.what,
            ms(a.process),
            ms(b.process),
            ratio,
            if ratio <= target { "met" } else { "missed" }
        );
    }
    Ok(())
}

/// Runs `w` under both runtimes `runs` times, taking turns (which one goes
/// first alternates), checks that both printed the same result each time, and
/// returns the medians, ours first.
fn measure(
    runs: usize,
    w: &Workload,
    ours: &dyn Fn(&Workload) -> Command,
    theirs: &dyn Fn(&Workload) -> Command,
) -> Result<[Figures; 2]> {
    let mut samples: [Vec<Run>; 2] = [Vec::new(), Vec::new()];
    for run in 0..runs {
        for turn in 0..2 {
            let side = (run + turn) % 2;
            let mut command = if side == 0 { ours(w) } else { theirs(w) };
            samples[side].push(timed(&mut command)?);
        }
    }
    let expected = result_of(&samples[1][0].stdout);
    for (side, name) in [(0, "beeuni"), (1, "bun")] {
        for run in &samples[side] {
            let got = result_of(&run.stdout);
            if got != expected {
                bail!(
                    "{}: {name} printed a different result than bun's first run:\n{got}\nagainst\n{expected}",
                    w.tool
                );
            }
        }
    }
    Ok(samples.map(|runs| {
        let mut walls: Vec<Duration> = runs.iter().map(|r| r.wall).collect();
        walls.sort();
        let mut works: Vec<f64> = runs.iter().filter_map(|r| work_ms(&r.stdout)).collect();
        works.sort_by(f64::total_cmp);
        Figures {
            work_ms: works.get(works.len() / 2).copied(),
            process: walls[walls.len() / 2],
        }
    }))
}

/// The printed result without its timing: what must be equal between runs.
fn result_of(stdout: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(stdout) {
        Ok(serde_json::Value::Object(mut fields)) => {
            fields.remove("work_ms");
            serde_json::Value::Object(fields).to_string()
        }
        _ => stdout.trim_end().to_string(),
    }
}

fn work_ms(stdout: &str) -> Option<f64> {
    serde_json::from_str::<serde_json::Value>(stdout).ok()?["work_ms"].as_f64()
}

fn timed(command: &mut Command) -> Result<Run> {
    // date-fns formats in the local zone: one zone for both runtimes.
    command.env("TZ", "UTC");
    // `cargo run` adds the target folders to the library path; no user's
    // shell does (see bench_runtime).
    command.env_remove("LD_LIBRARY_PATH");
    let started = Instant::now();
    let out = command.output().context("starting a benchmark process")?;
    let wall = started.elapsed();
    if !out.status.success() {
        bail!(
            "{:?} failed ({}): {}{}",
            command,
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(Run {
        wall,
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
    })
}

/// Copies the fixture's own files (not its `node_modules`) to `work/project`,
/// keeping an earlier run's installed packages when the lockfile is the same.
fn copy_fixture(fixture: &Path, work: &Path) -> Result<PathBuf> {
    let project = work.join("project");
    let lock = std::fs::read(fixture.join("package-lock.json"))
        .with_context(|| format!("reading {}/package-lock.json", fixture.display()))?;
    if std::fs::read(project.join("package-lock.json"))
        .ok()
        .as_ref()
        != Some(&lock)
    {
        let _ = std::fs::remove_dir_all(&project);
    }
    let _ = std::fs::remove_dir_all(project.join("tools"));
    std::fs::create_dir_all(project.join("tools"))?;
    for name in ["beeuni.yaml", "package.json", "package-lock.json"] {
        std::fs::copy(fixture.join(name), project.join(name))
            .with_context(|| format!("copying {}/{name}", fixture.display()))?;
    }
    for entry in std::fs::read_dir(fixture.join("tools"))? {
        let entry = entry?;
        std::fs::copy(entry.path(), project.join("tools").join(entry.file_name()))?;
    }
    Ok(project)
}

fn geometric_mean(values: &[f64]) -> f64 {
    (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
