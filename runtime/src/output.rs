//! What the model reads: the size limits on a tool's text and the spill file.
//!
//! Owns truncation. An output over the byte or line limit is written whole to
//! a file under the temp directory (the sandbox's, see `sandbox.rs`), and the returned text is its
//! beginning (within both limits, cut at a line or character boundary) plus
//! one line naming the full size and the file. It does not produce the text;
//! `call.rs` does.

use std::io::Write;

/// Returns the text to hand back, spilling `text` to a file when it is too long.
pub(crate) fn limit(text: String, max_bytes: usize, max_lines: usize) -> String {
    let lines = text.lines().count();
    if text.len() <= max_bytes && lines <= max_lines {
        return text;
    }
    let path = match save(&text) {
        Ok(path) => path,
        Err(error) => {
            let head = head(&text, max_bytes, max_lines);
            return format!(
                "{head}\n[output truncated: {} bytes, {lines} lines; saving it in full failed: {error}]",
                text.len()
            );
        }
    };
    let head = head(
        &text,
        max_bytes.saturating_sub(300),
        max_lines.saturating_sub(1),
    );
    format!(
        "{head}\n[output truncated: {} bytes, {lines} lines in full at {}]",
        text.len(),
        path.display()
    )
}

/// The longest prefix within both limits, ending at a line break when one exists.
fn head(text: &str, max_bytes: usize, max_lines: usize) -> &str {
    let mut end = 0;
    for (count, (index, _)) in text.match_indices('\n').enumerate() {
        if count + 1 > max_lines || index > max_bytes {
            break;
        }
        end = index;
    }
    if end == 0 {
        // One enormous first line: cut at a character boundary instead.
        let mut cut = max_bytes.min(text.len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        return &text[..cut];
    }
    &text[..end]
}

fn save(text: &str) -> std::io::Result<std::path::PathBuf> {
    let mut file = tempfile::Builder::new()
        .prefix("beeuni-tool-output-")
        .suffix(".txt")
        .tempfile_in(crate::sandbox::temp_dir())?;
    file.write_all(text.as_bytes())?;
    let (_, path) = file.keep().map_err(|e| e.error)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_untouched() {
        assert_eq!(limit("a\nb".into(), 100, 10), "a\nb");
    }

    #[test]
    fn long_single_line_is_cut_on_a_char_boundary() {
        let text = "é".repeat(1000);
        let out = limit(text.clone(), 500, 10);
        let last = out.lines().last().unwrap();
        assert!(
            last.starts_with("[output truncated: 2000 bytes, 1 lines in full at "),
            "{last}"
        );
        let path = last.trim_end_matches(']').rsplit(" at ").next().unwrap();
        assert_eq!(std::fs::read_to_string(path).unwrap(), text);
        std::fs::remove_file(path).unwrap();
    }
}
