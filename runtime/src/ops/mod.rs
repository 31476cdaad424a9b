//! The native functions under the JS prelude.
//!
//! Owns the small set of Rust operations the prelude (`js/*.js`) builds the
//! Node, Bun and web APIs from: file system, subprocesses, HTTP, hashing and
//! randomness, console capture, module resolution for `require`. Each one
//! takes and returns plain values (strings, JSON text, ArrayBuffers); the
//! JS-facing shapes (Buffer, Response, EventEmitter, …) live in the prelude.
//! Async operations run on tokio and never block other calls.

mod blocking;
mod bytes;
mod checksums;
pub(crate) mod child;
mod crypto;
pub(crate) mod data_formats;
mod encoding;
mod fs;
mod glob;
pub(crate) mod http;
mod intl;
mod misc;
mod net;
mod password;
mod path;
mod process;
mod semver;
mod shell;
pub(crate) mod sqlite;
mod url;
mod vm;
mod zlib;

pub(crate) use vm::module_of as vm_module_of;

use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::{AlignedVec, JsArray, JsArrayBuffer};
use boa_engine::{
    Context, JsError, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string,
};

// The submodules take these through `super::`, with the helpers below.
use crate::js_value::{arg, error, string_arg, type_error};

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
        ("requireModule", crate::loader::require_module, 1),
        ("makePath", path::make_path, 0),
        ("which", misc::which, 1),
        ("runSync", process::run_sync, 2),
        ("shellCommand", shell::shell_command, 2),
        ("hash", crypto::hash, 3),
        ("hmac", crypto::hmac, 4),
        ("encodeText", encoding::encode_text, 2),
        ("decodeBytes", encoding::decode_bytes, 4),
        ("hasherInit", crypto::hasher_init, 3),
        ("hasherUpdate", crypto::hasher_update, 2),
        ("hasherCopy", crypto::hasher_copy, 2),
        ("hasherDigest", crypto::hasher_digest, 2),
        ("randomBytes", crypto::random_bytes, 1),
        ("sqliteOpen", sqlite::open, 2),
        ("sqliteClose", sqlite::close, 1),
        ("sqlitePrepare", sqlite::prepare_op, 2),
        ("sqliteQuery", sqlite::query_op, 5),
        ("sqliteExec", sqlite::exec, 3),
        ("sqliteInTransaction", sqlite::in_transaction, 1),
        ("sqliteExpand", sqlite::expand, 2),
        ("keyParse", crypto::key_parse, 3),
        ("keyEncrypt", crypto::key_encrypt, 3),
        ("keyExport", crypto::key_export, 4),
        ("keyPublic", crypto::key_public, 2),
        ("keyGenerate", crypto::key_generate, 3),
        ("keyAgree", crypto::key_agree, 3),
        ("ecdhGenerate", crypto::ecdh_generate, 1),
        ("ecdhPublic", crypto::ecdh_public, 3),
        ("ecdhSecret", crypto::ecdh_secret, 3),
        ("ecdhConvert", crypto::ecdh_convert, 3),
        ("dhGroup", crypto::dh_group, 1),
        ("dhGenerate", crypto::dh_generate, 2),
        ("dhPublic", crypto::dh_public, 3),
        ("dhSecret", crypto::dh_secret, 3),
        ("dhCheck", crypto::dh_check, 2),
        ("dhPrime", crypto::dh_prime, 2),
        ("sign", crypto::sign, 5),
        ("verify", crypto::verify, 6),
        ("rsaOaep", crypto::rsa_oaep, 5),
        ("rsaCipher", crypto::rsa_cipher, 6),
        ("aesGcm", crypto::aes_gcm, 5),
        ("pbkdf2", crypto::pbkdf2, 5),
        ("scrypt", crypto::scrypt, 7),
        ("hkdf", crypto::hkdf, 5),
        ("cipherInit", crypto::cipher_init, 5),
        ("cipherUpdate", crypto::cipher_update, 2),
        ("cipherFinal", crypto::cipher_final, 1),
        ("cipherSet", crypto::cipher_set, 3),
        ("zlib", blocking::inline::<zlib::Job>, 8),
        ("crc32", zlib::crc32, 2),
        ("yamlParse", data_formats::yaml_parse, 1),
        ("tomlParse", data_formats::toml_parse, 1),
        ("passwordHash", blocking::inline::<password::Hash>, 5),
        ("passwordVerify", blocking::inline::<password::Verify>, 2),
        ("globMatch", glob::glob_match, 2),
        ("globScan", blocking::inline::<glob::Scan>, 6),
        ("semverOrder", semver::semver_order, 2),
        ("domainToAscii", url::domain_to_ascii, 1),
        ("domainToUnicode", url::domain_to_unicode, 1),
        ("punycodeEncode", url::punycode_encode, 1),
        ("netClose", net::net_close, 1),
        ("punycodeDecode", url::punycode_decode, 1),
        ("checksum", checksums::checksum, 3),
        ("bytesIndexOf", bytes::bytes_index_of, 5),
        ("bytesCompare", bytes::bytes_compare, 6),
        ("vmRealm", vm::vm_realm, 0),
        ("spawnStart", child::spawn_start, 1),
        ("httpDrop", http::drop_body, 1),
        ("formParse", http::parse_form, 2),
        ("spawnEnd", child::spawn_end, 1),
        ("spawnKill", child::spawn_kill, 2),
        ("vmRun", vm::vm_run, 5),
        ("vmCheck", vm::vm_check, 1),
        ("vmModuleParse", vm::vm_module_parse, 2),
        ("vmModuleLink", vm::vm_module_link, 3),
        ("vmModuleMeta", vm::vm_module_meta, 2),
        ("vmModuleDynamic", vm::vm_module_dynamic, 2),
        ("vmModuleInstantiate", vm::vm_module_instantiate, 1),
        ("vmModuleEvaluate", vm::vm_module_evaluate, 3),
        ("vmModuleNamespace", vm::vm_module_namespace, 1),
        ("semverSatisfies", semver::semver_satisfies, 2),
        ("intlAffixes", intl::intl_affixes, 1),
        ("intlCurrencyDigits", intl::intl_currency_digits, 1),
        ("intlRelativeTime", intl::intl_relative_time, 1),
    ];
    let mut init = ObjectInitializer::new(context);
    for (name, op, length) in sync_ops {
        init.function(
            NativeFunction::from_fn_ptr(*op),
            JsString::from(*name),
            *length,
        );
    }
    // Each async operation is its own type (an `AsyncFn`), so a table of
    // them cannot be one array: the macro writes the registrations out.
    macro_rules! async_ops {
        ($(($name:literal, $op:expr, $length:literal),)*) => {
            $(init.function(NativeFunction::from_async_fn($op), JsString::from($name), $length);)*
        };
    }
    fs::register(&mut init);
    async_ops!(
        ("run", process::run, 3),
        ("http", http::request, 3),
        ("passwordHashAsync", blocking::on_pool::<password::Hash>, 5),
        (
            "passwordVerifyAsync",
            blocking::on_pool::<password::Verify>,
            2
        ),
        ("zlibAsync", blocking::on_pool::<zlib::Job>, 8),
        ("httpChunk", http::chunk, 2),
        ("spawnRead", child::spawn_read, 2),
        ("netConnect", net::net_connect, 2),
        ("netConnectPath", net::net_connect_path, 1),
        ("netRead", net::net_read, 1),
        ("netWrite", net::net_write, 2),
        ("netEnd", net::net_end, 1),
        ("spawnWrite", child::spawn_write, 2),
        ("spawnWait", child::spawn_wait, 2),
        ("globScanAsync", blocking::on_pool::<glob::Scan>, 6),
    );
    init.build()
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

