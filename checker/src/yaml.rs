//! A YAML document as a tree of nodes that know their byte span in the file.
//!
//! Built from saphyr-parser's event stream, because the project model must
//! point every diagnostic at the key or value that caused it, and eject must
//! find the exact bytes of one value to replace. serde-style decoders drop
//! that information. This module only reads; it never re-serialises YAML.

use std::ops::Range;

use saphyr_parser::{Event, Parser, ScalarStyle, Span};

/// Deeper than any real manifest; a guard against pathological input.
const MAX_DEPTH: usize = 128;

#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Byte range in the source text.
    pub span: Range<usize>,
    pub kind: Kind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    Scalar {
        value: String,
        plain: bool,
    },
    Sequence {
        items: Vec<Node>,
        flow: bool,
    },
    Mapping {
        entries: Vec<Entry>,
        flow: bool,
    },
    /// `*anchor`: a reference this product does not follow.
    Alias,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub key: Node,
    pub value: Node,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    pub message: String,
    /// Byte offset of the problem.
    pub offset: usize,
}

impl Node {
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, Kind::Scalar { value, plain: true } if matches!(value.as_str(), "" | "~" | "null" | "Null" | "NULL"))
    }

    /// The text of a string scalar; `None` for null, booleans, numbers and
    /// collections, which are never valid where a string is expected.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::Scalar {
                value,
                plain: false,
            } => Some(value),
            Kind::Scalar { value, plain: true } if self.plain_kind() == "a string" => Some(value),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match &self.kind {
            Kind::Scalar { value, plain: true } => match value.as_str() {
                "true" | "True" | "TRUE" => Some(true),
                "false" | "False" | "FALSE" => Some(false),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn entries(&self) -> Option<&[Entry]> {
        match &self.kind {
            Kind::Mapping { entries, .. } => Some(entries),
            _ => None,
        }
    }

    pub fn items(&self) -> Option<&[Node]> {
        match &self.kind {
            Kind::Sequence { items, .. } => Some(items),
            _ => None,
        }
    }

    /// The value under `key` in a mapping (the first, if the key repeats).
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries()?.iter().find(|e| e.key.as_str() == Some(key))
    }

    /// What the node is, in the words a message uses ("found a list").
    pub fn kind_name(&self) -> &'static str {
        match &self.kind {
            Kind::Scalar { plain: false, .. } => "a string",
            Kind::Scalar { plain: true, .. } => self.plain_kind(),
            Kind::Sequence { .. } => "a list",
            Kind::Mapping { .. } => "a mapping",
            Kind::Alias => "an alias",
        }
    }

    fn plain_kind(&self) -> &'static str {
        let Kind::Scalar { value, .. } = &self.kind else {
            return "a string";
        };
        // Most plain scalars are names and paths: only a null, a boolean or a
        // number can start with one of these.
        if !value.is_empty()
            && !value.starts_with(|c: char| c.is_ascii_digit() || "+-.~nNtTfF".contains(c))
        {
            return "a string";
        }
        if self.is_null() {
            "null"
        } else if self.as_bool().is_some() {
            "a boolean"
        } else if looks_numeric(value) {
            "a number"
        } else {
            "a string"
        }
    }
}

fn looks_numeric(value: &str) -> bool {
    let v = value.strip_prefix(['-', '+']).unwrap_or(value);
    matches!(v, ".inf" | ".Inf" | ".INF" | ".nan" | ".NaN" | ".NAN")
        || v.strip_prefix("0x")
            .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
        || v.strip_prefix("0o")
            .is_some_and(|o| !o.is_empty() && o.chars().all(|c| c.is_digit(8)))
        || (v.starts_with(|c: char| c.is_ascii_digit() || c == '.') && v.parse::<f64>().is_ok())
}

/// Maps the parser's character indices to byte offsets.
struct Offsets {
    /// Empty when the text is ASCII, where the two are equal.
    char_starts: Vec<usize>,
    len: usize,
}

