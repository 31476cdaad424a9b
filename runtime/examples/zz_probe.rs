use boa_engine::{Context, Source, Script};
use std::time::Instant;
fn main() {
    let t = Instant::now();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    eprintln!("tokio rt {:?}", t.elapsed());
    let t = Instant::now();
    let mut ctx = Context::builder().build().unwrap();
    eprintln!("context build {:?}", t.elapsed());
    let t = Instant::now();
    use boa_runtime::extensions::*;
    boa_runtime::register_extensions((Base64Extension, TimeoutExtension, EncodingExtension, MicrotaskExtension, StructuredCloneExtension, UrlExtension), None, &mut ctx).unwrap();
    eprintln!("extensions {:?}", t.elapsed());
    let nocomment: String = include_str!("../src/js/internals.js").lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    for (name, src) in [("warm", "var x = 1; function f(a) { return a + 1; }"), ("internals-nocomment", nocomment.as_str()), ("internals", include_str!("../src/js/internals.js")), ("path", include_str!("../src/js/path.js")), ("dom", include_str!("../src/js/dom.js")), ("abort", include_str!("../src/js/abort.js"))] {
        let wrapped = format!("(function(host){{'use strict';\n{src}\n}})");
        let t = Instant::now();
        let s = Script::parse(Source::from_bytes(wrapped.as_bytes()), None, &mut ctx).unwrap();
        let p = t.elapsed();
        let t = Instant::now();
        let _ = s.codeblock(&mut ctx).unwrap();
        eprintln!("{name}: {} bytes parse {:?} compile {:?}", src.len(), p, t.elapsed());
    }
    drop(rt);
}
