//! The parts of `Intl` boa 0.22 lacks, from ICU4X's pre-release formatters
//! (`icu_experimental`, on the icu 2.3 crates and CLDR data boa's Intl is
//! built on): the affixes of `NumberFormat`'s currency and percent styles,
//! a currency's default fraction digits, and `RelativeTimeFormat`'s text.
//!
//! The number itself is boa's: `js/internal/intl.js` formats it with boa's
//! decimal `NumberFormat` (so every digit option means what it means for a
//! decimal), and puts it between the affixes ICU4X gives for that value.

use boa_engine::{Context, JsResult, JsString, JsValue};
use fixed_decimal::Decimal;
use icu_experimental::dimension::currency::CurrencyType;
use icu_experimental::dimension::currency::formatter::CurrencyFormatter;
use icu_experimental::dimension::currency::options::{CurrencyFormatterOptions, CurrencyUsage};
use icu_experimental::dimension::percent::formatter::PercentFormatter;
use icu_experimental::relativetime::options::Numeric;
use icu_experimental::relativetime::{RelativeTimeFormatter, RelativeTimeFormatterOptions};
use icu_locale_core::Locale;
use serde::Deserialize;

use super::{json_value, string_arg, typed_arg};

fn range_error(message: String) -> boa_engine::JsError {
    boa_engine::JsNativeError::range()
        .with_message(message)
        .into()
}

fn locale(tag: &str) -> JsResult<Locale> {
    Locale::try_from_str(tag)
        .map_err(|_| range_error(format!("Incorrect locale information provided: {tag}")))
}

fn currency(code: &str) -> JsResult<CurrencyType> {
    CurrencyType::try_from_str(&code.to_ascii_lowercase())
        .map_err(|_| range_error(format!("Invalid currency code : {code}")))
}

fn decimal(value: &str) -> JsResult<Decimal> {
    Decimal::try_from_str(value)
        .map_err(|_| range_error(format!("internal: not a decimal from the prelude: {value}")))
}

fn data_error(e: impl std::fmt::Display) -> boa_engine::JsError {
    range_error(format!("Intl data is missing: {e}"))
}

