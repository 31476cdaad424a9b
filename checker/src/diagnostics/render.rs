//! Turns diagnostics into text for people (rustc-like, through
//! annotate-snippets), for programs (versioned JSON), for code-scanning
//! services (SARIF 2.1.0) and for GitHub workflow annotations.

use std::fmt::Write as _;
use std::ops::Range;
use std::path::Path;

use annotate_snippets::renderer::DecorStyle;
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use serde_sarif::sarif;

use super::codes::REPOSITORY_URL;
use super::{CODES, Diagnostic, Severity, Sources};

/// Bump when a field of the JSON output changes meaning or disappears.
pub const JSON_VERSION: u32 = 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// rustc-like text; `color` adds ANSI styles for a terminal.
    Human {
        color: bool,
    },
    Json,
    Sarif,
    Github,
}

pub fn render(diagnostics: &[Diagnostic], sources: &Sources, format: Format) -> String {
    match format {
        Format::Human { color } => human(diagnostics, sources, color),
        Format::Json => json_document(diagnostics, sources),
        Format::Sarif => sarif_document(diagnostics, sources),
        Format::Github => github(diagnostics, sources),
    }
}

fn level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    }
}

/// The lines around a span, with the span made relative to them. Handing the
/// renderer only these lines keeps a diagnostic in a 20 MB file cheap.
struct Excerpt<'a> {
    text: &'a str,
    first_line: usize,
    span: Range<usize>,
}

fn excerpt<'a>(text: &'a str, span: &Range<usize>) -> Excerpt<'a> {
    let clamp = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = clamp(span.start);
    let end = clamp(span.end.max(span.start));
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
    // A span over many lines shows its first few; the location line says where it is.
    let shown_end = text[line_start..line_end]
        .match_indices('\n')
        .nth(7)
        .map_or(line_end, |(i, _)| line_start + i);
    let first_line = text[..line_start].matches('\n').count() + 1;
    let relative_end = (end.min(shown_end)) - line_start;
    Excerpt {
        text: &text[line_start..shown_end],
        first_line,
        span: (start - line_start)..relative_end,
    }
}

fn human(diagnostics: &[Diagnostic], sources: &Sources, color: bool) -> String {
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
    .decor_style(DecorStyle::Ascii);
    let mut out = String::new();
    for diagnostic in diagnostics {
        let path_strings: Vec<String> = std::iter::once(diagnostic.location.as_ref())
            .flatten()
            .chain(diagnostic.related.iter().map(|l| &l.location))
            .map(|l| display_path(&l.file))
            .collect();
        let mut title = level(diagnostic.severity)
            .primary_title(diagnostic.message.as_str())
            .id(diagnostic.code.name);
        let _ = &mut title;
        let mut group = Group::with_title(title);
        let mut paths = path_strings.iter();
        if let Some(location) = &diagnostic.location {
            let path = paths.next().map(String::as_str).unwrap_or_default();
            match sources.get(&location.file) {
                Some(text) => {
                    let ex = excerpt(text, &location.span);
                    let mut annotation = AnnotationKind::Primary.span(ex.span.clone());
                    if let Some(label) = &diagnostic.label {
                        annotation = annotation.label(label.as_str());
                    }
                    group = group.element(
                        Snippet::source(ex.text)
                            .line_start(ex.first_line)
                            .path(path)
                            .annotation(annotation),
                    );
                }
                None => {
                    group = group.element(annotate_snippets::Origin::path(path));
                }
            }
        }
        for related in &diagnostic.related {
            let path = paths.next().map(String::as_str).unwrap_or_default();
            if let Some(text) = sources.get(&related.location.file) {
                let ex = excerpt(text, &related.location.span);
                group = group.element(
                    Snippet::source(ex.text)
                        .line_start(ex.first_line)
                        .path(path)
                        .annotation(
                            AnnotationKind::Context
                                .span(ex.span.clone())
                                .label(related.message.as_str()),
                        ),
                );
            } else {
                group = group.element(Level::NOTE.message(format!("{path}: {}", related.message)));
            }
        }
        if let Some(help) = &diagnostic.help {
            group = group.element(Level::HELP.message(help.as_str()));
        }
        out.push_str(&renderer.render(&[group]));
        out.push_str("\n\n");
    }
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    let _ = writeln!(out, "{}", summary_line(errors, warnings));
    out
}

pub fn summary_line(errors: usize, warnings: usize) -> String {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    match (errors, warnings) {
        (0, 0) => "no problems found".to_string(),
        _ => format!(
            "{}, {}",
            plural(errors, "error"),
            plural(warnings, "warning")
        ),
    }
}

/// Paths are relative to the project root and always use `/`, so output is
/// the same on every machine.
fn display_path(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The JSON shapes, typed so a report of thousands of diagnostics is written
/// straight out rather than built as a tree first. Field order is the output's.
#[derive(serde::Serialize)]
struct JsonDocument<'a> {
    version: u32,
    diagnostics: Vec<JsonDiagnostic<'a>>,
    summary: JsonSummary,
}

