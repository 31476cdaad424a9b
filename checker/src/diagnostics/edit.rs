//! Applying span edits to a text: the fixes' edits, codegen's rewrites and
//! the runtime loader's rewrites of what boa cannot run.
//!
//! An [`Edit`] replaces one byte range.
//! Applying a set checks every range before touching anything, so a bad edit
//! is an error value, never a panic or a half-edited text.

use std::ops::Range;

use super::Edit;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("edit {span:?} is outside a text of {len} bytes")]
    OutOfBounds { span: Range<usize>, len: usize },
    #[error("edit {span:?} does not start and end on character boundaries")]
    NotCharBoundary { span: Range<usize> },
    #[error("edits {first:?} and {second:?} overlap")]
    Overlap {
        first: Range<usize>,
        second: Range<usize>,
    },
}

/// Returns `text` with every edit applied. Edits may come in any order; two
/// insertions at the same offset keep their given order.
pub fn apply(text: &str, edits: &[Edit]) -> Result<String, EditError> {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.span.start, e.span.end));
    for edit in &sorted {
        let span = &edit.span;
        if span.start > span.end || span.end > text.len() {
            return Err(EditError::OutOfBounds {
                span: span.clone(),
                len: text.len(),
            });
        }
        if !text.is_char_boundary(span.start) || !text.is_char_boundary(span.end) {
            return Err(EditError::NotCharBoundary { span: span.clone() });
        }
    }
    for pair in sorted.windows(2) {
        let (first, second) = (&pair[0].span, &pair[1].span);
        // Touching ranges are fine: an insertion may sit right after a replacement.
        if second.start < first.end {
            return Err(EditError::Overlap {
                first: first.clone(),
                second: second.clone(),
            });
        }
    }
    let mut out = String::with_capacity(
        text.len() + sorted.iter().map(|e| e.replacement.len()).sum::<usize>(),
    );
    let mut at = 0;
    for edit in sorted {
        out.push_str(&text[at..edit.span.start]);
        out.push_str(&edit.replacement);
        at = edit.span.end;
    }
    out.push_str(&text[at..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_edits_reproduce_the_text_byte_for_byte() {
        let text = "a: 1\r\n# c\r\nb: 'x'  # d\n";
        assert_eq!(apply(text, &[]).unwrap(), text);
    }

    #[test]
    fn edits_apply_in_span_order_whatever_the_given_order() {
        let text = "tools: {a: x, b: y}";
        let edits = [
            Edit::replace(17..18, "Y"),
            Edit::replace(11..12, "X"),
            Edit::replace(19..19, "  # z"),
        ];
        assert_eq!(apply(text, &edits).unwrap(), "tools: {a: X, b: Y}  # z");
    }

    #[test]
    fn bad_edits_are_errors() {
        assert!(matches!(
            apply("abc", &[Edit::replace(2..9, "")]),
            Err(EditError::OutOfBounds { .. })
        ));
        assert!(matches!(
            apply("é", &[Edit::replace(1..2, "")]),
            Err(EditError::NotCharBoundary { .. })
        ));
        let overlapping = [Edit::replace(0..2, "x"), Edit::replace(1..3, "y")];
        assert!(matches!(
            apply("abc", &overlapping),
            Err(EditError::Overlap { .. })
        ));
    }
}
