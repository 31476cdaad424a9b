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
    with_sandbox(sandbox, builtins, console, context, |context| {
        context.eval(Source::from_bytes(code.as_bytes()))
    })
}

/// Runs `run` in the entered realm with the sandbox's properties on its
/// global, and copies back what the run left there.
fn with_sandbox<T>(
    sandbox: Option<&JsObject>,
    builtins: &HashSet<PropertyKey>,
    console: JsValue,
    context: &mut Context,
    run: impl FnOnce(&mut Context) -> JsResult<T>,
) -> JsResult<T> {
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
    let result = run(context);
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

/// A `node:vm` module as the prelude holds it.
#[derive(Trace, Finalize, JsData)]
struct VmModuleHandle {
    #[unsafe_ignore_trace]
    module: boa_engine::Module,
}

pub(crate) fn module_of(value: &JsValue) -> JsResult<boa_engine::Module> {
    value
        .as_object()
        .and_then(|o| o.downcast_ref::<VmModuleHandle>().map(|h| h.module.clone()))
        .ok_or_else(|| type_error("vm: not a module"))
}

fn tool_loader(context: &Context) -> JsResult<std::rc::Rc<crate::loader::ToolLoader>> {
    context
        .downcast_module_loader::<crate::loader::ToolLoader>()
        .ok_or_else(|| error("vm modules need the runtime's module loader"))
}

/// `vmModuleParse(code, realm?)` → `[module, specifiers, hasTopLevelAwait]`:
/// a `SyntaxError` for code that does not parse as a module.
pub(super) fn vm_module_parse(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    use boa_engine::ast::operations::{ContainsSymbol, contains};
    use boa_engine::interner::Interner;
    use boa_engine::object::builtins::JsArray;
    use boa_engine::parser::Parser;
    let code = string_arg(args, 0, context)?;
    let realm = match arg(args, 1).as_object() {
        Some(handle) => Some(
            handle
                .downcast_ref::<VmRealm>()
                .ok_or_else(|| type_error("vm: not a context"))?
                .realm
                .clone(),
        ),
        None => None,
    };
    let module = boa_engine::Module::parse(Source::from_bytes(code.as_bytes()), realm, context)?;
    // The same text again, for what boa keeps to itself: the specifiers in
    // source order and whether an await sits at the top level.
    let mut interner = Interner::default();
    let ast = Parser::new(Source::from_bytes(code.as_bytes()))
        .parse_module(&boa_engine::ast::scope::Scope::new_global(), &mut interner)
        .map_err(|e| error(e.to_string()))?;
    let specifiers = ast
        .items()
        .requests()
        .into_iter()
        .map(|sym| JsValue::from(JsString::from(interner.resolve_expect(sym).to_string())))
        .collect::<Vec<_>>();
    let has_tla = contains(ast.items(), ContainsSymbol::AwaitExpression);
    let handle = JsObject::from_proto_and_data(None, VmModuleHandle { module });
    Ok(JsArray::from_iter(
        [
            handle.into(),
            JsArray::from_iter(specifiers, context).into(),
            JsValue::from(has_tla),
        ],
        context,
    )
    .into())
}

/// `vmModuleLink(module, specifiers, modules)`: what its imports are.
pub(super) fn vm_module_link(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let module = module_of(&arg(args, 0))?;
    let list = |index: usize, context: &mut Context| -> JsResult<Vec<JsValue>> {
        let object = arg(args, index)
            .as_object()
            .ok_or_else(|| type_error("vm: a list was expected"))?;
        let length = object
            .get(js_string!("length"), context)?
            .to_length(context)?;
        (0..length).map(|i| object.get(i, context)).collect()
    };
    let specifiers = list(1, context)?;
    let targets = list(2, context)?;
    let mut links = std::collections::HashMap::new();
    for (specifier, target) in specifiers.iter().zip(&targets) {
        links.insert(specifier.to_string(context)?, module_of(target)?);
    }
    tool_loader(context)?.vm_link(&module, links);
    Ok(JsValue::undefined())
}

/// `vmModuleMeta(module, fill)`: `fill(meta)` makes its `import.meta`.
pub(super) fn vm_module_meta(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let module = module_of(&arg(args, 0))?;
    let fill = arg(args, 1)
        .as_object()
        .ok_or_else(|| type_error("vm: a function was expected"))?;
    tool_loader(context)?.vm_meta(&module, fill);
    Ok(JsValue::undefined())
}

/// `vmModuleDynamic(module, load)`: `load(specifier)` answers its `import()`s
/// with a promise of a module handle.
pub(super) fn vm_module_dynamic(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let module = module_of(&arg(args, 0))?;
    let load = arg(args, 1)
        .as_object()
        .ok_or_else(|| type_error("vm: a function was expected"))?;
    tool_loader(context)?.vm_dynamic(&module, load);
    Ok(JsValue::undefined())
}

/// `vmModuleInstantiate(module)`: loads and links its graph now.
pub(super) fn vm_module_instantiate(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let module = module_of(&arg(args, 0))?;
    crate::loader::link_now(&module, context)
        .map_err(|e| e.unwrap_or_else(|| error("vm: the module's graph did not load at once")))?;
    Ok(JsValue::undefined())
}

/// `vmModuleEvaluate(module)` → `['fulfilled']`, `['rejected', reason]` for
/// a graph that ran synchronously, or `['pending', promise]`.
pub(super) fn vm_module_evaluate(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    use boa_engine::builtins::promise::PromiseState;
    use boa_engine::object::builtins::JsArray;
    let module = module_of(&arg(args, 0))?;
    // A module of a context sees the context object's properties as globals,
    // and what it leaves there is copied back, as for a script.
    let promise = match arg(args, 2).as_object() {
        Some(handle) => {
            let (realm, builtins) = {
                let vm_realm = handle
                    .downcast_ref::<VmRealm>()
                    .ok_or_else(|| type_error("vm: not a context"))?;
                (vm_realm.realm.clone(), vm_realm.builtins.clone())
            };
            let sandbox = arg(args, 1).as_object();
            let outer = context.enter_realm(realm);
            let promise = with_sandbox(
                sandbox.as_ref(),
                &builtins,
                JsValue::undefined(),
                context,
                |context| module.evaluate(context),
            );
            context.enter_realm(outer);
            promise?
        }
        None => module.evaluate(context)?,
    };
    // The prelude answers with a promise of its own.
    crate::event_loop::read_by_host(&promise, context);
    let (state, value) = match promise.state() {
        PromiseState::Fulfilled(_) => ("fulfilled", JsValue::undefined()),
        PromiseState::Rejected(reason) => ("rejected", reason),
        PromiseState::Pending => ("pending", promise.into()),
    };
    Ok(JsArray::from_iter([JsValue::from(js_string!(state)), value], context).into())
}

/// `vmModuleNamespace(module)` → its namespace object.
pub(super) fn vm_module_namespace(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let module = module_of(&arg(args, 0))?;
    Ok(module.namespace(context).into())
}