/// The state of one family of ops, kept in the context's data (keyed by
/// its type) and made on first use: each family owns its own (`sqlite.rs`
/// its connections, `http.rs` its clients and unread bodies, `fs.rs` its
/// open files), so `HostState` holds only what every op shares.
pub(crate) fn op_state<T: Default + 'static>(context: &mut Context) -> std::rc::Rc<T> {
    if let Some(state) = context.get_data::<std::rc::Rc<T>>() {
        return state.clone();
    }
    let state = std::rc::Rc::new(T::default());
    context.insert_data(state.clone());
    state
}

/// Reads `args[index]`, a JSON string the prelude wrote, as the op's own
/// argument type: a field the prelude misnames fails here, by name.
fn typed_arg<T: serde::de::DeserializeOwned>(
    args: &[JsValue],
    index: usize,
    context: &mut Context,
) -> JsResult<T> {
    let text = string_arg(args, index, context)?;
    serde_json::from_str(&text)
        .map_err(|e| type_error(format!("internal: bad arguments from the prelude: {e}")))
}

/// Reads `args[index]` as a JSON string the prelude wrote.
fn json_arg(args: &[JsValue], index: usize, context: &mut Context) -> JsResult<serde_json::Value> {
    let text = string_arg(args, index, context)?;
    serde_json::from_str(&text)
        .map_err(|e| type_error(format!("internal: bad JSON from the prelude: {e}")))
}

