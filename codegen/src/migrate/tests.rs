//! Rule tests as data: `args` sources and the JSON Schema they become, and
//! `execute` sources and the text they are rewritten to, through the same
//! parse → analyse → edit path the command uses.

use std::path::Path;

use serde_json::{Value, json};
use swc_ecma_ast::{Prop, PropOrSpread};

use checker::module::parse::{Language, parse};

use super::analyze::{Evaluated, Facts, Place, analyze};
use super::legacy;
use super::schema::{convert_args, prop_name};
use crate::edit;

fn legacy_file(args: &str) -> String {
    format!(
        "import {{ tool }} from '@opencode-ai/plugin'\nimport {{ z }} from 'zod'\nconst Kind = z.enum(['a', 'b'])\nconst MAP = {{ km: 1, 'mi': 2 }}\nexport default tool({{\n  description: 'd',\n  args: {args},\n  execute() {{\n    return ''\n  }},\n}})\n"
    )
}

/// The JSON Schema of `args`, or the reason it is not static.
fn schema_of(args: &str) -> Result<Value, String> {
    let text = legacy_file(args);
    let program = parse(&text, Path::new("t.ts"), Language::TypeScript, false)
        .map_err(|d| format!("{:?}", d.first().map(|d| &d.message)))?;
    let file = legacy::read(&program, true, &[]);
    let definition = file.definitions.first().ok_or("no definition")?;
    let args = definition
        .object
        .props
        .iter()
        .find_map(|p| match p {
            PropOrSpread::Prop(p) => match &**p {
                Prop::KeyValue(kv) if prop_name(&kv.key).as_deref() == Some("args") => {
                    Some(&*kv.value)
                }
                _ => None,
            },
            PropOrSpread::Spread(_) => None,
        })
        .ok_or("no args")?;
    convert_args(&file, args)
        .map(|c| c.schema)
        .map_err(|e| e.reason)
}

/// The schema of one property `x`.
fn property(zod: &str) -> Value {
    let schema = schema_of(&format!("{{ x: {zod} }}")).unwrap_or_else(|e| panic!("{zod}: {e}"));
    let mut x = schema["properties"]["x"].clone();
    if schema.get("required").is_none() {
        x["optional"] = json!(true);
    }
    x
}

