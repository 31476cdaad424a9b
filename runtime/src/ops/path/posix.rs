//! `path.posix` on plain strings: `/` separates, a leading `/` is the root.

use super::common::{self, Parsed};

pub(super) fn is_sep(b: u8) -> bool {
    b == b'/'
}

pub(super) fn normalize(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let absolute = p.starts_with('/');
    let trailing = p.ends_with('/');
    let mut tail = common::normalize_segments(p, !absolute, is_sep, "/");
    if tail.is_empty() {
        return if absolute {
            "/"
        } else if trailing {
            "./"
        } else {
            "."
        }
        .into();
    }
    if trailing {
        tail.push('/');
    }
    if absolute { format!("/{tail}") } else { tail }
}

pub(super) fn join(parts: &[&str]) -> String {
    let joined = parts
        .iter()
        .filter(|part| !part.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join("/");
    if joined.is_empty() {
        ".".into()
    } else {
        normalize(&joined)
    }
}

/// `resolve(...parts)` against `cwd`; `Err(i)` when `parts[i]`, which the
/// walk from the right reached, is not a string.
pub(super) fn resolve(parts: &[Option<&str>], cwd: &str) -> Result<String, usize> {
    // Node hands back the working directory as it is for `resolve()`.
    if (parts.is_empty() || matches!(parts, [Some("" | ".")])) && cwd.starts_with('/') {
        return Ok(cwd.into());
    }
    let mut joined = String::new();
    let mut absolute = false;
    for (index, part) in parts.iter().enumerate().rev() {
        let part = part.ok_or(index)?;
        if part.is_empty() {
            continue;
        }
        joined = format!("{part}/{joined}");
        if part.starts_with('/') {
            absolute = true;
            break;
        }
    }
    if !absolute {
        joined = format!("{cwd}/{joined}");
        absolute = cwd.starts_with('/');
    }
    let tail = common::normalize_segments(&joined, !absolute, is_sep, "/");
    Ok(if absolute {
        format!("/{tail}")
    } else if tail.is_empty() {
        ".".into()
    } else {
        tail
    })
}

pub(super) fn is_absolute(p: &str) -> bool {
    p.starts_with('/')
}

pub(super) fn relative(from: &str, to: &str, cwd: &str) -> String {
    if from == to {
        return String::new();
    }
    // Resolving plain strings cannot fail.
    let from = resolve(&[Some(from)], cwd).unwrap_or_default();
    let to = resolve(&[Some(to)], cwd).unwrap_or_default();
    let a: Vec<&str> = from.split('/').filter(|s| !s.is_empty()).collect();
    let b: Vec<&str> = to.split('/').filter(|s| !s.is_empty()).collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let up = std::iter::repeat_n("..", a.len() - common);
    up.chain(b[common..].iter().copied())
        .collect::<Vec<_>>()
        .join("/")
}

pub(super) fn dirname(p: &str) -> &str {
    let b = p.as_bytes();
    if b.is_empty() {
        return ".";
    }
    // The separator that ends the segment before the last one, not counting
    // the first byte (the root).
    let mut seen_segment = false;
    let mut end = None;
    for i in (1..b.len()).rev() {
        if is_sep(b[i]) {
            if seen_segment {
                end = Some(i);
                break;
            }
        } else {
            seen_segment = true;
        }
    }
    match end {
        None if b[0] == b'/' => "/",
        None => ".",
        // `//a`: two leading slashes stay, as Node and Bun keep them.
        Some(1) if b[0] == b'/' => "//",
        Some(end) => &p[..end],
    }
}

pub(super) fn basename<'a>(p: &'a str, suffix: Option<&str>) -> &'a str {
    common::basename(p, 0, suffix, is_sep)
}

pub(super) fn extname(p: &str) -> &str {
    common::extname(p, 0, is_sep)
}

pub(super) fn parse(p: &str) -> Parsed<'_> {
    let mut parsed = common::parse(p, usize::from(p.starts_with('/')), is_sep);
    // Node's and Bun's parse of `/..` (the root, then `..` with only
    // separators after it) takes the second dot for an extension.
    if p.strip_prefix('/')
        .is_some_and(|rest| rest.trim_end_matches('/') == "..")
    {
        parsed.name = ".";
        parsed.ext = ".";
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_like_node() {
        for (input, expected) in [
            ("", "."),
            ("/a//b/../c/./d", "/a/c/d"),
            ("a/../../b", "../b"),
            ("/../x", "/x"),
            ("a/b/", "a/b/"),
            ("./", "./"),
            ("a/../", "./"),
            ("/", "/"),
        ] {
            assert_eq!(normalize(input), expected, "{input}");
        }
    }

    #[test]
    fn dirname_keeps_a_double_slash_root() {
        for (input, expected) in [
            ("/a/b/c.txt", "/a/b"),
            ("/a", "/"),
            ("a", "."),
            ("///", "/"),
            ("//a", "//"),
            ("//a/b", "//a"),
            ("a//b", "a/"),
            ("/a/b/", "/a"),
        ] {
            assert_eq!(dirname(input), expected, "{input}");
        }
    }

    #[test]
    fn basename_extname() {
        assert_eq!(basename("/a/b/c.txt/", None), "c.txt");
        assert_eq!(basename("/a/b/c.txt", Some(".txt")), "c");
        assert_eq!(basename("/a/.txt", Some(".txt")), ".txt");
        assert_eq!(basename(".js", Some(".js")), "");
        assert_eq!(basename("bbb/", Some("bbb")), "bbb");
        assert_eq!(extname("x/file.tar.gz"), ".gz");
        assert_eq!(extname(".bashrc"), "");
        assert_eq!(extname(".."), "");
    }

    #[test]
    fn parse_fields() {
        let parsed = parse("/home/u/file.tar.gz");
        assert_eq!(
            parsed,
            Parsed {
                root: "/",
                dir: "/home/u",
                base: "file.tar.gz",
                ext: ".gz",
                name: "file.tar"
            }
        );
        assert_eq!(parse("//a").dir, "/");
        assert_eq!(parse("a").dir, "");
        assert_eq!(parse("/").base, "");
        assert_eq!((parse("/..").name, parse("/..").ext), (".", "."));
        assert_eq!((parse("a/..").name, parse("a/..").ext), ("..", ""));
    }
}
