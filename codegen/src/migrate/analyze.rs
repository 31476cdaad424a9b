//! One legacy file, parsed once, turned into owned facts: the tools it
//! defines, the edits that make each `tool({ … })` a plain tool object, what
//! could not be done, and the relative imports a move would have to rewrite.
//!
//! Parsing runs on a thread with the checker's big stack (swc recurses once
//! per nesting level); everything returned outlives the syntax tree.

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

use serde_json::Value;
use swc_common::Spanned;
use swc_ecma_ast::{Ident, ObjectLit, Program, Prop, PropOrSpread};
use swc_ecma_visit::{Visit, VisitWith};

use checker::module::env::env_reads;
use checker::module::imports::collect::{Specifier, collect};
use checker::module::parse::{Language, STACK_SIZE, is_commonjs, parse, range};

use super::Finding;
use super::execute;
use super::legacy::{self, Definition, Export, LegacyFile};
use super::literal;
use super::schema::{self, prop_name};
use super::thread;
use crate::edit::Edit;

/// A tool of the file and what its rewrite found.
#[derive(Debug, Clone)]
pub struct ToolFacts {
    pub export: Export,
    /// Where it is defined (the `tool(…)` call, or the export that builds it).
    pub span: Range<usize>,
    /// Notes and manual steps inside this tool's definition.
    pub findings: Vec<Finding>,
    /// Why this tool cannot be rewritten; the file then stays where it is.
    pub blocked: Option<Finding>,
    /// The static pass could not convert `args`; running it might.
    pub needs_evaluation: bool,
}

/// A relative import of the file: the specifier's span (quotes included) and text.
#[derive(Debug, Clone)]
pub struct RelativeImport {
    pub span: Range<usize>,
    pub specifier: String,
}

#[derive(Debug, Clone, Default)]
pub struct Facts {
    /// The file defines tools or imports opencode's helper.
    pub is_tool_file: bool,
    pub tools: Vec<ToolFacts>,
    /// The edits of every tool that is not blocked, and of the imports of
    /// `@opencode-ai/plugin` and (when unused afterwards) `zod`.
    pub edits: Vec<Edit>,
    /// Problems of the file as a whole (env reads outside `execute`, `tool`
    /// still used after the rewrite).
    pub findings: Vec<Finding>,
    pub relative_imports: Vec<RelativeImport>,
    /// The syntax error that stopped the analysis.
    pub syntax_error: Option<String>,
    /// A lone named tool, which needs `export default <name>` added.
    pub needs_default_export: Option<String>,
}

/// Schemas the runtime produced for `args` the static pass could not
/// convert, by export.
pub type Evaluated = HashMap<Export, Value>;

/// Analyses `text`, the file at `path` (root-relative, for messages).
pub fn analyze(text: &str, path: &Path, evaluated: &Evaluated) -> Facts {
    let run = || analyze_here(text, path, evaluated);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, run)
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|p| std::panic::resume_unwind(p))
            })
            .unwrap_or_else(|_| run())
    })
}

