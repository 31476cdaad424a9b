//! The native functions under the JS prelude.
//!
//! Owns the small set of Rust operations the prelude (`js/*.js`) builds the
//! Node, Bun and web APIs from: file system, subprocesses, HTTP, hashing and
//! randomness, console capture, module resolution for `require`. Each one
//! takes and returns plain values (strings, JSON text, ArrayBuffers); the
//! JS-facing shapes (Buffer, Response, EventEmitter, …) live in the prelude.
//! Async operations run on tokio and never block other calls.

mod crypto;
mod fs;
mod http;
mod misc;
mod path;
mod process;
mod shell;

use std::cell::RefCell;

use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::{AlignedVec, JsArray, JsArrayBuffer};
use boa_engine::{
    Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
};

type SyncOp = fn(&JsValue, &[JsValue], &mut Context) -> JsResult<JsValue>;

/// Builds the object of native operations handed to the prelude.
pub(crate) fn install(context: &mut Context) -> JsObject {
    let sync_ops: &[(&str, SyncOp, usize)] = &[
        ("log", misc::log, 2),
        ("now", misc::now, 0),
        ("hostInfo", misc::host_info, 0),
        ("newCancel", misc::new_cancel, 0),
        ("cancel", misc::cancel, 1),
        ("forgetCancel", misc::forget_cancel, 1),
        ("resolve", misc::resolve, 3),
        ("compileCommonJs", misc::compile_common_js, 1),
        ("compileUnit", misc::compile_unit, 1),
        ("builtinUnit", misc::builtin_unit, 1),
        ("makePath", path::make_path, 0),
        ("which", misc::which, 1),
        ("fsSync", fs::fs_sync, 4),
        ("runSync", process::run_sync, 2),
        ("shellCommand", shell::shell_command, 2),
        ("hash", crypto::hash, 3),
        ("hmac", crypto::hmac, 4),
        ("randomBytes", crypto::random_bytes, 1),
        ("keyParse", crypto::key_parse, 2),
        ("keyExport", crypto::key_export, 4),
        ("keyPublic", crypto::key_public, 2),
        ("keyGenerate", crypto::key_generate, 3),
        ("sign", crypto::sign, 5),
        ("verify", crypto::verify, 6),
        ("rsaOaep", crypto::rsa_oaep, 5),
        ("aesGcm", crypto::aes_gcm, 5),
        ("pbkdf2", crypto::pbkdf2, 5),
        ("scrypt", crypto::scrypt, 7),
    ];
    let mut init = ObjectInitializer::new(context);
    for (name, op, length) in sync_ops {
        init.function(
            NativeFunction::from_fn_ptr(*op),
            JsString::from(*name),
            *length,
        );
    }
    init.function(
        NativeFunction::from_async_fn(fs::fs_async),
        JsString::from("fsAsync"),
        4,
    );
    init.function(
        NativeFunction::from_async_fn(process::run),
        JsString::from("run"),
        3,
    );
    init.function(
        NativeFunction::from_async_fn(http::request),
        JsString::from("http"),
        3,
    );
    init.function(
        NativeFunction::from_async_fn(misc::sleep),
        JsString::from("sleep"),
        1,
    );
    init.build()
}

pub(crate) fn error(message: impl Into<String>) -> JsError {
    JsNativeError::error().with_message(message.into()).into()
}

pub(crate) fn type_error(message: impl Into<String>) -> JsError {
    JsNativeError::typ().with_message(message.into()).into()
}

fn arg(args: &[JsValue], index: usize) -> JsValue {
    args.get(index).cloned().unwrap_or_default()
}

pub(crate) fn string_arg(
    args: &[JsValue],
    index: usize,
    context: &mut Context,
) -> JsResult<String> {
    Ok(arg(args, index).to_string(context)?.to_std_string_escaped())
}

/// Bytes from an ArrayBuffer, or the UTF-8 of anything else.
fn bytes_arg(args: &[JsValue], index: usize, context: &mut Context) -> JsResult<Option<Vec<u8>>> {
    let value = arg(args, index);
    if value.is_null_or_undefined() {
        return Ok(None);
    }
    if let Some(object) = value.as_object()
        && let Ok(buffer) = JsArrayBuffer::from_object(object.clone())
    {
        return Ok(Some(buffer.to_vec().unwrap_or_default()));
    }
    Ok(Some(
        value
            .to_string(context)?
            .to_std_string_escaped()
            .into_bytes(),
    ))
}

fn bytes_value(bytes: &[u8], context: &mut Context) -> JsResult<JsValue> {
    let block = AlignedVec::from_slice(64, bytes);
    Ok(JsArrayBuffer::from_byte_block(block, context)?.into())
}

fn json_value(value: &serde_json::Value) -> JsValue {
    JsValue::from(JsString::from(value.to_string().as_str()))
}

fn array(values: Vec<JsValue>, context: &mut Context) -> JsValue {
    JsArray::from_iter(values, context).into()
}

/// Reads `args[index]` as a JSON string the prelude wrote.
fn json_arg(args: &[JsValue], index: usize, context: &mut Context) -> JsResult<serde_json::Value> {
    let text = string_arg(args, index, context)?;
    serde_json::from_str(&text)
        .map_err(|e| type_error(format!("internal: bad JSON from the prelude: {e}")))
}

/// A Node-style I/O error: `ENOENT: no such file or directory, open 'x'`.
/// The prelude reads the code back from the start of the message.
fn io_error(error: &std::io::Error, syscall: &str, path: &str) -> JsError {
    use std::io::ErrorKind as K;
    let (code, text) = match error.kind() {
        K::NotFound => ("ENOENT", "no such file or directory"),
        K::PermissionDenied => ("EACCES", "permission denied"),
        K::AlreadyExists => ("EEXIST", "file already exists"),
        K::NotADirectory => ("ENOTDIR", "not a directory"),
        K::IsADirectory => ("EISDIR", "illegal operation on a directory"),
        K::DirectoryNotEmpty => ("ENOTEMPTY", "directory not empty"),
        K::InvalidInput => ("EINVAL", "invalid argument"),
        _ => ("EIO", "i/o error"),
    };
    let detail = if code == "EIO" {
        format!(" ({error})")
    } else {
        String::new()
    };
    error_with(format!("{code}: {text}{detail}, {syscall} '{path}'"))
}

fn error_with(message: String) -> JsError {
    error(message)
}

/// Shared by async ops: clones what they need out of the context cell.
fn state_of(context: &RefCell<&mut Context>) -> std::rc::Rc<crate::state::HostState> {
    crate::state::HostState::of(&context.borrow())
}

/// The cancel switch of the call an asynchronous operation belongs to (its
/// id is the operation's argument), so the operation stops when that call's
/// signal aborts or its deadline passes. `undefined` means no call owns it.
fn cancel_switch(
    id: &JsValue,
    state: &crate::state::HostState,
    context: &mut Context,
) -> JsResult<Option<tokio::sync::watch::Receiver<bool>>> {
    if id.is_undefined() {
        return Ok(None);
    }
    let id = id.to_u32(context)?;
    Ok(state.cancels.borrow().get(&id).map(|tx| tx.subscribe()))
}
