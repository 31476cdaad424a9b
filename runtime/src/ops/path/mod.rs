//! `node:path` in Rust: the objects `host.makePath(win32)` returns, which
//! `js/node/path.js` hands out as `path.posix` (the module itself) and
//! `path.win32`.
//!
//! Native because nearly every tool imports `node:path`, and parsing its JS
//! was most of what that import cost a cold call (about 0.7 ms of boa
//! parsing and compiling). This file reads the arguments (refusing what is
//! not a string as Bun does, `ERR_INVALID_ARG_TYPE`) and builds the
//! results; `posix.rs` and `win32.rs` are the two flavours on plain
//! strings, `common.rs` what they share. `resolve` starts from the project
//! directory (which is `process.cwd()`). Nothing touches the file system.

mod common;
mod posix;
mod win32;

use boa_engine::object::{FunctionObjectBuilder, ObjectInitializer};
use boa_engine::property::Attribute;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use super::{glob, invalid_arg_type, invalid_arg_type_received};
use crate::state::HostState;
use common::Parsed;

type Op = fn(&JsValue, &[JsValue], &mut Context) -> JsResult<JsValue>;

/// One flavour's string functions, which the ops below are generic over.
trait Flavour {
    const SEP: &'static str;
    const DELIMITER: &'static str;
    fn resolve(parts: &[Option<&str>], cwd: &str) -> Result<String, usize>;
    fn normalize(p: &str) -> String;
    fn join(parts: &[&str]) -> String;
    fn is_absolute(p: &str) -> bool;
    fn relative(from: &str, to: &str, cwd: &str) -> String;
    fn dirname(p: &str) -> &str;
    fn basename<'a>(p: &'a str, suffix: Option<&str>) -> &'a str;
    fn extname(p: &str) -> &str;
    fn parse(p: &str) -> Parsed<'_>;
    /// `None`: the argument is handed back as it is.
    fn to_namespaced_path(p: &str, cwd: &str) -> Option<String>;
    /// A path or pattern as `matchesGlob` hands it to the glob matcher.
    fn glob_text(p: &str) -> String {
        p.into()
    }
}

struct Posix;
struct Win32;

impl Flavour for Posix {
    const SEP: &'static str = "/";
    const DELIMITER: &'static str = ":";
    fn resolve(parts: &[Option<&str>], cwd: &str) -> Result<String, usize> {
        posix::resolve(parts, cwd)
    }
    fn normalize(p: &str) -> String {
        posix::normalize(p)
    }
    fn join(parts: &[&str]) -> String {
        posix::join(parts)
    }
    fn is_absolute(p: &str) -> bool {
        posix::is_absolute(p)
    }
    fn relative(from: &str, to: &str, cwd: &str) -> String {
        posix::relative(from, to, cwd)
    }
    fn dirname(p: &str) -> &str {
        posix::dirname(p)
    }
    fn basename<'a>(p: &'a str, suffix: Option<&str>) -> &'a str {
        posix::basename(p, suffix)
    }
    fn extname(p: &str) -> &str {
        posix::extname(p)
    }
    fn parse(p: &str) -> Parsed<'_> {
        posix::parse(p)
    }
    fn to_namespaced_path(_: &str, _: &str) -> Option<String> {
        None
    }
}

impl Flavour for Win32 {
    const SEP: &'static str = "\\";
    const DELIMITER: &'static str = ";";
    fn resolve(parts: &[Option<&str>], cwd: &str) -> Result<String, usize> {
        win32::resolve(parts, cwd)
    }
    fn normalize(p: &str) -> String {
        win32::normalize(p)
    }
    fn join(parts: &[&str]) -> String {
        win32::join(parts)
    }
    fn is_absolute(p: &str) -> bool {
        win32::is_absolute(p)
    }
    fn relative(from: &str, to: &str, cwd: &str) -> String {
        win32::relative(from, to, cwd)
    }
    fn dirname(p: &str) -> &str {
        win32::dirname(p)
    }
    fn basename<'a>(p: &'a str, suffix: Option<&str>) -> &'a str {
        win32::basename(p, suffix)
    }
    fn extname(p: &str) -> &str {
        win32::extname(p)
    }
    fn parse(p: &str) -> Parsed<'_> {
        win32::parse(p)
    }
    fn to_namespaced_path(p: &str, cwd: &str) -> Option<String> {
        Some(win32::to_namespaced_path(p, cwd))
    }
    fn glob_text(p: &str) -> String {
        p.replace('\\', "/")
    }
}

