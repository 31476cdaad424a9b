//! Bun's `$` template rendered as one `/bin/sh` command line.
//!
//! Bun runs `$` templates in its own shell, where an interpolated value is
//! never parsed as shell syntax: it is one literal argument, or a literal part
//! of one, whatever quotes surround it. This runtime hands the command to
//! `/bin/sh`, so every value must be quoted for the exact spot it lands in.
//! The template's literal text is scanned with a small lexer that knows where
//! the shell would be (bare words, single or double quotes, `$(…)`, comments)
//! so that a model-chosen value holding `` `id` ``, `$(id)`, `$HOME`, `;` or a
//! newline reaches the program as text and is never run or expanded. Spots
//! where sh re-parses text in ways quoting cannot make safe (backquotes,
//! `${…}`, `$((…))`, here-documents) are refused with an error instead.

use boa_engine::{Context, JsResult, JsValue};
use serde::Deserialize;

use super::{json_arg, type_error};

/// One interpolated value as the prelude hands it over.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Interpolation {
    /// A string (or anything turned into one): one literal word.
    Text(String),
    /// An array: one literal word per element where words are split.
    Words(Vec<String>),
    /// `{ raw: "…" }`: shell syntax the author wrote on purpose.
    Raw(String),
}

/// Why a template cannot be handed to `/bin/sh` safely.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    Backquotes,
    ParameterExpansion,
    Arithmetic,
    HereDocument,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let spot = match self {
            Refusal::Backquotes => "inside a `…` command substitution (write $(…) instead)",
            Refusal::ParameterExpansion => "inside a ${…} parameter expansion",
            Refusal::Arithmetic => "inside a $((…)) arithmetic expansion",
            Refusal::HereDocument => "after a here-document (<<)",
        };
        write!(
            f,
            "Bun.$: an interpolated value {spot} cannot be passed to /bin/sh as literal text"
        )
    }
}

/// `$(strings, …values)` → the command line for `/bin/sh -c`.
pub(crate) fn render(parts: &[String], values: &[Interpolation]) -> Result<String, Refusal> {
    let mut lexer = Lexer::default();
    for (index, part) in parts.iter().enumerate() {
        lexer.feed(part);
        if let Some(value) = values.get(index) {
            lexer.insert(value)?;
        }
    }
    Ok(lexer.out)
}

/// What the lexer is inside of; quotes and comments are flags because
/// nothing nests in them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frame {
    /// The top level, `$(…)` and `(…)`: words, operators, quotes.
    Command,
    Subshell,
    Double,
    Backquote,
    Parameter,
    Arithmetic,
    /// A parenthesis inside `$((…))`, so its `)` does not close it.
    ArithmeticGroup,
}

#[derive(Debug)]
struct Lexer {
    frames: Vec<Frame>,
    in_single: bool,
    in_comment: bool,
    /// A `\` was read and the next character is its escaped one.
    escaped: bool,
    /// The last character read was a `$` that starts nothing.
    dangling_dollar: bool,
    here_document: bool,
    out: String,
}

impl Default for Lexer {
    fn default() -> Self {
        Self {
            frames: vec![Frame::Command],
            in_single: false,
            in_comment: false,
            escaped: false,
            dangling_dollar: false,
            here_document: false,
            out: String::new(),
        }
    }
}

impl Lexer {
    fn top(&self) -> Frame {
        self.frames.last().copied().unwrap_or(Frame::Command)
    }

    fn pop(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }

