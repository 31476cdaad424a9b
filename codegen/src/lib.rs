//! Files this product writes for the user: rewritten manifests and copied
//! tool modules.
//!
//! Everything here edits text by byte span, so a user's comments, quoting,
//! indentation and line endings survive; only brand-new files are rendered
//! whole. The crate reads projects through `checker` and never runs a module:
//! callers hand it the bytes it writes (for eject, the Beeuni tool source that
//! ships in the runtime).

pub mod atomic;
pub mod edit;
pub mod eject;
pub mod lock;
pub mod migrate;
pub mod new;
pub mod plugin;
pub mod types;
