//! `Bun.semver`: `satisfies` with npm's range semantics (nodejs-semver),
//! read as leniently as Bun reads ranges, and `order` over Bun's loose
//! versions.
//!
//! Bun's leniency, as its runtime answers: a version may carry `v`, `=` and
//! spaces in front, leading zeros, and (for `order`) missing or `x`/`*`
//! parts, which sort above any number; build metadata never counts. In a
//! range, what Bun cannot read is dropped: `>=1.2.3 garbage` is `>=1.2.3`,
//! an alternative of `||` with nothing readable is ignored, and a range with
//! nothing readable at all allows every release.

use std::cmp::Ordering;

use boa_engine::{Context, JsResult, JsValue};
use nodejs_semver::{Range, Version};

use super::{error, string_arg};

/// A version as Bun's `order` reads it; `None` parts are missing or wild.
struct Loose {
    parts: [Option<u64>; 3],
    prerelease: Vec<String>,
}

fn loose(text: &str) -> Option<Loose> {
    let text = text.trim().trim_start_matches(['=', 'v', ' ']);
    let text = text.split('+').next().unwrap_or_default();
    let (core, prerelease) = text.split_once('-').unwrap_or((text, ""));
    let pieces: Vec<&str> = core.split('.').collect();
    if pieces.len() > 3 {
        return None;
    }
    let mut parts = [None; 3];
    for (part, piece) in parts.iter_mut().zip(&pieces) {
        *part = match *piece {
            "x" | "X" | "*" => None,
            digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                Some(digits.parse().ok()?)
            }
            _ => return None,
        };
    }
    let prerelease = match prerelease {
        "" => Vec::new(),
        text => text.split('.').map(str::to_string).collect(),
    };
    Some(Loose { parts, prerelease })
}

fn order(a: &Loose, b: &Loose) -> Ordering {
    for (x, y) in a.parts.iter().zip(&b.parts) {
        let by_part = match (x, y) {
            (Some(x), Some(y)) => x.cmp(y),
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
        };
        if by_part != Ordering::Equal {
            return by_part;
        }
    }
    match (a.prerelease.is_empty(), b.prerelease.is_empty()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => {
            for (x, y) in a.prerelease.iter().zip(&b.prerelease) {
                let by_identifier = identifier_order(x, y);
                if by_identifier != Ordering::Equal {
                    return by_identifier;
                }
            }
            a.prerelease.len().cmp(&b.prerelease.len())
        }
    }
}

/// SemVer's rule: numbers compare as numbers and below words.
fn identifier_order(x: &str, y: &str) -> Ordering {
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match (number(x), number(y)) {
        (true, true) => {
            let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
            x.len().cmp(&y.len()).then_with(|| x.cmp(y))
        }
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (false, false) => x.cmp(y),
    }
}

/// `semverOrder(a, b)`: -1, 0 or 1; an unreadable version throws.
pub(super) fn semver_order(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let a = string_arg(args, 0, context)?;
    let b = string_arg(args, 1, context)?;
    let read = |text: &str| loose(text).ok_or_else(|| error(format!("Invalid SemVer: {text}\n")));
    let (a, b) = (read(&a)?, read(&b)?);
    Ok(JsValue::from(order(&a, &b) as i32))
}

/// `semverSatisfies(version, range)`.
pub(super) fn semver_satisfies(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let version = string_arg(args, 0, context)?;
    let range = string_arg(args, 1, context)?;
    Ok(satisfies(&version, &range).into())
}

fn satisfies(version: &str, range: &str) -> bool {
    let Some(version) = release(version) else {
        return false;
    };
    let readable: Vec<Vec<Comparator>> = range.split("||").filter_map(comparators).collect();
    if readable.is_empty() {
        return Range::any().satisfies(&version);
    }
    readable.iter().any(|set| allows(set, &version))
}

/// A whole version (no missing or wild part), as nodejs-semver reads it.
fn release(text: &str) -> Option<Version> {
    let Loose { parts, prerelease } = loose(text)?;
    let [Some(major), Some(minor), Some(patch)] = parts else {
        return None;
    };
    let mut canonical = format!("{major}.{minor}.{patch}");
    if !prerelease.is_empty() {
        canonical = format!("{canonical}-{}", prerelease.join("."));
    }
    Version::parse(canonical).ok()
}

/// One comparator of a set (`>=1.2.3`, `^1.2`, `1 - 2`), and the versions
/// it names, for npm's prerelease rule.
struct Comparator {
    range: Range,
    named: Vec<Loose>,
}

