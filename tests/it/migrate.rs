//! `beeuni tools migrate` on the legacy projects under
//! `tests/fixtures/migrate/`: what the user reads, what lands on disk, that
//! the result validates, that a second run does nothing, that nothing outside
//! the legacy folder, `tools/` and the manifest changes, and that a migrated
//! tool answers exactly what the legacy tool answered.
//!
//! Fixtures cannot commit a `node_modules` (it is ignored), so every copy
//! gets `node_modules/@opencode-ai/plugin` from `plugin-stand-in/`: a
//! `tool()` that adapts Beeuni's call context to opencode's, so the legacy
//! files run in the same runtime.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use runtime::{CallContext, CallOutcome, Host, HostConfig};
use test_support::copy_tree;

use crate::common::{Run, assert_contains, beeuni_in};

fn beeuni(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("migrate-cache");
    beeuni_in(dir, args, env, &cache)
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/migrate")
        .join(name)
}

/// A copy of a fixture with the stand-in plugin package installed.
fn project(name: &str) -> tempfile::TempDir {
    let temp = tempfile::tempdir().unwrap();
    copy_tree(&fixture(name), temp.path());
    copy_tree(
        &fixture("plugin-stand-in"),
        &temp.path().join("node_modules/@opencode-ai/plugin"),
    );
    temp
}

/// Every file under `root` with its bytes, by `/`-separated relative path.
fn tree(root: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if entry.file_type().unwrap().is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(root).unwrap();
                let shown = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/");
                out.insert(shown, std::fs::read(&path).unwrap());
            }
        }
    }
    out
}

fn snapshot_text(run: &Run, root: &Path) -> String {
    let root = root.display().to_string();
    format!(
        "exit code: {}\n--- stdout\n{}--- stderr\n{}",
        run.code,
        run.stdout.replace(&root, "[ROOT]"),
        run.stderr.replace(&root, "[ROOT]")
    )
}

