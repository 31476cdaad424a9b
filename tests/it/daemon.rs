//! `beeuni daemon` as the harnesses and the plugin see it: the real binary on
//! 127.0.0.1:0, a real HTTP client, the HTTP contract of the README.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use reqwest::blocking::Client;
use serde_json::{Value, json};
use test_support::daemon_mix::{self, Answer, Kind, Verdict, call_body};

const TOKEN: &str = "test-token-3f9c-0123456789abcdef-0123";

/// A copy of the daemon fixture in a temp folder, with its own secret store,
/// runtime folder and cache.
struct Sandbox {
    dir: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Sandbox {
        let dir = tempfile::tempdir().unwrap();
        test_support::copy_tree(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/daemon/project"),
            &dir.path().join("project"),
        );
        Sandbox { dir }
    }

    fn project(&self) -> PathBuf {
        self.dir.path().join("project")
    }

    fn command(&self) -> Command {
        let mut command = crate::common::beeuni(&self.project());
        command
            .env("BEEUNI_SECRETS_DIR", self.dir.path().join("secrets"))
            .env("BEEUNI_RUNTIME_DIR", self.dir.path().join("run"))
            .env(
                "BEEUNI_CACHE_DIR",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("daemon-cache"),
            )
            .env("NO_COLOR", "1")
            // As on a developer's machine: the daemon's log must stay
            // readable even so (no worker backtraces).
            .env("RUST_BACKTRACE", "1");
        command
    }

    fn secrets(&self, args: &[&str], stdin: &str) -> std::process::Output {
        use std::io::Write;
        let mut child = self
            .command()
            .arg("secrets")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let written = child.stdin.take().unwrap().write_all(stdin.as_bytes());
        if let Err(e) = written {
            // A command that reads no standard input (`ls`, `rm`) may have
            // exited before the bytes were written.
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
        child.wait_with_output().unwrap()
    }

    fn start(&self, args: &[&str]) -> Daemon {
        self.start_with_token(args, Some(TOKEN))
    }

    fn start_with_token(&self, args: &[&str], token: Option<&str>) -> Daemon {
        self.start_with(args, token, &[])
    }

    /// Starts the daemon with `env` added to its environment.
    fn start_with(&self, args: &[&str], token: Option<&str>, env: &[(&str, &Path)]) -> Daemon {
        let mut command = self.command();
        command.arg("daemon").args(args);
        for (name, value) in env {
            command.env(name, value);
        }
        match token {
            Some(token) => command.env("BEEUNI_DAEMON_TOKEN", token),
            None => command.env_remove("BEEUNI_DAEMON_TOKEN"),
        };
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let log = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().unwrap();
        let sink = log.clone();
        let log_reader = std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut log = sink.lock().unwrap_or_else(|e| e.into_inner());
                log.push_str(&line);
                log.push('\n');
            }
        });
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        let url = first
            .trim_end()
            .strip_prefix("beeuni daemon listening on ")
            .unwrap_or_else(|| {
                panic!(
                    "no listening line; stdout: {first:?}, stderr: {}",
                    log.lock().unwrap_or_else(|e| e.into_inner())
                )
            })
            .to_string();
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        Daemon {
            child,
            log_reader: Some(log_reader),
            url,
            token: token.unwrap_or_default().to_string(),
            log,
            client: Client::builder()
                .timeout(Duration::from_secs(120))
                .build()
                .unwrap(),
        }
    }
}

