//! `Array.prototype.sort` and `toSorted` on a merge sort of the runtime's
//! own, because boa 0.22's sort a tool can crash.
//!
//! boa sorts with Rust's `slice::sort_by` around the tool's comparator, and
//! Rust's sort panics when a comparator is not a total order ("user-provided
//! comparison function does not correctly implement a total order"). Real
//! code gives it such comparators all the time: a shuffle,
//! `items.sort(() => Math.random() - 0.5)`, or a boolean one,
//! `(a, b) => a > b`, which several packages run while they load. The
//! standard leaves the order implementation-defined then, and Bun and Node
//! return one; under boa the whole call failed as an engine panic.
//!
//! This sort follows the standard's steps as boa's does (the same reads,
//! writes and deletions of the receiver's properties, undefined last, holes
//! kept at the end for `sort` and read through for `toSorted`), and is
//! stable as boa's is, so for a comparator that is a consistent order both
//! give the same array (`tests.rs` runs both on the same inputs). It takes
//! the right element first only when the comparator says the left one is
//! greater, as JavaScriptCore's merge sort does, so a boolean comparator
//! sorts as it does under Bun.
//!
//! Without a comparator each element's string is computed once, where boa
//! computed both strings at every comparison.

#[cfg(test)]
mod tests;

use boa_engine::object::builtins::JsArray;
use boa_engine::{
    Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
    js_string,
};

use crate::js_value::{define_method, function};

/// Runs of this many elements are sorted by insertion before merging.
const RUN: usize = 8;

/// Installs `sort` and `toSorted` over the realm's `Array.prototype`'s.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().array().prototype();
    let sort = function(context, "sort", 1, NativeFunction::from_fn_ptr(sort));
    define_method(&prototype, "sort", sort, context)?;
    let to_sorted = function(
        context,
        "toSorted",
        1,
        NativeFunction::from_fn_ptr(to_sorted),
    );
    define_method(&prototype, "toSorted", to_sorted, context)
}

/// Array.prototype.sort ( comparefn )
fn sort(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let comparefn = comparator(args)?;
    let object = this.to_object(context)?;
    let len = length(&object, context)?;
    let sorted = sort_indexed_properties(&object, len, comparefn.as_ref(), true, context)?;
    let count = sorted.len() as u64;
    for (j, item) in sorted.into_iter().enumerate() {
        object.set(j, item, true, context)?;
    }
    // The holes skipped stay holes, at the end.
    for j in count..len {
        object.delete_property_or_throw(j, context)?;
    }
    Ok(object.into())
}

/// Array.prototype.toSorted ( comparefn )
fn to_sorted(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let comparefn = comparator(args)?;
    let object = this.to_object(context)?;
    let len = length(&object, context)?;
    if len > u64::from(u32::MAX) {
        return Err(JsNativeError::range()
            .with_message("array exceeded max size")
            .into());
    }
    let sorted = sort_indexed_properties(&object, len, comparefn.as_ref(), false, context)?;
    Ok(JsArray::from_iter(sorted, context).into())
}

/// The comparator argument: a function, or undefined for the string order.
fn comparator(args: &[JsValue]) -> JsResult<Option<JsObject>> {
    match args.first() {
        None => Ok(None),
        Some(value) if value.is_undefined() => Ok(None),
        Some(value) => match value.as_callable() {
            Some(function) => Ok(Some(function.clone())),
            None => Err(JsNativeError::typ()
                .with_message("The comparison function must be either a function or undefined")
                .into()),
        },
    }
}

/// LengthOfArrayLike.
fn length(object: &JsObject, context: &mut Context) -> JsResult<u64> {
    object
        .get(js_string!("length"), context)?
        .to_length(context)
}

/// SortIndexedProperties: the elements read (skipping holes or reading
/// through them), sorted, with every undefined at the end.
fn sort_indexed_properties(
    object: &JsObject,
    len: u64,
    comparefn: Option<&JsObject>,
    skip_holes: bool,
    context: &mut Context,
) -> JsResult<Vec<JsValue>> {
    let mut items = Vec::with_capacity(usize::try_from(len.min(1 << 20)).unwrap_or(0));
    let mut undefined = 0usize;
    for k in 0..len {
        if skip_holes && !object.has_property(k, context)? {
            continue;
        }
        let value = object.get(k, context)?;
        if value.is_undefined() {
            // CompareArrayElements orders undefined after everything else
            // without calling the comparator, and the sort is stable.
            undefined += 1;
        } else {
            items.push(value);
        }
    }
    match comparefn {
        Some(comparefn) => {
            merge_sort(&mut items, |x, y| {
                let v = comparefn
                    .call(&JsValue::undefined(), &[x.clone(), y.clone()], context)?
                    .to_number(context)?;
                // NaN counts as +0.
                Ok(v > 0.0)
            })?;
        }
        None => {
            let mut keyed = items
                .into_iter()
                .map(|value| Ok((value.to_string(context)?, value)))
                .collect::<JsResult<Vec<(JsString, JsValue)>>>()?;
            merge_sort(&mut keyed, |x, y| Ok(x.0 > y.0))?;
            items = keyed.into_iter().map(|(_, value)| value).collect();
        }
    }
    items.extend(std::iter::repeat_n(JsValue::undefined(), undefined));
    Ok(items)
}

/// A stable merge sort (insertion-sorted runs, then bottom-up merges) that
/// never assumes the order is consistent: `greater(a, b)` says whether `b`
/// must come before `a`, and an error stops the sort and is returned.
fn merge_sort<T: Clone>(
    items: &mut Vec<T>,
    mut greater: impl FnMut(&T, &T) -> Result<bool, JsError>,
) -> JsResult<()> {
    let n = items.len();
    let mut start = 0;
    while start < n {
        let end = (start + RUN).min(n);
        for i in start + 1..end {
            let mut j = i;
            while j > start && greater(&items[j - 1], &items[j])? {
                items.swap(j - 1, j);
                j -= 1;
            }
        }
        start = end;
    }
    let mut width = RUN;
    let mut merged: Vec<T> = Vec::with_capacity(n);
    while width < n {
        merged.clear();
        let mut low = 0;
        while low < n {
            let middle = (low + width).min(n);
            let high = (low + 2 * width).min(n);
            let (mut i, mut j) = (low, middle);
            while i < middle && j < high {
                if greater(&items[i], &items[j])? {
                    merged.push(items[j].clone());
                    j += 1;
                } else {
                    merged.push(items[i].clone());
                    i += 1;
                }
            }
            merged.extend_from_slice(&items[i..middle]);
            merged.extend_from_slice(&items[j..high]);
            low = high;
        }
        std::mem::swap(items, &mut merged);
        width *= 2;
    }
    Ok(())
}