impl Offsets {
    fn new(text: &str) -> Offsets {
        let char_starts = if text.is_ascii() {
            Vec::new()
        } else {
            text.char_indices().map(|(i, _)| i).collect()
        };
        Offsets {
            char_starts,
            len: text.len(),
        }
    }

    fn byte(&self, char_index: usize) -> usize {
        if self.char_starts.is_empty() {
            char_index.min(self.len)
        } else {
            self.char_starts
                .get(char_index)
                .copied()
                .unwrap_or(self.len)
        }
    }

    fn span(&self, span: &Span) -> Range<usize> {
        self.byte(span.start.index())..self.byte(span.end.index())
    }
}

enum Frame {
    Sequence {
        start: usize,
        items: Vec<Node>,
        flow: bool,
    },
    Mapping {
        start: usize,
        entries: Vec<Entry>,
        key: Option<Node>,
        flow: bool,
    },
}

/// Parses the first document of `text`. `Ok(None)` means the text holds no
/// document at all (empty, or only comments).
pub fn parse(text: &str) -> Result<Option<Node>, YamlError> {
    let offsets = Offsets::new(text);
    let mut parser = Parser::new_from_str(text);
    let mut stack: Vec<Frame> = Vec::new();
    let mut root: Option<Node> = None;
    let mut documents = 0;
    while let Some(event) = parser.next_event() {
        let (event, span) = event.map_err(|e| YamlError {
            message: e.info().to_string(),
            offset: offsets.byte(e.marker().index()),
        })?;
        let range = offsets.span(&span);
        let done = match event {
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    return Err(YamlError {
                        message: "a manifest holds one YAML document; this `---` starts a second"
                            .into(),
                        offset: range.start,
                    });
                }
                None
            }
            Event::Scalar(value, style, ..) => {
                // The parser's span of a quoted scalar can run on over a
                // trailing comment (`'x'   # note`); the value ends at its quote.
                let span = match style {
                    ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => {
                        range.start..quoted_end(text, range.start).unwrap_or(range.end)
                    }
                    _ => range,
                };
                Some(Node {
                    span,
                    kind: Kind::Scalar {
                        value: value.into_owned(),
                        plain: style == ScalarStyle::Plain,
                    },
                })
            }
            Event::Alias(_) => Some(Node {
                span: range,
                kind: Kind::Alias,
            }),
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(YamlError {
                        message: format!("nested more than {MAX_DEPTH} levels deep"),
                        offset: range.start,
                    });
                }
                let flow = text
                    .as_bytes()
                    .get(range.start)
                    .is_some_and(|b| matches!(b, b'[' | b'{'));
                stack.push(match event {
                    Event::SequenceStart(..) => Frame::Sequence {
                        start: range.start,
                        items: Vec::new(),
                        flow,
                    },
                    _ => Frame::Mapping {
                        start: range.start,
                        entries: Vec::new(),
                        key: None,
                        flow,
                    },
                });
                None
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop() {
                Some(Frame::Sequence { start, items, flow }) => {
                    let end = collection_end(
                        text,
                        start,
                        items.last().map(|n| n.span.end),
                        range.end,
                        flow,
                    );
                    Some(Node {
                        span: start..end,
                        kind: Kind::Sequence { items, flow },
                    })
                }
                Some(Frame::Mapping {
                    start,
                    entries,
                    flow,
                    ..
                }) => {
                    let end = collection_end(
                        text,
                        start,
                        entries.last().map(|e| e.value.span.end),
                        range.end,
                        flow,
                    );
                    Some(Node {
                        span: start..end,
                        kind: Kind::Mapping { entries, flow },
                    })
                }
                None => None,
            },
            _ => None,
        };
        if let Some(node) = done {
            match stack.last_mut() {
                Some(Frame::Sequence { items, .. }) => items.push(node),
                Some(Frame::Mapping { entries, key, .. }) => match key.take() {
                    Some(k) => entries.push(Entry {
                        key: k,
                        value: node,
                    }),
                    None => *key = Some(node),
                },
                None => root = Some(node),
            }
        }
    }
    Ok(root)
}