/// Calls a legacy tool (an export of a legacy file) in the runtime, through
/// the stand-in `tool()`.
fn call_legacy(root: &Path, file: &str, export: &str, args: &str, env: &[(&str, &str)]) -> String {
    let entry = root.join(format!(".legacy-entry-{export}.mjs"));
    std::fs::write(
        &entry,
        // opencode also takes a definition written as a plain object; the
        // stand-in adapts it as it adapts what `tool()` built.
        format!("import * as legacy from './{file}'\nimport {{ tool }} from '@opencode-ai/plugin'\nconst definition = legacy[{export:?}]\nexport default definition.parameters ? definition : tool(definition)\n"),
    )
    .unwrap();
    // Under opencode the secret was in the process environment.
    let mut config = HostConfig::new(root);
    config
        .box_env
        .extend(env.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let mut host = Host::new(config).unwrap();
    host.load_tool("legacy", &entry)
        .unwrap_or_else(|e| panic!("{file} loads through the stand-in: {}", e.reason));
    std::fs::remove_file(&entry).unwrap();
    let context = CallContext::new("s-1", "beeuni", env.iter().copied());
    match host.call("legacy", args, context).outcome {
        CallOutcome::Ok(text) => text,
        CallOutcome::ToolError(message) => panic!("{file} threw: {message}"),
    }
}

/// The legacy tools of the `legacy` fixture that need no network: (declared
/// name, legacy file, export, arguments).
const SAME_OUTPUT: &[(&str, &str, &str, &str)] = &[
    (
        "lookup_order",
        "harnesses/opencode/tools/lookup_order.ts",
        "default",
        r#"{"id": "A-1042", "include_items": true}"#,
    ),
    (
        "grep_tool",
        "harnesses/opencode/tools/grep.ts",
        "default",
        r#"{"word": "bees"}"#,
    ),
    (
        "notes_save",
        "harnesses/opencode/tools/notes.ts",
        "save",
        r#"{"text": "buy honey", "kind": "todo"}"#,
    ),
    (
        "mixed",
        "harnesses/opencode/tools/mixed.ts",
        "default",
        r#"{"file": "lib/format.ts"}"#,
    ),
    (
        "mixed_count_lines",
        "harnesses/opencode/tools/mixed.ts",
        "count_lines",
        r#"{"file": "lib/format.ts"}"#,
    ),
    (
        "notes_list",
        "harnesses/opencode/tools/notes.ts",
        "list",
        "{}",
    ),
    (
        "notes_v2_save",
        "harnesses/opencode/tools/notes.v2.save.ts",
        "default",
        r#"{"text": "hello"}"#,
    ),
];

const SECRET: (&str, &str) = ("ORDERS_API_KEY", "secret-for-the-test");

/// Calls every tool of `tools` before the migration (the legacy file) and
/// after it (the declared module, through `beeuni tools call`).
fn assert_same_output(fixture: &str, tools: &[(&str, &str, &str, &str)], env: &[(&str, &str)]) {
    let temp = project(fixture);
    let root = temp.path();
    let before: Vec<String> = tools
        .iter()
        .map(|(_, file, export, args)| call_legacy(root, file, export, args, env))
        .collect();
    let run = beeuni(root, &["tools", "migrate"], &[]);
    assert_contains(&run.stdout, "declared");
    for ((name, _, _, args), legacy) in tools.iter().zip(&before) {
        let after = beeuni(
            root,
            &["tools", "call", name, "--args", args, "--session", "s-1"],
            env,
        );
        assert_eq!(after.code, 0, "{name}: {}", after.stderr);
        assert_eq!(
            after.stdout.trim_end_matches('\n'),
            legacy,
            "{name} answers as before"
        );
    }
}

#[test]
fn a_migrated_tool_answers_what_the_legacy_tool_answered() {
    let temp = project("legacy");
    let (_, file, export, args) = SAME_OUTPUT[0];
    let legacy = call_legacy(temp.path(), file, export, args, &[SECRET]);
    assert!(
        legacy.contains("key 19 chars"),
        "the legacy tool read the secret from process.env: {legacy}"
    );
    assert_same_output("legacy", SAME_OUTPUT, &[SECRET]);
    assert_same_output(
        "tool_folder",
        &[
            (
                "todo_add",
                "harnesses/opencode/tool/todo.ts",
                "add",
                r#"{"item": "water the bees"}"#,
            ),
            (
                "shell_date",
                "harnesses/opencode/tool/shell_date.ts",
                "default",
                r#"{"format": "+fixed"}"#,
            ),
            ("ask", "harnesses/opencode/tool/ask.ts", "default", "{}"),
        ],
        &[],
    );
}

#[test]
fn computed_args_are_run_with_zod_from_the_project() {
    let zod = fixture("computed").join("node_modules/zod");
    assert!(
        zod.is_dir(),
        "run `npm ci --prefix tests/fixtures/migrate/computed` first (cargo xtask ci does)"
    );
    let temp = project("computed");
    let root = temp.path();
    let run = beeuni(root, &["tools", "migrate"], &[]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_contains(&run.stdout, "~  convert  migrated with notes");
    assert_contains(&run.stdout, "`args` are computed");
    let module = std::fs::read_to_string(root.join("tools/convert.ts")).unwrap();
    for expected in [
        "enum: ['km', 'mi']",
        "description: 'The unit to convert to'",
        "required: ['unit']",
    ] {
        assert!(module.contains(expected), "{expected} in\n{module}");
    }
    assert!(!module.contains("9007199254740991"), "{module}");
    assert!(
        !tree(root).keys().any(|p| p.contains(".beeuni-")),
        "the stand-in files are gone"
    );
    assert_same_output(
        "computed",
        &[(
            "convert",
            "harnesses/opencode/tools/convert.ts",
            "default",
            r#"{"unit": "mi", "meters": 3218, "precision": 1}"#,
        )],
        &[],
    );
}

#[test]
fn tool_folder_with_a_tools_key_and_a_file_in_the_way() {
    let temp = project("tool_folder");
    let root = temp.path();
    let run = beeuni(root, &["tools", "migrate"], &[]);
    insta::assert_snapshot!("migrate_tool_folder", snapshot_text(&run, root));
    let manifest = std::fs::read_to_string(root.join("beeuni.yaml")).unwrap();
    insta::assert_snapshot!("migrate_tool_folder_manifest", manifest);
    let todo = std::fs::read_to_string(root.join("tools/todo.ts")).unwrap();
    assert!(todo.ends_with("\n\nexport default add\n"), "{todo}");
    let date = std::fs::read(root.join("tools/shell_date.ts")).unwrap();
    let lone_lf = date.windows(2).any(|w| w[1] == b'\n' && w[0] != b'\r');
    assert!(
        !lone_lf && date.starts_with(b"export default {\r\n"),
        "CRLF is kept"
    );
    assert_eq!(
        std::fs::read_to_string(root.join("tools/notes.ts")).unwrap(),
        std::fs::read_to_string(fixture("tool_folder").join("tools/notes.ts")).unwrap(),
        "the existing module is not overwritten"
    );
    assert!(root.join("harnesses/opencode/tool/notes.ts").exists());
    let validate = beeuni(root, &["validate"], &[]);
    assert_eq!(validate.code, 0, "{}", validate.stdout);
    let migrated = tree(root);
    beeuni(root, &["tools", "migrate"], &[]);
    assert_eq!(tree(root), migrated, "a second run writes nothing");
}

#[test]
fn migration_reports_each_tool_validates_and_a_second_run_does_nothing() {
    let temp = project("legacy");
    let root = temp.path();
    let original = tree(root);
    let run = beeuni(root, &["tools", "migrate"], &[]);
    insta::assert_snapshot!("migrate_legacy", snapshot_text(&run, root));
    let migrated = tree(root);
    for (path, bytes) in &original {
        let allowed = path.starts_with("harnesses/opencode/tools/")
            || path.starts_with("tools/")
            || path == "beeuni.yaml";
        if !allowed {
            assert_eq!(
                migrated.get(path),
                Some(bytes),
                "{path} is outside the legacy folder, tools/ and the manifest"
            );
        }
    }
    for path in migrated.keys() {
        assert!(
            original.contains_key(path) || path.starts_with("tools/"),
            "{path} is new and outside tools/"
        );
    }
    for module in [
        "tools/lookup_order.ts",
        "tools/notes.ts",
        "tools/weather.ts",
    ] {
        insta::assert_snapshot!(
            module.replace(['/', '.'], "_"),
            String::from_utf8_lossy(&migrated[module])
        );
    }
    insta::assert_snapshot!(
        "migrate_legacy_manifest",
        String::from_utf8_lossy(&migrated["beeuni.yaml"])
    );
    let validate = beeuni(root, &["validate"], &[]);
    assert_eq!(validate.code, 0, "{}", validate.stdout);
    assert!(!validate.stdout.contains("error["), "{}", validate.stdout);

    let again = beeuni(root, &["tools", "migrate"], &[]);
    assert_eq!(tree(root), migrated, "a second run writes nothing");
    assert!(
        again.stdout.starts_with("Nothing left to migrate"),
        "{}",
        again.stdout
    );
}

#[test]
fn dry_run_prints_the_plan_and_diffs_and_writes_nothing() {
    let temp = project("legacy");
    let root = temp.path();
    let original = tree(root);
    let run = beeuni(root, &["tools", "migrate", "--dry-run"], &[]);
    assert_eq!(tree(root), original, "--dry-run writes nothing");
    assert_eq!(run.code, 1, "manual steps remain");
    assert!(
        run.stdout.starts_with("Would migrate 8 of 11 legacy tools from harnesses/opencode/tools/ to tools/ (1 deleted as a Beeuni copy, 2 left in place)\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("--- a/harnesses/opencode/tools/grep.ts\n+++ /dev/null\n")
    );
    assert!(run.stdout.contains("--- /dev/null\n+++ b/tools/grep.ts\n"));
    assert!(run.stdout.contains(
        "+  grep_tool: tools/grep.ts  # migrated from harnesses/opencode/tools/grep.ts\n"
    ));
    assert!(run.stdout.ends_with("Nothing was written (--dry-run).\n"));
}

#[test]
fn json_report_lists_every_legacy_tool_with_its_status() {
    let temp = project("legacy");
    let run = beeuni(
        temp.path(),
        &["tools", "migrate", "--dry-run", "--format", "json"],
        &[],
    );
    let document: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(document["applied"], false);
    let statuses: BTreeMap<String, String> = document["report"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"]
                    .as_str()
                    .or(t["opencode_name"].as_str())
                    .unwrap()
                    .to_string(),
                t["status"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected: BTreeMap<String, String> = [
        ("web_search", "deleted_beeuni_copy"),
        ("computed", "needs_manual_step"),
        ("factory", "needs_manual_step"),
        ("grep_tool", "migrated_with_notes"),
        ("mixed", "migrated_with_notes"),
        ("mixed_count_lines", "migrated"),
        ("lookup_order", "migrated_with_notes"),
        ("notes_save", "migrated_with_notes"),
        ("notes_list", "migrated"),
        ("notes_v2_save", "migrated_with_notes"),
        ("weather_forecast", "migrated_with_notes"),
    ]
    .into_iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(statuses, expected);
    assert!(document["diffs"].as_array().unwrap().len() >= 10);
}

#[test]
fn a_folder_outside_the_project_or_missing_is_a_usage_error() {
    let temp = project("legacy");
    let root = temp.path();
    let original = tree(root);
    let outside = beeuni(root, &["tools", "migrate", "--from", "../elsewhere"], &[]);
    assert_eq!(outside.code, 2);
    assert_eq!(
        outside.stderr,
        "error: --from ../elsewhere is outside the project\n"
    );
    let missing = beeuni(root, &["tools", "migrate", "--from", "nowhere"], &[]);
    assert_eq!(missing.code, 2);
    assert_eq!(
        missing.stderr,
        "error: nowhere is not a folder of this project\n"
    );
    assert_eq!(tree(root), original);
}

#[test]
fn a_project_without_legacy_tools_has_nothing_to_migrate() {
    let temp = tempfile::tempdir().unwrap();
    std::fs::write(temp.path().join("beeuni.yaml"), "agents: {}\n").unwrap();
    let run = beeuni(temp.path(), &["tools", "migrate"], &[]);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        "No legacy tool folder (harnesses/opencode/tools/ or harnesses/opencode/tool/): nothing to migrate.\n"
    );
    assert_eq!(
        std::fs::read_to_string(temp.path().join("beeuni.yaml")).unwrap(),
        "agents: {}\n"
    );
}

/// A helper handed opencode's whole context keeps reading its field names
/// through a view in opencode's shape; one that reads a field Beeuni has no
/// counterpart for (`messageID`) is a step at the call, not a `✓`.
#[test]
fn a_context_handed_to_a_helper_goes_in_opencodes_shape() {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path();
    std::fs::write(root.join("beeuni.yaml"), "agents: {}\n").unwrap();
    let tools = root.join("harnesses/opencode/tools");
    std::fs::create_dir_all(root.join("harnesses/opencode/lib")).unwrap();
    std::fs::create_dir_all(&tools).unwrap();
    let lib = root.join("harnesses/opencode/lib");
    std::fs::write(
        lib.join("who.ts"),
        "export const who = (c: { sessionID: string; worktree: string }) => `${c.sessionID} in ${c.worktree === process.cwd()}`\n",
    )
    .unwrap();
    std::fs::write(
        lib.join("which.ts"),
        "export const which = (c: { messageID: string }) => `message ${c.messageID}`\n",
    )
    .unwrap();
    let tool = |name: &str, helper: &str| {
        format!(
            "import {{ tool }} from \"@opencode-ai/plugin\"\n\
             import {{ {helper} }} from \"../lib/{helper}.ts\"\n\
             export default tool({{\n  description: \"{name}\",\n  args: {{}},\n  async execute(args, context) {{\n    return {helper}(context)\n  }},\n}})\n"
        )
    };
    std::fs::write(tools.join("who.ts"), tool("who", "who")).unwrap();
    std::fs::write(tools.join("which.ts"), tool("which", "which")).unwrap();
    let (code, document) = migrate_json(root, false);
    assert_eq!(code, 1, "{document:#}");
    let who = tool_line(&document, "who");
    assert_eq!(who["status"], "migrated_with_notes", "{who:#}");
    let which = tool_line(&document, "which");
    assert_eq!(which["status"], "needs_manual_step", "{which:#}");
    let step = which["notes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["manual"] == true)
        .unwrap();
    assert_contains(step["message"].as_str().unwrap(), "reads `messageID`");
    // At its marker in the module as written, just above the call.
    let written = std::fs::read_to_string(root.join("tools/which.ts")).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    let marker = step["line"].as_u64().unwrap() as usize;
    assert!(
        lines[marker - 1].contains("// TODO(beeuni migrate): the context is handed on here")
            && lines[marker].contains("return which("),
        "{written}"
    );
    // The view answers as opencode's context did.
    let after = beeuni(
        root,
        &[
            "tools",
            "call",
            "who",
            "--args",
            "{}",
            "--session",
            "s-7",
            "--sandbox",
            "off",
        ],
        &[],
    );
    assert_eq!(after.stdout, "s-7 in true\n", "{}", after.stderr);
}

#[test]
fn a_declared_legacy_file_stays_and_an_unlisted_copy_is_flagged() {
    let temp = project("legacy");
    let root = temp.path();
    let manifest = root.join("beeuni.yaml");
    let mut text = std::fs::read_to_string(&manifest).unwrap();
    text.push_str(
        "tools:\n  show: beeuni:show\n  search_notes: harnesses/opencode/tools/grep.ts\n",
    );
    std::fs::write(&manifest, &text).unwrap();
    let run = beeuni(root, &["tools", "migrate", "--dry-run"], &[]);
    assert_contains(
        &run.stdout,
        "to do: harnesses/opencode/tools/grep.ts:3: beeuni.yaml declares it as `search_notes`; rewrite it where it is with `beeuni tools migrate --from harnesses/opencode/tools --to harnesses/opencode/tools`\n",
    );
    assert_contains(
        &run.stdout,
        "to do: harnesses/opencode/tools/web_search.ts:1: this project's `tools:` key does not list `web_search`, so sessions no longer get it; add `web_search: beeuni:web_search` to keep it\n",
    );
    assert!(
        !run.stdout.contains("+++ b/tools/grep.ts"),
        "{}",
        run.stdout
    );
}

#[test]
fn json_after_a_real_run_carries_validate_s_verdict() {
    let temp = project("computed");
    let run = beeuni(temp.path(), &["tools", "migrate", "--format", "json"], &[]);
    let document: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(document["applied"], true);
    assert_eq!(document["validate"]["exit_code"], 0);
    assert_eq!(document["report"]["manifest"], "beeuni.yaml");
    assert_eq!(document["report"]["tools"][0]["module"], "tools/convert.ts");
    assert_eq!(run.code, 0);
}

// ---------------------------------------------------------------------------
// Legacy files as they are found in real projects (`tests/fixtures/migrate/
// repros/`): each shape once, with what the user must see.

fn repro(name: &str) -> tempfile::TempDir {
    project(&format!("repros/{name}"))
}

/// `tools migrate --format json` (with `--dry-run` when `dry`), parsed.
fn migrate_json(root: &Path, dry: bool) -> (i32, serde_json::Value) {
    let mut args = vec!["tools", "migrate", "--format", "json"];
    if dry {
        args.push("--dry-run");
    }
    let run = beeuni(root, &args, &[]);
    let document = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", run.stdout, run.stderr));
    (run.code, document)
}

/// The report line of the tool opencode called `opencode_name`.
fn tool_line<'a>(document: &'a serde_json::Value, opencode_name: &str) -> &'a serde_json::Value {
    document["report"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["opencode_name"] == opencode_name)
        .unwrap_or_else(|| panic!("no report line for {opencode_name}: {document:#}"))
}

/// The messages of a tool's notes, as `file:line: message`, manual ones first marked `to do`.
fn notes_of(line: &serde_json::Value) -> Vec<String> {
    line["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            format!(
                "{}: {}:{}: {}",
                if n["manual"] == true { "to do" } else { "note" },
                n["file"].as_str().unwrap(),
                n["line"],
                n["message"].as_str().unwrap()
            )
        })
        .collect()
}

fn read(root: &Path, path: &str) -> String {
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `validate --deep` passes on the migrated project.
#[track_caller]
fn assert_deep_validates(root: &Path) {
    let run = beeuni(root, &["validate", "--deep"], &[]);
    assert!(
        run.code == 0 && !run.stdout.contains("error["),
        "validate --deep: {}\n{}",
        run.stdout,
        run.stderr
    );
}

#[test]
fn a_factory_built_tool_without_the_plugin_import_is_a_tool_not_nothing() {
    let temp = repro("factory_no_plugin");
    let (code, document) = migrate_json(temp.path(), true);
    let line = tool_line(&document, "read_page");
    assert_ne!(line["status"], "migrated", "{document:#}");
    assert_ne!(
        code, 0,
        "a tool left behind is not a clean run: {document:#}"
    );
    assert!(
        notes_of(line)
            .iter()
            .any(|n| n.contains("read_page.ts:3") && n.contains("pageTool")),
        "{:#?}",
        notes_of(line)
    );
}

#[test]
fn a_side_effect_import_of_the_plugin_s_types_is_removed() {
    let temp = repro("dts_import");
    let root = temp.path();
    let (_, document) = migrate_json(root, false);
    assert_eq!(tool_line(&document, "greet")["status"], "migrated");
    let module = read(root, "tools/greet.ts");
    assert!(!module.contains("index.d.ts"), "{module}");
    assert!(!module.contains("@opencode-ai"), "{module}");
    assert_deep_validates(root);
}

#[test]
fn returned_attachments_are_a_manual_step_and_the_result_is_kept_whole() {
    let temp = repro("attachments");
    let root = temp.path();
    let (code, document) = migrate_json(root, false);
    assert_eq!(code, 1);
    let screenshot = tool_line(&document, "screenshot");
    assert_eq!(screenshot["status"], "needs_manual_step");
    let notes = notes_of(screenshot);
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("to do: tools/screenshot.ts:") && n.contains("`attachments`")),
        "{notes:#?}"
    );
    assert!(
        !notes.iter().any(|n| n.contains("`metadata`")),
        "it returns no metadata: {notes:#?}"
    );
    let module = read(root, "tools/screenshot.ts");
    assert!(module.contains("attachments: [{"), "{module}");
    assert!(
        !module.contains(".output"),
        "the result is not cut: {module}"
    );
    // A result without attachments still becomes its output, and the note
    // names what is dropped.
    let status = notes_of(tool_line(&document, "status"));
    assert!(
        status
            .iter()
            .any(|n| n.contains("`title` and `metadata` are dropped")),
        "{status:#?}"
    );
}

