//! `bun:sqlite` on a real SQLite: the host's table of open connections and
//! the conversions between JS values and SQLite values.
//!
//! One op per action (`sqliteOpen`, `sqlitePrepare`, `sqliteQuery`, …)
//! serves the prelude's `js/bun/sqlite.js` unit, which keeps Bun's
//! JS-facing shapes (Database, Statement, how named parameters are looked
//! up, transactions). A statement here is its SQL text:
//! each run takes it from the connection's cache of prepared statements, so
//! JS holds no SQLite handle and closing a database needs no bookkeeping of
//! the statements made from it. Connections close when the host is dropped.

use std::cell::RefCell;
use std::collections::HashMap;

use boa_engine::object::builtins::{
    AlignedVec, JsArrayBuffer, JsDataView, JsTypedArray, JsUint8Array,
};
use boa_engine::{
    Context, JsBigInt, JsError, JsNativeError, JsResult, JsString, JsValue, js_string,
};
use rusqlite::types::{Value, ValueRef};
use rusqlite::{Connection, OpenFlags, ffi};

use super::{arg, array, error, string_arg};
use crate::state::HostState;

/// Prepared statements each connection keeps ready; a tool that runs more
/// distinct statements than this in a loop re-prepares them.
const STATEMENT_CACHE: usize = 64;

/// The open databases of one host, by the id the prelude holds; empty
/// (and nothing of SQLite touched) until a tool opens one.
#[derive(Default)]
struct Connections {
    next_id: u32,
    open: HashMap<u32, Connection>,
}

/// This family's state ([`super::op_state`]).
type State = RefCell<Connections>;

/// `sqliteOpen(filename, flags)` → the connection's id.
pub(super) fn open(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let state = HostState::of(context);
    let sqlite = super::op_state::<State>(context);
    let filename = string_arg(args, 0, context)?;
    let flags = arg(args, 1).to_i32(context)?;
    let flags = OpenFlags::from_bits_truncate(flags) | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    // A relative path is the project's, as for `node:fs`, whatever the
    // process's own directory; `:memory:` and `` (a temporary file) are
    // SQLite's names.
    let path = if filename.is_empty() || filename == ":memory:" {
        std::path::PathBuf::from(&filename)
    } else {
        state.project_dir.join(&filename)
    };
    let connection = Connection::open_with_flags(&path, flags)
        .map_err(|e| sqlite_error(&without_path(e, &path.to_string_lossy()), context))?;
    connection.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    let mut connections = sqlite.borrow_mut();
    connections.next_id = connections.next_id.wrapping_add(1);
    let id = connections.next_id;
    connections.open.insert(id, connection);
    Ok(JsValue::from(id))
}

/// `sqliteClose(id)`: dropping the connection closes it (after finalizing
/// its cached statements).
pub(super) fn close(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let id = arg(args, 0).to_u32(context)?;
    super::op_state::<State>(context)
        .borrow_mut()
        .open
        .remove(&id);
    Ok(JsValue::undefined())
}

/// Runs `then` on the open connection whose id is `args[0]`.
fn with_connection(
    args: &[JsValue],
    context: &mut Context,
    then: impl FnOnce(&Connection, &mut Context) -> JsResult<JsValue>,
) -> JsResult<JsValue> {
    let id = arg(args, 0).to_u32(context)?;
    let sqlite = super::op_state::<State>(context);
    let connections = sqlite.borrow();
    let Some(connection) = connections.open.get(&id) else {
        return Err(error("Database has closed"));
    };
    then(connection, context)
}

/// `sqlitePrepare(id, sql)` → `[sql of the first statement, column names,
/// parameter names]`.
pub(super) fn prepare_op(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let sql = string_arg(args, 1, context)?;
    with_connection(args, context, |connection, context| {
        prepare(connection, &sql, context)
    })
}

