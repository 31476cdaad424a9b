//! A RegExp's pattern compiled again with regress (the engine and version
//! boa uses, with the same flags, so the same matches), cached per
//! (source, flags), with what the fast paths need to know about it: whether
//! every match starts at the input's start, its literal prefix, and a
//! "probe" variant that tries one position only.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use memchr::memmem::Finder;
use regress::{Flags, Regex};

/// The flags of a RegExp as boa keeps them (`[[OriginalFlags]]`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct RegexFlags {
    pub(crate) has_indices: bool,
    pub(crate) global: bool,
    pub(crate) ignore_case: bool,
    pub(crate) multiline: bool,
    pub(crate) dot_all: bool,
    pub(crate) unicode: bool,
    pub(crate) unicode_sets: bool,
    pub(crate) sticky: bool,
}

impl RegexFlags {
    /// `u` or `v`: the pattern is read as code points, not code units.
    pub(crate) fn full_unicode(self) -> bool {
        self.unicode || self.unicode_sets
    }

    /// As boa 0.22 hands them to regress (`impl From<RegExpFlags> for Flags`).
    fn regress(self) -> Flags {
        Flags {
            icase: self.ignore_case,
            multiline: self.multiline,
            dot_all: self.dot_all,
            unicode: self.unicode,
            unicode_sets: self.unicode_sets,
            ..Flags::default()
        }
    }
}

/// One pattern, compiled.
pub(crate) struct Compiled {
    /// The pattern itself, as boa compiles it.
    pub(crate) regex: Regex,
    /// `(?:PATTERN)|()`: at any position it matches, either as the pattern
    /// does there, or (when the pattern cannot match there) with its last
    /// group set, so one `find_from` tries one position, where boa's sticky
    /// emulation and regress (whose anchored and prefix searches boa's
    /// `utf16` feature turns off) try every position to the end. `None`
    /// when the extra group could change the pattern's meaning.
    pub(crate) probe: Option<Regex>,
    /// Every match starts at index 0 (`^` without `m`, no top-level `|`).
    pub(crate) anchored: bool,
    /// What every match starts with, when case matters and it is known.
    pub(crate) start: Option<Start>,
}

/// What every match of a pattern starts with.
pub(crate) enum Start {
    /// This ASCII text (found with memchr's `memmem`).
    Literal(Finder<'static>),
    /// One of these ASCII bytes (a leading class like `[&<>"']`).
    Byte([bool; 128]),
}

impl Start {
    /// The first index at or after `from` where a match may start.
    pub(crate) fn next(&self, haystack: &[u8], from: usize) -> Option<usize> {
        let rest = haystack.get(from..)?;
        let offset = match self {
            Start::Literal(finder) => finder.find(rest),
            Start::Byte(set) => rest.iter().position(|&b| b < 128 && set[usize::from(b)]),
        }?;
        Some(from + offset)
    }
}

/// Patterns compiled so far on this thread, by source, then flags (looked
/// up by `&str`, so a hit allocates nothing). A pure function of its key, so
/// every context of the thread can share it.
type Cache = HashMap<String, Vec<(RegexFlags, Option<Rc<Compiled>>)>>;
const CACHE_LIMIT: usize = 1024;
thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(HashMap::new());
}

/// The compiled form of the pattern whose `source` getter gave `escaped`;
/// `None` when it cannot be recovered exactly or does not compile (the caller
/// then uses boa's own `exec`).
pub(crate) fn compiled(escaped: &str, flags: RegexFlags) -> Option<Rc<Compiled>> {
    let hit = CACHE.with(|c| {
        c.borrow()
            .get(escaped)
            .and_then(|variants| variants.iter().find(|(f, _)| *f == flags))
            .map(|(_, compiled)| compiled.clone())
    });
    if let Some(hit) = hit {
        return hit;
    }
    let made = original_source(escaped).and_then(|source| compile(&source, flags).map(Rc::new));
    CACHE.with(|c| {
        let mut cache = c.borrow_mut();
        if cache.len() >= CACHE_LIMIT {
            // Patterns built at run time from data can be endless; a full
            // cache starts over rather than grow.
            cache.clear();
        }
        cache
            .entry(escaped.to_owned())
            .or_default()
            .push((flags, made.clone()));
    });
    made
}

