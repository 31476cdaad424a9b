//! Links the `beeuni` binary as a position-dependent executable on Linux.
//!
//! Every `beeuni tools call` is a fresh process, and a position-independent
//! executable of this size applies ~100,000 relocations and faults in their
//! pages at each start — a measurable share of a cold tool call (see
//! `cargo xtask bench runtime`). The objects stay position-independent; only
//! the final link of the binary changes. The cost, ASLR for the binary's own
//! image, is weighed in ARCHITECTURE.md ("Cold start"), for the daemon and
//! its workers too, which run this binary.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=beeuni=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