#[test]
fn a_secret_read_in_a_helper_outside_the_tool_folder_is_found() {
    let temp = repro("helper_outside_secret");
    let (code, document) = migrate_json(temp.path(), true);
    assert_eq!(code, 1);
    for (tool, at) in [
        ("lookup", "harnesses/opencode/lib/client.ts:2"),
        ("lookup2", "tools/_key.ts:2"),
    ] {
        let line = tool_line(&document, tool);
        assert_eq!(line["status"], "needs_manual_step", "{tool}: {line:#}");
        let notes = notes_of(line);
        assert!(
            notes
                .iter()
                .any(|n| n.starts_with(&format!("to do: {at}:")) && n.contains("ACME_TOKEN")),
            "{tool}: {notes:#?}"
        );
    }
}

#[test]
fn a_step_is_charged_only_to_the_tool_that_needs_it() {
    let temp = repro("per_file_attribution");
    let (_, document) = migrate_json(temp.path(), false);
    let ping = tool_line(&document, "files_ping");
    assert_eq!(ping["status"], "migrated", "{ping:#}");
    // Its folder read points back where the module was, so `../templates`
    // is found where it still is; the note is the listing's alone.
    let listing = tool_line(&document, "files_listing");
    assert_eq!(listing["status"], "migrated_with_notes", "{listing:#}");
    assert!(
        notes_of(listing)
            .iter()
            .any(|n| n.contains("tools/files.ts:22:")
                && n.contains("now points at harnesses/opencode/tools")),
        "{:#?}",
        notes_of(listing)
    );
    assert!(
        !notes_of(ping).iter().any(|n| n.contains("import.meta")),
        "{ping:#}"
    );
    let module = read(temp.path(), "tools/files.ts");
    assert!(
        module.contains(
            r#"join((import.meta.dir + "/../harnesses/opencode/tools"), "../templates")"#
        ),
        "{module}"
    );
}

