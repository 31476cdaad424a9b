//! The `beeuni` command as a user runs it: exit codes, stdout and stderr on
//! the fixture projects under `tests/fixtures/`.

use std::path::{Path, PathBuf};

use test_support::copy_tree;

use crate::common::{Run, assert_contains, beeuni_in};

fn beeuni(dir: &Path, args: &[&str]) -> Run {
    // Stripped TypeScript is cached by `tools call`; never in the user's home.
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache");
    beeuni_with_cache(dir, args, &cache)
}

fn beeuni_with_cache(dir: &Path, args: &[&str], cache: &Path) -> Run {
    beeuni_in(dir, args, &[], cache)
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/manifest")
        .join(name)
}

fn snapshot_text(run: &Run) -> String {
    format!(
        "exit code: {}\n--- stdout\n{}--- stderr\n{}",
        run.code, run.stdout, run.stderr
    )
}

/// Every manifest fixture, validated: what a developer reads, and what CI parses.
#[test]
fn validate_manifest_fixtures() {
    insta::glob!("../fixtures", "manifest/*/beeuni.yaml", |manifest| {
        let dir = manifest.parent().unwrap();
        let human = beeuni(dir, &["validate", "--color", "never"]);
        insta::assert_snapshot!("human", snapshot_text(&human));
        let json = beeuni(dir, &["validate", "--format", "json"]);
        assert_eq!(
            json.code, human.code,
            "the format does not change the exit code"
        );
        let value: serde_json::Value =
            serde_json::from_str(&json.stdout).expect("validate --format json prints JSON");
        insta::assert_json_snapshot!("json", value);
    });
}

const SPEC_3_BLOCK: &str = "\
NAME            KIND                 SOURCE
web_search      beeuni (overridden)  tools/web_search.ts
scrape_webpage  beeuni               beeuni:scrape_webpage
memory          beeuni               beeuni:memory
show            beeuni               beeuni:show
lookup_order    project              tools/lookup_order.ts

Removed Beeuni tools: image_search
Add `<name>: beeuni:<name>` under `tools:` to get one back.
";

#[test]
fn tools_ls_prints_the_spec_block_byte_for_byte() {
    let run = beeuni(&fixture("seeds-example"), &["tools", "ls"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, SPEC_3_BLOCK);
}

#[test]
fn bundled_example_lists_the_spec_block() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/orders");
    let run = beeuni(&example, &["tools", "ls"]);
    assert_eq!(run.stdout, SPEC_3_BLOCK);
    let validate = beeuni(&example, &["validate"]);
    assert_eq!(validate.code, 0, "{}", validate.stdout);
}

#[test]
fn tools_ls_works_from_a_subfolder_like_git() {
    let run = beeuni(&fixture("seeds-example").join("harness"), &["tools", "ls"]);
    assert_eq!(run.stdout, SPEC_3_BLOCK);
}

#[test]
fn tools_ls_without_tools_key_lists_all_five_and_nothing_removed() {
    let run = beeuni(&fixture("no-tools-key"), &["tools", "ls"]);
    assert_eq!(
        run.stdout,
        "\
NAME            KIND                 SOURCE
web_search      beeuni               beeuni:web_search
image_search    beeuni               beeuni:image_search
scrape_webpage  beeuni               beeuni:scrape_webpage
memory          beeuni               beeuni:memory
show            beeuni               beeuni:show
"
    );
}

#[test]
fn tools_ls_with_empty_tools_key_removes_all_five() {
    let run = beeuni(&fixture("empty-tools-key"), &["tools", "ls"]);
    assert_contains(
        &run.stdout,
        "Removed Beeuni tools: web_search, image_search, scrape_webpage, memory, show\n",
    );
}

#[test]
fn a_tools_key_in_an_import_counts() {
    let run = beeuni(&fixture("tools-key-in-import"), &["tools", "ls", "--json"]);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["tools_key"], true);
    assert_eq!(
        value["removed"],
        serde_json::json!(["web_search", "image_search", "scrape_webpage", "show"])
    );
    assert_eq!(
        value["tools"][1],
        serde_json::json!({"name": "lookup_order", "kind": "project", "source": "tools/lookup_order.ts"})
    );
}

#[test]
fn tools_ls_json_has_the_documented_shape() {
    let dir = fixture("seeds-example");
    let run = beeuni(&dir, &["tools", "ls", "--json"]);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let manifest = dir.canonicalize().unwrap().join("beeuni.yaml");
    assert_eq!(value["manifest"], manifest.display().to_string());
    assert_eq!(value["tools_key"], true);
    assert_eq!(
        value["tools"][0],
        serde_json::json!({"name": "web_search", "kind": "beeuni (overridden)", "source": "tools/web_search.ts"})
    );
    assert_eq!(value["tools"].as_array().unwrap().len(), 5);
    assert_eq!(value["removed"], serde_json::json!(["image_search"]));
}

