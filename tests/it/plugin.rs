//! The standard harness's forwarding plugin: its golden renders, a type check
//! against the plugin package opencode 1.18.33 installs, the daemon writing
//! it, and a real opencode 1.18.33 calling the project's tools through it
//! against a stand-in model server.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::{assert_contains, beeuni_in};
use serde_json::{Value, json};
use test_support::{Response, copy_tree, serve};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Under CI (`CI=true`) a missing install fails the test; a local `cargo
/// test` without `cargo xtask ci`'s installs says what it skipped.
fn available(what: &str, missing: Option<String>) -> bool {
    test_support::external_tool(what, missing)
}

#[test]
fn every_golden_plugin_is_what_render_writes_today() {
    let cache = tempfile::tempdir().unwrap();
    let mut stale = Vec::new();
    for (name, project) in test_support::plugin_golden_projects(repo()) {
        let golden_path = repo().join(format!("{}/{name}.ts", test_support::PLUGIN_GOLDEN_DIR));
        let golden = std::fs::read_to_string(&golden_path).unwrap_or_default();
        let run = beeuni_in(&project, &["plugin", "render"], &[], cache.path());
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        if run.stdout != golden {
            let diff = similar::TextDiff::from_lines(&golden, &run.stdout);
            eprintln!(
                "{}",
                diff.unified_diff()
                    .header(&golden_path.display().to_string(), "plugin render")
            );
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "stale golden plugins (the diff is above; `cargo xtask codegen` rewrites them): {stale:?}"
    );
}

#[test]
fn the_golden_plugins_hold_what_each_project_offers_the_standard_harness() {
    let golden = |name: &str| {
        std::fs::read_to_string(
            repo().join(format!("{}/{name}.ts", test_support::PLUGIN_GOLDEN_DIR)),
        )
        .unwrap()
    };
    // The bundled example: an override and three hosted tools, a removed one
    // left out, and an agent whose list hides the hosted tools.
    let orders = golden("orders");
    assert_eq!(
        declared_tools(&orders),
        [
            "web_search",
            "scrape_webpage",
            "memory",
            "show",
            "lookup_order"
        ]
    );
    assert!(
        orders.contains("Search the shop documentation."),
        "the override's own description"
    );
    assert_eq!(
        constant(&orders, "HIDDEN_BY_AGENT"),
        json!({"researcher": ["scrape_webpage", "memory", "show"]})
    );
    // A legacy file shadows web_search: the plugin leaves it out.
    let client = golden("client");
    assert_eq!(declared_tools(&client), ["echo", "fail", "hidden"]);
    assert_eq!(
        constant(&client, "HIDDEN_BY_AGENT"),
        json!({"build": ["hidden"], "ghost": ["fail", "hidden"]})
    );
    // Schemas reach the file exactly as the module exports them.
    let schemas = golden("schemas");
    let tools = constant(&schemas, "TOOLS");
    assert_eq!(
        tools["create_order"]["parameters"]["properties"]["note"],
        json!({"anyOf": [{"type": "string", "maxLength": 500}, {"type": "null"}]})
    );
    assert_eq!(
        tools["create_order"]["parameters"]["properties"]["priority"]["default"],
        "normal"
    );
    assert!(
        tools["hostile"]["description"]
            .as_str()
            .unwrap()
            .starts_with("Says \"hi\" and 'bye' and `tick` ${process.exit(1)} */")
    );
    for file in [&orders, &client, &schemas] {
        assert_eq!(
            file.lines().filter(|l| l.starts_with("export ")).count(),
            1,
            "opencode skips a plugin file with more than one export"
        );
    }
}

/// The JSON literal a generated plugin assigns to `const NAME`.
fn constant(file: &str, name: &str) -> Value {
    let start = file.find(&format!("\nconst {name}:")).unwrap();
    let start = start + file[start..].find(" = ").unwrap() + 3;
    let end = start + file[start..].find(";\n").unwrap();
    serde_json::from_str(&file[start..end]).unwrap()
}

fn declared_tools(file: &str) -> Vec<String> {
    match constant(file, "TOOLS") {
        Value::Object(tools) => tools.keys().cloned().collect(),
        other => panic!("TOOLS is {other}"),
    }
}

#[test]
fn the_golden_plugins_type_check_against_opencodes_plugin_package() {
    let dir = repo().join("tests/typecheck");
    let tsc = dir.join("node_modules/typescript/bin/tsc");
    let missing = (!tsc.is_file()).then(|| {
        format!(
            "{} is missing: `cargo xtask ci` installs it (npm ci in tests/typecheck)",
            tsc.display()
        )
    });
    if !available("tsc", missing) {
        return;
    }
    let output = Command::new("node")
        .arg(&tsc)
        .args(["--project", "tsconfig.json", "--listFiles"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "tsc --noEmit found errors:\n{stdout}"
    );
    for (name, _) in test_support::plugin_golden_projects(repo()) {
        assert!(
            stdout.contains(&format!("golden/plugin/{name}.ts")),
            "tsc did not check {name}.ts:\n{stdout}"
        );
    }
}

#[test]
fn render_out_writes_the_file_only_when_it_changes_and_finds_the_project_from_it() {
    let scratch = tempfile::tempdir().unwrap();
    let project = scratch.path().join("shop");
    copy_tree(&repo().join("tests/fixtures/plugin/client"), &project);
    let out = scratch.path().join("elsewhere/plugin/beeuni.ts");
    let args = ["plugin", "render", "--out", out.to_str().unwrap()];
    let first = beeuni_in(&project, &args, &[], scratch.path());
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert_contains(
        &first.stderr,
        "`web_search` is left out of the plugin: harnesses/opencode/tools/web_search.ts shadows it",
    );
    assert!(
        first.stderr.contains(&format!("wrote {}", out.display())),
        "{}",
        first.stderr
    );
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(constant(&written, "PROJECT_FROM_HERE"), "../../shop");
    let modified = std::fs::metadata(&out).unwrap().modified().unwrap();
    let again = beeuni_in(&project, &args, &[], scratch.path());
    assert_contains(&again.stderr, "is up to date");
    assert_eq!(
        std::fs::metadata(&out).unwrap().modified().unwrap(),
        modified
    );
    // No temporary file is left next to it.
    assert_eq!(std::fs::read_dir(out.parent().unwrap()).unwrap().count(), 1);
}

/// The scratch folders one daemon and one opencode run need.
struct Sandbox {
    dir: tempfile::TempDir,
}

impl Sandbox {
    fn with_project(fixture: &str) -> Sandbox {
        let sandbox = Sandbox {
            dir: tempfile::tempdir().unwrap(),
        };
        copy_tree(&repo().join(fixture), &sandbox.project());
        for sub in [
            "run",
            "secrets",
            "cache",
            "home",
            "xdg/config",
            "xdg/data",
            "xdg/cache",
            "xdg/state",
        ] {
            std::fs::create_dir_all(sandbox.path(sub)).unwrap();
        }
        sandbox
    }

    fn path(&self, sub: &str) -> PathBuf {
        self.dir.path().join(sub)
    }

    fn project(&self) -> PathBuf {
        self.path("project")
    }

    fn plugin(&self) -> PathBuf {
        self.project().join("harnesses/opencode/plugin/beeuni.ts")
    }

    /// `beeuni daemon` with a random token: only the runtime file tells it.
    fn start_daemon(&self) -> Daemon {
        let mut command = crate::common::beeuni(&self.project());
        command
            .args(["daemon", "--workers", "1"])
            .env_remove("BEEUNI_DAEMON_TOKEN")
            .env("BEEUNI_RUNTIME_DIR", self.path("run"))
            .env("BEEUNI_SECRETS_DIR", self.path("secrets"))
            .env("BEEUNI_CACHE_DIR", self.path("cache"));
        let test_support::Listening { child, url, log } = test_support::start_listening(command);
        Daemon { child, url, log }
    }

    fn runtime_file(&self) -> Value {
        // The shared file, `daemon-<key>.json`: beside it are the daemon's
        // own copy (`daemon-<key>.<pid>.json`) and the lock.
        let shared = std::fs::read_dir(self.path("run"))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .find(|path| {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                name.ends_with(".json") && name.matches('.').count() == 1
            })
            .expect("the daemon wrote its runtime file");
        serde_json::from_slice(&std::fs::read(shared).unwrap()).unwrap()
    }
}

struct Daemon {
    child: Child,
    url: String,
    log: Arc<Mutex<String>>,
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Daemon {
    fn log(&self) -> String {
        self.log.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Waits (asserting nothing on time) until the log holds `text` `count` times.
    fn wait_for_log(&self, text: &str, count: usize) {
        let start = Instant::now();
        while self.log().matches(text).count() < count {
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "the log never showed {text:?} {count} times:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

#[test]
fn the_daemon_writes_the_plugin_at_start_and_after_a_reload_only_when_it_changes() {
    let sandbox = Sandbox::with_project("tests/fixtures/plugin/client");
    let rendered = beeuni_in(
        &sandbox.project(),
        &["plugin", "render"],
        &[],
        &sandbox.path("cache"),
    );
    {
        let daemon = sandbox.start_daemon();
        daemon.wait_for_log("[plugin] wrote", 1);
        assert_eq!(
            std::fs::read_to_string(sandbox.plugin()).unwrap(),
            rendered.stdout
        );
    }
    let modified = std::fs::metadata(sandbox.plugin())
        .unwrap()
        .modified()
        .unwrap();
    let daemon = sandbox.start_daemon();
    daemon.wait_for_log("is up to date", 1);
    assert_eq!(
        std::fs::metadata(sandbox.plugin())
            .unwrap()
            .modified()
            .unwrap(),
        modified
    );
    // An edited description reaches the plugin with the next generation.
    let echo = sandbox.project().join("tools/echo.ts");
    let source = std::fs::read_to_string(&echo).unwrap();
    std::fs::write(
        &echo,
        source.replace("Echo the text back", "Repeat the text"),
    )
    .unwrap();
    daemon.wait_for_log("[plugin] wrote", 1);
    let plugin = std::fs::read_to_string(sandbox.plugin()).unwrap();
    assert_eq!(
        constant(&plugin, "TOOLS")["echo"]["description"],
        "Repeat the text, with the agent and session that asked."
    );
    assert!(
        !daemon.log().contains("generation 3"),
        "writing the plugin must not start another reload:\n{}",
        daemon.log()
    );
}

/// The opencode binary `cargo xtask ci` installs, or why there is none.
fn opencode() -> Option<PathBuf> {
    let dir = std::env::var_os("BEEUNI_OPENCODE_DIR")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .map(|home| Path::new(&home).join(".cache/beeuni-tools/opencode-1.18.33"))
        })?;
    let binary = dir.join("node_modules/.bin/opencode");
    let missing = (!binary.exists()).then(|| {
        format!(
            "{} is missing: `cargo xtask ci` installs opencode-ai@1.18.33 there",
            binary.display()
        )
    });
    available("opencode", missing).then_some(binary)
}

/// What the stand-in model does: call these tools in turn, then answer with
/// every tool result it was given.
const SCRIPT: [(&str, &str); 3] = [
    ("echo", r#"{"text":"hello"}"#),
    ("fail", r#"{"id":"A-1"}"#),
    ("hidden", "{}"),
];

/// An OpenAI-compatible chat-completions answer, streamed as opencode asks.
fn model_turn(request: &Value) -> String {
    let chunk = |delta: Value, finish: Value| {
        let chunk = json!({"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]});
        format!("data: {chunk}\n\n")
    };
    let offers_tools = request["tools"].as_array().is_some_and(|t| !t.is_empty());
    let results: Vec<&str> = request["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["role"] == "tool")
        .map(|m| m["content"].as_str().unwrap_or_default())
        .collect();
    let mut body = String::new();
    if !offers_tools {
        // opencode's title request.
        body += &chunk(
            json!({"role": "assistant", "content": "a title"}),
            Value::Null,
        );
        body += &chunk(json!({}), json!("stop"));
    } else if let Some((name, args)) = SCRIPT.get(results.len()) {
        let call = json!({"index": 0, "id": format!("call_{}", results.len()), "type": "function",
            "function": {"name": name, "arguments": args}});
        body += &chunk(
            json!({"role": "assistant", "tool_calls": [call]}),
            Value::Null,
        );
        body += &chunk(json!({}), json!("tool_calls"));
    } else {
        let text = format!("final: {}", results.join(" | "));
        body += &chunk(json!({"role": "assistant", "content": text}), Value::Null);
        body += &chunk(json!({}), json!("stop"));
    }
    body + "data: [DONE]\n\n"
}

#[test]
fn opencode_calls_the_project_tools_through_the_plugin_and_the_daemon() {
    let Some(opencode) = opencode() else { return };
    let sandbox = Sandbox::with_project("tests/fixtures/plugin/client");
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let seen = requests.clone();
    let model = serve(move |request| {
        let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
        let answer = model_turn(&body);
        seen.lock().unwrap().push(body);
        Response::new("200 OK", answer).header("Content-Type", "text/event-stream")
    });
    let daemon = sandbox.start_daemon();
    daemon.wait_for_log("[plugin] wrote", 1);

    let config = json!({
        "model": "fake/m", "share": "disabled", "autoupdate": false,
        "provider": {"fake": {"npm": "@ai-sdk/openai-compatible", "name": "Fake",
            "options": {"baseURL": format!("{model}/v1"), "apiKey": "unused"},
            "models": {"m": {"name": "m", "tool_call": true}}}}
    });
    let opencode_with = |args: &[&str]| {
        let mut command = Command::new(&opencode);
        command
            .args(args)
            .current_dir(sandbox.project())
            .env("HOME", sandbox.path("home"))
            .env("XDG_CONFIG_HOME", sandbox.path("xdg/config"))
            .env("XDG_DATA_HOME", sandbox.path("xdg/data"))
            .env("XDG_CACHE_HOME", sandbox.path("xdg/cache"))
            .env("XDG_STATE_HOME", sandbox.path("xdg/state"))
            .env(
                "OPENCODE_CONFIG_DIR",
                sandbox.project().join("harnesses/opencode"),
            )
            .env("OPENCODE_CONFIG_CONTENT", config.to_string())
            .env("BEEUNI_RUNTIME_DIR", sandbox.path("run"))
            .env_remove("BEEUNI_DAEMON_URL")
            .env_remove("BEEUNI_DAEMON_TOKEN")
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
        command
    };
    let mut run = opencode_with(&[
        "run",
        "--model",
        "fake/m",
        "--format",
        "json",
        "Call the tools.",
    ]);
    let output = wait_at_most(run.spawn().unwrap(), Duration::from_secs(300));
    let events: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    let requests = requests.lock().unwrap().clone();
    let context = format!(
        "opencode's stderr:\n{}\nevents:\n{events:#?}\ndaemon log:\n{}",
        String::from_utf8_lossy(&output.stderr),
        daemon.log()
    );
    let with_tools: Vec<&Value> = requests
        .iter()
        .filter(|r| r["tools"].as_array().is_some_and(|t| !t.is_empty()))
        .collect();
    assert_eq!(with_tools.len(), SCRIPT.len() + 1, "{context}");

    // Offered: exactly the module's schema and description; a shadowed
    // hosted tool comes from the legacy file; a hidden tool not at all.
    let offered = |name: &str| {
        with_tools[0]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["function"]["name"] == name)
            .map(|t| t["function"].clone())
    };
    let echo = offered("echo").unwrap_or_else(|| panic!("echo is not offered\n{context}"));
    assert_eq!(
        echo["description"],
        "Echo the text back, with the agent and session that asked."
    );
    assert_eq!(
        echo["parameters"],
        json!({"type": "object",
            "properties": {"text": {"type": "string", "minLength": 1},
                           "times": {"type": "integer", "minimum": 1, "default": 1}},
            "required": ["text"], "additionalProperties": false})
    );
    assert_eq!(
        offered("web_search").unwrap()["description"],
        "The project's old copy of web_search."
    );
    assert!(
        offered("hidden").is_none(),
        "build's list hides `hidden`\n{context}"
    );

    // The daemon ran echo with the model's arguments, the session and the
    // agent; its output is the next request's tool message.
    let session = events
        .iter()
        .find_map(|e| e["sessionID"].as_str())
        .unwrap_or_else(|| panic!("no session id in the events\n{context}"));
    let tool_message = |request: &Value, index: usize| {
        request["messages"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["role"] == "tool")
            .nth(index)
            .map(|m| m["content"].as_str().unwrap_or_default().to_string())
            .unwrap_or_default()
    };
    let echoed = format!(r#"echo: {{"text":"hello"}} (agent build, session {session})"#);
    assert_eq!(tool_message(with_tools[1], 0), echoed, "{context}");
    // A tool that throws: the model reads its message.
    assert_eq!(
        tool_message(with_tools[2], 1),
        "the orders API is down (HTTP 503)",
        "{context}"
    );
    // A forced call of the hidden tool is refused and never runs.
    let refused = tool_message(with_tools[3], 2);
    assert!(
        refused.contains("unavailable tool 'hidden'"),
        "{refused}\n{context}"
    );
    assert!(!sandbox.project().join("hidden-ran.txt").exists());
    // opencode's final answer carries the echo.
    let final_text: String = events
        .iter()
        .filter(|e| e["type"] == "text")
        .filter_map(|e| e["part"]["text"].as_str())
        .collect();
    assert!(
        final_text.starts_with(&format!("final: {echoed} | ")),
        "{context}"
    );
    // The plugin holds no token; the daemon refuses the hidden tool even
    // when asked directly.
    let runtime = sandbox.runtime_file();
    let token = runtime["token"].as_str().unwrap();
    assert!(
        !std::fs::read_to_string(sandbox.plugin())
            .unwrap()
            .contains(token)
    );
    let forced = reqwest::blocking::Client::new()
        .post(format!("{}/beeuni/tools/hidden", daemon.url))
        .bearer_auth(token)
        .json(&json!({"args": {}, "context": {"sessionId": session, "agent": "build"}}))
        .send()
        .unwrap();
    assert_eq!(forced.status(), 403);
    // An agent beeuni.yaml configures but opencode does not define (`ghost`)
    // is not created by the plugin; opencode's own agents are all there.
    let agents = wait_at_most(
        opencode_with(&["agent", "list"]).spawn().unwrap(),
        Duration::from_secs(120),
    );
    let listed = String::from_utf8_lossy(&agents.stdout);
    assert!(listed.contains("build (primary)"), "{listed}");
    assert!(
        !listed.contains("ghost"),
        "the plugin created an agent:\n{listed}"
    );
}

/// Waits for `child`, killing it after `limit`: a hung opencode fails the
/// test with what it printed instead of hanging the suite. Its pipes are
/// drained meanwhile, so a long event stream cannot block it.
fn wait_at_most(mut child: Child, limit: Duration) -> std::process::Output {
    use std::io::Read;
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    std::process::Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// Bun from the parity fixture's pinned install: opencode runs plugins on Bun.
fn bun() -> Option<PathBuf> {
    test_support::bun(repo())
}

/// One request the stand-in daemon received: path, `Authorization`, body.
type Received = (String, Option<String>, Value);

/// Runs `tests/fixtures/plugin/drive.ts` on the plugin at `plugin` with `env`.
fn drive(bun: &Path, plugin: &Path, calls: Value, env: &[(&str, &str)]) -> Value {
    let mut command = Command::new(bun);
    command
        .arg(repo().join("tests/fixtures/plugin/drive.ts"))
        .arg(plugin)
        .arg(calls.to_string())
        .env_remove("BEEUNI_DAEMON_URL")
        .env_remove("BEEUNI_DAEMON_TOKEN");
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(stdout.trim()).unwrap_or_else(|_| {
        panic!(
            "the driver printed no JSON: {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
fn under_bun_the_plugin_forwards_each_call_and_says_what_went_wrong() {
    let Some(bun) = bun() else { return };
    let scratch = tempfile::tempdir().unwrap();
    let project = scratch.path().join("shop");
    copy_tree(&repo().join("tests/fixtures/plugin/client"), &project);
    let plugin = project.join("harnesses/opencode/plugin/beeuni.ts");
    let render = beeuni_in(
        &project,
        &["plugin", "render", "--out", plugin.to_str().unwrap()],
        &[],
        scratch.path(),
    );
    assert_eq!(render.code, 0, "{}", render.stderr);

    let received: Arc<Mutex<Vec<Received>>> = Arc::default();
    let log = received.clone();
    let daemon = serve(move |request| {
        let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
        let auth = request.header("authorization").map(str::to_string);
        log.lock().unwrap().push((request.path.clone(), auth, body));
        let (status, answer) = match request.path.rsplit('/').next().unwrap_or_default() {
            "echo" => ("200 OK", json!({"output": "echoed"})),
            "fail" => ("200 OK", json!({"error": "the orders API is down"})),
            "hidden" => (
                "404 Not Found",
                json!({"error": "no tool named hidden is loaded"}),
            ),
            _ => ("500 Internal Server Error", json!({})),
        };
        Response::new(status, answer.to_string()).header("Content-Type", "application/json")
    });
    let calls =
        json!([["echo", {"text": "hi", "nested": {"n": [1, 2]}}], ["fail", {}], ["hidden", {}]]);
    let run = drive(
        &bun,
        &plugin,
        calls,
        &[
            ("BEEUNI_DAEMON_URL", &daemon),
            ("BEEUNI_DAEMON_TOKEN", "t-1"),
        ],
    );

    assert_eq!(
        run["exports"],
        json!([]),
        "the plugin function is the only export"
    );
    assert_eq!(run["tools"], json!(["echo", "fail", "hidden"]));
    // `ghost` hides tools too, but opencode does not define it: configuring
    // it would create an agent, so the plugin leaves it alone.
    assert_eq!(
        run["config"],
        json!({"agent": {"build": {"permission": {"hidden": "deny"}}}})
    );
    assert_eq!(
        run["definitions"]["bash"],
        Value::Null,
        "opencode's own tools are left alone"
    );
    assert_eq!(
        run["definitions"]["fail"],
        json!({"type": "object", "properties": {"id": {"type": "string"}}})
    );
    assert_eq!(
        run["results"],
        json!([
            {"output": "echoed"},
            {"error": "the orders API is down"},
            {"error": "The tool `hidden` did not run: no tool named hidden is loaded. The project no longer provides it; do not call it again."}
        ])
    );
    // What the module exports is what the file carries, byte for byte, once
    // a JavaScript engine has read it.
    let hostile = render_to(&bun, scratch.path(), "schemas");
    let expected = concat!(
        "Says \"hi\" and 'bye' and `tick` ${process.exit(1)} */ /* </script>\n",
        "second line\twith a tab \\ and a backslash\n",
        "Unicode: 🐝 ñ ü \u{2028} after a line separator \u{2029} é\n",
        "{{ not a template }} {% neither %}"
    );
    assert_eq!(hostile["descriptions"]["hostile"], expected);
    assert_eq!(
        hostile["definitions"]["hostile"]["properties"]["quote\"key"]["description"],
        "*/ `${x}` '\""
    );
    let received = received.lock().unwrap().clone();
    assert_eq!(received[0].0, "/beeuni/tools/echo");
    assert_eq!(received[0].1.as_deref(), Some("Bearer t-1"));
    assert_eq!(
        received[0].2,
        json!({"args": {"text": "hi", "nested": {"n": [1, 2]}},
               "context": {"sessionId": "s-1", "agent": "build", "callId": "c-1", "harness": "standard"}})
    );

    // No daemon: neither the variables nor a runtime file.
    let empty = scratch.path().join("run");
    std::fs::create_dir_all(&empty).unwrap();
    let run = drive(
        &bun,
        &plugin,
        json!([["echo", {}]]),
        &[("BEEUNI_RUNTIME_DIR", empty.to_str().unwrap())],
    );
    let error = run["results"][0]["error"].as_str().unwrap();
    assert!(
        error.starts_with(
            "The tool `echo` did not run: the Beeuni daemon of this project is not running"
        ),
        "{error}"
    );
    assert!(error.contains("start it with `beeuni daemon`"), "{error}");

    // A daemon that went away: a port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let gone = format!("http://{closed}");
    let run = drive(
        &bun,
        &plugin,
        json!([["echo", {}]]),
        &[("BEEUNI_DAEMON_URL", &gone), ("BEEUNI_DAEMON_TOKEN", "t")],
    );
    let error = run["results"][0]["error"].as_str().unwrap();
    assert!(
        error.starts_with(&format!(
            "The tool `echo` did not run: the Beeuni daemon at {gone} cannot be reached"
        )),
        "{error}"
    );
}

/// Renders the fixture `tests/fixtures/plugin/<name>` into `scratch` and
/// drives it under Bun with no calls.
fn render_to(bun: &Path, scratch: &Path, name: &str) -> Value {
    let project = scratch.join(name);
    copy_tree(&repo().join("tests/fixtures/plugin").join(name), &project);
    let plugin = project.join("beeuni.ts");
    let render = beeuni_in(
        &project,
        &["plugin", "render", "--out", "beeuni.ts"],
        &[],
        scratch,
    );
    assert_eq!(render.code, 0, "{}", render.stderr);
    drive(bun, &plugin, json!([]), &[])
}
