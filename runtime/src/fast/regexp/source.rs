//! `RegExp.prototype.source` as V8 and JavaScriptCore write it.
//!
//! boa 0.22's getter escapes every `/`, one already escaped and one inside
//! a class included: `/[,-\/]/.source` is `[,-\\/]`, which read back as a
//! pattern is a class from `,` to `\` (digits, capitals, `[` and more) and a
//! `/`. Libraries build patterns from other patterns' `source` (linkify-it,
//! under markdown-it, joins uc.micro's punctuation class this way), so
//! their patterns came out wrong: markdown-it's `linkify` found no link.
//! This getter recovers the pattern as written from boa's text
//! ([`super::pattern::original_source`]) and escapes it as V8 and
//! JavaScriptCore do: a `/` outside a class and not already escaped, and
//! the line terminators. A text it cannot recover exactly is boa's.

use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::js_value::function;

/// Installs the getter over boa's on `prototype` (`RegExp.prototype`).
pub(super) fn install(prototype: &JsObject, context: &mut Context) -> JsResult<()> {
    let boa_get = super::own_getter(prototype, "source", context)?;
    let getter = function(
        context,
        "get source",
        0,
        NativeFunction::from_copy_closure_with_captures(
            |this, _, boa_get, context| {
                let escaped = boa_get.call(this, &[], context)?;
                let Some(text) = escaped.as_string().and_then(|t| t.to_std_string().ok()) else {
                    return Ok(escaped);
                };
                Ok(match super::pattern::original_source(&text) {
                    Some(original) if !original.is_empty() => {
                        JsValue::from(JsString::from(escape(&original).as_str()))
                    }
                    _ => escaped,
                })
            },
            boa_get,
        ),
    );
    prototype.define_property_or_throw(
        js_string!("source"),
        PropertyDescriptor::builder()
            .get(getter)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// EscapeRegExpPattern as V8 and JavaScriptCore do it.
fn escape(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 4);
    let mut in_class = false;
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push('\\');
                if let Some(next) = chars.next() {
                    push_line_terminator_escaped(&mut out, next);
                }
            }
            '/' if !in_class => out.push_str("\\/"),
            '[' => {
                in_class = true;
                out.push(c);
            }
            ']' => {
                in_class = false;
                out.push(c);
            }
            _ => push_line_terminator_escaped(&mut out, c),
        }
    }
    out
}

fn push_line_terminator_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\u{2028}' => out.push_str("\\u2028"),
        '\u{2029}' => out.push_str("\\u2029"),
        _ => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn a_slash_is_escaped_once_and_only_outside_a_class() {
        assert_eq!(escape("a/b"), r"a\/b");
        assert_eq!(escape(r"a\/b"), r"a\/b");
        assert_eq!(escape("[/]"), "[/]");
        assert_eq!(escape(r"[,-\/:]"), r"[,-\/:]");
        assert_eq!(escape(r"[\]/]/"), r"[\]/]\/");
        assert_eq!(escape("a\nb\u{2028}"), r"a\nb\u2028");
    }
}
