//! Applying span edits to a text, as the checker does (its fixes are edits).

pub use checker::diagnostics::Edit;
pub use checker::diagnostics::edit::{EditError, apply};
