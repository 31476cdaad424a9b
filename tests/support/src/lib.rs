//! What the workspace's tests share, so that each crate's tests do not carry
//! their own copy: a recursive copy of a fixture tree into a scratch folder,
//! the list of projects with a golden plugin, a started daemon read up to its
//! "listening" line, and a stand-in HTTP/1.1 server on `127.0.0.1:0` (no test depends on the
//! internet). A dev-dependency only; it panics on a broken test setup.
//! `daemon_mix` is the daemon's load-and-faults mix, which the suite and
//! the full-count bench both run. [`external_tool`] is the one rule for a
//! test that needs a program the project does not build (Bun, node, tsc,
//! opencode, the SARIF Multitool, the MCP clients).

pub mod daemon_mix;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

/// Copies the tree at `from` into `to` (created if missing).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A started `beeuni daemon`: its process, the URL its "listening" line
/// named, and its stderr so far (copied by a thread until the daemon and its
/// workers close it).
pub struct Listening {
    pub child: Child,
    pub url: String,
    pub log: Arc<Mutex<String>>,
}

/// Spawns `command` (a `beeuni daemon …`) with piped output, collects its
/// stderr into the log, and waits for the line `beeuni daemon listening on
/// URL` on stdout.
pub fn start_listening(mut command: Command) -> Listening {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let log = Arc::new(Mutex::new(String::new()));
    let sink = log.clone();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let mut log = sink.lock().unwrap_or_else(|e| e.into_inner());
            log.push_str(&line);
            log.push('\n');
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let url = first
        .trim_end()
        .strip_prefix("beeuni daemon listening on ")
        .unwrap_or_else(|| panic!("no listening line: {first:?}"))
        .to_string();
    Listening { child, url, log }
}

/// Where the forwarding plugin's golden files live, under the workspace root.
pub const PLUGIN_GOLDEN_DIR: &str = "tests/golden/plugin";

/// The projects with a golden plugin, by golden name: the bundled example
/// and every project under `tests/fixtures/plugin/`. `cargo xtask codegen`
/// renders them and `tests/it/plugin.rs` checks them, from this one list.
pub fn plugin_golden_projects(root: &Path) -> Vec<(String, PathBuf)> {
    let mut projects = vec![("orders".to_string(), root.join("examples/orders"))];
    let mut fixtures: Vec<(String, PathBuf)> =
        std::fs::read_dir(root.join("tests/fixtures/plugin"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|dir| dir.join("beeuni.yaml").is_file())
            .map(|dir| (dir.file_name().unwrap().to_string_lossy().into_owned(), dir))
            .collect();
    fixtures.sort();
    projects.extend(fixtures);
    projects
}

/// One HTTP/1.1 request as the stand-in server read it.
#[derive(Debug, Clone)]
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

/// The answer a handler gives; `Content-Length` and `Connection: close` are added.
#[derive(Debug, Clone)]
pub struct Response {
    /// `200 OK`, `404 Not Found`, …
    pub status: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn new(status: &str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status: status.to_string(),
            headers: Vec::new(),
            body: body.into(),
        }
    }

    pub fn header(mut self, name: &str, value: &str) -> Response {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }
}

/// Starts a server on `127.0.0.1:0` that answers each request with
/// `handler`, one thread per connection; returns `http://127.0.0.1:PORT`.
pub fn serve(handler: impl Fn(Request) -> Response + Send + Sync + 'static) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let handler = std::sync::Arc::new(handler);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let handler = handler.clone();
            std::thread::spawn(move || {
                let Some(request) = read_request(&stream) else {
                    return;
                };
                let response = handler(request);
                let mut head = format!("HTTP/1.1 {}\r\n", response.status);
                for (name, value) in &response.headers {
                    head.push_str(&format!("{name}: {value}\r\n"));
                }
                head.push_str(&format!(
                    "Content-Length: {}\r\nConnection: close\r\n\r\n",
                    response.body.len()
                ));
                // The client may have gone away (an aborted fetch): nothing to do.
                let _ = stream.write_all(head.as_bytes());
                let _ = stream.write_all(&response.body);
            });
        }
    });
    base
}

/// Reads one request (line, headers, a `content-length` body) from `stream`;
/// `None` when the client went away first.
fn read_request(stream: &TcpStream) -> Option<Request> {
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
    let length: usize = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    let mut parts = request_line.split_whitespace();
    Some(Request {
        method: parts.next().unwrap_or("").to_string(),
        path: parts.next().unwrap_or("").to_string(),
        headers,
        body,
    })
}

/// Whether a test can run the program `what` it needs, `missing` saying why
/// not. `cargo xtask ci` installs every such program, so under CI
/// (`CI=true`) a missing one fails the test. In a plain `cargo test`
/// without those installs the test is skipped, and says so on the
/// terminal: written past the test harness's capture, so that a skip is
/// not read as a pass.
pub fn external_tool(what: &str, missing: Option<String>) -> bool {
    let Some(reason) = missing else {
        return true;
    };
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{what} cannot run under CI: {reason}");
    }
    let _ = writeln!(
        std::io::stderr(),
        "skipped: {what} cannot run: {reason} (`cargo xtask ci` installs it)"
    );
    false
}

/// `path` when it exists; else, through [`external_tool`], `None` (or a
/// failed test under CI) saying that `install` puts it there.
pub fn installed(what: &str, path: PathBuf, install: &str) -> Option<PathBuf> {
    let missing = (!path.exists()).then(|| format!("{} is missing ({install})", path.display()));
    external_tool(what, missing).then_some(path)
}

/// Bun from the parity fixture's pinned install, which the parity, package,
/// migrate, authoring and plugin suites all compare with.
pub fn bun(repo: &Path) -> Option<PathBuf> {
    installed(
        "bun",
        repo.join("tests/fixtures/parity/node_modules/.bin/bun"),
        "npm ci --prefix tests/fixtures/parity",
    )
}