/// `[[OriginalSource]]` from what boa's `source` getter returns.
///
/// boa 0.22's EscapeRegExpPattern writes every `/` as `\/` (even one already
/// escaped: `/\//.source` is `\\/`) and line terminators as `\n`, `\r`,
/// `\u2028`, `\u2029`. Every `/` in its output follows a backslash it added,
/// so removing that backslash gives the original back; an escape for a line
/// terminator matches what the character matched, except after a backslash
/// (`\` then a line feed was an identity escape), which is refused.
pub(crate) fn original_source(escaped: &str) -> Option<String> {
    if escaped == "(?:)" {
        return Some(String::new());
    }
    for ambiguous in [r"\\n", r"\\r", r"\\u2028", r"\\u2029"] {
        if escaped.contains(ambiguous) {
            return None;
        }
    }
    let mut out = String::with_capacity(escaped.len());
    for c in escaped.chars() {
        if c == '/' {
            out.pop();
        }
        out.push(c);
    }
    Some(out)
}

fn compile(source: &str, flags: RegexFlags) -> Option<Compiled> {
    let build = |pattern: &str| -> Option<Regex> {
        // As boa: code points under `u`/`v`, UTF-16 code units otherwise.
        if flags.full_unicode() {
            Regex::from_unicode(pattern.chars().map(u32::from), flags.regress()).ok()
        } else {
            Regex::from_unicode(pattern.encode_utf16().map(u32::from), flags.regress()).ok()
        }
    };
    let regex = build(source)?;
    let top_level_alternation = has_top_level_alternation(source, flags);
    let probe = if numbered_escape(source) {
        None
    } else {
        build(&format!("(?:{source})|()"))
    };
    let anchored =
        !flags.multiline && source.starts_with('^') && top_level_alternation == Some(false);
    let start = if flags.ignore_case || top_level_alternation != Some(false) {
        None
    } else {
        let prefix = literal_prefix(source);
        if prefix.is_empty() {
            leading_class(source).map(Start::Byte)
        } else {
            Some(Start::Literal(Finder::new(prefix.as_bytes()).into_owned()))
        }
    };
    Some(Compiled {
        regex,
        probe,
        anchored,
        start,
    })
}

/// `\1`…`\9` anywhere: with one group more, `\N` of a pattern with N−1
/// groups would turn from a legacy octal escape into a backreference.
fn numbered_escape(source: &str) -> bool {
    let bytes = source.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            if bytes.get(i + 1).is_some_and(|b| (b'1'..=b'9').contains(b)) {
                return true;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    false
}

/// Whether `source` has a `|` outside every group and class; `None` when
/// unsure (`v` mode's nested classes are not followed).
fn has_top_level_alternation(source: &str, flags: RegexFlags) -> Option<bool> {
    if flags.unicode_sets {
        return None;
    }
    let bytes = source.as_bytes();
    let (mut depth, mut in_class, mut i) = (0usize, false, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'[' => in_class = true,
            b']' => in_class = false,
            b'(' if !in_class => depth += 1,
            b')' if !in_class => depth = depth.checked_sub(1)?,
            b'|' if !in_class && depth == 0 => return Some(true),
            _ => {}
        }
        i += 1;
    }
    Some(false)
}