/// An `Error` carrying Node's `code`, and `errno` when there is one: what
/// tools test (`err.code === 'Z_DATA_ERROR'`).
fn coded_error(message: String, code: &str, errno: Option<i32>, context: &mut Context) -> JsError {
    let object = boa_engine::JsNativeError::error()
        .with_message(message)
        .into_opaque(context);
    // A fresh error object: defining data properties cannot fail.
    let _ = object.create_data_property_or_throw(
        js_string!("code"),
        JsValue::from(JsString::from(code)),
        context,
    );
    if let Some(errno) = errno {
        let _ = object.create_data_property_or_throw(js_string!("errno"), errno, context);
    }
    JsError::from_opaque(object.into())
}

/// A `TypeError` for an argument of the wrong type, worded as Bun words it
/// (`The "path" property must be of type string, got number`), with
/// Node's code `ERR_INVALID_ARG_TYPE`.
fn invalid_arg_type(name: &str, expected: &str, value: &JsValue, context: &mut Context) -> JsError {
    let got = match value.as_object() {
        Some(object) if object.is_array() => "array".to_string(),
        _ => value.type_of().to_string(),
    };
    let object = boa_engine::JsNativeError::typ()
        .with_message(format!(
            "The \"{name}\" property must be of type {expected}, got {got}"
        ))
        .into_opaque(context);
    // A fresh error object: defining a data property cannot fail.
    let _ = object.create_data_property_or_throw(
        js_string!("code"),
        js_string!("ERR_INVALID_ARG_TYPE"),
        context,
    );
    JsError::from_opaque(object.into())
}

/// A `TypeError` for an argument of the wrong type in Node's words (`The
/// "path" argument must be of type string. Received type number (7)`),
/// with its code `ERR_INVALID_ARG_TYPE`: what Bun says where its function
/// is Node's own JavaScript (`path.matchesGlob`).
fn invalid_arg_type_received(
    name: &str,
    expected: &str,
    value: &JsValue,
    context: &mut Context,
) -> JsError {
    let received = received_text(value, context);
    let object = boa_engine::JsNativeError::typ()
        .with_message(format!(
            "The \"{name}\" argument must be of type {expected}. {received}"
        ))
        .into_opaque(context);
    // A fresh error object: defining a data property cannot fail.
    let _ = object.create_data_property_or_throw(
        js_string!("code"),
        js_string!("ERR_INVALID_ARG_TYPE"),
        context,
    );
    JsError::from_opaque(object.into())
}

