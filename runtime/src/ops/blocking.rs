//! Operations that are one piece of blocking work (a file operation, a
//! compression, a password hash): read from the arguments on the host, run
//! as plain Rust, turned back into a JS value. The `*Sync` forms run it
//! inline; the promise forms run it on tokio's blocking pool, so a slow job
//! never holds up the host's other calls.

use std::cell::RefCell;

use boa_engine::{Context, JsResult, JsValue};

use super::error;

pub(super) trait Work: Sized + Send + 'static {
    type Done: Send + 'static;
    /// Names the work in the error for a blocking pool that failed.
    const NAME: &'static str;
    fn run(self) -> Self::Done;
    fn finish(done: Self::Done, context: &mut Context) -> JsResult<JsValue>;
}

/// Work that one op reads from its arguments alone (`fs.rs` instead names
/// an op per operation and reads each with its own name).
pub(super) trait FromArgs: Work {
    fn parse(args: &[JsValue], context: &mut Context) -> JsResult<Self>;
}

pub(super) fn inline<W: FromArgs>(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let work = W::parse(args, context)?;
    run_inline(work, context)
}

pub(super) async fn on_pool<W: FromArgs>(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let work = W::parse(args, &mut context.borrow_mut())?;
    run_on_pool(work, context).await
}

pub(super) fn run_inline<W: Work>(work: W, context: &mut Context) -> JsResult<JsValue> {
    W::finish(work.run(), context)
}

pub(super) async fn run_on_pool<W: Work>(
    work: W,
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let done = tokio::task::spawn_blocking(move || work.run())
        .await
        .map_err(|e| error(format!("{} failed: {e}", W::NAME)))?;
    W::finish(done, &mut context.borrow_mut())
}
