//! The examples of the code reference (`docs/diagnostics.md`) run: each is a
//! project under `tests/fixtures/codes/<code>/`, written out as the reference
//! shows it, checked with the command the reference shows, and it must report
//! its code and nothing else, so the documentation cannot show an example
//! that does not work.

#[path = "it/common/mod.rs"]
#[allow(dead_code)]
mod common;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, ExitCode};

use checker::diagnostics::docs::{Example, PADDED_MARKER, example_args};
use checker::diagnostics::{CODES, Code};
use libtest_mimic::{Arguments, Failed, Trial};

/// Codes an example cannot avoid besides its own: an opencode tool is
/// `tool({…})` imported from opencode's package, which is a harness package.
const ALSO_REPORTED: &[(&str, &str)] = &[("module/legacy-opencode-tool", "import/harness-package")];

/// Over `MAX_MODULE_BYTES` (10 MiB).
const PADDED_SIZE: usize = 11 * 1024 * 1024;

fn write_project(example: &Example, root: &Path) {
    for file in &example.files {
        let path = root.join(&file.path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let mut bytes = file.bytes.clone();
        if bytes.starts_with(PADDED_MARKER.as_bytes()) {
            bytes.resize(PADDED_SIZE, b' ');
        }
        std::fs::write(&path, bytes).unwrap();
    }
    if example.in_git() {
        for args in [&["init", "-q"][..], &["add", "-A"]] {
            let status = Command::new("git")
                .args(args)
                .current_dir(root)
                .status()
                .expect("git runs");
            assert!(status.success(), "git {args:?} in {}", root.display());
        }
    }
}

/// The codes `beeuni` reports on the project, from its JSON output.
fn reported_codes(root: &Path, args: &[&str]) -> BTreeSet<String> {
    let output = common::beeuni(root)
        .args(args)
        .args(["--format", "json"])
        .env("BEEUNI_CACHE_DIR", "")
        .output()
        .expect("the beeuni binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "beeuni {args:?} printed no JSON ({e}):\n{stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    json["diagnostics"]
        .as_array()
        .expect("a diagnostics list")
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// One code's example reports its code, and nothing else but what
/// [`ALSO_REPORTED`] allows.
fn check_example(code: &'static Code) -> Result<(), Failed> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let example = Example::read(repo, code)
        .map_err(|e| format!("{} has no example project: {e}", code.name))?;
    // A temporary folder has no `beeuni.yaml` above it, which the
    // `manifest/not-found` example needs and no other example minds.
    let project = tempfile::tempdir().unwrap();
    write_project(&example, project.path());
    let reported = reported_codes(project.path(), example_args(code));
    let expected: BTreeSet<String> = std::iter::once(code.name)
        .chain(
            ALSO_REPORTED
                .iter()
                .filter(|(of, _)| *of == code.name)
                .map(|(_, also)| *also),
        )
        .map(str::to_string)
        .collect();
    match reported == expected {
        true => Ok(()),
        false => Err(format!(
            "the example does not report exactly its code: reported {reported:?}"
        )
        .into()),
    }
}

fn main() -> ExitCode {
    let mut trials: Vec<Trial> = CODES
        .iter()
        .map(|code| {
            Trial::test(format!("example {}", code.name), move || {
                check_example(code)
            })
        })
        .collect();
    trials.push(Trial::test(
        "every_relative_link_in_the_docs_reaches_its_file_and_heading",
        every_relative_link_in_the_docs_reaches_its_file_and_heading,
    ));
    libtest_mimic::run(&Arguments::from_args(), trials).exit_code()
}

/// The documentation is split by subject (`README.md`, `docs/*.md`,
/// `ARCHITECTURE.md`), so a section that moves breaks every link to it:
/// each relative link must name a file that exists and, with `#anchor`, a
/// heading (or `<a id>`) of that file, as GitHub derives anchors.
fn every_relative_link_in_the_docs_reaches_its_file_and_heading() -> Result<(), Failed> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    let mut broken = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        for target in relative_links(&text) {
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let linked = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            let name = page.strip_prefix(root).unwrap().display();
            if !linked.exists() {
                broken.push(format!("{name}: `{target}`: no such file"));
            } else if !anchor.is_empty()
                && linked.extension().is_some_and(|e| e == "md")
                && !anchors(&std::fs::read_to_string(&linked).unwrap()).contains(anchor)
            {
                broken.push(format!("{name}: `{target}`: no such heading"));
            }
        }
    }
    match broken.is_empty() {
        true => Ok(()),
        false => Err(broken.join("\n").into()),
    }
}

/// Targets of `[text](target)` outside code, leaving out URLs.
fn relative_links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in prose_lines(text) {
        let line = without_code_spans(line);
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            if !target.contains("://") && !target.starts_with("mailto:") && !target.contains(' ') {
                out.push(target.to_string());
            }
            rest = &rest[end..];
        }
    }
    out
}

/// The anchors GitHub gives a Markdown file: each heading lowercased, with
/// punctuation other than `-` and `_` dropped and spaces made `-`; and every
/// `<a id="…">`.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in prose_lines(text) {
        if let Some(heading) = line.trim_start_matches('#').strip_prefix(' ')
            && line.starts_with('#')
        {
            let slug: String = heading
                .trim()
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
                .map(|c| if c == ' ' { '-' } else { c })
                .collect();
            out.insert(slug);
        }
        let mut rest = line;
        while let Some(at) = rest.find("<a id=\"") {
            rest = &rest[at + 7..];
            if let Some(end) = rest.find('"') {
                out.insert(rest[..end].to_string());
            }
        }
    }
    out
}

/// Lines outside fenced code blocks.
fn prose_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut fenced = false;
    text.lines().filter(move |line| {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            return false;
        }
        !fenced
    })
}

fn without_code_spans(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join("")
}
