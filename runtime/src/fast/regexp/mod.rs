//! `RegExp.prototype.exec` over boa 0.22's, with the same results.
//!
//! boa's exec (and so `test`, `match`, `matchAll`, `replace`, `search` and
//! `split`, which all call `exec` through the property) copies a Latin-1
//! input to UTF-16 on every call and emulates the sticky flag by searching to
//! the end and checking where the match began, so a tokenizer's every token
//! costs the whole input twice over. This one reads the pattern's source and
//! flags from the RegExp, compiles it again with the same regress and flags
//! (cached, [`pattern`]), reads the input without a copy per call
//! ([`input`]), tries one position for sticky and `^`-anchored patterns, and
//! looks for a literal prefix (memchr) or a leading class's bytes before
//! trying a position. It
//! builds the result array as boa's RegExpBuiltinExec does (`index`,
//! `input`, `groups`, `indices` for `d`) and updates `lastIndex` the same
//! way. What it cannot do exactly (a receiver that is not a RegExp, a source
//! it cannot recover) goes to boa's own exec, kept for that.

mod input;
mod pattern;
mod source;

use std::rc::Rc;

use boa_engine::object::builtins::{JsArray, JsRegExp};
use boa_engine::string::JsStrVariant;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};
use regress::Match;

use crate::js_value::{arg, define_method, error, function};
use input::Text;
use pattern::{Compiled, RegexFlags};

/// Replaces `RegExp.prototype.exec` in `context`'s realm.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().regexp().prototype();
    let boa_exec = prototype.get(js_string!("exec"), context)?;
    // `JsRegExp` has no getter for `v`; the realm's own `unicodeSets` getter,
    // taken before any tool runs, reads the internal slot.
    let unicode_sets: JsValue = own_getter(&prototype, "unicodeSets", context)?.into();
    let exec = function(
        context,
        "exec",
        1,
        NativeFunction::from_copy_closure_with_captures(
            |this, args, (boa_exec, unicode_sets), context| {
                exec(this, args, boa_exec, unicode_sets, context)
            },
            (boa_exec, unicode_sets),
        ),
    );
    define_method(&prototype, "exec", exec, context)?;
    source::install(&prototype, context)
}

/// The getter of `object`'s own accessor `name`, as the realm had it.
/// (boa keeps `__get_own_property__` crate-private: through the realm's
/// `Object.getOwnPropertyDescriptor`.)
fn own_getter(object: &JsObject, name: &str, context: &mut Context) -> JsResult<JsObject> {
    let constructor = context.intrinsics().constructors().object().constructor();
    let descriptor = constructor
        .get(js_string!("getOwnPropertyDescriptor"), context)?
        .as_callable()
        .ok_or_else(|| error("the realm has no Object.getOwnPropertyDescriptor"))?
        .call(
            &constructor.clone().into(),
            &[object.clone().into(), JsString::from(name).into()],
            context,
        )?;
    descriptor
        .as_object()
        .map(|d| d.get(js_string!("get"), context))
        .transpose()?
        .and_then(|g| g.as_object())
        .filter(JsObject::is_callable)
        .ok_or_else(|| error(format!("the realm has no {name} getter")))
}

fn exec(
    this: &JsValue,
    args: &[JsValue],
    boa_exec: &JsValue,
    unicode_sets: &JsValue,
    context: &mut Context,
) -> JsResult<JsValue> {
    let boa = |args: &[JsValue], context: &mut Context| match boa_exec.as_callable() {
        Some(boa_exec) => boa_exec.call(this, args, context),
        None => Err(error(
            "internal error: boa's RegExp.prototype.exec is not callable",
        )),
    };
    // 2. RequireInternalSlot(R, [[RegExpMatcher]]): boa's own says it.
    let Some(regexp) = this
        .as_object()
        .and_then(|o| JsRegExp::from_object(o.clone()).ok())
    else {
        return boa(args, context);
    };
    // 3. Let S be ? ToString(string). Once: boa's gets the string itself.
    let input = arg(args, 0).to_string(context)?;
    let Some((flags, compiled)) = compiled(&regexp, unicode_sets, context)? else {
        return boa(&[input.into()], context);
    };
    #[cfg(test)]
    tests::FAST_CALLS.with(|calls| calls.set(calls.get() + 1));
    builtin_exec(&JsObject::from(regexp), &input, flags, &compiled, context)
}

