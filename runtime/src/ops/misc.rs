//! Small native operations: console capture, clocks, cancellation switches,
//! `require` resolution and compilation, `which`.

use std::path::PathBuf;

use boa_engine::{Context, JsResult, JsValue, Script, Source};

use super::{arg, error, json_value, string_arg};
use crate::boa_quirks;
use crate::loader::{self, Mode, Target};
use crate::state::{CONSOLE_LINES, ConsoleLine, HostState};
use crate::transpile;

pub(super) fn log(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let level = string_arg(args, 0, context)?;
    let text = string_arg(args, 1, context)?;
    let state = HostState::of(context);
    let mut console = state.console.borrow_mut();
    if console.len() >= CONSOLE_LINES {
        state.console_dropped.set(state.console_dropped.get() + 1);
    } else {
        console.push(ConsoleLine { level, text });
    }
    Ok(JsValue::undefined())
}

pub(super) fn now(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let elapsed = HostState::of(context).started.elapsed();
    Ok(JsValue::from(elapsed.as_secs_f64() * 1000.0))
}

pub(super) fn host_info(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let state = HostState::of(context);
    let env: serde_json::Map<String, serde_json::Value> = state
        .box_env
        .iter()
        .map(|(k, v)| (k.clone(), serde_json::Value::from(v.as_str())))
        .collect();
    let home = state
        .box_env
        .iter()
        .find(|(k, _)| k == "HOME")
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| "/".into());
    let hostname = std::fs::read_to_string("/etc/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|_| "localhost".into());
    let cpus = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    Ok(json_value(&serde_json::json!({
        "env": env,
        "cwd": state.project_dir.display().to_string(),
        "platform": match std::env::consts::OS { "macos" => "darwin", "windows" => "win32", other => other },
        "arch": match std::env::consts::ARCH { "x86_64" => "x64", "aarch64" => "arm64", other => other },
        "tmpdir": crate::sandbox::temp_dir().display().to_string(),
        "homedir": home,
        "hostname": hostname,
        "cpus": cpus,
        "pid": std::process::id(),
    })))
}

pub(super) fn new_cancel(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (id, _) = HostState::of(context).new_cancel();
    Ok(JsValue::from(id))
}

pub(super) fn cancel(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let id = arg(args, 0).to_u32(context)?;
    HostState::of(context).cancel(id);
    Ok(JsValue::undefined())
}

pub(super) fn forget_cancel(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let id = arg(args, 0).to_u32(context)?;
    HostState::of(context).forget_cancel(id);
    Ok(JsValue::undefined())
}

/// `resolve(specifier, fromDir, 'require' | 'import')` → JSON
/// `{"builtin": name}` or `{"path": p, "kind": "esm" | "commonjs" | "json" | "text" | "toml" | "yaml"}`.
pub(super) fn resolve(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let specifier = string_arg(args, 0, context)?;
    let from = PathBuf::from(string_arg(args, 1, context)?);
    let mode = if string_arg(args, 2, context)? == "import" {
        Mode::Import
    } else {
        Mode::Require
    };
    let state = HostState::of(context);
    let result = match loader::resolve(&state, &specifier, &from, None, mode)? {
        Target::Builtin(name) => serde_json::json!({ "builtin": name }),
        Target::File(path, kind) => serde_json::json!({
            "path": path.display().to_string(),
            "kind": kind.name(),
        }),
    };
    Ok(json_value(&result))
}

/// Compiles a CommonJS file into `function (exports, require, module, __filename, __dirname)`.
/// The wrapper opens on the file's first line so that error positions match it.
pub(super) fn compile_common_js(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let path = PathBuf::from(string_arg(args, 0, context)?);
    let state = HostState::of(context);
    let mut code = loader::read(&path, &state)?;
    if transpile::is_typescript(&path) {
        code = transpile::strip_types_script(&path, code, state.transpile_cache.as_ref())
            .map_err(error)?;
    }
    if code.starts_with("#!") {
        code.insert_str(0, "//");
    }
    if let Some(fixed) = boa_quirks::hoist_key_functions(&code, &path, true) {
        code = fixed;
    }
    let parse = |code: &str, context: &mut Context| {
        let wrapped =
            format!("(function (exports, require, module, __filename, __dirname) {{{code}\n}})");
        Script::parse(
            Source::from_bytes(wrapped.as_bytes()).with_path(&path),
            None,
            context,
        )
    };
    let script = parse(&code, context)
        .or_else(|e| match boa_quirks::after_refusal(&code, &path, true) {
            Some(fixed) => parse(&fixed, context).map_err(|_| e),
            None => Err(e),
        })
        .map_err(|e| error(format!("{}: {}", loader::display(&path, &state), e)))?;
    script.evaluate(context)
}

pub(super) fn which(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let command = string_arg(args, 0, context)?;
    let state = HostState::of(context);
    Ok(
        find_executable(&command, &state).map_or(JsValue::null(), |p| {
            JsValue::from(boa_engine::JsString::from(p.display().to_string().as_str()))
        }),
    )
}

/// `Bun.which`: `command` on the box's `PATH`, or, when it names a path,
/// relative to the project.
pub(crate) fn find_executable(command: &str, state: &HostState) -> Option<PathBuf> {
    let path_var = state
        .box_env
        .iter()
        .find(|(k, _)| k == "PATH")
        .map_or("", |(_, v)| v.as_str());
    which::which_in(command, Some(path_var), &state.project_dir).ok()
}