/// What is before the number's first digit and after its last.
fn around_digits(text: &str) -> (String, String) {
    let first = text.find(char::is_numeric);
    let last = text
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_numeric())
        .map(|(at, c)| at + c.len_utf8());
    match (first, last) {
        (Some(first), Some(last)) => (text[..first].to_string(), text[last..].to_string()),
        _ => (text.to_string(), String::new()),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AffixArgs {
    locale: String,
    style: String,
    #[serde(default)]
    currency: String,
    #[serde(default)]
    currency_display: String,
    #[serde(default)]
    accounting: bool,
    /// The value as the number shows it (signed, rounded): the sign picks
    /// the pattern, the plural form the currency's name.
    value: String,
}

/// `host.intlAffixes(json)`: `[prefix, suffix]` of the value in the style,
/// as ICU4X formats it, sign and currency included.
pub(super) fn intl_affixes(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let a: AffixArgs = typed_arg(args, 0, context)?;
    let locale = locale(&a.locale)?;
    let value = decimal(&a.value)?;
    let text = match a.style.as_str() {
        "percent" => PercentFormatter::try_new((&locale).into(), Default::default())
            .map_err(data_error)?
            .format(&value)
            .to_string(),
        _ => {
            let code = currency(&a.currency)?;
            let prefs = (&locale).into();
            let options = CurrencyFormatterOptions::from(if a.accounting {
                CurrencyUsage::Accounting
            } else {
                CurrencyUsage::Standard
            });
            let formatter = match a.currency_display.as_str() {
                "code" => CurrencyFormatter::try_new_code(prefs, code, options),
                "name" => CurrencyFormatter::try_new_name(prefs, code),
                "narrowSymbol" => CurrencyFormatter::try_new_symbol_narrow(prefs, code, options),
                _ => CurrencyFormatter::try_new_symbol(prefs, code, options),
            }
            .map_err(data_error)?;
            formatter.format_fixed_decimal(&value).to_string()
        }
    };
    let (prefix, suffix) = around_digits(&text);
    Ok(json_value(&serde_json::json!([prefix, suffix])))
}

/// `host.intlCurrencyDigits(code)`: the fraction digits CLDR gives the
/// currency (2 for USD, 0 for JPY, 3 for BHD).
pub(super) fn intl_currency_digits(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let code = currency(&string_arg(args, 0, context)?)?;
    let english = locale("en")?;
    let zero = CurrencyFormatter::try_new_no_currency((&english).into(), code, Default::default())
        .map_err(data_error)?
        .format_fixed_decimal(&Decimal::from(0))
        .to_string();
    let digits = zero
        .split_once('.')
        .map_or(0, |(_, fraction)| fraction.len());
    Ok(JsValue::from(digits as i32))
}

#[derive(Deserialize)]
struct RelativeArgs {
    locale: String,
    style: String,
    numeric: String,
    unit: String,
    /// The value, rounded as the text shows it.
    value: String,
}

/// `host.intlRelativeTime(json)`: `RelativeTimeFormat`'s text for a value
/// in a unit (`second` … `year`, singular).
pub(super) fn intl_relative_time(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let a: RelativeArgs = typed_arg(args, 0, context)?;
    let locale = locale(&a.locale)?;
    let prefs = (&locale).into();
    let mut options = RelativeTimeFormatterOptions::default();
    if a.numeric == "auto" {
        options.numeric = Numeric::Auto;
    }
    let made = match (a.style.as_str(), a.unit.as_str()) {
        ("short", "second") => RelativeTimeFormatter::try_new_short_second(prefs, options),
        ("short", "minute") => RelativeTimeFormatter::try_new_short_minute(prefs, options),
        ("short", "hour") => RelativeTimeFormatter::try_new_short_hour(prefs, options),
        ("short", "day") => RelativeTimeFormatter::try_new_short_day(prefs, options),
        ("short", "week") => RelativeTimeFormatter::try_new_short_week(prefs, options),
        ("short", "month") => RelativeTimeFormatter::try_new_short_month(prefs, options),
        ("short", "quarter") => RelativeTimeFormatter::try_new_short_quarter(prefs, options),
        ("short", "year") => RelativeTimeFormatter::try_new_short_year(prefs, options),
        ("narrow", "second") => RelativeTimeFormatter::try_new_narrow_second(prefs, options),
        ("narrow", "minute") => RelativeTimeFormatter::try_new_narrow_minute(prefs, options),
        ("narrow", "hour") => RelativeTimeFormatter::try_new_narrow_hour(prefs, options),
        ("narrow", "day") => RelativeTimeFormatter::try_new_narrow_day(prefs, options),
        ("narrow", "week") => RelativeTimeFormatter::try_new_narrow_week(prefs, options),
        ("narrow", "month") => RelativeTimeFormatter::try_new_narrow_month(prefs, options),
        ("narrow", "quarter") => RelativeTimeFormatter::try_new_narrow_quarter(prefs, options),
        ("narrow", "year") => RelativeTimeFormatter::try_new_narrow_year(prefs, options),
        (_, "second") => RelativeTimeFormatter::try_new_long_second(prefs, options),
        (_, "minute") => RelativeTimeFormatter::try_new_long_minute(prefs, options),
        (_, "hour") => RelativeTimeFormatter::try_new_long_hour(prefs, options),
        (_, "day") => RelativeTimeFormatter::try_new_long_day(prefs, options),
        (_, "week") => RelativeTimeFormatter::try_new_long_week(prefs, options),
        (_, "month") => RelativeTimeFormatter::try_new_long_month(prefs, options),
        (_, "quarter") => RelativeTimeFormatter::try_new_long_quarter(prefs, options),
        (_, "year") => RelativeTimeFormatter::try_new_long_year(prefs, options),
        (_, unit) => {
            return Err(range_error(format!(
                "Invalid unit argument for format() '{unit}'"
            )));
        }
    };
    let text = made
        .map_err(data_error)?
        .format(decimal(&a.value)?)
        .to_string();
    Ok(JsValue::from(JsString::from(text.as_str())))
}

#[cfg(test)]
mod tests {
    use super::around_digits;

    #[test]
    fn the_affixes_are_what_surrounds_the_digits() {
        assert_eq!(around_digits("-€1.00"), ("-€".into(), String::new()));
        assert_eq!(
            around_digits("1,00\u{a0}€"),
            (String::new(), "\u{a0}€".into())
        );
        assert_eq!(
            around_digits("1.00 US dollars"),
            (String::new(), " US dollars".into())
        );
    }
}