#[test]
fn the_box_s_environment_is_not_a_secret_but_handing_it_all_on_is_noted() {
    let temp = repro("home_not_secret");
    let root = temp.path();
    let (code, document) = migrate_json(root, false);
    let line = tool_line(&document, "cache_info");
    let notes = notes_of(line);
    assert_eq!(line["status"], "migrated_with_notes", "{notes:#?}");
    assert_eq!(code, 0, "{notes:#?}");
    assert!(
        !notes.iter().any(|n| n.contains("HOME")
            || n.contains("USER")
            || n.contains("XDG_DATA_HOME")
            || n.contains("give the agent the secret")),
        "{notes:#?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("note: tools/cache_info.ts:13:")
                && n.contains("every secret granted to the agent")),
        "{notes:#?}"
    );
    let run = beeuni(root, &["tools", "call", "cache_info", "--args", "{}"], &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.ends_with(" true\n"), "{}", run.stdout);
}

#[test]
fn worktree_or_directory_becomes_directory_once() {
    let temp = repro("worktree");
    let root = temp.path();
    let legacy = call_legacy(
        root,
        "harnesses/opencode/tools/here.ts",
        "default",
        "{}",
        &[],
    );
    migrate_json(root, false);
    let module = read(root, "tools/here.ts");
    assert!(
        module.contains("const root = context.directory\n"),
        "{module}"
    );
    let run = beeuni(root, &["tools", "call", "here", "--args", "{}"], &[]);
    assert_eq!(run.stdout.trim_end(), legacy);
}

