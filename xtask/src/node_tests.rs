//! `cargo xtask node-tests PATH`: Node's own `test/parallel` files for the
//! modules this runtime provides, each run once under a reference Node and
//! once through `beeuni tools call`, through the stand-in `common` and strict
//! `assert` in `xtask/node-tests/`.
//!
//! The test files are Node's: they are never part of this repository, and no
//! package registry serves them, so PATH is a checkout of Node's `test/` (or
//! of the repository holding it) at the pinned release. Without one the task
//! says so and succeeds. A file counts for a module when it passes under the
//! reference Node with this harness; it passes here when it runs to its end
//! with no uncaught error, every `mustCall` count right and exit code 0,
//! within the timeout. docs/runtime.md ("Node's own tests") has the rules and
//! the latest figures.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::workspace_root;

/// The Node release whose tests the figures are for, and whose binary is the reference.
pub const NODE_RELEASE: &str = "24.12.0";

/// The modules measured and the file-name stems that select their files:
/// `test-STEM.js` or `test-STEM-*.js` (and `.mjs`), in this order, first match wins.
pub const MODULES: &[(&str, &[&str])] = &[
    ("path", &["path"]),
    ("url", &["url"]),
    ("buffer", &["buffer"]),
    ("util", &["util"]),
    ("events", &["events", "event-emitter"]),
    ("stream", &["stream", "stream2", "stream3"]),
    ("fs", &["fs"]),
    ("readline", &["readline"]),
    ("child_process", &["child-process"]),
    ("assert", &["assert"]),
    ("timers", &["timers"]),
    ("vm", &["vm"]),
    ("crypto", &["crypto"]),
];

#[derive(clap::Args)]
pub struct Options {
    /// A checkout of Node's `test/` folder, or of a repository holding it.
    pub path: PathBuf,
    /// Only files whose name contains one of these (or a module's name).
    #[arg(long = "only")]
    pub only: Vec<String>,
    /// Files run at once.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
    /// Seconds a file may take, per runtime, before it counts as failed.
    #[arg(long, default_value_t = 20)]
    pub timeout: u64,
    /// Also run each file under Bun (the parity suite's pinned Bun).
    #[arg(long)]
    pub bun: bool,
    /// Keep the test files' own `require('assert')` (the runtime's assert)
    /// instead of the harness's strict one.
    #[arg(long)]
    pub runtime_assert: bool,
    /// Write every file's outcome as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// The beeuni binary to test (default: `cargo build --bin beeuni`).
    #[arg(long)]
    pub beeuni: Option<PathBuf>,
    /// The reference node (default: Node 24.12.0 from npm, installed once into a cache).
    #[arg(long)]
    pub node: Option<PathBuf>,
}

/// The module a test file belongs to, by its name.
pub fn module_of(file_name: &str) -> Option<&'static str> {
    let stem = file_name
        .strip_suffix(".js")
        .or_else(|| file_name.strip_suffix(".mjs"))?;
    let rest = stem.strip_prefix("test-")?;
    MODULES.iter().find_map(|(module, stems)| {
        stems
            .iter()
            .any(|s| {
                rest == *s
                    || rest
                        .strip_prefix(s)
                        .is_some_and(|tail| tail.starts_with('-'))
            })
            .then_some(*module)
    })
}

/// Why a file of a module is left out, if it is: it tests Node's own
/// internals (`--expose-internals`, `require('internal/…')`,
/// `internalBinding`), which no other runtime has.
pub fn left_out(source: &str) -> Option<&'static str> {
    if flags(source).iter().any(|f| f == "--expose-internals")
        || source.contains("require('internal/")
        || source.contains("internalBinding(")
    {
        return Some("uses Node's internals");
    }
    None
}

/// The node flags a file's `// Flags:` line asks for, as Node's test runner reads them.
pub fn flags(source: &str) -> Vec<String> {
    source
        .lines()
        .take_while(|l| l.trim().is_empty() || l.starts_with("//") || l.starts_with("'use strict'"))
        .filter_map(|l| l.strip_prefix("// Flags:"))
        .flat_map(|l| l.split_whitespace().map(str::to_string))
        .collect()
}

