//! Text from tool modules made safe for one log line.
//!
//! A module's load error (its message, its file name) is the module
//! author's text: written raw, a line break would start a line that looks
//! like the daemon's own (`[daemon] stopped`), and terminal escapes would
//! recolour, move or clear the operator's terminal. So every control
//! character, and the Unicode controls that reorder text, is written as a
//! Rust-style escape (`\n`, `\u{1b}`); the backslash itself is doubled so an
//! escape in the log always means one in the text.

use std::fmt::Write as _;

/// `text` as one log field: printable, on one line.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || reorders(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The bidirectional overrides and isolates, which make text display in
/// another order than it is stored.
fn reorders(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn control_characters_and_line_breaks_are_escaped() {
        assert_eq!(
            escape("bad\n[daemon] stopped\u{1b}[2J\r\u{7f}\u{202e}x\\n"),
            "bad\\n[daemon] stopped\\u{1b}[2J\\r\\u{7f}\\u{202e}x\\\\n"
        );
        assert_eq!(
            escape("Cannot find package 'zod' — é"),
            "Cannot find package 'zod' — é"
        );
    }
}