#[test]
fn every_zod_construct_of_real_legacy_tools_converts() {
    let cases: &[(&str, Value)] = &[
        ("tool.schema.string()", json!({"type": "string"})),
        (
            "z.string().describe('What to find')",
            json!({"type": "string", "description": "What to find"}),
        ),
        (
            "z.string().describe('a' + \"b\" + `c`)",
            json!({"type": "string", "description": "abc"}),
        ),
        (
            "z.string().optional()",
            json!({"type": "string", "optional": true}),
        ),
        (
            "z.number().min(1).max(5)",
            json!({"type": "number", "minimum": 1, "maximum": 5}),
        ),
        (
            "z.number().int().positive()",
            json!({"type": "integer", "exclusiveMinimum": 0}),
        ),
        (
            "z.number().nonnegative().lt(2.5)",
            json!({"type": "number", "minimum": 0, "exclusiveMaximum": 2.5}),
        ),
        ("z.int().gte(-3)", json!({"type": "integer", "minimum": -3})),
        (
            "z.boolean().default(true)",
            json!({"type": "boolean", "default": true, "optional": true}),
        ),
        (
            "z.enum(['a', 'b'])",
            json!({"type": "string", "enum": ["a", "b"]}),
        ),
        ("Kind", json!({"type": "string", "enum": ["a", "b"]})),
        (
            "z.enum(Object.keys(MAP))",
            json!({"type": "string", "enum": ["km", "mi"]}),
        ),
        (
            "z.array(z.string()).min(1).max(3)",
            json!({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3}),
        ),
        (
            "z.string().array().nonempty()",
            json!({"type": "array", "items": {"type": "string"}, "minItems": 1}),
        ),
        (
            "z.string().min(2).max(9)",
            json!({"type": "string", "minLength": 2, "maxLength": 9}),
        ),
        (
            "z.string().length(2)",
            json!({"type": "string", "minLength": 2, "maxLength": 2}),
        ),
        (
            "z.string().url()",
            json!({"type": "string", "format": "uri"}),
        ),
        ("z.url()", json!({"type": "string", "format": "uri"})),
        (
            "z.string().email()",
            json!({"type": "string", "format": "email"}),
        ),
        (
            "z.string().regex(/^a+$/)",
            json!({"type": "string", "pattern": "^a+$"}),
        ),
        (
            "z.object({ a: z.string(), b: z.number().optional() })",
            json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "number"}}, "required": ["a"]}),
        ),
        (
            "z.object({ a: z.string() }).passthrough()",
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": true}),
        ),
        (
            "z.object({}).strict()",
            json!({"type": "object", "properties": {}, "additionalProperties": false}),
        ),
        (
            "z.union([z.string(), z.number()])",
            json!({"anyOf": [{"type": "string"}, {"type": "number"}]}),
        ),
        (
            "z.string().or(z.boolean())",
            json!({"anyOf": [{"type": "string"}, {"type": "boolean"}]}),
        ),
        ("z.literal('on')", json!({"type": "string", "enum": ["on"]})),
        ("z.literal(3)", json!({"type": "integer", "enum": [3]})),
        (
            "z.record(z.string(), z.number())",
            json!({"type": "object", "additionalProperties": {"type": "number"}}),
        ),
        (
            "z.record(z.boolean())",
            json!({"type": "object", "additionalProperties": {"type": "boolean"}}),
        ),
        (
            "z.string().nullable()",
            json!({"anyOf": [{"type": "string"}, {"type": "null"}]}),
        ),
        (
            "z.nullable(z.string())",
            json!({"anyOf": [{"type": "string"}, {"type": "null"}]}),
        ),
        (
            "z.string().nullish()",
            json!({"anyOf": [{"type": "string"}, {"type": "null"}], "optional": true}),
        ),
        ("z.lazy(() => z.string())", json!({"type": "string"})),
        (
            "z.lazy(() => { return z.number() })",
            json!({"type": "number"}),
        ),
        ("z.optional(z.any())", json!({"optional": true})),
        (
            "z.string().trim().describe('t')",
            json!({"type": "string", "description": "t"}),
        ),
    ];
    for (zod, expected) in cases {
        assert_eq!(&property(zod), expected, "{zod}");
    }
}

#[test]
fn the_top_level_lists_what_is_required() {
    assert_eq!(
        schema_of("{ a: z.string(), b: z.string().optional(), c: z.string().default('x'), 'd-e': z.number() }").unwrap(),
        json!({
            "type": "object",
            "properties": {
                "a": {"type": "string"},
                "b": {"type": "string"},
                "c": {"type": "string", "default": "x"},
                "d-e": {"type": "number"},
            },
            "required": ["a", "d-e"],
        })
    );
    assert_eq!(
        schema_of("{}").unwrap(),
        json!({"type": "object", "properties": {}})
    );
}

#[test]
fn what_only_running_can_tell_is_not_guessed() {
    let cases = [
        (
            "{ ...COMMON, a: z.string() }",
            "a spread (`...`) builds the shape",
        ),
        ("{ a: z.enum(values()) }", "the enum's values are computed"),
        (
            "{ a: z.string().describe(DESCRIPTION) }",
            "`DESCRIPTION` is not a constant of this file",
        ),
        (
            "{ a: z.string().transform((s) => s) }",
            "`.transform()` has no static JSON Schema conversion",
        ),
        (
            "{ a: z.bigint() }",
            "`bigint()` has no static JSON Schema conversion",
        ),
        ("opts.args", "the shape is computed"),
        ("{ [key]: z.string() }", "a computed property name"),
        (
            "{ a: z.number().min(n) }",
            "`n` is not a constant of this file",
        ),
    ];
    for (args, reason) in cases {
        assert_eq!(schema_of(args).unwrap_err(), reason, "{args}");
    }
}

/// What `analyze` finds in `source`, a top-level legacy file `t.ts` with no
/// evaluated modules beside it.
fn facts_of(source: &str) -> Facts {
    analyze(
        source,
        Path::new("t.ts"),
        &Evaluated::new(),
        Place {
            root: Path::new(""),
            top_level: true,
        },
    )
}

/// `source` (a whole legacy file) after the rewrite.
fn rewritten(source: &str) -> String {
    let facts = facts_of(source);
    assert!(facts.tools.iter().all(|t| t.blocked.is_none()), "{source}");
    let text = edit::apply(source, &facts.edits).unwrap();
    parse(&text, Path::new("t.ts"), Language::TypeScript, false)
        .unwrap_or_else(|_| panic!("the rewrite parses:\n{text}"));
    text
}

