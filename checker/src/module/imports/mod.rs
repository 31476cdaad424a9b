//! A module's imports: finding them in the syntax tree (`collect`), the
//! names that need no file (`builtins`), and resolving the rest the way Bun
//! does in the sandbox (`resolve`). Following the graph from file to file is
//! `module::graph`'s job.

pub mod builtins;
pub mod collect;
pub mod resolve;
pub mod resolver_options;