struct Daemon {
    child: Child,
    /// Copies the daemon's stderr into `log` until the daemon and its workers close it.
    log_reader: Option<std::thread::JoinHandle<()>>,
    url: String,
    token: String,
    log: Arc<Mutex<String>>,
    client: Client,
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Daemon {
    fn call(&self, tool: &str, body: Value) -> Answer {
        self.post(tool, body.to_string().into_bytes(), Some(&self.token))
    }

    fn post(&self, tool: &str, body: Vec<u8>, token: Option<&str>) -> Answer {
        let mut request = self
            .client
            .post(format!("{}/beeuni/tools/{tool}", self.url))
            .header("content-type", "application/json")
            .body(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().unwrap())
    }

    fn get(&self, path: &str) -> Answer {
        answer(
            self.client
                .get(format!("{}{path}", self.url))
                .bearer_auth(&self.token)
                .send()
                .unwrap(),
        )
    }

    fn log(&self) -> String {
        self.log.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Waits (without asserting on time) until the log holds `text`.
    fn wait_for_log(&self, text: &str) {
        let start = Instant::now();
        while !self.log().contains(text) {
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "the log never showed {text:?}:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits (without asserting on time) until the daemon holds `calls`
    /// calls in flight (sent to a worker and not answered).
    fn wait_for_calls(&self, calls: u64, what: &str) {
        let start = Instant::now();
        while self.get("/beeuni/health").body["calls"] != calls {
            assert!(start.elapsed() < Duration::from_secs(60), "{what}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the daemon to exit and for the last of its log to be read:
    /// the process can be gone before the reader thread has seen its final
    /// lines.
    fn wait_exit(&mut self) -> std::process::ExitStatus {
        let status = self.child.wait().unwrap();
        if let Some(reader) = self.log_reader.take() {
            reader.join().unwrap();
        }
        status
    }

    fn terminate(&self) {
        nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(self.child.id() as i32),
            nix::sys::signal::Signal::SIGTERM,
        )
        .unwrap();
    }
}

fn answer(response: reqwest::blocking::Response) -> Answer {
    Answer::read(response).unwrap()
}

#[test]
fn the_http_contract() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1", "--no-watch", "--max-body", "64K"]);

    let ok = daemon.call(
        "echo",
        call_body(json!({"text": "hi"}), json!({"sessionId": "s1"})),
    );
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.body, json!({"output": "hi (agent beeuni, session s1)"}));

    let thrown = daemon.call("fails", call_body(json!({}), json!({})));
    assert_eq!(thrown.status, StatusCode::OK);
    assert_eq!(thrown.body, json!({"error": "the order service is down"}));

    // A hosted Beeuni tool is served too.
    let health = daemon.get("/beeuni/health");
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.body["status"], "ok");
    assert_eq!(health.body["generation"], 1);
    assert_eq!(health.body["skipped"], 1);
    assert_eq!(health.body["tools"], 9);

    for name in ["nope", "broken", "web_search"] {
        let missing = daemon.call(name, call_body(json!({}), json!({})));
        assert_eq!(missing.status, StatusCode::NOT_FOUND, "{name}");
        assert_eq!(
            missing.body,
            json!({"error": format!("no tool named {name} is loaded")})
        );
    }

    let denied = daemon.call("fails", call_body(json!({}), json!({"agent": "reader"})));
    assert_eq!(denied.status, StatusCode::FORBIDDEN, "{}", denied.body);
    assert!(denied.body["error"].as_str().unwrap().contains("reader"));

    // The experimental harness allows a subagent only what both lists allow;
    // the standard harness applies the subagent's own list.
    let both = |harness: &str| {
        daemon
            .call(
                "slow",
                call_body(
                    json!({"ms": 1}),
                    json!({"agent": "helper", "parentAgent": "reader", "harness": harness}),
                ),
            )
            .status
    };
    assert_eq!(both("experimental"), StatusCode::FORBIDDEN);
    assert_eq!(both("standard"), StatusCode::OK);

    for (body, what) in [
        (b"{not json".to_vec(), "malformed JSON"),
        (
            br#"{"args": [1], "context": {}}"#.to_vec(),
            "args not an object",
        ),
        (br#"{"args": {"text": "x"}}"#.to_vec(), "no context"),
    ] {
        let bad = daemon.post("echo", body, Some(TOKEN));
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{what}: {}", bad.body);
        assert!(bad.body["error"].is_string(), "{what}");
    }

    for token in [None, Some("wrong")] {
        let refused = daemon.post(
            "echo",
            call_body(json!({"text": "x"}), json!({}))
                .to_string()
                .into_bytes(),
            token,
        );
        assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    }

    // Over `--max-body 64K`; small enough that the client has sent it all
    // before the daemon answers and closes.
    let huge = format!(
        r#"{{"args": {{"text": "{}"}}, "context": {{}}}}"#,
        "a".repeat(100 << 10)
    );
    // The daemon answers 413 and closes without reading the rest; now and
    // then the kernel resets the connection before the client reads that
    // answer. A reset is retried; any answer must be 413.
    let mut refused_too_big = false;
    for _ in 0..5 {
        let sent = daemon
            .client
            .post(format!("{}/beeuni/tools/echo", daemon.url))
            .header("content-type", "application/json")
            .bearer_auth(TOKEN)
            .body(huge.clone().into_bytes())
            .send();
        match sent {
            Ok(response) => {
                assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
                // The unread rest of the body makes the connection unusable:
                // a client must not send its next call down it.
                assert_eq!(
                    response.headers().get("connection").map(|v| v.as_bytes()),
                    Some(&b"close"[..])
                );
                refused_too_big = true;
                break;
            }
            Err(e) => assert!(e.is_request() || e.is_body(), "{e}"),
        }
    }
    assert!(refused_too_big, "five resets in a row, never a 413");

    let flood = daemon.call("flood", call_body(json!({}), json!({})));
    assert_eq!(flood.status, StatusCode::OK);
    assert_eq!(flood.body["truncated"], true);
    assert_eq!(flood.body["bytes"], 3_000_000);
    assert_eq!(flood.body["lines"], 30_000);
    let spilled = flood.body["outputPath"].as_str().unwrap();
    assert_eq!(std::fs::metadata(spilled).unwrap().len(), 3_000_000);
    let _ = std::fs::remove_file(spilled);

    let log = daemon.log();
    let lines: Vec<&str> = log.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == "[tools] project tools that did not load")
        .unwrap_or_else(|| panic!("{log}"));
    assert!(
        lines[at + 1].starts_with(
            "  broken (tools/broken.ts): Cannot find package 'not-a-package-anywhere'"
        ),
        "{log}"
    );
}

#[test]
fn tools_listed_per_agent_and_harness() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
    let names = |query: &str| -> Vec<String> {
        let listed = daemon.get(&format!("/beeuni/tools{query}"));
        assert_eq!(listed.status, StatusCode::OK);
        listed.body["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        names(""),
        [
            "show", "echo", "fails", "slow", "runaway", "env", "flood", "hog", "hangs"
        ]
    );
    assert_eq!(names("?agent=reader&harness=standard"), ["echo", "env"]);
    assert_eq!(
        names("?agent=helper&harness=experimental&parentAgent=reader"),
        ["echo", "env"]
    );
    assert_eq!(
        daemon.get("/beeuni/tools?harness=weird").status,
        StatusCode::BAD_REQUEST
    );
    // An agent beeuni.yaml does not configure sees every tool (SPEC 2.3).
    assert_eq!(names("?agent=stranger").len(), 9);

    let listed = daemon.get("/beeuni/tools?agent=reader");
    assert_eq!(
        listed.body["tools"][0],
        json!({
            "name": "echo",
            "kind": "project",
            "source": "tools/echo.ts",
            "description": "Echoes its text and who called.",
            "parameters": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
        })
    );
}

#[test]
fn a_token_shorter_than_32_bytes_is_refused() {
    let sandbox = Sandbox::new();
    let mut child = sandbox
        .command()
        .args(["daemon", "--workers", "1", "--no-watch"])
        .env("BEEUNI_DAEMON_TOKEN", "short-token")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A daemon that accepted the token would say it listens, and run on.
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    if !first.is_empty() {
        let _ = child.kill();
        panic!("the daemon started with a short token: {first}");
    }
    let output = child.wait_with_output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("BEEUNI_DAEMON_TOKEN is 11 bytes long; a token must have at least 32"),
        "{stderr}"
    );
}

#[test]
fn the_runtime_file_holds_the_url_and_a_random_token() {
    use std::os::unix::fs::PermissionsExt;
    let sandbox = Sandbox::new();
    let daemon = sandbox.start_with_token(&["--workers", "1", "--no-watch"], None);
    let run_dir = sandbox.dir.path().join("run");
    let file = std::fs::read_dir(&run_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .unwrap();
    assert!(!file.starts_with(sandbox.project()));
    let mode = std::fs::metadata(&file).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    let content: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(content["url"], daemon.url.as_str());
    let token = content["token"].as_str().unwrap();
    assert_eq!(token.len(), 64);
    let call = daemon.post(
        "echo",
        call_body(json!({"text": "x"}), json!({}))
            .to_string()
            .into_bytes(),
        Some(token),
    );
    assert_eq!(call.status, StatusCode::OK);
    assert_eq!(
        daemon.get("/beeuni/health").status,
        StatusCode::UNAUTHORIZED
    );

    daemon.terminate();
    let mut daemon = daemon;
    assert!(daemon.child.wait().unwrap().success());
    assert!(!file.exists(), "the runtime file outlived the daemon");
}

#[test]
fn secrets_reach_only_granted_agents_and_changes_reach_the_next_call() {
    let sandbox = Sandbox::new();
    let set = sandbox.secrets(&["set", "GRANTED_KEY=-"], "first\n");
    assert!(
        set.status.success(),
        "{}",
        String::from_utf8_lossy(&set.stderr)
    );
    assert!(
        sandbox
            .secrets(&["set", "OTHER_KEY=-"], "hidden")
            .status
            .success()
    );
    let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
    let read = |agent: &str, name: &str| -> Value {
        let answer = daemon.call(
            "env",
            call_body(json!({"name": name}), json!({"agent": agent})),
        );
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        serde_json::from_str(answer.body["output"].as_str().unwrap()).unwrap()
    };
    assert_eq!(
        read("reader", "GRANTED_KEY"),
        json!({"context": "first", "process": null})
    );
    assert_eq!(
        read("reader", "OTHER_KEY"),
        json!({"context": null, "process": null})
    );
    // `beeuni` has `secrets: all`; an agent not configured gets none.
    assert_eq!(read("beeuni", "OTHER_KEY")["context"], "hidden");
    assert_eq!(read("stranger", "GRANTED_KEY")["context"], Value::Null);
    // The daemon's own token never reaches a tool.
    assert_eq!(
        read("beeuni", "BEEUNI_DAEMON_TOKEN"),
        json!({"context": null, "process": null})
    );

    assert!(
        sandbox
            .secrets(&["set", "GRANTED_KEY=-"], "second")
            .status
            .success()
    );
    assert_eq!(read("reader", "GRANTED_KEY")["context"], "second");
    assert!(sandbox.secrets(&["rm", "GRANTED_KEY"], "").status.success());
    assert_eq!(read("reader", "GRANTED_KEY")["context"], Value::Null);
}

#[test]
fn the_secrets_command_keeps_values_private() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let sandbox = Sandbox::new();
    let set = sandbox.secrets(&["set", "API_KEY=-"], "s3cr3t-value\n");
    assert!(set.status.success());
    let store_dir = sandbox.dir.path().join("secrets");
    // Beside the store only its lock file, which `set` and `rm` keep.
    let files: Vec<PathBuf> = std::fs::read_dir(&store_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_none_or(|e| e != "lock"))
        .collect();
    assert_eq!(
        files.len(),
        1,
        "a temporary file was left behind: {files:?}"
    );
    let store = &files[0];
    assert_eq!(
        std::fs::metadata(store).unwrap().permissions().mode() & 0o777,
        0o600
    );
    let stored: Value = serde_json::from_str(&std::fs::read_to_string(store).unwrap()).unwrap();
    // The line break `echo` adds is not part of the value.
    assert_eq!(stored, json!({"API_KEY": "s3cr3t-value"}));

    // Written through a new file and a rename, never in place.
    let inode = std::fs::metadata(store).unwrap().ino();
    assert!(
        sandbox
            .secrets(&["set", "SECOND=-"], "two")
            .status
            .success()
    );
    assert_ne!(std::fs::metadata(store).unwrap().ino(), inode);
    assert_eq!(std::fs::read_dir(&store_dir).unwrap().count(), 2);

    let ls = sandbox.secrets(&["ls"], "");
    let listed = String::from_utf8_lossy(&ls.stdout);
    assert_eq!(listed, "API_KEY\nSECOND\n");
    assert!(!String::from_utf8_lossy(&ls.stderr).contains("s3cr3t"));

    let inline = sandbox.secrets(&["set", "API_KEY=s3cr3t"], "");
    assert!(!inline.status.success());
    assert!(String::from_utf8_lossy(&inline.stderr).contains("NAME=-"));
    let bad_name = sandbox.secrets(&["set", "1BAD=-"], "x");
    assert!(!bad_name.status.success());
    assert!(!sandbox.secrets(&["rm", "NEVER_SET"], "").status.success());
}

#[test]
fn twenty_concurrent_secrets_set_keep_all_twenty() {
    let sandbox = Arc::new(Sandbox::new());
    let setters: Vec<_> = (0..20)
        .map(|i| {
            let sandbox = sandbox.clone();
            std::thread::spawn(move || sandbox.secrets(&["set", &format!("KEY_{i}=-")], "v"))
        })
        .collect();
    for setter in setters {
        let output = setter.join().unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let ls = sandbox.secrets(&["ls"], "");
    let mut listed: Vec<String> = String::from_utf8_lossy(&ls.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let mut expected: Vec<String> = (0..20).map(|i| format!("KEY_{i}")).collect();
    listed.sort();
    expected.sort();
    assert_eq!(listed, expected);
}

#[test]
fn a_secret_over_the_limit_is_refused_whole_and_an_over_full_store_can_be_cleared() {
    let sandbox = Sandbox::new();
    assert!(sandbox.secrets(&["set", "KEPT=-"], "old").status.success());
    let big = "x".repeat(1024 * 1024 + 1);
    let refused = sandbox.secrets(&["set", "BIG=-"], &big);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&refused.stderr),
        "error: the value of BIG is over 1048576 bytes, the most a secret may hold; nothing was stored\n"
    );
    // Exactly the limit, with the line break `echo` adds, is kept whole.
    let exact = "y".repeat(1024 * 1024);
    assert!(
        sandbox
            .secrets(&["set", "EXACT=-"], &format!("{exact}\n"))
            .status
            .success()
    );
    assert_eq!(
        String::from_utf8_lossy(&sandbox.secrets(&["ls"], "").stdout),
        "EXACT\nKEPT\n"
    );

    // A store pushed over its cap by hand: calls say what to do, and the
    // commands can still list and clear it.
    let store = std::fs::read_dir(sandbox.dir.path().join("secrets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .unwrap();
    let value = "z".repeat(1024 * 1024);
    let over: serde_json::Map<String, Value> = (0..5)
        .map(|i| (format!("S{i}"), Value::String(value.clone())))
        .collect();
    std::fs::write(&store, Value::Object(over).to_string()).unwrap();
    let call = sandbox
        .command()
        .args(["tools", "call", "echo", "--args", r#"{"text":"hi"}"#])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&call.stderr);
    assert!(!call.status.success(), "{stderr}");
    assert!(
        stderr.contains("over its cap of 4194304, so no secret is read from it")
            && stderr.contains("`beeuni secrets clear`"),
        "{stderr}"
    );
    assert_eq!(
        String::from_utf8_lossy(&sandbox.secrets(&["ls"], "").stdout),
        "S0\nS1\nS2\nS3\nS4\n"
    );
    let cleared = sandbox.secrets(&["clear"], "");
    assert!(cleared.status.success());
    assert_eq!(sandbox.secrets(&["ls"], "").stdout, b"");
    assert!(!store.exists());
}

#[test]
fn the_plugin_is_not_written_through_a_link_out_of_the_repository() {
    use std::os::unix::fs::symlink;
    // The plugin's folder linked out, then the plugin file itself.
    for link_file in [false, true] {
        let sandbox = Sandbox::new();
        let outside = tempfile::tempdir().unwrap();
        let config = sandbox.project().join("harnesses/opencode");
        std::fs::create_dir_all(&config).unwrap();
        let named = if link_file {
            std::fs::create_dir(config.join("plugin")).unwrap();
            std::fs::write(outside.path().join("victim.ts"), "outside\n").unwrap();
            symlink(
                outside.path().join("victim.ts"),
                config.join("plugin/beeuni.ts"),
            )
            .unwrap();
            "harnesses/opencode/plugin/beeuni.ts is a symbolic link to "
        } else {
            symlink(outside.path(), config.join("plugin")).unwrap();
            "harnesses/opencode/plugin is a symbolic link to "
        };
        let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
        daemon.wait_for_log("[plugin] ");
        let log = daemon.log();
        assert!(
            log.contains(named)
                && log.contains("outside the repository")
                && log.contains("the standard harness keeps the previous plugin"),
            "{log}"
        );
        let outside_files: Vec<(String, String)> = std::fs::read_dir(outside.path())
            .unwrap()
            .map(|e| {
                let path = e.unwrap().path();
                (
                    path.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read_to_string(&path).unwrap(),
                )
            })
            .collect();
        let expected: Vec<(String, String)> = if link_file {
            vec![("victim.ts".into(), "outside\n".into())]
        } else {
            Vec::new()
        };
        assert_eq!(outside_files, expected);
        // The daemon serves all the same.
        let ok = daemon.call("echo", call_body(json!({"text": "hi"}), json!({})));
        assert_eq!(ok.status, StatusCode::OK);
    }
}

/// The daemon's `host:port`.
fn address(daemon: &Daemon) -> &str {
    daemon.url.strip_prefix("http://").unwrap()
}

/// Whether the daemon has closed `stream` (or written to it): a read that
/// would block means it is still open and silent.
fn closed_by_daemon(stream: &std::net::TcpStream) -> bool {
    use std::io::Read;
    stream.set_nonblocking(true).unwrap();
    let mut byte = [0u8; 1];
    match (&*stream).read(&mut byte) {
        Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
        // End of stream (0) or a byte written: either way not silent.
        Ok(read) => read <= byte.len(),
    }
}

#[test]
fn idle_unauthenticated_connections_do_not_starve_an_authenticated_call() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1", "--no-watch", "--max-connections", "50"]);
    // More silent connections than the cap, all queued before the call's.
    let idle: Vec<std::net::TcpStream> = (0..60)
        .map(|_| std::net::TcpStream::connect(address(&daemon)).unwrap())
        .collect();
    let client = Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    let first = answer(
        client
            .post(format!("{}/beeuni/tools/echo", daemon.url))
            .bearer_auth(TOKEN)
            .json(&call_body(
                json!({"text": "through"}),
                json!({"sessionId": "s"}),
            ))
            .send()
            .unwrap(),
    );
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(
        first.body,
        json!({"output": "through (agent beeuni, session s)"})
    );
    // Answered while the silent connections were still there: only the
    // oldest gave way, one per newer connection (11), where waiting for a
    // free slot meant waiting for 50 of them to reach the header deadline.
    let open = idle.iter().filter(|s| !closed_by_daemon(s)).count();
    assert!(
        open >= 40,
        "only {open} of 60 idle connections were open when the call was answered"
    );
    // The call's connection is trusted now: a new wave of silent
    // connections does not close it, and it carries the next call.
    let more: Vec<std::net::TcpStream> = (0..60)
        .map(|_| std::net::TcpStream::connect(address(&daemon)).unwrap())
        .collect();
    let again = answer(
        client
            .post(format!("{}/beeuni/tools/echo", daemon.url))
            .bearer_auth(TOKEN)
            .json(&call_body(json!({"text": "again"}), json!({})))
            .send()
            .unwrap(),
    );
    assert_eq!(again.status, StatusCode::OK);
    drop((idle, more));
}

#[test]
fn a_body_sent_a_byte_at_a_time_is_cut_off_at_its_deadline() {
    use std::io::{Read, Write};
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1", "--no-watch", "--body-timeout", "3"]);
    let mut stream = std::net::TcpStream::connect(address(&daemon)).unwrap();
    let body = format!("{:<64}", r#"{"args":{"text":"slow"},"context":{}}"#);
    write!(
        stream,
        "POST /beeuni/tools/echo HTTP/1.1\r\nHost: daemon\r\nAuthorization: Bearer {TOKEN}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .unwrap();
    // One byte every 2 s, for at most 24 s: each byte comes well within any
    // idle timeout, so only a deadline on the whole body stops it.
    stream
        .set_read_timeout(Some(Duration::from_secs(2)))
        .unwrap();
    let mut answered = Vec::new();
    for byte in body.bytes().take(12) {
        if stream.write_all(&[byte]).is_err() {
            break;
        }
        let mut buffer = [0u8; 4096];
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                answered.extend_from_slice(&buffer[..n]);
                break;
            }
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => panic!("{e}"),
        }
    }
    // The rest of the answer, until the daemon closes the connection.
    let mut rest = Vec::new();
    let _ = stream.read_to_end(&mut rest);
    answered.extend_from_slice(&rest);
    let answered = String::from_utf8_lossy(&answered);
    assert!(
        answered.starts_with("HTTP/1.1 408"),
        "no 408 while the body trickled in: {answered:?}"
    );
    assert!(
        answered.contains("connection: close")
            && answered.ends_with(r#"{"error":"the request body did not arrive within 3 s"}"#),
        "{answered}"
    );
}

impl Sandbox {
    /// Adds `tools/NAME.ts` with `source` and declares it.
    fn add_tool(&self, name: &str, source: &str) {
        std::fs::write(self.project().join(format!("tools/{name}.ts")), source).unwrap();
        let manifest = self.project().join("beeuni.yaml");
        let text = std::fs::read_to_string(&manifest).unwrap();
        std::fs::write(
            &manifest,
            text.replacen(
                "tools:\n",
                &format!("tools:\n  {name}: tools/{name}.ts\n"),
                1,
            ),
        )
        .unwrap();
    }
}

#[test]
fn a_tool_writing_data_into_the_checkout_does_not_reload_the_project() {
    let sandbox = Sandbox::new();
    sandbox.add_tool(
        "keep",
        "import { mkdirSync, writeFileSync } from 'node:fs'\n\
         export default {\n\
           description: 'Keeps a counter in the checkout.',\n\
           parameters: { type: 'object', properties: { n: { type: 'number' } } },\n\
           execute(args: { n: number }, context: { directory: string }) {\n\
             mkdirSync(`${context.directory}/data`, { recursive: true })\n\
             writeFileSync(`${context.directory}/data/state.json`, JSON.stringify({ n: args.n }))\n\
             writeFileSync(`${context.directory}/data/state.yaml`, `n: ${args.n}\\n`)\n\
             return `kept ${args.n}`\n\
           },\n\
         }\n",
    );
    let daemon = sandbox.start(&["--workers", "1"]);
    for n in 0..5 {
        let kept = daemon.call("keep", call_body(json!({"n": n}), json!({})));
        assert_eq!(kept.body, json!({"output": format!("kept {n}")}));
    }
    // Well past the debounce: a reload the writes started would show by now.
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(daemon.get("/beeuni/health").body["generation"], 1);
    assert!(!daemon.log().contains("[reload]"), "{}", daemon.log());
    // A module's change still reloads.
    let echo = sandbox.project().join("tools/echo.ts");
    let text = std::fs::read_to_string(&echo).unwrap();
    std::fs::write(&echo, text.replace("Echoes", "Repeats")).unwrap();
    daemon.wait_for_log("[reload] generation 2");
}

#[test]
fn a_load_error_cannot_forge_log_lines_or_send_terminal_escapes() {
    let sandbox = Sandbox::new();
    sandbox.add_tool(
        "forger",
        "throw new Error('nope\\n[daemon] stopped\\u001b[2J\\u001b[31m')\nexport default {}\n",
    );
    let mut daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
    daemon.terminate();
    daemon.wait_exit();
    let log = daemon.log();
    assert!(
        log.contains("  forger (tools/forger.ts): nope\\n[daemon] stopped\\u{1b}[2J\\u{1b}[31m"),
        "{log}"
    );
    assert!(!log.contains('\u{1b}'), "{log:?}");
    // The one `[daemon] stopped` line is the daemon's own, at the end.
    assert_eq!(
        log.lines()
            .filter(|l| l.starts_with("[daemon] stopped"))
            .count(),
        1,
        "{log}"
    );
}

#[test]
fn two_daemons_on_one_project_do_not_delete_each_others_runtime_file() {
    let sandbox = Sandbox::new();
    let run_dir = sandbox.dir.path().join("run");
    let json_files = || -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&run_dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        files
    };
    let mut first = sandbox.start(&["--workers", "1", "--no-watch"]);
    // The file clients read, beside each daemon's own copy (`….<pid>.json`).
    let shared = json_files()
        .into_iter()
        .find(|p| !p.file_stem().unwrap().to_str().unwrap().contains('.'))
        .unwrap();
    let url_in_file = || -> Option<String> {
        let text = std::fs::read_to_string(&shared).ok()?;
        let value: Value = serde_json::from_str(&text).unwrap();
        Some(value["url"].as_str().unwrap().to_string())
    };
    assert_eq!(url_in_file().as_deref(), Some(first.url.as_str()));
    let mut second = sandbox.start(&["--workers", "1", "--no-watch"]);
    assert_eq!(url_in_file().as_deref(), Some(second.url.as_str()));

    // The newer one stops: clients find the one still running.
    second.terminate();
    assert!(second.wait_exit().success());
    assert_eq!(url_in_file().as_deref(), Some(first.url.as_str()));
    let call = daemon_via_file(&shared);
    assert_eq!(call, StatusCode::OK);

    // The last one stops: nothing is left.
    first.terminate();
    assert!(first.wait_exit().success());
    assert_eq!(json_files(), Vec::<PathBuf>::new());
}

/// A call to the daemon the runtime file at `path` names, with its token.
fn daemon_via_file(path: &Path) -> StatusCode {
    let value: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    Client::new()
        .post(format!(
            "{}/beeuni/tools/echo",
            value["url"].as_str().unwrap()
        ))
        .bearer_auth(value["token"].as_str().unwrap())
        .json(&call_body(json!({"text": "x"}), json!({})))
        .send()
        .unwrap()
        .status()
}

#[test]
fn the_daemon_removes_spilled_outputs_and_staged_folders_a_day_old() {
    let sandbox = Sandbox::new();
    let temp = sandbox.dir.path().join("tmp");
    std::fs::create_dir(&temp).unwrap();
    let two_days_ago = std::time::SystemTime::now() - Duration::from_secs(2 * 24 * 60 * 60);
    let old_output = temp.join("beeuni-tool-output-old.txt");
    let new_output = temp.join("beeuni-tool-output-new.txt");
    let old_folder = temp.join("beeuni-hosted-old");
    std::fs::write(&old_output, "x").unwrap();
    std::fs::write(&new_output, "x").unwrap();
    std::fs::create_dir(&old_folder).unwrap();
    for old in [&old_output, &old_folder] {
        std::fs::File::open(old)
            .unwrap()
            .set_modified(two_days_ago)
            .unwrap();
    }
    let daemon = sandbox.start_with(
        &["--workers", "1", "--no-watch"],
        Some(TOKEN),
        &[("TMPDIR", &temp)],
    );
    daemon.wait_for_log("[daemon] removed 2 spilled outputs and staged folders");
    assert!(!old_output.exists() && !old_folder.exists());
    assert!(new_output.exists());
    // A call's spill lands in the same folder and stays.
    let flood = daemon.call("flood", call_body(json!({}), json!({})));
    let spilled = PathBuf::from(flood.body["outputPath"].as_str().unwrap());
    assert!(
        spilled.starts_with(&temp) && spilled.exists(),
        "{spilled:?}"
    );
}

#[test]
fn a_call_past_its_deadline_is_answered_504_and_a_blocked_worker_is_replaced() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "2", "--timeout", "1", "--no-watch"]);
    let late = daemon.call("slow", call_body(json!({"ms": 60000}), json!({})));
    assert_eq!(late.status, StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(
        late.body,
        json!({"error": "the tool call did not finish within 1 s"})
    );
    // Without `ms` its promise can never settle: still the deadline's answer.
    let never = daemon.call("slow", call_body(json!({}), json!({})));
    assert_eq!(never.status, StatusCode::GATEWAY_TIMEOUT, "{}", never.body);
    let message = never.body["error"].as_str().unwrap();
    assert!(
        message.starts_with(
            "the tool call did not finish within 1 s: the tool's promise never settled"
        ),
        "{message}"
    );

    std::thread::scope(|scope| {
        let runaway = scope.spawn(|| daemon.call("runaway", call_body(json!({}), json!({}))));
        // While one worker is blocked, the other answers.
        for i in 0..5 {
            let ok = daemon.call(
                "echo",
                call_body(json!({"text": format!("n{i}")}), json!({"sessionId": "x"})),
            );
            assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
        }
        let runaway = runaway.join().unwrap();
        assert_eq!(runaway.status, StatusCode::GATEWAY_TIMEOUT);
    });
    daemon.wait_for_log(
        "[workers] a worker was replaced: a call blocked its worker past its 1 s deadline",
    );
    daemon.wait_for_log("[workers] the replacement worker is ready");
    // Both workers serve again.
    for i in 0..4 {
        let ok = daemon.call(
            "echo",
            call_body(json!({"text": format!("after{i}")}), json!({})),
        );
        assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    }
    let health = daemon.get("/beeuni/health");
    assert_eq!(health.body["workers"], 2);
}

/// Calls that land on a worker a runaway holds, before the daemon knows it
/// is blocked, never started: they must run on the other worker, not wait
/// with the runaway until their deadline.
#[test]
fn calls_queued_behind_a_runaway_run_on_another_worker() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "2", "--timeout", "4", "--no-watch"]);
    std::thread::scope(|scope| {
        let runaway = scope.spawn(|| daemon.call("runaway", call_body(json!({}), json!({}))));
        // The runaway reaches a worker (and blocks it) before the others.
        daemon.wait_for_calls(1, "the runaway never arrived");
        // Ties go to the first worker, so with the other worker busy with
        // these calls, about half of them are sent to the runaway's.
        let calls: Vec<_> = (0..8)
            .map(|i| {
                let daemon = &daemon;
                scope.spawn(move || {
                    let tag = format!("q{i}");
                    let answer =
                        daemon.call("slow", call_body(json!({"ms": 300, "tag": tag}), json!({})));
                    (tag, answer)
                })
            })
            .collect();
        for call in calls {
            let (tag, answer) = call.join().unwrap();
            assert_eq!(answer.status, StatusCode::OK, "{tag}: {}", answer.body);
            assert_eq!(
                answer.body,
                json!({"output": format!("slept 300 ms {tag}")})
            );
        }
        let runaway = runaway.join().unwrap();
        assert_eq!(runaway.status, StatusCode::GATEWAY_TIMEOUT);
    });
    daemon.wait_for_log("[workers] the replacement worker is ready");
    let ok = daemon.call("echo", call_body(json!({"text": "after"}), json!({})));
    assert_eq!(ok.status, StatusCode::OK);
}

