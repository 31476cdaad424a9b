//! Regenerates the files the repository checks in but does not write by
//! hand; `--check` fails with the name of every stale file instead.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// Each generated file (or generated region of a file) and its new content.
fn generated() -> Result<Vec<(PathBuf, String)>> {
    let readme = workspace_root().join("README.md");
    let text = std::fs::read_to_string(&readme)
        .with_context(|| format!("reading {}", readme.display()))?;
    let spliced = checker::diagnostics::docs::splice_into_readme(&text).with_context(|| {
        format!(
            "{} lost its codes:start/codes:end markers",
            readme.display()
        )
    })?;
    Ok(vec![(readme, spliced)])
}

pub fn run(check: bool) -> Result<()> {
    let mut stale = Vec::new();
    for (path, expected) in generated()? {
        let actual = std::fs::read_to_string(&path).unwrap_or_default();
        if actual == expected {
            continue;
        }
        if check {
            stale.push(path.display().to_string());
        } else {
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("creating {}", parent.display()))?;
            }
            std::fs::write(&path, expected)
                .with_context(|| format!("writing {}", path.display()))?;
            eprintln!("wrote {}", path.display());
        }
    }
    if !stale.is_empty() {
        bail!(
            "generated files are stale (run `cargo xtask codegen`): {}",
            stale.join(", ")
        );
    }
    Ok(())
}
