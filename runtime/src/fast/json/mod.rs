//! `JSON.stringify` for plain data, written straight into one buffer.
//!
//! boa 0.22's `JSON.stringify` builds every member as its own UTF-16
//! vector, copies it into its parent's, and so on up: a nested result is
//! copied once per level, and each property is read through `[[Get]]`. It
//! was 42% of a warm tool call (rendering the result) and most of the
//! package bench's JSON work.
//!
//! This one serializes only values whose serialization runs no user code:
//! primitives, arrays and ordinary objects whose properties are data
//! properties, with no `toJSON` anywhere on their prototype chains, and
//! `JSON.stringify` called without a replacer. It reads each object's
//! property map directly. On anything else (a getter, a `toJSON`, a
//! `Date`, a `Map`, a proxy, a boxed primitive, a hole in an array, a
//! BigInt, a function, a cycle, deep nesting, a replacer) it gives up
//! before any side effect, and boa's own runs from the start, so every
//! error and every edge is boa's. `tests.rs` compares the two on the same
//! values.

use boa_engine::property::PropertyKey;
use boa_engine::string::JsStrVariant;
use boa_engine::value::JsVariant;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::js_value::{arg, define_method, error, function, realm_json};

#[cfg(test)]
mod tests;

/// Nesting past this gives the value to boa (its recursion, its limits).
const MAX_DEPTH: usize = 200;
/// A prototype chain longer than this gives the value to boa.
const MAX_CHAIN: usize = 32;

/// Replaces `JSON.stringify` in `context`'s realm: the native serializer
/// first, boa's when the value is not plain data.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let json = realm_json(context)?;
    let boa_stringify = json.get(js_string!("stringify"), context)?;
    let stringify = function(
        context,
        "stringify",
        3,
        NativeFunction::from_copy_closure_with_captures(
            |this, args, boa_stringify, context| {
                if let Some(text) = stringify_args(args, context) {
                    return Ok(text.map_or_else(JsValue::undefined, |text| {
                        JsString::from(text.as_str()).into()
                    }));
                }
                let Some(boa_stringify) = boa_stringify.as_callable() else {
                    return Err(error(
                        "internal error: boa's JSON.stringify is not callable",
                    ));
                };
                boa_stringify.call(this, args, context)
            },
            boa_stringify,
        ),
    );
    define_method(&json, "stringify", stringify, context)
}

/// `JSON.stringify(...args)` when the native serializer can answer it:
/// `Some(None)` is `undefined`; `None` means boa's must run.
fn stringify_args(args: &[JsValue], context: &mut Context) -> Option<Option<String>> {
    if arg(args, 1).is_object() {
        return None;
    }
    let gap = gap(&arg(args, 2))?;
    serialize(&arg(args, 0), &gap, context)
}

/// The spec's `gap` from `space`, for the primitives; a boxed number or
/// string (read through user-visible conversions) is left to boa.
fn gap(space: &JsValue) -> Option<String> {
    match space.variant() {
        JsVariant::Integer32(n) => Some(" ".repeat(n.clamp(0, 10) as usize)),
        JsVariant::Float64(n) => {
            // ToIntegerOrInfinity, then at most 10; NaN is 0.
            let n = if n.is_nan() { 0.0 } else { n.trunc() };
            Some(" ".repeat(n.clamp(0.0, 10.0) as usize))
        }
        JsVariant::String(s) => {
            let units: Vec<u16> = s.iter().take(10).collect();
            String::from_utf16(&units).ok()
        }
        JsVariant::Object(_) => None,
        _ => Some(String::new()),
    }
}

/// `JSON.stringify(value, null, gap)` of plain data: `Some(None)` is
/// `undefined` (a function-free `undefined` or symbol), `None` means the
/// value is not plain data and boa's serializer must run instead.
pub(crate) fn serialize(
    value: &JsValue,
    gap: &str,
    context: &mut Context,
) -> Option<Option<String>> {
    let intrinsics = context.intrinsics().constructors();
    let object_proto = intrinsics.object().prototype();
    let array_proto = intrinsics.array().prototype();
    let to_json = PropertyKey::from(js_string!("toJSON"));
    // The two prototypes every plain value ends in: a `toJSON` there (a
    // polyfill's) is called for every object.
    if has_own(&object_proto, &to_json) || has_own(&array_proto, &to_json) {
        return None;
    }
    let mut writer = Writer {
        out: String::new(),
        gap,
        indent: String::new(),
        stack: Vec::new(),
        object_proto,
        array_proto,
        to_json,
        length: PropertyKey::from(js_string!("length")),
    };
    match writer.value(value, context) {
        Ok(true) => Some(Some(writer.out)),
        Ok(false) => Some(None),
        Err(NotPlain) => {
            #[cfg(test)]
            tests::GAVE_UP.with(|n| n.set(n.get() + 1));
            None
        }
    }
}

