//! Any bytes as a tool module's source: parsing, the contract rules and the
//! import collector must finish without a panic or a stack overflow.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    checker::module::fuzz_check_source(data);
});