/// Node's `Received …` for a refused value.
fn received_text(value: &JsValue, context: &mut Context) -> String {
    if value.is_undefined() || value.is_null() {
        return format!("Received {}", value.display());
    }
    if let Some(object) = value.as_object() {
        let name = |key: &str, of: &JsObject, context: &mut Context| {
            of.get(JsString::from(key), context)
                .ok()
                .and_then(|v| v.as_string().map(|s| s.to_std_string_escaped()))
        };
        if object.is_callable() {
            let function = name("name", &object, context).unwrap_or_default();
            return format!("Received function {function}");
        }
        let constructor = object
            .get(js_string!("constructor"), context)
            .ok()
            .and_then(|c| c.as_object().and_then(|c| name("name", &c, context)))
            .filter(|n| !n.is_empty());
        return match constructor {
            Some(constructor) => format!("Received an instance of {constructor}"),
            None => "Received [Object: null prototype]".into(),
        };
    }
    let shown = if let Some(s) = value.as_string() {
        format!("'{}'", s.to_std_string_escaped())
    } else if value
        .as_number()
        .is_some_and(|n| n == 0.0 && n.is_sign_negative())
    {
        "-0".into()
    } else if value.is_bigint() {
        format!("{}n", value.display())
    } else {
        value.display().to_string()
    };
    let shown = if shown.chars().count() > 28 {
        format!("{}...", shown.chars().take(25).collect::<String>())
    } else {
        shown
    };
    format!("Received type {} ({shown})", value.type_of())
}

/// A Node-style I/O error: `ENOENT: no such file or directory, open 'x'`,
/// carrying `errno` (the negated OS number), `code`, `syscall` and `path`
/// as Node sets them, in Node's order.
fn io_error(error: &std::io::Error, syscall: &str, path: &str, context: &mut Context) -> JsError {
    let (code, errno, text) = describe_io_error(error);
    // Node names no path for an error on a descriptor: "EBADF: bad file
    // descriptor, read".
    let (message, path) = if path.is_empty() {
        (format!("{code}: {text}, {syscall}"), None)
    } else {
        (format!("{code}: {text}, {syscall} '{path}'"), Some(path))
    };
    system_error(message, &code, -errno, syscall, path, context)
}

/// An `Error` with the properties of Node's system errors (`errno`, `code`,
/// `syscall`, and `path` when one is named), set where the error is made so
/// that no JavaScript reads them back from the message.
fn system_error(
    message: String,
    code: &str,
    errno: i32,
    syscall: &str,
    path: Option<&str>,
    context: &mut Context,
) -> JsError {
    let object = boa_engine::JsNativeError::error()
        .with_message(message)
        .into_opaque(context);
    // A fresh error object: defining data properties cannot fail.
    let mut set = |key: &str, value: JsValue| {
        let _ = object.create_data_property_or_throw(JsString::from(key), value, context);
    };
    set("errno", JsValue::from(errno));
    set("code", JsValue::from(JsString::from(code)));
    set("syscall", JsValue::from(JsString::from(syscall)));
    if let Some(path) = path {
        set("path", JsValue::from(JsString::from(path)));
    }
    JsError::from_opaque(object.into())
}

/// The code, errno number and Node's wording of an I/O error. Errors from
/// the OS keep their own code (`ELOOP`, `EMFILE`, `ENOSPC`, …), since tools
/// test `err.code`; only an error with no OS number falls back on its kind.
fn describe_io_error(error: &std::io::Error) -> (String, i32, String) {
    use nix::errno::Errno;
    if let Some(raw) = error.raw_os_error() {
        let errno = Errno::from_raw(raw);
        if errno != Errno::UnknownErrno {
            let code = format!("{errno:?}");
            let text = match node_text(&code) {
                Some(text) => text.to_string(),
                None => lowercase_first(errno.desc()),
            };
            return (code, raw, text);
        }
    }
    use std::io::ErrorKind as K;
    let (errno, code) = match error.kind() {
        K::NotFound => (Errno::ENOENT, "ENOENT"),
        K::PermissionDenied => (Errno::EACCES, "EACCES"),
        K::AlreadyExists => (Errno::EEXIST, "EEXIST"),
        K::NotADirectory => (Errno::ENOTDIR, "ENOTDIR"),
        K::IsADirectory => (Errno::EISDIR, "EISDIR"),
        K::DirectoryNotEmpty => (Errno::ENOTEMPTY, "ENOTEMPTY"),
        K::InvalidInput => (Errno::EINVAL, "EINVAL"),
        _ => (Errno::EIO, "EIO"),
    };
    let mut text = node_text(code).unwrap_or_default().to_string();
    if code == "EIO" {
        text.push_str(&format!(" ({error})"));
    }
    (code.to_string(), errno as i32, text)
}

