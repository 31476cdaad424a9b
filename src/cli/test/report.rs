//! What `beeuni test` prints: `bun test`'s report (a header per file, a
//! `✓`/`✗`/`»`/`✎` line per test with the failure above it, the counts and
//! `Ran N tests across M files.`) on standard error, with the tests'
//! `console` output on standard output as Bun leaves it; or one JSON
//! document or one JUnit XML document on standard output, for CI.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::time::Duration;

use serde_json::json;

use super::run::{FileReport, Status, TestReport};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `bun test`'s lines.
    #[default]
    Human,
    /// One JSON object: every file, every test, the counts.
    Json,
    /// JUnit XML, which CI services read.
    Junit,
}

/// The counts over every file.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub pass: usize,
    pub fail: usize,
    pub skip: usize,
    pub todo: usize,
    /// Files that did not load or whose `afterAll` failed.
    pub errors: usize,
    pub expects: u64,
    pub files: usize,
    pub elapsed: Duration,
}

impl Summary {
    pub fn of(reports: &[FileReport], elapsed: Duration) -> Summary {
        let mut summary = Summary {
            files: reports.len(),
            elapsed,
            ..Summary::default()
        };
        for report in reports {
            summary.errors += usize::from(report.error.is_some());
            for test in &report.tests {
                summary.expects += test.expects;
                match test.status {
                    Status::Pass => summary.pass += 1,
                    Status::Fail => summary.fail += 1,
                    Status::Skip => summary.skip += 1,
                    Status::Todo => summary.todo += 1,
                }
            }
        }
        summary
    }

    pub fn failed(&self) -> bool {
        self.fail > 0 || self.errors > 0
    }

    fn tests(&self) -> usize {
        self.pass + self.fail + self.skip + self.todo
    }
}

/// The human report, written as the tests end; silent in the other formats.
pub struct Human {
    on: bool,
}

impl Human {
    pub fn start(format: Format) -> Human {
        let on = format == Format::Human;
        if on {
            eprintln!("beeuni test v{}", env!("CARGO_PKG_VERSION"));
        }
        Human { on }
    }

    pub fn file(&mut self, file: &Path) {
        if self.on {
            eprintln!("\n{}:", file.display());
        }
    }

    pub fn test(&mut self, test: &TestReport) {
        if !self.on {
            return;
        }
        let mut stdout = std::io::stdout().lock();
        let mut stderr = std::io::stderr().lock();
        for line in &test.console {
            let _ = match line.level.as_str() {
                "warn" | "error" => writeln!(stderr, "{}", line.text),
                _ => writeln!(stdout, "{}", line.text),
            };
        }
        let _ = stdout.flush();
        if let Some(error) = &test.error {
            let _ = writeln!(stderr, "error: {error}");
        }
        let _ = match test.status {
            Status::Pass => writeln!(stderr, "✓ {} [{}]", test.name, millis(test.duration)),
            Status::Fail => writeln!(stderr, "✗ {} [{}]", test.name, millis(test.duration)),
            Status::Skip => writeln!(stderr, "» {}", test.name),
            Status::Todo => writeln!(stderr, "✎ {}", test.name),
        };
    }

    pub fn file_end(&mut self, report: &FileReport) {
        if let (true, Some(error)) = (self.on, &report.error) {
            eprintln!("error: {}: {error}", report.file.display());
        }
    }

