//! `Bun.Glob`: whether a path matches a pattern, and the paths below a
//! folder that do.
//!
//! Bun's rules, as its own runtime answers them: `*` stops at `/`, `**`
//! spans folders, `[!…]` and `[^…]` negate a class, a leading `!` negates
//! the whole pattern, a malformed pattern matches nothing. A scan skips
//! names that start with `.` unless `dot` is set or the pattern names a dot
//! segment itself, lists only regular files unless `onlyFiles` is false, and
//! keeps a leading `./` of the pattern in what it returns.

use std::path::{Path, PathBuf};

use boa_engine::{Context, JsResult, JsValue};
use globset::{GlobBuilder, GlobMatcher};

use super::{arg, io_error, json_value, string_arg};
use crate::state::HostState;

/// A compiled pattern with Bun's negation; `None` when it does not parse.
struct Pattern {
    matcher: Option<GlobMatcher>,
    negated: bool,
}

impl Pattern {
    fn new(pattern: &str) -> Pattern {
        let bangs = pattern.len() - pattern.trim_start_matches('!').len();
        let body = pattern[bangs..].replace("[^", "[!");
        let matcher = GlobBuilder::new(&body)
            .literal_separator(true)
            .backslash_escape(true)
            .build()
            .ok()
            .map(|glob| glob.compile_matcher());
        Pattern {
            matcher,
            negated: bangs % 2 == 1,
        }
    }

    fn matches(&self, path: &str) -> bool {
        let Some(matcher) = &self.matcher else {
            return false;
        };
        matcher.is_match(path) != self.negated
    }
}

/// Whether `path` matches `pattern` by Bun's rules (`path.matchesGlob`).
pub(super) fn matches(pattern: &str, path: &str) -> bool {
    Pattern::new(pattern).matches(path)
}

/// `globMatch(pattern, path)`.
pub(super) fn glob_match(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let pattern = string_arg(args, 0, context)?;
    let path = string_arg(args, 1, context)?;
    Ok(matches(&pattern, &path).into())
}

/// `globScan(pattern, cwd, dot, onlyFiles, followSymlinks, absolute)`, as the
/// blocking work behind `scanSync` and `scan`.
pub(super) struct Scan {
    pattern: String,
    /// The folder as the tool named it, for the error message.
    cwd: String,
    root: PathBuf,
    dot: bool,
    only_files: bool,
    follow_symlinks: bool,
    absolute: bool,
}

pub(super) type Scanned = Result<Vec<String>, (std::io::Error, String)>;

impl super::blocking::Work for Scan {
    type Done = Scanned;
    const NAME: &'static str = "the glob scan";

    fn run(self) -> Scanned {
        scan(&self)
    }

    fn finish(done: Scanned, context: &mut Context) -> JsResult<JsValue> {
        match done {
            Ok(paths) => Ok(json_value(&serde_json::json!(paths))),
            Err((error, cwd)) => Err(io_error(&error, "open", &cwd, context)),
        }
    }
}

impl super::blocking::FromArgs for Scan {
    fn parse(args: &[JsValue], context: &mut Context) -> JsResult<Scan> {
        let pattern = string_arg(args, 0, context)?;
        let cwd = string_arg(args, 1, context)?;
        // `components` drops the `.` of a `cwd` of `.`, so absolute paths
        // come out clean.
        let root = HostState::of(context)
            .project_dir
            .join(&cwd)
            .components()
            .collect();
        let flag = |i: usize| arg(args, i).to_boolean();
        Ok(Scan {
            pattern,
            cwd,
            root,
            dot: flag(2),
            only_files: flag(3),
            follow_symlinks: flag(4),
            absolute: flag(5),
        })
    }
}

fn scan(request: &Scan) -> Scanned {
    let fail = |error: std::io::Error| (error, request.cwd.clone());
    std::fs::read_dir(&request.root).map_err(fail)?;
    let (shown_prefix, pattern) = match request.pattern.strip_prefix("./") {
        Some(rest) => ("./", rest),
        None => ("", request.pattern.as_str()),
    };
    let matcher = Pattern::new(pattern);
    // A pattern without `**` cannot match deeper than its own segments.
    let max_depth = if pattern.contains("**") {
        usize::MAX
    } else {
        pattern.split('/').filter(|s| !s.is_empty()).count()
    };
    let dot_named = pattern.split('/').any(|segment| segment.starts_with('.'));
    let show_dot = request.dot || dot_named;
    let walk = walkdir::WalkDir::new(&request.root)
        .min_depth(1)
        .max_depth(max_depth)
        .follow_links(request.follow_symlinks)
        .into_iter()
        .filter_entry(|entry| show_dot || !entry.file_name().to_string_lossy().starts_with('.'));
    let mut found = Vec::new();
    for entry in walk {
        // An entry that vanished or cannot be read is not a match, as in Bun.
        let Ok(entry) = entry else { continue };
        if request.only_files && !entry.file_type().is_file() {
            continue;
        }
        let Some(relative) = relative_text(entry.path(), &request.root) else {
            continue;
        };
        if !matcher.matches(&relative) {
            continue;
        }
        found.push(if request.absolute {
            entry.path().to_string_lossy().into_owned()
        } else {
            format!("{shown_prefix}{relative}")
        });
    }
    Ok(found)
}

fn relative_text(path: &Path, root: &Path) -> Option<String> {
    let relative = path.strip_prefix(root).ok()?;
    Some(relative.to_str()?.to_string())
}

#[cfg(test)]
mod tests {
    use super::Pattern;

    #[test]
    fn patterns_match_as_in_bun() {
        for (pattern, path, expected) in [
            ("*.ts", "a.ts", true),
            ("*.ts", "dir/a.ts", false),
            ("**/*.ts", "a.ts", true),
            ("**/*.ts", "/abs/a.ts", true),
            ("*.ts", ".a.ts", true),
            ("src/{a,b}.js", "src/b.js", true),
            ("a[!b]c", "axc", true),
            ("a[^b]c", "abc", false),
            ("!*.ts", "a.js", true),
            ("!!*.ts", "a.ts", true),
            ("\\*.js", "*.js", true),
            ("\\*.js", "a.js", false),
            ("[abc", "a", false),
            ("{a,b", "a", false),
            ("A.ts", "a.ts", false),
            ("*", "", true),
        ] {
            assert_eq!(
                Pattern::new(pattern).matches(path),
                expected,
                "{pattern} ~ {path}"
            );
        }
    }
}
