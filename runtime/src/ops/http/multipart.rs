//! Reading a `multipart/form-data` body (`Response.formData()` and
//! `Request.formData()`) the way Bun reads one, which is what tools see.
//!
//! A delimiter is `--` and the boundary followed by CRLF (a part follows)
//! or `--` (the last one); the CRLF before it, when there is one, belongs to
//! it. Text before the first delimiter and after the last is ignored. A
//! part's headers end at an empty line; only `Content-Disposition` counts,
//! and a part that is not `form-data` with a non-empty name is skipped, as
//! Bun skips it. Parameter values are taken as written: a quoted value ends
//! at the first quote without a backslash before it (escapes are kept), and
//! an unquoted one runs to the end of the line.

/// One field: its name, its file name (for a file), and where its bytes
/// are in the body.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) name: String,
    pub(crate) filename: Option<String>,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// Bun's words for a body that is not multipart, after "FormData parse
/// error ".
pub(crate) const MISSING_FINAL_BOUNDARY: &str = "missing final boundary";
pub(crate) const MISSING_HEADER_END: &str = "is missing header end";

const CRLF: &[u8] = b"\r\n";

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || from > haystack.len() {
        return None;
    }
    haystack[from..]
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|at| at + from)
}

/// The next delimiter at or after `from`: where it starts, and whether it
/// is the last.
fn delimiter(body: &[u8], marker: &[u8], from: usize) -> Option<(usize, bool)> {
    let mut at = from;
    while let Some(found) = find(body, marker, at) {
        let after = &body[found + marker.len()..];
        if after.starts_with(b"--") {
            return Some((found, true));
        }
        if after.starts_with(CRLF) {
            return Some((found, false));
        }
        at = found + 1;
    }
    None
}

pub(crate) fn parse(body: &[u8], boundary: &str) -> Result<Vec<Part>, &'static str> {
    let marker = [b"--".as_slice(), boundary.as_bytes()].concat();
    let mut parts = Vec::new();
    let (mut at, mut last) = delimiter(body, &marker, 0).ok_or(MISSING_FINAL_BOUNDARY)?;
    while !last {
        let start = at + marker.len() + CRLF.len();
        let (next, next_last) = delimiter(body, &marker, start).ok_or(MISSING_FINAL_BOUNDARY)?;
        let mut end = next;
        if end >= start + CRLF.len() && &body[end - CRLF.len()..end] == CRLF {
            end -= CRLF.len();
        }
        let part = &body[start..end.max(start)];
        let header_end = if part.starts_with(CRLF) {
            0
        } else {
            find(part, b"\r\n\r\n", 0).ok_or(MISSING_HEADER_END)? + CRLF.len()
        };
        if let Some((name, filename)) = disposition(&part[..header_end]) {
            parts.push(Part {
                name,
                filename,
                start: start + header_end + CRLF.len(),
                end: end.max(start + header_end + CRLF.len()),
            });
        }
        (at, last) = (next, next_last);
    }
    Ok(parts)
}

/// The name and file name of a part's `Content-Disposition: form-data`.
fn disposition(headers: &[u8]) -> Option<(String, Option<String>)> {
    let text = String::from_utf8_lossy(headers);
    let value = text.split("\r\n").find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim()
            .eq_ignore_ascii_case("content-disposition")
            .then(|| value.trim())
    })?;
    let params = value
        .get(.."form-data;".len())
        .filter(|kind| kind.eq_ignore_ascii_case("form-data;"))
        .map(|_| &value["form-data;".len()..])?;
    let (mut name, mut filename) = (None, None);
    let mut rest = params;
    loop {
        rest = rest.trim_start_matches([' ', '\t', ';']);
        let Some((key, after)) = rest.split_once('=') else {
            break;
        };
        let (found, remaining) = match after.strip_prefix('"') {
            Some(quoted) => {
                let close = quoted
                    .char_indices()
                    .find(|&(i, c)| c == '"' && !quoted[..i].ends_with('\\'))
                    .map_or(quoted.len(), |(i, _)| i);
                (&quoted[..close], quoted.get(close + 1..).unwrap_or(""))
            }
            None => (after.trim_matches('"'), ""),
        };
        match key.trim().to_ascii_lowercase().as_str() {
            "name" => name = Some(found.to_string()),
            "filename" => filename = Some(found.to_string()),
            _ => {}
        }
        rest = remaining;
    }
    name.filter(|name| !name.is_empty())
        .map(|name| (name, filename))
}

#[cfg(test)]
mod tests;
