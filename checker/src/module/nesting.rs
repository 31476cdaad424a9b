//! The nesting pre-scan: a cheap over-estimate, in one pass over the bytes,
//! of how deeply swc's parser will recurse on a module's text, so that
//! `parse.rs` refuses absurd nesting (generated code) before swc could
//! overflow its stack.

/// The deepest nesting [`nesting_depth`] lets through. Hand-written code
/// stays far below it; at this depth swc needs well under
/// [`super::parse::STACK_SIZE`].
pub const MAX_NESTING: usize = 2_000;

/// Where a file's estimated nesting is deepest, and how deep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Depth {
    pub depth: usize,
    pub deepest_at: usize,
}

/// A cheap over-estimate of how deeply swc recurses on `text`, read in one
/// pass over the bytes: open brackets, plus the operators and keywords that
/// nest without brackets (`!!!!x`, `a + b + …`, `new new X`) since the last
/// `;`, `,`, or line break where a new statement starts. Strings, comments and
/// template text are skipped; a `${` in a template counts as a bracket, so an
/// expression cannot hide inside one. Precision matters only for files nobody
/// writes by hand.
pub fn nesting_depth(text: &str) -> Depth {
    scan_nesting(text).best
}

fn scan_nesting(text: &str) -> Scan<'_> {
    let mut scan = Scan {
        bytes: text.as_bytes(),
        i: 0,
        levels: vec![Level::default()],
        total: 0,
        best: Depth {
            depth: 0,
            deepest_at: 0,
        },
        steps: 0,
    };
    scan.run();
    scan
}

#[derive(Default)]
struct Level {
    /// Operators chained at this bracket level since the last reset.
    chain: usize,
    /// The level was opened by `${` in a template: its `}` resumes the template.
    template: bool,
}

struct Scan<'a> {
    bytes: &'a [u8],
    i: usize,
    levels: Vec<Level>,
    /// Open brackets plus the chains of every open level.
    total: usize,
    best: Depth,
    /// Turns of the scan's loops, all of which move `i` forward: the count
    /// that shows the scan stays linear in the text's length.
    steps: usize,
}

impl Scan<'_> {
    fn run(&mut self) {
        // The last significant byte, to tell a regular expression from a division.
        let mut previous = b';';
        // A line ended since `previous`: the next significant byte decides
        // whether a new statement starts (deciding then keeps the scan linear).
        let mut after_newline = false;
        // The last word was a keyword after which `/` starts a regular
        // expression (`return /x/`), not a division.
        let mut previous_keyword = false;
        while self.i < self.bytes.len() {
            self.steps += 1;
            let b = self.bytes[self.i];
            let at = self.i;
            self.i += 1;
            if after_newline && !matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                after_newline = false;
                if !continues_expression(b) {
                    self.reset_chain();
                }
            }
            match b {
                b' ' | b'\t' | b'\r' => continue,
                b'\n' => {
                    after_newline = true;
                    continue;
                }
                b'/' if self.peek() == Some(b'/') => {
                    self.skip_until(b"\n");
                    after_newline = true;
                    continue;
                }
                b'/' if self.peek() == Some(b'*') => {
                    self.skip_until(b"*/");
                    continue;
                }
                b'/' if !ends_operand(previous) || previous_keyword => self.skip_regex(),
                b'\'' | b'"' => self.skip_string(b),
                b'`' => self.template(),
                b'(' | b'[' | b'{' => {
                    self.levels.push(Level::default());
                    self.total += 1;
                }
                b')' | b']' | b'}' if self.levels.len() > 1 => {
                    let level = self.levels.pop().unwrap_or_default();
                    self.total -= level.chain + 1;
                    if b == b'}' && level.template {
                        self.template();
                    }
                }
                b';' | b',' => self.reset_chain(),
                b'+' | b'-' | b'*' | b'/' | b'%' | b'!' | b'~' | b'&' | b'|' | b'^' | b'<'
                | b'>' | b'=' | b'?' | b'.' | b':' | b'@' => self.chain(),
                b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' | b'0'..=b'9' => {
                    // Every word counts: `new`, `await`, `typeof`, `void`,
                    // `delete` and `yield` nest without an operator character.
                    while self
                        .peek()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$')
                    {
                        self.steps += 1;
                        self.i += 1;
                    }
                    self.chain();
                    previous_keyword = REGEX_AFTER.contains(&&self.bytes[at..self.i]);
                    previous = b;
                    if self.total > self.best.depth {
                        self.best = Depth {
                            depth: self.total,
                            deepest_at: at,
                        };
                    }
                    continue;
                }
                _ => {}
            }
            previous = b;
            previous_keyword = false;
            if self.total > self.best.depth {
                self.best = Depth {
                    depth: self.total,
                    deepest_at: at,
                };
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.i).copied()
    }

    fn chain(&mut self) {
        if let Some(level) = self.levels.last_mut() {
            level.chain += 1;
            self.total += 1;
        }
    }

    fn reset_chain(&mut self) {
        if let Some(level) = self.levels.last_mut() {
            self.total -= level.chain;
            level.chain = 0;
        }
    }

    /// A bracket inside text the scan skips (a string, a comment, a regular
    /// expression, template text). An opening one still counts, and stays
    /// counted: if the scan took code for text, the code's brackets are not
    /// lost. A closing one only closes what the same text opened, so text
    /// cannot hide real nesting.
    fn bracket_in_text(&mut self, c: u8, floor: usize) {
        match c {
            b'(' | b'[' | b'{' => {
                self.levels.push(Level::default());
                self.total += 1;
                if self.total > self.best.depth {
                    self.best = Depth {
                        depth: self.total,
                        deepest_at: self.i - 1,
                    };
                }
            }
            b')' | b']' | b'}' if self.levels.len() > floor => {
                let level = self.levels.pop().unwrap_or_default();
                self.total -= level.chain + 1;
            }
            _ => {}
        }
    }

    fn skip_until(&mut self, end: &[u8]) {
        let floor = self.levels.len();
        while self.i < self.bytes.len() {
            self.steps += 1;
            if self.bytes[self.i..].starts_with(end) {
                self.i += end.len();
                return;
            }
            let c = self.bytes[self.i];
            self.i += 1;
            self.bracket_in_text(c, floor);
        }
    }

    /// The next byte of quoted text; an escape is stepped over whole, so
    /// an escaped quote or bracket never ends the text or opens a level.
    fn text_byte(&mut self) -> Option<u8> {
        while let Some(c) = self.peek() {
            self.steps += 1;
            self.i += 1;
            if c != b'\\' {
                return Some(c);
            }
            self.i += 1;
        }
        None
    }

    fn skip_string(&mut self, quote: u8) {
        let floor = self.levels.len();
        while let Some(c) = self.text_byte() {
            match c {
                b'\n' => return,
                c if c == quote => return,
                c => self.bracket_in_text(c, floor),
            }
        }
    }

    fn skip_regex(&mut self) {
        let floor = self.levels.len();
        let mut class = false;
        while let Some(c) = self.text_byte() {
            match c {
                b'/' if !class => return,
                b'\n' => return,
                c => {
                    match c {
                        b'[' => class = true,
                        b']' => class = false,
                        _ => {}
                    }
                    self.bracket_in_text(c, floor);
                }
            }
        }
    }

    /// Template text up to the closing backtick, or up to a `${`, which
    /// opens a level that its `}` closes (and comes back here).
    fn template(&mut self) {
        let floor = self.levels.len();
        while let Some(c) = self.text_byte() {
            match c {
                b'`' => return,
                b'$' if self.peek() == Some(b'{') => {
                    self.i += 1;
                    self.levels.push(Level {
                        chain: 0,
                        template: true,
                    });
                    self.total += 1;
                    return;
                }
                c => self.bracket_in_text(c, floor),
            }
        }
    }
}

