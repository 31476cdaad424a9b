//! Reading a module's bytes into text, and refusing what is not a JavaScript
//! or TypeScript source: a file over the size limit, a binary file, bytes that
//! are not UTF-8. Parsing is `parse.rs`'s job; this module never looks at
//! syntax.

use std::io::Read as _;
use std::path::Path;

use crate::diagnostics::Diagnostic;
use crate::diagnostics::codes::{MODULE_TOO_LARGE, MODULE_UNREADABLE};

/// Bun loads bigger files, but a tool module this size is generated or
/// vendored, and parsing it would dominate a `beeuni validate` run.
pub const MAX_MODULE_BYTES: u64 = 10 * 1024 * 1024;

/// Reads `path` (shown as `display` in diagnostics) as UTF-8 text.
pub fn read_module(path: &Path, display: &Path) -> Result<String, Diagnostic> {
    let file = std::fs::File::open(path)
        .map_err(|e| unreadable(display, &format!("cannot be read: {e}")))?;
    let size = file
        .metadata()
        .map_err(|e| unreadable(display, &format!("cannot be read: {e}")))?
        .len();
    if size > MAX_MODULE_BYTES {
        return Err(too_large(display, size));
    }
    // Read at most one byte past the limit: the file may grow between the
    // metadata call and the read, and a FIFO reports no size at all.
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_MODULE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| unreadable(display, &format!("cannot be read: {e}")))?;
    if bytes.len() as u64 > MAX_MODULE_BYTES {
        return Err(too_large(display, bytes.len() as u64));
    }
    decode(bytes, display)
}

/// Turns bytes into text, or says why they are not a source file.
pub fn decode(bytes: Vec<u8>, display: &Path) -> Result<String, Diagnostic> {
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        return Err(unreadable(
            display,
            &format!(
                "is a binary file (a NUL byte at offset {at}), not a JavaScript or TypeScript source"
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        unreadable(
            display,
            &format!("is not UTF-8 text (invalid byte at offset {at})"),
        )
    })
}

fn unreadable(display: &Path, what: &str) -> Diagnostic {
    let shown = display.to_string_lossy().replace('\\', "/");
    Diagnostic::new(&MODULE_UNREADABLE, format!("`{shown}` {what}"))
        .at(display, 0..0)
        .help(
            "a tool module and every file it imports must be UTF-8 JavaScript or TypeScript source",
        )
}

fn too_large(display: &Path, size: u64) -> Diagnostic {
    let shown = display.to_string_lossy().replace('\\', "/");
    Diagnostic::new(
        &MODULE_TOO_LARGE,
        format!(
            "`{shown}` is {size} bytes, over the {} MiB limit for a module",
            MAX_MODULE_BYTES / (1024 * 1024)
        ),
    )
    .at(display, 0..0)
    .help(
        "split the file, or move generated data into a JSON file that the module reads at run time",
    )
}