/// `sqliteQuery(id, sql, values, mode, safeIntegers)` with mode `all`
/// (rows as arrays), `get` (the first row or null) or `run` (`[changes,
/// lastInsertRowid]`).
pub(super) fn query_op(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let sql = string_arg(args, 1, context)?;
    let values = bindings(&arg(args, 2), context)?;
    let mode = string_arg(args, 3, context)?;
    let safe = arg(args, 4).to_boolean();
    with_connection(args, context, |connection, context| {
        query(connection, &sql, &values, &mode, safe, context)
    })
}

/// `sqliteExec(id, sql, safeIntegers)` → `[changes, lastInsertRowid]`.
pub(super) fn exec(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let sql = string_arg(args, 1, context)?;
    let safe = arg(args, 2).to_boolean();
    with_connection(args, context, |connection, context| {
        let before = connection.total_changes();
        connection
            .execute_batch(&sql)
            .map_err(|e| sqlite_error(&e, context))?;
        Ok(run_result(connection, before, safe, context))
    })
}

/// `sqliteInTransaction(id)`.
pub(super) fn in_transaction(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    with_connection(args, context, |connection, _| {
        Ok(JsValue::from(!connection.is_autocommit()))
    })
}

/// `sqliteExpand(id, sql)`: the statement's SQL with its bound values.
pub(super) fn expand(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let sql = string_arg(args, 1, context)?;
    with_connection(args, context, |connection, context| {
        let statement = connection
            .prepare_cached(&sql)
            .map_err(|e| sqlite_error(&e, context))?;
        let text = statement.expanded_sql().unwrap_or_default();
        Ok(JsString::from(text.as_str()).into())
    })
}

/// rusqlite adds the file's path to SQLite's message on a failed open;
/// Bun gives SQLite's message alone.
fn without_path(failure: rusqlite::Error, filename: &str) -> rusqlite::Error {
    match failure {
        rusqlite::Error::SqliteFailure(code, Some(message)) => {
            let own = match message.strip_suffix(filename) {
                Some(rest) => rest.strip_suffix(": ").unwrap_or(rest).to_string(),
                None => message,
            };
            // With no SQLite message the path was all there was.
            let own = (!own.is_empty()).then_some(own);
            rusqlite::Error::SqliteFailure(code, own)
        }
        other => other,
    }
}

fn prepare(connection: &Connection, sql: &str, context: &mut Context) -> JsResult<JsValue> {
    let first = first_statement(connection, sql).map_err(|e| sqlite_error(&e, context))?;
    let statement = connection
        .prepare_cached(first)
        .map_err(|e| sqlite_error(&e, context))?;
    let columns: Vec<JsValue> = statement
        .column_names()
        .into_iter()
        .map(|name| JsString::from(name).into())
        .collect();
    let parameters: Vec<JsValue> = (1..=statement.parameter_count())
        .map(|index| match statement.parameter_name(index) {
            Some(name) => JsString::from(name).into(),
            None => JsValue::null(),
        })
        .collect();
    let columns = array(columns, context);
    let parameters = array(parameters, context);
    Ok(array(
        vec![JsString::from(first).into(), columns, parameters],
        context,
    ))
}

/// The text of the first statement of `sql`: like Bun, a statement made from
/// several runs only the first. SQLite knows where that one ends, but
/// rusqlite refuses such text instead of saying; so the shortest prefix
/// ending at a `;` that prepares on its own is it (a `;` inside a string or
/// a trigger body leaves an incomplete prefix that fails to prepare).
fn first_statement<'a>(connection: &Connection, sql: &'a str) -> rusqlite::Result<&'a str> {
    // Through the cache: the statement is prepared once for this and for its runs.
    match connection.prepare_cached(sql) {
        Err(rusqlite::Error::MultipleStatement) => {}
        Err(e) => return Err(e),
        Ok(_) => return Ok(sql),
    }
    for (end, _) in sql.match_indices(';') {
        let prefix = &sql[..=end];
        if connection.prepare(prefix).is_ok() {
            return Ok(prefix);
        }
    }
    Err(rusqlite::Error::MultipleStatement)
}