/// The value holds something only boa's serializer may touch.
struct NotPlain;

struct Writer<'a> {
    out: String,
    gap: &'a str,
    indent: String,
    /// The objects being serialized, outermost first (cycles, depth).
    stack: Vec<JsObject>,
    object_proto: JsObject,
    array_proto: JsObject,
    to_json: PropertyKey,
    length: PropertyKey,
}

fn has_own(object: &JsObject, key: &PropertyKey) -> bool {
    object.borrow().properties().get(key).is_some()
}

impl Writer<'_> {
    /// Writes `value`; `false` when it serializes to nothing (`undefined`,
    /// a symbol), which a member leaves out and an array writes as `null`.
    fn value(&mut self, value: &JsValue, context: &mut Context) -> Result<bool, NotPlain> {
        match value.variant() {
            JsVariant::Null => self.out.push_str("null"),
            JsVariant::Boolean(b) => self.out.push_str(if b { "true" } else { "false" }),
            JsVariant::Integer32(n) => self.out.push_str(itoa::Buffer::new().format(n)),
            JsVariant::Float64(n) if n.is_finite() => {
                self.out.push_str(ryu_js::Buffer::new().format(n));
            }
            JsVariant::Float64(_) => self.out.push_str("null"),
            JsVariant::String(s) => quote(&mut self.out, &s),
            JsVariant::Undefined | JsVariant::Symbol(_) => return Ok(false),
            JsVariant::BigInt(_) => return Err(NotPlain),
            JsVariant::Object(object) => self.object(&object, context)?,
        }
        Ok(true)
    }

    fn object(&mut self, object: &JsObject, context: &mut Context) -> Result<(), NotPlain> {
        if object.is_callable()
            || self.stack.len() >= MAX_DEPTH
            || self.stack.iter().any(|seen| seen == object)
            || !self.plain_chain(object)
        {
            return Err(NotPlain);
        }
        let is_array = object.is_array();
        if !is_array && !object.is_ordinary() {
            return Err(NotPlain);
        }
        self.stack.push(object.clone());
        let stepback = self.indent.len();
        self.indent.push_str(self.gap);
        let written = if is_array {
            self.array(object, context)
        } else {
            self.members(object, context)
        };
        self.indent.truncate(stepback);
        self.stack.pop();
        written
    }

    /// No `toJSON` on `object` or its prototypes, each of them an ordinary
    /// object or an array (no proxy to trap the lookup).
    fn plain_chain(&self, object: &JsObject) -> bool {
        let mut current = object.clone();
        for _ in 0..MAX_CHAIN {
            if has_own(&current, &self.to_json) {
                return false;
            }
            let Some(proto) = current.prototype() else {
                return true;
            };
            if proto == self.object_proto || proto == self.array_proto {
                return true;
            }
            if !proto.is_ordinary() && !proto.is_array() {
                return false;
            }
            current = proto;
        }
        false
    }

    /// `\n` and the current indent between items, when there is a gap.
    fn newline(&mut self) {
        if !self.gap.is_empty() {
            self.out.push('\n');
            self.out.push_str(&self.indent);
        }
    }

    /// Closes a non-empty object or array on its parent's indent.
    fn close(&mut self, stepback: usize, bracket: char) {
        if !self.gap.is_empty() {
            self.out.push('\n');
            let parent = &self.indent[..stepback];
            self.out.push_str(parent);
        }
        self.out.push(bracket);
    }

    fn members(&mut self, object: &JsObject, context: &mut Context) -> Result<(), NotPlain> {
        let keys = object.own_property_keys(context).map_err(|_| NotPlain)?;
        let stepback = self.indent.len() - self.gap.len();
        self.out.push('{');
        let mut any = false;
        for key in keys {
            if matches!(key, PropertyKey::Symbol(_)) {
                continue;
            }
            let Some(property) = object.borrow().properties().get(&key) else {
                continue;
            };
            if property.is_accessor_descriptor() {
                return Err(NotPlain);
            }
            if !property.expect_enumerable() {
                continue;
            }
            let value = property.value().cloned().unwrap_or_default();
            let mark = self.out.len();
            if any {
                self.out.push(',');
            }
            self.newline();
            match &key {
                PropertyKey::String(name) => quote(&mut self.out, name),
                PropertyKey::Index(index) => {
                    self.out.push('"');
                    self.out.push_str(itoa::Buffer::new().format(index.get()));
                    self.out.push('"');
                }
                PropertyKey::Symbol(_) => unreachable!("symbols are skipped above"),
            }
            self.out.push(':');
            if !self.gap.is_empty() {
                self.out.push(' ');
            }
            if self.value(&value, context)? {
                any = true;
            } else {
                self.out.truncate(mark);
            }
        }
        if any {
            self.close(stepback, '}');
        } else {
            self.out.push('}');
        }
        Ok(())
    }

    fn array(&mut self, array: &JsObject, context: &mut Context) -> Result<(), NotPlain> {
        let length = array.borrow().properties().get(&self.length);
        let length = length
            .as_ref()
            .and_then(|p| p.value())
            .and_then(JsValue::as_number)
            .ok_or(NotPlain)?;
        let stepback = self.indent.len() - self.gap.len();
        self.out.push('[');
        if length == 0.0 {
            self.out.push(']');
            return Ok(());
        }
        for index in 0..length as u32 {
            if index > 0 {
                self.out.push(',');
            }
            self.newline();
            // A hole reads through the prototype chain: boa's business.
            let element = array
                .borrow()
                .properties()
                .get(&PropertyKey::from(index))
                .ok_or(NotPlain)?;
            if element.is_accessor_descriptor() {
                return Err(NotPlain);
            }
            let value = element.value().cloned().unwrap_or_default();
            if !self.value(&value, context)? {
                self.out.push_str("null");
            }
        }
        self.close(stepback, ']');
        Ok(())
    }
}