/// The ASCII characters every match of `source` starts with: plain
/// characters and escaped punctuation up to the first other construct; a
/// character under `?`, `*` or `{` is not required and ends the prefix
/// before it, one under `+` ends it after it.
fn literal_prefix(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut prefix = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let (c, width) = match bytes[i] {
            b'\\' => match bytes.get(i + 1).and_then(|&b| escaped(b)) {
                Some(b) => (b, 2),
                None => break,
            },
            b if b.is_ascii() && !b"^$.*+?()[]{}|".contains(&b) => (b, 1),
            _ => break,
        };
        match bytes.get(i + width) {
            Some(b'?' | b'*' | b'{') => break,
            Some(b'+') => {
                prefix.push(char::from(c));
                break;
            }
            _ => prefix.push(char::from(c)),
        }
        i += width;
    }
    prefix
}

/// The character an escape `\\b` stands for, when it is one ASCII character
/// in every mode: escaped punctuation, `\\n`, `\\t`, `\\r`.
fn escaped(b: u8) -> Option<u8> {
    match b {
        b'n' => Some(b'\n'),
        b't' => Some(b'\t'),
        b'r' => Some(b'\r'),
        b if b"^$\\.*+?()[]{}|/-".contains(&b) => Some(b),
        _ => None,
    }
}

/// The bytes of a leading class of plain ASCII characters (`[&<>"']`, no
/// negation, range or class escape) that is required (not under `?`, `*`
/// or `{`).
fn leading_class(source: &str) -> Option<[bool; 128]> {
    let bytes = source.as_bytes();
    if bytes.first() != Some(&b'[') || bytes.get(1) == Some(&b'^') {
        return None;
    }
    let mut set = [false; 128];
    let mut i = 1;
    loop {
        let (c, width) = match *bytes.get(i)? {
            b']' if i > 1 => break,
            b'\\' => (escaped(*bytes.get(i + 1)?)?, 2),
            b'-' | b'[' | b']' => return None,
            b if b.is_ascii() => (b, 1),
            _ => return None,
        };
        set[usize::from(c)] = true;
        i += width;
    }
    match bytes.get(i + 1) {
        Some(b'?' | b'*' | b'{') => None,
        _ => Some(set),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_original_source_comes_back_from_boas_escaping() {
        assert_eq!(original_source(r"a\/b").as_deref(), Some("a/b"));
        // `/\//`: boa escapes the escaped slash again.
        assert_eq!(original_source(r"\\/").as_deref(), Some(r"\/"));
        assert_eq!(original_source("(?:)").as_deref(), Some(""));
        assert_eq!(original_source(r"x\\ny"), None);
    }

    #[test]
    fn prefixes_stop_where_a_character_is_optional() {
        assert_eq!(literal_prefix("abc"), "abc");
        assert_eq!(literal_prefix(r"<\/div>"), "</div>");
        assert_eq!(literal_prefix("ab?c"), "a");
        assert_eq!(literal_prefix("ab+c"), "ab");
        assert_eq!(literal_prefix(r"a\d"), "a");
        assert_eq!(literal_prefix("[ab]c"), "");
        assert_eq!(literal_prefix(r"\n[ \t]*$"), "\n");
    }

    #[test]
    fn a_leading_class_gives_its_bytes_when_it_is_required() {
        let set = leading_class(r#"[&<>"']"#).unwrap();
        let members: String = (0u8..128)
            .filter(|&b| set[usize::from(b)])
            .map(char::from)
            .collect();
        assert_eq!(members, "\"&'<>");
        assert!(leading_class("[a-z]x").is_none());
        assert!(leading_class("[^a]").is_none());
        assert!(leading_class("[ab]?c").is_none());
        assert!(leading_class(r"[\d]").is_none());
        assert!(leading_class("[]a]").is_none());
    }

    #[test]
    fn alternation_inside_groups_and_classes_is_not_top_level() {
        let flags = RegexFlags::default();
        assert_eq!(has_top_level_alternation("^(?:a|b)", flags), Some(false));
        assert_eq!(has_top_level_alternation("^[|]x", flags), Some(false));
        assert_eq!(has_top_level_alternation(r"^\|x", flags), Some(false));
        assert_eq!(has_top_level_alternation("^a|b", flags), Some(true));
    }
}