fn query(
    connection: &Connection,
    sql: &str,
    values: &[Value],
    mode: &str,
    safe: bool,
    context: &mut Context,
) -> JsResult<JsValue> {
    let before = connection.total_changes();
    let mut statement = connection
        .prepare_cached(sql)
        .map_err(|e| sqlite_error(&e, context))?;
    if values.len() > statement.parameter_count() {
        return Err(error(format!(
            "SQLite query expected {} values, received {}",
            statement.parameter_count(),
            values.len()
        )));
    }
    for (index, value) in values.iter().enumerate() {
        statement
            .raw_bind_parameter(index + 1, value)
            .map_err(|e| sqlite_error(&e, context))?;
    }
    let width = statement.column_count();
    let mut rows = statement.raw_query();
    let mut out = Vec::new();
    loop {
        let row = match rows.next() {
            Ok(Some(row)) => row,
            Ok(None) => break,
            Err(e) => return Err(sqlite_error(&e, context)),
        };
        if mode == "run" {
            continue;
        }
        let mut cells = Vec::with_capacity(width);
        for index in 0..width {
            let cell = row.get_ref(index).map_err(|e| sqlite_error(&e, context))?;
            cells.push(from_sql(cell, safe, context)?);
        }
        out.push(array(cells, context));
        if mode == "get" {
            break;
        }
    }
    drop(rows);
    match mode {
        "run" => Ok(run_result(connection, before, safe, context)),
        "get" => Ok(out.pop().unwrap_or_else(JsValue::null)),
        _ => Ok(array(out, context)),
    }
}

/// `[changes, lastInsertRowid]` as Bun reports them: the rows this call
/// changed (a `SELECT` or `CREATE` changes none, whatever ran before it).
fn run_result(connection: &Connection, before: u64, safe: bool, context: &mut Context) -> JsValue {
    let changes = connection.total_changes().saturating_sub(before);
    let rowid = integer(connection.last_insert_rowid(), safe);
    array(vec![JsValue::from(changes as f64), rowid], context)
}

/// An SQLite integer as JS sees it: a number (losing precision past 2^53,
/// as Bun does by default), or a bigint when the database or statement asks
/// for `safeIntegers`.
fn integer(value: i64, safe: bool) -> JsValue {
    if safe {
        JsBigInt::from(value).into()
    } else if let Ok(small) = i32::try_from(value) {
        JsValue::from(small)
    } else {
        JsValue::from(value as f64)
    }
}

/// One column of a row as a JS value; a BLOB is a new `Uint8Array`.
fn from_sql(value: ValueRef<'_>, safe: bool, context: &mut Context) -> JsResult<JsValue> {
    Ok(match value {
        ValueRef::Null => JsValue::null(),
        ValueRef::Integer(i) => integer(i, safe),
        ValueRef::Real(f) => JsValue::from(f),
        ValueRef::Text(bytes) => JsString::from(String::from_utf8_lossy(bytes).as_ref()).into(),
        ValueRef::Blob(bytes) => {
            let buffer =
                JsArrayBuffer::from_byte_block(AlignedVec::from_slice(64, bytes), context)?;
            JsUint8Array::from_array_buffer(buffer, context)?.into()
        }
    })
}

/// The values to bind, in parameter order, from the JS array the prelude
/// built (it has already looked named parameters up).
fn bindings(values: &JsValue, context: &mut Context) -> JsResult<Vec<Value>> {
    let Some(values) = values.as_object() else {
        return Ok(Vec::new());
    };
    let length = values
        .get(js_string!("length"), context)?
        .to_length(context)?;
    (0..length)
        .map(|index| {
            let value = values.get(index, context)?;
            to_sql(&value, context)
        })
        .collect()
}

