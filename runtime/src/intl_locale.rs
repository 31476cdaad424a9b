//! The locale `Intl` falls back to when a script names none.
//!
//! boa 0.22 takes the default locale from `LANGUAGE`, `LC_ALL`,
//! `LC_MESSAGES` and `LANG`, and where none of them holds a locale it can
//! read (unset, or `C.UTF-8` as in most containers) it uses the undetermined
//! locale `und`: `toLocaleDateString()` gives `2024-03-10`, a list has no
//! "and", `PluralRules` has no "one", and libraries that pick their own
//! formatting by the default locale (luxon's English relative times) take
//! another path. Bun and Node fall back to `en-US` there, and so does this
//! runtime: each `Intl` constructor is wrapped in a proxy that passes
//! `en-US` when the locales argument is absent, undefined or an empty list,
//! and only when boa's own default is `und`. A locale the environment does
//! name is boa's, as before. The proxies keep the constructors' prototypes,
//! statics, names and `instanceof`; the date and number units of
//! `internals::install_intl` build on them.

use std::sync::OnceLock;

use boa_engine::object::builtins::JsProxy;
use boa_engine::{Context, JsObject, JsResult, JsValue, js_string};

use crate::js_value::{array_items, error, trap_target};

/// The constructors wrapped: every one boa 0.22 has that takes locales.
const CONSTRUCTORS: &[&str] = &[
    "Collator",
    "DateTimeFormat",
    "ListFormat",
    "NumberFormat",
    "PluralRules",
    "Segmenter",
];

/// The locale used where boa's default is undetermined.
const FALLBACK: &str = "en-US";

/// Whether boa's default locale is `und` (the environment is the process's,
/// so this is the same for every host).
static UNDETERMINED: OnceLock<bool> = OnceLock::new();

/// Wraps `Intl`'s constructors. Runs before `install_intl` takes boa's
/// originals.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let intl = context
        .global_object()
        .get(js_string!("Intl"), context)?
        .as_object()
        .ok_or_else(|| error("the realm has no Intl"))?;
    for name in CONSTRUCTORS {
        let Some(constructor) = intl.get(js_string!(*name), context)?.as_object() else {
            continue;
        };
        let proxy = JsProxy::builder(constructor.clone())
            .construct(construct)
            .apply(apply)
            .build(context)?;
        let proxy: JsObject = proxy.into();
        // `Intl.X.prototype.constructor === Intl.X`, as before.
        if let Some(prototype) = constructor
            .get(js_string!("prototype"), context)?
            .as_object()
        {
            prototype.set(js_string!("constructor"), proxy.clone(), true, context)?;
        }
        intl.set(js_string!(*name), proxy, true, context)?;
    }
    Ok(())
}

/// The `construct` trap: `[target, argumentsList, newTarget]`.
fn construct(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let target = trap_target(args)?;
    let mut items = array_items(args.get(1), context)?;
    fill_locale(&target, &mut items, context)?;
    let new_target = args
        .get(2)
        .and_then(JsValue::as_object)
        .unwrap_or_else(|| target.clone());
    Ok(target.construct(&items, Some(&new_target), context)?.into())
}

/// The `apply` trap (`Intl.DateTimeFormat()` without `new`):
/// `[target, thisArgument, argumentsList]`.
fn apply(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let target = trap_target(args)?;
    let this = args.get(1).cloned().unwrap_or_default();
    let mut items = array_items(args.get(2), context)?;
    fill_locale(&target, &mut items, context)?;
    target.call(&this, &items, context)
}

/// Puts the fallback locale first when no locale is named and boa's
/// default is undetermined.
fn fill_locale(target: &JsObject, items: &mut Vec<JsValue>, context: &mut Context) -> JsResult<()> {
    let unnamed = match items.first() {
        None => true,
        Some(value) if value.is_undefined() => true,
        Some(value) => match value.as_object() {
            Some(object) if object.is_array() => {
                object
                    .get(js_string!("length"), context)?
                    .to_length(context)?
                    == 0
            }
            _ => false,
        },
    };
    if !unnamed || !undetermined(target, context)? {
        return Ok(());
    }
    let fallback = JsValue::from(js_string!(FALLBACK));
    match items.first_mut() {
        Some(first) => *first = fallback,
        None => items.push(fallback),
    }
    Ok(())
}

/// Whether boa resolves no locale to `und`, found once by asking it.
fn undetermined(target: &JsObject, context: &mut Context) -> JsResult<bool> {
    if let Some(known) = UNDETERMINED.get() {
        return Ok(*known);
    }
    let made = target.construct(&[], None, context)?;
    let options = made.get(js_string!("resolvedOptions"), context)?;
    let options = options
        .as_callable()
        .ok_or_else(|| error("an Intl object without resolvedOptions"))?
        .call(&made.into(), &[], context)?;
    let locale = options
        .as_object()
        .map(|o| o.get(js_string!("locale"), context))
        .transpose()?
        .unwrap_or_default();
    let undetermined = locale
        .as_string()
        .is_some_and(|l| l.to_std_string_escaped() == "und");
    Ok(*UNDETERMINED.get_or_init(|| undetermined))
}