/// The byte after the closing quote of the quoted scalar starting at `start`.
fn quoted_end(text: &str, start: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let quote = *bytes.get(start).filter(|b| matches!(b, b'\'' | b'"'))?;
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if quote == b'"' => i += 1,
            b'\'' if quote == b'\'' && bytes.get(i + 1) == Some(&b'\'') => i += 1,
            b if b == quote => return Some(i + 1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// A flow collection ends at its closing bracket; a block one at the end of
/// its last value (the parser's end event sits on the next token, which may
/// be lines further down, past comments that belong to what follows).
fn collection_end(
    text: &str,
    start: usize,
    last_child_end: Option<usize>,
    event_end: usize,
    flow: bool,
) -> usize {
    if flow {
        let from = last_child_end.unwrap_or(start).min(text.len());
        text[from..]
            .find([']', '}'])
            .map_or(event_end, |i| from + i + 1)
    } else {
        last_child_end.unwrap_or(event_end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(text: &str) -> Node {
        parse(text).unwrap().unwrap()
    }

    #[test]
    fn scalar_spans_are_byte_ranges_of_the_value() {
        let text = "tools:\n  wéb: beeuni:web_search   # c\n  x: 'quoted'\n";
        let tree = root(text);
        let tools = &tree.get("tools").unwrap().value;
        let entry = &tools.entries().unwrap()[0];
        assert_eq!(&text[entry.key.span.clone()], "wéb");
        assert_eq!(&text[entry.value.span.clone()], "beeuni:web_search");
        let quoted = &tools.entries().unwrap()[1].value;
        assert_eq!(&text[quoted.span.clone()], "'quoted'");
        assert_eq!(quoted.as_str(), Some("quoted"));
    }

    #[test]
    fn quoted_scalar_spans_stop_at_the_closing_quote() {
        let text = "a: 'it''s'   # c\nb: \"q\\\"x\"  # d\n";
        let tree = root(text);
        assert_eq!(&text[tree.get("a").unwrap().value.span.clone()], "'it''s'");
        assert_eq!(
            &text[tree.get("b").unwrap().value.span.clone()],
            "\"q\\\"x\""
        );
    }

    #[test]
    fn flow_mapping_span_covers_the_braces() {
        let text = "tools: {a: x.ts, b: beeuni:memory}  # end\nagents: {}\n";
        let tree = root(text);
        let tools = &tree.get("tools").unwrap().value;
        assert_eq!(&text[tools.span.clone()], "{a: x.ts, b: beeuni:memory}");
        let agents = &tree.get("agents").unwrap().value;
        assert_eq!(&text[agents.span.clone()], "{}");
    }

    #[test]
    fn kinds_are_named_for_messages() {
        let tree = root("a: ~\nb: 3\nc: true\nd: [1]\ne: x\nf:\n");
        let kind = |k: &str| tree.get(k).unwrap().value.kind_name();
        assert_eq!(
            [
                kind("a"),
                kind("b"),
                kind("c"),
                kind("d"),
                kind("e"),
                kind("f")
            ],
            [
                "null",
                "a number",
                "a boolean",
                "a list",
                "a string",
                "null"
            ]
        );
    }

    #[test]
    fn errors_carry_an_offset() {
        let err = parse("tools: {a: b\nx: [").unwrap_err();
        assert!(err.offset > 0 && !err.message.is_empty(), "{err:?}");
        assert!(parse("# only a comment\n").unwrap().is_none());
        assert!(parse("a: 1\n---\nb: 2\n").is_err());
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let text = "[".repeat(100_000);
        assert!(parse(&text).is_err());
    }
}