    pub fn summary(&mut self, summary: &Summary) {
        let mut out = String::from("\n");
        let _ = writeln!(out, " {} pass", summary.pass);
        if summary.skip > 0 {
            let _ = writeln!(out, " {} skip", summary.skip);
        }
        if summary.todo > 0 {
            let _ = writeln!(out, " {} todo", summary.todo);
        }
        let _ = writeln!(out, " {} fail", summary.fail);
        if summary.errors > 0 {
            let _ = writeln!(out, " {} error{}", summary.errors, plural(summary.errors));
        }
        let _ = writeln!(out, " {} expect() calls", summary.expects);
        let _ = writeln!(
            out,
            "Ran {} test{} across {} file{}. [{}]",
            summary.tests(),
            plural(summary.tests()),
            summary.files,
            plural(summary.files),
            millis(summary.elapsed)
        );
        eprint!("{out}");
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn millis(duration: Duration) -> String {
    format!("{:.2}ms", duration.as_secs_f64() * 1000.0)
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Pass => "pass",
        Status::Fail => "fail",
        Status::Skip => "skip",
        Status::Todo => "todo",
    }
}

/// Every file and test, and the counts, as one JSON object.
pub fn json(reports: &[FileReport], summary: &Summary) -> String {
    let files: Vec<_> = reports
        .iter()
        .map(|report| {
            let tests: Vec<_> = report
                .tests
                .iter()
                .map(|test| {
                    json!({
                        "name": test.name,
                        "status": status_name(test.status),
                        "duration_ms": test.duration.as_secs_f64() * 1000.0,
                        "error": test.error,
                        "console": test.console.iter().map(|l| json!({"level": l.level, "text": l.text})).collect::<Vec<_>>(),
                    })
                })
                .collect();
            json!({"file": report.file.to_string_lossy(), "error": report.error, "tests": tests})
        })
        .collect();
    let document = json!({
        "version": 1,
        "files": files,
        "pass": summary.pass,
        "fail": summary.fail,
        "skip": summary.skip,
        "todo": summary.todo,
        "errors": summary.errors,
        "expect_calls": summary.expects,
        "duration_ms": summary.elapsed.as_secs_f64() * 1000.0,
    });
    serde_json::to_string_pretty(&document).unwrap_or_default()
}

/// JUnit XML: a `testsuite` per file, a `testcase` per test (its describe
/// path as `classname`), `failure` and `skipped` as CI services read them;
/// a file that did not load is a suite with one `error`.
pub fn junit(reports: &[FileReport], summary: &Summary) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"beeuni test\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3}\">",
        summary.tests(),
        summary.fail,
        summary.errors,
        summary.skip + summary.todo,
        summary.elapsed.as_secs_f64()
    );
    for report in reports {
        let count = |status| report.tests.iter().filter(|t| t.status == status).count();
        let time: f64 = report.tests.iter().map(|t| t.duration.as_secs_f64()).sum();
        let file = xml(&report.file.to_string_lossy());
        let _ = writeln!(
            out,
            "  <testsuite name=\"{file}\" file=\"{file}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{time:.3}\">",
            report.tests.len(),
            count(Status::Fail),
            usize::from(report.error.is_some()),
            count(Status::Skip) + count(Status::Todo),
        );
        for test in &report.tests {
            let (classname, name) = match test.name.rsplit_once(" > ") {
                Some((scope, name)) => (scope, name),
                None => ("", test.name.as_str()),
            };
            let _ = write!(
                out,
                "    <testcase name=\"{}\" classname=\"{}\" file=\"{file}\" time=\"{:.3}\"",
                xml(name),
                xml(classname),
                test.duration.as_secs_f64()
            );
            match (test.status, &test.error) {
                (Status::Fail, error) => {
                    let error = error.as_deref().unwrap_or("the test failed");
                    let _ = writeln!(
                        out,
                        ">\n      {}\n    </testcase>",
                        problem("failure type=\"AssertionError\"", error)
                    );
                }
                (Status::Skip, _) => out.push_str(">\n      <skipped/>\n    </testcase>\n"),
                (Status::Todo, _) => {
                    out.push_str(">\n      <skipped message=\"todo\"/>\n    </testcase>\n");
                }
                (Status::Pass, _) => out.push_str("/>\n"),
            }
        }
        if let Some(error) = &report.error {
            let _ = writeln!(
                out,
                "    <testcase name=\"(file)\" classname=\"\" file=\"{file}\" time=\"0\">\n      {}\n    </testcase>",
                problem("error", error)
            );
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

/// A `<failure>` or `<error>` element (`tag` with its attributes): the
/// first line as `message`, the whole text as content.
fn problem(tag: &str, text: &str) -> String {
    let name = tag.split(' ').next().unwrap_or(tag);
    let first = text.lines().next().unwrap_or_default();
    format!("<{tag} message=\"{}\">{}</{name}>", xml(first), xml(text))
}

/// Text as XML attribute or element content; characters XML 1.0 cannot
/// hold (most control characters) are dropped.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}
