//! Timing probe for `cargo xtask bench runtime`: loads one tool and calls it.
//!
//! `runtime_bench once DIR MODULE ARGS` does what `beeuni tools call` does
//! (build a host, load, call once, print) so that a process-level cold start
//! can be timed from outside. `runtime_bench warm DIR MODULE ARGS N` prints one
//! JSON line: host creation, module load and first call in milliseconds, then
//! the mean of N further calls in microseconds.

use std::path::Path;
use std::time::Instant;

use runtime::{CallContext, CallOutcome, Host, HostConfig};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [mode, dir, module, call_args, rest @ ..] = args.as_slice() else {
        eprintln!("usage: runtime_bench once|warm DIR MODULE ARGS_JSON [N]");
        std::process::exit(2);
    };
    let context = || CallContext::new("bench", "bench", Vec::<(String, String)>::new());
    let t0 = Instant::now();
    // As `beeuni tools call` does.
    let mut config = HostConfig::new(dir);
    config.transpile_cache = runtime::default_cache_dir();
    let mut host = Host::new(config).expect("host");
    let t1 = Instant::now();
    host.load_tool("tool", Path::new(module))
        .unwrap_or_else(|e| panic!("{e}"));
    let t2 = Instant::now();
    let first = host.call("tool", call_args, context());
    let t3 = Instant::now();
    let CallOutcome::Ok(text) = first.outcome else {
        panic!("{:?}", first.outcome)
    };
    if mode == "once" {
        println!("{text}");
        return;
    }
    let n: u32 = rest.first().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let t4 = Instant::now();
    for _ in 0..n {
        let result = host.call("tool", call_args, context());
        assert!(matches!(result.outcome, CallOutcome::Ok(_)));
    }
    let per_call = t4.elapsed().as_secs_f64() * 1e6 / f64::from(n);
    let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1000.0;
    println!(
        "{{\"host_ms\":{:.3},\"load_ms\":{:.3},\"first_call_ms\":{:.3},\"warm_call_us\":{:.1}}}",
        ms(t0, t1),
        ms(t1, t2),
        ms(t2, t3),
        per_call
    );
}