/// With one worker there is nowhere else to send the calls queued behind a
/// runaway: they wait for the worker that replaces the blocked one and get
/// their own answers there, while the runaway gets its 504.
#[test]
fn calls_queued_behind_a_runaway_on_the_only_worker_run_on_its_replacement() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1", "--timeout", "2", "--no-watch"]);
    std::thread::scope(|scope| {
        let runaway = scope.spawn(|| daemon.call("runaway", call_body(json!({}), json!({}))));
        // The runaway is the worker's first call: the others queue behind it.
        daemon.wait_for_calls(1, "the runaway never arrived");
        let queued: Vec<_> = (0..4)
            .map(|i| {
                let daemon = &daemon;
                scope.spawn(move || {
                    let tag = format!("q{i}");
                    let answer = if i % 2 == 0 {
                        daemon.call(
                            "echo",
                            call_body(json!({"text": tag}), json!({"sessionId": tag})),
                        )
                    } else {
                        daemon.call("slow", call_body(json!({"ms": 50, "tag": tag}), json!({})))
                    };
                    (i, tag, answer)
                })
            })
            .collect();
        for call in queued {
            let (i, tag, answer) = call.join().unwrap();
            let right = if i % 2 == 0 {
                json!({"output": format!("{tag} (agent beeuni, session {tag})")})
            } else {
                json!({"output": format!("slept 50 ms {tag}")})
            };
            assert_eq!(answer.status, StatusCode::OK, "{tag}: {}", answer.body);
            assert_eq!(answer.body, right, "{tag}");
        }
        let runaway = runaway.join().unwrap();
        assert_eq!(runaway.status, StatusCode::GATEWAY_TIMEOUT);
        assert_eq!(
            runaway.body,
            json!({"error": "the tool call did not finish within 2 s"})
        );
    });
    assert!(
        daemon.log().contains(
            "[workers] a worker was replaced: a call blocked its worker past its 2 s deadline"
        ),
        "{}",
        daemon.log()
    );
    let health = daemon.get("/beeuni/health");
    assert_eq!(health.body["workers"], 1);
}