/// Keywords after which a `/` starts a regular expression.
const REGEX_AFTER: &[&[u8]] = &[
    b"return",
    b"typeof",
    b"case",
    b"do",
    b"else",
    b"in",
    b"of",
    b"new",
    b"delete",
    b"void",
    b"throw",
    b"instanceof",
    b"yield",
    b"await",
];

/// Whether a line starting with this byte continues the expression of the
/// line before (an operator, a bracket, a template); otherwise a statement
/// may start there and the chain count resets.
fn continues_expression(first: u8) -> bool {
    matches!(
        first,
        b'+' | b'-'
            | b'*'
            | b'/'
            | b'%'
            | b'&'
            | b'|'
            | b'^'
            | b'<'
            | b'>'
            | b'='
            | b'?'
            | b'.'
            | b':'
            | b'('
            | b'['
            | b'`'
            | b'!'
            | b'~'
            | b','
    )
}

/// Whether a `/` after this byte divides (an operand ends here) rather than
/// starting a regular expression.
fn ends_operand(previous: u8) -> bool {
    previous.is_ascii_alphanumeric()
        || matches!(
            previous,
            b')' | b']' | b'}' | b'_' | b'$' | b'\'' | b'"' | b'`'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_written_code_is_far_below_the_nesting_limit() {
        // A long semicolon-free module: statements on their own lines reset the count.
        let mut text = String::from(
            "export default {\n  description: 'x',\n  async execute(args, context) {\n",
        );
        for i in 0..5_000 {
            text.push_str(&format!(
                "    const v{i} = await fetch(`https://x/${{args.id}}`).then((r) => r.json())\n"
            ));
            text.push_str(&format!(
                "    if (!v{i}.ok && v{i}.status !== 404) throw new Error(`bad ${{v{i}.status}}`)\n"
            ));
        }
        text.push_str("  },\n}\n");
        let depth = nesting_depth(&text);
        assert!(depth.depth < 50, "{}", depth.depth);
        // Linear in the length, whatever the mix of lines, spaces, words,
        // strings, comments and templates: one step per byte at most.
        let mixes = [
            "\n".repeat(200_000) + &" \n".repeat(100_000) + &"\n   ".repeat(50_000),
            "a\n+b ".repeat(100_000),
            "'))', /* ]] */ `${x}` // ((\n".repeat(20_000),
            "return /[)]/g\n".repeat(50_000),
            text.clone(),
        ];
        for mix in &mixes {
            let scan = scan_nesting(mix);
            assert!(
                scan.steps <= mix.len(),
                "{} steps for {} bytes",
                scan.steps,
                mix.len()
            );
        }
        assert_eq!(nesting_depth(&mixes[0]).depth, 0);
        let regex =
            "const r = /[)}\\]]+/g; const s = '))))'; // ))))\n/* }}}} */ const t = `)${'('}`";
        assert!(
            nesting_depth(regex).depth < 10,
            "{}",
            nesting_depth(regex).depth
        );
    }
}