/// `QuoteJSONString`: `"`, `\`, and the control characters escaped (the
/// short forms where JSON has them, else `\u00XX`), a lone surrogate as
/// `\uDXXX` in lower case, everything else as it is.
fn quote(out: &mut String, s: &JsString) {
    out.push('"');
    match s.as_str().variant() {
        JsStrVariant::Latin1(bytes) => {
            let mut start = 0;
            for (i, &byte) in bytes.iter().enumerate() {
                if (0x20..0x80).contains(&byte) && byte != b'"' && byte != b'\\' {
                    continue;
                }
                // Everything since `start` is ASCII that needs no escape.
                out.push_str(std::str::from_utf8(&bytes[start..i]).unwrap_or_default());
                start = i + 1;
                if byte >= 0x80 {
                    out.push(char::from(byte));
                } else {
                    escape(out, u32::from(byte));
                }
            }
            out.push_str(std::str::from_utf8(&bytes[start..]).unwrap_or_default());
        }
        JsStrVariant::Utf16(units) => {
            for decoded in char::decode_utf16(units.iter().copied()) {
                match decoded {
                    Ok(c) if (c as u32) < 0x20 || c == '"' || c == '\\' => escape(out, c as u32),
                    Ok(c) => out.push(c),
                    Err(lone) => unicode_escape(out, u32::from(lone.unpaired_surrogate())),
                }
            }
        }
    }
    out.push('"');
}

fn escape(out: &mut String, c: u32) {
    match c {
        0x08 => out.push_str("\\b"),
        0x09 => out.push_str("\\t"),
        0x0a => out.push_str("\\n"),
        0x0c => out.push_str("\\f"),
        0x0d => out.push_str("\\r"),
        0x22 => out.push_str("\\\""),
        0x5c => out.push_str("\\\\"),
        _ => unicode_escape(out, c),
    }
}

fn unicode_escape(out: &mut String, unit: u32) {
    out.push_str(&format!("\\u{unit:04x}"));
}
