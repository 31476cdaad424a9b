//! Byte searches for node:buffer's `indexOf`, `lastIndexOf` and `includes`:
//! the JS loop boa runs is far too slow for a needle in megabytes.

use boa_engine::object::builtins::{JsArrayBuffer, JsTypedArray};
use boa_engine::{Context, JsResult, JsValue};

use super::arg;

/// `bytesIndexOf(haystack, needle, start, forward, step)`: where `needle`
/// (a Uint8Array) first occurs in `haystack` (a Uint8Array) at or after
/// `start`, or last at or before it when `forward` is false, at positions
/// that are a multiple of `step` (2 for UTF-16, 1 otherwise); -1 when it
/// does not. `undefined` when a view's bytes cannot be borrowed (a shared
/// or detached buffer): the caller then searches itself.
pub(super) fn bytes_index_of(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let (Some(haystack), Some(needle)) = (
        view_of(&arg(args, 0), context)?,
        view_of(&arg(args, 1), context)?,
    ) else {
        return Ok(JsValue::undefined());
    };
    let start = arg(args, 2).to_number(context)?;
    let forward = arg(args, 3).to_boolean();
    let step = if arg(args, 4).to_number(context)? == 2.0 {
        2
    } else {
        1
    };
    let (Some(hay_data), Some(needle_data)) = (haystack.0.data(), needle.0.data()) else {
        return Ok(JsValue::undefined());
    };
    let (Some(hay), Some(pin)) = (
        hay_data.get(haystack.1..haystack.1.saturating_add(haystack.2)),
        needle_data.get(needle.1..needle.1.saturating_add(needle.2)),
    ) else {
        return Ok(JsValue::undefined());
    };
    let found = search(hay, pin, start, forward, step);
    Ok(JsValue::from(found.map_or(-1.0, |at| at as f64)))
}

/// `bytesCompare(a, aStart, aEnd, b, bStart, bEnd)`: -1, 0 or 1 for the
/// bytes `a[aStart..aEnd)` against `b[bStart..bEnd)` (ends clamped to each
/// view), as `Buffer.compare` orders them; `undefined` when a view's bytes
/// cannot be borrowed, for the caller to compare itself. `equals` on two
/// megabytes took seconds as a JS loop.
pub(super) fn bytes_compare(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let (Some(a), Some(b)) = (
        view_of(&arg(args, 0), context)?,
        view_of(&arg(args, 3), context)?,
    ) else {
        return Ok(JsValue::undefined());
    };
    let mut bound = |index: usize, length: usize| -> JsResult<usize> {
        let n = arg(args, index).to_number(context)?;
        Ok(if n.is_nan() || n <= 0.0 {
            0
        } else {
            (n as usize).min(length)
        })
    };
    let (a_start, a_end) = (bound(1, a.2)?, bound(2, a.2)?);
    let (b_start, b_end) = (bound(4, b.2)?, bound(5, b.2)?);
    let (Some(a_data), Some(b_data)) = (a.0.data(), b.0.data()) else {
        return Ok(JsValue::undefined());
    };
    let (Some(left), Some(right)) = (a_data.get(a.1..a.1 + a.2), b_data.get(b.1..b.1 + b.2)) else {
        return Ok(JsValue::undefined());
    };
    let left = left.get(a_start..a_end.max(a_start)).unwrap_or_default();
    let right = right.get(b_start..b_end.max(b_start)).unwrap_or_default();
    Ok(JsValue::from(match left.cmp(right) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    }))
}

/// A Uint8Array's buffer, byte offset and length.
fn view_of(
    value: &JsValue,
    context: &mut Context,
) -> JsResult<Option<(JsArrayBuffer, usize, usize)>> {
    let Some(object) = value.as_object() else {
        return Ok(None);
    };
    let Ok(typed) = JsTypedArray::from_object(object.clone()) else {
        return Ok(None);
    };
    let buffer = typed.buffer(context)?;
    let Some(buffer) = buffer
        .as_object()
        .and_then(|b| JsArrayBuffer::from_object(b.clone()).ok())
    else {
        return Ok(None);
    };
    Ok(Some((
        buffer,
        typed.byte_offset(context)?,
        typed.byte_length(context)?,
    )))
}

fn search(hay: &[u8], needle: &[u8], start: f64, forward: bool, step: usize) -> Option<usize> {
    if needle.is_empty() || needle.len() > hay.len() || start < 0.0 {
        return None;
    }
    let last = hay.len() - needle.len();
    // `start` is an integer the caller has already clamped to the haystack.
    let start = (start as usize).min(hay.len());
    if forward {
        let mut from = start;
        while from <= last {
            let at = from + memchr::memmem::find(&hay[from..], needle)?;
            if at.is_multiple_of(step) {
                return Some(at);
            }
            from = at + 1;
        }
        None
    } else {
        let mut end = start.min(last) + needle.len();
        loop {
            let at = memchr::memmem::rfind(&hay[..end], needle)?;
            if at.is_multiple_of(step) {
                return Some(at);
            }
            if at == 0 {
                return None;
            }
            end = at + needle.len() - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::search;

    #[test]
    fn finds_forward_and_backward_from_a_start() {
        let hay = b"abcabcabc";
        assert_eq!(search(hay, b"abc", 0.0, true, 1), Some(0));
        assert_eq!(search(hay, b"abc", 1.0, true, 1), Some(3));
        assert_eq!(search(hay, b"abc", 7.0, true, 1), None);
        assert_eq!(search(hay, b"abc", 8.0, false, 1), Some(6));
        assert_eq!(search(hay, b"abc", 5.0, false, 1), Some(3));
        assert_eq!(search(hay, b"bc", 0.0, false, 1), None);
    }

    #[test]
    fn keeps_to_even_positions_for_utf16() {
        // "a" in UTF-16 is 61 00: here at 4, and astride two units at 1,
        // which does not count.
        let hay = [0x00, 0x61, 0x00, 0x00, 0x61, 0x00];
        assert_eq!(search(&hay, &[0x61, 0x00], 0.0, true, 2), Some(4));
        assert_eq!(search(&hay, &[0x61, 0x00], 5.0, false, 2), Some(4));
        assert_eq!(search(&hay, &[0x61, 0x00], 3.0, false, 2), None);
        assert_eq!(search(&hay, &[0x00, 0x61], 0.0, true, 2), Some(0));
        assert_eq!(search(&hay, &[0x00, 0x61], 1.0, true, 2), None);
    }
}
