//! The fixed vocabularies of the platform: Beeuni tool names, harness tool
//! names, module extensions, and the tool-name rule. One place for each, so
//! the manifest rules, agent visibility and `tools ls` never disagree.

/// The hosted tools, in the order `tools ls` lists them when a project has
/// no `tools:` key.
pub const BEEUNI_TOOLS: [&str; 5] = [
    "web_search",
    "image_search",
    "scrape_webpage",
    "memory",
    "show",
];

/// Built-in tools of the harnesses (opencode's set). A project tool may not
/// take one of these names. Also documented in `docs/decisions.md`.
pub const HARNESS_TOOLS: [&str; 21] = [
    "bash",
    "read",
    "write",
    "edit",
    "apply_patch",
    "patch",
    "multiedit",
    "glob",
    "grep",
    "list",
    "task",
    "question",
    "todowrite",
    "todoread",
    "webfetch",
    "websearch",
    "codesearch",
    "skill",
    "lsp",
    "batch",
    "invalid",
];

/// The terminal plugin's tools: every `pty_*` name is a harness tool.
pub const PTY_PREFIX: &str = "pty_";

/// The terminal plugin's tools as the standard harness offers them; listing
/// what an agent sees needs concrete names.
pub const STANDARD_PTY_TOOLS: [&str; 5] =
    ["pty_spawn", "pty_write", "pty_read", "pty_list", "pty_kill"];

pub const MODULE_EXTENSIONS: [&str; 6] = ["ts", "js", "mts", "mjs", "cts", "cjs"];

pub const MAX_TOOL_NAME_LEN: usize = 64;

pub fn is_beeuni_tool(name: &str) -> bool {
    BEEUNI_TOOLS.contains(&name)
}

pub fn is_harness_tool(name: &str) -> bool {
    HARNESS_TOOLS.contains(&name) || name.starts_with(PTY_PREFIX)
}

/// `^[a-z][a-z0-9_]{0,63}$`
pub fn is_valid_tool_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && name.len() <= MAX_TOOL_NAME_LEN
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

pub fn has_module_extension(path: &str) -> bool {
    path.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && !stem.ends_with('/') && MODULE_EXTENSIONS.contains(&ext)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_name_rule() {
        for good in ["a", "lookup_order", "x9", &"a".repeat(64)] {
            assert!(is_valid_tool_name(good), "{good}");
        }
        for bad in [
            "",
            "A",
            "9a",
            "_a",
            "lookup-order",
            "lookupOrder",
            "naïve",
            &"a".repeat(65),
        ] {
            assert!(!is_valid_tool_name(bad), "{bad}");
        }
    }

    #[test]
    fn module_extensions() {
        for good in ["tools/a.ts", "a.mjs", "x/y.cjs"] {
            assert!(has_module_extension(good), "{good}");
        }
        for bad in [
            "tools/a.py",
            "tools/a.tsx",
            "tools/.ts",
            "a",
            "beeuni:memory",
        ] {
            assert!(!has_module_extension(bad), "{bad}");
        }
    }

    #[test]
    fn pty_names_are_harness_tools() {
        assert!(
            is_harness_tool("pty_spawn") && is_harness_tool("bash") && !is_harness_tool("memory")
        );
    }
}
