//! Regular-expression literals as the runtime's engine reads them.
//!
//! boa 0.22 hands every literal to regress 0.12 while it parses a file, so a
//! pattern regress refuses makes the whole module fail to load, however far
//! from `execute` it sits. `validate` compiles each literal the same way
//! (`module/invalid-regex`), so what it passes, the runtime loads.
//!
//! One refusal is regress's own and has a rewrite: with the `v` flag it
//! refuses two different punctuators side by side in a class (`[,=]`, `[<>]`),
//! which the standard allows (only a doubled one, `[,,]`, is reserved).
//! [`unicode_sets_pattern`] escapes the second of each such pair as `\xHH`,
//! the same character; the runtime applies it before boa parses a file that
//! boa refused, and the checker before it compiles.

use std::fmt::Write;
use std::ops::Range;
use std::path::Path;

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::MODULE_INVALID_REGEX;

/// The characters of the standard's ClassSetReservedDoublePunctuator.
const PUNCTUATORS: &str = "&!#$%*+,.:;<=>?@^`~";

/// `pattern` with regress's `v`-flag punctuator pairs escaped, or `None` when
/// it has none (or no `v` flag).
pub fn unicode_sets_pattern(pattern: &str, flags: &str) -> Option<String> {
    if !flags.contains('v') || !pattern.contains('[') {
        return None;
    }
    let mut out = String::with_capacity(pattern.len() + 8);
    let mut changed = false;
    let mut depth = 0usize;
    // The class's previous character, when it was an unescaped punctuator.
    let mut previous: Option<char> = None;
    let mut class_start = false;
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.push(c);
            if let Some(next) = chars.next() {
                out.push(next);
            }
            previous = None;
            class_start = false;
            continue;
        }
        match c {
            '[' => {
                depth += 1;
                class_start = true;
                previous = None;
                out.push(c);
                continue;
            }
            ']' if depth > 0 => {
                depth -= 1;
                class_start = false;
                previous = None;
                out.push(c);
                continue;
            }
            // A class's leading `^` negates it; it is not one of its characters.
            '^' if class_start => {
                class_start = false;
                out.push(c);
                continue;
            }
            _ => class_start = false,
        }
        if depth == 0 || !PUNCTUATORS.contains(c) {
            previous = None;
            out.push(c);
            continue;
        }
        match previous {
            Some(p) if p != c => {
                let _ = write!(out, "\\x{:02x}", c as u32);
                changed = true;
                previous = None;
            }
            _ => {
                previous = Some(c);
                out.push(c);
            }
        }
    }
    changed.then_some(out)
}

/// Why the runtime's engine refuses the literal `/pattern/flags`, if it does.
pub fn refusal(pattern: &str, flags: &str) -> Option<String> {
    let rewritten = unicode_sets_pattern(pattern, flags);
    let pattern = rewritten.as_deref().unwrap_or(pattern);
    regress::backends::try_parse(pattern.chars().map(u32::from), regress::Flags::from(flags))
        .err()
        .map(|error| error.to_string())
}

/// A regular-expression literal of a file: its span and its two parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Literal {
    pub span: Range<usize>,
    pub pattern: String,
    pub flags: String,
}

/// The diagnostic for a literal the engine refuses, if it does.
pub fn check(file: &Path, literal: &Literal) -> Option<Diagnostic> {
    let reason = refusal(&literal.pattern, &literal.flags)?;
    Some(
        Diagnostic::new(
            &MODULE_INVALID_REGEX,
            format!("the runtime's regular-expression engine refuses this pattern: {reason}"),
        )
        .at(file, literal.span.clone())
        .label("the module fails to load here")
        .help("rewrite the pattern (Node and Bun may accept it; the runtime compiles it with regress, as boa does)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// jsonpath-plus 11's tokenizer, which Node and Bun accept.
    const JSONPATH_PLUS: &str = r#"('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|(?<=(?:^|[\(,=:\[!\|?\{\};+\-*%<>~^]|&)\s*)\/(?:\\.|\[(?:\\.|[^\]\\])*\]|[^\/\\\[])+\/[dgimsuvy]*)|@(?:(parentProperty|parent|property|root|path)|(?![\w$]))"#;

    #[test]
    fn punctuator_pairs_in_unicode_sets_classes_are_escaped() {
        assert_eq!(
            unicode_sets_pattern("[,=]", "v").as_deref(),
            Some(r"[,\x3d]")
        );
        assert_eq!(
            unicode_sets_pattern("[,=:]", "gv").as_deref(),
            Some(r"[,\x3d:]")
        );
        assert_eq!(
            unicode_sets_pattern("[^,=]", "v").as_deref(),
            Some(r"[^,\x3d]")
        );
        // Outside a class, doubled, escaped, or without `v`: left as written.
        assert_eq!(unicode_sets_pattern(",=[a]", "v"), None);
        assert_eq!(unicode_sets_pattern("[a&&b]", "v"), None);
        assert_eq!(unicode_sets_pattern(r"[\,=]", "v"), None);
        assert_eq!(unicode_sets_pattern("[,=]", "u"), None);
    }

    #[test]
    fn the_engine_accepts_what_the_rewrite_makes_of_real_patterns() {
        assert!(
            regress::backends::try_parse(JSONPATH_PLUS.chars().map(u32::from), "gv".into())
                .is_err(),
            "regress 0.12 refuses this pattern unrewritten; if it no longer does, drop the rewrite"
        );
        assert_eq!(refusal(JSONPATH_PLUS, "gv"), None);
        assert_eq!(refusal("[<>~^]", "v"), None);
    }

    #[test]
    fn a_pattern_the_engine_refuses_is_reported() {
        assert!(refusal("(?<n>a)(?<n>b)", "").is_some());
        assert!(refusal("a{2,1}", "u").is_some());
        assert_eq!(refusal("^a+$", "gim"), None);
    }
}
