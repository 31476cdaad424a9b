//! The printed report of `bench check`: medians and ratios against the
//! issue's targets on the detail project, the table of which broken tools
//! each contender flagged, and `beeuni validate`'s time by project size. It
//! only formats; the numbers come from `mod.rs` and the tools' own files
//! and manifest lines from `generate`.

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use super::generate::{Breakage, Project};
use super::{Findings, Measured, Outcome};

pub fn print(measured: &[Measured], detail_size: usize, runs: usize, notes: &[String]) {
    if let Some(detail) = measured
        .iter()
        .find(|m| m.project.tools.len() == detail_size)
    {
        timings(detail, runs);
        catches(detail);
    }
    growth(measured, runs);
    if !notes.is_empty() {
        println!("\nNotes");
        for note in notes {
            println!("  {note}");
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn find<'a>(outcomes: &'a [Outcome], name: &str) -> Option<&'a Outcome> {
    outcomes.iter().find(|o| o.name == name)
}

fn timings(detail: &Measured, runs: usize) {
    let project = &detail.project;
    println!(
        "bench check: {} tools ({} module files), median of {runs} alternating runs after one warm-up",
        project.tools.len(),
        project.files,
    );
    let validate = detail.outcomes[0].median;
    println!(
        "\n  {:<18} {:>10} {:>12}",
        "command", "median", "÷ validate"
    );
    for outcome in &detail.outcomes {
        println!(
            "  {:<18} {:>8.1}ms {:>12.2}",
            outcome.name,
            ms(outcome.median),
            outcome.median.as_secs_f64() / validate.as_secs_f64(),
        );
    }
    let ratio = |a: Option<&Outcome>, b: Option<&Outcome>| match (a, b) {
        (Some(a), Some(b)) => Some(a.median.as_secs_f64() / b.median.as_secs_f64()),
        _ => None,
    };
    let v = find(&detail.outcomes, "beeuni validate");
    let targets = [
        (
            "validate / floor",
            ratio(v, find(&detail.outcomes, "parse-only floor")),
            "≤ 1.25",
            (|r| r <= 1.25) as fn(f64) -> bool,
        ),
        (
            "validate / oxlint",
            ratio(v, find(&detail.outcomes, "oxlint")),
            "< 1 (faster)",
            |r| r < 1.0,
        ),
        (
            "biome / validate",
            ratio(find(&detail.outcomes, "biome lint"), v),
            "≥ 5",
            |r| r >= 5.0,
        ),
    ];
    println!("\n  {:<18} {:>8} {:>14}", "ratio", "value", "target");
    for (name, value, target, met) in targets {
        match value {
            Some(value) => println!(
                "  {name:<18} {value:>8.2} {target:>14}  {}",
                if met(value) { "met" } else { "MISSED" }
            ),
            None => println!("  {name:<18} {:>8} {target:>14}", "n/a"),
        }
    }
}

/// Tools flagged by a contender: an error in one of the tool's own files
/// or on its manifest line. Errors in shared files are counted apart.
fn flagged(project: &Project, findings: &Findings) -> (BTreeSet<usize>, usize) {
    let mut owner: HashMap<&str, usize> = HashMap::new();
    let mut by_line: HashMap<usize, usize> = HashMap::new();
    for (n, tool) in project.tools.iter().enumerate() {
        for file in &tool.own_files {
            owner.insert(file, n);
        }
        by_line.insert(tool.manifest_line, n);
    }
    let mut tools = BTreeSet::new();
    let mut shared = 0;
    for file in &findings.files {
        match owner.get(file.as_str()) {
            Some(&n) => {
                tools.insert(n);
            }
            None => shared += 1,
        }
    }
    tools.extend(
        findings
            .manifest_lines
            .iter()
            .filter_map(|line| by_line.get(line)),
    );
    (tools, shared)
}

fn catches(detail: &Measured) {
    let project = &detail.project;
    let scored: Vec<(&str, BTreeSet<usize>, usize)> = detail
        .outcomes
        .iter()
        .filter_map(|o| {
            let (tools, shared) = flagged(project, o.findings.as_ref()?);
            Some((o.name.as_str(), tools, shared))
        })
        .collect();
    println!("\n  broken tools flagged (an error in the tool's own files or on its manifest line)");
    print!("  {:<28} {:>6}", "breakage", "tools");
    for (name, _, _) in &scored {
        print!(" {name:>16}");
    }
    println!();
    let row = |label: &str, members: &[usize]| {
        print!("  {label:<28} {:>6}", members.len());
        for (_, tools, _) in &scored {
            let hit = members.iter().filter(|n| tools.contains(n)).count();
            print!(" {:>16}", format!("{hit}/{}", members.len()));
        }
        println!();
    };
    let of = |want: &dyn Fn(Option<Breakage>) -> bool| -> Vec<usize> {
        (0..project.tools.len())
            .filter(|&n| want(project.tools[n].breakage))
            .collect()
    };
    for kind in Breakage::ALL {
        row(kind.label(), &of(&|b| b == Some(kind)));
    }
    row("all broken", &of(&|b| b.is_some()));
    row("clean (false positives)", &of(&|b| b.is_none()));
    print!("  {:<28} {:>6}", "errors in shared files", "");
    for (_, _, shared) in &scored {
        print!(" {shared:>16}");
    }
    println!();
    // What the columns mean depends on how each peer works; said here so the
    // table is not read as a bug in the scoring.
    println!(
        "  (errors only, warnings ignored. tsc reports no semantic errors, unresolved imports among\n   \
         them, while any file of the program has a syntax error, and this project always has some.\n   \
         biome's noUnresolvedImports flags unresolvable specifiers and missing named exports.)"
    );
}

fn growth(measured: &[Measured], runs: usize) {
    println!("\n  beeuni validate by project size (median of {runs}; floor alongside)");
    println!(
        "  {:>7} {:>7} {:>12} {:>12} {:>7} {:>11} {:>11}",
        "tools", "files", "validate", "floor", "ratio", "per tool", "per file"
    );
    for m in measured {
        let (validate, floor) = (m.outcomes[0].median, m.outcomes[1].median);
        println!(
            "  {:>7} {:>7} {:>10.1}ms {:>10.1}ms {:>7.2} {:>9.1}µs {:>9.1}µs",
            m.project.tools.len(),
            m.project.files,
            ms(validate),
            ms(floor),
            validate.as_secs_f64() / floor.as_secs_f64(),
            validate.as_secs_f64() * 1e6 / m.project.tools.len() as f64,
            validate.as_secs_f64() * 1e6 / m.project.files as f64,
        );
    }
}