/// A JS value as an SQLite value, by Bun's rules: an integral number that
/// fits 64 bits is an INTEGER and any other number a REAL, a boolean is 0 or
/// 1, a bigint must fit 64 bits, a typed array, DataView or ArrayBuffer is a
/// BLOB, `null` and `undefined` are NULL.
fn to_sql(value: &JsValue, context: &mut Context) -> JsResult<Value> {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if value.is_null_or_undefined() {
        return Ok(Value::Null);
    }
    if let Some(flag) = value.as_boolean() {
        return Ok(Value::Integer(i64::from(flag)));
    }
    if let Some(number) = value.as_number() {
        let integral = number.fract() == 0.0
            && !(number == 0.0 && number.is_sign_negative())
            && (-TWO_63..TWO_63).contains(&number);
        return Ok(if integral {
            Value::Integer(number as i64)
        } else {
            Value::Real(number)
        });
    }
    if let Some(big) = value.as_bigint() {
        return i64::try_from(big.as_inner())
            .ok()
            .map(Value::Integer)
            .ok_or_else(|| {
                JsNativeError::range()
                    .with_message(format!(
                        "BigInt value '{}' is out of range",
                        big.to_string_radix(10)
                    ))
                    .into()
            });
    }
    if let Some(text) = value.as_string() {
        return Ok(Value::Text(text.to_std_string_lossy()));
    }
    if let Some(object) = value.as_object() {
        if let Ok(buffer) = JsArrayBuffer::from_object(object.clone()) {
            return Ok(Value::Blob(buffer.to_vec().unwrap_or_default()));
        }
        let view = if let Ok(typed) = JsTypedArray::from_object(object.clone()) {
            Some((
                typed.buffer(context)?,
                typed.byte_offset(context)?,
                typed.byte_length(context)?,
            ))
        } else if let Ok(view) = JsDataView::from_object(object.clone()) {
            Some((
                view.buffer(context)?,
                view.byte_offset(context)? as usize,
                view.byte_length(context)? as usize,
            ))
        } else {
            None
        };
        if let Some((buffer, offset, length)) = view {
            return Ok(Value::Blob(view_bytes(&buffer, offset, length)));
        }
    }
    Err(JsNativeError::typ()
        .with_message("Binding expected string, TypedArray, boolean, number, bigint or null")
        .into())
}

/// The bytes a typed array or DataView sees of its buffer; none when the
/// buffer is detached (or shared, which SQLite cannot be handed safely).
fn view_bytes(buffer: &JsValue, offset: usize, length: usize) -> Vec<u8> {
    let Some(buffer) = buffer
        .as_object()
        .and_then(|b| JsArrayBuffer::from_object(b.clone()).ok())
    else {
        return Vec::new();
    };
    let Some(data) = buffer.data() else {
        return Vec::new();
    };
    data.get(offset..offset.saturating_add(length))
        .map(<[u8]>::to_vec)
        .unwrap_or_default()
}

/// An SQLite failure as Bun throws it: an `Error` named `SQLiteError` with
/// SQLite's message, the extended result code's name as `code`, its number
/// as `errno`, and where a syntax error sits in the SQL as `byteOffset`.
fn sqlite_error(failure: &rusqlite::Error, context: &mut Context) -> JsError {
    let (code, message, offset) = match failure {
        rusqlite::Error::SqliteFailure(code, message) => (
            code.extended_code,
            message
                .clone()
                .unwrap_or_else(|| ffi::code_to_str(code.extended_code).to_string()),
            -1,
        ),
        rusqlite::Error::SqlInputError {
            error, msg, offset, ..
        } => (error.extended_code, msg.clone(), *offset),
        other => return error(other.to_string()),
    };
    let object = JsNativeError::error()
        .with_message(message)
        .into_opaque(context);
    let fields = [
        ("code", JsString::from(code_name(code)).into()),
        ("errno", JsValue::from(code)),
        ("byteOffset", JsValue::from(offset)),
    ];
    for (key, value) in fields {
        if let Err(e) = object.create_data_property_or_throw(JsString::from(key), value, context) {
            return e;
        }
    }
    let name = boa_engine::property::PropertyDescriptor::builder()
        .value(js_string!("SQLiteError"))
        .writable(true)
        .enumerable(false)
        .configurable(true);
    if let Err(e) = object.define_property_or_throw(js_string!("name"), name, context) {
        return e;
    }
    JsError::from_opaque(object.into())
}

