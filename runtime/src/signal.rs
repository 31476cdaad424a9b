//! `context.signal` of one call, and how the host aborts it at the deadline.
//!
//! The signal is made when the tool first reads it: most tools never do, and
//! an `AbortController` would cost a cold call the parsing of the prelude's
//! abort and dom units. A deadline that comes first is remembered, so a
//! signal first read after it comes out already aborted. A tool may assign
//! `context.signal`; it then reads back what it assigned.

use boa_engine::object::ObjectInitializer;
use boa_engine::{
    Context, JsData, JsNativeError, JsObject, JsResult, JsValue, NativeFunction, js_string,
};
use boa_gc::{Finalize, Trace};

use crate::internals;
use crate::js_value::{define_accessor_pair, error, function};

/// The state behind one call's `context.signal`.
pub(crate) struct CallSignal {
    /// `controller` (once made), `abortedWith` (a deadline before that),
    /// `replacement` (once the tool assigned one).
    slot: JsObject,
}

/// What a call context object carries: its signal's slot, which the
/// realm's one accessor pair finds through `this`.
#[derive(Trace, Finalize, JsData)]
struct CallData {
    slot: JsObject,
}

/// The `signal` getter and setter of a realm, made once: defining a
/// property with them is all a call pays.
struct Accessors {
    get: JsObject,
    set: JsObject,
}

impl CallSignal {
    /// A new, empty call context object and its signal; the object's
    /// properties come next, then [`CallSignal::define`] adds `signal`.
    pub(crate) fn new_context(context: &mut Context) -> (JsObject, CallSignal) {
        let slot = JsObject::with_null_proto();
        let object =
            ObjectInitializer::with_native_data(CallData { slot: slot.clone() }, context).build();
        (object, CallSignal { slot })
    }

    /// Defines the `signal` accessor on `call_context`, enumerable and
    /// configurable, as an assignment would leave it.
    pub(crate) fn define(&self, call_context: &JsObject, context: &mut Context) -> JsResult<()> {
        let (get, set) = match context.get_data::<Accessors>() {
            Some(accessors) => (accessors.get.clone(), accessors.set.clone()),
            None => {
                let accessors = accessors(context);
                let pair = (accessors.get.clone(), accessors.set.clone());
                context.insert_data(accessors);
                pair
            }
        };
        define_accessor_pair(call_context, js_string!("signal"), get, set, context)
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

/// The slot of the call context `this` is, or inherits from.
fn slot_of(this: &JsValue) -> Option<JsObject> {
    let mut current = this.as_object();
    for _ in 0..16 {
        let object = current?;
        if let Some(data) = object.downcast_ref::<CallData>() {
            return Some(data.slot.clone());
        }
        current = object.prototype();
    }
    None
}

fn accessors(context: &mut Context) -> Accessors {
    let get = NativeFunction::from_fn_ptr(|this, _, context| {
        let Some(slot) = slot_of(this) else {
            return Ok(JsValue::undefined());
        };
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
    });
    let set = NativeFunction::from_fn_ptr(|this, args, context| {
        if let Some(slot) = slot_of(this) {
            let value = args.first().cloned().unwrap_or_default();
            slot.create_data_property_or_throw(js_string!("replacement"), value, context)?;
        }
        Ok(JsValue::undefined())
    });
    Accessors {
        get: function(context, "get signal", 0, get),
        set: function(context, "set signal", 1, set),
    }
}