fn analyze_here(text: &str, path: &Path, evaluated: &Evaluated) -> Facts {
    let language = Language::of(path);
    let program = match parse(text, path, language, is_commonjs(path)) {
        Ok(program) => program,
        Err(diagnostics) => {
            return Facts {
                syntax_error: Some(diagnostics.first().map_or_else(
                    || "it is not a JavaScript or TypeScript module".into(),
                    |d| d.message.clone(),
                )),
                ..Facts::default()
            };
        }
    };
    let legacy = legacy::read(&program);
    let mut facts = Facts {
        is_tool_file: legacy.is_tool_file(),
        relative_imports: relative_imports(&program),
        ..Facts::default()
    };
    if !facts.is_tool_file {
        facts.findings = outside_env_reads(&program, &[]);
        return facts;
    }
    // Spans the rewrite replaces; a use of `tool` or `z` outside them survives.
    let mut replaced: Vec<Range<usize>> = Vec::new();
    let mut execute_spans: Vec<Range<usize>> = Vec::new();
    let mut contexts: Vec<(Range<usize>, String)> = Vec::new();
    let mut tool_edits = Vec::new();
    let mut rewritten: Vec<Range<usize>> = Vec::new();
    for definition in &legacy.definitions {
        let (tool, mut edits) =
            rewrite_definition(text, &legacy, definition, evaluated, &mut replaced);
        // One definition exported twice (`export const x = tool(…)` and
        // `export default x`) is two tools for opencode, rewritten once.
        let call = range(definition.call.span);
        if rewritten.contains(&call) {
            edits.clear();
        }
        rewritten.push(call);
        if let Some(execute) = execute::find(definition.object) {
            execute_spans.push(execute.span());
            if let Some(name) = execute::context_name(&execute) {
                contexts.push((execute.span(), name));
            }
        }
        if tool.blocked.is_none() {
            tool_edits.extend(edits);
        }
        facts.tools.push(tool);
    }
    for opaque in &legacy.opaque {
        facts.tools.push(ToolFacts {
            export: opaque.export.clone(),
            span: opaque.span.clone(),
            findings: Vec::new(),
            blocked: Some(Finding::manual(
                opaque.span.clone(),
                format!(
                    "the tool is {}; rewrite it by hand as `export default {{ description, parameters, execute }}`",
                    opaque.what
                ),
            )),
            needs_evaluation: false,
        });
    }
    if facts.tools.iter().any(|t| t.blocked.is_some()) {
        // The file moves whole or not at all.
        return facts;
    }
    let uses = identifier_uses(&program);
    let inside = |span: &Range<usize>, spans: &[Range<usize>]| {
        spans
            .iter()
            .any(|s| s.start <= span.start && span.end <= s.end)
    };
    // A constant that only `args` used (`const Kind = z.enum([…])`) is
    // inlined into `parameters`; left behind it would need zod or `tool`.
    let helper_names: Vec<&String> = legacy.tool_names.iter().chain(&legacy.zod_names).collect();
    let mut removals: Vec<Range<usize>> = legacy
        .plugin_imports
        .iter()
        .map(|span| span.start..line_end(text, span.end))
        .collect();
    for (name, span) in &legacy.local_consts {
        let schema_only = helper_names.iter().any(|h| {
            uses.get(h.as_str())
                .is_some_and(|spans| spans.iter().any(|u| inside(u, std::slice::from_ref(span))))
        });
        let used_elsewhere = uses.get(name).is_some_and(|spans| {
            spans
                .iter()
                .any(|u| !inside(u, std::slice::from_ref(span)) && !inside(u, &replaced))
        });
        if schema_only && !used_elsewhere {
            removals.push(span.start..line_end(text, span.end));
            replaced.push(span.clone());
        }
    }
    replaced.extend(legacy.plugin_imports.iter().cloned());
    replaced.extend(legacy.zod_imports.iter().cloned());
    let survivors = |names: &[String]| -> Vec<(Range<usize>, String)> {
        let mut found: Vec<(Range<usize>, String)> = names
            .iter()
            .flat_map(|n| {
                uses.get(n)
                    .into_iter()
                    .flatten()
                    .filter(|u| !inside(u, &replaced))
                    .map(move |u| (u.clone(), n.clone()))
            })
            .collect();
        found.sort_by_key(|(span, _)| span.start);
        found
    };
    let tool_survivors = survivors(&legacy.tool_names);
    if survivors(&legacy.zod_names).is_empty() {
        removals.extend(
            legacy
                .zod_imports
                .iter()
                .map(|span| span.start..line_end(text, span.end)),
        );
    }
    tool_edits.extend(removal_edits(text, removals));
    for (span, name) in &tool_survivors {
        facts.findings.push(Finding::manual(
            span.clone(),
            format!("`{name}` (opencode's helper) is still used here after the rewrite; replace it by hand"),
        ));
    }
    let threaded = thread::thread(&program, text, &contexts);
    tool_edits.extend(threaded.edits);
    facts.findings.extend(threaded.findings);
    let mut handled = execute_spans;
    handled.extend(threaded.spans);
    facts.findings.extend(outside_env_reads(&program, &handled));
    if !legacy.has_default_export
        && let [
            ToolFacts {
                export: Export::Named(name),
                ..
            },
        ] = facts.tools.as_slice()
    {
        facts.needs_default_export = Some(name.clone());
    }
    facts.edits = tool_edits;
    facts
}