#[derive(serde::Serialize)]
struct JsonSummary {
    errors: usize,
    warnings: usize,
}

#[derive(serde::Serialize)]
struct JsonDiagnostic<'a> {
    code: &'static str,
    severity: Severity,
    message: &'a str,
    location: Option<JsonPosition<'a>>,
    label: Option<&'a str>,
    help: Option<&'a str>,
    related: Vec<JsonPosition<'a>>,
    fix: Option<JsonFix<'a>>,
    docs: String,
}

#[derive(serde::Serialize)]
struct JsonPosition<'a> {
    file: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    span: JsonSpan,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a str>,
}

#[derive(serde::Serialize)]
struct JsonSpan {
    start: usize,
    end: usize,
}

#[derive(serde::Serialize)]
struct JsonFix<'a> {
    message: &'a str,
    edits: Vec<JsonEdit<'a>>,
}

#[derive(serde::Serialize)]
struct JsonEdit<'a> {
    start: usize,
    end: usize,
    replacement: &'a str,
}

fn json_diagnostic<'a>(diagnostic: &'a Diagnostic, sources: &Sources) -> JsonDiagnostic<'a> {
    let position = |file: &Path, span: &Range<usize>, message: Option<&'a str>| {
        let start = sources.line_col(file, span.start);
        let end = sources.line_col(file, span.end);
        JsonPosition {
            file: display_path(file),
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
            span: JsonSpan {
                start: span.start,
                end: span.end,
            },
            message,
        }
    };
    JsonDiagnostic {
        code: diagnostic.code.name,
        severity: diagnostic.severity,
        message: &diagnostic.message,
        location: diagnostic
            .location
            .as_ref()
            .map(|l| position(&l.file, &l.span, None)),
        label: diagnostic.label.as_deref(),
        help: diagnostic.help.as_deref(),
        related: diagnostic
            .related
            .iter()
            .map(|r| position(&r.location.file, &r.location.span, Some(&r.message)))
            .collect(),
        fix: diagnostic.fix.as_ref().map(|fix| JsonFix {
            message: &fix.message,
            edits: fix
                .edits
                .iter()
                .map(|e| JsonEdit {
                    start: e.span.start,
                    end: e.span.end,
                    replacement: &e.replacement,
                })
                .collect(),
        }),
        docs: diagnostic.code.docs_url(),
    }
}

fn json_document(diagnostics: &[Diagnostic], sources: &Sources) -> String {
    let document = JsonDocument {
        version: JSON_VERSION,
        diagnostics: diagnostics
            .iter()
            .map(|d| json_diagnostic(d, sources))
            .collect(),
        summary: JsonSummary {
            errors: diagnostics.iter().filter(|d| d.is_error()).count(),
            warnings: diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Warning)
                .count(),
        },
    };
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}

fn sarif_document(diagnostics: &[Diagnostic], sources: &Sources) -> String {
    let rules: Vec<sarif::ReportingDescriptor> = CODES
        .iter()
        .map(|code| {
            sarif::ReportingDescriptor::builder()
                .id(code.name)
                .short_description(
                    sarif::MultiformatMessageString::builder()
                        .text(code.summary)
                        .build(),
                )
                .help_uri(code.docs_url())
                .build()
        })
        .collect();
    let results: Vec<sarif::Result> = diagnostics
        .iter()
        .map(|d| {
            let level = match d.severity {
                Severity::Error => sarif::ResultLevel::Error,
                Severity::Warning => sarif::ResultLevel::Warning,
                Severity::Note => sarif::ResultLevel::Note,
            };
            let text = match &d.help {
                Some(help) => format!("{}\nhelp: {help}", d.message),
                None => d.message.clone(),
            };
            let locations: Vec<sarif::Location> = d
                .location
                .iter()
                .map(|l| {
                    let start = sources.line_col(&l.file, l.span.start);
                    let end = sources.line_col(&l.file, l.span.end);
                    sarif::Location::builder()
                        .physical_location(
                            sarif::PhysicalLocation::builder()
                                .artifact_location(
                                    sarif::ArtifactLocation::builder()
                                        .uri(display_path(&l.file))
                                        .build(),
                                )
                                .region(
                                    sarif::Region::builder()
                                        .start_line(start.line as i64)
                                        .start_column(start.column as i64)
                                        .end_line(end.line as i64)
                                        .end_column(end.column as i64)
                                        .build(),
                                )
                                .build(),
                        )
                        .build()
                })
                .collect();
            let rule_index = CODES
                .iter()
                .position(|c| c.name == d.code.name)
                .unwrap_or_default();
            sarif::Result::builder()
                .rule_id(d.code.name)
                .rule_index(rule_index as i64)
                .level(level)
                .message(sarif::Message::builder().text(text).build())
                .locations(locations)
                .build()
        })
        .collect();
    let driver = sarif::ToolComponent::builder()
        .name("beeuni")
        .version(env!("CARGO_PKG_VERSION"))
        .information_uri(REPOSITORY_URL)
        .rules(rules)
        .build();
    // Columns count characters (`Sources::line_col`), as the human and JSON
    // formats do; SARIF's default unit is UTF-16 code units, so say so.
    let column_kind = sarif::ResultColumnKind::UnicodeCodePoints.to_string();
    let run = sarif::Run::builder()
        .tool(sarif::Tool::builder().driver(driver).build())
        .column_kind(serde_json::Value::String(column_kind))
        .results(results)
        .build();
    let log = sarif::Sarif::builder()
        .version(sarif::Version::V2_1_0.to_string())
        .schema(sarif::SCHEMA_URL)
        .runs(vec![run])
        .build();
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    text
}

