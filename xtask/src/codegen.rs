//! Regenerates the files the repository checks in but does not write by
//! hand; `--check` writes nothing and fails with a unified diff of every
//! stale file instead.

use std::path::Path;

use anyhow::{Context, Result, bail};

/// Each generated file, relative to the workspace root, and its content.
fn generated(root: &Path) -> Result<Vec<(String, String)>> {
    use checker::diagnostics::docs;
    let reference = docs::generate(root).context("reading the code examples")?;
    let mut files = vec![(docs::REFERENCE_PATH.to_string(), reference)];
    for (name, project) in test_support::plugin_golden_projects(root) {
        files.push((
            format!("{}/{name}.ts", test_support::PLUGIN_GOLDEN_DIR),
            render_plugin(root, &project)?,
        ));
    }
    Ok(files)
}

/// `beeuni plugin render` of `project`, run through cargo so the binary is current.
fn render_plugin(root: &Path, project: &Path) -> Result<String> {
    let output =
        std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["run", "--quiet", "--bin", "beeuni", "--", "-C"])
            .arg(project)
            .args(["plugin", "render"])
            .current_dir(root)
            .stderr(std::process::Stdio::inherit())
            .output()
            .context("running beeuni plugin render")?;
    if !output.status.success() {
        bail!(
            "beeuni plugin render failed on {} ({})",
            project.display(),
            output.status
        );
    }
    String::from_utf8(output.stdout).context("the plugin is not UTF-8")
}

pub fn run(check: bool) -> Result<()> {
    let root = crate::workspace_root();
    let mut stale = Vec::new();
    for (relative, expected) in generated(&root)? {
        let path = root.join(&relative);
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
            stale.push(relative.clone());
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
