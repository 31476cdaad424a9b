//! `beeuni mcp` (stdio) and the daemon's `/mcp` (Streamable HTTP) driven by
//! real MCP clients from npm (`tests/mcp/`, pinned: the 1.x SDK, the 2.x
//! client on both its revisions, the MCP Inspector's CLI, Claude Code on a
//! stand-in model), each line of the
//! mapping in docs/mcp.md checked against what `beeuni tools call` prints.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const TOKEN: &str = "mcp-test-token-of-at-least-32-bytes-long";

/// Fails with the whole text when `needle` is not in it.
#[track_caller]
fn assert_contains(text: &str, needle: &str) {
    assert!(text.contains(needle), "{needle:?} is not in:\n{text}");
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn clients_dir() -> PathBuf {
    repo().join("tests/mcp")
}

/// Whether node and the pinned clients are there. Under CI (`CI=true`) their
/// absence fails the test; a plain `cargo test` says what it skipped.
fn clients_installed() -> bool {
    let node = Command::new("node").arg("--version").output();
    let missing = if !node.is_ok_and(|o| o.status.success()) {
        Some("node is not on PATH".to_string())
    } else if !clients_dir()
        .join("node_modules/@modelcontextprotocol")
        .is_dir()
    {
        Some(format!(
            "{}/node_modules is missing: `cargo xtask ci` runs `npm ci` there",
            clients_dir().display()
        ))
    } else {
        None
    };
    test_support::external_tool("the MCP clients", missing)
}

/// A sandbox and a daemon on it started with `daemon_args`, when the
/// clients are installed.
fn with_clients(daemon_args: &[&str]) -> Option<(Sandbox, Daemon)> {
    if !clients_installed() {
        return None;
    }
    let sandbox = Sandbox::new();
    let daemon = sandbox.start_daemon(daemon_args);
    Some((sandbox, daemon))
}

/// A copy of `tests/fixtures/mcp/project` with its own secret store,
/// runtime folder and transpile cache.
struct Sandbox {
    dir: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Sandbox {
        let dir = tempfile::tempdir().unwrap();
        test_support::copy_tree(
            &repo().join("tests/fixtures/mcp/project"),
            &dir.path().join("project"),
        );
        Sandbox { dir }
    }

    fn project(&self) -> PathBuf {
        self.dir.path().join("project")
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn env(&self) -> Vec<(String, String)> {
        let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mcp-cache");
        [
            ("BEEUNI_SECRETS_DIR", self.path("secrets")),
            ("BEEUNI_RUNTIME_DIR", self.path("run")),
            ("BEEUNI_CACHE_DIR", cache),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.display().to_string()))
        .chain([("NO_COLOR".to_string(), "1".to_string())])
        .collect()
    }

    fn beeuni(&self) -> Command {
        let mut command = crate::common::beeuni(&self.project());
        command.envs(self.env());
        command
    }

    fn secret(&self, name: &str, value: &str) {
        let mut child = self
            .beeuni()
            .args(["secrets", "set", &format!("{name}=-")])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(value.as_bytes())
            .unwrap();
        assert!(child.wait().unwrap().success());
    }

    /// What `beeuni tools call NAME --args ARGS` prints, and its exit code.
    fn tools_call(&self, name: &str, args: Value) -> (String, i32) {
        let output = self
            .beeuni()
            .args(["tools", "call", name, "--args", &args.to_string()])
            .output()
            .unwrap();
        (
            String::from_utf8(output.stdout).unwrap(),
            output.status.code().unwrap_or(-1),
        )
    }

    /// The plan's `stdio` part: `beeuni -C PROJECT mcp ARGS`.
    fn stdio(&self, args: &[&str]) -> Value {
        let mut argv = vec![
            "-C".to_string(),
            self.project().display().to_string(),
            "mcp".to_string(),
        ];
        argv.extend(args.iter().map(|a| a.to_string()));
        json!({
            "command": env!("CARGO_BIN_EXE_beeuni"),
            "args": argv,
            "env": self.env().into_iter().map(|(k, v)| (k, Value::String(v))).collect::<serde_json::Map<_, _>>(),
        })
    }

    fn start_daemon(&self, args: &[&str]) -> Daemon {
        let mut command = self.beeuni();
        command
            .args(["daemon", "--no-plugin", "--workers", "2"])
            .args(args)
            .env("BEEUNI_DAEMON_TOKEN", TOKEN);
        let test_support::Listening { child, url, log } = test_support::start_listening(command);
        Daemon { child, url, log }
    }
}

struct Daemon {
    child: Child,
    url: String,
    log: Arc<Mutex<String>>,
}

impl Daemon {
    /// The plan's `http` part for `/mcp` with `query`.
    fn http(&self, query: &str) -> Value {
        json!({ "url": format!("{}/mcp{query}", self.url), "token": TOKEN })
    }

    fn log(&self) -> String {
        self.log.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits for `child`, killing it after `limit`: a hung client fails the
/// test instead of hanging it.
fn wait_at_most(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let output = child.wait_with_output().unwrap();
            panic!(
                "the MCP client did not finish within {limit:?}; stderr:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Runs `tests/mcp/drive.mjs` with `plan` for `client` and returns what it
/// saw: the negotiated revision first, then one answer per step.
fn drive(client: &str, revision: &str, transport: (&str, Value), steps: Value) -> Vec<Value> {
    let plan = json!({
        "client": client,
        "revision": revision,
        transport.0: transport.1,
        "steps": steps,
    });
    let child = Command::new("node")
        .arg(clients_dir().join("drive.mjs"))
        .arg(plan.to_string())
        .current_dir(clients_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let output = wait_at_most(child, Duration::from_secs(240));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let line = stdout.lines().last().unwrap_or("");
    let seen: Vec<Value> = serde_json::from_str(line)
        .unwrap_or_else(|e| panic!("{e}: the client printed {stdout:?}; stderr:\n{stderr}"));
    assert!(
        seen.iter().all(|s| s.get("fatal").is_none()),
        "{client} ({revision}) failed: {seen:#?}\nstderr:\n{stderr}"
    );
    assert_eq!(
        seen.len(),
        steps.as_array().unwrap().len() + 1,
        "{seen:#?}\nstderr:\n{stderr}"
    );
    seen
}

/// The clients each test runs: the 1.x SDK and the 2.x client on the
/// handshake revision (2025-11-25), the 2.x client on 2026-07-28.
const CLIENTS: [(&str, &str); 3] = [
    ("sdk", "legacy"),
    ("client", "legacy"),
    ("client", "2026-07-28"),
];

type Combo = (
    String,
    usize,
    &'static str,
    &'static str,
    (&'static str, Value),
);

/// Each client of [`CLIENTS`] over stdio (`beeuni mcp STDIO_ARGS`) and over
/// the daemon's `/mcp` with `query`: what to call it in a message, its
/// place in the list, the client, its revision, and the plan's transport.
fn clients(sandbox: &Sandbox, daemon: &Daemon, stdio_args: &[&str], query: &str) -> Vec<Combo> {
    let mut all = Vec::new();
    for (client, revision) in CLIENTS {
        for transport in [
            ("stdio", sandbox.stdio(stdio_args)),
            ("http", daemon.http(query)),
        ] {
            let what = format!("{client} ({revision}) over {}", transport.0);
            all.push((what, all.len(), client, revision, transport));
        }
    }
    all
}

fn names(list: &Value) -> Vec<&str> {
    list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect()
}

fn text_of(result: &Value) -> &str {
    assert_eq!(result["content"].as_array().unwrap().len(), 1, "{result}");
    assert_eq!(result["content"][0]["type"], "text", "{result}");
    result["content"][0]["text"].as_str().unwrap()
}

/// `lookup_order`'s `parameters` exactly as its module writes them, key
/// for key and in order (`1e3` is the number JSON writes as `1000`).
const LOOKUP_ORDER_SCHEMA: &str = r#"{"type":"object","properties":{"id":{"type":"string","description":"The order id, e.g. \"A-1042\"","pattern":"^[A-Z]-\\d+$"},"include_items":{"type":"boolean","description":"Also list the items"},"note":{"anyOf":[{"type":"string","maxLength":500},{"type":"null"}]},"priority":{"enum":["low","normal","high"],"default":"normal"},"weight":{"type":"number","minimum":0.5,"exclusiveMaximum":1000}},"required":["id"],"additionalProperties":false}"#;

const ALL_TOOLS: [&str; 8] = [
    "show",
    "lookup_order",
    "echo",
    "fails",
    "slow",
    "flood",
    "hangs",
    "env",
];

#[test]
fn every_client_lists_the_tools_with_the_modules_own_schemas_over_stdio_and_http() {
    let Some((sandbox, daemon)) = with_clients(&[]) else {
        return;
    };
    for (what, _, client, revision, transport) in clients(&sandbox, &daemon, &[], "") {
        let seen = drive(client, revision, transport, json!([{"op": "list"}]));
        let expected_revision = if revision == "legacy" {
            "2025-11-25"
        } else {
            revision
        };
        if let Some(version) = seen[0]["protocolVersion"].as_str() {
            assert_eq!(version, expected_revision, "{what}");
        }
        let list = &seen[1];
        assert_eq!(names(list), ALL_TOOLS, "{what}: {list:#}");
        let lookup = &list["tools"][1];
        assert_eq!(
            lookup["description"],
            "Look up an order by id. Returns its status and carrier — «exactly» as stored.",
            "{what}"
        );
        assert_eq!(
            serde_json::to_string(&lookup["inputSchema"]).unwrap(),
            LOOKUP_ORDER_SCHEMA,
            "{what}"
        );
        // A Beeuni tool is listed with its hosted module's schema.
        assert_eq!(list["tools"][0]["inputSchema"]["type"], "object", "{what}");
    }
}

#[test]
fn calls_read_what_tools_call_prints_and_errors_and_deadlines_are_is_error() {
    let Some((sandbox, daemon)) = with_clients(&["--timeout", "3"]) else {
        return;
    };
    let order_args = json!({"id": "A-1042", "include_items": true});
    let (order_text, code) = sandbox.tools_call("lookup_order", order_args.clone());
    assert_eq!(code, 0);
    let (thrown_text, code) = sandbox.tools_call("fails", json!({}));
    assert_eq!(code, 1);
    let steps = json!([
        {"op": "call", "name": "lookup_order", "arguments": order_args},
        {"op": "call", "name": "fails", "arguments": {}},
        {"op": "call", "name": "slow", "arguments": {}},
        {"op": "call", "name": "echo", "arguments": {"text": "hi"}},
        {"op": "call", "name": "echo", "arguments": {"text": "again"}},
    ]);
    for (what, _, client, revision, transport) in
        clients(&sandbox, &daemon, &["--timeout", "3"], "")
    {
        let stateless = transport.0 == "http" && revision != "legacy";
        let seen = drive(client, revision, transport, steps.clone());
        // A returned object: the printed text, and the value as structured content.
        let order = &seen[1]["result"];
        assert_eq!(
            text_of(order),
            order_text.strip_suffix('\n').unwrap(),
            "{what}"
        );
        assert_eq!(order["isError"], false, "{what}");
        assert_eq!(
            order["structuredContent"],
            json!({"id": "A-1042", "status": "shipped", "carrier": "DHL", "items": [{"sku": "X-1", "qty": 2}]}),
            "{what}"
        );
        // A throw: the tool's message, as an error the model reads.
        let thrown = &seen[2]["result"];
        assert_eq!(thrown["isError"], true, "{what}: {thrown}");
        assert_eq!(
            text_of(thrown),
            thrown_text.strip_suffix('\n').unwrap(),
            "{what}"
        );
        assert_contains(text_of(thrown), "orders API answered 503");
        // The deadline: an error saying after how long.
        let late = &seen[3]["result"];
        assert_eq!(late["isError"], true, "{what}: {late}");
        assert_eq!(
            text_of(late),
            "the tool call did not finish within 3 s",
            "{what}"
        );
        // Text stays text; context.sessionId is the MCP session's (one
        // for a stdio process or an HTTP session), fresh per stateless call.
        let first = text_of(&seen[4]["result"]);
        let second = text_of(&seen[5]["result"]);
        assert!(
            seen[4]["result"].get("structuredContent").is_none(),
            "{what}"
        );
        let session = |text: &str, prefix: &str| {
            text.strip_prefix(prefix)
                .and_then(|rest| rest.strip_suffix(')'))
                .unwrap_or_else(|| panic!("{what}: {text}"))
                .to_string()
        };
        let first = session(first, "hi (agent beeuni, session ");
        let second = session(second, "again (agent beeuni, session ");
        assert!(!first.is_empty(), "{what}");
        assert_eq!(first != second, stateless, "{what}: {first} / {second}");
    }
}

#[test]
fn a_spilled_output_is_the_beginning_size_and_path_the_plugin_shows() {
    let Some((sandbox, daemon)) = with_clients(&[]) else {
        return;
    };
    let through_plugin = reqwest::blocking::Client::new()
        .post(format!("{}/beeuni/tools/flood", daemon.url))
        .bearer_auth(TOKEN)
        .body(json!({"args": {}, "context": {"sessionId": "s"}}).to_string())
        .send()
        .unwrap()
        .json::<Value>()
        .unwrap();
    let plugin_text = through_plugin["output"].as_str().unwrap();
    let without_path = |text: &str| {
        let at = text.rfind(" lines in full at ").unwrap();
        text[..at].to_string()
    };
    for (transport, client, revision) in
        [("stdio", "sdk", "legacy"), ("http", "client", "2026-07-28")]
    {
        let plan = if transport == "stdio" {
            ("stdio", sandbox.stdio(&[]))
        } else {
            ("http", daemon.http(""))
        };
        let seen = drive(
            client,
            revision,
            plan,
            json!([{"op": "call", "name": "flood", "arguments": {}}]),
        );
        let text = text_of(&seen[1]["result"]);
        assert_eq!(seen[1]["result"]["isError"], false);
        assert!(text.starts_with("line 1\nline 2\n"), "{text}");
        assert_eq!(without_path(text), without_path(plugin_text), "{transport}");
        let last = text.lines().last().unwrap();
        assert!(last.starts_with("[output truncated: "), "{last}");
        let path = last
            .rsplit_once(" lines in full at ")
            .unwrap()
            .1
            .trim_end_matches(']');
        let whole = std::fs::read_to_string(path).unwrap();
        assert_eq!(whole.lines().count(), 3000, "{transport}");
        assert!(whole.ends_with("line 3000"), "{transport}");
    }
}

#[test]
fn an_agent_sees_and_calls_only_its_tools_with_its_secrets() {
    let Some((sandbox, daemon)) = with_clients(&[]) else {
        return;
    };
    // Read at call time: set after the daemon started, they still count.
    sandbox.secret("GRANTED_KEY", "granted-value");
    sandbox.secret("OTHER_KEY", "other-value");
    let steps = json!([
        {"op": "list"},
        {"op": "call", "name": "env", "arguments": {"name": "GRANTED_KEY"}},
        {"op": "call", "name": "env", "arguments": {"name": "OTHER_KEY"}},
        {"op": "call", "name": "fails", "arguments": {}},
        {"op": "call", "name": "nope", "arguments": {}},
    ]);
    for (what, _, client, revision, transport) in
        clients(&sandbox, &daemon, &["--agent", "reader"], "?agent=reader")
    {
        let seen = drive(client, revision, transport, steps.clone());
        assert_eq!(names(&seen[1]), ["echo", "env"], "{what}");
        assert_eq!(text_of(&seen[2]["result"]), "granted-value", "{what}");
        assert_eq!(text_of(&seen[3]["result"]), "(unset)", "{what}");
        // Hidden: refused with the reason, before any worker runs it.
        let hidden = &seen[4]["error"];
        assert_eq!(hidden["code"], -32602, "{what}: {:#}", seen[4]);
        assert_contains(
            hidden["message"].as_str().unwrap(),
            "agent `reader` may not call `fails` in the standard harness",
        );
        // Unknown: the protocol's error, in SPEC 6's words.
        let unknown = &seen[5]["error"];
        assert_eq!(unknown["code"], -32602, "{what}: {:#}", seen[5]);
        assert_contains(
            unknown["message"].as_str().unwrap(),
            "no tool named nope is loaded",
        );
    }
    // The default agent, `beeuni`, has every secret.
    let seen = drive(
        "sdk",
        "legacy",
        ("http", daemon.http("")),
        json!([{"op": "call", "name": "env", "arguments": {"name": "OTHER_KEY"}}]),
    );
    assert_eq!(text_of(&seen[1]["result"]), "other-value");
}

#[test]
fn cancelling_a_call_aborts_its_signal_and_kills_its_subprocess() {
    let Some((sandbox, daemon)) = with_clients(&[]) else {
        return;
    };
    for (what, index, client, revision, transport) in clients(&sandbox, &daemon, &[], "") {
        // In the checkout: the sandboxed worker may write nowhere else.
        let note = sandbox
            .project()
            .join(format!("aborted-{index}-{}.txt", transport.0));
        let pid_file = sandbox
            .project()
            .join(format!("pid-{index}-{}.txt", transport.0));
        let seen = drive(
            client,
            revision,
            transport,
            json!([{
                "op": "cancel",
                "name": "hangs",
                "arguments": {"note": note, "pidFile": pid_file},
                "afterMs": 1500,
                "pidFile": pid_file,
                "aborted": note,
            }]),
        );
        // The client's own error: the call was given up.
        assert!(seen[1].get("error").is_some(), "{what}: {:#}", seen[1]);
        assert_eq!(
            seen[1]["started"], true,
            "{what}: the subprocess never started"
        );
        assert_eq!(
            seen[1]["aborted"],
            true,
            "{what}: the call's signal never aborted\n{}",
            daemon.log()
        );
        let reason = std::fs::read_to_string(&note).unwrap();
        assert_contains(&reason, "its caller went away");
        assert_eq!(
            seen[1]["subprocessGone"], true,
            "{what}: the subprocess outlived its call"
        );
    }
}

#[test]
fn an_edit_that_changes_the_agents_list_sends_list_changed() {
    let Some((sandbox, daemon)) = with_clients(&[]) else {
        return;
    };
    let manifest = sandbox.project().join("beeuni.yaml");
    // Each run adds a tool to what the last one left, so that no reload
    // but its own can reach a client (putting the file back would).
    let mut added_before: Vec<String> = Vec::new();
    for (what, index, client, revision, transport) in clients(&sandbox, &daemon, &[], "") {
        let added = format!("added_{index}_{}", transport.0);
        let edited = std::fs::read_to_string(&manifest)
            .unwrap()
            .replace("tools:\n", &format!("tools:\n  {added}: tools/echo.ts\n"));
        let seen = drive(
            client,
            revision,
            transport,
            json!([
                {"op": "list"},
                {"op": "edit", "file": manifest, "text": edited},
            ]),
        );
        assert!(!names(&seen[1]).contains(&added.as_str()), "{what}");
        assert_eq!(seen[2]["error"], Value::Null, "{what}: {:#}", seen[2]);
        let after = names(&seen[2]);
        assert_eq!(after[0], added, "{what}: {after:?}");
        let earlier: Vec<&str> = added_before.iter().rev().map(String::as_str).collect();
        assert_eq!(after[1..=earlier.len()], earlier, "{what}");
        assert_eq!(after[earlier.len() + 1..], ALL_TOOLS, "{what}");
        added_before.push(added);
    }
}

#[test]
fn the_inspectors_cli_lists_and_calls_over_stdio_and_http() {
    let Some((sandbox, daemon)) = with_clients(&[]) else {
        return;
    };
    let inspector = clients_dir().join("node_modules/.bin/mcp-inspector");
    let run = |target: &[String], method: &[&str]| -> Value {
        let child = Command::new(&inspector)
            .arg("--cli")
            .args(target)
            .args(method)
            .current_dir(clients_dir())
            .env("MCP_CATALOG_PATH", sandbox.path("inspector-catalog.json"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let output = wait_at_most(child, Duration::from_secs(240));
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "the inspector failed: {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
    };
    let mut stdio: Vec<String> = sandbox
        .env()
        .into_iter()
        .flat_map(|(k, v)| ["-e".to_string(), format!("{k}={v}")])
        .collect();
    stdio.extend([
        env!("CARGO_BIN_EXE_beeuni").to_string(),
        "-C".to_string(),
        sandbox.project().display().to_string(),
        "mcp".to_string(),
    ]);
    let http = vec![
        format!("{}/mcp", daemon.url),
        "--transport".to_string(),
        "http".to_string(),
        "--header".to_string(),
        format!("Authorization: Bearer {TOKEN}"),
    ];
    for target in [stdio, http] {
        let list = run(&target, &["--method", "tools/list"]);
        assert_eq!(names(&list), ALL_TOOLS, "{target:?}");
        assert_eq!(
            serde_json::to_string(&list["tools"][1]["inputSchema"]).unwrap(),
            LOOKUP_ORDER_SCHEMA
        );
        let call = run(
            &target,
            &[
                "--method",
                "tools/call",
                "--tool-name",
                "lookup_order",
                "--tool-arg",
                "id=A-7",
            ],
        );
        assert_eq!(call["structuredContent"]["id"], "A-7", "{call}");
        assert_eq!(call["isError"], false, "{call}");
    }
}

#[test]
fn beeuni_mcp_keeps_stdout_for_the_protocol_and_names_a_bad_project() {
    let sandbox = Sandbox::new();
    std::fs::write(sandbox.project().join("beeuni.yaml"), "tools: [\n").unwrap();
    let output = sandbox
        .beeuni()
        .arg("mcp")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_ne!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty(), "{:?}", output.stdout);
    assert_contains(&String::from_utf8_lossy(&output.stderr), "beeuni.yaml");
}

/// The opencode binary `cargo xtask ci` installs, or why there is none
/// (under CI its absence fails the test).
fn opencode() -> Option<PathBuf> {
    let dir = std::env::var_os("BEEUNI_OPENCODE_DIR")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .map(|home| Path::new(&home).join(".cache/beeuni-tools/opencode-1.18.33"))
        })?;
    test_support::installed(
        "opencode",
        dir.join("node_modules/.bin/opencode"),
        "opencode-ai@1.18.33",
    )
}

/// The stand-in model's turn: with tools offered and no tool result yet, it
/// calls the offered tool whose name ends in `lookup_order`; then it answers
/// with the result it read. (opencode's title request offers no tools.)
fn model_turn(request: &Value) -> String {
    let chunk = |delta: Value, finish: Value| {
        let chunk = json!({"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]});
        format!("data: {chunk}\n\n")
    };
    let tools = request["tools"].as_array().cloned().unwrap_or_default();
    let result = request["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|m| m["role"] == "tool")
        .map(|m| m["content"].as_str().unwrap_or_default().to_string());
    let lookup = tools
        .iter()
        .filter_map(|t| t["function"]["name"].as_str())
        .find(|name| name.ends_with("lookup_order"));
    let body = match (lookup, result) {
        (Some(name), None) => {
            let call = json!({"index": 0, "id": "call_0", "type": "function",
                "function": {"name": name, "arguments": r#"{"id":"A-1042"}"#}});
            chunk(
                json!({"role": "assistant", "tool_calls": [call]}),
                Value::Null,
            ) + &chunk(json!({}), json!("tool_calls"))
        }
        (_, result) => {
            let text = result.map_or_else(|| "a title".to_string(), |r| format!("final: {r}"));
            chunk(json!({"role": "assistant", "content": text}), Value::Null)
                + &chunk(json!({}), json!("stop"))
        }
    };
    body + "data: [DONE]\n\n"
}

/// Runs `opencode run` in the sandbox with `mcp` as its only MCP server and
/// a stand-in model; returns every request the model got, opencode's
/// events and its stderr.
fn opencode_run(
    opencode: &Path,
    sandbox: &Sandbox,
    mcp: Value,
) -> (Vec<Value>, Vec<Value>, String) {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let seen = requests.clone();
    let model = test_support::serve(move |request| {
        let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
        let answer = model_turn(&body);
        seen.lock().unwrap().push(body);
        test_support::Response::new("200 OK", answer).header("Content-Type", "text/event-stream")
    });
    let config = json!({
        "model": "fake/m", "share": "disabled", "autoupdate": false,
        "provider": {"fake": {"npm": "@ai-sdk/openai-compatible", "name": "Fake",
            "options": {"baseURL": format!("{model}/v1"), "apiKey": "unused"},
            "models": {"m": {"name": "m", "tool_call": true}}}},
        "mcp": {"beeuni": mcp},
    });
    let home = sandbox.path("opencode-home");
    let mut command = Command::new(opencode);
    command
        .args([
            "run",
            "--model",
            "fake/m",
            "--format",
            "json",
            "Look up order A-1042.",
        ])
        .current_dir(sandbox.project())
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("OPENCODE_CONFIG_CONTENT", config.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for flag in [
        "MODELS_FETCH",
        "AUTOUPDATE",
        "SHARE",
        "DEFAULT_PLUGINS",
        "LSP_DOWNLOAD",
    ] {
        command.env(format!("OPENCODE_DISABLE_{flag}"), "1");
    }
    let output = wait_at_most(command.spawn().unwrap(), Duration::from_secs(300));
    let events = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    let requests = requests.lock().unwrap().clone();
    (
        requests,
        events,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn opencode_takes_the_tools_from_beeuni_mcp_and_from_the_daemons_mcp_without_a_plugin() {
    let Some(opencode) = opencode() else { return };
    let sandbox = Sandbox::new();
    let daemon = sandbox.start_daemon(&[]);
    let (printed, code) = sandbox.tools_call("lookup_order", json!({"id": "A-1042"}));
    assert_eq!(code, 0);
    let env: serde_json::Map<String, Value> = sandbox
        .env()
        .into_iter()
        .map(|(k, v)| (k, Value::String(v)))
        .collect();
    let mut local = vec![env!("CARGO_BIN_EXE_beeuni").to_string(), "-C".to_string()];
    local.extend([sandbox.project().display().to_string(), "mcp".to_string()]);
    for (how, mcp) in [
        (
            "local",
            json!({"type": "local", "command": local, "environment": env, "enabled": true}),
        ),
        (
            "remote",
            json!({"type": "remote", "url": format!("{}/mcp?agent=build", daemon.url),
            "headers": {"Authorization": format!("Bearer {TOKEN}")}, "oauth": false, "enabled": true}),
        ),
    ] {
        let (requests, events, stderr) = opencode_run(&opencode, &sandbox, mcp);
        let context = format!(
            "{how}: opencode's stderr:\n{stderr}\nevents:\n{events:#?}\ndaemon log:\n{}",
            daemon.log()
        );
        let with_tools: Vec<&Value> = requests
            .iter()
            .filter(|r| r["tools"].as_array().is_some_and(|t| !t.is_empty()))
            .collect();
        assert_eq!(with_tools.len(), 2, "{context}");
        // Offered with the module's description and schema.
        let offered = with_tools[0]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| {
                t["function"]["name"]
                    .as_str()
                    .is_some_and(|n| n.ends_with("lookup_order"))
            })
            .unwrap_or_else(|| panic!("lookup_order is not offered\n{context}"));
        // opencode names a server's tool `<server>_<tool>`.
        assert_eq!(
            offered["function"]["name"], "beeuni_lookup_order",
            "{context}"
        );
        assert_eq!(
            offered["function"]["description"],
            "Look up an order by id. Returns its status and carrier — «exactly» as stored.",
            "{context}"
        );
        let schema: Value = serde_json::from_str(LOOKUP_ORDER_SCHEMA).unwrap();
        assert_eq!(offered["function"]["parameters"], schema, "{context}");
        // The model read the tool's output: what `beeuni tools call` prints.
        let result = with_tools[1]["messages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["role"] == "tool")
            .and_then(|m| m["content"].as_str())
            .unwrap_or_else(|| panic!("no tool result\n{context}"));
        assert_eq!(result, printed.strip_suffix('\n').unwrap(), "{context}");
    }
}

/// Claude Code from the pinned clients; see [`test_support::external_tool`].
fn claude_code() -> Option<PathBuf> {
    test_support::installed(
        "Claude Code",
        clients_dir().join("node_modules/.bin/claude"),
        "npm ci --prefix tests/mcp",
    )
}

/// A stand-in for the Messages API Claude Code talks to: offered a tool
/// whose name ends in `lookup_order` and holding no tool result yet, the
/// model calls it; then it answers. Streamed, as Claude Code asks.
fn messages_turn(request: &Value) -> String {
    let event = |name: &str, data: Value| format!("event: {name}\ndata: {data}\n\n");
    let tools = request["tools"].as_array().cloned().unwrap_or_default();
    let lookup = tools
        .iter()
        .filter_map(|t| t["name"].as_str())
        .find(|name| name.ends_with("lookup_order"));
    let answered = request["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m["content"].as_array())
        .flatten()
        .any(|c| c["type"] == "tool_result");
    let message = json!({"id": "msg_0", "type": "message", "role": "assistant", "model": request["model"],
        "content": [], "stop_reason": null, "stop_sequence": null,
        "usage": {"input_tokens": 1, "output_tokens": 1}});
    let (block, delta, stop) = match (lookup, answered) {
        (Some(name), false) => (
            json!({"type": "tool_use", "id": "toolu_0", "name": name, "input": {}}),
            json!({"type": "input_json_delta", "partial_json": r#"{"id":"A-1042"}"#}),
            "tool_use",
        ),
        _ => (
            json!({"type": "text", "text": ""}),
            json!({"type": "text_delta", "text": "done"}),
            "end_turn",
        ),
    };
    [
        event(
            "message_start",
            json!({"type": "message_start", "message": message}),
        ),
        event(
            "content_block_start",
            json!({"type": "content_block_start", "index": 0, "content_block": block}),
        ),
        event(
            "content_block_delta",
            json!({"type": "content_block_delta", "index": 0, "delta": delta}),
        ),
        event(
            "content_block_stop",
            json!({"type": "content_block_stop", "index": 0}),
        ),
        event(
            "message_delta",
            json!({"type": "message_delta",
            "delta": {"stop_reason": stop, "stop_sequence": null}, "usage": {"output_tokens": 1}}),
        ),
        event("message_stop", json!({"type": "message_stop"})),
    ]
    .concat()
}

/// Claude Code (`claude -p`) with `beeuni mcp` as a local server and the
/// daemon's `/mcp` as a remote one, on a stand-in model: offered the tool
/// with the module's description and schema, it calls it and reads what
/// `beeuni tools call` prints.
#[test]
fn claude_code_takes_the_tools_from_beeuni_mcp_and_from_the_daemons_mcp() {
    let Some(claude) = claude_code() else { return };
    let sandbox = Sandbox::new();
    let daemon = sandbox.start_daemon(&[]);
    let (printed, code) = sandbox.tools_call("lookup_order", json!({"id": "A-1042"}));
    assert_eq!(code, 0);
    let local = sandbox.stdio(&[]);
    let remote = json!({"type": "http", "url": format!("{}/mcp?agent=build", daemon.url),
        "headers": {"Authorization": format!("Bearer {TOKEN}")}});
    for (how, server) in [("local", local), ("remote", remote)] {
        let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
        let seen = requests.clone();
        let model = test_support::serve(move |request| {
            let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
            let answer = messages_turn(&body);
            seen.lock().unwrap().push(body);
            test_support::Response::new("200 OK", answer)
                .header("Content-Type", "text/event-stream")
        });
        let config = sandbox.path(&format!("claude-{how}.json"));
        std::fs::write(
            &config,
            json!({"mcpServers": {"beeuni": server}}).to_string(),
        )
        .unwrap();
        let home = sandbox.path(&format!("claude-home-{how}"));
        std::fs::create_dir_all(&home).unwrap();
        let child = Command::new(&claude)
            .args([
                "-p",
                "Look up order A-1042.",
                "--output-format",
                "json",
                "--strict-mcp-config",
            ])
            .arg("--mcp-config")
            .arg(&config)
            .args(["--allowedTools", "mcp__beeuni__lookup_order"])
            .current_dir(sandbox.project())
            .env("HOME", &home)
            .env("ANTHROPIC_BASE_URL", &model)
            .env("ANTHROPIC_API_KEY", "stand-in")
            .env("DISABLE_TELEMETRY", "1")
            .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
            // Claude Code waits 5 s for its MCP servers to connect, then
            // runs the turn without them; a debug build loading its tools
            // on a busy machine can take longer.
            .env("MCP_CONNECT_TIMEOUT_MS", "120000")
            .env("MCP_TIMEOUT", "120000")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let output = wait_at_most(child, Duration::from_secs(300));
        let requests = requests.lock().unwrap().clone();
        let context = format!(
            "{how}: Claude Code printed:\n{}\n{}\ndaemon log:\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
            daemon.log()
        );
        assert!(output.status.success(), "{context}");
        let offered = requests
            .iter()
            .filter_map(|r| r["tools"].as_array())
            .flatten()
            .find(|t| t["name"] == "mcp__beeuni__lookup_order")
            .unwrap_or_else(|| panic!("lookup_order is not offered\n{context}"));
        assert_eq!(
            offered["description"],
            "Look up an order by id. Returns its status and carrier — «exactly» as stored.",
            "{context}"
        );
        let schema: Value = serde_json::from_str(LOOKUP_ORDER_SCHEMA).unwrap();
        assert_eq!(offered["input_schema"], schema, "{context}");
        // The content as text, or (what Claude Code 2.x does for a result
        // with `structuredContent`) that object serialised compactly: the
        // same JSON as what `tools call` prints.
        let result = requests
            .iter()
            .filter_map(|r| r["messages"].as_array())
            .flatten()
            .filter_map(|m| m["content"].as_array())
            .flatten()
            .find(|c| c["type"] == "tool_result")
            .map(|c| match &c["content"] {
                Value::String(text) => text.clone(),
                parts => parts
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|p| p["text"].as_str())
                    .collect(),
            })
            .unwrap_or_else(|| panic!("no tool result\n{context}"));
        let read: Value = serde_json::from_str(&result)
            .unwrap_or_else(|e| panic!("the model read {result:?}, not JSON ({e})\n{context}"));
        let expected: Value = serde_json::from_str(&printed).unwrap();
        assert_eq!(read, expected, "{context}");
    }
}

#[test]
fn a_draining_daemon_ends_an_idle_mcp_session_instead_of_waiting_out_its_grace() {
    let sandbox = Sandbox::new();
    let mut daemon = sandbox.start_daemon(&["--grace", "3"]);
    let client = reqwest::blocking::Client::new();
    let post = |body: Value, session: Option<&str>| {
        let mut request = client
            .post(format!("{}/mcp", daemon.url))
            .bearer_auth(TOKEN)
            .header("Accept", "application/json, text/event-stream")
            .header("Content-Type", "application/json");
        if let Some(session) = session {
            request = request.header("Mcp-Session-Id", session);
        }
        request.body(body.to_string()).send().unwrap()
    };
    let initialized = post(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}}),
        None,
    );
    assert!(initialized.status().is_success(), "{initialized:?}");
    let session = initialized.headers()["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_string();
    drop(initialized);
    let notified = post(
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        Some(&session),
    );
    assert!(notified.status().is_success());
    // The session's stream for server notices, open (its headers came) and idle.
    let stream = client
        .get(format!("{}/mcp", daemon.url))
        .bearer_auth(TOKEN)
        .header("Accept", "text/event-stream")
        .header("Mcp-Session-Id", &session)
        .send()
        .unwrap();
    assert!(stream.status().is_success(), "{stream:?}");
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(daemon.child.id() as i32),
        nix::sys::signal::Signal::SIGTERM,
    )
    .unwrap();
    assert!(daemon.child.wait().unwrap().success());
    drop(stream);
    // The log is read on its own thread: wait for its last line.
    let start = Instant::now();
    while !daemon.log().contains("[daemon] stopped") {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{}",
            daemon.log()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let log = daemon.log();
    assert!(
        !log.contains("calls still running after the grace period were dropped"),
        "the idle session held the drain:\n{log}"
    );
}
