use runtime::{CallContext, Host, HostConfig};
use std::path::Path;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args[2].parse().unwrap();
    let (mut a, mut b, mut c) = (0.0, 0.0, 0.0);
    for _ in 0..n {
        let t0 = Instant::now();
        let mut host = Host::new(HostConfig::new(&args[0])).unwrap();
        let t1 = Instant::now();
        host.load_tool("tool", Path::new(&args[1])).unwrap();
        let t2 = Instant::now();
        let _ = host.call("tool", r#"{"id":"A-1"}"#, CallContext::default());
        let t3 = Instant::now();
        a += (t1 - t0).as_secs_f64(); b += (t2 - t1).as_secs_f64(); c += (t3 - t2).as_secs_f64();
    }
    let f = 1000.0 / n as f64;
    println!("host {:.3} load {:.3} call {:.3} ms", a * f, b * f, c * f);
}
