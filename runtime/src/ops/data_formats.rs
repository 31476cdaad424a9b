//! `Bun.YAML.parse` and `Bun.TOML.parse`: a document's text to JS values,
//! built here directly, so `.inf`, `NaN` and dates keep their JS meaning.
//! YAML goes through saphyr (YAML 1.2 core schema, anchors resolved, merge
//! keys applied here); TOML through the toml crate. Both follow what Bun
//! returns: TOML dates as strings (an offset date-time as its UTC ISO
//! form), integers only within ±(2^53 − 1).

use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::JsArray;
use boa_engine::property::PropertyKey;
use boa_engine::{
    Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string,
};
use saphyr::{Scalar, Yaml, YamlLoader};

use super::string_arg;

/// Anchors may expand to this many nodes at most: a few nested aliases can
/// otherwise describe an exponential tree (the "billion laughs").
const ALIAS_LIMIT: usize = 1_000_000;

const SAFE_INTEGER: i64 = (1 << 53) - 1;

fn syntax_error(message: String, line: usize, column: usize, context: &mut Context) -> JsError {
    let object = JsNativeError::syntax()
        .with_message(message)
        .into_opaque(context);
    // A fresh error object: defining data properties cannot fail.
    let _ = object.create_data_property_or_throw(js_string!("line"), line, context);
    let _ = object.create_data_property_or_throw(js_string!("column"), column, context);
    JsError::from_opaque(object.into())
}

/// `yamlParse(text)`: no document is `null`, one is its value, several an array.
pub(crate) fn yaml_parse(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let text = string_arg(args, 0, context)?;
    let mut parser = saphyr_parser::Parser::new_from_str(&text);
    let mut loader: YamlLoader<'_, Yaml<'_>> = YamlLoader::default();
    loader.allow_duplicate_keys(true);
    loader.alias_limit(ALIAS_LIMIT);
    let failed = parser
        .load(&mut loader, true)
        .err()
        .or_else(|| loader.error().cloned());
    if let Some(error) = failed {
        let marker = error.marker();
        return Err(syntax_error(
            format!("YAML Parse error: {}", error.info()),
            marker.line(),
            marker.col() + 1,
            context,
        ));
    }
    let documents = loader.into_documents();
    match documents.as_slice() {
        [] => Ok(JsValue::null()),
        [one] => yaml_value(one, context),
        many => {
            let values = many
                .iter()
                .map(|d| yaml_value(d, context))
                .collect::<JsResult<Vec<_>>>()?;
            Ok(JsArray::from_iter(values, context).into())
        }
    }
}

fn yaml_value(node: &Yaml<'_>, context: &mut Context) -> JsResult<JsValue> {
    Ok(match node {
        Yaml::Value(scalar) => scalar_value(scalar),
        Yaml::Representation(text, _, _) => JsValue::from(JsString::from(text.as_ref())),
        // Bun reads a tagged node as its plain value: `!!str 1` is "1".
        Yaml::Tagged(tag, inner) if tag.suffix == "str" => match inner.as_ref() {
            Yaml::Value(scalar) => JsValue::from(JsString::from(scalar_text(scalar).as_str())),
            other => yaml_value(other, context)?,
        },
        Yaml::Tagged(_, inner) => yaml_value(inner, context)?,
        Yaml::Sequence(items) => {
            let values = items
                .iter()
                .map(|item| yaml_value(item, context))
                .collect::<JsResult<Vec<_>>>()?;
            JsArray::from_iter(values, context).into()
        }
        Yaml::Mapping(entries) => {
            let object = ObjectInitializer::new(context).build();
            for (key, value) in entries {
                if is_merge_key(key) {
                    merge_into(&object, value, context)?;
                } else {
                    let converted = yaml_value(value, context)?;
                    set(&object, &key_text(key), converted, context)?;
                }
            }
            object.into()
        }
        Yaml::Alias(_) | Yaml::BadValue => JsValue::null(),
    })
}

fn set(object: &JsObject, key: &str, value: JsValue, context: &mut Context) -> JsResult<()> {
    object.create_data_property_or_throw(PropertyKey::from(JsString::from(key)), value, context)?;
    Ok(())
}

fn is_merge_key(key: &Yaml<'_>) -> bool {
    matches!(key, Yaml::Value(Scalar::String(text)) if text == "<<")
}

/// `<<: *base` or `<<: [*a, *b]`: the merged mappings' keys take their
/// place here unless the mapping set them before; a key the mapping sets
/// after replaces the merged value. Bun adds a merged mapping's keys last
/// to first, so they are added in that order here too.
fn merge_into(object: &JsObject, merged: &Yaml<'_>, context: &mut Context) -> JsResult<()> {
    let sources: Vec<&Yaml<'_>> = match merged {
        Yaml::Sequence(items) => items.iter().collect(),
        one => vec![one],
    };
    for source in sources {
        let Yaml::Mapping(entries) = source else {
            continue;
        };
        for (key, value) in entries.iter().rev() {
            let name = key_text(key);
            let present = object
                .has_own_property(PropertyKey::from(JsString::from(name.as_str())), context)?;
            if !present {
                let converted = yaml_value(value, context)?;
                set(object, &name, converted, context)?;
            }
        }
    }
    Ok(())
}

