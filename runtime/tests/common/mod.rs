//! Shared by the runtime's integration tests: fixture paths and a host on a
//! thread with a large stack (boa recurses natively; test threads are small).

#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use runtime::{CallContext, Host, HostConfig, Limits};

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
    CallContext {
        session_id: "ses_1".into(),
        agent: "researcher".into(),
        env: vec![("ORDERS_API_KEY".into(), "secret-1".into())],
        deadline: None,
    }
}

/// One HTTP/1.1 request as the tests' stand-in servers read it.
pub struct Request {
    pub method: String,
    pub path: String,
    /// Names lowercased.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads one request (line, headers, a `content-length` body) from `stream`;
/// `None` when the client went away first.
pub fn read_request(stream: &std::net::TcpStream) -> Option<Request> {
    use std::io::{BufRead, BufReader, Read};
    let mut reader = BufReader::new(stream.try_clone().ok()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line).ok()?;
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if let Some((k, v)) = line.trim_end().split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    let mut request = Request {
        method: String::new(),
        path: String::new(),
        headers,
        body: Vec::new(),
    };
    let length: usize = request
        .header("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    request.body = vec![0; length];
    reader.read_exact(&mut request.body).ok()?;
    let mut parts = request_line.split_whitespace();
    request.method = parts.next().unwrap_or("").to_string();
    request.path = parts.next().unwrap_or("").to_string();
    Some(request)
}

/// A small HTTP/1.1 server on 127.0.0.1:0 for fetch tests; returns its base URL.
///
/// Routes: `/json` (echoes `x-token`), `/echo` (method, body, content type),
/// `/bytes` (binary), `/redirect` (302 to /json), `/slow` (answers after 5 s),
/// anything else 404.
pub fn start_server() -> String {
    use std::io::Write;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            std::thread::spawn(move || {
                let Some(request) = read_request(&stream) else {
                    return;
                };
                let header = |name: &str| request.header(name).map(str::to_string);
                let (method, path, body) = (
                    request.method.clone(),
                    request.path.clone(),
                    request.body.clone(),
                );
                let (status, content_type, extra, payload): (&str, &str, String, Vec<u8>) =
                    match path.as_str() {
                        "/json" => (
                            "200 OK",
                            "application/json",
                            String::new(),
                            serde_json::json!({ "ok": true, "token": header("x-token") })
                                .to_string()
                                .into_bytes(),
                        ),
                        "/echo" => (
                            "200 OK",
                            "application/json",
                            String::new(),
                            serde_json::json!({
                                "method": method,
                                "body": String::from_utf8_lossy(&body),
                                "bytes": body,
                                "contentType": header("content-type"),
                            })
                            .to_string()
                            .into_bytes(),
                        ),
                        "/bytes" => (
                            "200 OK",
                            "application/octet-stream",
                            String::new(),
                            vec![0, 1, 2, 255],
                        ),
                        "/redirect" => (
                            "302 Found",
                            "text/plain",
                            "Location: /json\r\n".into(),
                            Vec::new(),
                        ),
                        "/slow" => {
                            std::thread::sleep(Duration::from_secs(5));
                            ("200 OK", "text/plain", String::new(), b"late".to_vec())
                        }
                        _ => (
                            "404 Not Found",
                            "text/plain",
                            String::new(),
                            b"not here".to_vec(),
                        ),
                    };
                let mut stream = stream;
                let head = format!(
                    "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n{extra}Connection: close\r\n\r\n",
                    payload.len()
                );
                let _ = stream.write_all(head.as_bytes());
                let _ = stream.write_all(&payload);
            });
        }
    });
    base
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