/// The message shown, and the task's success, when PATH holds no test files.
pub fn missing_message(path: &Path) -> String {
    format!(
        "node-tests: no Node test files at {} (looked for test/parallel and parallel/ there).\n\
         The files are Node's and are not part of this repository: point PATH at a checkout of \
         Node's test/ at v{NODE_RELEASE} (the nodejs/node repository, or denoland/node_test, \
         which tracks it unchanged). Nothing was run.",
        path.display()
    )
}

/// `PATH/test` or `PATH` itself, whichever holds `parallel/`.
pub fn test_root(path: &Path) -> Option<PathBuf> {
    [path.join("test"), path.to_path_buf()]
        .into_iter()
        .find(|p| p.join("parallel").is_dir() && p.join("fixtures").is_dir())
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Status {
    Pass,
    Fail,
    Skip,
}

#[derive(Clone, Debug)]
struct Outcome {
    status: Status,
    error: String,
    millis: u128,
}

struct FileResult {
    file: String,
    module: &'static str,
    node: Outcome,
    ours: Outcome,
    bun: Option<Outcome>,
}

pub fn run(options: Options) -> Result<()> {
    let Some(tests) = test_root(&options.path) else {
        println!("{}", missing_message(&options.path));
        return Ok(());
    };
    let mut files = Vec::new();
    let mut excluded = BTreeMap::<&str, usize>::new();
    for entry in std::fs::read_dir(tests.join("parallel"))? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        let Some(module) = module_of(&name) else {
            continue;
        };
        if !options.only.is_empty()
            && !options
                .only
                .iter()
                .any(|o| name.contains(o.as_str()) || module == o)
        {
            continue;
        }
        let source = std::fs::read_to_string(tests.join("parallel").join(&name))?;
        if left_out(&source).is_some() {
            *excluded.entry(module).or_default() += 1;
            continue;
        }
        files.push((name, module));
    }
    files.sort();
    if files.is_empty() {
        println!("node-tests: no test file of the measured modules matched");
        return Ok(());
    }
    let node = match options.node.clone() {
        Some(node) => node,
        None => install_reference_node()?,
    };
    let beeuni = match options.beeuni.clone() {
        Some(beeuni) => beeuni,
        None => build_beeuni()?,
    };
    let bun = if options.bun {
        let bun = workspace_root().join("tests/fixtures/parity/node_modules/.bin/bun");
        if !bun.exists() {
            bail!(
                "--bun needs the parity suite's Bun: run `cargo xtask ci` (or npm ci in tests/fixtures/parity) first"
            );
        }
        Some(bun)
    } else {
        None
    };
    let scratch = std::env::temp_dir().join(format!("beeuni-node-tests-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let scratch = scratch.canonicalize()?;
    // A copy: a build in the same target folder may replace the binary
    // while the files run.
    let snapshot = scratch.join("beeuni");
    std::fs::copy(&beeuni, &snapshot).with_context(|| format!("copying {}", beeuni.display()))?;
    let beeuni = snapshot;
    let harness = workspace_root().join("xtask/node-tests");
    let root = scratch.join("tree");
    make_tree(&tests, &harness, &root)?;
    eprintln!(
        "node-tests: {} files of {} modules ({} left out: Node internals), {} at a time",
        files.len(),
        MODULES.len(),
        excluded.values().sum::<usize>(),
        options.jobs
    );

    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some((name, module)) = files.get(i) else {
                        break;
                    };
                    let context = Run {
                        tests: &tests,
                        root: &root,
                        slot: i,
                        name,
                        timeout: Duration::from_secs(options.timeout),
                        runtime_assert: options.runtime_assert,
                    };
                    let result = run_file(&context, &node, &beeuni, bun.as_deref(), module)
                        .unwrap_or_else(|e| {
                            let broken = Outcome {
                                status: Status::Fail,
                                error: format!("harness: {e:#}"),
                                millis: 0,
                            };
                            FileResult {
                                file: name.clone(),
                                module,
                                node: broken.clone(),
                                ours: broken,
                                bun: None,
                            }
                        });
                    let _ = std::fs::remove_dir_all(context.tmpdir());
                    let _ = std::fs::remove_file(root.join("test/parallel").join(name));
                    let done = {
                        let mut all = results.lock().unwrap_or_else(|e| e.into_inner());
                        all.push(result);
                        all.len()
                    };
                    if done % 50 == 0 {
                        eprintln!(
                            "node-tests: {done}/{} files, {:.0} s",
                            files.len(),
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&scratch);
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by(|a, b| a.file.cmp(&b.file));
    report(&results, &excluded, options.bun);
    if let Some(path) = &options.json {
        std::fs::write(path, serde_json::to_string_pretty(&as_json(&results))?)
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!("node-tests: wrote {}", path.display());
    }
    Ok(())
}

struct Run<'a> {
    tests: &'a Path,
    /// The one project every file runs in.
    root: &'a Path,
    /// This file's number: its scratch folder is `test/.tmp.<slot>`.
    slot: usize,
    name: &'a str,
    timeout: Duration,
    runtime_assert: bool,
}

impl Run<'_> {
    fn tmpdir(&self) -> PathBuf {
        self.root.join(format!("test/.tmp.{}", self.slot))
    }
}

/// Makes the throwaway project the files run in, laid out as Node's `test/`
/// is: `beeuni.yaml` with the driver tool, `test/common/` (the stand-in),
/// `test/fixtures` (a copy of the checkout's, so that a real path under it
/// is the path the test computed) and `test/parallel/`, where each file is
/// written just before it runs. Each file gets its own `test/.tmp.<slot>`
/// (`TEST_THREAD_ID`, as Node's own runner gives).
fn make_tree(tests: &Path, harness: &Path, root: &Path) -> Result<()> {
    std::fs::create_dir_all(root.join("tools"))?;
    std::fs::create_dir_all(root.join("test/parallel"))?;
    std::fs::create_dir_all(root.join("test/common"))?;
    std::fs::create_dir_all(root.join("out"))?;
    std::fs::write(root.join("beeuni.yaml"), "tools:\n  run: tools/run.js\n")?;
    std::fs::copy(harness.join("driver.js"), root.join("tools/run.js"))?;
    for entry in std::fs::read_dir(harness.join("common"))? {
        let entry = entry?;
        std::fs::copy(
            entry.path(),
            root.join("test/common").join(entry.file_name()),
        )?;
    }
    // `assert/strict`'s ES module face is `assert`'s with the strict object
    // behind it, so the list of names lives only in assert.mjs.
    let face = std::fs::read_to_string(harness.join("common/assert.mjs"))?;
    const LOOSE: &str = "('./assert.js');";
    if !face.contains(LOOSE) {
        bail!("common/assert.mjs no longer loads {LOOSE}");
    }
    std::fs::write(
        root.join("test/common/assert-strict.mjs"),
        face.replacen(LOOSE, "('./assert.js').strict;", 1),
    )?;
    let status = Command::new("cp")
        .arg("-a")
        .arg(tests.join("fixtures"))
        .arg(root.join("test/fixtures"))
        .status()
        .context("running cp")?;
    if !status.success() {
        bail!("copying {} failed", tests.join("fixtures").display());
    }
    Ok(())
}

/// Writes the file into the tree (its `assert` pointed at the harness's)
/// and empties its scratch folder; gives its source.
fn place(run: &Run) -> Result<String> {
    let _ = std::fs::remove_dir_all(run.tmpdir());
    let source = std::fs::read_to_string(run.tests.join("parallel").join(run.name))?;
    let source = if run.runtime_assert || module_of(run.name) == Some("assert") {
        source
    } else {
        strict_assert(&source)
    };
    std::fs::write(run.root.join("test/parallel").join(run.name), &source)?;
    Ok(source)
}

/// Points a test file's `assert` at the harness's strict one.
pub fn strict_assert(source: &str) -> String {
    let mut out = source.to_string();
    for quote in ['\'', '"'] {
        for (from, to) in [
            (
                "node:assert/strict",
                "require('../common/assert.js').strict",
            ),
            ("assert/strict", "require('../common/assert.js').strict"),
            ("node:assert", "require('../common/assert.js')"),
            ("assert", "require('../common/assert.js')"),
        ] {
            out = out.replace(&format!("require({quote}{from}{quote})"), to);
        }
        for (from, to) in [
            ("node:assert/strict", "../common/assert-strict.mjs"),
            ("assert/strict", "../common/assert-strict.mjs"),
            ("node:assert", "../common/assert.mjs"),
            ("assert", "../common/assert.mjs"),
        ] {
            out = out.replace(
                &format!(" from {quote}{from}{quote}"),
                &format!(" from '{to}'"),
            );
        }
    }
    out
}

fn run_file(
    run: &Run,
    node: &Path,
    beeuni: &Path,
    bun: Option<&Path>,
    module: &'static str,
) -> Result<FileResult> {
    let source = place(run)?;
    let relative = format!("test/parallel/{}", run.name);
    let mut command = Command::new(node);
    command.args(flags(&source)).arg(&relative);
    let node_outcome = program_outcome(run, command)?;
    place(run)?;
    let mut command = Command::new(beeuni);
    command
        .args(["tools", "call", "run", "--sandbox", "off", "--timeout"])
        .arg(run.timeout.as_secs().to_string())
        .arg("--args")
        .arg(serde_json::json!({ "file": relative }).to_string());
    let ours = tool_outcome(run, command)?;
    let bun = match bun {
        Some(bun) => {
            place(run)?;
            let mut command = Command::new(bun);
            command.arg(&relative);
            Some(program_outcome(run, command)?)
        }
        None => None,
    };
    Ok(FileResult {
        file: run.name.to_string(),
        module,
        node: node_outcome,
        ours,
        bun,
    })
}

struct Finished {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    timed_out: bool,
    millis: u128,
}

/// Runs `command` in the project with its output in files (a grandchild
/// that keeps a pipe open cannot hang the harness), killing its process
/// group at the timeout.
fn finish(run: &Run, mut command: Command, grace: Duration) -> Result<Finished> {
    use std::os::unix::process::CommandExt;
    let out = run.root.join(format!("out/{}.stdout", run.slot));
    let err = run.root.join(format!("out/{}.stderr", run.slot));
    command
        .current_dir(run.root)
        .env_remove("LD_LIBRARY_PATH")
        .env("TEST_THREAD_ID", run.slot.to_string())
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out)?)
        .stderr(std::fs::File::create(&err)?)
        .process_group(0);
    let started = Instant::now();
    let mut child = command.spawn().context("starting a test process")?;
    let limit = run.timeout + grace;
    let (code, timed_out) = loop {
        if let Some(status) = child.try_wait()? {
            break (status.code(), false);
        }
        if started.elapsed() > limit {
            break (None, true);
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    // Whatever the file started and left behind goes with it.
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
    let _ = child.wait();
    let millis = started.elapsed().as_millis();
    Ok(Finished {
        code,
        stdout: String::from_utf8_lossy(&std::fs::read(&out).unwrap_or_default()).into_owned(),
        stderr: String::from_utf8_lossy(&std::fs::read(&err).unwrap_or_default()).into_owned(),
        timed_out,
        millis,
    })
}

/// A file run as a program (the reference Node, Bun): it passes when it exits 0 without skipping.
fn program_outcome(run: &Run, command: Command) -> Result<Outcome> {
    let done = finish(run, command, Duration::ZERO)?;
    let (status, error) = if done.timed_out {
        (
            Status::Fail,
            format!("timed out after {} s", run.timeout.as_secs()),
        )
    } else if let Some(reason) = skipped(&done.stdout) {
        (Status::Skip, reason)
    } else if done.code == Some(0) {
        (Status::Pass, String::new())
    } else {
        (Status::Fail, first_error(&done.stderr, &done.stdout))
    };
    Ok(Outcome {
        status,
        error,
        millis: done.millis,
    })
}

/// A file run by `beeuni tools call` through the driver, which answers
/// `{status, error}`; a call that failed instead says why on stderr.
fn tool_outcome(run: &Run, command: Command) -> Result<Outcome> {
    let done = finish(run, command, Duration::from_secs(5))?;
    let answer = done
        .stdout
        .lines()
        .rev()
        .find_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["status"].is_string());
    let (status, error) = match answer {
        _ if done.timed_out => (
            Status::Fail,
            format!("timed out after {} s", run.timeout.as_secs()),
        ),
        Some(v) => match v["status"].as_str() {
            Some("pass") => (Status::Pass, String::new()),
            Some("skip") => (
                Status::Skip,
                v["error"].as_str().unwrap_or_default().to_string(),
            ),
            _ => (
                Status::Fail,
                v["error"].as_str().unwrap_or("failed").to_string(),
            ),
        },
        None => (Status::Fail, first_error(&done.stderr, &done.stdout)),
    };
    Ok(Outcome {
        status,
        error,
        millis: done.millis,
    })
}

