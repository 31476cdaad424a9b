//! Errors nothing can catch: what a timer callback throws, and promises
//! rejected with no handler once the microtasks have drained. Bun hands
//! them to `process.on('uncaughtException')` and
//! `process.on('unhandledRejection')` listeners, and without one its
//! process dies of them; here the call fails with the error's message, so
//! the model reads it instead of a call that never settles.

use std::cell::RefCell;

use boa_engine::builtins::promise::Promise;
use boa_engine::builtins::promise::{OperationType, PromiseState};
use boa_engine::context::HostHooks;
use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, JsError, JsObject, JsResult, JsValue, js_string};

use super::{Executor, Stop};

/// The promises rejected with no handler since the last check, as boa's
/// `HostPromiseRejectionTracker` reports them (a handler added in the same
/// turn takes its promise off again, as in Node).
#[derive(Default)]
pub(super) struct Unhandled(RefCell<Vec<JsObject<Promise>>>);

impl Unhandled {
    fn take(&self) -> Vec<JsObject<Promise>> {
        std::mem::take(&mut *self.0.borrow_mut())
    }

    pub(super) fn clear(&self) {
        self.0.borrow_mut().clear();
    }
}

impl HostHooks for Executor {
    fn promise_rejection_tracker(
        &self,
        promise: &JsObject<Promise>,
        operation: OperationType,
        _context: &mut Context,
    ) {
        let mut pending = self.unhandled.0.borrow_mut();
        match operation {
            OperationType::Reject => pending.push(promise.clone()),
            OperationType::Handle => pending.retain(|p| !JsObject::equals(p, promise)),
        }
    }
}

/// Emits `unhandledRejection` for each promise still rejected and
/// unhandled, or fails with the first one's reason when `process` has no
/// listener. `Ok(true)` when a listener ran (it may have queued jobs).
pub(super) fn unhandled_rejections(
    executor: &Executor,
    context: &mut Context,
) -> Result<bool, Stop> {
    let mut emitted = false;
    for promise in executor.unhandled.take() {
        let promise = JsPromise::from(promise);
        let PromiseState::Rejected(reason) = promise.state() else {
            continue;
        };
        let event = JsValue::from(js_string!("unhandledRejection"));
        match emit(&event, &[reason.clone(), promise.into()], context) {
            Ok(true) => emitted = true,
            Ok(false) => return Err(Stop::Fatal(crate::call::thrown_text(&reason, context))),
            Err(thrown) => return Err(Stop::Fatal(crate::call::error_text(&thrown, context))),
        }
    }
    Ok(emitted)
}

/// Hands an uncaught JS error to the `uncaughtException` listeners, or fails
/// the call with it when there are none (or a listener throws).
pub(super) fn uncaught(error: &JsError, context: &mut Context) -> Result<(), Stop> {
    let Ok(value) = error.clone().into_opaque(context) else {
        return Err(Stop::Fatal(crate::call::error_text(error, context)));
    };
    let event = JsValue::from(js_string!("uncaughtException"));
    match emit(&event, &[value.clone(), event.clone()], context) {
        Ok(true) => Ok(()),
        Ok(false) => Err(Stop::Fatal(crate::call::thrown_text(&value, context))),
        Err(thrown) => Err(Stop::Fatal(crate::call::error_text(&thrown, context))),
    }
}

/// `process.emit(event, ...args)` when the global `process` has a listener
/// for `event`; `false` when it has none.
fn emit(event: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<bool> {
    let process = context
        .global_object()
        .get(js_string!("process"), context)?;
    let Some(process) = process.as_object() else {
        return Ok(false);
    };
    let count = process.get(js_string!("listenerCount"), context)?;
    let Some(count) = count.as_callable() else {
        return Ok(false);
    };
    let listeners = count.call(
        &process.clone().into(),
        std::slice::from_ref(event),
        context,
    )?;
    if listeners.to_number(context)? < 1.0 {
        return Ok(false);
    }
    let emit = process.get(js_string!("emit"), context)?;
    let Some(emit) = emit.as_callable() else {
        return Ok(false);
    };
    let mut all = vec![event.clone()];
    all.extend_from_slice(args);
    emit.call(&process.clone().into(), &all, context)?;
    Ok(true)
}

/// Marks a promise the host reads itself (a call's, a module's evaluation)
/// as handled, so that its rejection is the call's error and not an
/// unhandled rejection.
pub(crate) fn read_by_host(promise: &JsPromise, context: &mut Context) {
    let ignore = boa_engine::NativeFunction::from_fn_ptr(|_, _, _| Ok(JsValue::undefined()))
        .to_js_function(context.realm());
    // `then` fails only on an engine limit, which the call then meets anyway.
    let _ = promise.then(None, Some(ignore), context);
}
