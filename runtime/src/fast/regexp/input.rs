//! The subject string of an `exec` in a form regress reads without copying
//! it again on the next call.
//!
//! boa 0.22 copies a Latin-1 string (every ASCII string) into a new UTF-16
//! vector on every `exec`, so a tokenizer running anchored or sticky
//! patterns over a 200 KB input pays for 200 KB per token. Here an ASCII
//! string is copied once into a `str` (ASCII bytes are valid UTF-8 with the
//! same indices) and other Latin-1 once into UTF-16, and the copy is kept for
//! the next calls on the same string; a UTF-16 string is read in place.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::JsString;
use boa_engine::string::JsStrVariant;

/// A string regress can read.
pub(crate) enum Text {
    /// Only ASCII: matched as UTF-8, whose indices are the same.
    Ascii(Rc<str>),
    /// Latin-1 with characters above 0x7F, widened once.
    Wide(Rc<[u16]>),
    /// Already UTF-16: read from the string itself.
    InPlace,
}

/// Strings shorter than this are copied on each call: cheap, and they would
/// push a tokenizer's large input out of the cache.
const CACHED_FROM: usize = 256;
/// How many large strings are kept (with their copies).
const SLOTS: usize = 4;

/// The next slot to replace, and the kept strings with their copies.
type Recent = (usize, Vec<(JsString, Rc<Text>)>);
thread_local! {
    static RECENT: RefCell<Recent> = const { RefCell::new((0, Vec::new())) };
}

/// `input` as regress reads it.
pub(crate) fn text(input: &JsString) -> Rc<Text> {
    let bytes = match input.as_str().variant() {
        JsStrVariant::Utf16(_) => return Rc::new(Text::InPlace),
        JsStrVariant::Latin1(bytes) => bytes,
    };
    if bytes.len() < CACHED_FROM {
        return Rc::new(convert(bytes));
    }
    let found = RECENT.with(|recent| {
        recent
            .borrow()
            .1
            .iter()
            .find(|(kept, _)| same_buffer(kept, input))
            .map(|(_, text)| text.clone())
    });
    if let Some(text) = found {
        return text;
    }
    let text = Rc::new(convert(bytes));
    RECENT.with(|recent| {
        let (next, slots) = &mut *recent.borrow_mut();
        // The kept clone holds the string alive, so its buffer's address
        // cannot be reused by another string while the entry exists.
        if slots.len() < SLOTS {
            slots.push((input.clone(), text.clone()));
        } else {
            slots[*next] = (input.clone(), text.clone());
        }
        *next = (*next + 1) % SLOTS;
    });
    text
}

fn convert(bytes: &[u8]) -> Text {
    match std::str::from_utf8(bytes) {
        Ok(text) if bytes.is_ascii() => Text::Ascii(text.into()),
        _ => Text::Wide(bytes.iter().map(|&b| u16::from(b)).collect()),
    }
}

/// Whether two strings are the same characters in the same memory.
fn same_buffer(a: &JsString, b: &JsString) -> bool {
    match (a.as_str().variant(), b.as_str().variant()) {
        (JsStrVariant::Latin1(x), JsStrVariant::Latin1(y)) => {
            x.len() == y.len() && std::ptr::eq(x.as_ptr(), y.as_ptr())
        }
        _ => false,
    }
}
