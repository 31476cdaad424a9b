//! The texts diagnostics point into, and the byte-offset to line/column
//! conversion every renderer shares.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rustc_hash::FxHashMap;

/// 1-based line and column; the column counts characters, as editors do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

/// Keyed by hash: every diagnostic's position is a lookup, and a B-tree of
/// paths compared component by component was a third of the line lookups'
/// time in a report of 1,000 tools. Paths are the project's own, so FxHash
/// needs no protection from chosen collisions.
#[derive(Debug, Default, Clone)]
pub struct Sources {
    texts: FxHashMap<PathBuf, Text>,
}

/// A text with the offsets its lines start at, so a lookup is a binary
/// search, not a scan from the top: a report of thousands of diagnostics in
/// one manifest stays linear. The offsets are found on the first lookup:
/// `validate` keeps the text of every module with a finding, and indexing
/// them all up front was 4% of its module threads' time on a project of
/// 1,000 tools, for texts most renderers never point into.
#[derive(Debug, Clone)]
struct Text {
    text: String,
    line_starts: OnceLock<Vec<usize>>,
}

impl Text {
    fn new(text: String) -> Text {
        Text {
            text,
            line_starts: OnceLock::new(),
        }
    }

    fn line_col(&self, offset: usize) -> LineCol {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line_starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        let line = line_starts.partition_point(|&start| start <= offset);
        let line_start = line_starts[line - 1];
        LineCol {
            line,
            column: self.text[line_start..offset].chars().count() + 1,
        }
    }
}

impl Sources {
    pub fn new() -> Sources {
        Sources::default()
    }

    pub fn insert(&mut self, file: impl Into<PathBuf>, text: impl Into<String>) {
        self.texts.insert(file.into(), Text::new(text.into()));
    }

    pub fn get(&self, file: &Path) -> Option<&str> {
        self.texts.get(file).map(|t| t.text.as_str())
    }

    pub fn extend(&mut self, other: Sources) {
        self.texts.extend(other.texts);
    }

    pub fn line_col(&self, file: &Path, offset: usize) -> LineCol {
        match self.texts.get(file) {
            Some(text) => text.line_col(offset),
            None => LineCol { line: 1, column: 1 },
        }
    }
}

/// The reference the line index is tested against: offsets past the end or
/// inside a character clamp to the nearest boundary before them.
#[cfg(test)]
fn line_col(text: &str, offset: usize) -> LineCol {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    LineCol {
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count() + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lines_and_characters_not_bytes() {
        let text = "a: 1\nnäme: x\n";
        assert_eq!(line_col(text, 0), LineCol { line: 1, column: 1 });
        assert_eq!(line_col(text, 5), LineCol { line: 2, column: 1 });
        let x = text.find('x').unwrap();
        assert_eq!(line_col(text, x), LineCol { line: 2, column: 7 });
    }

    #[test]
    fn the_line_index_agrees_with_a_scan() {
        let text = "a: 1\n\nnäme: x\n  y: [1, 2]\nlast";
        let mut sources = Sources::new();
        sources.insert("f.yaml", text);
        for offset in 0..=text.len() + 2 {
            assert_eq!(
                sources.line_col(Path::new("f.yaml"), offset),
                line_col(text, offset),
                "offset {offset}"
            );
        }
    }

    #[test]
    fn clamps_offsets_outside_the_text() {
        assert_eq!(line_col("ab", 99), LineCol { line: 1, column: 3 });
        assert_eq!(line_col("ä", 1), LineCol { line: 1, column: 1 });
    }
}
