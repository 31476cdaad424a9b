//! One legacy file, parsed once, turned into owned facts: the tools it
//! defines, the edits that make each `tool({ … })` a plain tool object, what
//! could not be done, and the relative imports a move would have to rewrite.
//!
//! Parsing runs on a thread with the checker's big stack (swc recurses once
//! per nesting level); everything returned outlives the syntax tree.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde_json::Value;
use swc_common::Spanned;
use swc_ecma_ast::{Ident, ObjectLit, Program, Prop, PropOrSpread};
use swc_ecma_visit::{Visit, VisitWith};

use checker::module::env::env_reads;
use checker::module::imports::collect::{Specifier, collect};
use checker::module::parse::{Language, STACK_SIZE, is_commonjs, parse, range};

use super::Finding;
use super::execute;
use super::hoist;
use super::legacy::{self, Definition, Export, LegacyFile};
use super::literal;
use super::results;
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
    /// Where the file reads its own folder (`import.meta.dir`, …).
    pub own_folder: Vec<Range<usize>>,
    /// `export { a as b } from "./x"`: what the file hands on from others
    /// (a barrel), and whether that is all it does.
    pub reexports: Vec<ReExport>,
    pub only_reexports: bool,
    /// Imports that reach a file of the project through a tsconfig path
    /// alias (`@/core/x`): the specifier's span and the root-relative file.
    /// The runtime honours a tsconfig only for files it `include`s, so a
    /// moved file reaches them by a relative path instead.
    pub aliased_imports: Vec<(Range<usize>, PathBuf)>,
}

/// One name a file re-exports from another.
#[derive(Debug, Clone)]
pub struct ReExport {
    /// The whole `export … from` declaration.
    pub span: Range<usize>,
    pub specifier: String,
    /// The name in the other file (`default` for its default export).
    pub original: String,
    /// The name this file exports it as.
    pub exported: String,
}

/// Where the analysed file is.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    /// The project root, to read the files the module imports as text.
    pub root: &'a Path,
    /// The file is at the top of a legacy folder: opencode loads it as tools.
    pub top_level: bool,
}

/// Whether a variable's name says it holds a secret: a token, a key, a
/// password, or a database URL (which carries its password).
pub fn names_a_secret(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    [
        "SECRET",
        "TOKEN",
        "KEY",
        "PASSWORD",
        "PASSWD",
        "CREDENTIAL",
        "AUTH",
        "PRIVATE",
        "DATABASE_URL",
        "DSN",
        "CONNECTION_STRING",
    ]
    .iter()
    .any(|w| upper.contains(w))
}

/// Variables of the box's own environment: reading them is not reading a
/// secret, wherever it happens (45 of 56 steps reported on real tools were these).
pub fn is_box_variable(name: &str) -> bool {
    // `OPENCODE_INTERNAL_SECRET` is a secret whatever its prefix says.
    if names_a_secret(name) {
        return false;
    }
    matches!(
        name,
        "HOME"
            | "USER"
            | "LOGNAME"
            | "PATH"
            | "TMPDIR"
            | "TEMP"
            | "TMP"
            | "PWD"
            | "SHELL"
            | "LANG"
            | "TERM"
            | "TZ"
            | "HOSTNAME"
    ) || name.starts_with("XDG_")
        || name.starts_with("OPENCODE_")
        || name.starts_with("LC_")
}

/// Largest text file inlined for a Bun text import.
const MAX_INLINED_TEXT: u64 = 1024 * 1024;

/// Schemas the runtime produced for `args` the static pass could not
/// convert, by export.
pub type Evaluated = HashMap<Export, Value>;

