//! Regenerates the files the repository checks in but does not write by
//! hand; `--check` writes nothing and fails with a unified diff of every
//! stale file instead.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// Each generated file, relative to the workspace root, and its content.
fn generated(root: &Path) -> Result<Vec<(&'static str, String)>> {
    use checker::diagnostics::docs;
    let reference = docs::generate(root).context("reading the code examples")?;
    Ok(vec![(docs::REFERENCE_PATH, reference)])
}

pub fn run(check: bool) -> Result<()> {
    let root = workspace_root();
    let mut stale = Vec::new();
    for (relative, expected) in generated(&root)? {
        let path = root.join(relative);
        let actual = std::fs::read_to_string(&path).unwrap_or_default();
        if actual == expected {
            continue;
        }
        if check {
            let diff = similar::TextDiff::from_lines(&actual, &expected);
            eprint!(
                "{}",
                diff.unified_diff()
                    .context_radius(3)
                    .header(&format!("a/{relative}"), &format!("b/{relative}"))
            );
            stale.push(relative);
        } else {
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("creating {}", parent.display()))?;
            }
            std::fs::write(&path, expected)
                .with_context(|| format!("writing {}", path.display()))?;
            eprintln!("wrote {relative}");
        }
    }
    if !stale.is_empty() {
        bail!(
            "generated files are stale (run `cargo xtask codegen`; the diff above is what it would change): {}",
            stale.join(", ")
        );
    }
    Ok(())
}