/// A call that settles in the engine turn in which another call then
/// blocks the worker keeps its answer: it is sent as soon as it settles,
/// and only the blocking call is lost with the worker.
#[test]
fn a_call_that_settled_before_another_blocked_the_worker_keeps_its_answer() {
    let sandbox = Sandbox::new();
    let tools = sandbox.project().join("tools");
    // The parked call waits for the blocking one to release it: its last
    // step is queued just before the blocking call's, in the same turn.
    std::fs::write(
        tools.join("parked.ts"),
        "export default {
  description: 'Waits for the releasing call, then answers after one microtask.',
  parameters: { type: 'object', properties: {} },
  async execute() {
    // The timer only keeps the promise from counting as one that can never settle.
    await new Promise((resolve) => { (globalThis as any).releaseParked = resolve; setTimeout(resolve, 60000) })
    await Promise.resolve()
    return 'done'
  },
}
",
    )
    .unwrap();
    std::fs::write(
        tools.join("releases.ts"),
        "export default {
  description: 'Releases the parked call, then blocks its thread in a catastrophic regular expression.',
  parameters: { type: 'object', properties: {} },
  async execute() {
    (globalThis as any).releaseParked()
    await Promise.resolve()
    await Promise.resolve()
    return String(/^(a+)+$/.test('a'.repeat(40) + 'b'))
  },
}
",
    )
    .unwrap();
    let manifest = sandbox.project().join("beeuni.yaml");
    let text = std::fs::read_to_string(&manifest).unwrap().replacen(
        "tools:\n",
        "tools:\n  parked: tools/parked.ts\n  releases: tools/releases.ts\n",
        1,
    );
    std::fs::write(&manifest, text).unwrap();
    // The parked call's deadline must outlast starting the second call on a
    // machine busy with other tests: 2 s once did not.
    let daemon = sandbox.start(&["--workers", "1", "--timeout", "6", "--no-watch"]);
    std::thread::scope(|scope| {
        let parked = scope.spawn(|| daemon.call("parked", call_body(json!({}), json!({}))));
        // The parked call is the worker's first: it starts before the other.
        daemon.wait_for_calls(1, "the parked call never arrived");
        let blocking = daemon.call("releases", call_body(json!({}), json!({})));
        assert_eq!(
            blocking.status,
            StatusCode::GATEWAY_TIMEOUT,
            "{}",
            blocking.body
        );
        let parked = parked.join().unwrap();
        assert_eq!(
            parked.status,
            StatusCode::OK,
            "{}\n{}",
            parked.body,
            daemon.log()
        );
        assert_eq!(parked.body, json!({"output": "done"}));
    });
    daemon.wait_for_log("[workers] a worker was replaced: a call blocked its worker");
}

