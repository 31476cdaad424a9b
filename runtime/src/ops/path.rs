//! `node:path` (POSIX) in Rust: the object `host.makePath()` returns, which
//! `js/node/path.js` hands out as the module.
//!
//! Native because nearly every tool imports `node:path`, and parsing its JS
//! was most of what that import cost a cold call (about 0.7 ms of boa
//! parsing and compiling). The behaviour is the prelude's former JS, function
//! for function: POSIX only, `resolve` against the project directory (which
//! is `process.cwd()`). It does not touch the file system.

use boa_engine::object::{FunctionObjectBuilder, ObjectInitializer};
use boa_engine::property::Attribute;
use boa_engine::{Context, JsResult, JsString, JsValue, NativeFunction, js_string};

use super::type_error;
use crate::state::HostState;

type Op = fn(&JsValue, &[JsValue], &mut Context) -> JsResult<JsValue>;

/// `host.makePath()`: a new `path` object (without `posix`, which the JS adds).
pub(super) fn make_path(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let ops: &[(&str, Op, usize)] = &[
        ("normalize", normalize, 1),
        ("join", join, 0),
        ("resolve", resolve, 0),
        ("isAbsolute", is_absolute, 1),
        ("dirname", dirname, 1),
        ("basename", basename, 2),
        ("extname", extname, 1),
        ("relative", relative, 2),
        ("parse", parse, 1),
        ("format", format, 1),
        ("toNamespacedPath", to_namespaced_path, 1),
    ];
    // Enumerable, as the properties of an object literal are: tools spread
    // or list `path`.
    let functions: Vec<_> = ops
        .iter()
        .map(|(name, op, length)| {
            let function =
                FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(*op))
                    .name(JsString::from(*name))
                    .length(*length)
                    .build();
            (JsString::from(*name), function)
        })
        .collect();
    let mut init = ObjectInitializer::new(context);
    init.property(js_string!("sep"), js_string!("/"), Attribute::all());
    init.property(js_string!("delimiter"), js_string!(":"), Attribute::all());
    for (name, function) in functions {
        init.property(name, function, Attribute::all());
    }
    Ok(init.build().into())
}

fn text(s: &str) -> JsValue {
    JsValue::from(JsString::from(s))
}

/// A path argument, which must be a string.
fn path_arg(args: &[JsValue], index: usize) -> JsResult<String> {
    match args.get(index).and_then(JsValue::as_string) {
        Some(s) => Ok(s.to_std_string_escaped()),
        None => Err(type_error("The \"path\" argument must be of type string")),
    }
}

/// `.`, empty segments and resolvable `..` removed; a relative path keeps
/// leading `..`, an absolute one drops them.
fn normalize_parts<'a>(parts: impl Iterator<Item = &'a str>, absolute: bool) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for part in parts {
        match part {
            "" | "." => {}
            ".." => {
                if out.last().is_some_and(|last| *last != "..") {
                    out.pop();
                } else if !absolute {
                    out.push("..");
                }
            }
            _ => out.push(part),
        }
    }
    out
}

fn normalize_str(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let absolute = p.starts_with('/');
    let mut s = normalize_parts(p.split('/'), absolute).join("/");
    if s.is_empty() && !absolute {
        s = ".".into();
    }
    if !s.is_empty() && p.ends_with('/') {
        s.push('/');
    }
    if absolute { format!("/{s}") } else { s }
}

fn resolve_values(parts: &[JsValue], context: &mut Context) -> JsResult<String> {
    let cwd = HostState::of(context).project_dir.display().to_string();
    let mut resolved = String::new();
    // Right to left until the path is absolute, then the working directory;
    // empty (falsy) parts are skipped.
    for value in parts.iter().rev().map(Some).chain(std::iter::once(None)) {
        if resolved.starts_with('/') {
            break;
        }
        let part = match value {
            Some(value) if !value.to_boolean() => continue,
            Some(value) => value.to_string(context)?.to_std_string_escaped(),
            None => cwd.clone(),
        };
        resolved = if resolved.is_empty() {
            part
        } else {
            format!("{part}/{resolved}")
        };
    }
    Ok(format!(
        "/{}",
        normalize_parts(resolved.split('/'), true).join("/")
    ))
}

fn dirname_str(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let trimmed = p.trim_end_matches('/');
    let s = if trimmed.is_empty() { "/" } else { trimmed };
    match s.rfind('/') {
        None => ".".into(),
        Some(0) => "/".into(),
        Some(i) => s[..i].to_string(),
    }
}

fn basename_str(p: &str, ext: Option<&str>) -> String {
    let s = p.trim_end_matches('/');
    let mut base = &s[s.rfind('/').map_or(0, |i| i + 1)..];
    if let Some(ext) = ext
        && !ext.is_empty()
        && base.ends_with(ext)
        // A suffix that is the whole name is kept, except when the path is
        // that name alone: Bun (as Node) gives basename('.js', '.js') === ''.
        && (base != ext || p == ext)
    {
        base = &base[..base.len() - ext.len()];
    }
    base.to_string()
}

