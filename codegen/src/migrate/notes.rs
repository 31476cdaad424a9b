//! Findings as report notes: the line a byte offset of the original text
//! lands on once the edits are applied.

use super::Finding;
use super::report::Note;
use crate::edit::Edit;

/// A finding as a report note in `file`, whose text is `text` after `edits`.
pub(super) fn note_at(
    file: &str,
    text: &str,
    edits: &[Edit],
    finding: &Finding,
    fallback: usize,
) -> Note {
    let offset = if finding.span == (0..0) {
        fallback
    } else {
        finding.span.start
    };
    Note {
        file: file.to_string(),
        line: line_of(text, map_offset(edits, offset)),
        message: finding.message.clone(),
        manual: finding.manual,
    }
}

/// Where `offset` of the original text is after `edits`.
pub(super) fn map_offset(edits: &[Edit], offset: usize) -> usize {
    if let Some(inside) = edits
        .iter()
        .find(|e| e.span.start < offset && offset < e.span.end)
    {
        return map_offset(edits, inside.span.start);
    }
    let shift: isize = edits
        .iter()
        .filter(|e| e.span.end <= offset && e.span != (offset..offset))
        .map(|e| e.replacement.len() as isize - e.span.len() as isize)
        .sum();
    (offset as isize + shift).max(0) as usize
}

pub(super) fn line_of(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    text.as_bytes()[..offset]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}