fn skipped(stdout: &str) -> Option<String> {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("1..0 # Skipped:"))
        .map(|r| format!("skipped:{r}"))
}

/// The line of a failed run that says what went wrong: the first that names
/// an error, else the first that is not a console line or a stack frame.
fn first_error(stderr: &str, stdout: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .chain(stdout.lines())
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("error: tool run threw"))
        .collect();
    let named = lines.iter().find(|l| {
        !l.starts_with("at ")
            && (l.contains("Error") || l.contains("Mismatched") || l.starts_with("error:"))
    });
    named
        .or_else(|| {
            lines
                .iter()
                .find(|l| !l.starts_with("at ") && !l.starts_with('['))
        })
        .or_else(|| lines.first())
        .map_or_else(|| "failed with no output".to_string(), |l| truncate(l, 400))
}

fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max).collect();
    format!("{cut}…")
}

/// A failure's cause, for grouping: its first line with quoted text,
/// numbers and paths replaced, so that one bug's failures fall together.
pub fn cause_of(error: &str) -> String {
    let line = error.lines().next().unwrap_or_default();
    let line = line.strip_prefix("thrown: ").unwrap_or(line);
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' | '`' => {
                for d in chars.by_ref() {
                    if d == c {
                        break;
                    }
                }
                out.push_str("<s>");
            }
            '/' if out.ends_with(' ') || out.is_empty() || out.ends_with('(') => {
                while chars
                    .peek()
                    .is_some_and(|d| !d.is_whitespace() && *d != ')' && *d != ',')
                {
                    chars.next();
                }
                out.push_str("<path>");
            }
            c if c.is_ascii_digit() => {
                while chars
                    .peek()
                    .is_some_and(|d| d.is_ascii_alphanumeric() || *d == '.')
                {
                    chars.next();
                }
                out.push_str("<n>");
            }
            c => out.push(c),
        }
    }
    truncate(out.trim(), 140)
}

fn report(results: &[FileResult], excluded: &BTreeMap<&str, usize>, bun: bool) {
    println!();
    println!(
        "Node {NODE_RELEASE}'s test/parallel, per module: passing here / passing under Node (of the files run)"
    );
    println!();
    let header = if bun { " | Bun" } else { "" };
    println!("| module | here | Node | files | share{header} |");
    println!("|---|---|---|---|---{}|", if bun { "|---" } else { "" });
    let mut totals = (0, 0, 0, 0);
    for (module, _) in MODULES {
        let of: Vec<&FileResult> = results.iter().filter(|r| r.module == *module).collect();
        if of.is_empty() {
            continue;
        }
        let node = of.iter().filter(|r| r.node.status == Status::Pass).count();
        let here = of
            .iter()
            .filter(|r| r.node.status == Status::Pass && r.ours.status == Status::Pass)
            .count();
        let bun_pass = of
            .iter()
            .filter(|r| {
                r.node.status == Status::Pass
                    && r.bun.as_ref().is_some_and(|b| b.status == Status::Pass)
            })
            .count();
        totals.0 += here;
        totals.1 += node;
        totals.2 += of.len();
        totals.3 += bun_pass;
        let bun_cell = if bun {
            format!(" | {bun_pass}")
        } else {
            String::new()
        };
        println!(
            "| {module} | {here} | {node} | {} | {}{bun_cell} |",
            of.len(),
            percent(here, node)
        );
    }
    let bun_cell = if bun {
        format!(" | {} ({})", totals.3, percent(totals.3, totals.1))
    } else {
        String::new()
    };
    println!(
        "| all | {} | {} | {} | {}{bun_cell} |",
        totals.0,
        totals.1,
        totals.2,
        percent(totals.0, totals.1)
    );
    println!();
    let skipped = results
        .iter()
        .filter(|r| r.node.status == Status::Skip)
        .count();
    let node_fails = results
        .iter()
        .filter(|r| r.node.status == Status::Fail)
        .count();
    let only_here = results
        .iter()
        .filter(|r| r.node.status != Status::Pass && r.ours.status == Status::Pass)
        .count();
    println!(
        "{} of the {} files that pass under Node pass here ({}). Not counted: {skipped} skipped \
         under Node, {node_fails} failing under Node with this harness ({only_here} of those \
         not counted pass here), {} left out for using Node's internals.",
        totals.0,
        totals.1,
        percent(totals.0, totals.1),
        excluded.values().sum::<usize>()
    );

    let failures: Vec<&FileResult> = results
        .iter()
        .filter(|r| r.node.status == Status::Pass && r.ours.status != Status::Pass)
        .collect();
    if failures.is_empty() {
        return;
    }
    println!();
    println!("Failing here, passing under Node ({}):", failures.len());
    for r in &failures {
        let error = match r.ours.status {
            Status::Skip => format!("skipped here but not under Node: {}", r.ours.error),
            _ => headline(&r.ours.error),
        };
        println!("  {} [{}]: {}", r.file, r.module, truncate(&error, 300));
    }
    let mut causes: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for r in &failures {
        causes
            .entry(cause_of(&r.ours.error))
            .or_default()
            .push(&r.file);
    }
    let mut causes: Vec<(String, Vec<&str>)> = causes.into_iter().collect();
    causes.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(&b.0)));
    println!();
    println!("Top causes (first error, normalized):");
    for (cause, files) in causes.iter().take(30) {
        let examples: Vec<&str> = files.iter().take(3).copied().collect();
        println!(
            "  {:>4}  {cause}  (e.g. {})",
            files.len(),
            examples.join(", ")
        );
    }
}

/// An error's first line, and the next one when the first only announces it
/// (`Expected values to be strictly equal:`).
fn headline(error: &str) -> String {
    let mut lines = error.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or_default();
    match lines.next() {
        Some(next) if first.ends_with(':') && !next.starts_with("at ") => format!("{first} {next}"),
        _ => first.to_string(),
    }
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".to_string();
    }
    format!("{:.0}%", 100.0 * part as f64 / whole as f64)
}

fn as_json(results: &[FileResult]) -> serde_json::Value {
    let outcome = |o: &Outcome| {
        serde_json::json!({
            "status": match o.status { Status::Pass => "pass", Status::Fail => "fail", Status::Skip => "skip" },
            "error": o.error,
            "ms": o.millis as u64,
        })
    };
    serde_json::Value::Array(
        results
            .iter()
            .map(|r| {
                serde_json::json!({
                    "file": r.file,
                    "module": r.module,
                    "node": outcome(&r.node),
                    "here": outcome(&r.ours),
                    "bun": r.bun.as_ref().map(outcome),
                    "cause": cause_of(&r.ours.error),
                })
            })
            .collect(),
    )
}

/// The reference Node: its npm package, installed once into a cache outside
/// the clone (`$BEEUNI_NODE_REF_DIR`, else `~/.cache/beeuni-tools/node-<release>`).
fn install_reference_node() -> Result<PathBuf> {
    let dir = crate::cache_dir("BEEUNI_NODE_REF_DIR", &format!("node-{NODE_RELEASE}"))?;
    let node = dir.join("node_modules/.bin/node");
    if node.exists() {
        return Ok(node);
    }
    let os = match std::env::consts::OS {
        "macos" => "darwin",
        other => other,
    };
    let arch = match std::env::consts::ARCH {
        "x86_64" => "x64",
        "aarch64" => "arm64",
        other => other,
    };
    let package = format!("node-{os}-{arch}@{NODE_RELEASE}");
    crate::npm_install_into(&dir, &package)?;
    if !node.exists() {
        bail!("npm install {package} left no {}", node.display());
    }
    Ok(node)
}

fn build_beeuni() -> Result<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("$ cargo build --bin beeuni");
    let output = Command::new(&cargo)
        .args([
            "build",
            "--message-format=json",
            "-p",
            "beeuni",
            "--bin",
            "beeuni",
        ])
        .current_dir(workspace_root())
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo build")?;
    if !output.status.success() {
        bail!("building beeuni failed");
    }
    crate::bench_check::built_executable(&String::from_utf8_lossy(&output.stdout), "beeuni")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_counted_for_the_module_their_name_gives() {
        assert_eq!(module_of("test-path.js"), Some("path"));
        assert_eq!(module_of("test-path-basename.js"), Some("path"));
        assert_eq!(module_of("test-event-emitter-once.js"), Some("events"));
        assert_eq!(
            module_of("test-events-on-async-iterator.js"),
            Some("events")
        );
        assert_eq!(module_of("test-stream2-transform.js"), Some("stream"));
        assert_eq!(module_of("test-stream-pipeline.mjs"), Some("stream"));
        assert_eq!(
            module_of("test-fs-promises-file-handle-read.js"),
            Some("fs")
        );
        assert_eq!(
            module_of("test-child-process-spawnsync.js"),
            Some("child_process")
        );
        // A longer name that only starts like a module is not that module.
        assert_eq!(module_of("test-pathological.js"), None);
        assert_eq!(module_of("test-eventtarget.js"), None);
        assert_eq!(module_of("test-urlpattern.js"), None);
        assert_eq!(module_of("test-path-basename.json"), None);
    }

    #[test]
    fn files_of_node_internals_are_left_out() {
        assert!(
            left_out("'use strict';\n// Flags: --expose-internals\nrequire('../common');\n")
                .is_some()
        );
        assert!(left_out("const { x } = require('internal/util');\n").is_some());
        assert!(left_out("// Flags: --expose-gc\nrequire('../common');\n").is_none());
        assert_eq!(
            flags("'use strict';\n// Flags: --expose-gc --no-warnings\n"),
            ["--expose-gc", "--no-warnings"]
        );
    }

    #[test]
    fn the_strict_assert_replaces_every_form_of_the_builtin() {
        let source = "const assert = require('assert');\nconst s = require(\"node:assert/strict\");\nimport a from 'node:assert';\n";
        let out = strict_assert(source);
        assert!(
            !out.contains("require('assert')") && !out.contains("node:assert"),
            "{out}"
        );
        assert!(
            out.contains("require('../common/assert.js').strict"),
            "{out}"
        );
        assert!(out.contains("from '../common/assert.mjs'"), "{out}");
    }

    #[test]
    fn without_the_files_the_task_says_so_and_succeeds() {
        let missing = std::env::temp_dir().join("beeuni-no-node-checkout-here");
        assert!(test_root(&missing).is_none());
        let message = missing_message(&missing);
        assert!(message.contains("no Node test files"), "{message}");
        assert!(message.contains(NODE_RELEASE), "{message}");
        run(Options {
            path: missing,
            only: vec![],
            jobs: 1,
            timeout: 1,
            bun: false,
            runtime_assert: false,
            json: None,
            beeuni: None,
            node: None,
        })
        .expect("a missing checkout is not an error");
    }

    #[test]
    fn causes_group_failures_that_differ_only_in_values() {
        assert_eq!(
            cause_of("TypeError: fs.statfsSync is not a function\n    at x"),
            cause_of("TypeError: fs.statfsSync is not a function")
        );
        assert_eq!(
            cause_of("Error: ENOENT: no such file, open '/x/a/b'"),
            cause_of("Error: ENOENT: no such file, open '/y/c'")
        );
        assert_eq!(cause_of("timed out after 20 s"), "timed out after <n> s");
    }
}
