//! `context.signal` of one call, and how the host aborts it at the deadline.
//!
//! The signal is made when the tool first reads it: most tools never do, and
//! an `AbortController` would cost a cold call the parsing of the prelude's
//! abort and dom units. A deadline that comes first is remembered, so a
//! signal first read after it comes out already aborted. A tool may assign
//! `context.signal`; it then reads back what it assigned.

use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsValue, NativeFunction, js_string};

use crate::internals;
use crate::js_value::{define_accessor, error};

/// The state behind one call's `context.signal`.
pub(crate) struct CallSignal {
    /// `controller` (once made), `abortedWith` (a deadline before that),
    /// `replacement` (once the tool assigned one).
    slot: JsObject,
}

impl CallSignal {
    /// Defines the `signal` accessor on `call_context`.
    pub(crate) fn install(call_context: &JsObject, context: &mut Context) -> JsResult<CallSignal> {
        let slot = JsObject::with_null_proto();
        let get = NativeFunction::from_copy_closure_with_captures(
            |_, _, slot, context| {
                if slot.has_own_property(js_string!("replacement"), context)? {
                    return slot.get(js_string!("replacement"), context);
                }
                let controller = match slot.get(js_string!("controller"), context)?.as_object() {
                    Some(controller) => controller,
                    None => {
                        let controller = new_controller(context)?;
                        let aborted_with = slot.get(js_string!("abortedWith"), context)?;
                        if !aborted_with.is_undefined() {
                            abort(&controller, aborted_with, context)?;
                        }
                        slot.create_data_property_or_throw(
                            js_string!("controller"),
                            controller.clone(),
                            context,
                        )?;
                        controller
                    }
                };
                controller.get(js_string!("signal"), context)
            },
            slot.clone(),
        );
        let set = NativeFunction::from_copy_closure_with_captures(
            |_, args, slot, context| {
                let value = args.first().cloned().unwrap_or_default();
                slot.create_data_property_or_throw(js_string!("replacement"), value, context)?;
                Ok(JsValue::undefined())
            },
            slot.clone(),
        );
        define_accessor(call_context, "signal", get, set, context)?;
        Ok(CallSignal { slot })
    }

    /// Aborts the signal with a `TimeoutError` whose message is `message`
    /// (now, or when the tool first reads the signal).
    pub(crate) fn abort_with_message(&self, message: &str, context: &mut Context) -> JsResult<()> {
        let reason: JsValue = JsNativeError::error()
            .with_message(message.to_owned())
            .into_opaque(context)
            .into();
        if let Some(reason) = reason.as_object() {
            reason.set(
                js_string!("name"),
                js_string!("TimeoutError"),
                true,
                context,
            )?;
        }
        match self
            .slot
            .get(js_string!("controller"), context)?
            .as_object()
        {
            Some(controller) => abort(&controller, reason, context),
            None => self
                .slot
                .create_data_property_or_throw(js_string!("abortedWith"), reason, context)
                .map(|_| ()),
        }
    }
}

fn new_controller(context: &mut Context) -> JsResult<JsObject> {
    let class = internals::need_in("web/abort", context)?
        .as_object()
        .map(|abort| abort.get(js_string!("AbortController"), context))
        .transpose()?
        .and_then(|class| class.as_object())
        .ok_or_else(|| error("the abort unit has no AbortController"))?;
    class.construct(&[], None, context)
}

fn abort(controller: &JsObject, reason: JsValue, context: &mut Context) -> JsResult<()> {
    controller
        .get(js_string!("abort"), context)?
        .as_object()
        .ok_or_else(|| error("the AbortController has no abort"))?
        .call(&controller.clone().into(), &[reason], context)
        .map(|_| ())
}
