//! Buffer's byte encodings other than UTF-8 (hex, base64, base64url,
//! latin1, ascii, utf16le), both ways, as Node and Bun read and write them.
//!
//! Written in JavaScript these cost one interpreted step per byte and, for
//! the text side, a string concatenation per character that boa copies
//! whole: base64 of a 64 KB file took half a second and of 1 MB over a
//! minute. Here each is one pass over the bytes.
//!
//! Reading text is lenient as Node's is: base64 skips every character
//! outside its alphabet (both alphabets are read either way) and stops at
//! the first `=`; hex stops at the first pair that is not two hex digits;
//! latin1 and ascii keep each code unit's low byte.

use boa_engine::object::builtins::JsArrayBuffer;
use boa_engine::string::JsStrVariant;
use boa_engine::{Context, JsResult, JsStr, JsString, JsValue};

use super::{arg, bytes_value, string_arg, type_error};

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64_URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A code unit's value in either base64 alphabet.
fn sextet(unit: u16) -> Option<u32> {
    Some(match unit {
        0x41..=0x5a => unit - 0x41,
        0x61..=0x7a => unit - 0x61 + 26,
        0x30..=0x39 => unit - 0x30 + 52,
        0x2b | 0x2d => 62,
        0x2f | 0x5f => 63,
        _ => return None,
    } as u32)
}

fn hex_digit(unit: u16) -> Option<u8> {
    match unit {
        0x30..=0x39 => Some((unit - 0x30) as u8),
        0x41..=0x46 => Some((unit - 0x41 + 10) as u8),
        0x61..=0x66 => Some((unit - 0x61 + 10) as u8),
        _ => None,
    }
}

fn units(text: JsStr<'_>) -> Box<dyn Iterator<Item = u16> + '_> {
    match text.variant() {
        JsStrVariant::Latin1(bytes) => Box::new(bytes.iter().map(|&b| u16::from(b))),
        JsStrVariant::Utf16(units) => Box::new(units.iter().copied()),
    }
}

fn base64_decode(text: JsStr<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut value, mut bits) = (0u32, 0u32);
    for unit in units(text) {
        if unit == u16::from(b'=') {
            break;
        }
        let Some(v) = sextet(unit) else { continue };
        value = ((value << 6) | v) & 0xff_ffff;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((value >> bits) as u8);
        }
    }
    out
}

fn hex_decode(text: JsStr<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() / 2);
    let mut all = units(text);
    while let (Some(hi), Some(lo)) = (all.next(), all.next()) {
        let (Some(hi), Some(lo)) = (hex_digit(hi), hex_digit(lo)) else {
            break;
        };
        out.push(hi << 4 | lo);
    }
    out
}

/// The bytes `text` stands for in `encoding`.
fn encode(text: JsStr<'_>, encoding: &str) -> Option<Vec<u8>> {
    Some(match encoding {
        "hex" => hex_decode(text),
        "base64" | "base64url" => base64_decode(text),
        "latin1" | "ascii" => match text.variant() {
            JsStrVariant::Latin1(bytes) => bytes.to_vec(),
            JsStrVariant::Utf16(units) => units.iter().map(|&u| u as u8).collect(),
        },
        "utf16le" => units(text).flat_map(u16::to_le_bytes).collect(),
        _ => return None,
    })
}

fn base64_encode(bytes: &[u8], url: bool) -> Vec<u8> {
    let alphabet = if url { B64_URL } else { B64 };
    let mut out = Vec::with_capacity(bytes.len().div_ceil(3) * 4);
    let mut chunks = bytes.chunks_exact(3);
    for chunk in &mut chunks {
        let n = u32::from(chunk[0]) << 16 | u32::from(chunk[1]) << 8 | u32::from(chunk[2]);
        out.extend([18, 12, 6, 0].map(|shift| alphabet[(n >> shift & 63) as usize]));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let n = u32::from(rest[0]) << 16 | rest.get(1).map_or(0, |&b| u32::from(b)) << 8;
        out.push(alphabet[(n >> 18 & 63) as usize]);
        out.push(alphabet[(n >> 12 & 63) as usize]);
        if rest.len() == 2 {
            out.push(alphabet[(n >> 6 & 63) as usize]);
        }
        // base64url has no padding.
        if !url {
            out.resize(out.len().div_ceil(4) * 4, b'=');
        }
    }
    out
}

/// The text `bytes` read in `encoding`.
fn decode(bytes: &[u8], encoding: &str) -> Option<JsString> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let latin1 = match encoding {
        "hex" => bytes
            .iter()
            .flat_map(|&b| [HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]])
            .collect(),
        "base64" => base64_encode(bytes, false),
        "base64url" => base64_encode(bytes, true),
        "latin1" => bytes.to_vec(),
        "ascii" => bytes.iter().map(|&b| b & 0x7f).collect(),
        // utf16be only for TextDecoder: Buffer has no such encoding.
        "utf16le" | "utf16be" => {
            let little = encoding == "utf16le";
            let units: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|pair| match little {
                    true => u16::from_le_bytes([pair[0], pair[1]]),
                    false => u16::from_be_bytes([pair[0], pair[1]]),
                })
                .collect();
            return Some(JsString::from(&units[..]));
        }
        _ => return None,
    };
    Some(JsString::from(JsStr::latin1(&latin1)))
}

