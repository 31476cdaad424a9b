//! `cargo xtask js [--write]`: biome, format and lint, over the runtime's JS
//! prelude (`runtime/src/js/`), at the version pinned in `xtask/biome/`.
//!
//! A prelude unit is a function body: `prelude.rs` wraps each one in
//! `(function (host, need, …) { … })`, and it ends with a top-level
//! `return { … };` that biome refuses to parse. So each unit is checked as a
//! module in a scratch folder, with that line's `return ` spelled
//! `export default ` (the line count stays the same, so biome's line numbers
//! are the unit's), and `--write` turns the formatted text back before it
//! writes the unit.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context, Result, bail};

const TOP_LEVEL_RETURN: &str = "return ";
const AS_MODULE: &str = "export default ";

pub fn run(write: bool) -> Result<()> {
    let root = &crate::workspace_root();
    let tooling = root.join("xtask/biome");
    crate::npm_ci(&tooling)?;
    let units_dir = root.join("runtime/src/js");
    let scratch = std::env::temp_dir().join("beeuni-xtask-js");
    if scratch.exists() {
        std::fs::remove_dir_all(&scratch)
            .with_context(|| format!("clearing {}", scratch.display()))?;
    }
    std::fs::create_dir_all(&scratch).with_context(|| format!("creating {}", scratch.display()))?;
    std::fs::copy(tooling.join("biome.jsonc"), scratch.join("biome.jsonc"))
        .context("copying biome.jsonc")?;
    let mut units: Vec<(PathBuf, PathBuf)> = Vec::new();
    // Units live in folders by origin (`node/fs.js`, `web/streams/readable.js`);
    // each copy keeps its path under the scratch folder.
    for entry in walkdir::WalkDir::new(&units_dir).sort_by_file_name() {
        let entry = entry.with_context(|| format!("reading {}", units_dir.display()))?;
        let path = entry.path().to_path_buf();
        if !entry.file_type().is_file() || path.extension().is_none_or(|e| e != "js") {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        let relative = path
            .strip_prefix(&units_dir)
            .context("a unit is under js/")?;
        let copy = scratch.join(relative).with_extension("mjs");
        if let Some(parent) = copy.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
        std::fs::write(&copy, as_module(&text))
            .with_context(|| format!("writing {}", copy.display()))?;
        units.push((path, copy));
    }
    let biome = tooling.join("node_modules/.bin/biome");
    let check = |write: bool| -> Result<bool> {
        let mut command = Command::new(&biome);
        command
            .args(["check", "--error-on-warnings"])
            .current_dir(&scratch);
        if write {
            command.arg("--write");
        }
        eprintln!(
            "$ biome check{} (runtime/src/js as .mjs)",
            if write { " --write" } else { "" }
        );
        let status = command.arg(".").status().context("running biome")?;
        Ok(status.success())
    };
    if write {
        // Formats and applies the safe fixes; what is left is reported below.
        let _ = check(true)?;
        for (unit, copy) in &units {
            let formatted = std::fs::read_to_string(copy)
                .with_context(|| format!("reading {}", copy.display()))?;
            let text = as_unit(&formatted);
            let before = std::fs::read_to_string(unit)?;
            if text != before {
                std::fs::write(unit, text)
                    .with_context(|| format!("writing {}", unit.display()))?;
                eprintln!("wrote {}", unit.display());
            }
        }
    }
    if !check(false)? {
        bail!(
            "biome found problems in runtime/src/js (the .mjs names are the units' .js; `cargo xtask js --write` formats)"
        );
    }
    Ok(())
}

/// The unit as a module: its top-level `return ` lines as `export default `.
fn as_module(unit: &str) -> String {
    swap_line_starts(unit, TOP_LEVEL_RETURN, AS_MODULE)
}

/// The module back as the unit.
fn as_unit(module: &str) -> String {
    swap_line_starts(module, AS_MODULE, TOP_LEVEL_RETURN)
}

/// Replaces `from` with `to` where a line starts with it (at column 0: a
/// nested `return` is indented).
fn swap_line_starts(text: &str, from: &str, to: &str) -> String {
    text.split_inclusive('\n')
        .map(|line| match line.strip_prefix(from) {
            Some(rest) => format!("{to}{rest}"),
            None => line.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_top_level_returns_change_and_they_change_back() {
        let unit = "function f() {\n  return 1;\n}\nreturn { f };\n";
        let module = as_module(unit);
        assert_eq!(
            module,
            "function f() {\n  return 1;\n}\nexport default { f };\n"
        );
        assert_eq!(as_unit(&module), unit);
    }
}