/// The daemon's exit was once checked before the test had read the last
/// lines of its log ("[daemon] stopped"), a failure about one run in four
/// under load: `wait_exit` reads the log to its end first.
#[test]
fn sigterm_lets_calls_in_flight_finish_then_exits_zero() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
    std::thread::scope(|scope| {
        let in_flight = scope.spawn(|| {
            daemon.call(
                "slow",
                call_body(json!({"ms": 1500, "tag": "done"}), json!({})),
            )
        });
        // SIGTERM only once the call is in flight (health counts it).
        daemon.wait_for_calls(1, "the call never arrived");
        daemon.terminate();
        daemon.wait_for_log("SIGTERM: no new calls");
        let refused = answer(
            Client::new()
                .get(format!("{}/beeuni/health", daemon.url))
                .bearer_auth(TOKEN)
                .send()
                .unwrap(),
        );
        assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            refused.body,
            json!({"error": "the daemon is shutting down"})
        );
        let answer = in_flight.join().unwrap();
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(answer.body["output"], "slept 1500 ms done");
    });
    let mut daemon = daemon;
    let status = daemon.wait_exit();
    assert!(status.success(), "{status}; log:\n{}", daemon.log());
    assert!(
        daemon.log().contains("[daemon] stopped"),
        "{}",
        daemon.log()
    );
}

