//! The body of the module checker's fuzz target: any bytes, as a TypeScript
//! and as a JavaScript tool module, through every check that needs no disk.

use std::path::Path;

use super::contract::check_contract;
use super::parse::{Language, STACK_SIZE, parse};
use super::read::decode;
use super::scan::{scan, walk};

/// Must never panic, overflow the stack or hang, whatever `bytes` hold.
pub fn fuzz_check_source(bytes: &[u8]) {
    let Ok(text) = decode(bytes.to_vec(), Path::new("fuzz.ts")) else {
        return;
    };
    // The fuzzer's own thread has a small stack; parsing needs the big one.
    let worker = std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(move || {
            for (language, commonjs) in [
                (Language::TypeScript, false),
                (Language::JavaScript, false),
                (Language::JavaScript, true),
            ] {
                let file = Path::new("fuzz.ts");
                if let Ok(program) = parse(&text, file, language, commonjs) {
                    let _ = check_contract(&program, file);
                    let _ = (scan(&program, &text), walk(&program));
                }
            }
        });
    match worker {
        // A panic inside is the fuzzer's finding: let it through.
        Ok(handle) => {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
        Err(e) => panic!("cannot start a parsing thread: {e}"),
    }
}