/// The name of an SQLite result code (`SQLITE_CONSTRAINT_UNIQUE`); an
/// extended code this table lacks is named by its primary code.
fn code_name(code: i32) -> &'static str {
    macro_rules! names {
        ($($name:ident),* $(,)?) => {
            &[$((ffi::$name, stringify!($name))),*]
        };
    }
    const NAMES: &[(i32, &str)] = names![
        SQLITE_ERROR,
        SQLITE_INTERNAL,
        SQLITE_PERM,
        SQLITE_ABORT,
        SQLITE_BUSY,
        SQLITE_LOCKED,
        SQLITE_NOMEM,
        SQLITE_READONLY,
        SQLITE_INTERRUPT,
        SQLITE_IOERR,
        SQLITE_CORRUPT,
        SQLITE_NOTFOUND,
        SQLITE_FULL,
        SQLITE_CANTOPEN,
        SQLITE_PROTOCOL,
        SQLITE_EMPTY,
        SQLITE_SCHEMA,
        SQLITE_TOOBIG,
        SQLITE_CONSTRAINT,
        SQLITE_MISMATCH,
        SQLITE_MISUSE,
        SQLITE_NOLFS,
        SQLITE_AUTH,
        SQLITE_FORMAT,
        SQLITE_RANGE,
        SQLITE_NOTADB,
        SQLITE_NOTICE,
        SQLITE_WARNING,
        SQLITE_ERROR_MISSING_COLLSEQ,
        SQLITE_ERROR_RETRY,
        SQLITE_ERROR_SNAPSHOT,
        SQLITE_IOERR_READ,
        SQLITE_IOERR_SHORT_READ,
        SQLITE_IOERR_WRITE,
        SQLITE_IOERR_FSYNC,
        SQLITE_IOERR_DIR_FSYNC,
        SQLITE_IOERR_TRUNCATE,
        SQLITE_IOERR_FSTAT,
        SQLITE_IOERR_UNLOCK,
        SQLITE_IOERR_RDLOCK,
        SQLITE_IOERR_DELETE,
        SQLITE_IOERR_NOMEM,
        SQLITE_IOERR_ACCESS,
        SQLITE_IOERR_CHECKRESERVEDLOCK,
        SQLITE_IOERR_LOCK,
        SQLITE_IOERR_CLOSE,
        SQLITE_IOERR_SHMOPEN,
        SQLITE_IOERR_SHMSIZE,
        SQLITE_IOERR_SHMLOCK,
        SQLITE_IOERR_SHMMAP,
        SQLITE_IOERR_SEEK,
        SQLITE_IOERR_DELETE_NOENT,
        SQLITE_IOERR_MMAP,
        SQLITE_IOERR_GETTEMPPATH,
        SQLITE_IOERR_CONVPATH,
        SQLITE_LOCKED_SHAREDCACHE,
        SQLITE_LOCKED_VTAB,
        SQLITE_BUSY_RECOVERY,
        SQLITE_BUSY_SNAPSHOT,
        SQLITE_BUSY_TIMEOUT,
        SQLITE_CANTOPEN_NOTEMPDIR,
        SQLITE_CANTOPEN_ISDIR,
        SQLITE_CANTOPEN_FULLPATH,
        SQLITE_CANTOPEN_CONVPATH,
        SQLITE_CANTOPEN_SYMLINK,
        SQLITE_CORRUPT_VTAB,
        SQLITE_CORRUPT_SEQUENCE,
        SQLITE_CORRUPT_INDEX,
        SQLITE_READONLY_RECOVERY,
        SQLITE_READONLY_CANTLOCK,
        SQLITE_READONLY_ROLLBACK,
        SQLITE_READONLY_DBMOVED,
        SQLITE_READONLY_CANTINIT,
        SQLITE_READONLY_DIRECTORY,
        SQLITE_ABORT_ROLLBACK,
        SQLITE_CONSTRAINT_CHECK,
        SQLITE_CONSTRAINT_COMMITHOOK,
        SQLITE_CONSTRAINT_FOREIGNKEY,
        SQLITE_CONSTRAINT_FUNCTION,
        SQLITE_CONSTRAINT_NOTNULL,
        SQLITE_CONSTRAINT_PRIMARYKEY,
        SQLITE_CONSTRAINT_TRIGGER,
        SQLITE_CONSTRAINT_UNIQUE,
        SQLITE_CONSTRAINT_VTAB,
        SQLITE_CONSTRAINT_ROWID,
        SQLITE_CONSTRAINT_PINNED,
        SQLITE_CONSTRAINT_DATATYPE,
        SQLITE_NOTICE_RECOVER_WAL,
        SQLITE_NOTICE_RECOVER_ROLLBACK,
        SQLITE_WARNING_AUTOINDEX,
        SQLITE_AUTH_USER,
    ];
    let find = |code: i32| NAMES.iter().find(|(c, _)| *c == code).map(|(_, n)| *n);
    find(code)
        .or_else(|| find(code & 0xff))
        .unwrap_or("SQLITE_ERROR")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn js(context: &mut Context, source: &str) -> JsValue {
        context
            .eval(boa_engine::Source::from_bytes(source))
            .unwrap()
    }

    fn bound(source: &str) -> Result<Value, String> {
        let mut context = Context::default();
        let value = js(&mut context, source);
        to_sql(&value, &mut context).map_err(|e| e.to_string())
    }

    #[test]
    fn numbers_bind_as_integers_only_when_integral_and_in_range() {
        assert_eq!(bound("42"), Ok(Value::Integer(42)));
        assert_eq!(bound("2 ** 40"), Ok(Value::Integer(1 << 40)));
        assert_eq!(bound("-(2 ** 63)"), Ok(Value::Integer(i64::MIN)));
        assert_eq!(bound("1.5"), Ok(Value::Real(1.5)));
        assert_eq!(bound("2 ** 63"), Ok(Value::Real(2f64.powi(63))));
        // -0 stays a REAL, or reading it back would lose its sign.
        assert!(matches!(bound("-0"), Ok(Value::Real(f)) if f == 0.0 && f.is_sign_negative()));
        assert_eq!(bound("true"), Ok(Value::Integer(1)));
        assert_eq!(bound("null"), Ok(Value::Null));
        assert_eq!(bound("undefined"), Ok(Value::Null));
    }

    #[test]
    fn bigints_bind_when_they_fit_64_bits() {
        assert_eq!(bound("9223372036854775807n"), Ok(Value::Integer(i64::MAX)));
        assert_eq!(bound("-5n"), Ok(Value::Integer(-5)));
        let error = bound("2n ** 70n").unwrap_err();
        assert!(
            error.contains("BigInt value '1180591620717411303424' is out of range"),
            "{error}"
        );
    }

    #[test]
    fn text_and_bytes_bind_as_text_and_blobs() {
        assert_eq!(bound("'é☃'"), Ok(Value::Text("é☃".into())));
        assert_eq!(
            bound("new Uint8Array([1, 2, 3]).subarray(1)"),
            Ok(Value::Blob(vec![2, 3]))
        );
        assert_eq!(
            bound("new Uint16Array([258]).buffer"),
            Ok(Value::Blob(258u16.to_ne_bytes().to_vec()))
        );
        assert_eq!(
            bound("new DataView(new Uint8Array([7, 8, 9]).buffer, 1, 1)"),
            Ok(Value::Blob(vec![8]))
        );
    }

    #[test]
    fn other_objects_are_refused_with_buns_message() {
        for source in ["({})", "new Date(0)", "Symbol('s')", "(() => 1)"] {
            let error = bound(source).unwrap_err();
            assert!(
                error.contains(
                    "Binding expected string, TypedArray, boolean, number, bigint or null"
                ),
                "{source}: {error}"
            );
        }
    }

    #[test]
    fn integers_read_back_as_numbers_or_bigints() {
        let mut context = Context::default();
        assert_eq!(
            from_sql(ValueRef::Integer(7), false, &mut context).unwrap(),
            JsValue::from(7)
        );
        let big = from_sql(ValueRef::Integer(i64::MAX), false, &mut context).unwrap();
        assert_eq!(big.as_number(), Some(9_223_372_036_854_775_807_f64));
        let safe = from_sql(ValueRef::Integer(i64::MAX), true, &mut context).unwrap();
        assert_eq!(
            safe.as_bigint().map(|b| b.to_string_radix(10)),
            Some("9223372036854775807".to_string())
        );
    }

    #[test]
    fn blobs_read_back_as_uint8_arrays() {
        let mut context = Context::default();
        let value = from_sql(ValueRef::Blob(&[1, 2, 250]), false, &mut context).unwrap();
        context
            .global_object()
            .set(js_string!("blob"), value, false, &mut context)
            .unwrap();
        let seen = js(
            &mut context,
            "blob instanceof Uint8Array && Array.from(blob).join(',')",
        );
        assert_eq!(
            seen.as_string().map(|s| s.to_std_string_escaped()),
            Some("1,2,250".into())
        );
        let text = from_sql(ValueRef::Text(b"caf\xc3\xa9"), false, &mut context).unwrap();
        assert_eq!(
            text.as_string().map(|s| s.to_std_string_escaped()),
            Some("café".into())
        );
    }

    #[test]
    fn failures_carry_buns_code_names() {
        assert_eq!(
            code_name(ffi::SQLITE_CONSTRAINT_UNIQUE),
            "SQLITE_CONSTRAINT_UNIQUE"
        );
        assert_eq!(code_name(ffi::SQLITE_READONLY), "SQLITE_READONLY");
        assert_eq!(
            code_name(ffi::SQLITE_CONSTRAINT | (99 << 8)),
            "SQLITE_CONSTRAINT"
        );
        let connection = Connection::open_in_memory().unwrap();
        connection
            .execute_batch("create table t (a unique); insert into t values (1)")
            .unwrap();
        let failure = connection
            .execute_batch("insert into t values (1)")
            .unwrap_err();
        let mut context = Context::default();
        let thrown = sqlite_error(&failure, &mut context)
            .into_opaque(&mut context)
            .unwrap();
        context
            .global_object()
            .set(js_string!("e"), thrown, false, &mut context)
            .unwrap();
        let seen = js(
            &mut context,
            "`${e.name}|${e.message}|${e.code}|${e.errno}|${Object.keys(e)}`",
        );
        assert_eq!(
            seen.as_string().map(|s| s.to_std_string_escaped()),
            Some("SQLiteError|UNIQUE constraint failed: t.a|SQLITE_CONSTRAINT_UNIQUE|2067|code,errno,byteOffset".into())
        );
    }

    #[test]
    fn the_first_statement_of_several_is_found() {
        let connection = Connection::open_in_memory().unwrap();
        assert_eq!(
            first_statement(&connection, "select 1").unwrap(),
            "select 1"
        );
        assert_eq!(
            first_statement(&connection, "select ';'; select 2").unwrap(),
            "select ';';"
        );
        connection.execute_batch("create table t (a)").unwrap();
        let trigger = "create trigger g after insert on t begin delete from t; select 1; end;";
        assert_eq!(
            first_statement(&connection, &format!("{trigger} select 2")).unwrap(),
            trigger
        );
    }

    #[test]
    fn a_failed_open_gives_sqlites_message_without_the_path() {
        let failure = Connection::open_with_flags(
            "/no/such/folder/x.db",
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
        )
        .unwrap_err();
        let rusqlite::Error::SqliteFailure(code, message) =
            without_path(failure, "/no/such/folder/x.db")
        else {
            panic!("not an SQLite failure");
        };
        assert_eq!(code.extended_code, ffi::SQLITE_CANTOPEN);
        assert_eq!(message.as_deref(), Some("unable to open database file"));
    }
}
