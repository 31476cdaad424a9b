//! Eject on the fixture projects under `tests/fixtures/eject/`: what the user
//! reads, what the manifest becomes, and that the result loads and validates.
//!
//! Each fixture is copied to a temporary folder first; the checked-in files
//! never change.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use checker::diagnostics::has_errors;
use checker::project::{self, Project, ToolKind};
use codegen::eject::{self, EjectPlan, EjectRefusal};
use test_support::copy_tree;

/// Stands in for the Beeuni source the CLI passes in; the bytes are copied as is.
const SOURCE: &str = "export default {\n  description: 'stand-in',\n  parameters: { type: 'object' },\n  execute() { return 'ok' },\n}\n";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/eject")
}

/// Every file under `root`, by relative path, for "nothing changed" checks.
fn files(root: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

fn project(root: &Path) -> Project {
    let loaded = project::load(root);
    assert!(
        !has_errors(&loaded.diagnostics),
        "{:#?}",
        loaded.diagnostics
    );
    loaded.project.unwrap()
}

/// (name, kind, source) of every tool a session gets.
fn tools(project: &Project) -> Vec<(String, ToolKind, String)> {
    project
        .tool_set()
        .tools
        .iter()
        .cloned()
        .map(|t| (t.name, t.kind, t.source))
        .collect()
}

/// A text with its line endings made visible, so a snapshot shows CRLF.
fn visible(text: &str) -> String {
    text.replace('\r', "␍")
}

/// How the declaring file's lines changed.
#[derive(Debug, PartialEq)]
enum Lines {
    /// One line differs; every other line is byte-identical.
    OneChanged,
    /// The file's lines are kept and new ones follow.
    Appended,
    /// One line is new; every other line is byte-identical, in order.
    OneInserted,
}

fn lines_changed(before: &str, after: &str) -> Lines {
    let old: Vec<&str> = before.split_inclusive('\n').collect();
    let new: Vec<&str> = after.split_inclusive('\n').collect();
    let prefix = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    match (old.len() - prefix - suffix, new.len() - prefix - suffix) {
        (1, 1) => Lines::OneChanged,
        (0, 1) => Lines::OneInserted,
        // A last line without a line break gains one before the new key.
        (n, _)
            if n <= 1
                && after.starts_with(before.trim_end_matches(['\r', '\n']))
                && suffix == 0 =>
        {
            Lines::Appended
        }
        other => panic!("unexpected change {other:?}:\n{before}\n---\n{after}"),
    }
}

/// Ejects `name` in a copy of `case`, checks everything a successful eject
/// promises, and returns the snapshot text.
fn eject_ok(case: &str, name: &str, force: bool, lines: Lines) -> String {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join(case);
    copy_tree(&fixtures().join(case), &root);
    let before_project = project(&root);
    let before_tools = tools(&before_project);

    let plan: EjectPlan = eject::plan(&before_project, name, SOURCE, force).unwrap();
    let manifest = plan.manifest().to_string();
    let before = std::fs::read_to_string(root.join(&manifest)).unwrap();
    plan.apply().unwrap();
    let after = std::fs::read_to_string(root.join(&manifest)).unwrap();

    // The module holds the source byte for byte.
    assert_eq!(
        std::fs::read_to_string(root.join(format!("tools/{name}.ts"))).unwrap(),
        SOURCE
    );
    // Only the entry's line changed, and it ends with the marker.
    assert_eq!(lines_changed(&before, &after), lines);
    let marker = format!("# ejected from beeuni:{name}");
    let marked: Vec<&str> = after
        .lines()
        .filter(|l| l.trim_end_matches('\r').ends_with(&marker))
        .collect();
    assert_eq!(marked.len(), 1, "{after}");
    // The project reloads cleanly, the tool is overridden, and no other tool changed.
    let after_project = project(&root);
    let problems: Vec<_> = checker::rules::check_manifest(&after_project);
    assert!(problems.is_empty(), "{problems:#?}");
    let after_tools = tools(&after_project);
    let ejected = after_tools.iter().find(|t| t.0 == name).unwrap();
    assert_eq!(
        (ejected.1, ejected.2.as_str()),
        (
            ToolKind::BeeuniOverridden,
            format!("tools/{name}.ts").as_str()
        )
    );
    let others = |list: &[(String, ToolKind, String)]| {
        list.iter()
            .filter(|t| t.0 != name)
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(others(&after_tools), others(&before_tools));
    // Idempotence: a second eject refuses and writes nothing.
    let snapshot = files(&root);
    let again = eject::plan(&after_project, name, SOURCE, false).unwrap_err();
    assert!(
        matches!(again, EjectRefusal::AlreadyEjected { .. }),
        "{again:?}"
    );
    assert_eq!(files(&root), snapshot);

    format!("{}--- {manifest} ---\n{}", plan.report(), visible(&after))
}

fn refusal(case: &str, name: &str, force: bool) -> EjectRefusal {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join(case);
    copy_tree(&fixtures().join(case), &root);
    let snapshot = files(&root);
    let refusal = eject::plan(&project(&root), name, SOURCE, force).unwrap_err();
    assert_eq!(files(&root), snapshot, "a refusal writes nothing");
    refusal
}

fn shown(refusal: &EjectRefusal) -> String {
    format!("error: {refusal}\nhelp: {}\n", refusal.help())
}

#[test]
fn comments_blank_lines_and_alignment_survive() {
    insta::assert_snapshot!(eject_ok("comments", "web_search", false, Lines::OneChanged));
}

#[test]
fn the_report_is_the_spec_text_byte_for_byte() {
    let text = eject_ok("comments", "web_search", false, Lines::OneChanged);
    let report = text.split("--- ").next().unwrap();
    assert_eq!(
        report,
        "  ✓  Ejected web_search
  wrote   tools/web_search.ts (the Beeuni source, now the project's to change)
  set     beeuni.yaml: tools.web_search: tools/web_search.ts

Next:
  1. Edit tools/web_search.ts. Keep the default export: { description, parameters, execute(args, context) }.
  2. beeuni validate
  3. git add tools/web_search.ts beeuni.yaml && git commit -m \"Own the web_search tool\"
  4. Open a change request: git push origin HEAD && beeuni cr open --title \"Own the web_search tool\"
Sessions load the copy after the change request merges.
"
    );
}

#[test]
fn an_entry_with_extra_spaces_keeps_them() {
    insta::assert_snapshot!(eject_ok("comments", "memory", false, Lines::OneChanged));
}

#[test]
fn crlf_line_endings_are_kept() {
    let text = eject_ok("crlf", "web_search", false, Lines::OneChanged);
    let after = text.split_once("---\n").unwrap().1;
    assert!(after.lines().all(|l| l.ends_with('␍')), "{after}");
    insta::assert_snapshot!(text);
}

#[test]
fn flow_map_stays_a_flow_map_with_the_marker_after_it() {
    insta::assert_snapshot!(eject_ok("flow_map", "memory", false, Lines::OneChanged));
}

#[test]
fn an_entry_in_an_imported_file_is_edited_there() {
    let text = eject_ok("imports", "scrape_webpage", false, Lines::OneChanged);
    assert!(
        text.contains("git add tools/scrape_webpage.ts harness/tools.yaml &&"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn no_tools_key_adds_one_listing_all_five() {
    insta::assert_snapshot!(eject_ok("no_key", "image_search", false, Lines::Appended));
}

#[test]
fn no_tools_key_and_no_final_line_break() {
    insta::assert_snapshot!(eject_ok("no_final_newline", "show", false, Lines::Appended));
}

#[test]
fn empty_flow_key_gets_the_one_entry() {
    insta::assert_snapshot!(eject_ok("empty_key", "show", false, Lines::OneChanged));
}

#[test]
fn null_key_gets_an_entry_line_under_it() {
    insta::assert_snapshot!(eject_ok(
        "null_key",
        "image_search",
        false,
        Lines::OneInserted
    ));
}

#[test]
fn quoted_values_keep_their_quotes() {
    insta::assert_snapshot!(eject_ok("quoted", "web_search", false, Lines::OneChanged));
}

#[test]
fn refusals() {
    let cases = [
        refusal("comments", "lookup_order", false),
        refusal("comments", "bash", true),
        refusal("module_exists", "web_search", false),
        refusal("points_to_module", "web_search", false),
        refusal("removed", "web_search", false),
        refusal("removed", "web_search", true),
        refusal("invalid_entry", "web_search", true),
        refusal("flow_document", "memory", false),
    ];
    insta::assert_snapshot!(cases.iter().map(shown).collect::<String>());
}

#[test]
fn force_overwrites_an_existing_module() {
    let text = eject_ok("module_exists", "web_search", true, Lines::OneChanged);
    assert!(
        text.contains("(the Beeuni source, replacing the file that was there)"),
        "{text}"
    );
}

#[test]
fn force_repoints_an_entry_that_names_another_module() {
    let text = eject_ok("points_to_module", "web_search", true, Lines::OneChanged);
    insta::assert_snapshot!(text);
}

#[test]
fn force_on_an_ejected_tool_rewrites_only_the_module() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("comments");
    copy_tree(&fixtures().join("comments"), &root);
    eject::plan(&project(&root), "show", SOURCE, false)
        .unwrap()
        .apply()
        .unwrap();
    std::fs::write(root.join("tools/show.ts"), "// the project's edits\n").unwrap();
    let manifest = std::fs::read(root.join("beeuni.yaml")).unwrap();
    let plan = eject::plan(&project(&root), "show", SOURCE, true).unwrap();
    assert_eq!(plan.manifest_text(), None);
    plan.apply().unwrap();
    assert_eq!(std::fs::read(root.join("beeuni.yaml")).unwrap(), manifest);
    assert_eq!(
        std::fs::read_to_string(root.join("tools/show.ts")).unwrap(),
        SOURCE
    );
    assert!(
        plan.report()
            .contains("  kept    beeuni.yaml: tools.show: tools/show.ts (already set)\n")
    );
}

#[test]
fn a_manifest_changed_after_planning_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("comments");
    copy_tree(&fixtures().join("comments"), &root);
    let plan = eject::plan(&project(&root), "show", SOURCE, false).unwrap();
    std::fs::write(root.join("beeuni.yaml"), "tools: {}\n").unwrap();
    let snapshot = files(&root);
    let error = plan.apply().unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("changed since it was read; nothing was written"),
        "{error}"
    );
    assert_eq!(files(&root), snapshot);
}

/// Odd but loadable manifests, each tool of each: the outcome is pinned per
/// input (the snapshot lists every refusal with its reason and every edited
/// manifest in full), and every edit loads with the tool overridden.
#[test]
fn odd_manifests_are_refused_or_edited_correctly() {
    let manifests = [
        "tools: {web_search: beeuni:web_search",
        "tools:\n  web_search: beeuni:web_search\n  web_search: beeuni:web_search\n",
        "tools: [web_search]\n",
        "tools: ~\n",
        "tools: null",
        "tools: 'x'\n",
        "{tools: ~}\n",
        "{tools: {memory: beeuni:memory}, agents: {}}\n",
        "tools: &a {}\nother: *a\n",
        "tools: !!map {}\n",
        "tools:\n  web_search: !!str beeuni:web_search # c\n",
        "tools:\n  web_search:\n    beeuni:web_search\n",
        "tools:\n  web_search: |\n    beeuni:web_search\n",
        "tools: {web_search: beeuni:web_search,\n  # c\n  memory: \"a\n  b\"}\n",
        "tools: {memory: beeuni:memory, web_search: \"beeuni:web_search\"} # x # y\n",
        "\u{feff}tools:\n  web_search: beeuni:web_search\n",
        "# é\ntools:\n  wéb: beeuni:web_search\n  memory: 'beeuni:memory'   # ü\n",
        "agents: {}\ntools:\n  memory: beeuni:memory\n  # web_search: beeuni:web_search\n",
        "tools:\n- web_search\n",
        "tools:\n  ? web_search\n  : beeuni:web_search\n",
    ];
    let mut record = String::new();
    for text in manifests {
        record.push_str(&format!("=== {text:?}\n"));
        for name in checker::project::names::BEEUNI_TOOLS {
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join("beeuni.yaml"), text).unwrap();
            let loaded = project::load(dir.path());
            let Some(project) = loaded.project else {
                let codes: Vec<&str> = loaded.diagnostics.iter().map(|d| d.code.name).collect();
                record.push_str(&format!("{name}: does not load: {codes:?}\n"));
                continue;
            };
            let plan = match eject::plan(&project, name, SOURCE, false) {
                Ok(plan) => plan,
                Err(refusal) => {
                    record.push_str(&format!("{name}: refused: {refusal}\n"));
                    continue;
                }
            };
            plan.apply().unwrap();
            let after = std::fs::read_to_string(dir.path().join("beeuni.yaml")).unwrap();
            record.push_str(&format!("{name}: edited to {after:?}\n"));
            let loaded = project::load(dir.path());
            let tool = loaded
                .project
                .as_ref()
                .and_then(|p| p.tool_set().get(name).cloned());
            assert!(
                tool.as_ref()
                    .is_some_and(|t| t.kind == ToolKind::BeeuniOverridden),
                "{name} in {text:?} became {after:?}: {tool:?}"
            );
        }
    }
    insta::assert_snapshot!(record);
}

/// The eject fuzz target's checks (every plan applied in memory loads again
/// with only its entry changed) on every fixture manifest, so CI runs them
/// on the inputs people wrote, not only the fuzzer on the ones it made up.
#[test]
fn every_fixture_manifest_passes_the_fuzz_targets_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut checked = 0;
    for group in ["eject", "manifest"] {
        for entry in std::fs::read_dir(root.join(group)).unwrap() {
            let manifest = entry.unwrap().path().join("beeuni.yaml");
            let Ok(bytes) = std::fs::read(&manifest) else {
                continue;
            };
            let dir = tempfile::tempdir().unwrap();
            eject::fuzz_eject(dir.path(), &bytes);
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} manifests found");
}
