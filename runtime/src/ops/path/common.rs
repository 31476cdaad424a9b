//! What `path.posix` and `path.win32` compute alike, given which bytes
//! separate segments: the segments of a path with `.` and `..` applied, the
//! last segment, its extension, and `parse`'s fields.
//!
//! Paths are `&str`; every byte these look at (separators, `.`, `:`) is
//! ASCII, so slicing at them never splits a character.

/// Whether a byte separates segments: `/` in POSIX, `/` or `\` in win32.
pub(super) type IsSep = fn(u8) -> bool;

/// The segments of `tail` joined with `sep`, empty and `.` segments left
/// out and each `..` taking away the segment before it; a `..` with nothing
/// before it is kept when `above_root` (a relative path), else dropped.
pub(super) fn normalize_segments(tail: &str, above_root: bool, is_sep: IsSep, sep: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for segment in tail.split(|c: char| c.is_ascii() && is_sep(c as u8)) {
        match segment {
            "" | "." => {}
            ".." if out.last().is_some_and(|last| *last != "..") => {
                out.pop();
            }
            ".." if !above_root => {}
            _ => out.push(segment),
        }
    }
    out.join(sep)
}

/// Where the last segment of `p[from..]` starts and ends, trailing
/// separators left out; `None` when `p[from..]` holds separators only.
pub(super) fn last_segment(p: &str, from: usize, is_sep: IsSep) -> Option<(usize, usize)> {
    let b = p.as_bytes();
    let mut end = b.len();
    while end > from && is_sep(b[end - 1]) {
        end -= 1;
    }
    if end <= from {
        return None;
    }
    let mut start = end;
    while start > from && !is_sep(b[start - 1]) {
        start -= 1;
    }
    Some((start, end))
}

/// A string's length as JavaScript counts it (UTF-16 units).
fn js_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// `basename(p, suffix)` over `p[from..]` (win32 starts after a drive).
pub(super) fn basename<'a>(
    p: &'a str,
    from: usize,
    suffix: Option<&str>,
    is_sep: IsSep,
) -> &'a str {
    let segment = last_segment(p, from, is_sep);
    let Some(suffix) = suffix.filter(|s| !s.is_empty() && js_len(s) <= js_len(p)) else {
        return segment.map_or("", |(start, end)| &p[start..end]);
    };
    if suffix == p {
        return "";
    }
    let Some((start, end)) = segment else {
        // Node's (and Bun's) answer when only separators follow `from`.
        return &p[from..];
    };
    let base = &p[start..end];
    if base.len() > suffix.len() && base.ends_with(suffix) {
        &base[..base.len() - suffix.len()]
    } else if base.len() < suffix.len() && suffix.ends_with(base) {
        // The suffix was still being matched when the segment ended: Node
        // then keeps what follows the segment too (its trailing separators).
        &p[start..]
    } else {
        base
    }
}

/// Where the extension of a last segment starts: at its last `.`, unless
/// that is its first byte or the segment is `..`.
pub(super) fn extension_start(base: &str) -> Option<usize> {
    if base == ".." {
        return None;
    }
    base.rfind('.').filter(|&dot| dot > 0)
}

/// `extname(p)` over `p[from..]`.
pub(super) fn extname(p: &str, from: usize, is_sep: IsSep) -> &str {
    let Some((start, end)) = last_segment(p, from, is_sep) else {
        return "";
    };
    let base = &p[start..end];
    extension_start(base).map_or("", |dot| &base[dot..])
}

/// The fields of `path.parse`, in the order it defines them.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Parsed<'a> {
    pub root: &'a str,
    pub dir: &'a str,
    pub base: &'a str,
    pub ext: &'a str,
    pub name: &'a str,
}

/// `parse(p)` once the flavour has found the root, `p[..root_end]`.
pub(super) fn parse(p: &str, root_end: usize, is_sep: IsSep) -> Parsed<'_> {
    let root = &p[..root_end];
    let mut parsed = Parsed {
        root,
        dir: root,
        ..Parsed::default()
    };
    if let Some((start, end)) = last_segment(p, root_end, is_sep) {
        let base = &p[start..end];
        parsed.base = base;
        parsed.name = base;
        if let Some(dot) = extension_start(base) {
            parsed.name = &base[..dot];
            parsed.ext = &base[dot..];
        }
        // The separator before the last segment ends `dir`, when it comes
        // after the root; otherwise `dir` is the root itself.
        if start > root_end {
            parsed.dir = &p[..start - 1];
        }
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slash(b: u8) -> bool {
        b == b'/'
    }

    #[test]
    fn segments_apply_dots() {
        assert_eq!(
            normalize_segments("a//b/../c/./d", true, slash, "/"),
            "a/c/d"
        );
        assert_eq!(normalize_segments("a/../../b", true, slash, "/"), "../b");
        assert_eq!(normalize_segments("../../x/..", false, slash, "/"), "");
        assert_eq!(normalize_segments("../x/../..", true, slash, "/"), "../..");
    }

    #[test]
    fn basename_suffix_rules() {
        assert_eq!(basename("/a/b.js/", 0, Some(".js"), slash), "b");
        assert_eq!(basename("b.js", 0, Some("b.js"), slash), "");
        assert_eq!(basename("a/b.js", 0, Some("b.js"), slash), "b.js");
        assert_eq!(basename("a/bc/", 0, Some("xbc"), slash), "bc/");
        assert_eq!(basename("//", 0, Some("x"), slash), "//");
        assert_eq!(basename("//", 0, None, slash), "");
    }

    #[test]
    fn extensions() {
        for (input, ext) in [
            ("..", ""),
            ("...", "."),
            (".a", ""),
            ("a.", "."),
            ("x/a.b.c/", ".c"),
        ] {
            assert_eq!(extname(input, 0, slash), ext, "{input}");
        }
    }
}
