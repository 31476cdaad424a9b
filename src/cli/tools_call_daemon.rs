//! `beeuni tools call NAME --daemon`: the same call sent to the project's
//! running daemon (found like the forwarding plugin finds it: from
//! `BEEUNI_DAEMON_URL` and `BEEUNI_DAEMON_TOKEN`, else from its runtime
//! file), printed and exited as a local call is.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use serde_json::{Value, json};

use super::{EXIT_INTERNAL, EXIT_PROBLEMS};

/// Where the daemon listens and its token.
struct Daemon {
    url: String,
    token: String,
}

fn find(project_root: &Path) -> Result<Daemon, String> {
    let from_env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let (mut url, mut token) = (
        from_env("BEEUNI_DAEMON_URL"),
        from_env("BEEUNI_DAEMON_TOKEN"),
    );
    if url.is_none() || token.is_none() {
        let file = ::daemon::runfile::path_for(project_root).ok_or_else(|| {
            "no folder for the daemon's runtime file: set XDG_RUNTIME_DIR, HOME or BEEUNI_RUNTIME_DIR".to_string()
        })?;
        let written: Value = std::fs::read(&file)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .ok_or_else(|| {
                format!(
                    "no daemon is running for this project (no runtime file at {}): start one with `beeuni daemon`, or set BEEUNI_DAEMON_URL and BEEUNI_DAEMON_TOKEN",
                    file.display()
                )
            })?;
        let field = |name: &str| written[name].as_str().map(str::to_string);
        url = url.or_else(|| field("url"));
        token = token.or_else(|| field("token"));
    }
    match (url, token) {
        (Some(url), Some(token)) => Ok(Daemon {
            url: url.trim_end_matches('/').to_string(),
            token,
        }),
        _ => Err("the daemon's runtime file holds no URL or token".to_string()),
    }
}

/// Sends one call; `timeout` bounds the whole exchange.
pub fn call(
    project_root: &Path,
    name: &str,
    args_json: &str,
    agent: &str,
    session: &str,
    timeout: Duration,
) -> ExitCode {
    let fail = |code: u8, message: &str| {
        eprintln!("error: {message}");
        ExitCode::from(code)
    };
    let daemon = match find(project_root) {
        Ok(daemon) => daemon,
        Err(message) => return fail(EXIT_INTERNAL, &message),
    };
    let args: Value = serde_json::from_str(args_json).unwrap_or(Value::Null);
    let body = json!({"args": args, "context": {"sessionId": session, "agent": agent, "harness": "standard"}});
    let client = match reqwest::blocking::Client::builder()
        .timeout(timeout)
        .build()
    {
        Ok(client) => client,
        Err(e) => return fail(EXIT_INTERNAL, &format!("cannot make an HTTP client: {e}")),
    };
    let response = client
        .post(format!("{}/beeuni/tools/{name}", daemon.url))
        .bearer_auth(&daemon.token)
        .json(&body)
        .send();
    let response = match response {
        Ok(response) => response,
        Err(e) => {
            return fail(
                EXIT_INTERNAL,
                &format!("the daemon at {} did not answer: {e}", daemon.url),
            );
        }
    };
    let status = response.status().as_u16();
    let answer: Value = response.json().unwrap_or(Value::Null);
    let error = answer["error"].as_str().unwrap_or("(no message)");
    match (status, answer["output"].as_str()) {
        (200, Some(output)) => {
            let _ = writeln!(std::io::stdout().lock(), "{output}");
            ExitCode::SUCCESS
        }
        (200, None) => {
            let _ = writeln!(std::io::stdout().lock(), "{error}");
            fail(EXIT_PROBLEMS, &format!("tool {name} threw"))
        }
        (403 | 504, _) => fail(EXIT_PROBLEMS, error),
        (404, _) => fail(EXIT_INTERNAL, error),
        (401, _) => fail(
            EXIT_INTERNAL,
            &format!("the daemon at {} refused the token: {error}", daemon.url),
        ),
        (_, _) => fail(
            EXIT_INTERNAL,
            &format!("the daemon answered {status}: {error}"),
        ),
    }
}
