//! Shared by the runtime's integration tests: fixture paths and a host on a
//! thread with a large stack (boa recurses natively; test threads are small).

#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use runtime::{CallContext, Host, HostConfig, Limits};
use test_support::Response;

/// `tests/fixtures/runtime/<case>` at the repository root.
pub fn fixture(case: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/runtime")
        .join(case)
        .canonicalize()
        .unwrap()
}

/// Limits small enough that runaway fixtures stop quickly in debug builds.
pub fn test_limits() -> Limits {
    Limits {
        deadline: Duration::from_secs(20),
        loop_iterations: 1_000_000,
        recursion: 400,
        microtask_budget: Duration::from_secs(1),
        ..Limits::default()
    }
}

pub fn host_in(dir: PathBuf, limits: Limits) -> Host {
    let mut config = HostConfig::new(dir);
    config.limits = limits;
    Host::new(config).unwrap()
}

/// Runs `f` on a thread with a 64 MB stack and returns its result.
pub fn on_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

pub fn ctx() -> CallContext {
    CallContext::new("ses_1", "researcher", [("ORDERS_API_KEY", "secret-1")])
}

/// A small HTTP/1.1 server on 127.0.0.1:0 for fetch tests; returns its base URL.
///
/// Routes: `/json` (echoes `x-token`), `/echo` (method, body, content type),
/// `/bytes` (binary), `/redirect` (302 to /json), `/slow` (answers after 5 s),
/// anything else 404.
pub fn start_server() -> String {
    test_support::serve(|request| {
        let json = |value: serde_json::Value| {
            Response::new("200 OK", value.to_string()).header("Content-Type", "application/json")
        };
        match request.path.as_str() {
            "/json" => json(serde_json::json!({ "ok": true, "token": request.header("x-token") })),
            "/echo" => json(serde_json::json!({
                "method": request.method,
                "body": String::from_utf8_lossy(&request.body),
                "bytes": request.body,
                "contentType": request.header("content-type"),
            })),
            "/bytes" => Response::new("200 OK", vec![0, 1, 2, 255])
                .header("Content-Type", "application/octet-stream"),
            "/redirect" => Response::new("302 Found", Vec::new())
                .header("Content-Type", "text/plain")
                .header("Location", "/json"),
            "/slow" => {
                std::thread::sleep(Duration::from_secs(5));
                Response::new("200 OK", "late").header("Content-Type", "text/plain")
            }
            _ => Response::new("404 Not Found", "not here").header("Content-Type", "text/plain"),
        }
    })
}

/// Loads `tests/fixtures/runtime/<case>/tool.ts` as the tool `<case>`.
pub fn load_fixture(case: &str, limits: Limits) -> Host {
    let dir = fixture(case);
    let mut config = HostConfig::new(dir.clone());
    config.limits = limits;
    config
        .box_env
        .push(("FIXTURE_BOX_VAR".into(), "box-value".into()));
    let mut host = Host::new(config).unwrap();
    host.load_tool(case, &dir.join("tool.ts")).unwrap();
    host
}

/// Calls a tool and parses its JSON result, failing the test on a tool error.
pub fn call_json(host: &mut Host, tool: &str, args: serde_json::Value) -> serde_json::Value {
    let result = host.call(tool, &args.to_string(), ctx());
    match result.outcome {
        runtime::CallOutcome::Ok(text) => {
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
        }
        runtime::CallOutcome::ToolError(message) => {
            panic!("{tool} threw: {message}\nconsole: {:?}", result.console)
        }
    }
}
