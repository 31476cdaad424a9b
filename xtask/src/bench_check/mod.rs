//! `cargo xtask bench check`: how fast and how thorough `beeuni validate` is
//! on a project of tool modules, against a parse-only floor and the tools a
//! user would otherwise run.
//!
//! For each size (100, 1,000 and 10,000 tools by default) it writes a
//! synthetic project (`generate`), builds the release `beeuni` and the
//! `parse_floor` example, and times, alternating runs in one invocation,
//! `beeuni -C <project> validate --format json` and the floor (the same
//! files read and parsed with swc on all cores, in a process of its own, so
//! both sides pay for a process start). On the 1,000-tool project it also
//! times the peers (`peers`): biome with only `noUnresolvedImports`, `tsc
//! --noEmit` and `oxlint --import-plugin`, and scores which broken tools each
//! one flagged. `report` prints medians, ratios against the targets, the
//! catch table and the growth with size. This module owns the options, the
//! build and the timing loop.

mod generate;
mod peers;
mod report;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use generate::Project;
pub(crate) use generate::copy_dir;

/// The size whose project the peers run on and the catch table describes.
const DETAIL_SIZE: usize = 1_000;

/// The options of `cargo xtask bench check`.
#[derive(clap::Args)]
pub struct Options {
    /// Project sizes, in tools.
    #[arg(long, value_delimiter = ',', default_value = "100,1000,10000")]
    sizes: Vec<usize>,
    /// Timed runs of each contender per size.
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// Run the peers on the 1,000-tool project (the default).
    #[arg(long, overrides_with = "no_peers")]
    peers: bool,
    /// Skip the peers.
    #[arg(long, overrides_with = "peers")]
    no_peers: bool,
}

fn check_options(options: &Options) -> Result<()> {
    if options.runs == 0 || options.sizes.is_empty() {
        bail!("--runs must be at least 1 and --sizes must name a size");
    }
    Ok(())
}

/// What a contender reported, as root-relative `/` paths of the files it
/// flagged with an error and the manifest lines it flagged.
#[derive(Debug, Default)]
pub struct Findings {
    pub files: BTreeSet<String>,
    pub manifest_lines: BTreeSet<usize>,
}

/// Something timed: a command and how to read what it printed.
pub struct Contender {
    pub name: String,
    pub command: Command,
    /// `None` for the floor, which only parses and flags nothing.
    pub findings: Option<fn(&str, &Path) -> Result<Findings>>,
}

pub struct Outcome {
    pub name: String,
    pub median: Duration,
    pub findings: Option<Findings>,
}

/// One size's result: the project and every contender's outcome, `validate`
/// first and the floor second.
pub struct Measured {
    pub project: Project,
    pub outcomes: Vec<Outcome>,
}

pub fn run(options: Options) -> Result<()> {
    check_options(&options)?;
    // `overrides_with`: of `--peers` and `--no-peers`, the last one given is set.
    let run_peers = options.peers || !options.no_peers;
    let workspace = crate::workspace_root();
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace.join("target"));
    let binaries = build(&workspace)?;
    // Outside the workspace, so no tool finds the workspace's own configs
    // (tsconfig, biome.json, package.json) by walking up.
    let base = std::env::temp_dir().join("beeuni-bench-check");
    let detail_size = if options.sizes.contains(&DETAIL_SIZE) {
        DETAIL_SIZE
    } else {
        options.sizes[options.sizes.len() - 1]
    };
    let mut measured = Vec::new();
    let mut notes = Vec::new();
    for &size in &options.sizes {
        eprintln!("bench check: generating {size} tools");
        let project = generate::generate(&base.join(size.to_string()), size, &workspace)?;
        let mut contenders = vec![
            validate(&binaries.beeuni, &project),
            floor(&binaries.floor, &project),
        ];
        if run_peers && size == detail_size {
            match peers::prepare(&target.join("bench-check/peers"), &project) {
                Ok((peers, peer_notes)) => {
                    contenders.extend(peers);
                    notes.extend(peer_notes);
                }
                Err(e) => notes.push(format!("peers not run: {e:#}")),
            }
        }
        eprintln!(
            "bench check: timing {size} tools, {} runs of {}",
            options.runs,
            contenders
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
        let outcomes = time_alternating(contenders, options.runs, &project.root, &mut notes)?;
        measured.push(Measured { project, outcomes });
    }
    report::print(&measured, detail_size, options.runs, &notes);
    Ok(())
}

struct Binaries {
    beeuni: PathBuf,
    floor: PathBuf,
}

