//! The name a migrated tool is declared under: opencode's name for it (the
//! file stem for a default export, `stem_x` for a named export `x`), made
//! valid when it is not. A rename changes what the model sees, so the caller
//! reports every one.

use checker::project::names::{
    MAX_TOOL_NAME_LEN, is_beeuni_tool, is_harness_tool, is_valid_tool_name,
};

/// The name opencode gave the tool.
pub fn opencode_name(stem: &str, export: Option<&str>) -> String {
    match export {
        None => stem.to_string(),
        Some(name) => format!("{stem}_{name}"),
    }
}

/// A valid, unreserved name for `wanted` that `taken` does not hold yet.
pub fn declared_name(wanted: &str, taken: &dyn Fn(&str) -> bool) -> String {
    let mut base = snake_case(wanted);
    if is_harness_tool(&base) || is_beeuni_tool(&base) {
        base.push_str("_tool");
    }
    base.truncate(MAX_TOOL_NAME_LEN);
    if !taken(&base) {
        return base;
    }
    (2..)
        .map(|n| {
            let suffix = format!("_{n}");
            let mut name = base.clone();
            name.truncate(MAX_TOOL_NAME_LEN - suffix.len());
            name + &suffix
        })
        .find(|name| !taken(name))
        .unwrap_or(base)
}

/// `notes.v2.save` → `notes_v2_save`, `getWeather` → `get_weather`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    let mut previous: Option<char> = None;
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            if previous.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit()) {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
        previous = Some(c);
    }
    let trimmed = out.trim_matches('_');
    let mut name = if trimmed.starts_with(|c: char| c.is_ascii_lowercase()) {
        trimmed.to_string()
    } else {
        format!("tool_{trimmed}")
    };
    if !is_valid_tool_name(&name) {
        name = name.trim_end_matches('_').to_string();
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(wanted: &str) -> String {
        declared_name(wanted, &|_| false)
    }

    #[test]
    fn invalid_and_reserved_names_become_valid_ones() {
        assert_eq!(named("lookup_order"), "lookup_order");
        assert_eq!(named("notes.v2.save"), "notes_v2_save");
        assert_eq!(named("getWeather"), "get_weather");
        assert_eq!(named("grep"), "grep_tool");
        assert_eq!(named("pty_spawn"), "pty_spawn_tool");
        assert_eq!(named("2fa-code"), "tool_2fa_code");
        assert_eq!(named("__"), "tool_");
        assert!(is_valid_tool_name(&named(&"x".repeat(100))));
    }

    #[test]
    fn a_taken_name_gets_a_number() {
        let taken = |n: &str| n == "notes" || n == "notes_2";
        assert_eq!(declared_name("notes", &taken), "notes_3");
    }
}