/// Reads of `process.env` outside every `execute`: the box's environment
/// holds no secret there, and only `execute` receives `context.env`.
fn outside_env_reads(program: &Program, execute_spans: &[Range<usize>]) -> Vec<Finding> {
    env_reads(program)
        .into_iter()
        .filter(|read| !execute_spans.iter().any(|e| e.start <= read.span.start && read.span.end <= e.end))
        .map(|read| {
            let what = match read.names.as_slice() {
                [] => "`process.env`".to_string(),
                names => names.iter().map(|n| format!("`process.env.{n}`")).collect::<Vec<_>>().join(", "),
            };
            Finding::manual(
                read.span.clone(),
                format!("reads {what} outside `execute`, where the box's environment holds no secret: read it from `context.env` inside `execute` and pass it on"),
            )
        })
        .collect()
}

/// The edits that turn one `tool({ … })` into a plain object.
fn rewrite_definition(
    text: &str,
    legacy: &LegacyFile<'_>,
    definition: &Definition<'_>,
    evaluated: &Evaluated,
    replaced: &mut Vec<Range<usize>>,
) -> (ToolFacts, Vec<Edit>) {
    let call = range(definition.call.span);
    let object = range(definition.object.span);
    let mut tool = ToolFacts {
        export: definition.export.clone(),
        span: call.clone(),
        findings: Vec::new(),
        blocked: None,
        needs_evaluation: false,
    };
    let mut edits = vec![
        Edit::replace(call.start..object.start, ""),
        Edit::replace(object.end..call.end, ""),
    ];
    replaced.push(call.start..object.start);
    let Some(execute) = execute::find(definition.object) else {
        tool.blocked = Some(Finding::manual(
            object,
            "the tool has no `execute` function the migration can find; rewrite it by hand",
        ));
        return (tool, edits);
    };
    let ran = evaluated.get(&definition.export);
    match args_edit(text, legacy, definition.object, ran) {
        Ok((edit, defaults)) => {
            if ran.is_some() {
                tool.findings.push(Finding::note(
                    edit.span.clone(),
                    "`args` are computed: their JSON Schema was produced by running them once; edit `parameters` when what they were computed from changes",
                ));
            }
            replaced.push(edit.span.clone());
            edits.push(edit);
            for default in defaults {
                tool.findings.push(Finding::note(
                    default.span,
                    format!(
                        "`{}` defaulted to {} through zod; Beeuni does not apply defaults, so `execute` sees `undefined` when the model leaves it out",
                        default.property, default.value
                    ),
                ));
            }
        }
        Err(not_static) => {
            tool.needs_evaluation = true;
            tool.blocked = Some(Finding::manual(
                not_static.span,
                format!(
                    "`args` cannot be converted to JSON Schema without running it ({}); write `parameters` by hand",
                    not_static.reason
                ),
            ));
        }
    }
    let rewrite = execute::rewrite(&execute, text);
    edits.extend(rewrite.edits);
    tool.findings.extend(rewrite.findings);
    (tool, edits)
}

/// The edit replacing `args: { … }` with `parameters: { … }`, and the
/// defaults zod used to fill in.
fn args_edit(
    text: &str,
    legacy: &LegacyFile<'_>,
    object: &ObjectLit,
    evaluated: Option<&Value>,
) -> Result<(Edit, Vec<schema::DefaultNote>), schema::NotStatic> {
    let mut args = None;
    for prop in &object.props {
        let PropOrSpread::Prop(p) = prop else {
            continue;
        };
        match &**p {
            Prop::KeyValue(kv) if prop_name(&kv.key).as_deref() == Some("args") => {
                args = Some((range(kv.span()), &*kv.value));
            }
            Prop::Shorthand(i) if i.sym == "args" => {
                let Some(init) = legacy.consts.get("args") else {
                    return Err(schema::NotStatic {
                        span: range(i.span),
                        reason: "`args` is not a constant of this file".into(),
                    });
                };
                args = Some((range(i.span), *init));
            }
            _ => {}
        }
    }
    let (span, expr) = match args {
        Some(found) => found,
        None => {
            // No `args`: the tool takes none. Insert before the first property.
            let first = object.props.first().map(|p| range(p.span()).start);
            let at = first.unwrap_or(range(object.span).start + 1);
            let indent = line_indent(text, at);
            let empty = serde_json::json!({"type": "object", "properties": {}});
            let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
            let written = literal::render(&empty, &indent, &unit(text, &indent)).replace('\n', eol);
            let separator = if first.is_some() && text[..at].ends_with(indent.as_str()) {
                format!(",{eol}{indent}")
            } else {
                ", ".into()
            };
            return Ok((
                Edit::replace(at..at, format!("parameters: {written}{separator}")),
                Vec::new(),
            ));
        }
    };
    let indent = line_indent(text, span.start);
    let (schema, defaults) = match evaluated {
        Some(schema) => (schema.clone(), Vec::new()),
        None => {
            let converted = schema::convert_args(legacy, expr)?;
            (converted.schema, converted.defaults)
        }
    };
    let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let written = literal::render(&schema, &indent, &unit(text, &indent)).replace('\n', eol);
    Ok((
        Edit::replace(span, format!("parameters: {written}")),
        defaults,
    ))
}

