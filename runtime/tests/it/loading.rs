//! Loading: TypeScript, relative imports, JSON, packages (ESM and CommonJS),
//! `node:*` and `bun`, and the errors when something does not resolve.

use std::path::Path;

use crate::common::*;
use runtime::{CallOutcome, Host};
use serde_json::json;

fn write(root: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        let path = root.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn host_for(root: &Path) -> Host {
    host_in(root.to_path_buf(), test_limits())
}

/// Writes `files` into a fresh project, loads its `tool.ts` and calls it.
fn call_tool_ts(files: &[(&str, &str)], args: &str) -> CallOutcome {
    let root = tempfile::tempdir().unwrap();
    write(root.path(), files);
    let mut host = host_for(root.path());
    host.load_tool("t", Path::new("tool.ts")).unwrap();
    host.call("t", args, ctx()).outcome
}

#[test]
fn typescript_relative_js_alias_and_node_path() {
    on_big_stack(|| {
        let mut host = load_fixture("basic", test_limits());
        let out = call_json(&mut host, "basic", json!({ "name": "Ada" }));
        assert_eq!(out["greeting"], "hello Ada");
        assert_eq!(out["joined"], "a/b");
        assert_eq!(out["session"], "ses_1");
        assert_eq!(out["agent"], "researcher");
        assert_eq!(out["directory"], fixture("basic").display().to_string());
        let dir = fixture("basic").display().to_string();
        assert_eq!(
            out["meta"],
            json!({ "dir": dir, "dirname": dir, "url": format!("file://{dir}/tool.ts"), "file": format!("{dir}/tool.ts") })
        );
    });
}

#[test]
fn zod_parameters_are_computed_and_parse_runs() {
    on_big_stack(|| {
        let dir = fixture("zod");
        assert!(
            dir.join("node_modules/zod").is_dir(),
            "run `npm ci --prefix tests/fixtures/runtime/zod` first"
        );
        let mut host = host_in(dir.clone(), test_limits());
        let info = host.load_tool("zod", &dir.join("tool.ts")).unwrap();
        let schema: serde_json::Value = serde_json::from_str(&info.parameters_json).unwrap();
        assert_eq!(schema["type"], "object");
        assert_eq!(
            schema["properties"]["id"],
            json!({ "type": "string", "description": "The order id" })
        );
        assert_eq!(schema["required"], json!(["id"]));
        let ok = host.call("zod", r#"{"id":"A-1","count":2}"#, ctx());
        assert_eq!(ok.outcome, CallOutcome::Ok("order A-1 x2".into()));
        let bad = host.call("zod", r#"{"id":5}"#, ctx());
        let CallOutcome::ToolError(message) = bad.outcome else {
            panic!("{:?}", bad.outcome)
        };
        assert!(message.contains("expected string"), "{message}");
    });
}

#[test]
fn zod_without_node_modules_is_a_load_error() {
    on_big_stack(|| {
        let root = tempfile::tempdir().unwrap();
        std::fs::copy(fixture("zod").join("tool.ts"), root.path().join("tool.ts")).unwrap();
        let mut host = host_for(root.path());
        let error = host.load_tool("zod", Path::new("tool.ts")).unwrap_err();
        assert_eq!(
            error.reason,
            "Cannot find package 'zod' imported from tool.ts"
        );
    });
}

#[test]
fn packages_esm_commonjs_and_json() {
    on_big_stack(|| {
        let root = tempfile::tempdir().unwrap();
        write(
            root.path(),
            &[
                (
                    "node_modules/cjs-lib/package.json",
                    r#"{ "name": "cjs-lib", "main": "lib/index.js" }"#,
                ),
                (
                    "node_modules/cjs-lib/lib/index.js",
                    "const helper = require('./helper');\nconst path = require('path');\nmodule.exports = { shout: (s) => helper.upper(s) + '!', base: path.basename('/x/y.txt'), data: require('../data.json') };\n",
                ),
                (
                    "node_modules/cjs-lib/lib/helper.js",
                    "exports.upper = (s) => s.toUpperCase();\n",
                ),
                ("node_modules/cjs-lib/data.json", r#"{ "n": 7 }"#),
                (
                    "node_modules/esm-lib/package.json",
                    r#"{ "name": "esm-lib", "type": "module", "exports": { ".": { "import": "./esm.js", "require": "./cjs.cjs" }, "./extra": "./extra.js" } }"#,
                ),
                (
                    "node_modules/esm-lib/esm.js",
                    "export const kind = 'esm';\nexport default function twice(x) { return x * 2; }\n",
                ),
                (
                    "node_modules/esm-lib/cjs.cjs",
                    "module.exports = { kind: 'cjs' };\n",
                ),
                (
                    "node_modules/esm-lib/extra.js",
                    "export const extra = true;\n",
                ),
                ("config.json", r#"{ "greeting": "hi" }"#),
                (
                    "tool.ts",
                    "import cjs, { shout } from 'cjs-lib';\nimport twice, { kind } from 'esm-lib';\nimport { extra } from 'esm-lib/extra';\nimport config from './config.json' with { type: 'json' };\nexport default {\n  description: 'uses packages',\n  parameters: { type: 'object', properties: {} },\n  async execute() {\n    const dynamic = await import('node:os');\n    return { shout: shout('hey'), base: cjs.base, data: cjs.data, twice: twice(21), kind, extra, greeting: config.greeting, eol: dynamic.EOL, required: require('esm-lib').kind };\n  },\n};\n",
                ),
            ],
        );
        let mut host = host_for(root.path());
        host.load_tool("pkg", Path::new("tool.ts")).unwrap();
        let out = call_json(&mut host, "pkg", json!({}));
        assert_eq!(
            out,
            json!({ "shout": "HEY!", "base": "y.txt", "data": { "n": 7 }, "twice": 42, "kind": "esm", "extra": true, "greeting": "hi", "eol": "\n", "required": "cjs" })
        );
    });
}

/// Shapes boa 0.22 cannot run as written, which the loader rewrites: a
/// named function with a binding inside a class method's computed key
/// (TypeScript's private-method helpers; the openai SDK) in an ES module and
/// in a CommonJS file, and a call of a function named `async` (asynckit).
#[test]
fn code_boa_cannot_run_as_written_still_runs() {
    on_big_stack(|| {
        let root = tempfile::tempdir().unwrap();
        let key_class = "let _m;\nclass Keyed {\n  [(_m = function _m(a) { var doubled = a * 2; a = doubled; return a; }, 'run')]() { return _m.call(this, 21); }\n}\n";
        write(
            root.path(),
            &[
                (
                    "node_modules/quirks/package.json",
                    r#"{ "name": "quirks", "main": "index.js" }"#,
                ),
                (
                    "node_modules/quirks/index.js",
                    &format!(
                        "function async(fn) {{ return function () {{ return 'async ' + fn(); }}; }}\nconst wrapped = async(() => 'called');\n{key_class}module.exports = {{ wrapped: wrapped(), keyed: new Keyed().run(), name: _m.name }};\n"
                    ),
                ),
                (
                    "keyed.js",
                    &format!("{key_class}export const keyed = new Keyed().run();\n"),
                ),
                (
                    "tool.ts",
                    "import quirks from 'quirks';\nimport { keyed } from './keyed.js';\nexport default {\n  description: 'quirks',\n  parameters: { type: 'object', properties: {} },\n  async execute() { return { ...quirks, esm: keyed }; },\n};\n",
                ),
            ],
        );
        let mut host = host_for(root.path());
        host.load_tool("quirks", Path::new("tool.ts")).unwrap();
        let out = call_json(&mut host, "quirks", json!({}));
        assert_eq!(
            out,
            json!({ "wrapped": "async called", "keyed": 42, "name": "_m", "esm": 42 })
        );
    });
}

#[test]
fn unresolvable_imports_name_what_is_missing() {
    on_big_stack(|| {
        let root = tempfile::tempdir().unwrap();
        let tool = |import: &str| {
            format!(
                "import x from '{import}';\nexport default {{ description: 'd', parameters: {{ type: 'object' }}, execute() {{ return x; }} }};\n"
            )
        };
        write(
            root.path(),
            &[
                ("missing_pkg.ts", &tool("left-pad/sub")),
                ("scoped.ts", &tool("@acme/tools")),
                ("missing_file.ts", &tool("./nowhere.js")),
                ("cluster.ts", &tool("node:cluster")),
                ("bare_builtin.ts", &tool("dgram")),
            ],
        );
        let mut host = host_for(root.path());
        for (file, reason) in [
            (
                "missing_pkg.ts",
                "Cannot find package 'left-pad' imported from missing_pkg.ts",
            ),
            (
                "scoped.ts",
                "Cannot find package '@acme/tools' imported from scoped.ts",
            ),
            (
                "missing_file.ts",
                "Cannot find module './nowhere.js' imported from missing_file.ts",
            ),
            ("cluster.ts", "node:cluster is not provided by this runtime"),
            (
                "bare_builtin.ts",
                "node:dgram is not provided by this runtime",
            ),
            ("absent.ts", "module file not found: absent.ts"),
        ] {
            let error = host.load_tool(file, Path::new(file)).unwrap_err();
            assert_eq!(error.reason, reason);
        }
    });
}

#[test]
fn typescript_that_needs_transforming_still_loads() {
    on_big_stack(|| {
        let outcome = call_tool_ts(
            &[(
                "tool.ts",
                "enum Color { Red, Green }\nclass Box { constructor(private value: number) {} get() { return this.value; } }\nexport default { description: 'd', parameters: { type: 'object' }, execute() { return `${Color.Green}:${new Box(3).get()}`; } };\n",
            )],
            "{}",
        );
        assert_eq!(outcome, CallOutcome::Ok("1:3".into()));
    });
}

#[test]
fn error_positions_point_at_the_typescript_source() {
    on_big_stack(|| {
        let outcome = call_tool_ts(
            &[(
                "tool.ts",
                "interface Args {\n  id: string;\n}\nexport default {\n  description: 'd',\n  parameters: { type: 'object' },\n  execute(args: Args): string {\n    try { (null as any).x; } catch (e: any) { return String(e.stack); }\n    return '';\n  },\n};\n",
            )],
            "{}",
        );
        let CallOutcome::Ok(stack) = outcome else {
            panic!()
        };
        assert!(stack.contains("tool.ts:8:"), "{stack}");
    });
}

#[test]
fn an_interface_imported_without_type_does_not_break_linking() {
    on_big_stack(|| {
        let outcome = call_tool_ts(
            &[
                (
                    "types.ts",
                    "export interface Order { id: string }\nexport const PREFIX = 'order-';\n",
                ),
                (
                    "tool.ts",
                    "import { Order, PREFIX } from './types.js';\nexport default { description: 'd', parameters: { type: 'object' }, execute(args: Order) { return PREFIX + args.id; } };\n",
                ),
            ],
            r#"{"id":"7"}"#,
        );
        assert_eq!(outcome, CallOutcome::Ok("order-7".into()));
    });
}

#[test]
fn every_listed_builtin_module_imports() {
    on_big_stack(|| {
        let imports: String = runtime::BUILTIN_MODULES
            .iter()
            .enumerate()
            .map(|(i, name)| format!("import * as m{i} from '{name}';\n"))
            .collect();
        let count = runtime::BUILTIN_MODULES.len();
        let namespaces: Vec<String> = (0..count).map(|i| format!("m{i}")).collect();
        let node_fs = runtime::BUILTIN_MODULES
            .iter()
            .position(|name| *name == "node:fs")
            .unwrap();
        let source = format!(
            "{imports}import fs from 'fs';\nimport Bun from 'bun';\nconst all = [{}];\nexport default {{ description: 'd', parameters: {{ type: 'object' }}, execute() {{ return [all.filter((m) => m.default !== undefined).length, fs.existsSync === m{node_fs}.existsSync, Bun === globalThis.Bun]; }} }};\n",
            namespaces.join(", ")
        );
        let CallOutcome::Ok(text) = call_tool_ts(&[("tool.ts", &source)], "{}") else {
            panic!()
        };
        let out: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(out, json!([count, true, true]));
    });
}

#[test]
fn a_module_that_ends_in_an_export_list_without_a_semicolon_loads() {
    // axios's index.js ends this way; boa's parser wants the semicolon.
    on_big_stack(|| {
        let outcome = call_tool_ts(
            &[
                (
                    "lib.js",
                    "const a = 1, b = 2;\nexport {\n  a as default,\n  b\n}",
                ),
                (
                    "tool.ts",
                    "import a, { b } from './lib.js';\nexport default { description: 'd', parameters: { type: 'object' }, execute() { return String(a + b); } }",
                ),
            ],
            "{}",
        );
        assert_eq!(outcome, CallOutcome::Ok("3".into()));
    });
}

#[test]
fn a_module_over_the_size_limit_fails_with_its_name() {
    on_big_stack(|| {
        let root = tempfile::tempdir().unwrap();
        write(
            root.path(),
            &[(
                "tool.ts",
                "import big from './big.js';\nexport default { description: 'd', parameters: { type: 'object' }, execute() { return big; } };\n",
            )],
        );
        // 50 MB of one comment: valid JavaScript, so only the size refuses it.
        let mut big = b"// ".to_vec();
        big.resize(50 * 1024 * 1024, b'x');
        std::fs::write(root.path().join("big.js"), &big).unwrap();
        std::fs::write(root.path().join("huge.ts"), &big).unwrap();
        let mut host = host_for(root.path());
        // A CommonJS file (no `import`/`export`) is read by the prelude's
        // `require`, which adds where it was asked for.
        let error = host.load_tool("tool", Path::new("tool.ts")).unwrap_err();
        assert!(
            error
                .reason
                .starts_with("cannot load big.js: it is over the 32 MiB limit for a module"),
            "{}",
            error.reason
        );
        let error = host.load_tool("huge", Path::new("huge.ts")).unwrap_err();
        assert_eq!(
            error.reason,
            "cannot load huge.ts: it is over the 32 MiB limit for a module"
        );
    });
}