fn extname_str(p: &str) -> String {
    let base = basename_str(p, None);
    match base.rfind('.') {
        None | Some(0) => String::new(),
        Some(i) => base[i..].to_string(),
    }
}

fn normalize(_: &JsValue, args: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    Ok(text(&normalize_str(&path_arg(args, 0)?)))
}

fn join(_: &JsValue, args: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    let mut parts = Vec::with_capacity(args.len());
    for index in 0..args.len() {
        let part = path_arg(args, index)?;
        if !part.is_empty() {
            parts.push(part);
        }
    }
    let joined = parts.join("/");
    Ok(text(&if joined.is_empty() {
        ".".into()
    } else {
        normalize_str(&joined)
    }))
}

fn resolve(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(text(&resolve_values(args, context)?))
}

fn is_absolute(_: &JsValue, args: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    Ok(JsValue::from(path_arg(args, 0)?.starts_with('/')))
}

fn dirname(_: &JsValue, args: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    if !args.first().is_some_and(JsValue::to_boolean) {
        return Ok(text("."));
    }
    Ok(text(&dirname_str(&path_arg(args, 0)?)))
}

fn basename(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let p = path_arg(args, 0)?;
    let ext = match args.get(1) {
        Some(ext) if ext.to_boolean() => Some(ext.to_string(context)?.to_std_string_escaped()),
        _ => None,
    };
    Ok(text(&basename_str(&p, ext.as_deref())))
}

fn extname(_: &JsValue, args: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    Ok(text(&extname_str(&path_arg(args, 0)?)))
}

fn relative(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let from = resolve_values(&args[..args.len().min(1)], context)?;
    let to = resolve_values(args.get(1..2).unwrap_or_default(), context)?;
    let a: Vec<&str> = from.split('/').filter(|s| !s.is_empty()).collect();
    let b: Vec<&str> = to.split('/').filter(|s| !s.is_empty()).collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let up = std::iter::repeat_n("..", a.len() - common);
    Ok(text(
        &up.chain(b[common..].iter().copied())
            .collect::<Vec<_>>()
            .join("/"),
    ))
}

fn parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let p = path_arg(args, 0)?;
    let root = if p.starts_with('/') { "/" } else { "" };
    let base = basename_str(&p, None);
    let ext = extname_str(&p);
    let mut dir = dirname_str(&p);
    if dir == "." && !p.contains('/') {
        dir.clear();
    }
    let name = &base[..base.len() - ext.len()];
    let mut init = ObjectInitializer::new(context);
    for (key, value) in [
        ("root", root),
        ("dir", &dir),
        ("base", &base),
        ("ext", &ext),
        ("name", name),
    ] {
        init.property(JsString::from(key), text(value), Attribute::all());
    }
    Ok(init.build().into())
}

fn format(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let Some(object) = args.first().and_then(JsValue::as_object) else {
        return Err(type_error(
            "The \"pathObject\" argument must be of type object",
        ));
    };
    // `a || b`, as strings.
    let field = |key: &str, context: &mut Context| -> JsResult<Option<String>> {
        let value = object.get(JsString::from(key), context)?;
        Ok(if value.to_boolean() {
            Some(value.to_string(context)?.to_std_string_escaped())
        } else {
            None
        })
    };
    let dir = match field("dir", context)? {
        Some(dir) => dir,
        None => field("root", context)?.unwrap_or_default(),
    };
    let base = match field("base", context)? {
        Some(base) => base,
        None => {
            let name = field("name", context)?.unwrap_or_default();
            let ext = field("ext", context)?.unwrap_or_default();
            format!("{name}{ext}")
        }
    };
    Ok(text(&if dir.is_empty() {
        base
    } else if dir.ends_with('/') {
        format!("{dir}{base}")
    } else {
        format!("{dir}/{base}")
    }))
}

fn to_namespaced_path(_: &JsValue, args: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    Ok(args.first().cloned().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_like_node() {
        for (input, expected) in [
            ("", "."),
            ("/a//b/../c/./d", "/a/c/d"),
            ("a/../../b", "../b"),
            ("/../x", "/x"),
            ("a/b/", "a/b/"),
            ("./", "./"),
            ("/", "/"),
        ] {
            assert_eq!(normalize_str(input), expected, "{input}");
        }
    }

    #[test]
    fn dirname_basename_extname() {
        assert_eq!(dirname_str("/a/b/c.txt"), "/a/b");
        assert_eq!(dirname_str("/a"), "/");
        assert_eq!(dirname_str("a"), ".");
        assert_eq!(dirname_str("///"), "/");
        assert_eq!(basename_str("/a/b/c.txt/", None), "c.txt");
        assert_eq!(basename_str("/a/b/c.txt", Some(".txt")), "c");
        assert_eq!(basename_str("/a/.txt", Some(".txt")), ".txt");
        assert_eq!(basename_str(".js", Some(".js")), "");
        assert_eq!(basename_str("bbb", Some("bbb")), "");
        assert_eq!(basename_str("bbb/", Some("bbb")), "bbb");
        assert_eq!(extname_str("x/file.tar.gz"), ".gz");
        assert_eq!(extname_str(".bashrc"), "");
        assert_eq!(extname_str("noext"), "");
    }
}
