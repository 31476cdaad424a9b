//! The module checker on the fixture projects under `tests/fixtures/modules/`,
//! one per diagnostic code (each also holds tools that pass), snapshotting
//! what a user sees. Fixtures cannot commit a `node_modules` (it is ignored),
//! so a fixture's `node_modules.fixture/` becomes `node_modules/` in a copy,
//! and a `gitignore.fixture` makes the copy a git repository with that
//! `.gitignore`, for the rule about untracked files.

use std::path::{Path, PathBuf};
use std::process::Command;

use checker::diagnostics::{Format, render};
use checker::module::{ModuleRef, ModuleReport, check_modules};

/// Copies a fixture into a fresh project folder; returns it with its tools.
fn project(fixture: &Path) -> (tempfile::TempDir, Vec<ModuleRef>) {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path();
    for entry in walkdir::WalkDir::new(fixture).min_depth(1) {
        let entry = entry.unwrap();
        let relative = entry.path().strip_prefix(fixture).unwrap();
        let renamed: PathBuf = relative
            .components()
            .map(|c| match c.as_os_str().to_str() {
                Some("node_modules.fixture") => "node_modules".as_ref(),
                Some("gitignore.fixture") => ".gitignore".as_ref(),
                _ => c.as_os_str(),
            })
            .collect();
        let target = root.join(renamed);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
    if root.join(".gitignore").exists() {
        git(root, &["init", "-q"]);
        git(root, &["add", "-A"]);
    }
    let manifest = std::fs::read_to_string(root.join("beeuni.yaml")).unwrap();
    (temp, tools_of(&manifest))
}

fn git(root: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(args)
        .current_dir(root)
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

/// The `name: path` lines of a fixture's `tools:`; parsing the manifest is
/// another module's job, and these manifests are one flat mapping.
fn tools_of(manifest: &str) -> Vec<ModuleRef> {
    manifest
        .lines()
        .filter_map(|line| line.trim().split_once(": "))
        .filter(|(_, value)| !value.starts_with("beeuni:"))
        .map(|(tool, path)| ModuleRef {
            tool: tool.to_string(),
            path: PathBuf::from(path),
            declared_at: None,
        })
        .collect()
}

fn check_fixture(name: &str) -> ModuleReport {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/modules")
        .join(name);
    let (temp, tools) = project(&fixture);
    let report = check_modules(temp.path(), &tools);
    drop(temp);
    report
}

#[test]
fn every_fixture_renders_as_its_snapshot() {
    insta::glob!(
        "../../tests/fixtures/modules",
        "*/beeuni.yaml",
        |manifest| {
            let name = manifest
                .parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_str()
                .unwrap();
            let report = check_fixture(name);
            let human = render(
                &report.diagnostics,
                &report.sources,
                Format::Human { color: false },
            );
            insta::assert_snapshot!(human);
        }
    );
}

#[test]
fn json_of_an_unresolved_package_names_file_line_and_tools() {
    let report = check_fixture("unresolved-package");
    insta::assert_snapshot!(render(&report.diagnostics, &report.sources, Format::Json));
}

#[test]
fn json_of_contract_problems() {
    let report = check_fixture("invalid-required");
    insta::assert_snapshot!(render(&report.diagnostics, &report.sources, Format::Json));
}

#[test]
fn a_passing_project_has_no_diagnostics() {
    let report = check_fixture("contract-ok");
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
}

#[test]
fn every_module_code_has_a_fixture_that_fires_it() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/modules");
    let mut fired = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(&fixtures).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        for d in check_fixture(&name).diagnostics {
            fired.insert(d.code.name);
        }
    }
    // Generated in tests rather than committed: a file over 10 MiB.
    let generated = ["module/too-large"];
    let missing: Vec<_> = checker::module::CODES
        .iter()
        .map(|c| c.name)
        .filter(|n| !fired.contains(n) && !generated.contains(n))
        .collect();
    // And nothing fires that the list leaves out.
    let unlisted: Vec<_> = fired
        .iter()
        .filter(|n| !checker::module::CODES.iter().any(|c| c.name == **n))
        .collect();
    assert!(
        unlisted.is_empty(),
        "codes fired but not in module::CODES: {unlisted:?}"
    );
    assert!(missing.is_empty(), "codes no fixture fires: {missing:?}");
}

#[test]
fn the_same_project_gives_the_same_report_every_time() {
    let first = check_fixture("unresolved-package");
    for _ in 0..3 {
        let again = check_fixture("unresolved-package");
        assert_eq!(again.diagnostics, first.diagnostics);
    }
}

/// Writes `files` into a fresh folder and checks the tool `t` at `tools/t.ts`.
fn check_files(files: &[(&str, &[u8])]) -> Vec<&'static str> {
    let temp = tempfile::tempdir().unwrap();
    for (path, bytes) in files {
        let path = temp.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    let tool = ModuleRef {
        tool: "t".into(),
        path: "tools/t.ts".into(),
        declared_at: None,
    };
    check_modules(temp.path(), &[tool])
        .diagnostics
        .iter()
        .map(|d| d.code.name)
        .collect()
}

