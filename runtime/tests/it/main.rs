//! The runtime's integration tests, in one test binary: the engine is
//! linked once, and `cargo test -p beeuni-runtime --test it -- limits::`
//! runs one subject. Each module is a subject; `common` holds the hosts and
//! fixtures they share.

mod apis;
mod calls;
mod common;
mod contract;
mod crypto;
mod hosted;
mod limits;
mod loading;
mod serving;