/// Only the `execute` line(s) of a rewritten one-tool file.
fn execute_of(execute: &str) -> String {
    let source = format!(
        "import {{ tool }} from '@opencode-ai/plugin'\n\nexport default tool({{\n  description: 'd',\n  args: {{}},\n  {execute},\n}})\n"
    );
    let text = rewritten(&source);
    let start = text.find("  },\n").map(|i| i + 5).unwrap();
    text[start..text.len() - "}\n".len()]
        .trim_end()
        .trim_end_matches(',')
        .to_string()
}

#[test]
fn execute_reads_context_instead_of_opencode_names() {
    let cases = [
        (
            "async execute(args) { return process.env.KEY }",
            "  async execute(args, context) { return context.env.KEY }",
        ),
        (
            "execute: async () => process.env['KEY']",
            "  execute: async (_args, context) => context.env['KEY']",
        ),
        (
            "execute: args => Bun.env.KEY + args.x",
            "  execute: (args, context) => context.env.KEY + args.x",
        ),
        (
            "execute(args) { const context = 1; return process.env.K + context }",
            "  execute(args, ctx) { const context = 1; return ctx.env.K + context }",
        ),
        (
            "execute(args, ctx) { return `${ctx.sessionID} ${ctx.worktree} ${ctx.abort.aborted} ${ctx.directory}` }",
            "  execute(args, ctx) { return `${ctx.sessionId} ${ctx.directory} ${ctx.signal.aborted} ${ctx.directory}` }",
        ),
        (
            "async execute(args, { abort, sessionID: id }) { return fetch(process.env.URL, { signal: abort }) + id }",
            "  async execute(args, { signal: abort, sessionId: id, env }) { return fetch(env.URL, { signal: abort }) + id }",
        ),
        (
            "async execute(args, ctx) { ctx.metadata({ title: 't' }); await ctx.ask({}); return 'x' }",
            "  async execute(args, ctx) { ctx.metadata?.({ title: 't' }); await ctx.ask?.({}); return 'x' }",
        ),
        (
            "execute(args, { metadata }) { metadata({}); return '' }",
            "  execute(args, { metadata = () => {} }) { metadata({}); return '' }",
        ),
        (
            "execute(args, ctx) { const { abort } = ctx; return abort.aborted }",
            "  execute(args, ctx) { const { signal: abort } = ctx; return abort.aborted }",
        ),
        (
            "execute() { const f = () => ({ output: 1 }); return { title: 't', output: 'o' } }",
            "  execute() { const f = () => ({ output: 1 }); return ({ title: 't', output: 'o' }).output }",
        ),
        (
            "execute: async () => ({ output: 'o', metadata: {} })",
            "  execute: async () => (({ output: 'o', metadata: {} })).output",
        ),
    ];
    for (execute, expected) in cases {
        assert_eq!(execute_of(execute), expected, "{execute}");
    }
}

#[test]
fn a_lone_named_tool_gets_a_default_export_and_imports_go() {
    let source = "import { tool } from '@opencode-ai/plugin'\nimport { z } from 'zod'\n\nconst Id = z.string()\n\nexport const get = tool({\n  description: 'd',\n  args: { id: Id },\n  execute: async (args) => args.id,\n})\n";
    let facts = facts_of(source);
    assert_eq!(facts.needs_default_export.as_deref(), Some("get"));
    let text = edit::apply(source, &facts.edits).unwrap();
    assert_eq!(
        text,
        "export const get = {\n  description: 'd',\n  parameters: {\n    type: 'object',\n    properties: {\n      id: {\n        type: 'string',\n      },\n    },\n    required: ['id'],\n  },\n  execute: async (args) => args.id,\n}\n"
    );
}

#[test]
fn tool_still_used_elsewhere_is_a_manual_step() {
    let source = "import { tool } from '@opencode-ai/plugin'\nexport const Shared = tool.schema.string()\nexport default tool({ description: 'd', args: { a: Shared }, execute: async () => '' })\n";
    let facts = facts_of(source);
    let manual: Vec<&str> = facts
        .findings
        .iter()
        .filter(|f| f.manual)
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        manual,
        ["`tool` (opencode's helper) is still used here after the rewrite; replace it by hand"]
    );
}

