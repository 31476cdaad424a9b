//! The contract checks, as data: each source with the codes it must give.

use super::*;
use crate::module::parse::{Language, parse};

/// The codes `check_contract` gives a TypeScript module.
fn codes(source: &str) -> Vec<&'static str> {
    let file = Path::new("tools/t.ts");
    let program = parse(source, file, Language::TypeScript, false)
        .unwrap_or_else(|e| panic!("{source}: {e:?}"));
    check_contract(&program, file)
        .iter()
        .map(|d| d.code.name)
        .collect()
}

/// Every source must give exactly `expected`.
fn check(cases: &[(&str, &[&str])]) {
    for (source, expected) in cases {
        assert_eq!(codes(source), *expected, "{source}");
    }
}

const OK: &[&str] = &[];

#[test]
fn default_export_shapes() {
    check(&[
        (
            "export default { description: 'd', parameters: { type: 'object' }, execute() {} }",
            OK,
        ),
        (
            "const t = { description: 'd', parameters: { type: 'object' }, execute() {} }; export default t",
            OK,
        ),
        (
            "export default ({ description: 'd', parameters: { type: 'object' }, execute() {} })",
            OK,
        ),
        (
            "export default { description: 'd', parameters: { type: 'object' }, execute() {} } as const",
            OK,
        ),
        (
            "export default { description: 'd', parameters: { type: 'object' }, execute() {} } satisfies object",
            OK,
        ),
        (
            "export default <any>{ description: 'd', parameters: { type: 'object' }, execute() {} }",
            OK,
        ),
        (
            "export default t; const t = { description: 'd', parameters: { type: 'object' }, execute() {} }",
            OK,
        ),
        (
            "const t = { description: 'd', parameters: { type: 'object' }, execute() {} }; export { t as default }",
            OK,
        ),
        ("export const x = 1", &["module/no-default-export"]),
        (
            "export default function () {}",
            &["module/default-export-not-object"],
        ),
        (
            "export default class {}",
            &["module/default-export-not-object"],
        ),
        ("export default [1]", &["module/default-export-not-object"]),
        ("export default null", &["module/default-export-not-object"]),
        (
            "function f() {}; export default f",
            &["module/default-export-not-object"],
        ),
        (
            "export default makeTool()",
            &["module/checked-at-load-time"],
        ),
        (
            "import t from './t'; export default t",
            &["module/checked-at-load-time"],
        ),
        (
            "export { default } from './t'",
            &["module/checked-at-load-time"],
        ),
        (
            "const a = b; const b = a; export default a",
            &["module/checked-at-load-time"],
        ),
    ]);
}

#[test]
fn legacy_opencode_tools() {
    check(&[
        (
            "import { tool } from '@opencode-ai/plugin'; export default tool({ description: 'd', args: {}, execute() {} })",
            &["module/legacy-opencode-tool"],
        ),
        (
            "import { tool as t } from '@opencode-ai/plugin'; export const a = t({}); export const b = t({})",
            &["module/legacy-opencode-tool", "module/legacy-opencode-tool"],
        ),
        (
            "export default tool({ description: 'd' })",
            &["module/legacy-opencode-tool"],
        ),
        (
            "const x = tool({}); export default x",
            &["module/legacy-opencode-tool"],
        ),
        // A helper named `tool` in a file that also exports a proper tool:
        (
            "const helper = tool(); export default { description: 'd', parameters: { type: 'object' }, execute() {} }",
            OK,
        ),
    ]);
}

#[test]
fn description_rule() {
    let with = |d: &str| {
        format!(
            "export default {{ description: {d}, parameters: {{ type: 'object' }}, execute() {{}} }}"
        )
    };
    for ok in [
        "'Look up an order.'",
        "`Look up`",
        "\"x\"",
        "D",
        "('d' as string)",
    ] {
        let source = format!("const D = 'd'; {}", with(ok));
        assert_eq!(codes(&source), OK, "{source}");
    }
    for (bad, code) in [
        ("''", "module/invalid-description"),
        ("'   '", "module/invalid-description"),
        ("``", "module/invalid-description"),
        ("42", "module/invalid-description"),
        ("null", "module/invalid-description"),
        ("undefined", "module/invalid-description"),
        ("['a']", "module/invalid-description"),
        ("() => 'd'", "module/invalid-description"),
        ("`Look up ${x}`", "module/checked-at-load-time"),
        ("'a' + 'b'", "module/checked-at-load-time"),
        ("load()", "module/checked-at-load-time"),
        ("imported", "module/checked-at-load-time"),
    ] {
        assert_eq!(codes(&with(bad)), [code], "{bad}");
    }
    check(&[
        (
            "export default { parameters: { type: 'object' }, execute() {} }",
            &["module/missing-description"],
        ),
        (
            "export default { description() { return 'd' }, parameters: { type: 'object' }, execute() {} }",
            &["module/invalid-description"],
        ),
    ]);
}