/// libuv's wording (what Node prints) where it differs from the C library's.
fn node_text(code: &str) -> Option<&'static str> {
    Some(match code {
        "EBADF" => "bad file descriptor",
        "ENOENT" => "no such file or directory",
        "EACCES" => "permission denied",
        "EEXIST" => "file already exists",
        "ENOTDIR" => "not a directory",
        "EISDIR" => "illegal operation on a directory",
        "ENOTEMPTY" => "directory not empty",
        "EINVAL" => "invalid argument",
        "EIO" => "i/o error",
        "ELOOP" => "too many symbolic links encountered",
        "EMFILE" => "too many open files",
        "ENAMETOOLONG" => "name too long",
        "ENFILE" => "file table overflow",
        "EBUSY" => "resource busy or locked",
        "EXDEV" => "cross-device link not permitted",
        "ETXTBSY" => "text file is busy",
        _ => return None,
    })
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    /// The names the prelude's JS reads off `host` (the units' first
    /// parameter), comments left out; `url.host` and the like are not it.
    fn used_in_js() -> BTreeSet<String> {
        let mut used = BTreeSet::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/js");
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let source = std::fs::read_to_string(&path).unwrap();
                let code: String = source
                    .lines()
                    .map(|line| line.split("//").next().unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join("\n");
                let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
                let mut rest = code.as_str();
                // `host.name`, `host\n  .name` (a chain biome wrapped).
                while let Some(at) = rest.find("host") {
                    let before = rest[..at].chars().next_back();
                    let after = rest[at + 4..].trim_start();
                    rest = &rest[at + 4..];
                    if before.is_some_and(|c| ident(c) || c == '.') {
                        continue;
                    }
                    let Some(member) = after.strip_prefix('.') else {
                        continue;
                    };
                    let name: String = member.chars().take_while(|c| ident(*c)).collect();
                    if !name.is_empty() {
                        used.insert(name);
                    }
                }
            }
        }
        used
    }

    /// An op the JS calls by a name nothing registers fails only when a
    /// tool reaches that path; one registered and never called is dead.
    #[test]
    fn every_op_the_prelude_calls_is_registered_and_every_registered_op_is_called() {
        let mut context = boa_engine::Context::default();
        let natives = super::install(&mut context);
        let registered: BTreeSet<String> = natives
            .own_property_keys(&mut context)
            .unwrap()
            .iter()
            .map(|key| key.to_string())
            .collect();
        let used = used_in_js();
        let completed: BTreeSet<String> = crate::prelude::NATIVES_COMPLETED
            .iter()
            .map(|name| name.to_string())
            .collect();
        let unregistered: Vec<&String> = used
            .iter()
            .filter(|name| !registered.contains(*name) && !completed.contains(*name))
            .collect();
        // `internals.rs` calls it once, as the host starts.
        let called_from_rust = ["hostInfo".to_string()];
        let uncalled: Vec<&String> = registered
            .difference(&used)
            .filter(|name| !called_from_rust.contains(name))
            .collect();
        assert!(
            unregistered.is_empty(),
            "called from JS, never registered: {unregistered:?}"
        );
        assert!(
            uncalled.is_empty(),
            "registered, never called from JS: {uncalled:?}"
        );
    }
}