/// `beeuni tools call` builds `context.env` as the daemon does and keeps its
/// deadline even when the tool blocks where the runtime cannot stop it.
#[test]
fn tools_call_uses_the_same_secrets_and_ends_at_its_deadline() {
    let sandbox = Sandbox::new();
    assert!(
        sandbox
            .secrets(&["set", "GRANTED_KEY=-"], "k1")
            .status
            .success()
    );
    let call = |agent: &str, name: &str| {
        let output = sandbox
            .command()
            .args(["tools", "call", "env", "--agent", agent, "--args"])
            .arg(json!({"name": name}).to_string())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice::<Value>(&output.stdout).unwrap()
    };
    assert_eq!(call("reader", "GRANTED_KEY")["context"], "k1");
    assert_eq!(call("helper", "GRANTED_KEY")["context"], Value::Null);
    assert_eq!(call("stranger", "GRANTED_KEY")["context"], Value::Null);

    let runaway = sandbox
        .command()
        .args(["tools", "call", "runaway", "--timeout", "1"])
        .output()
        .unwrap();
    assert_eq!(runaway.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&runaway.stderr);
    assert!(
        stderr.contains("did not finish within its 1 s deadline and could not be stopped"),
        "{stderr}"
    );
}

#[test]
fn an_edit_reloads_between_calls_and_a_broken_manifest_keeps_the_last_good_tools() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1"]);
    let slow = sandbox.project().join("tools/slow.ts");
    let source = std::fs::read_to_string(&slow).unwrap();
    std::thread::scope(|scope| {
        let in_flight = scope.spawn(|| {
            daemon.call(
                "slow",
                call_body(json!({"ms": 2500, "tag": "old"}), json!({})),
            )
        });
        daemon.wait_for_calls(1, "the call in flight never arrived");
        std::fs::write(
            &slow,
            source.replace("`slept ${args.ms} ms", "`new code ${args.ms} ms"),
        )
        .unwrap();
        daemon
            .wait_for_log("[reload] generation 2: added -; removed -; changed slow; failed broken");
        // The call that started on the old code finishes on it.
        let answer = in_flight.join().unwrap();
        assert_eq!(answer.body, json!({"output": "slept 2500 ms old"}));
    });
    let next = daemon.call("slow", call_body(json!({"ms": 1, "tag": "x"}), json!({})));
    assert_eq!(next.body, json!({"output": "new code 1 ms x"}));
    assert_eq!(daemon.get("/beeuni/health").body["generation"], 2);

    let manifest = sandbox.project().join("beeuni.yaml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace("  flood: tools/flood.ts\n", "")).unwrap();
    daemon.wait_for_log("[reload] generation 3: added -; removed flood; changed -; failed broken");
    let gone = daemon.call("flood", call_body(json!({}), json!({})));
    assert_eq!(gone.status, StatusCode::NOT_FOUND);

    std::fs::write(&manifest, "tools: [unclosed\n").unwrap();
    daemon.wait_for_log("[reload] beeuni.yaml cannot be read");
    assert!(daemon.log().contains("still serving generation 3"));
    let still = daemon.call("echo", call_body(json!({"text": "up"}), json!({})));
    assert_eq!(still.status, StatusCode::OK);
    assert_eq!(daemon.get("/beeuni/health").body["generation"], 3);
}

#[test]
fn a_worker_that_exhausts_its_memory_costs_only_its_call() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1", "--no-watch", "--worker-memory", "1G"]);
    let hog = daemon.call("hog", call_body(json!({}), json!({})));
    assert_eq!(hog.status, StatusCode::OK);
    let error = hog.body["error"].as_str().unwrap();
    assert!(error.contains("ran out of memory"), "{error}");
    daemon.wait_for_log("[workers] the replacement worker is ready");
    let ok = daemon.call("echo", call_body(json!({"text": "still here"}), json!({})));
    assert_eq!(ok.body["output"], "still here (agent beeuni, session )");
    let log = daemon.log();
    assert!(!log.contains("stack backtrace"), "{log}");
    assert!(
        log.contains("[workers] a worker was replaced: it ran out of memory"),
        "{log}"
    );
}

#[test]
fn a_client_that_disconnects_aborts_the_call_and_kills_its_subprocess() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
    // In the checkout: the sandbox lets a tool write nowhere else.
    let note = sandbox.project().join("aborted.txt");
    let pid_file = sandbox.project().join("pid.txt");
    let impatient = Client::builder()
        .timeout(Duration::from_millis(1500))
        .build()
        .unwrap();
    let gave_up = impatient
        .post(format!("{}/beeuni/tools/hangs", daemon.url))
        .bearer_auth(TOKEN)
        .body(call_body(json!({"note": note, "pidFile": pid_file}), json!({})).to_string())
        .send();
    assert!(gave_up.is_err(), "the call was meant to outlast the client");
    let start = Instant::now();
    while !note.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the call's signal never aborted:\n{}",
            daemon.log()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let reason = std::fs::read_to_string(&note).unwrap();
    assert!(reason.contains("its caller went away"), "{reason}");
    let pid = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .to_string();
    let proc_stat = PathBuf::from(format!("/proc/{pid}/stat"));
    let alive = || std::fs::read_to_string(&proc_stat).is_ok_and(|stat| !stat.contains(") Z "));
    while alive() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the subprocess {pid} outlived its call"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // The worker goes on serving.
    let ok = daemon.call("echo", call_body(json!({"text": "next"}), json!({})));
    assert_eq!(ok.status, StatusCode::OK);
}

#[test]
fn a_quick_call_does_not_wait_for_a_slow_one_on_the_same_worker() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
    std::thread::scope(|scope| {
        let slow = scope.spawn(|| {
            daemon.call(
                "slow",
                call_body(json!({"ms": 4000, "tag": "slow"}), json!({})),
            )
        });
        daemon.wait_for_calls(1, "the slow call never arrived");
        let quick = daemon.call("echo", call_body(json!({"text": "quick"}), json!({})));
        assert_eq!(quick.status, StatusCode::OK);
        assert!(
            !slow.is_finished(),
            "the quick call waited for the slow one"
        );
        assert_eq!(slow.join().unwrap().body["output"], "slept 4000 ms slow");
    });
}