#[test]
fn parameters_rule() {
    let with =
        |p: &str| format!("export default {{ description: 'd', parameters: {p}, execute() {{}} }}");
    for ok in [
        "{ type: 'object' }",
        "{ type: \"object\", properties: {}, required: [] }",
        "{ type: `object`, properties: { id: { type: 'string' } }, required: ['id'] }",
        "{ type: 'object', properties: { id: S }, required: ['id'] }",
        "{ type: 'object', properties: { ...shared }, required: ['anything'] }",
        "{ type: 'object', properties: { [k]: { type: 'string' } }, required: ['anything'] }",
        "{ ...base }",
        "{ type: 'object', properties: { id: schema() }, required: [...names] }",
    ] {
        let source = format!("const S = {{ type: 'string' }}; {}", with(ok));
        assert_eq!(codes(&source), OK, "{source}");
    }
    for (bad, expected) in [
        ("{}", &["module/invalid-parameters"][..]),
        ("{ type: 'string' }", &["module/invalid-parameters"]),
        ("{ type: 1 }", &["module/invalid-parameters"]),
        ("'object'", &["module/invalid-parameters"]),
        ("[]", &["module/invalid-parameters"]),
        ("() => ({})", &["module/invalid-parameters"]),
        (
            "{ type: 'object', properties: [] }",
            &["module/invalid-properties"],
        ),
        (
            "{ type: 'object', properties: { id: 'string' } }",
            &["module/invalid-properties"],
        ),
        (
            "{ type: 'object', properties: { id: true } }",
            &["module/invalid-properties"],
        ),
        (
            "{ type: 'object', properties: { id() {} } }",
            &["module/invalid-properties"],
        ),
        (
            "{ type: 'object', properties: { id: {} }, required: 'id' }",
            &["module/invalid-required"],
        ),
        (
            "{ type: 'object', properties: { id: {} }, required: ['name'] }",
            &["module/invalid-required"],
        ),
        (
            "{ type: 'object', properties: { id: {} }, required: [1, 'id'] }",
            &["module/invalid-required"],
        ),
        ("{ type: 'object', required: ['id'] }", &[]),
        (
            "z.toJSONSchema(z.object({}))",
            &["module/checked-at-load-time"],
        ),
        ("{ type: kind }", &["module/checked-at-load-time"]),
    ] {
        assert_eq!(codes(&with(bad)), expected, "{bad}");
    }
    check(&[(
        "export default { description: 'd', execute() {} }",
        &["module/missing-parameters"],
    )]);
}

#[test]
fn execute_rule() {
    let with = |e: &str| {
        format!("export default {{ description: 'd', parameters: {{ type: 'object' }}, {e} }}")
    };
    for ok in [
        "execute() {}",
        "async execute(args, context) {}",
        "execute: async (args) => args",
        "execute: function (args, context) {}",
        "execute: run",
        "execute: arrow",
        "execute",
        "execute: (...all) => all",
    ] {
        let source = format!(
            "function run(a) {{}}; const arrow = (a, b) => a; const execute = run; {}",
            with(ok)
        );
        assert_eq!(codes(&source), OK, "{source}");
    }
    for (bad, code) in [
        ("execute(args, context, extra) {}", "module/execute-arity"),
        ("execute: (a, b, c, d) => a", "module/execute-arity"),
        ("execute: 'run'", "module/invalid-execute"),
        ("execute: {}", "module/invalid-execute"),
        ("execute: class {}", "module/invalid-execute"),
        ("execute: wrap(run)", "module/checked-at-load-time"),
        (
            "get execute() { return run }",
            "module/checked-at-load-time",
        ),
        ("run() {}", "module/missing-execute"),
    ] {
        assert_eq!(codes(&with(bad)), [code], "{bad}");
    }
}

#[test]
fn commonjs_default_export() {
    let file = Path::new("tools/t.cjs");
    let source =
        "module.exports = { description: 'd', parameters: { type: 'object' }, execute() {} }";
    let program = parse(source, file, Language::JavaScript, true).unwrap();
    assert!(check_contract(&program, file).is_empty());
    let program = parse("module.exports = 'x'", file, Language::JavaScript, true).unwrap();
    let codes: Vec<_> = check_contract(&program, file)
        .iter()
        .map(|d| d.code.name)
        .collect();
    assert_eq!(codes, ["module/default-export-not-object"]);
}
