//! Line-level facts about a YAML text that the parser does not report: the
//! file's line-ending style, where a line ends, where a trailing comment
//! starts, and how far a key is indented.

/// The line ending a file uses, judged by its first line break: a CRLF file
/// gets CRLF in every line eject adds.
pub fn ending(text: &str) -> &'static str {
    match text.find('\n') {
        Some(i) if text[..i].ends_with('\r') => "\r\n",
        _ => "\n",
    }
}

/// Offset of the first byte of the line holding `offset`.
pub fn start(text: &str, offset: usize) -> usize {
    text[..offset].rfind('\n').map_or(0, |i| i + 1)
}

/// Offset where the content of the line holding `offset` ends: at its `\r\n`
/// or `\n`, or at the end of the text.
pub fn content_end(text: &str, offset: usize) -> usize {
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    if end > offset && text[..end].ends_with('\r') {
        end - 1
    } else {
        end
    }
}

/// Offset just past the line break of the line holding `offset`, or the end
/// of the text when that line has none.
pub fn next_line(text: &str, offset: usize) -> usize {
    text[offset..]
        .find('\n')
        .map_or(text.len(), |i| offset + i + 1)
}

/// Where a comment starts in `rest`, the part of a line after a value: the
/// first `#` outside quotes that follows whitespace (or opens `rest`, which
/// always follows a complete value). In flow collections `rest` may hold more
/// entries, and a quoted one may contain `#`.
pub fn comment_start(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(b'"') if b == b'\\' => i += 1,
            Some(q) if b == q => {
                // `''` inside single quotes is an escaped quote, not the end.
                if q == b'\'' && bytes.get(i + 1) == Some(&b'\'') {
                    i += 1;
                } else {
                    quote = None;
                }
            }
            Some(_) => {}
            None if b == b'\'' || b == b'"' => quote = Some(b),
            None if b == b'#' && (i == 0 || matches!(bytes[i - 1], b' ' | b'\t')) => {
                return Some(i);
            }
            None => {}
        }
        i += 1;
    }
    None
}

/// The column of `offset` on its line, in bytes (YAML indentation is spaces).
pub fn column(text: &str, offset: usize) -> usize {
    offset - start(text, offset)
}

/// `text` followed by a new `tools:` line (after a line break if the text
/// lacks a final one), in the file's own line ending, which is returned too
/// for the entries that follow.
pub fn open_tools_key(text: &str) -> (String, &'static str) {
    let eol = ending(text);
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push_str(eol);
    }
    out.push_str("tools:");
    out.push_str(eol);
    (out, eol)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_follow_the_first_line_break() {
        assert_eq!(ending("a: 1\r\nb: 2\r\n"), "\r\n");
        assert_eq!(ending("a: 1\nb: 2\r\n"), "\n");
        assert_eq!(ending("a: 1"), "\n");
    }

    #[test]
    fn line_bounds() {
        let text = "a: 1\r\nbb: 2\nc";
        assert_eq!(
            (start(text, 8), content_end(text, 8), next_line(text, 8)),
            (6, 11, 12)
        );
        assert_eq!(content_end(text, 2), 4);
        assert_eq!(
            (start(text, 12), content_end(text, 12), next_line(text, 12)),
            (12, 13, 13)
        );
        assert_eq!(column(text, 9), 3);
    }

    #[test]
    fn comments_outside_quotes_only() {
        assert_eq!(comment_start("   # maintained by Beeuni"), Some(3));
        assert_eq!(comment_start("# right after"), Some(0));
        assert_eq!(
            comment_start(", b: 'x # y', c: \"#\\\" #\"}  # real"),
            Some(27)
        );
        assert_eq!(comment_start(", b: 'it''s # not'}"), None);
        assert_eq!(comment_start(", b: a#b}"), None);
        assert_eq!(comment_start("   "), None);
    }
}