/// `host.makePath()`: a new `path.posix`, which is the module, with its
/// `win32` twin; each has `posix`, `win32` and `_makeLong`, in Bun's order.
pub(super) fn make_path(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let posix = build::<Posix>(context);
    let win32 = build::<Win32>(context);
    for (flavour, matches_glob) in [&posix, &win32] {
        let make_long = flavour.get(js_string!("toNamespacedPath"), context)?;
        for (key, value) in [
            ("win32", JsValue::from(win32.0.clone())),
            ("posix", JsValue::from(posix.0.clone())),
            ("_makeLong", make_long),
            ("matchesGlob", JsValue::from(matches_glob.clone())),
        ] {
            flavour.create_data_property_or_throw(JsString::from(key), value, context)?;
        }
    }
    Ok(posix.0.into())
}

/// One flavour's object, and its `matchesGlob`, which comes last.
fn build<F: Flavour>(context: &mut Context) -> (JsObject, JsObject) {
    // Bun's order and lengths.
    let ops: [(&str, Op, usize); 11] = [
        ("resolve", resolve::<F>, 1),
        ("normalize", normalize::<F>, 1),
        ("isAbsolute", is_absolute::<F>, 1),
        ("join", join::<F>, 1),
        ("relative", relative::<F>, 1),
        ("toNamespacedPath", to_namespaced_path::<F>, 1),
        ("dirname", dirname::<F>, 1),
        ("basename", basename::<F>, 1),
        ("extname", extname::<F>, 1),
        ("format", format::<F>, 1),
        ("parse", parse::<F>, 1),
    ];
    let function = |name: &str, op: Op, length: usize, context: &mut Context| {
        FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(op))
            .name(JsString::from(name))
            .length(length)
            .build()
    };
    let functions: Vec<_> = ops
        .iter()
        .map(|&(name, op, length)| (JsString::from(name), function(name, op, length, context)))
        .collect();
    let matches_glob = function("matchesGlob", matches_glob::<F>, 2, context);
    // Enumerable, as the properties of an object literal are: tools spread
    // or list `path`.
    let mut init = ObjectInitializer::new(context);
    for (name, function) in functions {
        init.property(name, function, Attribute::all());
    }
    init.property(js_string!("sep"), text(F::SEP), Attribute::all());
    init.property(
        js_string!("delimiter"),
        text(F::DELIMITER),
        Attribute::all(),
    );
    (init.build(), matches_glob.into())
}

fn text(s: &str) -> JsValue {
    JsValue::from(JsString::from(s))
}

/// `args[index]` as a string, or `None` when it is not one. A lone
/// surrogate becomes U+FFFD (Rust strings hold no lone surrogates; Node
/// keeps them), never the text of its escape.
fn string_at(args: &[JsValue], index: usize) -> Option<String> {
    args.get(index)
        .and_then(JsValue::as_string)
        .map(|s| s.to_std_string_lossy())
}

/// `args[index]`, which must be a string; `name` is what Bun calls it.
fn path_arg(args: &[JsValue], index: usize, name: &str, context: &mut Context) -> JsResult<String> {
    string_at(args, index).ok_or_else(|| {
        let value = args.get(index).cloned().unwrap_or_default();
        invalid_arg_type(name, "string", &value, context)
    })
}

fn cwd(context: &Context) -> String {
    HostState::of(context).project_dir.display().to_string()
}

fn resolve<F: Flavour>(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let parts: Vec<Option<String>> = (0..args.len()).map(|i| string_at(args, i)).collect();
    let parts: Vec<Option<&str>> = parts.iter().map(Option::as_deref).collect();
    match F::resolve(&parts, &cwd(context)) {
        Ok(resolved) => Ok(text(&resolved)),
        Err(index) => Err(invalid_arg_type(
            &format!("paths[{index}]"),
            "string",
            &args[index],
            context,
        )),
    }
}