/// The pattern of `regexp`, compiled, and its flags; `None` when the source
/// cannot be recovered exactly.
fn compiled(
    regexp: &JsRegExp,
    unicode_sets: &JsValue,
    context: &mut Context,
) -> JsResult<Option<(RegexFlags, Rc<Compiled>)>> {
    // The internal getters read `[[OriginalFlags]]` (as the spec's
    // RegExpBuiltinExec does), not the `flags` property a subclass may
    // redefine.
    let flags = RegexFlags {
        has_indices: regexp.has_indices(context)?,
        global: regexp.global(context)?,
        ignore_case: regexp.ignore_case(context)?,
        multiline: regexp.multiline(context)?,
        dot_all: regexp.dot_all(context)?,
        unicode: regexp.unicode(context)?,
        unicode_sets: unicode_sets
            .as_callable()
            .ok_or_else(|| error("internal error: the unicodeSets getter is not callable"))?
            .call(&JsObject::from(regexp.clone()).into(), &[], context)?
            .to_boolean(),
        sticky: regexp.sticky(context)?,
    };
    // A source with a lone surrogate is not a Rust string: boa's exec.
    let Ok(source) = regexp.source(context) else {
        return Ok(None);
    };
    Ok(pattern::compiled(&source, flags).map(|c| (flags, c)))
}

/// RegExpBuiltinExec(R, S), from step 1 on.
fn builtin_exec(
    this: &JsObject,
    input: &JsString,
    flags: RegexFlags,
    compiled: &Compiled,
    context: &mut Context,
) -> JsResult<JsValue> {
    let length = input.len() as u64;
    // 2. Let lastIndex be ℝ(? ToLength(? Get(R, "lastIndex"))).
    let mut last_index = this
        .get(js_string!("lastIndex"), context)?
        .to_length(context)?;
    let global_or_sticky = flags.global || flags.sticky;
    // 7. If global is false and sticky is false, set lastIndex to 0.
    if !global_or_sticky {
        last_index = 0;
    }
    let reset = |context: &mut Context| -> JsResult<JsValue> {
        if global_or_sticky {
            this.set(js_string!("lastIndex"), 0, true, context)?;
        }
        Ok(JsValue::null())
    };
    // 13.a. If lastIndex > length: reset and return null.
    if last_index > length {
        return reset(context);
    }
    let Some(found) = find(compiled, flags, input, last_index as usize) else {
        return reset(context);
    };
    let (start, end) = (found.range.start, found.range.end);
    // 16. If global or sticky, Set(R, "lastIndex", e, true).
    if global_or_sticky {
        this.set(js_string!("lastIndex"), end, true, context)?;
    }
    result_array(input, &found, flags, start, end, context).map(JsValue::from)
}

/// The match at `last_index` (sticky) or the first from it, with the probe's
/// extra group removed.
fn find(
    compiled: &Compiled,
    flags: RegexFlags,
    input: &JsString,
    last_index: usize,
) -> Option<Match> {
    let text = input::text(input);
    let one_position = flags.sticky || compiled.anchored;
    if let (true, Some(probe)) = (one_position, &compiled.probe) {
        return at(probe, &text, input, last_index, flags);
    }
    if let (Text::Ascii(ascii), Some(start), Some(probe)) =
        (&*text, &compiled.start, &compiled.probe)
    {
        // Each candidate is where the prefix (or one of the leading class's
        // bytes) occurs; no match can start anywhere else, and the first
        // candidate that matches is the leftmost match.
        let mut from = last_index;
        while let Some(candidate) = start.next(ascii.as_bytes(), from) {
            if let Some(found) = at(probe, &text, input, candidate, flags) {
                return Some(found);
            }
            from = candidate + 1;
        }
        return None;
    }
    let found = match &*text {
        Text::Ascii(ascii) => compiled.regex.find_from(ascii, last_index).next(),
        Text::Wide(wide) => compiled.regex.find_from_ucs2(wide, last_index).next(),
        Text::InPlace => match input.as_str().variant() {
            JsStrVariant::Utf16(units) if flags.full_unicode() => {
                compiled.regex.find_from_utf16(units, last_index).next()
            }
            JsStrVariant::Utf16(units) => compiled.regex.find_from_ucs2(units, last_index).next(),
            JsStrVariant::Latin1(_) => None,
        },
    }?;
    // boa's sticky emulation: a match found further on is no match.
    (!flags.sticky || found.range.start == last_index).then_some(found)
}