#[test]
fn tools_ls_for_an_agent_lists_only_what_it_sees() {
    let run = beeuni(
        &fixture("seeds-example"),
        &["tools", "ls", "--agent", "researcher"],
    );
    assert_eq!(
        run.stdout,
        "\
NAME            KIND                 SOURCE
web_search      beeuni (overridden)  tools/web_search.ts
lookup_order    project              tools/lookup_order.ts

Removed Beeuni tools: image_search
Add `<name>: beeuni:<name>` under `tools:` to get one back.
"
    );
    // An agent beeuni.yaml does not configure gets SPEC 2.3's default: every tool.
    let unknown = beeuni(
        &fixture("seeds-example"),
        &["tools", "ls", "--agent", "nobody"],
    );
    let everyone = beeuni(&fixture("seeds-example"), &["tools", "ls"]);
    assert_eq!(unknown.code, 0, "{}", unknown.stderr);
    assert_eq!(unknown.stdout, everyone.stdout);
    assert_contains(
        &unknown.stderr,
        "does not configure agent `nobody`; it gets the default: every tool, no secrets",
    );
}

#[test]
fn tools_ls_with_manifest_errors_lists_the_rest_and_fails() {
    let run = beeuni(&fixture("bad-tool-sources"), &["tools", "ls"]);
    assert_eq!(run.code, 1);
    assert_contains(
        &run.stdout,
        "show            beeuni               beeuni:show",
    );
    assert_contains(&run.stderr, "Run `beeuni validate`");
}

#[test]
fn no_manifest_anywhere_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let run = beeuni(dir.path(), &["validate"]);
    assert_eq!(run.code, 2);
    assert_contains(&run.stdout, "manifest/not-found");
    let ls = beeuni(dir.path(), &["tools", "ls"]);
    assert_eq!(ls.code, 2);
}

#[test]
fn a_fifty_megabyte_manifest_is_refused_quickly_with_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let line = "# padding padding padding padding padding padding padding padding\n";
    let text = line.repeat(50 * 1024 * 1024 / line.len());
    std::fs::write(dir.path().join("beeuni.yaml"), text).unwrap();
    let run = beeuni(dir.path(), &["validate"]);
    assert_eq!(run.code, 1);
    assert_contains(&run.stdout, "a manifest may be at most 1048576 bytes");
}

#[test]
fn an_import_cycle_through_the_root_is_reported_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("beeuni.yaml"), "imports: [a.yaml]\n").unwrap();
    std::fs::write(dir.path().join("a.yaml"), "imports: [beeuni.yaml]\n").unwrap();
    let run = beeuni(dir.path(), &["validate", "--format", "json"]);
    assert_eq!(run.code, 1);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let codes: Vec<&str> = value["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["manifest/import-cycle"]);
    assert_eq!(
        value["diagnostics"][0]["message"],
        "import cycle: beeuni.yaml -> a.yaml -> beeuni.yaml"
    );
}