fn normalize<F: Flavour>(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    Ok(text(&F::normalize(&path_arg(args, 0, "path", context)?)))
}

fn join<F: Flavour>(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let mut parts = Vec::with_capacity(args.len());
    for index in 0..args.len() {
        parts.push(path_arg(args, index, &format!("paths[{index}]"), context)?);
    }
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    Ok(text(&F::join(&parts)))
}

fn is_absolute<F: Flavour>(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    Ok(JsValue::from(F::is_absolute(&path_arg(
        args, 0, "path", context,
    )?)))
}

fn relative<F: Flavour>(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let from = path_arg(args, 0, "from", context)?;
    let to = path_arg(args, 1, "to", context)?;
    Ok(text(&F::relative(&from, &to, &cwd(context))))
}

fn to_namespaced_path<F: Flavour>(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let value = args.first().cloned().unwrap_or_default();
    let namespaced = string_at(args, 0).and_then(|p| F::to_namespaced_path(&p, &cwd(context)));
    Ok(namespaced.map_or(value, |p| text(&p)))
}

fn dirname<F: Flavour>(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(text(F::dirname(&path_arg(args, 0, "path", context)?)))
}

fn basename<F: Flavour>(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let p = path_arg(args, 0, "path", context)?;
    let suffix = match args.get(1) {
        None => None,
        Some(value) if value.is_undefined() => None,
        Some(_) => Some(path_arg(args, 1, "ext", context)?),
    };
    Ok(text(F::basename(&p, suffix.as_deref())))
}

fn extname<F: Flavour>(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(text(F::extname(&path_arg(args, 0, "path", context)?)))
}

fn parse<F: Flavour>(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let p = path_arg(args, 0, "path", context)?;
    let parsed = F::parse(&p);
    let mut init = ObjectInitializer::new(context);
    for (key, value) in [
        ("root", parsed.root),
        ("dir", parsed.dir),
        ("base", parsed.base),
        ("ext", parsed.ext),
        ("name", parsed.name),
    ] {
        init.property(JsString::from(key), text(value), Attribute::all());
    }
    Ok(init.build().into())
}

fn format<F: Flavour>(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let value = args.first().cloned().unwrap_or_default();
    // Bun takes any object, a function too, but no array.
    let object = match value.as_object() {
        Some(object) if !object.is_array() => object.clone(),
        _ => return Err(invalid_arg_type("pathObject", "object", &value, context)),
    };
    // `a || b`, as strings.
    let field = |key: &str, context: &mut Context| -> JsResult<Option<String>> {
        let value = object.get(JsString::from(key), context)?;
        Ok(if value.to_boolean() {
            Some(value.to_string(context)?.to_std_string_lossy())
        } else {
            None
        })
    };
    let root = field("root", context)?;
    let dir = match field("dir", context)? {
        Some(dir) => dir,
        None => root.clone().unwrap_or_default(),
    };
    let base = match field("base", context)? {
        Some(base) => base,
        None => {
            let name = field("name", context)?.unwrap_or_default();
            let ext = field("ext", context)?.unwrap_or_default();
            // An extension without its dot gets one.
            let dot = if ext.is_empty() || ext.starts_with('.') {
                ""
            } else {
                "."
            };
            format!("{name}{dot}{ext}")
        }
    };
    Ok(text(&if dir.is_empty() {
        base
    } else if Some(&dir) == root.as_ref() {
        format!("{dir}{base}")
    } else {
        format!("{dir}{}{base}", F::SEP)
    }))
}

fn matches_glob<F: Flavour>(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let text_at = |index: usize, name: &str, context: &mut Context| {
        string_at(args, index).ok_or_else(|| {
            let value = args.get(index).cloned().unwrap_or_default();
            invalid_arg_type_received(name, "string", &value, context)
        })
    };
    let path = text_at(0, "path", context)?;
    let pattern = text_at(1, "pattern", context)?;
    Ok(glob::matches(&F::glob_text(&pattern), &F::glob_text(&path)).into())
}
