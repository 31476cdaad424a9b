//! The texts diagnostics point into, and the byte-offset to line/column
//! conversion every renderer shares.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// 1-based line and column; the column counts characters, as editors do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Default, Clone)]
pub struct Sources {
    texts: BTreeMap<PathBuf, String>,
}

impl Sources {
    pub fn new() -> Sources {
        Sources::default()
    }

    pub fn insert(&mut self, file: impl Into<PathBuf>, text: impl Into<String>) {
        self.texts.insert(file.into(), text.into());
    }

    pub fn get(&self, file: &Path) -> Option<&str> {
        self.texts.get(file).map(String::as_str)
    }

    pub fn extend(&mut self, other: Sources) {
        self.texts.extend(other.texts);
    }

    pub fn line_col(&self, file: &Path, offset: usize) -> LineCol {
        match self.get(file) {
            Some(text) => line_col(text, offset),
            None => LineCol { line: 1, column: 1 },
        }
    }
}

/// Offsets past the end or inside a character clamp to the nearest boundary
/// before them, so a stale span still renders.
pub fn line_col(text: &str, offset: usize) -> LineCol {
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
    fn clamps_offsets_outside_the_text() {
        assert_eq!(line_col("ab", 99), LineCol { line: 1, column: 3 });
        assert_eq!(line_col("ä", 1), LineCol { line: 1, column: 1 });
    }
}
