//! Every registered diagnostic code is exercised by at least one fixture
//! whose output is pinned in a snapshot, so no rule ships untested.

use std::path::Path;

#[test]
fn every_code_appears_in_a_fixture_snapshot() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut snapshots = String::new();
    // A folder that moved or emptied would silently take its codes' evidence
    // with it, so each one listed here must hold snapshots.
    for dir in [
        "tests/snapshots",
        "checker/tests/snapshots",
        "codegen/tests/snapshots",
    ] {
        let entries = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("the snapshot folder {dir} cannot be read: {e}"));
        let mut found = 0;
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "snap") {
                snapshots.push_str(&std::fs::read_to_string(&path).unwrap());
                found += 1;
            }
        }
        assert!(found > 0, "the snapshot folder {dir} holds no snapshot");
    }
    // Inputs a checked-in fixture cannot be: a folder with no manifest above
    // it (tests/cli.rs makes one) and a module over 10 MiB (checker/tests/modules.rs).
    let generated = ["manifest/not-found", "module/too-large"];
    let missing: Vec<&str> = checker::diagnostics::CODES
        .iter()
        .map(|c| c.name)
        .filter(|name| !generated.contains(name))
        .filter(|name| {
            !snapshots.contains(&format!("[{name}]")) && !snapshots.contains(&format!("\"{name}\""))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "codes with no fixture snapshot: {missing:?}"
    );
}