/// Analyses `text`, the file at `path` (root-relative, for messages).
pub fn analyze(text: &str, path: &Path, evaluated: &Evaluated, place: Place<'_>) -> Facts {
    let run = || analyze_here(text, path, evaluated, place);
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

fn analyze_here(text: &str, path: &Path, evaluated: &Evaluated, place: Place<'_>) -> Facts {
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
    let shims = imported_shims(&program, place.root, path);
    let legacy = legacy::read(&program, place.top_level, &shims);
    let mut facts = Facts {
        is_tool_file: legacy.is_tool_file(),
        relative_imports: relative_imports(&program),
        own_folder: own_folder_reads(text),
        aliased_imports: aliased_imports(&program, place.root, path),
        reexports: reexports(&program),
        only_reexports: only_reexports(&program),
        ..Facts::default()
    };
    // Imports the rewrite removes or inlines are not followed by a move.
    let dropped: Vec<Range<usize>> = legacy
        .plugin_imports
        .iter()
        .chain(legacy.text_imports.iter().map(|t| &t.span))
        .cloned()
        .collect();
    facts.relative_imports.retain(|i| {
        !dropped
            .iter()
            .any(|d| d.start <= i.span.start && i.span.end <= d.end)
    });
    if !facts.is_tool_file {
        facts.findings = outside_env_reads(&program, &[]);
        return facts;
    }
    // Spans the rewrite replaces; a use of `tool` or `z` outside them survives.
    let mut replaced: Vec<Range<usize>> = Vec::new();
    let mut execute_spans: Vec<Range<usize>> = Vec::new();
    let mut tool_edits = Vec::new();
    let mut rewritten: Vec<Range<usize>> = Vec::new();
    let executes: Vec<execute::Execute<'_>> = legacy
        .definitions
        .iter()
        .filter_map(|d| execute::find(d.object))
        .collect();
    let targets: Vec<hoist::Target> = executes
        .iter()
        .map(|e| hoist::Target {
            span: e.span(),
            body_start: e.body_start(),
        })
        .collect();
    let contexts: Vec<(Range<usize>, String)> = executes
        .iter()
        .filter_map(|e| Some((e.span(), execute::context_name(e)?)))
        .collect();
    let spans: Vec<Range<usize>> = executes.iter().map(execute::Execute::span).collect();
    // A secret read at the top can move into an `execute` or into a helper
    // that can be handed the context's `env`.
    let mut targets = targets;
    targets.extend(thread::lendable(&program, text, &spans));
    let hoisted = hoist::find(&program, text, &targets);
    let threaded = thread::thread(&program, text, &contexts, &spans, &hoisted);
    let builders = results::builders(&program);
    let file_wide = execute::FileWide {
        hoisted: &hoisted,
        builders: &builders,
        env_calls: &threaded.env_calls,
    };
    for definition in &legacy.definitions {
        let (tool, mut edits) = rewrite_definition(
            text,
            &legacy,
            definition,
            evaluated,
            &file_wide,
            &mut replaced,
        );
        // One definition exported twice (`export const x = tool(…)` and
        // `export default x`) is two tools for opencode, rewritten once.
        let call = definition.call.clone();
        if rewritten.contains(&call) {
            edits.clear();
        }
        rewritten.push(call);
        if let Some(execute) = execute::find(definition.object) {
            execute_spans.push(execute.span());
        }
        if let Some(cast) = &definition.cast {
            edits.push(Edit::replace(cast.clone(), ""));
            replaced.push(cast.clone());
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
        .chain(&legacy.shims)
        .chain(hoisted.iter().map(|h| &h.statement))
        .map(|span| span.start..line_end(text, span.end))
        .collect();
    replaced.extend(legacy.shims.iter().cloned());
    for import in &legacy.text_imports {
        match inline_text(place.root, path, import) {
            Ok(edit) => tool_edits.push(edit),
            Err(why) => facts.findings.push(Finding::manual(
                import.span.clone(),
                format!("imports {} as text, which only Bun does ({why}); put the text in the module by hand", import.specifier),
            )),
        }
    }
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
    tool_edits.extend(threaded.edits);
    facts.findings.extend(threaded.findings);
    let mut handled = execute_spans;
    handled.extend(threaded.spans);
    handled.extend(hoisted.iter().map(|h| h.statement.clone()));
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
/// holds no secret there, and only `execute` receives `context.env`. A
/// read whose names say it is a secret (or of the whole environment) is a
/// step; a setting (`DEVCTL_API_URL`) reads the box's value as it read the
/// user's under opencode, and is noted.
fn outside_env_reads(program: &Program, execute_spans: &[Range<usize>]) -> Vec<Finding> {
    env_reads(program)
        .into_iter()
        .filter(|read| !execute_spans.iter().any(|e| e.start <= read.span.start && read.span.end <= e.end))
        .filter(|read| read.names.is_empty() || !read.names.iter().all(|n| is_box_variable(n)))
        .map(|read| {
            let what = match read.names.as_slice() {
                [] => "`process.env`".to_string(),
                names => names.iter().map(|n| format!("`process.env.{n}`")).collect::<Vec<_>>().join(", "),
            };
            if !read.names.is_empty() && !read.names.iter().any(|n| names_a_secret(n)) {
                return Finding::note(
                    read.span.clone(),
                    format!("reads {what} when the module loads, from the box's environment (its fallback when the box does not set it); if it is a secret, read it from `context.env` inside `execute` instead"),
                );
            }
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
    file_wide: &execute::FileWide<'_>,
    replaced: &mut Vec<Range<usize>>,
) -> (ToolFacts, Vec<Edit>) {
    let call = definition.call.clone();
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
    let rewrite = execute::rewrite(&execute, text, file_wide);
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
        // A definition that spells out `parameters` already keeps them.
        None if object.props.iter().any(|p| matches!(p, PropOrSpread::Prop(p) if matches!(&**p, Prop::KeyValue(kv) if prop_name(&kv.key).as_deref() == Some("parameters")))) => {
            return Ok((Edit::replace(0..0, ""), Vec::new()));
        }
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
    // The JSON Schema is written afresh, so comments among the zod calls
    // would be lost: they go above `parameters`, in their order.
    let kept: String = comments(&text[span.clone()])
        .into_iter()
        .map(|c| format!("{c}{eol}{indent}"))
        .collect();
    Ok((
        Edit::replace(span, format!("{kept}parameters: {written}")),
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

/// The comments of a piece of JavaScript, as written (`// …`, `/* … */`).
/// Strings, template literals and regular expressions are skipped; a `/`
/// after an operand is a division.
fn comments(code: &str) -> Vec<String> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // Whether the last token was an operand, after which `/` divides.
    let mut operand = false;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = code[i..].find('\n').map_or(code.len(), |e| i + e);
                out.push(code[i..end].trim_end().to_string());
                i = end;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = code[i + 2..]
                    .find("*/")
                    .map_or(code.len(), |e| i + 2 + e + 2);
                out.push(code[i..end].to_string());
                i = end;
            }
            b'\'' | b'"' | b'`' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                operand = true;
            }
            b'/' if !operand => {
                // A regular expression literal, character classes included.
                i += 1;
                let mut class = false;
                while i < bytes.len() && (class || bytes[i] != b'/') && bytes[i] != b'\n' {
                    match bytes[i] {
                        b'\\' => i += 1,
                        b'[' => class = true,
                        b']' => class = false,
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
                operand = true;
            }
            _ => {
                if !b.is_ascii_whitespace() {
                    operand =
                        b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b')' | b']' | b'}');
                }
                i += 1;
            }
        }
    }
    out
}

/// `import NAME from "./x.txt"` as `const NAME = "…"`, the text Bun reads.
fn inline_text(root: &Path, path: &Path, import: &legacy::TextImport) -> Result<Edit, String> {
    let target = super::paths::normalize(
        &path
            .parent()
            .unwrap_or(Path::new(""))
            .join(&import.specifier),
    );
    let file = root.join(&target);
    let size = std::fs::metadata(&file)
        .map_err(|e| format!("{}: {e}", super::paths::shown(&target)))?
        .len();
    if size > MAX_INLINED_TEXT {
        return Err(format!("{} is over 1 MiB", super::paths::shown(&target)));
    }
    let content = std::fs::read_to_string(&file)
        .map_err(|e| format!("{}: {e}", super::paths::shown(&target)))?;
    let literal = serde_json::to_string(&content).map_err(|e| e.to_string())?;
    Ok(Edit::replace(
        import.span.clone(),
        format!("const {} = {literal}", import.local),
    ))
}

/// Where the text reads its module's own folder.
fn own_folder_reads(text: &str) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = [
        "import.meta.dirname",
        "import.meta.dir",
        "import.meta.url",
        "import.meta.path",
        "import.meta.filename",
        "__dirname",
        "__filename",
    ]
    .iter()
    .flat_map(|needle| text.match_indices(needle).map(|(at, n)| at..at + n.len()))
    .collect();
    out.sort_by_key(|r| r.start);
    out.dedup_by(|b, a| b.start < a.end);
    out
}

/// Bare specifiers that a tsconfig path alias maps to a file of the project.
fn aliased_imports(program: &Program, root: &Path, path: &Path) -> Vec<(Range<usize>, PathBuf)> {
    use checker::module::imports::builtins::{is_bun_module, is_node_builtin_bare};
    use checker::module::imports::resolver_options::{LoadKind, resolve_in, resolve_options};
    let bare: Vec<(Range<usize>, String)> = collect(program)
        .into_iter()
        .filter_map(|import| match import.specifier {
            Specifier::Literal(s)
                if !s.starts_with('.')
                    && !s.starts_with('/')
                    && !s.starts_with("node:")
                    && !is_node_builtin_bare(&s)
                    && !is_bun_module(&s)
                    && !legacy::is_plugin_source(&s) =>
            {
                Some((import.span, s))
            }
            _ => None,
        })
        .collect();
    if bare.is_empty() || !root.is_absolute() {
        return Vec::new();
    }
    let resolver = oxc_resolver::Resolver::new(resolve_options(LoadKind::Import));
    let importer = root.join(path);
    let dir = importer.parent().unwrap_or(root).to_path_buf();
    let Ok(canonical_root) = std::fs::canonicalize(root) else {
        return Vec::new();
    };
    bare.into_iter()
        .filter_map(|(span, specifier)| {
            let found = resolve_in(&resolver, Some(&importer), &dir, &specifier).ok()?;
            let file = std::fs::canonicalize(found.path()).ok()?;
            let relative = file.strip_prefix(&canonical_root).ok()?;
            if relative
                .components()
                .any(|c| c.as_os_str() == "node_modules")
            {
                return None;
            }
            Some((span, relative.to_path_buf()))
        })
        .collect()
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

/// Relative imports of `tool` (and types only) from a file of the project
/// that exports a stand-in for opencode's `tool`: the rewrite drops them as
/// it drops the plugin's import.
fn imported_shims(program: &Program, root: &Path, path: &Path) -> Vec<String> {
    use swc_ecma_ast::{ImportSpecifier, ModuleDecl, ModuleExportName, ModuleItem};
    let Program::Module(module) = program else {
        return Vec::new();
    };
    let base = path.parent().unwrap_or(Path::new(""));
    let mut found = Vec::new();
    for item in &module.body {
        let ModuleItem::ModuleDecl(ModuleDecl::Import(import)) = item else {
            continue;
        };
        let source = import.src.value.to_string_lossy().into_owned();
        if !(source.starts_with("./") || source.starts_with("../")) || import.type_only {
            continue;
        }
        let mut takes_tool = false;
        let only_tool = import.specifiers.iter().all(|s| match s {
            ImportSpecifier::Named(n) if n.is_type_only => true,
            ImportSpecifier::Named(n) => {
                let imported = match &n.imported {
                    Some(ModuleExportName::Ident(i)) => i.sym.to_string(),
                    Some(ModuleExportName::Str(s)) => s.value.to_string_lossy().into_owned(),
                    None => n.local.sym.to_string(),
                };
                takes_tool |= imported == "tool";
                imported == "tool"
            }
            _ => false,
        });
        if !takes_tool || !only_tool {
            continue;
        }
        let target = super::paths::normalize(&base.join(&source));
        let candidates = [
            target.clone(),
            target.with_extension("ts"),
            target.with_extension("js"),
            target.join("index.ts"),
            target.join("index.js"),
        ];
        let Some(text) = candidates.iter().find_map(|c| {
            let file = root.join(c);
            let small =
                std::fs::metadata(&file).is_ok_and(|m| m.is_file() && m.len() <= MAX_INLINED_TEXT);
            small.then(|| std::fs::read_to_string(&file).ok()).flatten()
        }) else {
            continue;
        };
        // TypeScript's grammar reads a JavaScript stand-in too.
        if let Ok(shim) = parse(&text, path, Language::TypeScript, false)
            && legacy::exports_shim(&shim)
        {
            found.push(source);
        }
    }
    found
}

/// The values a file re-exports from relative paths (types are not tools).
fn reexports(program: &Program) -> Vec<ReExport> {
    use swc_ecma_ast::{ExportSpecifier, ModuleDecl, ModuleExportName, ModuleItem};
    let Program::Module(module) = program else {
        return Vec::new();
    };
    let name = |n: &ModuleExportName| match n {
        ModuleExportName::Ident(i) => i.sym.to_string(),
        ModuleExportName::Str(s) => s.value.to_string_lossy().into_owned(),
    };
    let mut out = Vec::new();
    for item in &module.body {
        let ModuleItem::ModuleDecl(ModuleDecl::ExportNamed(named)) = item else {
            continue;
        };
        let Some(src) = &named.src else { continue };
        let specifier = src.value.to_string_lossy().into_owned();
        if named.type_only || !(specifier.starts_with("./") || specifier.starts_with("../")) {
            continue;
        }
        for spec in &named.specifiers {
            let (original, exported) = match spec {
                ExportSpecifier::Named(n) if !n.is_type_only => {
                    let original = name(&n.orig);
                    let exported = n.exported.as_ref().map_or_else(|| original.clone(), name);
                    (original, exported)
                }
                ExportSpecifier::Default(d) => ("default".into(), d.exported.sym.to_string()),
                _ => continue,
            };
            out.push(ReExport {
                span: range(named.span),
                specifier: specifier.clone(),
                original,
                exported,
            });
        }
    }
    out
}

/// Whether the file does nothing but import, declare types and re-export.
fn only_reexports(program: &Program) -> bool {
    use swc_ecma_ast::{Decl, ModuleDecl, ModuleItem, Stmt};
    let Program::Module(module) = program else {
        return false;
    };
    module.body.iter().all(|item| match item {
        ModuleItem::ModuleDecl(
            ModuleDecl::Import(_) | ModuleDecl::ExportAll(_) | ModuleDecl::TsNamespaceExport(_),
        ) => true,
        ModuleItem::ModuleDecl(ModuleDecl::ExportNamed(named)) => {
            named.src.is_some() || named.type_only
        }
        ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(e)) => {
            matches!(e.decl, Decl::TsInterface(_) | Decl::TsTypeAlias(_))
        }
        ModuleItem::Stmt(Stmt::Empty(_)) => true,
        ModuleItem::Stmt(Stmt::Decl(Decl::TsInterface(_) | Decl::TsTypeAlias(_))) => true,
        _ => false,
    })
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
