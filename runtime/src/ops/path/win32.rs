//! `path.win32` on plain strings: `\` and `/` both separate; a root is a
//! drive (`C:` relative to that drive's folder, `C:\` absolute), a leading
//! separator, a UNC share (`\\server\share`) or a device (`\\.\…`, `\\?\…`).
//! Results are written with `\`. Drive letters and shares compare without
//! case. As in Node on a POSIX system, the working directory is
//! `process.cwd()`, for every drive.

use std::ops::Range;

use super::common::{self, Parsed};

pub(super) fn is_sep(b: u8) -> bool {
    b == b'/' || b == b'\\'
}

/// `C:` at the start.
fn has_drive(b: &[u8]) -> bool {
    b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// `\\server\share` at the start (either separator, any run of them
/// between the two): the server's and the share's byte ranges.
fn unc(b: &[u8]) -> Option<(Range<usize>, Range<usize>)> {
    if b.len() < 2 || !is_sep(b[0]) || !is_sep(b[1]) {
        return None;
    }
    let run =
        |from: usize, sep: bool| from + b[from..].iter().take_while(|&&c| is_sep(c) == sep).count();
    let server_end = run(2, false);
    if server_end == 2 || server_end == b.len() {
        return None;
    }
    let share_start = run(server_end, true);
    if share_start == b.len() {
        return None;
    }
    Some((2..server_end, share_start..run(share_start, false)))
}

/// The names Windows keeps for devices, which a path's first segment must
/// not become by accident (`CON:`, `COM1:`).
const RESERVED: [&str; 28] = [
    "CON",
    "PRN",
    "AUX",
    "NUL",
    "COM1",
    "COM2",
    "COM3",
    "COM4",
    "COM5",
    "COM6",
    "COM7",
    "COM8",
    "COM9",
    "LPT1",
    "LPT2",
    "LPT3",
    "LPT4",
    "LPT5",
    "LPT6",
    "LPT7",
    "LPT8",
    "LPT9",
    "COM\u{b9}",
    "COM\u{b2}",
    "COM\u{b3}",
    "LPT\u{b9}",
    "LPT\u{b2}",
    "LPT\u{b3}",
];

/// Whether what comes before `colon` in `p` is a reserved device name;
/// without a colon Node tests `p` without its last character.
fn is_reserved(p: &str, colon: Option<usize>) -> bool {
    let head = match colon {
        Some(colon) => &p[..colon],
        None => p.char_indices().last().map_or("", |(last, _)| &p[..last]),
    };
    RESERVED.contains(&head.to_uppercase().as_str())
}

/// The root as `resolve` reads it: the device (drive or share, empty for
/// none), where the rest starts, and whether the path is absolute.
fn resolve_root(p: &str) -> (String, usize, bool) {
    let b = p.as_bytes();
    if b.len() == 1 {
        return (String::new(), usize::from(is_sep(b[0])), is_sep(b[0]));
    }
    if b.first().is_some_and(|&c| is_sep(c)) {
        return match unc(b) {
            Some((server, _)) if matches!(&p[server.clone()], "." | "?") => {
                (format!("\\\\{}", &p[server]), 4, true)
            }
            Some((server, share)) => {
                let end = share.end;
                (format!("\\\\{}\\{}", &p[server], &p[share]), end, true)
            }
            None => (String::new(), 1, true),
        };
    }
    if has_drive(b) {
        let absolute = b.len() > 2 && is_sep(b[2]);
        return (p[..2].to_string(), 2 + usize::from(absolute), absolute);
    }
    (String::new(), 0, false)
}

/// `resolve(...parts)` against `cwd`; `Err(i)` when `parts[i]`, which the
/// walk from the right reached, is not a string.
pub(super) fn resolve(parts: &[Option<&str>], cwd: &str) -> Result<String, usize> {
    if (parts.is_empty() || matches!(parts, [Some("" | ".")]))
        && cwd.bytes().next().is_some_and(is_sep)
    {
        return Ok(cwd.replace('/', "\\"));
    }
    let mut device = String::new();
    let mut tail = String::new();
    let mut absolute = false;
    // From the right, then the working directory (`None`): until the path
    // is absolute and has a device, skipping paths on another device.
    for index in parts.iter().enumerate().rev().map(Some).chain([None]) {
        let path: String = match index {
            Some((i, part)) => {
                let part = part.ok_or(i)?;
                if part.is_empty() {
                    continue;
                }
                part.into()
            }
            // A drive's own folder (`=C:` in Windows' environment) is not
            // kept on POSIX: the working directory, unless it names another
            // drive, in which case the drive's root.
            None if !device.is_empty()
                && !cwd
                    .get(..2)
                    .is_some_and(|d| d.eq_ignore_ascii_case(&device))
                && cwd.as_bytes().get(2) == Some(&b'\\') =>
            {
                format!("{device}\\")
            }
            None => cwd.into(),
        };
        let (root_device, rest, rooted) = resolve_root(&path);
        if !root_device.is_empty() {
            if device.is_empty() {
                device = root_device;
            } else if root_device.to_lowercase() != device.to_lowercase() {
                continue;
            }
        }
        if !absolute {
            tail = format!("{}\\{tail}", &path[rest..]);
            absolute = rooted;
        }
        if absolute && !device.is_empty() {
            break;
        }
    }
    let tail = common::normalize_segments(&tail, !absolute, is_sep, "\\");
    Ok(if absolute {
        format!("{device}\\{tail}")
    } else if device.is_empty() && tail.is_empty() {
        ".".into()
    } else {
        format!("{device}{tail}")
    })
}

pub(super) fn normalize(p: &str) -> String {
    let b = p.as_bytes();
    match b {
        [] => return ".".into(),
        [b'/'] => return "\\".into(),
        [_] => return p.into(),
        _ => {}
    }
    let mut device: Option<String> = None;
    let mut rest = 0;
    let mut absolute = false;
    if is_sep(b[0]) {
        absolute = true;
        rest = 1;
        if let Some((server, share)) = unc(b) {
            let server = &p[server];
            if server == "." || server == "?" {
                // `\\?\COM1:…` keeps the device name in its root.
                let named = p
                    .find(':')
                    .and_then(|colon| p.get(4..=colon))
                    .filter(|named| is_reserved(named, Some(named.len() - 1)));
                (device, rest) = match named {
                    Some(named) => (Some(format!("\\\\?\\{named}")), 4 + named.len()),
                    None => (Some(format!("\\\\{server}")), 4),
                };
            } else if share.end == b.len() {
                return format!("\\\\{server}\\{}\\", &p[share.start..]);
            } else {
                device = Some(format!("\\\\{server}\\{}", &p[share.clone()]));
                rest = share.end;
            }
        }
    } else if let Some(colon) = p.find(':').filter(|&colon| colon > 0) {
        if colon == 1 && has_drive(b) {
            device = Some(p[..2].into());
            absolute = b.len() > 2 && is_sep(b[2]);
            rest = 2 + usize::from(absolute);
        } else if is_reserved(p, Some(colon)) {
            device = Some(p[..=colon].into());
            rest = colon + 1;
        }
    }
    let mut tail = common::normalize_segments(&p[rest..], !absolute, is_sep, "\\");
    if tail.is_empty() && !absolute {
        tail = ".".into();
    }
    if !tail.is_empty() && is_sep(b[b.len() - 1]) {
        tail.push('\\');
    }
    // A relative path must not become one Windows reads as a drive or a
    // device (`a/../c:x`, `x:`): it gets a `.\` in front.
    if !absolute && device.is_none() && p.contains(':') {
        let ends_a_segment = p
            .match_indices(':')
            .any(|(colon, _)| b.get(colon + 1).is_none_or(|&c| is_sep(c)));
        if has_drive(tail.as_bytes()) || ends_a_segment {
            return format!(".\\{tail}");
        }
    }
    if is_reserved(p, p.find(':')) {
        return format!(".\\{}{tail}", device.unwrap_or_default());
    }
    match (device, absolute) {
        (None, true) => format!("\\{tail}"),
        (None, false) => tail,
        (Some(device), true) => format!("{device}\\{tail}"),
        (Some(device), false) => format!("{device}{tail}"),
    }
}

pub(super) fn is_absolute(p: &str) -> bool {
    let b = p.as_bytes();
    b.first().is_some_and(|&c| is_sep(c)) || (b.len() > 2 && has_drive(b) && is_sep(b[2]))
}

pub(super) fn join(parts: &[&str]) -> String {
    let parts: Vec<&str> = parts
        .iter()
        .filter(|part| !part.is_empty())
        .copied()
        .collect();
    let Some(first) = parts.first().map(|first| first.as_bytes()) else {
        return ".".into();
    };
    let mut joined = parts.join("\\");
    // Leading separators collapse to one, so that normalize does not read
    // a UNC root, unless the first part starts like one (`\\server`).
    let leading = first.iter().take(3).take_while(|&&c| is_sep(c)).count();
    let unc_first = leading == 2 && first.len() > 2;
    if !unc_first {
        let run = joined.bytes().take_while(|&c| is_sep(c)).count();
        if run >= 2 {
            joined = format!("\\{}", &joined[run..]);
        }
    }
    // A segment naming a device (`CON:`) is left as it is, only its `/`
    // turned to `\`.
    let names_device = joined.split('\\').any(|segment| {
        segment
            .find(':')
            .is_some_and(|colon| is_reserved(segment, Some(colon)))
    });
    if names_device {
        return joined.replace('/', "\\");
    }
    normalize(&joined)
}

pub(super) fn relative(from: &str, to: &str, cwd: &str) -> String {
    if from == to {
        return String::new();
    }
    // Resolving plain strings cannot fail.
    let from_orig = resolve(&[Some(from)], cwd).unwrap_or_default();
    let to_orig = resolve(&[Some(to)], cwd).unwrap_or_default();
    if from_orig == to_orig {
        return String::new();
    }
    let from = from_orig.to_lowercase();
    let to = to_orig.to_lowercase();
    if from == to {
        return String::new();
    }
    if from.len() != from_orig.len() || to.len() != to_orig.len() {
        return relative_by_segments(&from_orig, &to_orig);
    }
    relative_by_bytes(&from, &to, &to_orig)
}

/// `relative` when lower-casing changed a length: segment by segment.
fn relative_by_segments(from: &str, to: &str) -> String {
    let split = |p: &str| {
        let mut parts: Vec<String> = p.split('\\').map(str::to_string).collect();
        if parts.last().is_some_and(String::is_empty) {
            parts.pop();
        }
        parts
    };
    let (a, b) = (split(from), split(to));
    let common = a
        .iter()
        .zip(&b)
        .take_while(|(x, y)| x.to_lowercase() == y.to_lowercase())
        .count();
    if common == 0 {
        return to.into();
    }
    let length = a.len().min(b.len());
    if common == length {
        if b.len() > length {
            return b[common..].join("\\");
        }
        if a.len() > length {
            return format!("{}..", "..\\".repeat(a.len() - 1 - common));
        }
        return String::new();
    }
    format!(
        "{}{}",
        "..\\".repeat(a.len() - common),
        b[common..].join("\\")
    )
}

/// `relative` of two resolved, lower-cased paths, comparing bytes as Node
/// does: the answer is built from `to_orig`, which keeps its case.
fn relative_by_bytes(from: &str, to: &str, to_orig: &str) -> String {
    let trimmed = |p: &str| {
        let b = p.as_bytes();
        let start = b.iter().take_while(|&&c| c == b'\\').count();
        let mut end = b.len();
        while end > start + 1 && b[end - 1] == b'\\' {
            end -= 1;
        }
        (start, end)
    };
    let (from_start, from_end) = trimmed(from);
    let (to_start, to_end) = trimmed(to);
    let (f, t) = (
        &from.as_bytes()[from_start..from_end],
        &to.as_bytes()[to_start..to_end],
    );
    let length = f.len().min(t.len());
    let same = f.iter().zip(t).take_while(|(x, y)| x == y).count();
    let mut last_common_sep = f[..same].iter().rposition(|&c| c == b'\\');
    if same < length {
        if last_common_sep.is_none() {
            return to_orig.into();
        }
    } else {
        if t.len() > length {
            if t[same] == b'\\' {
                return to_orig
                    .get(to_start + same + 1..)
                    .unwrap_or_default()
                    .into();
            }
            if same == 2 {
                return to_orig.get(to_start + same..).unwrap_or_default().into();
            }
        }
        if f.len() > length {
            if f[same] == b'\\' {
                last_common_sep = Some(same);
            } else if same == 2 {
                last_common_sep = Some(3);
            }
        }
    }
    let common = last_common_sep.unwrap_or(0);
    // One `..` for each segment of `from` after the common part.
    let ups = match f.get(common + 1..) {
        Some(rest) => rest.iter().filter(|&&c| c == b'\\').count() + 1,
        None => 0,
    };
    let mut rest_start = to_start + common;
    // As JavaScript's `slice`: empty when the start is past the end.
    let rest = |start: usize| to_orig.get(start..to_end).unwrap_or_default();
    if ups > 0 {
        return format!("{}{}", vec![".."; ups].join("\\"), rest(rest_start));
    }
    if to_orig.as_bytes().get(rest_start) == Some(&b'\\') {
        rest_start += 1;
    }
    rest(rest_start).into()
}

/// `toNamespacedPath(p)` for a string: the `\\?\` form of an absolute
/// drive or UNC path, other paths resolved.
pub(super) fn to_namespaced_path(p: &str, cwd: &str) -> String {
    if p.is_empty() {
        return String::new();
    }
    let resolved = resolve(&[Some(p)], cwd).unwrap_or_default();
    let r = resolved.as_bytes();
    if resolved.encode_utf16().count() <= 2 {
        return p.into();
    }
    if r[0] == b'\\' {
        if r[1] == b'\\' && r[2] != b'?' && r[2] != b'.' {
            return format!("\\\\?\\UNC\\{}", &resolved[2..]);
        }
    } else if has_drive(r) && r[2] == b'\\' {
        return format!("\\\\?\\{resolved}");
    }
    resolved
}

pub(super) fn dirname(p: &str) -> &str {
    let b = p.as_bytes();
    match b {
        [] => return ".",
        [c] => return if is_sep(*c) { p } else { "." },
        _ => {}
    }
    // Where the root ends (`None`: no root), which the search for the
    // parent's end does not enter.
    let root = if is_sep(b[0]) {
        match unc(b) {
            Some((_, share)) if share.end == b.len() => return p,
            Some((_, share)) => Some(share.end + 1),
            None => Some(1),
        }
    } else if has_drive(b) {
        Some(2 + usize::from(b.len() > 2 && is_sep(b[2])))
    } else {
        None
    };
    let from = root.unwrap_or(0);
    let mut seen_segment = false;
    for i in (from..b.len()).rev() {
        if is_sep(b[i]) {
            if seen_segment {
                return &p[..i];
            }
        } else {
            seen_segment = true;
        }
    }
    root.map_or(".", |end| &p[..end])
}

/// Where `basename` and `extname` start: after a drive.
fn after_drive(p: &str) -> usize {
    if has_drive(p.as_bytes()) { 2 } else { 0 }
}

pub(super) fn basename<'a>(p: &'a str, suffix: Option<&str>) -> &'a str {
    common::basename(p, after_drive(p), suffix, is_sep)
}