const GOOD: &str =
    "export default { description: 'd', parameters: { type: 'object' }, execute() {} }\n";

#[test]
fn a_module_over_the_size_limit_is_refused_unread() {
    let mut big = GOOD.as_bytes().to_vec();
    big.extend(std::iter::repeat_n(b' ', 20 * 1024 * 1024));
    assert_eq!(check_files(&[("tools/t.ts", &big)]), ["module/too-large"]);
}

#[test]
fn a_generated_helper_nested_100k_deep_is_refused_not_a_stack_overflow() {
    let n = 100_000;
    let deep = format!("export const data = {}1{}\n", "(".repeat(n), ")".repeat(n));
    let arrays = format!("export const rows = {}{}\n", "[".repeat(n), "]".repeat(n));
    let tool = format!(
        "import {{ data }} from '../lib/deep.ts'\nimport {{ rows }} from '../lib/rows.ts'\n{GOOD}"
    );
    let codes = check_files(&[
        ("tools/t.ts", tool.as_bytes()),
        ("lib/deep.ts", deep.as_bytes()),
        ("lib/rows.ts", arrays.as_bytes()),
    ]);
    assert_eq!(
        codes,
        ["module/too-deeply-nested", "module/too-deeply-nested"]
    );
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_in_node_modules_is_an_unresolved_package_not_a_hang() {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path();
    std::fs::create_dir_all(root.join("tools")).unwrap();
    std::fs::create_dir_all(root.join("node_modules")).unwrap();
    std::fs::write(
        root.join("tools/t.ts"),
        format!("import a from 'loop-a'\nimport b from 'loop-b/x'\n{GOOD}"),
    )
    .unwrap();
    std::os::unix::fs::symlink("loop-b", root.join("node_modules/loop-a")).unwrap();
    std::os::unix::fs::symlink("loop-a", root.join("node_modules/loop-b")).unwrap();
    let tool = ModuleRef {
        tool: "t".into(),
        path: "tools/t.ts".into(),
        declared_at: None,
    };
    let codes: Vec<_> = check_modules(root, &[tool])
        .diagnostics
        .iter()
        .map(|d| d.code.name)
        .collect();
    assert_eq!(
        codes,
        ["import/unresolved-package", "import/unresolved-package"]
    );
}

#[test]
fn declared_paths_that_do_not_exist_or_leave_the_root_are_skipped() {
    let temp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(temp.path().join("project")).unwrap();
    std::fs::write(temp.path().join("outside.ts"), "export const x = 1\n").unwrap();
    let refs = [
        ModuleRef {
            tool: "missing".into(),
            path: "tools/missing.ts".into(),
            declared_at: None,
        },
        ModuleRef {
            tool: "outside".into(),
            path: "../outside.ts".into(),
            declared_at: None,
        },
    ];
    let report = check_modules(&temp.path().join("project"), &refs);
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
}

#[test]
fn a_module_importing_itself_and_a_cycle_of_helpers_is_checked_once() {
    let tool = format!("import * as me from './t.ts'\nimport {{ a }} from '../lib/a.ts'\n{GOOD}");
    let codes = check_files(&[
        ("tools/t.ts", tool.as_bytes()),
        (
            "lib/a.ts",
            b"import { b } from './b.ts'\nexport const a = () => b\n",
        ),
        (
            "lib/b.ts",
            b"import { a } from './a.ts'\nimport 'missing-package'\nexport const b = () => a\n",
        ),
    ]);
    assert_eq!(codes, ["import/unresolved-package"]);
}

#[test]
fn a_tool_and_its_declaration_are_linked() {
    let temp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(temp.path().join("tools")).unwrap();
    std::fs::write(temp.path().join("tools/t.ts"), "export const x = 1\n").unwrap();
    let at = checker::diagnostics::Location::new("beeuni.yaml", 9..19);
    let tool = ModuleRef {
        tool: "lookup".into(),
        path: "tools/t.ts".into(),
        declared_at: Some(at.clone()),
    };
    let report = check_modules(temp.path(), &[tool]);
    assert_eq!(report.diagnostics.len(), 1);
    assert_eq!(report.diagnostics[0].related[0].location, at);
    assert!(
        report.diagnostics[0].related[0]
            .message
            .contains("`lookup`")
    );
}

#[test]
fn the_fuzz_body_survives_hostile_input() {
    let deep = "(".repeat(200_000);
    let inputs: Vec<&[u8]> = vec![
        b"",
        b"\0\x01\x02",
        &[0xff, 0xfe, 0x41],
        b"export default {",
        b"export default tool(",
        b"`${`${`${",
        b"/* unterminated",
        deep.as_bytes(),
        GOOD.as_bytes(),
    ];
    for input in inputs {
        checker::module::fuzz_check_source(input);
    }
}