/// The load and faults test at small counts (`cargo xtask bench daemon
/// --faults` runs the same mix at full counts): concurrent calls mixing
/// tools that succeed, throw, time out, flood their output, block their
/// worker and hang in a subprocess, with malformed, unauthorised,
/// unknown-tool and denied requests and clients that disconnect. Every
/// answer matches its request or says plainly that a runaway's worker took
/// the call down with it; none is lost, and the daemon stays up.
#[test]
fn mixed_load_with_faults_gets_every_answer_right() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "2", "--timeout", "5", "--no-watch"]);
    const CALLS: usize = 160;
    let mix = daemon_mix::Mix {
        runaway: 8,
        times_out: 4,
        floods: 3,
        hangs: 8,
        disconnects: 8,
    };
    let clients = daemon_mix::Clients::new().unwrap();
    // In the checkout: a sandboxed tool writes nowhere else.
    let scratch = sandbox.project().join("scratch");
    std::fs::create_dir_all(&scratch).unwrap();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let collateral = std::sync::atomic::AtomicUsize::new(0);
    let seen = Mutex::new(std::collections::HashSet::new());
    std::thread::scope(|scope| {
        for _ in 0..8 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= CALLS {
                        break;
                    }
                    let id = format!("call-{i}");
                    let kind = mix.kind(i);
                    seen.lock().unwrap().insert(kind);
                    let outcome =
                        daemon_mix::send(&clients, &daemon.url, TOKEN, kind, &id, &scratch);
                    match daemon_mix::judge(kind, &id, &outcome) {
                        Verdict::Right => {}
                        // A runaway's own answer is never collateral.
                        Verdict::Collateral if kind != Kind::Runaway => {
                            collateral.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                        wrong => panic!("{id}: {wrong:?}\n{}", daemon.log()),
                    }
                }
            });
        }
    });
    assert_eq!(seen.into_inner().unwrap().len(), Kind::ALL.len());
    let lost = collateral.load(std::sync::atomic::Ordering::Relaxed);
    assert!(
        lost < CALLS / 4,
        "{lost} of {CALLS} calls were lost with a runaway's worker"
    );
    let health = daemon.get("/beeuni/health");
    assert_eq!(health.status, StatusCode::OK);
    let ok = daemon.call("echo", call_body(json!({"text": "end"}), json!({})));
    assert_eq!(ok.body["output"], "end (agent beeuni, session )");
}

#[test]
fn json_logs_carry_the_same_lines() {
    let sandbox = Sandbox::new();
    let daemon = sandbox.start(&["--workers", "1", "--no-watch", "--log-format", "json"]);
    daemon.wait_for_log("runtime file");
    let events: Vec<Value> = daemon
        .log()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let messages: Vec<&str> = events
        .iter()
        .filter_map(|e| e["fields"]["message"].as_str())
        .collect();
    let at = messages
        .iter()
        .position(|m| *m == "[tools] project tools that did not load")
        .unwrap_or_else(|| panic!("{messages:?}"));
    assert!(messages[at + 1].starts_with("  broken (tools/broken.ts): "));
    assert!(
        events
            .iter()
            .all(|e| e["timestamp"].is_string() && e["level"].is_string())
    );
}

/// What a tool can reach, and what it cannot: the calls of other agents,
/// the daemon's token and files, the daemon itself. The project's tools
/// `sh`, `fsread` and `fswrite` are the attacker's, run for `spy`.
mod containment {
    use super::*;

    const VICTIM_SECRET: &str = "victim-secret-7d1e";

    fn sandbox() -> Sandbox {
        let dir = tempfile::tempdir().unwrap();
        test_support::copy_tree(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/daemon/containment"),
            &dir.path().join("project"),
        );
        let sandbox = Sandbox { dir };
        let set = sandbox.secrets(&["set", "VICTIM_KEY=-"], VICTIM_SECRET);
        assert!(set.status.success(), "{set:?}");
        sandbox
    }

    /// Runs `command` with `/bin/sh` from a tool: `{status, stdout, stderr}`.
    fn sh(daemon: &Daemon, command: &str) -> Value {
        let answer = daemon.call(
            "sh",
            call_body(json!({"command": command}), json!({"agent": "spy"})),
        );
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        serde_json::from_str(answer.body["output"].as_str().unwrap()).unwrap()
    }

