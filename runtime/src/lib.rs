//! A boa-backed host that loads and executes tool modules.