#[test]
fn sarif_and_github_formats_point_at_the_same_place() {
    let dir = fixture("invalid-beeuni-tool");
    let sarif = beeuni(&dir, &["validate", "--format", "sarif"]);
    assert_eq!(sarif.code, 1);
    let value: serde_json::Value = serde_json::from_str(&sarif.stdout).unwrap();
    assert_eq!(value["version"], "2.1.0");
    let first = &value["runs"][0]["results"][0];
    assert_eq!(first["ruleId"], "manifest/invalid-beeuni-tool");
    assert_eq!(
        first["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "beeuni.yaml"
    );
    assert_eq!(
        first["locations"][0]["physicalLocation"]["region"]["startLine"],
        2
    );
    let github = beeuni(&dir, &["validate", "--format", "github"]);
    assert!(
        github.stdout.starts_with("::error file=beeuni.yaml,line=2,col=15,endLine=2,endColumn=34,title=manifest/invalid-beeuni-tool::must be `beeuni:web_search` (the Beeuni tool)"),
        "{}",
        github.stdout
    );
}

#[test]
fn warnings_alone_exit_zero() {
    let run = beeuni(&fixture("legacy-shadow"), &["validate"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.ends_with("0 errors, 2 warnings\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn usage_errors_exit_two() {
    let run = beeuni(&fixture("seeds-example"), &["validate", "--format", "xml"]);
    assert_eq!(run.code, 2);
}

/// Copies a fixture project into a temporary folder the test may change.
fn scratch_copy(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&fixture(name), dir.path());
    dir
}

/// What `tools eject NAME` prints when it worked (SPEC 4): `wrote` says what
/// became of `tools/NAME.ts`, `file` is the manifest file that was edited.
fn eject_report(name: &str, wrote: &str, file: &str) -> String {
    format!(
        "  ✓  Ejected {name}
  wrote   tools/{name}.ts (the Beeuni source, {wrote})
  set     {file}: tools.{name}: tools/{name}.ts

Next:
  1. Edit tools/{name}.ts. Keep the default export: {{ description, parameters, execute(args, context) }}.
  2. beeuni validate
  3. git add tools/{name}.ts {file} && git commit -m \"Own the {name} tool\"
  4. Open a change request: git push origin HEAD && beeuni cr open --title \"Own the {name} tool\"
Sessions load the copy after the change request merges.
"
    )
}

#[test]
fn eject_prints_the_spec_report_and_the_project_then_validates() {
    let project = scratch_copy("no-tools-key");
    let run = beeuni(project.path(), &["tools", "eject", "web_search"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        eject_report("web_search", "now the project's to change", "beeuni.yaml")
    );
    assert_ejected_as_shipped(project.path(), "web_search");
    let ls = beeuni(project.path(), &["tools", "ls"]);
    assert_eq!(
        ls.stdout,
        "\
NAME            KIND                 SOURCE
web_search      beeuni (overridden)  tools/web_search.ts
image_search    beeuni               beeuni:image_search
scrape_webpage  beeuni               beeuni:scrape_webpage
memory          beeuni               beeuni:memory
show            beeuni               beeuni:show
"
    );
    let validate = beeuni(project.path(), &["validate"]);
    assert_eq!(validate.code, 0, "{}", validate.stdout);
    let again = beeuni(project.path(), &["tools", "eject", "web_search"]);
    assert_eq!(again.code, 1, "a second eject refuses");
}

#[test]
fn eject_refuses_a_name_that_is_not_a_beeuni_tool() {
    let project = scratch_copy("seeds-example");
    let before = std::fs::read(project.path().join("beeuni.yaml")).unwrap();
    let run = beeuni(project.path(), &["tools", "eject", "lookup_order"]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    assert_eq!(
        std::fs::read(project.path().join("beeuni.yaml")).unwrap(),
        before
    );
}

fn call_fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/call/project")
}

#[test]
fn tools_call_prints_what_the_model_reads() {
    let run = beeuni(
        &call_fixture(),
        &["tools", "call", "greet", "--args", r#"{"name":"Ana"}"#],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "{\n  \"greeting\": \"Hello, Ana!\",\n  \"agent\": \"beeuni\",\n  \"file\": \"a/b.txt\"\n}\n"
    );
    assert!(
        run.stderr.contains("greeting Ana"),
        "console output goes to stderr: {}",
        run.stderr
    );
}

#[test]
fn tools_call_reuses_stripped_typescript_until_the_tool_changes() {
    let project = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    std::fs::write(
        project.path().join("beeuni.yaml"),
        "tools:\n  echo: tool.ts\n",
    )
    .unwrap();
    let tool = |word: &str| {
        format!(
            "export default {{\n  description: 'Says a word.',\n  parameters: {{ type: 'object', properties: {{}} }},\n  execute(): string {{ return '{word}'; }},\n}};\n"
        )
    };
    let entries = || {
        std::fs::read_dir(cache.path().join("transpiled"))
            .map(|dir| dir.map(|entry| entry.unwrap().path()).collect::<Vec<_>>())
            .unwrap_or_default()
    };
    // Unconfined: a sandboxed call cannot reach the cache folder at all
    // (tools must not write it), so it strips every module afresh.
    let call = || {
        beeuni_with_cache(
            project.path(),
            &["tools", "call", "echo", "--sandbox", "off"],
            cache.path(),
        )
    };

    std::fs::write(project.path().join("tool.ts"), tool("one")).unwrap();
    assert_eq!(call().stdout, "one\n");
    let stored = entries();
    assert_eq!(stored.len(), 1, "the stripped module is stored");
    // What runs is checked against its seal: an entry changed on disk (by
    // a tool, say) is not served, and is stripped again and rewritten.
    let cached = std::fs::read_to_string(&stored[0]).unwrap();
    std::fs::write(&stored[0], cached.replace("'one'", "'tampered'")).unwrap();
    assert_eq!(call().stdout, "one\n");
    assert_eq!(std::fs::read_to_string(&stored[0]).unwrap(), cached);
    // An edit to the tool is never served from the cache.
    std::fs::write(project.path().join("tool.ts"), tool("two")).unwrap();
    assert_eq!(call().stdout, "two\n");
    assert_eq!(entries().len(), 2);
    // An empty BEEUNI_CACHE_DIR turns the cache off.
    std::fs::write(project.path().join("tool.ts"), tool("three")).unwrap();
    let run = beeuni_with_cache(project.path(), &["tools", "call", "echo"], Path::new(""));
    assert_eq!(run.stdout, "three\n");
    assert_eq!(entries().len(), 2);
}

/// node:test in a tool call runs the module's tests as Node does: the
/// order below is what Node 24 logs for the same tool (Bun runs node:test's
/// tests only under `bun test`, so the parity case cannot compare it); a
/// failed test reports on the console and sets `process.exitCode` to 1.
#[test]
fn tools_call_runs_node_test_tests_in_nodes_order() {
    let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/parity");
    let run = beeuni(
        &project,
        &[
            "tools",
            "call",
            "node_test",
            "--args",
            r#"{"case":"run"}"#,
            "--sandbox",
            "off",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let seen: serde_json::Value = serde_json::from_str(&run.stdout).expect(&run.stdout);
    let expected: &[&str] = &[
        "before",
        "registered true",
        "describe body",
        "end of registration",
        "beforeEach sync",
        "sync sync false",
        "afterEach sync",
        "beforeEach async with subtests",
        "beforeEach one",
        "inner beforeEach one",
        "one",
        "afterEach one",
        "beforeEach two",
        "inner beforeEach two",
        "two",
        "afterEach two",
        "async",
        "afterEach async with subtests",
        "beforeEach fails",
        "afterEach fails",
        "beforeEach callback",
        "callback",
        "afterEach callback",
        "beforeEach mocked",
        "mocked 1 5 1",
        "afterEach mocked",
        "beforeEach x",
        "x",
        "afterEach x",
        "beforeEach y fails",
        "afterEach y fails",
        "beforeEach last",
        "last",
        "afterEach last",
        "after",
    ];
    assert_eq!(seen["log"], serde_json::json!(expected), "{}", run.stdout);
    assert_eq!(seen["exitCode"], 1);
    assert_contains(&run.stderr, "✖ fails");
    assert_contains(&run.stderr, "Error: boom");
    assert_contains(&run.stderr, "ℹ fail 2");
}

#[test]
fn tools_call_of_a_beeuni_tool_runs_the_hosted_source() {
    let run = beeuni(
        &call_fixture(),
        &[
            "tools",
            "call",
            "show",
            "--args",
            r##"{"type":"markdown","content":"# Done\n\nAll checks passed."}"##,
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The hosted source's own confirmation: the kind it showed and the
    // markdown's line count, which only running it can compute.
    assert_eq!(run.stdout, "Shown to the user: markdown (3 lines)\n");
    assert_eq!(run.stderr, "");
}

/// Each call makes its own temp folder; one that holds nothing afterwards
/// is removed, or a machine running many calls fills its disk with them.
/// A spilled output stays, for the model reads it after the call.
#[test]
fn tools_call_removes_its_temp_folder_unless_an_output_spilled_there() {
    let project = tempfile::tempdir().unwrap();
    std::fs::write(
        project.path().join("beeuni.yaml"),
        "tools:\n  small: small.ts\n  flood: flood.ts\n  show: beeuni:show\n",
    )
    .unwrap();
    let tool = |text: &str| {
        format!(
            "export default {{\n  description: 'Returns text.',\n  parameters: {{ type: 'object', properties: {{}} }},\n  execute() {{ return {text} }},\n}}\n"
        )
    };
    std::fs::write(project.path().join("small.ts"), tool("'ok'")).unwrap();
    std::fs::write(
        project.path().join("flood.ts"),
        tool("'x\\n'.repeat(200000)"),
    )
    .unwrap();
    let temp = tempfile::tempdir().unwrap();
    let tmpdir = temp.path().to_str().unwrap();
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache");
    let left = || {
        std::fs::read_dir(temp.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect::<Vec<_>>()
    };
    let small = beeuni_in(
        project.path(),
        &["tools", "call", "small"],
        &[("TMPDIR", tmpdir)],
        &cache,
    );
    assert_eq!(small.stdout, "ok\n", "{}", small.stderr);
    let hosted = beeuni_in(
        project.path(),
        &[
            "tools",
            "call",
            "show",
            "--args",
            r##"{"type":"markdown","content":"# hi"}"##,
        ],
        &[("TMPDIR", tmpdir)],
        &cache,
    );
    assert_eq!(hosted.code, 0, "{}", hosted.stderr);
    assert_eq!(left(), Vec::<PathBuf>::new());
    let flood = beeuni_in(
        project.path(),
        &["tools", "call", "flood"],
        &[("TMPDIR", tmpdir)],
        &cache,
    );
    assert_eq!(flood.code, 0, "{}", flood.stderr);
    let spilled = flood
        .stdout
        .rsplit_once(" in full at ")
        .map(|(_, path)| PathBuf::from(path.trim_end().trim_end_matches(']')))
        .unwrap_or_else(|| panic!("no spill file named: {}", flood.stdout.len()));
    assert_eq!(std::fs::read_to_string(&spilled).unwrap().len(), 400_000);
    assert_eq!(left(), vec![spilled.parent().unwrap().to_path_buf()]);
}

#[test]
fn tools_call_of_a_throwing_tool_prints_its_message_and_exits_one() {
    let run = beeuni(&call_fixture(), &["tools", "call", "fail"]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "the orders API answered 503: try again later\n");
}

#[test]
fn tools_call_refuses_what_the_agent_may_not_call_and_what_is_not_loaded() {
    let hidden = beeuni(
        &call_fixture(),
        &["tools", "call", "fail", "--agent", "reader"],
    );
    assert_eq!(hidden.code, 1);
    assert_contains(&hidden.stderr, "agent `reader` may not call `fail`");
    let allowed = beeuni(
        &call_fixture(),
        &[
            "tools",
            "call",
            "greet",
            "--agent",
            "reader",
            "--args",
            r#"{"name":"B"}"#,
        ],
    );
    assert_eq!(allowed.code, 0, "{}", allowed.stderr);
    let removed = beeuni(&call_fixture(), &["tools", "call", "memory"]);
    assert_eq!(removed.code, 2);
    assert_contains(&removed.stderr, "no tool named memory is loaded");
}

#[test]
fn tools_call_rejects_arguments_that_are_not_a_json_object() {
    let run = beeuni(
        &call_fixture(),
        &["tools", "call", "greet", "--args", "[1]"],
    );
    assert_eq!(run.code, 2);
    assert_contains(&run.stderr, "must be a JSON object");
}

#[test]
fn validate_deep_reports_what_fails_at_load_time() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/deep/load-failures");
    let shallow = beeuni(&dir, &["validate", "--format", "json"]);
    let deep = beeuni(&dir, &["validate", "--deep", "--color", "never"]);
    assert_eq!(deep.code, 1);
    assert!(
        !shallow.stdout.contains("module/load-failed"),
        "only --deep loads modules"
    );
    insta::assert_snapshot!("validate_deep", snapshot_text(&deep));
}

/// A project in a temporary folder, from `(path, contents)` pairs.
fn project_with(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// A copy of `tests/fixtures/eject/<name>` the test may change.
fn eject_fixture(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/eject")
            .join(name),
        dir.path(),
    );
    dir
}

#[test]
fn tools_call_reads_its_arguments_from_a_file() {
    let args = tempfile::tempdir().unwrap();
    let file = args.path().join("args.json");
    std::fs::write(&file, "{\n  \"name\": \"File\"\n}\n").unwrap();
    let missing = args.path().join("missing.json");
    let greet = |extra: &[&str]| {
        let mut all = vec!["tools", "call", "greet"];
        all.extend_from_slice(extra);
        beeuni(&call_fixture(), &all)
    };

    let run = greet(&["--args-file", file.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "{\n  \"greeting\": \"Hello, File!\",\n  \"agent\": \"beeuni\",\n  \"file\": \"a/b.txt\"\n}\n"
    );
    assert_eq!(run.stderr, "[console.log] greeting File\n");

    let run = greet(&["--args-file", missing.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!(
            "error: cannot read --args-file {}: No such file or directory (os error 2)\n",
            missing.display()
        )
    );

    let both = greet(&["--args", "{}", "--args-file", file.to_str().unwrap()]);
    assert_eq!(both.code, 2);
    assert!(
        both.stderr.starts_with(
            "error: the argument '--args <JSON>' cannot be used with '--args-file <FILE>'"
        ),
        "{}",
        both.stderr
    );
}

const WAITS_AN_HOUR: &str = "export default {
  description: 'Waits for a timer an hour away.',
  parameters: { type: 'object', properties: {} },
  async execute() {
    await new Promise((resolve) => setTimeout(resolve, 3_600_000));
    return 'woke up';
  },
};
";

#[test]
fn tools_call_timeout_stops_the_call_and_refuses_a_bad_value() {
    let project = project_with(&[
        ("beeuni.yaml", "tools:\n  wait: wait.ts\n"),
        ("wait.ts", WAITS_AN_HOUR),
    ]);
    // Without --timeout this call would wait the default 120 s for an hour's
    // timer; the test finishing at all shows the flag took effect.
    let run = beeuni(
        project.path(),
        &["tools", "call", "wait", "--timeout", "0.5"],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "the tool call timed out after 500 ms\n");
    assert!(
        run.stderr.starts_with("error: tool wait threw after "),
        "{}",
        run.stderr
    );
    for (value, stderr) in [
        (
            "0",
            "error: --timeout must be a positive number of seconds, got 0\n",
        ),
        (
            "inf",
            "error: --timeout must be a positive number of seconds, got inf\n",
        ),
    ] {
        let run = beeuni(
            project.path(),
            &["tools", "call", "wait", "--timeout", value],
        );
        assert_eq!(run.code, 2, "--timeout {value}");
        assert_eq!(run.stdout, "", "--timeout {value}");
        assert_eq!(run.stderr, stderr, "--timeout {value}");
    }
    let run = beeuni(
        project.path(),
        &["tools", "call", "wait", "--timeout", "soon"],
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with("error: invalid value 'soon' for '--timeout <SECONDS>'"),
        "{}",
        run.stderr
    );
}

#[test]
fn tools_call_of_a_tool_that_did_not_load_says_why_and_exits_two() {
    let project = project_with(&[
        ("beeuni.yaml", "tools:\n  broken: broken.ts\n"),
        (
            "broken.ts",
            "throw new Error('the config file is missing');\nexport default {};\n",
        ),
    ]);
    let run = beeuni(project.path(), &["tools", "call", "broken"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    let root = project.path().canonicalize().unwrap();
    assert_eq!(
        run.stderr,
        format!(
            "error: tool broken did not load: the config file is missing (at <main> ({}/broken.ts:1:7))\n",
            root.display()
        )
    );
}

#[test]
fn tools_ls_for_an_agent_in_the_experimental_harness() {
    let dir = fixture("seeds-example");
    let run = beeuni(
        &dir,
        &[
            "tools",
            "ls",
            "--agent",
            "researcher",
            "--harness",
            "experimental",
            "--json",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["agent"], "researcher");
    assert_eq!(value["harness"], "experimental");
    assert_eq!(
        value["tools"],
        serde_json::json!([
            {"name": "web_search", "kind": "beeuni (overridden)", "source": "tools/web_search.ts"},
            {"name": "lookup_order", "kind": "project", "source": "tools/lookup_order.ts"},
        ])
    );
    let standard = beeuni(&dir, &["tools", "ls", "--agent", "researcher", "--json"]);
    let standard: serde_json::Value = serde_json::from_str(&standard.stdout).unwrap();
    assert_eq!(standard["harness"], "standard");
    // A harness is a question about one agent.
    let alone = beeuni(&dir, &["tools", "ls", "--harness", "experimental"]);
    assert_eq!(alone.code, 2);
    assert!(
        alone
            .stderr
            .contains("the following required arguments were not provided:\n  --agent <NAME>"),
        "{}",
        alone.stderr
    );
}

/// The text without ANSI escape sequences (`ESC [ … letter`).
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.next() == Some('[') {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn color_always_styles_the_same_text_even_with_no_color_set() {
    // `beeuni` runs with NO_COLOR=1 here: `always` must win over it.
    let dir = fixture("invalid-beeuni-tool");
    let plain = beeuni(&dir, &["validate", "--color", "never"]);
    let styled = beeuni(&dir, &["validate", "--color", "always"]);
    assert_eq!(styled.code, plain.code);
    assert!(!plain.stdout.contains('\u{1b}'), "{}", plain.stdout);
    assert!(
        styled
            .stdout
            .starts_with("\u{1b}[1m\u{1b}[91merror[manifest/invalid-beeuni-tool]\u{1b}[0m"),
        "{:?}",
        styled.stdout
    );
    assert_eq!(strip_ansi(&styled.stdout), plain.stdout);
}

#[test]
fn eject_force_overwrites_an_existing_module() {
    let project = eject_fixture("module_exists");
    let refused = beeuni(project.path(), &["tools", "eject", "web_search"]);
    assert_eq!(refused.code, 1);
    assert_eq!(
        refused.stderr,
        "error: tools/web_search.ts already exists\nhelp: move tools/web_search.ts away, or run `beeuni tools eject web_search --force` to overwrite it with the Beeuni source\n"
    );
    let run = beeuni(project.path(), &["tools", "eject", "web_search", "--force"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        eject_report(
            "web_search",
            "replacing the file that was there",
            "beeuni.yaml"
        )
    );
    assert_eq!(
        std::fs::read_to_string(project.path().join("beeuni.yaml")).unwrap(),
        "tools:\n  web_search: tools/web_search.ts  # ejected from beeuni:web_search\n  memory: beeuni:memory\n"
    );
    assert_ejected_as_shipped(project.path(), "web_search");
}

#[test]
fn eject_edits_the_imported_file_that_declares_the_tool() {
    let project = eject_fixture("imports");
    let root_before = std::fs::read(project.path().join("beeuni.yaml")).unwrap();
    let run = beeuni(project.path(), &["tools", "eject", "scrape_webpage"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        eject_report(
            "scrape_webpage",
            "now the project's to change",
            "harness/tools.yaml"
        )
    );
    assert_eq!(
        std::fs::read(project.path().join("beeuni.yaml")).unwrap(),
        root_before,
        "the root manifest declares no tool and is not touched"
    );
    assert_eq!(
        std::fs::read_to_string(project.path().join("harness/tools.yaml")).unwrap(),
        "# Tools for every harness.
tools:
    web_search: beeuni:web_search
    image_search: beeuni:image_search
    scrape_webpage: tools/scrape_webpage.ts    # ejected from beeuni:scrape_webpage
    memory: beeuni:memory
    show: beeuni:show
"
    );
    let ls = beeuni(project.path(), &["tools", "ls"]);
    assert_contains(
        &ls.stdout,
        "scrape_webpage  beeuni (overridden)  tools/scrape_webpage.ts\n",
    );
}

#[test]
fn sarif_and_github_output_of_a_diagnostic_without_a_location() {
    // No manifest anywhere: the one diagnostic that points at no file.
    let dir = tempfile::tempdir().unwrap();
    let message = format!(
        "no beeuni.yaml in {} or any folder above it",
        dir.path().display()
    );
    let help = "run the command inside a Beeuni project, or name one with `-C DIR`";

    let sarif = beeuni(dir.path(), &["validate", "--format", "sarif"]);
    assert_eq!(sarif.code, 2);
    let value: serde_json::Value = serde_json::from_str(&sarif.stdout).unwrap();
    let results = value["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0]["ruleId"], "manifest/not-found");
    assert_eq!(results[0]["level"], "error");
    assert_eq!(
        results[0]["message"]["text"],
        format!("{message}\nhelp: {help}")
    );
    // No location is invented: none, or an empty list.
    assert!(
        results[0]
            .get("locations")
            .is_none_or(|l| l.as_array().is_some_and(Vec::is_empty)),
        "{}",
        results[0]
    );

    let github = beeuni(dir.path(), &["validate", "--format", "github"]);
    assert_eq!(github.code, 2);
    assert_eq!(
        github.stdout,
        format!("::error title=manifest/not-found::{message}%0Ahelp: {help}\n")
    );
}

/// The rule of `docs/commands.md`: stdout is the model's text followed by one newline,
/// added even when the text already ends with one, so dropping the last byte
/// gives the text exactly.
#[test]
fn tools_call_prints_the_text_and_exactly_one_newline() {
    let project = tempfile::tempdir().unwrap();
    std::fs::write(
        project.path().join("beeuni.yaml"),
        "tools:\n  text: text.ts\n",
    )
    .unwrap();
    std::fs::write(
        project.path().join("text.ts"),
        "export default {\n  description: 'Returns its text argument.',\n  parameters: { type: 'object', properties: { text: { type: 'string' } } },\n  execute: (args) => args.text,\n};\n",
    )
    .unwrap();
    for (text, stdout) in [
        ("one line", "one line\n"),
        ("ends with a newline\n", "ends with a newline\n\n"),
        ("", "\n"),
    ] {
        let args = serde_json::json!({ "text": text }).to_string();
        let run = beeuni(project.path(), &["tools", "call", "text", "--args", &args]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(run.stdout, stdout, "for the text {text:?}");
    }
}

/// An ejected hosted tool starts as the exact bytes the binary ships.
#[track_caller]
fn assert_ejected_as_shipped(project: &Path, tool: &str) {
    let shipped = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("runtime/hosted/{tool}.ts")),
    )
    .unwrap();
    let ejected = std::fs::read(project.join(format!("tools/{tool}.ts"))).unwrap();
    assert_eq!(ejected, shipped, "tools/{tool}.ts");
}

/// Makes `link` a symbolic link to `target`.
fn symlink(target: &Path, link: &Path) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

/// Every file under `dir` with its bytes, to show that nothing changed.
fn tree_bytes(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push((path.clone(), std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn eject_refuses_to_write_through_a_link_out_of_the_repository() {
    // (fixture, how the link is set up, what stderr names, extra arguments)
    type Setup = fn(&Path, &Path);
    // (An imported file linked out of the repository never gets here: the
    // project does not load, and eject refuses before planning.)
    let cases: [(&str, Setup, &str, &[&str]); 3] = [
        (
            "module_exists",
            |root, outside| {
                std::fs::remove_dir_all(root.join("tools")).unwrap();
                symlink(outside, &root.join("tools"));
            },
            "tools is a symbolic link to ",
            &[],
        ),
        (
            "module_exists",
            |root, outside| {
                let module = root.join("tools/web_search.ts");
                std::fs::rename(&module, outside.join("web_search.ts")).unwrap();
                symlink(&outside.join("web_search.ts"), &module);
            },
            "tools/web_search.ts is a symbolic link to ",
            &["--force"],
        ),
        (
            "module_exists",
            |root, outside| {
                std::fs::remove_dir_all(root.join("tools")).unwrap();
                let manifest = root.join("beeuni.yaml");
                std::fs::rename(&manifest, outside.join("beeuni.yaml")).unwrap();
                symlink(&outside.join("beeuni.yaml"), &manifest);
            },
            "beeuni.yaml is a symbolic link to ",
            &[],
        ),
    ];
    for (fixture, setup, named, extra) in cases {
        let project = eject_fixture(fixture);
        let outside = tempfile::tempdir().unwrap();
        setup(project.path(), outside.path());
        let before = tree_bytes(outside.path());
        let inside = tree_bytes(project.path());
        let mut args = vec!["tools", "eject", "web_search"];
        args.extend_from_slice(extra);
        let run = beeuni(project.path(), &args);
        assert_eq!(run.code, 2, "{fixture} {named}: {}", run.stderr);
        assert!(
            run.stderr.starts_with("error: cannot write ")
                && run.stderr.contains(named)
                && run.stderr.contains("outside the repository")
                && run.stderr.ends_with("; nothing was written\n"),
            "{}",
            run.stderr
        );
        assert_eq!(tree_bytes(outside.path()), before, "{named}");
        assert_eq!(tree_bytes(project.path()), inside, "{named}");
    }
}

/// `beeuni tools call TOOL --args ARGS` in `dir`.
fn call_tool(dir: &Path, tool: &str, args: &serde_json::Value) -> Run {
    beeuni(dir, &["tools", "call", tool, "--args", &args.to_string()])
}

#[test]
fn memory_refuses_links_out_of_its_folder_dangling_ones_included() {
    let project = project_with(&[
        ("beeuni.yaml", "tools:\n  memory: beeuni:memory\n"),
        ("memory/notes.md", "kept\n"),
    ]);
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.txt"), "outside\n").unwrap();
    let memory = project.path().join("memory");
    // A dangling link whose target is outside: a write would create it there.
    symlink(
        &outside.path().join("planted.md"),
        &memory.join("dangling.md"),
    );
    // A chain: a link to a dangling link to outside.
    symlink(&memory.join("dangling.md"), &memory.join("chain.md"));
    // A folder link outside.
    symlink(outside.path(), &memory.join("elsewhere"));
    for (args, refused) in [
        (
            serde_json::json!({"command": "create", "path": "memory/dangling.md", "file_text": "x"}),
            "\"memory/dangling.md\" leads outside memory/ through a symlink",
        ),
        (
            serde_json::json!({"command": "create", "path": "memory/chain.md", "file_text": "x"}),
            "\"memory/chain.md\" leads outside memory/ through a symlink",
        ),
        (
            serde_json::json!({"command": "create", "path": "memory/elsewhere/new.md", "file_text": "x"}),
            "\"memory/elsewhere/new.md\" leads outside memory/ through a symlink",
        ),
        (
            serde_json::json!({"command": "view", "path": "memory/elsewhere/secret.txt"}),
            "\"memory/elsewhere/secret.txt\" leads outside memory/ through a symlink",
        ),
        (
            serde_json::json!({"command": "rename", "path": "memory/notes.md", "new_path": "memory/dangling.md"}),
            "\"memory/dangling.md\" leads outside memory/ through a symlink",
        ),
    ] {
        let run = call_tool(project.path(), "memory", &args);
        assert_eq!(run.code, 1, "{args}: {}", run.stdout);
        assert!(run.stdout.starts_with(refused), "{args}: {}", run.stdout);
    }
    assert_eq!(
        std::fs::read_dir(outside.path()).unwrap().count(),
        1,
        "nothing was created outside"
    );
    assert_eq!(
        std::fs::read_to_string(memory.join("notes.md")).unwrap(),
        "kept\n"
    );
    // The listing shows the links without following the one that leads out.
    let view = call_tool(
        project.path(),
        "memory",
        &serde_json::json!({"command": "view", "path": "memory"}),
    );
    assert_eq!(view.code, 0, "{}", view.stdout);
    assert_eq!(
        view.stdout,
        "memory/\n\
         memory/chain.md  (a symlink out of memory/, not followed)\n\
         memory/dangling.md  (a symlink out of memory/, not followed)\n\
         memory/elsewhere  (a symlink out of memory/, not followed)\n\
         memory/notes.md  (5 bytes)\n"
    );
    // A dangling link that stays inside is written through, inside.
    symlink(&memory.join("later.md"), &memory.join("soon.md"));
    let run = call_tool(
        project.path(),
        "memory",
        &serde_json::json!({"command": "create", "path": "memory/soon.md", "file_text": "inside"}),
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(
        std::fs::read_to_string(memory.join("later.md")).unwrap(),
        "inside"
    );
}

#[test]
fn show_refuses_paths_that_leave_the_workspace() {
    let project = project_with(&[
        ("beeuni.yaml", "tools:\n  show: beeuni:show\n"),
        ("reports/summary.md", "# Summary\n"),
    ]);
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.txt"), "outside\n").unwrap();
    symlink(
        &outside.path().join("secret.txt"),
        &project.path().join("reports/linked.txt"),
    );
    let absolute = outside.path().join("secret.txt").display().to_string();
    let inside_absolute = project
        .path()
        .canonicalize()
        .unwrap()
        .join("reports/summary.md")
        .display()
        .to_string();
    for (path, refused) in [
        (
            absolute.as_str(),
            format!("path {absolute} is absolute: write it relative to the workspace"),
        ),
        (
            inside_absolute.as_str(),
            format!("path {inside_absolute} is absolute: write it relative to the workspace"),
        ),
        (
            "../outside.txt",
            "path ../outside.txt leads outside the workspace".to_string(),
        ),
        (
            "reports/../../x.txt",
            "path reports/../../x.txt leads outside the workspace".to_string(),
        ),
        (
            "reports/linked.txt",
            "path reports/linked.txt is a symlink to a place outside the workspace".to_string(),
        ),
    ] {
        let run = call_tool(
            project.path(),
            "show",
            &serde_json::json!({"type": "file", "path": path}),
        );
        assert_eq!(run.code, 1, "{path}: {}", run.stdout);
        assert!(run.stdout.starts_with(&refused), "{path}: {}", run.stdout);
    }
    let gallery = call_tool(
        project.path(),
        "show",
        &serde_json::json!({"type": "gallery", "items": [
            {"type": "file", "path": "reports/summary.md"},
            {"type": "image", "path": "../x.png"},
        ]}),
    );
    assert_eq!(gallery.code, 1);
    assert!(
        gallery
            .stdout
            .starts_with("items[1]: path ../x.png leads outside the workspace"),
        "{}",
        gallery.stdout
    );
    let ok = call_tool(
        project.path(),
        "show",
        &serde_json::json!({"type": "file", "path": "reports/summary.md"}),
    );
    assert_eq!(ok.code, 0, "{}", ok.stdout);
    assert_eq!(ok.stdout, "Shown to the user: file reports/summary.md\n");
}