fn scalar_value(scalar: &Scalar<'_>) -> JsValue {
    match scalar {
        Scalar::Null => JsValue::null(),
        Scalar::Boolean(b) => JsValue::from(*b),
        Scalar::Integer(i) => JsValue::from(*i as f64),
        Scalar::FloatingPoint(f) => JsValue::from(f.into_inner()),
        Scalar::String(text) => JsValue::from(JsString::from(text.as_ref())),
    }
}

fn scalar_text(scalar: &Scalar<'_>) -> String {
    match scalar {
        Scalar::Null => "null".to_string(),
        Scalar::Boolean(b) => b.to_string(),
        Scalar::Integer(i) => i.to_string(),
        Scalar::FloatingPoint(f) => f.into_inner().to_string(),
        Scalar::String(text) => text.to_string(),
    }
}

/// A mapping key as the property name JavaScript would make of it.
fn key_text(key: &Yaml<'_>) -> String {
    match key {
        Yaml::Value(scalar) => scalar_text(scalar),
        Yaml::Representation(text, _, _) => text.to_string(),
        Yaml::Tagged(_, inner) => key_text(inner),
        Yaml::Sequence(items) => items.iter().map(key_text).collect::<Vec<_>>().join(","),
        Yaml::Mapping(_) => "[object Object]".to_string(),
        Yaml::Alias(_) | Yaml::BadValue => "null".to_string(),
    }
}

/// `tomlParse(text)`: the document's table.
pub(crate) fn toml_parse(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let text = string_arg(args, 0, context)?;
    let table: toml::Table = match toml::from_str(&text) {
        Ok(table) => table,
        Err(error) => {
            let at = error.span().map_or(0, |span| span.start).min(text.len());
            let before = &text[..at];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            return Err(syntax_error(
                format!("TOML Parse error: {}", error.message().trim_end()),
                line,
                column,
                context,
            ));
        }
    };
    toml_table(&table, context)
}

fn toml_table(table: &toml::Table, context: &mut Context) -> JsResult<JsValue> {
    let object = ObjectInitializer::new(context).build();
    for (key, value) in table {
        let converted = toml_value(value, context)?;
        set(&object, key, converted, context)?;
    }
    Ok(object.into())
}

fn toml_value(value: &toml::Value, context: &mut Context) -> JsResult<JsValue> {
    Ok(match value {
        toml::Value::String(text) => JsValue::from(JsString::from(text.as_str())),
        toml::Value::Integer(i) if i.abs() <= SAFE_INTEGER => JsValue::from(*i as f64),
        toml::Value::Integer(_) => {
            return Err(syntax_error(
                "TOML Parse error: Integer cannot be losslessly represented as a JavaScript number; it must be within +/-(2^53 - 1)".to_string(),
                1,
                1,
                context,
            ));
        }
        toml::Value::Float(f) => JsValue::from(*f),
        toml::Value::Boolean(b) => JsValue::from(*b),
        toml::Value::Datetime(datetime) => {
            let text = match utc_text(datetime) {
                Some(utc) => utc,
                None => datetime.to_string(),
            };
            JsValue::from(JsString::from(text.as_str()))
        }
        toml::Value::Array(items) => {
            let values = items
                .iter()
                .map(|item| toml_value(item, context))
                .collect::<JsResult<Vec<_>>>()?;
            JsArray::from_iter(values, context).into()
        }
        toml::Value::Table(table) => toml_table(table, context)?,
    })
}

/// An offset date-time as the UTC instant Bun prints: `1979-05-27T15:32:00Z`,
/// with the fraction of a second only when there is one. `None` for local
/// dates and times, which stay as written.
fn utc_text(datetime: &toml::value::Datetime) -> Option<String> {
    let (date, clock, offset) = (datetime.date?, datetime.time?, datetime.offset?);
    let minutes = match offset {
        toml::value::Offset::Z => 0,
        toml::value::Offset::Custom { minutes } => i32::from(minutes),
    };
    let month = time::Month::try_from(date.month).ok()?;
    let day = time::Date::from_calendar_date(i32::from(date.year), month, date.day).ok()?;
    let nanos = clock.nanosecond.unwrap_or(0);
    let at = time::Time::from_hms_nano(clock.hour, clock.minute, clock.second.unwrap_or(0), nanos)
        .ok()?;
    let utc = time::PrimitiveDateTime::new(day, at)
        .assume_offset(time::UtcOffset::from_whole_seconds(minutes * 60).ok()?)
        .to_offset(time::UtcOffset::UTC);
    let fraction = if nanos == 0 {
        String::new()
    } else {
        format!(".{nanos:09}").trim_end_matches('0').to_string()
    };
    Some(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{fraction}Z",
        utc.year(),
        u8::from(utc.month()),
        utc.day(),
        utc.hour(),
        utc.minute(),
        utc.second()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_yaml(text: &str) -> JsResult<JsValue> {
        let mut context = Context::default();
        yaml_parse(
            &JsValue::undefined(),
            &[JsValue::from(JsString::from(text))],
            &mut context,
        )
    }

    #[test]
    fn nested_aliases_that_would_expand_exponentially_are_refused() {
        let mut laughs = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for (name, previous) in ["b", "c", "d", "e", "f", "g", "h"]
            .iter()
            .zip(["a", "b", "c", "d", "e", "f", "g"])
        {
            laughs.push_str(&format!("{name}: &{name} [*{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}, *{previous}]\n"));
        }
        assert!(parse_yaml(&laughs).is_err(), "10^8 nodes must not be built");
        assert!(parse_yaml("a: &a [x, x]\nb: [*a, *a]\n").is_ok());
    }
}
