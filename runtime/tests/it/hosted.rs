//! The five Beeuni tools, run in the host against a stand-in Beeuni API on
//! 127.0.0.1: the routes and JSON of `docs/beeuni-api.md`, the output shapes
//! the web UI reads, and the errors a user sees (no `BEEUNI_API_URL`, an API
//! error with its body, a memory path that leaves `memory/`).

use std::path::Path;
use std::sync::{Arc, Mutex};

use runtime::{CallContext, CallOutcome, Host, HostConfig};
use serde_json::{Value, json};
use test_support::{Request, Response};

use crate::common::{on_big_stack, test_limits};

const TOKEN: &str = "test-token";

/// One request the stand-in API received.
#[derive(Debug, Clone)]
struct Seen {
    route: String,
    authorization: String,
    content_type: String,
    body: Value,
}

/// A stand-in Beeuni API; returns its base URL (with a trailing slash, which
/// the tools must tolerate) and the requests it has seen.
fn start_api() -> (String, Arc<Mutex<Vec<Seen>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let base = test_support::serve(move |request| answer(&request, &log));
    (format!("{base}/"), seen)
}

fn answer(request: &Request, log: &Mutex<Vec<Seen>>) -> Response {
    let header = |name: &str| request.header(name).unwrap_or_default().to_string();
    let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
    let route = request.path.clone();
    let authorization = header("authorization");
    log.lock().unwrap().push(Seen {
        route: route.clone(),
        authorization: authorization.clone(),
        content_type: header("content-type"),
        body: body.clone(),
    });
    let text = |key: &str| {
        body.get(key)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let (status, payload) = if authorization != format!("Bearer {TOKEN}") {
        (
            "401 Unauthorized",
            "token expired: start a new session".to_string(),
        )
    } else {
        match route.as_str() {
            "/v1/search/web" => {
                let query = text("query");
                let hit = json!({ "title": format!("About {query}"), "url": format!("https://example.com/{query}"), "snippet": "…" });
                ("200 OK", json!({ "results": [hit] }).to_string())
            }
            "/v1/search/images" => (
                "200 OK",
                json!({ "images": [
                    { "url": "https://img.example/a.jpg", "thumbnail": "https://img.example/a-small.jpg", "title": "A", "source": "https://example.org/a" },
                    { "url": "https://img.example/b.jpg", "title": "B", "source": "https://example.org/b" },
                ] })
                .to_string(),
            ),
            "/v1/scrape" if text("url").contains("broken") => {
                ("500 Internal Server Error", "scraper crashed: upstream timed out".to_string())
            }
            "/v1/scrape" => (
                "200 OK",
                json!({ "url": text("url"), "title": "Pricing", "text": "Plans start at 10 EUR." }).to_string(),
            ),
            _ => ("404 Not Found", "no such route".to_string()),
        }
    };
    Response::new(status, payload)
}

/// A host whose project is `project`, with the five tools loaded from the
/// sources the binary ships (written next to the project, as the daemon does).
fn host(project: &Path, sources: &Path) -> Host {
    let mut config = HostConfig::new(project);
    config.limits = test_limits();
    // Only what a test passes in `context.env`: nothing from this process.
    config.box_env = Vec::new();
    let mut host = Host::new(config).unwrap();
    for (name, source) in runtime::hosted::HOSTED_TOOLS {
        let path = sources.join(format!("{name}.ts"));
        std::fs::write(&path, source).unwrap();
        let info = host
            .load_tool(name, &path)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!info.description.is_empty(), "{name}");
        let parameters: Value = serde_json::from_str(&info.parameters_json).unwrap();
        assert_eq!(parameters["type"], "object", "{name}");
    }
    host
}

fn context(env: &[(&str, &str)]) -> CallContext {
    CallContext::new("ses_1", "beeuni", env.iter().copied())
}

fn ok(host: &mut Host, tool: &str, args: Value, ctx: &CallContext) -> String {
    match host.call(tool, &args.to_string(), ctx.clone()).outcome {
        CallOutcome::Ok(text) => text,
        CallOutcome::ToolError(message) => panic!("{tool} {args} threw: {message}"),
    }
}

