//! The dependency-direction invariants of ARCHITECTURE.md, checked against
//! each crate's manifest.

use std::path::Path;

/// Names listed under `[dependencies]` of a crate's Cargo.toml.
fn dependencies(crate_dir: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(crate_dir)
        .join("Cargo.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut in_dependencies = false;
    let mut names = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
            continue;
        }
        if in_dependencies && let Some((name, _)) = line.split_once('=') {
            let name = name.trim().trim_end_matches(".workspace");
            names.push(name.split('.').next().unwrap_or(name).to_string());
        }
    }
    names
}

fn assert_free_of(crate_dir: &str, forbidden: &[&str]) {
    let deps = dependencies(crate_dir);
    assert!(!deps.is_empty(), "{crate_dir} has dependencies to check");
    for dep in &deps {
        assert!(
            !forbidden.iter().any(|f| dep == f
                || dep.starts_with(&format!("{f}_"))
                || dep.starts_with(&format!("{f}-"))),
            "{crate_dir} must not depend on {dep} (see ARCHITECTURE.md)"
        );
    }
}

#[test]
fn checker_never_sees_the_cli_the_async_runtime_or_the_engine() {
    assert_free_of(
        "checker",
        &[
            "clap",
            "tokio",
            "boa",
            "beeuni-runtime",
            "beeuni-codegen",
            "askama",
        ],
    );
}

#[test]
fn runtime_never_sees_codegen_its_templates_or_http() {
    assert_free_of(
        "runtime",
        &[
            "beeuni-codegen",
            "beeuni-daemon",
            "askama",
            "clap",
            "axum",
            "hyper",
            "tower",
            "notify",
        ],
    );
}

#[test]
fn daemon_never_sees_the_cli_or_codegen() {
    assert_free_of("daemon", &["clap", "beeuni-codegen", "askama"]);
}

#[test]
fn codegen_never_sees_the_runtime() {
    assert_free_of("codegen", &["beeuni-runtime", "tokio", "boa", "clap"]);
}