/// The pattern's match at exactly `position`, through the probe.
fn at(
    probe: &regress::Regex,
    text: &Text,
    input: &JsString,
    position: usize,
    flags: RegexFlags,
) -> Option<Match> {
    let mut found = match text {
        Text::Ascii(ascii) => probe.find_from(ascii, position).next(),
        Text::Wide(wide) => probe.find_from_ucs2(wide, position).next(),
        Text::InPlace => match input.as_str().variant() {
            JsStrVariant::Utf16(units) if flags.full_unicode() => {
                probe.find_from_utf16(units, position).next()
            }
            JsStrVariant::Utf16(units) => probe.find_from_ucs2(units, position).next(),
            JsStrVariant::Latin1(_) => None,
        },
    }?;
    // The probe's own group set: the pattern does not match here.
    if found.captures.pop().flatten().is_some() {
        return None;
    }
    Some(found)
}

/// Steps 17–35 of RegExpBuiltinExec: the array boa builds, property for
/// property and in the same order.
fn result_array(
    input: &JsString,
    found: &Match,
    flags: RegexFlags,
    start: usize,
    end: usize,
    context: &mut Context,
) -> JsResult<JsObject> {
    let slice = |range: std::ops::Range<usize>| JsValue::from(input.get_expect(range));
    let n = found.captures.len();
    let mut values = Vec::with_capacity(n + 1);
    values.push(slice(start..end));
    for capture in &found.captures {
        values.push(capture.clone().map_or_else(JsValue::undefined, slice));
    }
    let a = JsArray::from_iter(values, context);
    a.create_data_property_or_throw(js_string!("index"), start, context)?;
    a.create_data_property_or_throw(js_string!("input"), input.clone(), context)?;
    let pair = |range: &std::ops::Range<usize>, context: &mut Context| -> JsValue {
        JsArray::from_iter([range.start.into(), range.end.into()], context).into()
    };
    let named: Vec<(&str, Option<regress::Range>)> = found.named_groups().collect();
    let (groups, group_indices) = if named.is_empty() {
        (JsValue::undefined(), JsValue::undefined())
    } else {
        let groups = JsObject::with_null_proto();
        let group_indices = JsObject::with_null_proto();
        for (name, range) in named {
            let name = JsString::from(name);
            let (value, indices) = match range {
                Some(range) => (slice(range.clone()), pair(&range, context)),
                None => (JsValue::undefined(), JsValue::undefined()),
            };
            groups.create_data_property_or_throw(name.clone(), value, context)?;
            group_indices.create_data_property_or_throw(name, indices, context)?;
        }
        (groups.into(), group_indices.into())
    };
    a.create_data_property_or_throw(js_string!("groups"), groups, context)?;
    if flags.has_indices {
        let mut pairs = Vec::with_capacity(n + 1);
        pairs.push(pair(&(start..end), context));
        for capture in &found.captures {
            pairs.push(match capture {
                Some(range) => pair(range, context),
                None => JsValue::undefined(),
            });
        }
        let indices = JsArray::from_iter(pairs, context);
        indices.create_data_property_or_throw(js_string!("groups"), group_indices, context)?;
        a.create_data_property_or_throw(js_string!("indices"), indices, context)?;
    }
    Ok(a.into())
}

#[cfg(test)]
mod tests;