fn error(host: &mut Host, tool: &str, args: Value, ctx: &CallContext) -> String {
    match host.call(tool, &args.to_string(), ctx.clone()).outcome {
        CallOutcome::Ok(text) => panic!("{tool} {args} should have failed, returned: {text}"),
        CallOutcome::ToolError(message) => message,
    }
}

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn network_tools_call_the_api_and_return_the_shapes_the_ui_reads() {
    on_big_stack(|| {
        let dir = tempfile::tempdir().unwrap();
        let (base, seen) = start_api();
        let mut host = host(dir.path(), dir.path());
        let ctx = context(&[("BEEUNI_API_URL", &base), ("BEEUNI_TOKEN", TOKEN)]);

        let web = json_of(&ok(
            &mut host,
            "web_search",
            json!({ "query": "boa ||| tokio|||  " }),
            &ctx,
        ));
        assert_eq!(
            web,
            json!({ "results": [
                { "query": "boa", "results": [{ "title": "About boa", "url": "https://example.com/boa", "snippet": "…" }] },
                { "query": "tokio", "results": [{ "title": "About tokio", "url": "https://example.com/tokio", "snippet": "…" }] },
            ] })
        );

        let images = json_of(&ok(
            &mut host,
            "image_search",
            json!({ "query": "red panda" }),
            &ctx,
        ));
        assert_eq!(images["query"], "red panda");
        assert_eq!(
            images["images"][0]["thumbnail"],
            "https://img.example/a-small.jpg"
        );
        // No thumbnail from the API: the full image stands in.
        assert_eq!(
            images["images"][1]["thumbnail"],
            "https://img.example/b.jpg"
        );
        assert_eq!(images["images"][1]["source"], "https://example.org/b");

        let page = json_of(&ok(
            &mut host,
            "scrape_webpage",
            json!({ "url": "https://example.com/pricing" }),
            &ctx,
        ));
        assert_eq!(
            page,
            json!({ "url": "https://example.com/pricing", "title": "Pricing", "text": "Plans start at 10 EUR." })
        );

        let seen = seen.lock().unwrap().clone();
        let mut routes: Vec<&str> = seen.iter().map(|s| s.route.as_str()).collect();
        routes.sort();
        assert_eq!(
            routes,
            [
                "/v1/scrape",
                "/v1/search/images",
                "/v1/search/web",
                "/v1/search/web"
            ]
        );
        for request in &seen {
            assert_eq!(request.authorization, "Bearer test-token", "{request:?}");
            assert!(
                request.content_type.starts_with("application/json"),
                "{request:?}"
            );
        }
        assert!(seen.iter().any(|s| s.body == json!({ "query": "tokio" })));
    });
}

#[test]
fn network_tool_errors_say_what_to_change() {
    on_big_stack(|| {
        let dir = tempfile::tempdir().unwrap();
        let (base, _) = start_api();
        let mut host = host(dir.path(), dir.path());

        let no_url = context(&[("BEEUNI_TOKEN", TOKEN)]);
        for (tool, args) in [
            ("web_search", json!({ "query": "x" })),
            ("image_search", json!({ "query": "x" })),
            ("scrape_webpage", json!({ "url": "https://example.com" })),
        ] {
            let message = error(&mut host, tool, args, &no_url);
            assert!(
                message.starts_with("BEEUNI_API_URL is not set: "),
                "{tool}: {message}"
            );
        }
        let no_token = context(&[("BEEUNI_API_URL", &base)]);
        assert!(
            error(&mut host, "web_search", json!({ "query": "x" }), &no_token)
                .starts_with("BEEUNI_TOKEN is not set: ")
        );

        let ctx = context(&[("BEEUNI_API_URL", &base), ("BEEUNI_TOKEN", TOKEN)]);
        assert_eq!(
            error(
                &mut host,
                "scrape_webpage",
                json!({ "url": "https://example.com/broken" }),
                &ctx
            ),
            "the Beeuni API answered 500 for POST /v1/scrape: scraper crashed: upstream timed out"
        );
        let stale = context(&[("BEEUNI_API_URL", &base), ("BEEUNI_TOKEN", "old")]);
        assert_eq!(
            error(&mut host, "image_search", json!({ "query": "x" }), &stale),
            "the Beeuni API answered 401 for POST /v1/search/images: token expired: start a new session"
        );
        let message = error(
            &mut host,
            "scrape_webpage",
            json!({ "url": "example.com" }),
            &ctx,
        );
        assert!(
            message.starts_with("url must be an absolute http or https URL"),
            "{message}"
        );
        let message = error(&mut host, "web_search", json!({ "query": " ||| " }), &ctx);
        assert!(message.starts_with("query is empty"), "{message}");
    });
}

#[test]
fn memory_commands_work_on_files_under_memory() {
    on_big_stack(|| {
        let dir = tempfile::tempdir().unwrap();
        let project = dir.path().join("workspace");
        std::fs::create_dir(&project).unwrap();
        let mut host = host(&project, dir.path());
        let ctx = context(&[]);
        let mut run = |args: Value| ok(&mut host, "memory", args, &ctx);

        assert_eq!(
            run(json!({ "command": "view", "path": "memory" })),
            "memory/ is empty: nothing has been saved yet"
        );
        assert_eq!(
            run(
                json!({ "command": "create", "path": "memory/notes/todo.md", "file_text": "one\nthree" })
            ),
            "Saved memory/notes/todo.md (2 lines)"
        );
        run(
            json!({ "command": "insert", "path": "memory/notes/todo.md", "insert_line": 1, "insert_text": "two" }),
        );
        run(
            json!({ "command": "str_replace", "path": "memory/notes/todo.md", "old_str": "three", "new_str": "3 $&" }),
        );
        assert_eq!(
            std::fs::read_to_string(project.join("memory/notes/todo.md")).unwrap(),
            "one\ntwo\n3 $&"
        );
        assert_eq!(
            run(
                json!({ "command": "view", "path": "memory/notes/todo.md", "view_range": [2, -1] })
            ),
            "     2\ttwo\n     3\t3 $&"
        );
        assert_eq!(
            run(
                json!({ "command": "rename", "path": "memory/notes/todo.md", "new_path": "memory/done.md" })
            ),
            "Renamed memory/notes/todo.md to memory/done.md"
        );
        assert_eq!(
            run(json!({ "command": "view", "path": "memory/" })),
            "memory/\nmemory/done.md  (12 bytes)\nmemory/notes/"
        );
        assert_eq!(
            run(json!({ "command": "delete", "path": "memory/notes" })),
            "Deleted memory/notes"
        );
        assert!(!project.join("memory/notes").exists());
        assert!(project.join("memory/done.md").is_file());
    });
}

