//! `beeuni test [FILTER]`: runs the project's `bun:test` files in this
//! project's runtime, each test as a call of its own, and reports them as
//! `bun test` does (or as JSON or JUnit XML for CI).
//!
//! Test files are found as Bun finds them: every `*.test.*`, `*_test.*`,
//! `*.spec.*` and `*_spec.*` file with a `.ts`, `.mts`, `.cts`, `.js`,
//! `.mjs` or `.cjs` extension anywhere under the project root, leaving out
//! `node_modules` and hidden folders; FILTER keeps the files whose path
//! (from the root) contains it, as `bun test`'s positional filter does.
//! [`run`] runs one file, [`watch`] on a thread it can give up on, and
//! [`report`] writes what ran.

mod report;
mod run;
mod watch;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::EXIT_PROBLEMS;
use super::project::load_or_report;

pub use report::Format;

/// Bun's default per-test timeout, which a test file written for Bun
/// expects.
const DEFAULT_TIMEOUT_MS: u64 = 5_000;

#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// Run only the test files whose path from the project root contains this.
    filter: Option<String>,

    /// Run only the tests whose full name ("describe > test") matches this
    /// regular expression.
    #[arg(short = 't', long = "test-name-pattern", value_name = "PATTERN")]
    name_pattern: Option<String>,

    /// Each test's deadline in milliseconds, unless the test or
    /// `setDefaultTimeout` sets its own.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_TIMEOUT_MS)]
    timeout: u64,

    /// How to report: `bun test`'s lines, JSON, or JUnit XML.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub fn run(start: &Path, args: &TestArgs) -> ExitCode {
    let (project, _, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let files: Vec<PathBuf> = test_files(&project.root)
        .into_iter()
        .filter(|file| {
            args.filter
                .as_deref()
                .is_none_or(|f| file.to_string_lossy().contains(f))
        })
        .collect();
    if files.is_empty() {
        eprintln!(
            "error: no test files{} (names like *.test.ts, *_test.js, *.spec.ts under {})",
            args.filter
                .as_deref()
                .map(|f| format!(" match `{f}`"))
                .unwrap_or_default(),
            project.root.display()
        );
        return ExitCode::from(EXIT_PROBLEMS);
    }
    let options = run::Options {
        timeout: Duration::from_millis(args.timeout),
        name_pattern: args.name_pattern.clone(),
    };
    let started = Instant::now();
    let mut human = report::Human::start(args.format);
    let mut reports = Vec::new();
    for file in &files {
        human.file(file);
        let report = watch::file(&project.root, file, &options, &mut |test| human.test(test));
        human.file_end(&report);
        reports.push(report);
    }
    let summary = report::Summary::of(&reports, started.elapsed());
    match args.format {
        Format::Human => human.summary(&summary),
        Format::Json => println!("{}", report::json(&reports, &summary)),
        Format::Junit => print!("{}", report::junit(&reports, &summary)),
    }
    if summary.failed() {
        ExitCode::from(EXIT_PROBLEMS)
    } else {
        ExitCode::SUCCESS
    }
}

/// Bun's test file names: `.test`, `_test`, `.spec` or `_spec` before a
/// JavaScript or TypeScript extension.
fn is_test_file(name: &str) -> bool {
    let Some((stem, extension)) = name.rsplit_once('.') else {
        return false;
    };
    matches!(extension, "ts" | "mts" | "cts" | "js" | "mjs" | "cjs")
        && [".test", "_test", ".spec", "_spec"]
            .iter()
            .any(|suffix| stem.ends_with(suffix))
}

/// The project's test files, relative to `root`, in path order.
fn test_files(root: &Path) -> Vec<PathBuf> {
    let walk = walkdir::WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|entry| {
            entry.depth() == 0
                || !entry.file_type().is_dir()
                || !(entry.file_name() == "node_modules"
                    || entry.file_name().to_string_lossy().starts_with('.'))
        });
    walk.filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_file())
        .filter(|entry| is_test_file(&entry.file_name().to_string_lossy()))
        .filter_map(|entry| entry.path().strip_prefix(root).ok().map(Path::to_path_buf))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_files_are_named_as_bun_names_them() {
        for name in ["a.test.ts", "a_test.js", "b.spec.mts", "c_spec.cjs"] {
            assert!(is_test_file(name), "{name}");
        }
        for name in [
            "a.ts",
            "test.ts",
            "a.test.json",
            "latest.ts",
            "a.test.tsx.bak",
        ] {
            assert!(!is_test_file(name), "{name}");
        }
    }
}