/// `encodeText(text, encoding)` → an ArrayBuffer of the bytes, for the
/// encodings above (canonical names, as `normalizeEncoding` gives them).
pub(super) fn encode_text(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let text = arg(args, 0)
        .as_string()
        .ok_or_else(|| type_error("encodeText: text must be a string"))?;
    let encoding = string_arg(args, 1, context)?;
    let bytes = encode(text.as_str(), &encoding)
        .ok_or_else(|| type_error(format!("encodeText: no native encoding {encoding}")))?;
    bytes_value(&bytes, context)
}

/// `decodeBytes(arrayBuffer, offset, length, encoding)` → the text of
/// those bytes.
pub(super) fn decode_bytes(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let buffer = arg(args, 0)
        .as_object()
        .and_then(|object| JsArrayBuffer::from_object(object.clone()).ok())
        .ok_or_else(|| type_error("decodeBytes: not an ArrayBuffer"))?;
    let offset = arg(args, 1).to_index(context)? as usize;
    let length = arg(args, 2).to_index(context)? as usize;
    let encoding = string_arg(args, 3, context)?;
    let text = {
        let data = buffer
            .data()
            .ok_or_else(|| type_error("decodeBytes: the buffer is detached"))?;
        let bytes = offset
            .checked_add(length)
            .and_then(|end| data.get(offset..end))
            .ok_or_else(|| type_error("decodeBytes: range outside the buffer"))?;
        decode(bytes, &encoding)
    };
    let text =
        text.ok_or_else(|| type_error(format!("decodeBytes: no native encoding {encoding}")))?;
    Ok(text.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn latin1(text: &str) -> Vec<u8> {
        text.chars().map(|c| c as u8).collect()
    }

    fn text(bytes: &[u8], encoding: &str) -> String {
        decode(bytes, encoding).unwrap().to_std_string_escaped()
    }

    // Expected values are what Node 24 and Bun 1.4 give for the same calls.
    #[test]
    fn base64_reading_skips_strangers_and_stops_at_padding() {
        let read = |s: &str| hex::encode(base64_decode(JsStr::latin1(&latin1(s))));
        let cases = [
            ("YQ==YQ==", "61"),
            ("Y Q = =", "61"),
            ("YQ", "61"),
            ("Y", ""),
            ("YWJj\nZGVm", "616263646566"),
            ("YW-_", "616fbf"),
            ("%%YQ", "61"),
            ("YWI=YWI", "6162"),
            ("=YQ", ""),
            ("YW\u{e9}Jj", "616263"),
            ("YWJjZA===", "61626364"),
        ];
        for (input, want) in cases {
            assert_eq!(read(input), want, "{input:?}");
        }
        let wide: Vec<u16> = "YW\u{100}Jj".encode_utf16().collect();
        assert_eq!(hex::encode(base64_decode(JsStr::utf16(&wide))), "616263");
    }

    #[test]
    fn hex_reading_stops_at_the_first_bad_pair() {
        let read = |s: &str| hex::encode(hex_decode(JsStr::latin1(s.as_bytes())));
        for (input, want) in [
            ("abz1", "ab"),
            ("a", ""),
            ("ABCDEF", "abcdef"),
            ("zz", ""),
            ("0g", ""),
            ("abc", "ab"),
        ] {
            assert_eq!(read(input), want, "{input:?}");
        }
    }

    #[test]
    fn bytes_read_as_node_reads_them() {
        let bytes = [0, 127, 128, 255, 65, 0xe9, 0xd8];
        assert_eq!(text(&bytes, "ascii"), "\u{0}\u{7f}\u{0}\u{7f}AiX");
        assert_eq!(
            text(&bytes, "latin1"),
            "\u{0}\u{7f}\u{80}\u{ff}A\u{e9}\u{d8}"
        );
        assert_eq!(text(&bytes, "utf16le"), "\u{7f00}\u{ff80}\u{e941}");
        assert_eq!(text(&bytes, "utf16be"), "\u{7f}\u{80ff}\u{41e9}");
        assert_eq!(text(&bytes, "hex"), "007f80ff41e9d8");
        assert_eq!(text(&bytes, "base64"), "AH+A/0Hp2A==");
        assert_eq!(text(&bytes, "base64url"), "AH-A_0Hp2A");
        assert_eq!(text(&[0xff, 0xfe, 0], "base64url"), "__4A");
        assert_eq!(text(&[0xff, 0xfe], "base64"), "//4=");
        assert_eq!(text(&[], "base64"), "");
    }

    #[test]
    fn text_written_as_node_writes_it() {
        let wide: Vec<u16> = "\u{100}\u{e9}a\u{1f600}".encode_utf16().collect();
        let wide = JsStr::utf16(&wide);
        assert_eq!(hex::encode(encode(wide, "latin1").unwrap()), "00e9613d00");
        assert_eq!(hex::encode(encode(wide, "ascii").unwrap()), "00e9613d00");
        assert_eq!(
            hex::encode(encode(wide, "utf16le").unwrap()),
            "0001e90061003dd800de"
        );
    }

    #[test]
    fn base64_round_trips_every_length() {
        let bytes: Vec<u8> = (0..=255).collect();
        for n in 0..bytes.len() {
            for url in [false, true] {
                let text = base64_encode(&bytes[..n], url);
                assert_eq!(
                    base64_decode(JsStr::latin1(&text)),
                    &bytes[..n],
                    "{n} {url}"
                );
            }
        }
    }
}