/// The comparators of one alternative of `||` that read; `None` when none
/// does. Each is read on its own and the set is their conjunction: reading
/// the whole set at once, nodejs-semver 4.2 turns a set that allows nothing
/// (`>=1.2.3 <1.2.3`) into the union of its comparators.
fn comparators(text: &str) -> Option<Vec<Comparator>> {
    let mut words: Vec<String> = Vec::new();
    let mut pending_operator = String::new();
    for word in text.split_whitespace() {
        if word.chars().all(|c| "<>=~^".contains(c)) {
            pending_operator.push_str(word);
            continue;
        }
        words.push(std::mem::take(&mut pending_operator) + word);
    }
    // `1.2.3 - 2.0.0` is one comparator.
    let mut joined: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words.get(i + 1).is_some_and(|w| w == "-") && i + 2 < words.len() {
            joined.push(format!("{} - {}", words[i], words[i + 2]));
            i += 3;
        } else {
            joined.push(words[i].clone());
            i += 1;
        }
    }
    let set: Vec<Comparator> = joined
        .iter()
        .filter_map(|text| {
            let range = Range::parse(text).ok()?;
            let named = text
                .split(" - ")
                .filter_map(|side| loose(side.trim_start_matches(|c: char| "<>=~^".contains(c))))
                .collect();
            Some(Comparator { range, named })
        })
        .collect();
    (!set.is_empty()).then_some(set)
}

/// npm's rule: every comparator allows the version, and a prerelease only
/// counts when a comparator names a prerelease of the same release.
fn allows(set: &[Comparator], version: &Version) -> bool {
    let every = set
        .iter()
        .all(|comparator| comparator.range.satisfies_with_prerelease(version, true));
    if !every || !version.is_prerelease() {
        return every;
    }
    let same_release = |named: &Loose| {
        !named.prerelease.is_empty()
            && named.parts
                == [
                    Some(version.major),
                    Some(version.minor),
                    Some(version.patch),
                ]
    };
    set.iter()
        .any(|comparator| comparator.named.iter().any(same_release))
}

#[cfg(test)]
mod tests {
    use super::{loose, order, satisfies};

    #[test]
    fn ranges_are_read_as_bun_reads_them() {
        for (version, range, expected) in [
            ("1.2.3", "^1.2", true),
            ("2.0.0-beta.1", "^2.0.0", false),
            ("2.0.0-beta.1", ">=2.0.0-beta.0", true),
            ("1.2.3", "1.2.0 - 1.3.0", true),
            ("1.2", "1.2", false),
            ("garbage", "*", false),
            ("1.2.3", "garbage", true),
            ("1.2.3", ">=1.2.3 garbage", true),
            ("1.2.3", ">1.2.3 || garbage", false),
            ("1.2.3", "garbage || garbage", true),
            ("1.2.3", ">2 ||", false),
            ("1.2.3", ">= 1.2.3", true),
            ("1.2.3", "!=1.2.3", true),
            ("1.2.3", "1.2.3-1.2.4", false),
            ("1.2.3-rc.1", "*", false),
            ("01.2.3", "^1", true),
            ("3.0.0", "1 - 2", false),
            ("1.2.3", ">=1.2.3 <1.2.3", false),
            ("1.2.3-rc.2", ">=1.2.3-rc.1 <1.2.4", true),
            ("1.2.4-rc.1", ">=1.2.3", false),
            ("1.2.3-beta.2", "^1.2.3-beta", true),
            ("1.2.3", "1.2.3 - garbage", true),
            ("2.9.9", "1 - 2", true),
        ] {
            assert_eq!(satisfies(version, range), expected, "{version} in {range}");
        }
    }

    #[test]
    fn versions_order_as_in_bun() {
        let cmp = |a: &str, b: &str| order(&loose(a).unwrap(), &loose(b).unwrap()) as i32;
        assert_eq!(cmp("1.2", "1.2.0"), 1);
        assert_eq!(cmp("1.0.0", "x"), -1);
        assert_eq!(cmp("1.0.0-a", "1.0.0-1"), 1);
        assert_eq!(cmp("1.0.0-rc.1", "1.0.0-rc.10"), -1);
        assert_eq!(cmp("1.2.3-beta", "1.2.3-beta.0"), -1);
        assert_eq!(cmp("1.2.3-01", "1.2.3-1"), 0);
        assert_eq!(cmp("  =v1.2.3", "1.2.3+build"), 0);
        for unreadable in [
            "",
            "1.0.0.0",
            "1.0.0x",
            "~1.0.0",
            "y",
            "99999999999999999999.0.0",
        ] {
            assert!(loose(unreadable).is_none(), "{unreadable:?}");
        }
    }
}