/// The leading whitespace of the line holding `offset`.
fn line_indent(text: &str, offset: usize) -> String {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    text[start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

/// One level of indentation as the file writes it.
fn unit(text: &str, indent: &str) -> String {
    if indent.starts_with('\t') {
        return "\t".into();
    }
    let four = text
        .lines()
        .any(|l| l.starts_with("    ") && !l.starts_with("     "))
        && !text
            .lines()
            .any(|l| l.starts_with("  ") && !l.starts_with("   ") && !l.trim().is_empty());
    if four { "    ".into() } else { "  ".into() }
}

/// Just past the line break after `offset` when only whitespace follows it
/// on its line; `offset` otherwise.
fn line_end(text: &str, offset: usize) -> usize {
    let rest = &text[offset..];
    let line = rest.find('\n').map_or(rest.len(), |i| i + 1);
    if rest[..line].trim().is_empty() {
        offset + line
    } else {
        offset
    }
}

fn relative_imports(program: &Program) -> Vec<RelativeImport> {
    collect(program)
        .into_iter()
        .filter_map(|import| match import.specifier {
            Specifier::Literal(s) if s.starts_with("./") || s.starts_with("../") => {
                Some(RelativeImport {
                    span: import.span,
                    specifier: s,
                })
            }
            _ => None,
        })
        .collect()
}

/// Every identifier of the file, by name, with its spans.
fn identifier_uses(program: &Program) -> HashMap<String, Vec<Range<usize>>> {
    #[derive(Default)]
    struct Finder(HashMap<String, Vec<Range<usize>>>);
    impl Visit for Finder {
        fn visit_ident(&mut self, ident: &Ident) {
            self.0
                .entry(ident.sym.to_string())
                .or_default()
                .push(range(ident.span));
        }
    }
    let mut finder = Finder::default();
    program.visit_with(&mut finder);
    finder.0
}

/// Deletions of whole lines; when they open the file, the blank lines after
/// them go too, so the module does not start with an empty line.
fn removal_edits(text: &str, mut removals: Vec<Range<usize>>) -> Vec<Edit> {
    removals.sort_by_key(|r| r.start);
    removals.dedup();
    let mut at = 0;
    let mut leading = true;
    let mut edits = Vec::new();
    for removal in removals {
        if removal.start < at {
            continue;
        }
        leading = leading && text[at..removal.start].trim().is_empty();
        let mut end = removal.end;
        if leading {
            while let Some(next) = text[end..].find('\n').map(|i| end + i + 1) {
                if !text[end..next].trim().is_empty() {
                    break;
                }
                end = next;
            }
            edits.push(Edit::replace(at..end, ""));
        } else {
            // Between two blank lines, the removed line takes one with it.
            let blank_before = text[..removal.start].ends_with("\n\n")
                || text[..removal.start].ends_with("\n\r\n");
            if blank_before && text[..end].ends_with('\n') {
                for eol in ["\r\n", "\n"] {
                    if text[end..].starts_with(eol) {
                        end += eol.len();
                        break;
                    }
                }
            }
            edits.push(Edit::replace(removal.start..end, ""));
        }
        at = end;
    }
    edits
}