    fn victim_reads_its_secret(daemon: &Daemon, session: &str) {
        let answer = daemon.call(
            "env",
            call_body(
                json!({"name": "VICTIM_KEY"}),
                json!({"agent": "victim", "sessionId": session}),
            ),
        );
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "the victim's call {session} was lost: {}\n{}",
            answer.body,
            daemon.log()
        );
        let output: Value = serde_json::from_str(answer.body["output"].as_str().unwrap()).unwrap();
        assert_eq!(output, json!({"context": VICTIM_SECRET, "process": null}));
    }

    fn wait_for_file(path: &Path, daemon: &Daemon) {
        let start = Instant::now();
        while !path.exists() {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "{} never appeared:\n{}",
                path.display(),
                daemon.log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The one file of `dir` whose name ends with `suffix`.
    fn file_in(dir: &Path, suffix: &str) -> PathBuf {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.to_string_lossy().ends_with(suffix))
            .unwrap_or_else(|| panic!("no *{suffix} in {}", dir.display()))
    }

    /// Reads `path` in the worker itself (`node:fs`): the text, or why not.
    fn fsread(daemon: &Daemon, path: &Path) -> Value {
        let answer = daemon.call(
            "fsread",
            call_body(json!({"path": path}), json!({"agent": "spy"})),
        );
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        serde_json::from_str(answer.body["output"].as_str().unwrap()).unwrap()
    }

    #[test]
    fn a_tool_cannot_read_the_runtime_file_the_store_or_the_daemons_environment() {
        let sandbox = sandbox();
        let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
        // The tools can read the checkout: what follows is the sandbox
        // refusing, not a tool that reads nothing.
        let manifest = fsread(&daemon, &sandbox.project().join("beeuni.yaml"));
        assert!(
            manifest["text"].as_str().unwrap().contains("spy"),
            "{manifest}"
        );
        let runtime_file = file_in(&sandbox.dir.path().join("run"), ".json");
        let store = file_in(&sandbox.dir.path().join("secrets"), ".json");
        let environ = PathBuf::from(format!("/proc/{}/environ", daemon.child.id()));
        for path in [&runtime_file, &store, &environ] {
            let inside = fsread(&daemon, path);
            assert!(
                inside["text"].is_null() && inside["error"].as_str().unwrap().contains("EACCES"),
                "a tool read {}: {inside}",
                path.display()
            );
            let outside = sh(&daemon, &format!("cat {}", path.display()));
            let stdout = outside["stdout"].as_str().unwrap();
            assert!(
                outside["status"] != 0
                    && !stdout.contains(TOKEN)
                    && !stdout.contains(VICTIM_SECRET),
                "a subprocess read {}: {outside}",
                path.display()
            );
        }
    }

    #[test]
    fn a_tool_cannot_signal_the_daemon() {
        let sandbox = sandbox();
        let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
        let pid = daemon.child.id();
        let killed = sh(&daemon, &format!("kill -TERM {pid} && kill -KILL {pid}"));
        assert_ne!(killed["status"], 0, "{killed}");
        assert!(
            killed["stderr"].as_str().unwrap().contains("not permitted"),
            "{killed}"
        );
        assert_eq!(daemon.get("/beeuni/health").status, StatusCode::OK);
        victim_reads_its_secret(&daemon, "after the kill");
        assert!(!daemon.log().contains("SIGTERM"), "{}", daemon.log());
    }

    #[test]
    fn a_tools_setsid_child_is_gone_after_the_deadline() {
        let sandbox = sandbox();
        let daemon = sandbox.start(&["--workers", "1", "--no-watch", "--timeout", "2"]);
        let pid_file = sandbox.project().join("detached.pid");
        let answer = daemon.call(
            "sh",
            call_body(
                json!({"command": format!(
                    "setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! > {}; sleep 300",
                    pid_file.display()
                )}),
                json!({"agent": "spy"}),
            ),
        );
        assert_eq!(
            answer.status,
            StatusCode::GATEWAY_TIMEOUT,
            "{}",
            answer.body
        );
        let pid = std::fs::read_to_string(&pid_file).unwrap();
        // Running, or stopped: a killed process waits as a zombie until
        // its parent collects it, which is dead all the same.
        let running = || {
            std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).is_ok_and(|stat| {
                !stat
                    .rsplit_once(')')
                    .unwrap()
                    .1
                    .trim_start()
                    .starts_with('Z')
            })
        };
        // The daemon kills it once the worker has no call in flight; the
        // 504 may come first, so wait (without asserting on time) for it.
        let start = Instant::now();
        while running() {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "the setsid child {} outlived its call's deadline:\n{}",
                pid.trim(),
                daemon.log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        victim_reads_its_secret(&daemon, "after the sweep");
    }

    #[test]
    fn calls_of_agents_granted_other_secrets_never_share_a_worker() {
        let sandbox = sandbox();
        let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
        let pid = |agent: &str| {
            let answer = daemon.call("pid", call_body(json!({}), json!({"agent": agent})));
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
            answer.body["output"].as_str().unwrap().to_string()
        };
        let spy = pid("spy");
        let victim = pid("victim");
        assert_ne!(spy, victim, "one worker ran calls of two grants");
        // One worker per grant, not per agent or per call: `twin` is
        // granted what `victim` is.
        assert_eq!(pid("spy"), spy);
        assert_eq!(pid("twin"), victim);
        victim_reads_its_secret(&daemon, "in its own pool");
    }

    #[test]
    fn a_confined_tool_still_runs_the_systems_programs_in_the_checkout() {
        let sandbox = sandbox();
        let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
        // git reads the user's configuration, and refuses to run when it
        // exists but cannot be read.
        let git = sh(
            &daemon,
            "git init -q repo && cd repo && git -c user.email=t@t.invalid -c user.name=t commit -q --allow-empty -m m && git log --format=%s",
        );
        assert_eq!(git["stdout"], "m\n", "{git}");
        let temp = sh(&daemon, "f=$(mktemp) && echo kept > $f && cat $f");
        assert_eq!(temp["stdout"], "kept\n", "{temp}");
    }

    /// Loading a module runs its top level: `validate --deep` and `plugin
    /// render` (which loads every tool for its description) run it
    /// confined as a worker does, so a module cannot read the store while
    /// CI or a developer merely checks it.
    #[test]
    fn validate_deep_and_plugin_render_load_modules_in_the_same_sandbox() {
        let sandbox = sandbox();
        let store = file_in(&sandbox.dir.path().join("secrets"), ".json");
        let project = sandbox.project();
        std::fs::write(
            project.join("tools/peek.ts"),
            format!(
                "import {{ readFileSync }} from 'node:fs'
let seen: string
try {{
  seen = readFileSync({store:?}, 'utf8')
}} catch (e: any) {{
  seen = 'refused ' + e.code
}}
if (seen.includes('VICTIM_KEY')) throw new Error('the top level read the store')
export default {{
  description: 'Peeks at load: ' + seen,
  parameters: {{ type: 'object', properties: {{}} }},
  execute() {{ return seen }},
}}
"
            ),
        )
        .unwrap();
        let manifest = project.join("beeuni.yaml");
        let text = std::fs::read_to_string(&manifest).unwrap().replacen(
            "tools:\n",
            "tools:\n  peek: tools/peek.ts\n",
            1,
        );
        std::fs::write(&manifest, text).unwrap();
        let deep = sandbox
            .command()
            .args(["validate", "--deep"])
            .output()
            .unwrap();
        assert!(deep.status.success(), "{deep:?}");
        let render = sandbox
            .command()
            .args(["plugin", "render"])
            .output()
            .unwrap();
        let plugin = String::from_utf8_lossy(&render.stdout);
        assert!(
            plugin.contains("Peeks at load: refused EACCES"),
            "{render:?}"
        );
    }

    #[test]
    fn tools_call_runs_in_the_same_sandbox() {
        let sandbox = sandbox();
        let store = file_in(&sandbox.dir.path().join("secrets"), ".json");
        let output = sandbox
            .command()
            .args(["tools", "call", "fsread", "--agent", "spy", "--args"])
            .arg(json!({"path": store}).to_string())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        let read: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert!(
            read["error"].as_str().unwrap().contains("EACCES"),
            "tools call read the store: {read}"
        );
        let off = sandbox
            .command()
            .args([
                "tools",
                "call",
                "fsread",
                "--sandbox",
                "off",
                "--agent",
                "spy",
                "--args",
            ])
            .arg(json!({"path": store}).to_string())
            .output()
            .unwrap();
        let read: Value = serde_json::from_slice(&off.stdout).unwrap();
        assert!(
            read["text"].as_str().unwrap().contains("VICTIM_KEY"),
            "--sandbox off still confined the tool: {read}"
        );
    }

    #[test]
    fn a_tool_reading_its_workers_descriptors_gets_no_other_call() {
        let sandbox = sandbox();
        let daemon = sandbox.start(&["--workers", "1", "--no-watch", "--timeout", "8"]);
        let snooping = sandbox.project().join("snooping");
        std::thread::scope(|scope| {
            // Readers on the worker's descriptors (its stdin and stdout were
            // the daemon's pipes), in the background of one call.
            let snoop = scope.spawn(|| {
                sh(
                    &daemon,
                    &format!(
                        "touch {}; for fd in 0 1 3 4 5 6; do timeout 3 cat /proc/$PPID/fd/$fd 2>/dev/null & done; wait",
                        snooping.display()
                    ),
                )
            });
            wait_for_file(&snooping, &daemon);
            // Sequencing only: the readers open their descriptors and wait.
            std::thread::sleep(Duration::from_millis(300));
            for i in 0..4 {
                victim_reads_its_secret(&daemon, &format!("victim-{i}"));
            }
            let seen = snoop.join().unwrap();
            let seen = seen["stdout"].as_str().unwrap();
            assert!(!seen.contains("victim"), "a tool read another call: {seen}");
        });
    }

    #[test]
    fn an_answer_forged_by_a_tool_changes_nothing() {
        let sandbox = sandbox();
        let daemon = sandbox.start(&["--workers", "1", "--no-watch"]);
        std::thread::scope(|scope| {
            let victim = scope.spawn(|| {
                daemon.call(
                    "slow",
                    call_body(
                        json!({"ms": 1500, "tag": "victim"}),
                        json!({"agent": "victim"}),
                    ),
                )
            });
            daemon.wait_for_calls(1, "the victim's call never reached its worker");
            let line = "{\"done\":{\"id\":$I,\"ok\":true,\"text\":\"forged\",\"timed_out\":false,\"stalled\":false,\"console\":[]}}\n";
            let forged = daemon.call(
                "fswrite",
                call_body(
                    json!({
                        "paths": ["/proc/self/fd/1", "/proc/self/fd/0", "/proc/self/fd/3", "/proc/self/fd/4"],
                        "text": line,
                        "times": 100,
                    }),
                    json!({"agent": "spy"}),
                ),
            );
            assert_eq!(forged.status, StatusCode::OK, "{}", forged.body);
            let answer = victim.join().unwrap();
            assert_eq!(answer.body, json!({"output": "slept 1500 ms victim"}));
        });
        victim_reads_its_secret(&daemon, "after");
    }
}