#[test]
fn a_local_helper_given_the_context_reads_its_env() {
    let source = "import { tool } from '@opencode-ai/plugin'\n\nfunction api(path: string, ctx) {\n  return fetch(process.env.API_URL + path, { headers: { key: process.env['KEY'] } })\n}\nconst other = (ctx) => process.env.OTHER_TOKEN\nconst early = other({})\nexport default tool({\n  description: 'd',\n  args: {},\n  async execute(args, ctx) {\n    other({})\n    return api('/x', ctx)\n  },\n})\n";
    let facts = facts_of(source);
    let text = edit::apply(source, &facts.edits).unwrap();
    assert!(
        text.contains("return fetch(ctx.env.API_URL + path, { headers: { key: ctx.env['KEY'] } })"),
        "{text}"
    );
    assert!(
        text.contains("const other = (ctx) => process.env.OTHER_TOKEN"),
        "{text}"
    );
    let manual: Vec<&str> = facts
        .findings
        .iter()
        .filter(|f| f.manual)
        .map(|f| &source[f.span.clone()])
        .collect();
    assert_eq!(
        manual,
        ["process.env.OTHER_TOKEN"],
        "a helper also called outside `execute` stays a manual step"
    );
}

#[test]
fn a_secret_read_at_the_top_moves_into_the_executes_that_use_it() {
    let source = "import { tool } from '@opencode-ai/plugin'\n\nconst API_KEY = process.env.SEARCH_API_KEY ?? \"\";\nconst TOKEN = (process.env.GITHUB_TOKEN || process.env.GH_TOKEN || '').trim()\nconst LIMIT = parseInt(process.env.SEARCH_LIMIT || '5')\nconst HOME = process.env.HOME\n\nexport const find = tool({\n  description: 'd',\n  args: {},\n  async execute(args) {\n    if (!API_KEY) return 'no key'\n    return `${API_KEY.length} ${LIMIT} ${HOME}`\n  },\n})\n\nexport const count = tool({\n  description: 'd',\n  args: {},\n  execute: async (args, { sessionID }) => {\n    return String(TOKEN.length) + sessionID\n  },\n})\n";
    let facts = facts_of(source);
    let findings: Vec<(bool, &str)> = facts
        .findings
        .iter()
        .map(|f| (f.manual, &source[f.span.clone()]))
        .collect();
    assert_eq!(
        findings,
        [(false, "process.env.SEARCH_LIMIT")],
        "a setting read at load is noted, not a step"
    );
    assert!(
        facts
            .tools
            .iter()
            .flat_map(|t| &t.findings)
            .all(|f| !f.manual),
        "{:?}",
        facts.tools
    );
    let text = edit::apply(source, &facts.edits).unwrap();
    assert_eq!(
        text,
        "const LIMIT = parseInt(process.env.SEARCH_LIMIT || '5')\nconst HOME = process.env.HOME\n\nexport const find = {\n  description: 'd',\n  parameters: {\n    type: 'object',\n    properties: {},\n  },\n  async execute(args, context) {\n    const API_KEY = context.env.SEARCH_API_KEY ?? \"\";\n    if (!API_KEY) return 'no key'\n    return `${API_KEY.length} ${LIMIT} ${HOME}`\n  },\n}\n\nexport const count = {\n  description: 'd',\n  parameters: {\n    type: 'object',\n    properties: {},\n  },\n  execute: async (args, { sessionId: sessionID, env }) => {\n    const TOKEN = (env.GITHUB_TOKEN || env.GH_TOKEN || '').trim()\n    return String(TOKEN.length) + sessionID\n  },\n}\n"
    );
    let notes: Vec<&str> = facts
        .tools
        .iter()
        .flat_map(|t| &t.findings)
        .map(|f| f.message.as_str())
        .filter(|m| m.contains("top of the module"))
        .collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
}