/// Workflow commands: properties escape `%`, CR, LF, `:` and `,`; the message
/// escapes `%`, CR and LF.
fn github(diagnostics: &[Diagnostic], sources: &Sources) -> String {
    let escape_data = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let escape_property = |s: &str| escape_data(s).replace(':', "%3A").replace(',', "%2C");
    let mut out = String::new();
    for d in diagnostics {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "notice",
        };
        let mut properties = Vec::new();
        if let Some(l) = &d.location {
            let start = sources.line_col(&l.file, l.span.start);
            let end = sources.line_col(&l.file, l.span.end);
            properties.push(format!("file={}", escape_property(&display_path(&l.file))));
            properties.push(format!("line={}", start.line));
            properties.push(format!("col={}", start.column));
            properties.push(format!("endLine={}", end.line));
            properties.push(format!("endColumn={}", end.column));
        }
        properties.push(format!("title={}", escape_property(d.code.name)));
        let message = match &d.help {
            Some(help) => format!("{}\nhelp: {help}", d.message),
            None => d.message.clone(),
        };
        let _ = writeln!(
            out,
            "::{command} {}::{}",
            properties.join(","),
            escape_data(&message)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::codes::INVALID_BEEUNI_TOOL;

    fn sample() -> (Vec<Diagnostic>, Sources) {
        let text = "tools:\n  web_search: beeuni:image_search\n";
        let start = text.find("beeuni:image").unwrap();
        let mut sources = Sources::new();
        sources.insert("beeuni.yaml", text);
        let d = Diagnostic::new(&INVALID_BEEUNI_TOOL, "must be `beeuni:web_search`")
            .at("beeuni.yaml", start..start + "beeuni:image_search".len())
            .label("not the Beeuni tool of this key")
            .help("write `web_search: beeuni:web_search`");
        (vec![d], sources)
    }

    #[test]
    fn human_output_points_at_file_line_and_column() {
        let (d, s) = sample();
        let text = render(&d, &s, Format::Human { color: false });
        assert!(
            text.contains("error[manifest/invalid-beeuni-tool]: must be `beeuni:web_search`"),
            "{text}"
        );
        assert!(text.contains("--> beeuni.yaml:2:15"), "{text}");
        assert!(
            text.contains("help: write `web_search: beeuni:web_search`"),
            "{text}"
        );
        assert!(text.ends_with("1 error, 0 warnings\n"), "{text}");
    }

    #[test]
    fn github_annotations_escape_newlines_and_commas() {
        let (mut d, s) = sample();
        d[0].message = "a, b\nc".into();
        let text = render(&d, &s, Format::Github);
        assert!(
            text.starts_with("::error file=beeuni.yaml,line=2,col=15,"),
            "{text}"
        );
        assert!(
            text.trim_end()
                .ends_with("::a, b%0Ac%0Ahelp: write `web_search: beeuni:web_search`"),
            "{text}"
        );
    }

    #[test]
    fn sarif_has_version_rules_and_region() {
        let (d, s) = sample();
        let value: serde_json::Value =
            serde_json::from_str(&render(&d, &s, Format::Sarif)).unwrap();
        assert_eq!(value["version"], "2.1.0");
        let result = &value["runs"][0]["results"][0];
        assert_eq!(result["ruleId"], "manifest/invalid-beeuni-tool");
        assert_eq!(
            result["locations"][0]["physicalLocation"]["region"]["startLine"],
            2
        );
        assert_eq!(
            result["locations"][0]["physicalLocation"]["region"]["startColumn"],
            15
        );
    }

    #[test]
    fn excerpt_of_a_huge_multiline_span_is_bounded() {
        let text = "x\n".repeat(1000);
        let ex = excerpt(&text, &(0..text.len()));
        assert_eq!(ex.text.lines().count(), 8);
        assert!(ex.span.end <= ex.text.len());
    }
}
