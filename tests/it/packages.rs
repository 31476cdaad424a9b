//! The package suite: tools in `tests/fixtures/packages/` import popular
//! packages (installed by `cargo xtask ci` from the project's lockfile) and
//! must answer under `beeuni tools call` exactly as under Bun. The HTTP
//! clients talk to a stand-in server on 127.0.0.1. A package the runtime
//! cannot run yet is listed in `GAPS` with the reason, which docs/runtime.md's
//! list of what is not provided must cover; its case must still fail, so
//! the list cannot outlive the gap.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};
use test_support::{Response, serve};

fn project() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/packages")
}

/// Packages that do not run yet, with what they need.
const GAPS: &[(&str, &str)] = &[];

/// `{"zipped":true}` compressed with gzip: axios asks for compressed
/// answers and inflates them itself (through node:zlib's streams).
const GZIPPED: &[u8] = &[
    31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 170, 202, 44, 40, 72, 77, 81, 178, 42, 41, 42, 77,
    173, 5, 0, 132, 40, 188, 8, 15, 0, 0, 0,
];

fn stand_in_server() -> String {
    serve(|request| {
        if request.path == "/gzipped" {
            return Response::new("200 OK", GZIPPED)
                .header("Content-Type", "application/json")
                .header("Content-Encoding", "gzip");
        }
        let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
        let (status, answer) = match request.path.as_str() {
            "/orders/A-1" => (
                "200 OK",
                json!({"id": "A-1", "header": request.header("x-test")}),
            ),
            "/echo" => ("200 OK", json!({"method": request.method, "got": body})),
            "/v1/chat/completions" => (
                "200 OK",
                json!({"id": "c1", "object": "chat.completion", "created": 0, "model": body["model"],
                    "choices": [{"index": 0, "finish_reason": "stop",
                        "message": {"role": "assistant", "content": format!("auth {}", request.header("authorization").unwrap_or_default())}}]}),
            ),
            "/repos/beeuni/tools" => (
                "200 OK",
                json!({"full_name": "beeuni/tools", "auth": request.header("authorization")}),
            ),
            _ => ("404 Not Found", json!({"error": "not found"})),
        };
        Response::new(status, answer.to_string()).header("Content-Type", "application/json")
    })
}

/// A Unix-domain socket that answers each connection's first read with
/// `pong:` and what it read, as a local daemon or desktop bridge would.
fn unix_stand_in() -> String {
    use std::io::{Read, Write};
    let path =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("pong-{}.sock", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut buffer = [0; 256];
            let read = stream.read(&mut buffer).unwrap_or(0);
            let _ = stream.write_all(&[b"pong:", &buffer[..read]].concat());
        }
    });
    path.to_string_lossy().into_owned()
}

fn run(command: &mut Command) -> (i32, String, String) {
    let output = command
        .current_dir(project())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn each_package_answers_as_under_bun() {
    let Some(bun) = test_support::bun(Path::new(env!("CARGO_MANIFEST_DIR"))) else {
        return;
    };
    if test_support::installed(
        "the packages",
        project().join("node_modules/zod"),
        "npm ci --prefix tests/fixtures/packages",
    )
    .is_none()
    {
        return;
    }
    let base = stand_in_server();
    let http = json!({ "base": base });
    let unix = unix_stand_in();
    let mut cases: Vec<(&str, Value)> = [
        "lodash-es",
        "date-fns",
        "yaml",
        "marked",
        "csv-parse",
        "uuid",
        "zod",
    ]
    .iter()
    .map(|pkg| ("pure", json!({ "pkg": pkg })))
    .collect();
    cases.extend([
        ("octokit", http.clone()),
        ("http_client", http.clone()),
        ("axios", http.clone()),
        ("openai", http.clone()),
        ("cheerio", json!({})),
        ("terminal", json!({})),
        ("net_client", json!({ "base": base, "socket": unix })),
    ]);
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("packages-cache");
    let bun_call = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/parity/bun-call.ts");
    let mut failures = Vec::new();
    for (tool, args) in cases {
        let name = format!("{tool} {args}");
        let theirs = run(Command::new(&bun)
            .arg(&bun_call)
            .arg(tool)
            .arg(args.to_string()));
        assert_eq!(
            theirs.0, 0,
            "{name} fails under Bun itself: {}{}",
            theirs.1, theirs.2
        );
        let ours = run(crate::common::beeuni(&project())
            .args(["tools", "call", tool, "--args", &args.to_string()])
            .env("BEEUNI_CACHE_DIR", &cache));
        let same = (ours.0, &ours.1) == (theirs.0, &theirs.1);
        match GAPS.iter().find(|(gap, _)| *gap == tool) {
            None if !same => failures.push(format!(
                "{name}: differs from Bun\n--- bun\n{}\n--- beeuni (exit {})\n{}{}",
                theirs.1, ours.0, ours.1, ours.2
            )),
            Some(_) if same => failures.push(format!(
                "{name}: listed in GAPS but now answers as under Bun; remove it"
            )),
            Some((_, why)) if !ours.2.contains(why) => failures.push(format!(
                "{name}: listed in GAPS for `{why}`, but fails otherwise:\n{}",
                ours.2
            )),
            _ => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