/// Builds both sides of the ratio in release, in one cargo call so they
/// share the checker's build, and takes the binaries' paths from cargo's own
/// report of what it built: where they land depends on the cargo
/// configuration (an artifact folder apart from the target folder), not
/// only on `CARGO_TARGET_DIR`.
fn build(workspace: &Path) -> Result<Binaries> {
    let args = [
        "build",
        "--release",
        "--quiet",
        "--message-format=json",
        "-p",
        "beeuni",
        "-p",
        "xtask",
        "--bin",
        "beeuni",
        "--example",
        "parse_floor",
    ];
    eprintln!("$ cargo {}", args.join(" "));
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(args)
        .current_dir(workspace)
        .stderr(std::process::Stdio::inherit())
        .output()
        .context("running cargo build --release")?;
    if !output.status.success() {
        bail!("cargo build --release failed with {}", output.status);
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    Ok(Binaries {
        beeuni: built_executable(&stdout, "beeuni")?,
        floor: built_executable(&stdout, "parse_floor")?,
    })
}

/// `cargo build --release` of the executable target `name` (selected by
/// `args`), and where cargo put it: its configuration may put artifacts
/// apart from the target folder, so its report says.
pub fn build_release(name: &str, args: &[&str]) -> Result<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = std::process::Command::new(&cargo)
        .args(["build", "--release", "--message-format=json"])
        .args(args)
        .stderr(std::process::Stdio::inherit())
        .output()
        .context("running cargo build")?;
    if !output.status.success() {
        anyhow::bail!("building {name} failed");
    }
    built_executable(&String::from_utf8_lossy(&output.stdout), name)
}

/// The executable cargo reported for the target `name` in its JSON messages.
pub fn built_executable(messages: &str, name: &str) -> Result<PathBuf> {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == name)
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .with_context(|| format!("cargo built no executable named {name}"))
}

fn validate(beeuni: &Path, project: &Project) -> Contender {
    let mut command = Command::new(beeuni);
    command
        .arg("-C")
        .arg(&project.root)
        .args(["validate", "--format", "json"]);
    Contender {
        name: "beeuni validate".into(),
        command,
        findings: Some(validate_findings),
    }
}

fn floor(parse_floor: &Path, project: &Project) -> Contender {
    let mut command = Command::new(parse_floor);
    command.arg(&project.root);
    Contender {
        name: "parse-only floor".into(),
        command,
        findings: None,
    }
}

/// Reads `validate --format json`: every error's location, a module file or
/// a line of `beeuni.yaml`.
fn validate_findings(stdout: &str, _root: &Path) -> Result<Findings> {
    let document: serde_json::Value =
        serde_json::from_str(stdout).context("reading beeuni validate --format json")?;
    let mut findings = Findings::default();
    let diagnostics = document["diagnostics"]
        .as_array()
        .context("validate JSON has no diagnostics array")?;
    for diagnostic in diagnostics {
        if diagnostic["severity"] != "error" {
            continue;
        }
        let location = &diagnostic["location"];
        let Some(file) = location["file"].as_str() else {
            continue;
        };
        if file == "beeuni.yaml" {
            if let Some(line) = location["line"].as_u64() {
                findings.manifest_lines.insert(line as usize);
            }
        } else {
            findings.files.insert(file.to_owned());
        }
    }
    Ok(findings)
}

/// One untimed warm-up round, whose output is scored, then `runs` rounds;
/// every round runs each contender once, in turn, so that a slow spell on
/// a shared machine falls on all of them alike. Returns medians. A peer
/// that fails in the warm-up is dropped with a note; `validate` or the
/// floor failing ends the benchmark.
fn time_alternating(
    mut contenders: Vec<Contender>,
    runs: usize,
    root: &Path,
    notes: &mut Vec<String>,
) -> Result<Vec<Outcome>> {
    let mut outcomes: Vec<(Outcome, Vec<Duration>)> = Vec::new();
    for (n, contender) in contenders.iter_mut().enumerate() {
        match warm_up(contender, root) {
            Ok(findings) => outcomes.push((
                Outcome {
                    name: contender.name.clone(),
                    median: Duration::ZERO,
                    findings,
                },
                Vec::with_capacity(runs),
            )),
            Err(e) if n >= 2 => notes.push(format!("{} dropped: {e:#}", contender.name)),
            Err(e) => return Err(e),
        }
    }
    contenders.retain(|c| outcomes.iter().any(|(o, _)| o.name == c.name));
    for _ in 0..runs {
        for (contender, (_, times)) in contenders.iter_mut().zip(&mut outcomes) {
            let start = Instant::now();
            contender
                .command
                .output()
                .with_context(|| format!("running {}", contender.name))?;
            times.push(start.elapsed());
        }
    }
    Ok(outcomes
        .into_iter()
        .map(|(mut outcome, mut times)| {
            times.sort();
            outcome.median = times[times.len() / 2];
            outcome
        })
        .collect())
}

/// Runs `contender` once untimed and reads what it flagged.
fn warm_up(contender: &mut Contender, root: &Path) -> Result<Option<Findings>> {
    let output = contender
        .command
        .current_dir(root)
        .output()
        .with_context(|| format!("starting {}", contender.name))?;
    // Findings make every checker exit non-zero (tsc with 2), so only a
    // signal, or a failing floor, means the timing would be of nothing.
    if output.status.code().is_none() || (contender.findings.is_none() && !output.status.success())
    {
        bail!(
            "{} failed with {}: {}",
            contender.name,
            output.status,
            String::from_utf8_lossy(&output.stderr)
                .lines()
                .take(5)
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    contender
        .findings
        .map(|read| read(&String::from_utf8_lossy(&output.stdout), root))
        .transpose()
        .with_context(|| format!("reading the output of {}", contender.name))
}

/// A path a peer printed, made root-relative with `/`.
pub fn relative(path: &str, root: &Path) -> String {
    let path = Path::new(path);
    let path = path.strip_prefix(root).unwrap_or(path);
    let text = path.to_string_lossy().replace('\\', "/");
    text.trim_start_matches("./").to_owned()
}