#[test]
fn a_secret_read_at_the_top_used_outside_execute_stays_a_step() {
    for source in [
        // Used by a helper that runs at load too.
        "import { tool } from '@opencode-ai/plugin'\nconst KEY = process.env.KEY\nfunction h() { return KEY }\nconst early = h()\nexport default tool({ description: 'd', args: {}, async execute() { return KEY + h() } })\n",
        // Computed with a call that may differ between load and call.
        "import { tool } from '@opencode-ai/plugin'\nconst KEY = process.env.KEY || Date.now()\nexport default tool({ description: 'd', args: {}, async execute() { return String(KEY) } })\n",
        // Shadowed inside `execute`.
        "import { tool } from '@opencode-ai/plugin'\nconst KEY = process.env.KEY\nexport default tool({ description: 'd', args: {}, async execute() { const f = (KEY) => KEY; return f(KEY) } })\n",
        // An arrow returning an expression has no body to declare it in.
        "import { tool } from '@opencode-ai/plugin'\nconst KEY = process.env.KEY\nexport default tool({ description: 'd', args: {}, execute: async () => KEY })\n",
    ] {
        let facts = facts_of(source);
        let manual: Vec<&str> = facts
            .findings
            .iter()
            .filter(|f| f.manual)
            .map(|f| &source[f.span.clone()])
            .collect();
        assert_eq!(manual, ["process.env.KEY"], "{source}");
    }
}

#[test]
fn a_result_object_built_by_a_helper_is_cut_to_its_output() {
    let source = "import { tool } from '@opencode-ai/plugin'\n\nfunction ok(text: string) {\n  return { output: text, metadata: { success: true } }\n}\nconst later = async (text: string) => ({ output: text, title: 't' })\nfunction maybe(x) {\n  if (x) return 'plain'\n  return { output: 'o' }\n}\n\nexport default tool({\n  description: 'd',\n  args: {},\n  async execute(args) {\n    if (args.a) return ok('done')\n    if (args.b) return await later('soon')\n    if (args.c) return later('soon')\n    return maybe(args.d)\n  },\n})\n";
    let text = rewritten(source);
    assert!(
        text.contains("    if (args.a) return (ok('done')).output\n    if (args.b) return (await later('soon')).output\n    if (args.c) return later('soon').then((result) => result.output)\n    return maybe(args.d)\n"),
        "{text}"
    );
}

#[test]
fn a_helper_called_without_the_context_is_handed_its_env() {
    let source = "import { tool } from '@opencode-ai/plugin'\n\nconst lookup = async (query: string, limit = 5,) => {\n  const key = Bun.env.SEARCH_INDEX_KEY\n  const home = process.env.HOME\n  return key ? `results for ${query} ${limit} ${home}` : `no key for ${query}`\n}\nfunction ping() {\n  return fetch('x', { headers: { key: process.env.PING_TOKEN ?? '' } })\n}\n\nexport default tool({\n  description: 'd',\n  args: {},\n  execute: async ({ query }) => {\n    await ping()\n    return lookup(query, 3)\n  },\n})\n";
    let text = rewritten(source);
    for expected in [
        "const lookup = async (query: string, limit = 5, env) => {\n  const key = env.SEARCH_INDEX_KEY\n  const home = process.env.HOME\n",
        "function ping(env) {\n  return fetch('x', { headers: { key: env.PING_TOKEN ?? '' } })\n}",
        "  execute: async ({ query }, context) => {\n    await ping(context.env)\n    return lookup(query, 3, context.env)\n  },",
    ] {
        assert!(text.contains(expected), "{expected}\nin\n{text}");
    }
}

#[test]
fn a_secret_read_at_the_top_moves_into_the_helper_that_uses_it() {
    let source = "import { tool } from '@opencode-ai/plugin'\n\nconst SECRET = process.env.INTERNAL_SECRET || \"\"\n\nfunction request(path: string) {\n  return `${path} ${SECRET ? 'signed' : 'unsigned'}`\n}\n\nexport default tool({\n  description: 'd',\n  args: {},\n  async execute(args, context) {\n    return request(`/x/${context.directory}`)\n  },\n})\n";
    let facts = facts_of(source);
    assert!(
        facts.findings.iter().all(|f| !f.manual),
        "{:?}",
        facts.findings
    );
    let text = edit::apply(source, &facts.edits).unwrap();
    assert!(
        text.starts_with("function request(path: string, env) {\n  const SECRET = env.INTERNAL_SECRET || \"\"\n  return `${path} ${SECRET ? 'signed' : 'unsigned'}`\n}\n"),
        "{text}"
    );
    assert!(
        text.contains("    return request(`/x/${context.directory}`, context.env)\n"),
        "{text}"
    );
}