#[test]
fn a_type_only_cast_through_tool_is_dropped() {
    let temp = repro("type_cast");
    let root = temp.path();
    let (code, document) = migrate_json(root, false);
    assert_eq!(
        tool_line(&document, "echo")["status"],
        "migrated",
        "{document:#}"
    );
    assert_eq!(code, 0);
    let module = read(root, "tools/echo.ts");
    assert!(!module.contains("ReturnType"), "{module}");
    assert!(module.trim_end().ends_with("},\n}"), "{module}");
    assert_deep_validates(root);
}

#[test]
fn a_bun_text_import_is_inlined_and_the_module_loads() {
    let temp = repro("txt_import");
    let root = temp.path();
    let (code, document) = migrate_json(root, false);
    assert_eq!(code, 0, "{document:#}");
    assert_ne!(tool_line(&document, "shout")["status"], "needs_manual_step");
    let module = read(root, "tools/shout.ts");
    assert!(
        module.contains(r#"const DESCRIPTION = "Repeat the text in capitals.\nUse it when \"quiet\" will not do.\n""#),
        "{module}"
    );
    assert_deep_validates(root);
    let run = beeuni(
        root,
        &["tools", "call", "shout", "--args", r#"{"text":"hi"}"#],
        &[],
    );
    assert_eq!(run.stdout, "HI\n", "{}", run.stderr);
}

#[test]
fn a_local_identity_shim_is_recognised_as_opencode_s_tool() {
    let temp = repro("local_shim");
    let root = temp.path();
    let (code, document) = migrate_json(root, false);
    let line = tool_line(&document, "find");
    assert_eq!(line["status"], "migrated", "{line:#}");
    assert_eq!(code, 0);
    let module = read(root, "tools/find.ts");
    assert!(!module.contains("Object.assign"), "{module}");
    assert!(!module.contains("zod"), "{module}");
    assert!(module.contains("description: 'What to find'"), "{module}");
    assert_deep_validates(root);
}

#[test]
fn a_tsconfig_path_alias_still_resolves_after_the_move() {
    let temp = repro("tsconfig_include");
    let root = temp.path();
    let (code, document) = migrate_json(root, false);
    assert_eq!(code, 0, "{document:#}");
    let run = beeuni(
        root,
        &["tools", "call", "wave", "--args", r#"{"name":"Ana"}"#],
        &[],
    );
    assert_eq!(run.stdout, "wave at Ana\n", "{}", run.stderr);
}

#[test]
fn comments_inside_args_are_kept_and_a_rename_says_who_has_the_name() {
    let temp = repro("args_comment");
    let root = temp.path();
    let (_, document) = migrate_json(root, false);
    let line = tool_line(&document, "web-search");
    assert_eq!(line["name"], "web_search_tool");
    let notes = notes_of(line);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("`web_search` is the name of the Beeuni tool")),
        "{notes:#?}"
    );
    let module = read(root, "tools/web-search.ts");
    for comment in [
        "// The words to look for; the index is case-insensitive.",
        "/* at most 20 */",
    ] {
        assert!(module.contains(comment), "{comment} in\n{module}");
    }
    assert_deep_validates(root);
}

#[test]
fn dry_run_says_that_it_runs_the_module_s_top_level_code() {
    let temp = project("computed");
    let run = beeuni(temp.path(), &["tools", "migrate", "--dry-run"], &[]);
    assert_contains(
        &run.stdout,
        "ran harnesses/opencode/tools/convert.ts in the runtime (its top-level code too) to compute `args`",
    );
}

#[test]
fn a_rerun_lists_the_open_steps_and_validate_points_at_them() {
    let temp = repro("attachments");
    let root = temp.path();
    beeuni(root, &["tools", "migrate"], &[]);
    let module = read(root, "tools/screenshot.ts");
    let marker = module
        .lines()
        .position(|l| {
            l.trim_start()
                .starts_with("// TODO(beeuni migrate): returns `attachments`")
        })
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no marker in\n{module}"));
    let again = beeuni(root, &["tools", "migrate"], &[]);
    assert_eq!(again.code, 1, "{}", again.stdout);
    assert_contains(
        &again.stdout,
        &format!(
            "To do (1); each step in a migrated module is marked `// TODO(beeuni migrate)` above its line:\n  tools/screenshot.ts:{marker}: returns `attachments`"
        ),
    );
    assert_contains(&again.stdout, "\nNext:\n  1. Do each step marked");
    let (_, json) = migrate_json(root, false);
    assert_eq!(
        json["applied"], false,
        "a run that writes nothing did not apply anything"
    );
    assert_eq!(json["report"]["todos"][0]["line"], marker);
    let validate = beeuni(root, &["validate"], &[]);
    assert_contains(
        &validate.stdout,
        "warning[module/migrate-todo]: a step `beeuni tools migrate` left to do: returns `attachments`",
    );
    assert_contains(
        &validate.stdout,
        &format!("--> tools/screenshot.ts:{marker}:"),
    );
}

#[test]
fn a_migrated_module_that_does_not_load_is_not_reported_migrated() {
    let temp = repro("reads_own_config");
    let root = temp.path();
    let run = beeuni(root, &["tools", "migrate"], &[]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert_contains(&run.stdout, "  !  greeting  needs a manual step");
    assert_contains(
        &run.stdout,
        "Checked the result with `beeuni validate --deep`: 1 error:",
    );
    assert_contains(&run.stdout, "the migrated module does not load (");
    let (_, json) = migrate_json(root, false);
    assert_eq!(json["applied"], false);
}

#[test]
fn repro_tools_answer_what_they_answered_before() {
    for (fixture, tools) in [
        (
            "type_cast",
            &[(
                "echo",
                "harnesses/opencode/tools/echo.ts",
                "default",
                r#"{"text": "same"}"#,
            )][..],
        ),
        (
            "attachments",
            &[(
                "status",
                "harnesses/opencode/tools/status.ts",
                "default",
                "{}",
            )][..],
        ),
        (
            "args_comment",
            &[(
                "web_search_tool",
                "harnesses/opencode/tools/web-search.ts",
                "default",
                r#"{"query": "bees", "limit": 3}"#,
            )][..],
        ),
        (
            "tsconfig_include",
            &[(
                "wave",
                "harnesses/opencode/tools/wave.ts",
                "default",
                r#"{"name": "Ana"}"#,
            )][..],
        ),
        (
            "per_file_attribution",
            &[(
                "files_ping",
                "harnesses/opencode/tools/files.ts",
                "ping",
                "{}",
            )][..],
        ),
    ] {
        assert_same_output(&format!("repros/{fixture}"), tools, &[]);
    }
}

/// The tools of `real_world` (modelled on public legacy tools) that need no
/// network: (declared name, legacy file, export, arguments).
const REAL_WORLD_CALLS: &[(&str, &str, &str, &str)] = &[
    ("audit", "audit.ts", "default", r#"{"key": "sk_123"}"#),
    // A result object built by a helper (`return success(…)`); removing
    // nothing answers the same before and after.
    (
        "memory_bank",
        "memory_bank.ts",
        "default",
        r#"{"action": "remove", "content": "nothing"}"#,
    ),
    // A secret read once at the top, used only in `execute`.
    (
        "forecast_now",
        "forecast_now.ts",
        "default",
        r#"{"city": "Lyon"}"#,
    ),
    // A secret read at the top, used by a helper `execute` calls.
    (
        "internal_api_memory_save",
        "internal_api.ts",
        "memory_save",
        r#"{"kind": "facts", "content": "x"}"#,
    ),
    // A helper reading a secret, called without the context.
    (
        "search_code",
        "search_code.ts",
        "default",
        r#"{"query": "auth"}"#,
    ),
    ("callees", "callees.ts", "default", r#"{"name": "a.b"}"#),
    ("checks_unit", "checks.ts", "unit", r#"{"filter": "x"}"#),
    ("checks_typecheck", "checks.ts", "typecheck", "{}"),
    ("checks_watch", "checks.ts", "watch", "{}"),
    (
        "deploy",
        "deploy.ts",
        "default",
        r#"{"space_url": "https://s.example/", "branch": "main"}"#,
    ),
    ("deps_check", "deps_check.ts", "default", "{}"),
    (
        "docs_lookup",
        "docs_lookup.ts",
        "default",
        r#"{"library": "react"}"#,
    ),
    (
        "git_info_summary",
        "git_info.ts",
        "summary",
        r#"{"short": true}"#,
    ),
    ("health", "health.ts", "default", "{}"),
    (
        "hosts",
        "hosts.ts",
        "default",
        r#"{"action": "profile", "host": "h1"}"#,
    ),
    (
        "images_generate",
        "images.ts",
        "generate",
        r#"{"prompt": "a cat"}"#,
    ),
    ("images_icon", "images.ts", "icon", r#"{"prompt": "bee"}"#),
    (
        "index_search",
        "index_search.ts",
        "default",
        r#"{"query": "q"}"#,
    ),
    (
        "memory_remember",
        "memory.ts",
        "remember",
        r#"{"key": "a", "value": "b"}"#,
    ),
    ("memory_recall", "memory.ts", "recall", r#"{"key": "a"}"#),
    ("notes_db_add", "notes_db.ts", "add", r#"{"text": "hi"}"#),
    // Reads its own folder: the path it answers is the same after the move.
    ("notes_db_folder", "notes_db.ts", "folder", "{}"),
    (
        "sqlite_admin_list_databases",
        "sqlite_admin.ts",
        "listDatabases",
        "{}",
    ),
    ("notify", "notify.ts", "default", r#"{"message": "hi"}"#),
    (
        "outcome",
        "outcome.ts",
        "default",
        r#"{"outcome": "blocked", "reason": "r"}"#,
    ),
    (
        "query_db",
        "query_db.ts",
        "default",
        r#"{"query": "SELECT 1"}"#,
    ),
    (
        "raw_sql",
        "raw_sql.ts",
        "default",
        r#"{"sql": "select $1", "params": [1]}"#,
    ),
    (
        "releases_latest",
        "releases.ts",
        "latest",
        r#"{"repo": "a/b"}"#,
    ),
    (
        "releases_compare",
        "releases.ts",
        "compare",
        r#"{"current": "1.2.0", "target": "1.10.0"}"#,
    ),
    (
        "run_helper",
        "run_helper.ts",
        "default",
        r#"{"action": "list", "limit": 5}"#,
    ),
    ("semantic", "semantic.ts", "default", r#"{"query": "q"}"#),
    ("stub", "stub.ts", "default", r#"{"action": "triage"}"#),
    (
        "submit_plan",
        "submit_plan.ts",
        "default",
        r#"{"summary": "s", "steps": [{"title": "t", "priority": 1}]}"#,
    ),
    (
        "tasks_write",
        "tasks.ts",
        "write",
        r#"{"tasks": [{"id": "T-1", "title": "x"}]}"#,
    ),
    ("tasks_read", "tasks.ts", "read", "{}"),
    (
        "todo_file",
        "todo_file.ts",
        "default",
        r#"{"action": "list"}"#,
    ),
    (
        "transcript",
        "transcript.ts",
        "default",
        r#"{"sessionId": "x"}"#,
    ),
    (
        "transcript_transcript_tool",
        "transcript.ts",
        "transcriptTool",
        r#"{"sessionId": "y", "index": 2}"#,
    ),
    ("vercel_status", "vercel.ts", "status", "{}"),
    ("vercel_deploy", "vercel.ts", "deploy", "{}"),
    (
        "changed_files",
        "changed_files.ts",
        "default",
        r#"{"format": "json"}"#,
    ),
    (
        "chat_db",
        "chat_db.ts",
        "default",
        r#"{"query": "select * from dialog"}"#,
    ),
    (
        "cmd_check",
        "cmd_check.ts",
        "default",
        r#"{"command": "echo", "args": ["hi"]}"#,
    ),
    ("env_check", "env_check.ts", "default", "{}"),
    ("lint_check", "lint_check.ts", "default", "{}"),
    (
        "open_preview",
        "open_preview.ts",
        "default",
        r#"{"targets": ["a.html"], "seconds": 2}"#,
    ),
    (
        "remote_db_query",
        "remote_db.ts",
        "query",
        r#"{"sql": "select 1"}"#,
    ),
    ("remote_db_schema", "remote_db.ts", "schema", "{}"),
    ("services_check", "services_check.ts", "default", "{}"),
    (
        "soundtracks",
        "soundtracks.ts",
        "default",
        r#"{"query": "rain"}"#,
    ),
    (
        "sqlite_admin_create",
        "sqlite_admin.ts",
        "create",
        r#"{"name": "books"}"#,
    ),
    (
        "sqlite_admin_drop",
        "sqlite_admin.ts",
        "drop",
        r#"{"name": "books"}"#,
    ),
    (
        "sqlite_admin_exec_sql",
        "sqlite_admin.ts",
        "execSql",
        r#"{"sql": "select 1 as one"}"#,
    ),
    (
        "task_graph",
        "task_graph.ts",
        "default",
        r#"{"action": "create_task", "title": " x "}"#,
    ),
    (
        "theme_tokens",
        "theme_tokens.ts",
        "default",
        r#"{"category": "colors"}"#,
    ),
];

/// Over a set of legacy tools written after the patterns of 40 public
/// opencode tool files: the share migrated with no manual step, the tools
/// reported migrated that are not (they fail `validate --deep`, or answer
/// otherwise than before), which must be none, and the share that loads.
#[test]
fn real_world_set_has_no_false_clean() {
    let zod = fixture("computed").join("node_modules/zod");
    assert!(
        zod.is_dir(),
        "run `npm ci --prefix tests/fixtures/migrate/computed` first (cargo xtask ci does)"
    );
    let temp = project("real_world");
    let root = temp.path();
    copy_tree(&zod, &root.join("node_modules/zod"));
    let folder = "harnesses/opencode/tools";
    let before: Vec<String> = REAL_WORLD_CALLS
        .iter()
        .map(|(_, file, export, args)| {
            call_legacy(root, &format!("{folder}/{file}"), export, args, &[])
        })
        .collect();
    let (_, document) = migrate_json(root, false);
    let tools: Vec<&serde_json::Value> = document["report"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        // Copies of Beeuni tools and a barrel's second names of migrated
        // tools are not tools of their own.
        .filter(|t| t["status"] != "deleted_beeuni_copy" && t["status"] != "deleted_second_name")
        .collect();
    let name = |t: &serde_json::Value| {
        t["name"]
            .as_str()
            .or(t["opencode_name"].as_str())
            .unwrap()
            .to_string()
    };
    let clean: Vec<String> = tools
        .iter()
        .filter(|t| {
            matches!(
                t["status"].as_str(),
                Some("migrated" | "migrated_with_notes")
            ) && !t["notes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|n| n["manual"] == true)
        })
        .map(|t| name(t))
        .collect();
    let deep = beeuni(root, &["validate", "--deep", "--format", "json"], &[]);
    let diagnostics: serde_json::Value = serde_json::from_str(&deep.stdout).unwrap();
    let failing: Vec<String> = tools
        .iter()
        .filter(|t| {
            let (module, tool) = (t["module"].as_str(), name(t));
            diagnostics["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .any(|d| {
                    d["severity"] == "error"
                        && (d["location"]["file"].as_str() == module
                            || d["message"].as_str().is_some_and(|m| {
                                m.starts_with(&format!("tool `{tool}` did not load"))
                            }))
                })
        })
        .map(|t| name(t))
        .collect();
    let mut false_clean: Vec<String> = failing
        .iter()
        .filter(|n| clean.contains(n))
        .cloned()
        .collect();
    for ((tool, _, _, args), legacy) in REAL_WORLD_CALLS.iter().zip(&before) {
        // Unconfined, as the legacy run was: in the sandbox `os.tmpdir()`
        // is the call's own folder, and `submit_plan` prints a path in it.
        let after = beeuni(
            root,
            &[
                "tools",
                "call",
                tool,
                "--args",
                args,
                "--session",
                "s-1",
                "--sandbox",
                "off",
            ],
            &[],
        );
        // `tools call` ends what the tool returned with one line break.
        let answered = after.stdout.strip_suffix('\n').unwrap_or(&after.stdout);
        if answered != legacy && clean.iter().any(|c| c == tool) {
            false_clean.push(format!(
                "{tool}: {legacy:?} became {:?}{}",
                after.stdout, after.stderr
            ));
        }
    }
    let total = tools.len();
    let loads = total - failing.len() - tools.iter().filter(|t| t["module"].is_null()).count();
    let share = |n: usize| format!("{n} of {total} ({:.0}%)", 100.0 * n as f64 / total as f64);
    println!(
        "real-world set: {total} tools; declared with no manual step: {}; false clean: {}; load under --deep: {}",
        share(clean.len()),
        false_clean.len(),
        share(loads)
    );
    assert_eq!(
        false_clean,
        Vec::<String>::new(),
        "reported migrated, but not"
    );
    // The steps left are the genuine ones: secrets read where `context.env`
    // cannot reach (a helper outside the folder, a helper of a helper), a
    // module reading its own folder, and the tools of a subfolder that a barrel
    // re-exports (promoted to modules of their own), whose helper reads
    // settings by computed names. opencode's context
    // handed to a helper that reads its field names goes as a view in
    // opencode's shape (`callees`), which answers as before.
    let mut steps: Vec<String> = tools
        .iter()
        .map(|t| name(t))
        .filter(|n| !clean.contains(n))
        .collect();
    steps.sort();
    assert_eq!(
        steps,
        [
            "index_describe_image",
            "index_media",
            "index_sketch",
            "threads"
        ],
        "{document:#}"
    );
    // Every tool loads (plan_bridge's `node:net` client included).
    assert_eq!(loads, total, "{diagnostics:#}");
    // The barrel of two migrated tools goes (left, it would fail to load
    // in opencode), and its names are reported as theirs.
    assert!(!root.join(folder).join("all.ts").exists());
    // The barrel of a subfolder's tools goes too: they are modules now.
    assert!(!root.join(folder).join("index.ts").exists());
    assert!(root.join("tools/media/index_sketch.ts").is_file());
    let second: Vec<&str> = document["report"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["status"] == "deleted_second_name")
        .map(|t| t["opencode_name"].as_str().unwrap())
        .collect();
    assert_eq!(second, ["all_changedFiles", "all_lintCheck"]);
}