    /// Reads literal template text, which is shell syntax, and keeps it.
    fn feed(&mut self, text: &str) {
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            self.dangling_dollar = false;
            if self.in_comment {
                self.in_comment = c != '\n';
            } else if self.in_single {
                self.in_single = c != '\'';
            } else if self.escaped {
                self.escaped = false;
            } else if c == '\\' {
                self.escaped = true;
            } else if c == '$' {
                self.out.push(c);
                match chars.peek() {
                    Some('(') => {
                        self.out.push(chars.next().unwrap_or('('));
                        if chars.peek() == Some(&'(') {
                            self.out.push(chars.next().unwrap_or('('));
                            self.frames.push(Frame::Arithmetic);
                        } else {
                            self.frames.push(Frame::Subshell);
                        }
                    }
                    Some('{') => {
                        self.out.push(chars.next().unwrap_or('{'));
                        self.frames.push(Frame::Parameter);
                    }
                    None => self.dangling_dollar = true,
                    Some(_) => {}
                }
                continue;
            } else {
                match self.top() {
                    Frame::Double => self.read_in_double(c),
                    Frame::Arithmetic | Frame::ArithmeticGroup => {
                        if self.read_in_arithmetic(c, chars.peek() == Some(&')')) {
                            self.out.push(c);
                            self.out.push(chars.next().unwrap_or(')'));
                            continue;
                        }
                    }
                    frame => self.read_in_words(frame, c, chars.peek() == Some(&'<')),
                }
            }
            self.out.push(c);
        }
    }

    fn read_in_double(&mut self, c: char) {
        match c {
            '"' => self.pop(),
            '`' => self.frames.push(Frame::Backquote),
            _ => {}
        }
    }

    /// Returns true when `c` and the next `)` close the arithmetic expansion.
    fn read_in_arithmetic(&mut self, c: char, next_closes: bool) -> bool {
        match (c, self.top()) {
            ('(', _) => self.frames.push(Frame::ArithmeticGroup),
            (')', Frame::ArithmeticGroup) => self.pop(),
            (')', Frame::Arithmetic) if next_closes => {
                self.pop();
                return true;
            }
            _ => {}
        }
        false
    }

    fn read_in_words(&mut self, frame: Frame, c: char, next_is_less: bool) {
        match c {
            '\'' => self.in_single = true,
            '"' => self.frames.push(Frame::Double),
            '`' if frame == Frame::Backquote => self.pop(),
            '`' => self.frames.push(Frame::Backquote),
            '(' if frame != Frame::Parameter => self.frames.push(Frame::Subshell),
            ')' if frame == Frame::Subshell => self.pop(),
            '}' if frame == Frame::Parameter => self.pop(),
            '<' if next_is_less && frame != Frame::Parameter => self.here_document = true,
            // sh starts a comment only where a new word would start; a `#`
            // glued to a word is text.
            '#' if frame != Frame::Parameter && self.at_word_start() => self.in_comment = true,
            _ => {}
        }
    }

    fn at_word_start(&self) -> bool {
        self.out
            .chars()
            .next_back()
            .is_none_or(|last| last.is_whitespace() || ";&|()<>".contains(last))
    }

    /// Writes one interpolated value so that sh reads it as literal text
    /// where it stands.
    fn insert(&mut self, value: &Interpolation) -> Result<(), Refusal> {
        if let Interpolation::Raw(raw) = value {
            self.feed(raw);
            return Ok(());
        }
        if self.in_comment {
            // sh ignores the rest of the line; a newline in the value would
            // end the comment and run what follows, so nothing is written.
            return Ok(());
        }
        if let Some(refusal) = self.refusal() {
            return Err(refusal);
        }
        if self.in_single {
            self.out.push_str(&joined(value).replace('\'', r"'\''"));
            return Ok(());
        }
        // A pending `\` or `$` would change the meaning of the first byte
        // written next; both stand for themselves in Bun, so they become
        // literal here too.
        if self.escaped {
            self.escaped = false;
            self.out.push('\\');
        }
        if self.dangling_dollar {
            self.dangling_dollar = false;
            self.out.pop();
            self.out.push_str(r"\$");
        }
        match (self.top(), value) {
            (Frame::Double, value) => {
                let text = joined(value);
                if is_plain_word(&text) {
                    self.out.push_str(&text);
                } else {
                    // Close the double quotes, write the value single-quoted
                    // and reopen them: one word, nothing expanded inside.
                    self.out.push('"');
                    push_single_quoted(&mut self.out, &text);
                    self.out.push('"');
                }
            }
            (_, Interpolation::Words(words)) => {
                for (index, word) in words.iter().enumerate() {
                    if index > 0 {
                        self.out.push(' ');
                    }
                    push_word(&mut self.out, word);
                }
            }
            (_, value) => push_word(&mut self.out, &joined(value)),
        }
        Ok(())
    }

    fn refusal(&self) -> Option<Refusal> {
        if self.here_document {
            return Some(Refusal::HereDocument);
        }
        self.frames.iter().find_map(|frame| match frame {
            Frame::Backquote => Some(Refusal::Backquotes),
            Frame::Parameter => Some(Refusal::ParameterExpansion),
            Frame::Arithmetic | Frame::ArithmeticGroup => Some(Refusal::Arithmetic),
            Frame::Command | Frame::Subshell | Frame::Double => None,
        })
    }
}

fn joined(value: &Interpolation) -> String {
    match value {
        Interpolation::Text(text) | Interpolation::Raw(text) => text.clone(),
        Interpolation::Words(words) => words.join(" "),
    }
}

/// Characters that mean nothing to sh in any position, so a value made only
/// of them needs no quotes. `=` is left out: `${x} cmd` with `x = "A=b"`
/// would turn into an assignment.
fn is_plain_word(text: &str) -> bool {
    !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-.,:/@%+".contains(&b))
}

fn push_word(out: &mut String, word: &str) {
    if is_plain_word(word) {
        out.push_str(word);
    } else {
        push_single_quoted(out, word);
    }
}

fn push_single_quoted(out: &mut String, text: &str) {
    out.push('\'');
    out.push_str(&text.replace('\'', r"'\''"));
    out.push('\'');
}

/// `host.shellCommand(partsJson, valuesJson)`: the prelude's `$` calls this
/// and runs the result with `/bin/sh -c`.
pub(super) fn shell_command(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let parts: Vec<String> = serde_json::from_value(json_arg(args, 0, context)?)
        .map_err(|e| type_error(format!("internal: bad template parts: {e}")))?;
    let values: Vec<Interpolation> = serde_json::from_value(json_arg(args, 1, context)?)
        .map_err(|e| type_error(format!("internal: bad template values: {e}")))?;
    render(&parts, &values)
        .map(|command| JsValue::from(boa_engine::JsString::from(command.as_str())))
        .map_err(|refusal| type_error(refusal.to_string()))
}

#[cfg(test)]
mod tests;
