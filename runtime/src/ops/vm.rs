//! `node:vm`: code run in a realm of its own, as Node and Bun run it, with
//! its own `Array`, `Error` and global object.
//!
//! A context object's own properties are copied onto the realm's global
//! before the code runs, and what the code leaves on the global (its
//! `var`s, assignments to `globalThis`) is copied back afterwards, so the
//! sandbox reads as Node's contextified object does for a script that runs
//! to its end. Objects are shared, not copied. A `timeout` turns the
//! engine's loop and recursion limits into Node's catchable "timed out"
//! error; boa cannot interrupt code on a clock.

use std::collections::HashSet;

use boa_engine::error::EngineError;
use boa_engine::object::JsObject;
use boa_engine::property::PropertyKey;
use boa_engine::realm::Realm;
use boa_engine::{Context, JsData, JsResult, JsString, JsValue, Source, js_string};
// The derives below expand to `::boa_gc` paths, so the crate is a dependency.
use boa_gc::{Finalize, Trace};

use super::{arg, error, string_arg, type_error};

/// A realm for `vm.createContext`, and the names its fresh global has.
#[derive(Trace, Finalize, JsData)]
struct VmRealm {
    realm: Realm,
    #[unsafe_ignore_trace]
    builtins: HashSet<PropertyKey>,
}

/// `vmRealm()`: a new realm, as an object the prelude keeps per context.
pub(super) fn vm_realm(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let realm = context.create_realm()?;
    let outer = context.enter_realm(realm.clone());
    let keys = context.global_object().own_property_keys(context);
    context.enter_realm(outer);
    let builtins = keys?.into_iter().collect();
    Ok(JsObject::from_proto_and_data(None, VmRealm { realm, builtins }).into())
}

/// `vmRun(code, sandbox, realm, console, timeout)`.
pub(super) fn vm_run(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let code = string_arg(args, 0, context)?;
    let sandbox = arg(args, 1).as_object();
    let handle = arg(args, 2)
        .as_object()
        .ok_or_else(|| type_error("vm: no context"))?;
    let (realm, builtins) = {
        let vm_realm = handle
            .downcast_ref::<VmRealm>()
            .ok_or_else(|| type_error("vm: not a context"))?;
        (vm_realm.realm.clone(), vm_realm.builtins.clone())
    };
    let console = arg(args, 3).clone();
    let timeout = arg(args, 4).as_number();
    let outer = context.enter_realm(realm);
    let outcome = run_inside(&code, sandbox.as_ref(), &builtins, console, context);
    context.enter_realm(outer);
    outcome.map_err(|e| match (e.as_engine(), timeout) {
        (Some(EngineError::RuntimeLimit(_)), Some(ms)) => {
            error(format!("Script execution timed out after {ms}ms"))
        }
        _ => e,
    })
}

fn run_inside(
    code: &str,
    sandbox: Option<&JsObject>,
    builtins: &HashSet<PropertyKey>,
    console: JsValue,
    context: &mut Context,
) -> JsResult<JsValue> {
    let global = context.global_object();
    // Bun gives the new context the caller's console; Node gives none.
    if !console.is_undefined() {
        global.set(js_string!("console"), console.clone(), false, context)?;
    }
    if let Some(sandbox) = sandbox {
        for key in sandbox.own_property_keys(context)? {
            let value = sandbox.get(key.clone(), context)?;
            global.set(key, value, false, context)?;
        }
    }
    let result = context.eval(Source::from_bytes(code.as_bytes()));
    if let Some(sandbox) = sandbox {
        let console_key = PropertyKey::from(JsString::from("console"));
        for key in global.own_property_keys(context)? {
            let given = sandbox.has_own_property(key.clone(), context)?;
            if builtins.contains(&key) && !given {
                continue;
            }
            let value = global.get(key.clone(), context)?;
            // The console lent to the run is not the context's own, but a
            // `console` the code assigned is, as in Bun.
            if key == console_key && !given && JsValue::same_value(&value, &console) {
                continue;
            }
            sandbox.set(key, value, false, context)?;
        }
    }
    result
}

/// `vmCheck(code)`: a `SyntaxError` now for code that does not parse, as
/// `new vm.Script` throws it.
pub(super) fn vm_check(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let code = string_arg(args, 0, context)?;
    boa_engine::Script::parse(Source::from_bytes(code.as_bytes()), None, context)?;
    Ok(JsValue::undefined())
}
