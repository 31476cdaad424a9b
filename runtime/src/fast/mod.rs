//! Native built-ins installed over boa's own where boa's are slow on the
//! work tools do, each producing exactly the result of the one it replaces
//! (each has a test that runs both on the same inputs).
//!
//! - [`regexp`]: `RegExp.prototype.exec` without boa 0.22's copy of the
//!   whole input on every call, and with fast paths for sticky, anchored and
//!   literal-prefixed patterns.
//! - [`json`]: `JSON.stringify` of plain data into one buffer, without boa
//!   0.22's copy of every member into its parent.
//! - [`sort`]: `Array.prototype.sort` and `toSorted` that answer a
//!   comparator which is not a consistent order (a shuffle), where boa
//!   0.22's panics.

pub(crate) mod json;
pub(crate) mod regexp;
pub(crate) mod sort;

use boa_engine::{Context, JsResult};

/// Installs every replacement into `context`'s realm.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    regexp::install(context)?;
    sort::install(context)?;
    json::install(context)
}