pub(super) fn extname(p: &str) -> &str {
    common::extname(p, after_drive(p), is_sep)
}

pub(super) fn parse(p: &str) -> Parsed<'_> {
    let b = p.as_bytes();
    let root_end = if b.first().is_some_and(|&c| is_sep(c)) {
        match unc(b) {
            Some((_, share)) if share.end == b.len() => share.end,
            Some((_, share)) => share.end + 1,
            None => 1,
        }
    } else if has_drive(b) {
        2 + usize::from(b.len() > 2 && is_sep(b[2]))
    } else {
        0
    };
    common::parse(p, root_end, is_sep)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CWD: &str = "/work/project";

    fn resolved(parts: &[&str]) -> String {
        let parts: Vec<Option<&str>> = parts.iter().map(|p| Some(*p)).collect();
        resolve(&parts, CWD).unwrap()
    }

    #[test]
    fn resolve_by_drive_and_share() {
        assert_eq!(
            resolved(&["c:/ignore", "d:\\a/b\\c/d", "\\e.exe"]),
            "d:\\e.exe"
        );
        assert_eq!(
            resolved(&["c:/blah\\blah", "d:/games", "c:../a"]),
            "c:\\blah\\a"
        );
        assert_eq!(
            resolved(&["\\\\server\\share", "..", "relative\\"]),
            "\\\\server\\share\\relative"
        );
        assert_eq!(resolved(&["C:\\foo", "c:bar"]), "c:\\foo\\bar");
        assert_eq!(resolved(&["x"]), "\\work\\project\\x");
        assert_eq!(resolved(&["d:x"]), "d:\\work\\project\\x");
        assert_eq!(resolved(&[]), "\\work\\project");
        assert_eq!(resolve(&[Some("a"), None], CWD), Err(1));
        assert_eq!(resolve(&[None, Some("c:\\a")], CWD), Ok("c:\\a".into()));
    }

    #[test]
    fn normalize_keeps_roots_and_guards_devices() {
        for (input, expected) in [
            ("./fixtures///b/../b/c.js", "fixtures\\b\\c.js"),
            ("/foo/../../../bar", "\\bar"),
            ("a//b//../b", "a\\b"),
            (
                "//server/share/dir/file.ext",
                "\\\\server\\share\\dir\\file.ext",
            ),
            ("//server/share", "\\\\server\\share\\"),
            ("c:", "c:."),
            ("c:/a/../..", "c:\\"),
            ("bar\\foo..\\..\\", "bar\\"),
            ("\\\\.\\PHYSICALDRIVE0", "\\\\.\\PHYSICALDRIVE0"),
            ("\\\\?\\D:/XY\\Z", "\\\\?\\D:\\XY\\Z"),
            ("test/../C:/Windows", ".\\C:\\Windows"),
            ("test/../C:Windows", ".\\C:Windows"),
            ("CON:", ".\\CON:."),
            ("CON:/foo", ".\\CON:foo"),
            ("COM1:a:b:c", ".\\COM1:a:b:c"),
            ("COM10:", ".\\COM10:"),
            ("c:COM1:", "c:COM1:"),
            ("\\\\?\\COM1:.\\..\\..\\foo2.js", "\\\\?\\COM1:\\foo2.js"),
            ("CON", "CON"),
        ] {
            assert_eq!(normalize(input), expected, "{input}");
        }
    }

    #[test]
    fn join_collapses_leading_separators_unless_unc() {
        assert_eq!(join(&["//server", "share"]), "\\\\server\\share\\");
        assert_eq!(join(&["//", "foo/bar"]), "\\foo\\bar");
        assert_eq!(join(&["\\\\\\", "a"]), "\\a");
        assert_eq!(join(&["", ""]), ".");
        assert_eq!(join(&["a", "CON:/b"]), "a\\CON:\\b");
    }

    #[test]
    fn relative_ignores_case_and_crosses_roots() {
        for (from, to, expected) in [
            ("c:/blah\\blah", "d:/games", "d:\\games"),
            ("c:/aaaa/bbbb", "c:/aaaa", ".."),
            ("c:/aaaa/bbbb", "c:/cccc", "..\\..\\cccc"),
            ("c:/AaAa/bbbb", "c:/aaaa/bbbb", ""),
            ("c:/aaaaa/", "c:/aaaa/cccc", "..\\aaaa\\cccc"),
            ("C:\\", "C:\\foo\\bar", "foo\\bar"),
            ("\\\\foo\\baz-quux", "\\\\foo\\baz", "..\\baz"),
            ("C:\\baz", "\\\\foo\\bar\\baz", "\\\\foo\\bar\\baz"),
        ] {
            assert_eq!(relative(from, to, CWD), expected, "{from} -> {to}");
        }
    }

    #[test]
    fn dirname_basename_extname_parse() {
        assert_eq!(dirname("\\\\unc\\share"), "\\\\unc\\share");
        assert_eq!(dirname("\\\\unc\\share\\foo"), "\\\\unc\\share\\");
        assert_eq!(dirname("c:foo\\bar"), "c:foo");
        assert_eq!(dirname("file:stream"), ".");
        assert_eq!(basename("C:basename.ext\\", None), "basename.ext");
        assert_eq!(basename("C:", None), "");
        assert_eq!(basename("aaa\\bbb", Some("bbb")), "bbb");
        assert_eq!(extname("C:.foo"), "");
        assert_eq!(extname("file.\\\\"), ".");
        let parsed = parse("\\\\server\\share\\file.txt");
        assert_eq!(
            (parsed.root, parsed.dir, parsed.base),
            ("\\\\server\\share\\", "\\\\server\\share\\", "file.txt")
        );
        assert_eq!(parse("C:abc").root, "C:");
    }

    #[test]
    fn namespaced_paths() {
        assert_eq!(to_namespaced_path("C:\\a", CWD), "\\\\?\\C:\\a");
        assert_eq!(
            to_namespaced_path("\\\\srv\\sh\\f", CWD),
            "\\\\?\\UNC\\srv\\sh\\f"
        );
        assert_eq!(to_namespaced_path("\\\\.\\pipe\\p", CWD), "\\\\.\\pipe\\p");
        assert_eq!(to_namespaced_path("", CWD), "");
    }
}