#[test]
fn memory_refuses_paths_that_leave_memory() {
    on_big_stack(|| {
        let dir = tempfile::tempdir().unwrap();
        let project = dir.path().join("workspace");
        std::fs::create_dir_all(project.join("memory")).unwrap();
        std::fs::write(dir.path().join("secret.txt"), "secret").unwrap();
        std::fs::write(project.join("README.md"), "readme").unwrap();
        let mut host = host(&project, dir.path());
        let ctx = context(&[]);

        for (args, expected) in [
            (
                json!({ "command": "view", "path": "../secret.txt" }),
                "is outside memory/",
            ),
            (
                json!({ "command": "view", "path": "memory/../README.md" }),
                "is outside memory/",
            ),
            (
                json!({ "command": "create", "path": "memory/../../x.md", "file_text": "x" }),
                "is outside memory/",
            ),
            (
                json!({ "command": "view", "path": "/etc/passwd" }),
                "is absolute",
            ),
            (
                json!({ "command": "view", "path": "README.md" }),
                "is outside memory/",
            ),
            (
                json!({ "command": "rename", "path": "memory/a.md", "new_path": "notes/a.md" }),
                "new_path \"notes/a.md\" is outside memory/",
            ),
            (
                json!({ "command": "delete", "path": "memory" }),
                "refusing to delete all of memory/",
            ),
            (
                json!({ "command": "unknown", "path": "memory/a.md" }),
                "command must be one of view, create",
            ),
        ] {
            let message = error(&mut host, "memory", args.clone(), &ctx);
            assert!(message.contains(expected), "{args}: {message}");
        }

        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path(), project.join("memory/out")).unwrap();
            std::os::unix::fs::symlink(
                dir.path().join("secret.txt"),
                project.join("memory/secret.md"),
            )
            .unwrap();
            for args in [
                json!({ "command": "view", "path": "memory/secret.md" }),
                json!({ "command": "view", "path": "memory/out/secret.txt" }),
                json!({ "command": "create", "path": "memory/out/new.md", "file_text": "x" }),
                json!({ "command": "str_replace", "path": "memory/secret.md", "old_str": "secret", "new_str": "x" }),
            ] {
                let message = error(&mut host, "memory", args.clone(), &ctx);
                assert!(
                    message.contains("leads outside memory/ through a symlink"),
                    "{args}: {message}"
                );
            }
            assert!(!dir.path().join("new.md").exists());
            assert_eq!(
                std::fs::read_to_string(dir.path().join("secret.txt")).unwrap(),
                "secret"
            );
        }
    });
}

#[test]
fn show_confirms_what_it_shows_and_checks_files() {
    on_big_stack(|| {
        let dir = tempfile::tempdir().unwrap();
        let project = dir.path().join("workspace");
        std::fs::create_dir_all(project.join("reports")).unwrap();
        std::fs::write(project.join("reports/q3.pdf"), "%PDF").unwrap();
        let mut host = host(&project, dir.path());
        let ctx = context(&[]);

        assert_eq!(
            ok(
                &mut host,
                "show",
                json!({ "type": "file", "path": "reports/q3.pdf" }),
                &ctx
            ),
            "Shown to the user: file reports/q3.pdf"
        );
        assert_eq!(
            ok(
                &mut host,
                "show",
                json!({ "type": "markdown", "content": "# Hi\nthere" }),
                &ctx
            ),
            "Shown to the user: markdown (2 lines)"
        );
        let gallery = json!({ "type": "gallery", "items": [
            { "type": "image", "url": "https://img.example/a.jpg" },
            { "type": "url", "url": "https://example.com" },
        ] });
        assert_eq!(
            ok(&mut host, "show", gallery, &ctx),
            "Shown to the user: a gallery of 2 (image https://img.example/a.jpg; url https://example.com)"
        );
        let message = error(
            &mut host,
            "show",
            json!({ "type": "image", "path": "reports/missing.png" }),
            &ctx,
        );
        assert!(
            message.starts_with("path reports/missing.png does not exist"),
            "{message}"
        );
        let message = error(
            &mut host,
            "show",
            json!({ "type": "file", "path": "reports" }),
            &ctx,
        );
        assert!(message.contains("is a folder"), "{message}");
        let message = error(&mut host, "show", json!({ "type": "video" }), &ctx);
        assert!(
            message.starts_with("type must be one of file, image, url, markdown, gallery"),
            "{message}"
        );
    });
}
