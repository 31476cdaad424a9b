//! Panics inside boa. The engine panics on some code it should accept or
//! reject (a bytecompiler assertion on TypeScript's private-method helpers),
//! so callers catch them and report them as the tool's failure, in words.

use std::any::Any;

/// What a caught panic said.
pub fn panic_text(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| text.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string())
}

/// Whether a panic at this source file is the engine's: such a panic is
/// caught and reported where the engine is called, so a panic hook need not
/// print it.
pub fn is_engine_source(file: &str) -> bool {
    file.contains("/boa_")
}
