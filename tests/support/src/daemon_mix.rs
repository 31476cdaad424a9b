//! The calls of the daemon's load-and-faults run, shared by the suite's
//! small run (`tests/it/daemon.rs`) and the full-count bench (`cargo xtask
//! bench daemon --faults`): which call the `i`th request is, how it is sent
//! to a daemon serving `tests/fixtures/daemon/project`, and whether its
//! answer is the right one for it.

use std::path::Path;
use std::time::Duration;

use reqwest::StatusCode;
use reqwest::blocking::Client;
use serde_json::{Value, json};

/// An answer as the client read it: the status, and the body as JSON (or
/// as a string when it is not JSON).
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

impl Answer {
    pub fn read(response: reqwest::blocking::Response) -> reqwest::Result<Answer> {
        let status = response.status();
        let text = response.text()?;
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Ok(Answer { status, body })
    }
}

/// `{"args", "context"}`, the body of a call.
pub fn call_body(args: Value, context: Value) -> Value {
    json!({ "args": args, "context": context })
}

/// What a request of the mix does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `echo`, which answers with the call's own id: the bulk of the load.
    Echo,
    /// `fails` throws.
    Throws,
    /// `slow` for a minute: answered 504 at the deadline.
    TimesOut,
    /// `flood` returns 3 MB, spilled to a file.
    Floods,
    /// `runaway` blocks its worker in a catastrophic regular expression
    /// until the daemon kills the worker.
    Runaway,
    /// `hangs` waits on a subprocess: answered 504, the subprocess killed.
    HangsInSubprocess,
    /// A body that is not JSON: 400.
    Malformed,
    /// The wrong token: 401.
    Unauthorised,
    /// A tool that is not loaded, named after the call: 404.
    UnknownTool,
    /// A tool the agent may not call: 403.
    Denied,
    /// `slow` for a minute, the client gone long before.
    Disconnects,
}

impl Kind {
    pub const ALL: [Kind; 11] = [
        Kind::Echo,
        Kind::Throws,
        Kind::TimesOut,
        Kind::Floods,
        Kind::Runaway,
        Kind::HangsInSubprocess,
        Kind::Malformed,
        Kind::Unauthorised,
        Kind::UnknownTool,
        Kind::Denied,
        Kind::Disconnects,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Echo => "succeeds (echo)",
            Kind::Throws => "throws",
            Kind::TimesOut => "times out",
            Kind::Floods => "floods 3 MB",
            Kind::Runaway => "loops forever",
            Kind::HangsInSubprocess => "hangs in a subprocess",
            Kind::Malformed => "malformed",
            Kind::Unauthorised => "unauthorised",
            Kind::UnknownTool => "unknown tool",
            Kind::Denied => "denied",
            Kind::Disconnects => "client disconnects",
        }
    }
}

/// How often each costly kind comes: request `i` falls in slot `i % 10`;
/// the slots of the costly kinds hold them one time in `n` (`n` = 0: never)
/// and an echo otherwise. The cheap faults have a slot of their own.
#[derive(Debug, Clone, Copy)]
pub struct Mix {
    pub runaway: usize,
    pub times_out: usize,
    pub floods: usize,
    pub hangs: usize,
    pub disconnects: usize,
}

impl Mix {
    pub fn kind(&self, i: usize) -> Kind {
        let round = i / 10;
        let one_in = |n: usize| n > 0 && round.is_multiple_of(n);
        match i % 10 {
            0 if one_in(self.runaway) => Kind::Runaway,
            1 => Kind::Throws,
            2 if one_in(self.times_out) => Kind::TimesOut,
            3 if one_in(self.floods) => Kind::Floods,
            4 => Kind::Malformed,
            5 => Kind::Unauthorised,
            6 => Kind::UnknownTool,
            7 => Kind::Denied,
            8 if one_in(self.hangs) => Kind::HangsInSubprocess,
            9 if one_in(self.disconnects) => Kind::Disconnects,
            _ => Kind::Echo,
        }
    }
}

/// The clients a run sends with: one that waits for every answer, one that
/// gives up (disconnects) [`IMPATIENCE`] into its call.
#[derive(Debug, Clone)]
pub struct Clients {
    pub patient: Client,
    pub impatient: Client,
}

/// How long a disconnecting client waits before it goes away.
pub const IMPATIENCE: Duration = Duration::from_millis(300);

impl Clients {
    pub fn new() -> reqwest::Result<Clients> {
        Ok(Clients {
            patient: Client::builder()
                .timeout(Duration::from_secs(120))
                .build()?,
            impatient: Client::builder().timeout(IMPATIENCE).build()?,
        })
    }
}

/// How a request of the mix came out.
#[derive(Debug)]
pub enum Verdict {
    /// The answer its request should get.
    Right,
    /// An answer saying plainly that a runaway's worker took the call down
    /// with it (it was running there, or found no worker in time).
    Collateral,
    /// Anything else, said.
    Wrong(String),
}

/// Sends request `i` of kind `kind` to the daemon at `url`; `scratch` is a
/// folder for the files the `hangs` tool writes. `Err` is a request the
/// client never got an answer to (which only a disconnecting client may
/// have).
pub fn send(
    clients: &Clients,
    url: &str,
    token: &str,
    kind: Kind,
    id: &str,
    scratch: &Path,
) -> reqwest::Result<Answer> {
    let (tool, body, token, client) = match kind {
        Kind::Echo => (
            "echo".to_string(),
            call_body(json!({"text": id}), json!({"sessionId": id})).to_string(),
            token,
            &clients.patient,
        ),
        Kind::Throws => (
            "fails".into(),
            call_body(json!({}), json!({})).to_string(),
            token,
            &clients.patient,
        ),
        Kind::TimesOut => (
            "slow".into(),
            call_body(json!({"ms": 60000, "tag": id}), json!({})).to_string(),
            token,
            &clients.patient,
        ),
        Kind::Floods => (
            "flood".into(),
            call_body(json!({}), json!({})).to_string(),
            token,
            &clients.patient,
        ),
        Kind::Runaway => (
            "runaway".into(),
            call_body(json!({}), json!({})).to_string(),
            token,
            &clients.patient,
        ),
        Kind::HangsInSubprocess => (
            "hangs".into(),
            call_body(
                json!({"note": scratch.join(format!("{id}.note")), "pidFile": scratch.join(format!("{id}.pid"))}),
                json!({}),
            )
            .to_string(),
            token,
            &clients.patient,
        ),
        Kind::Malformed => ("echo".into(), "{oops".into(), token, &clients.patient),
        Kind::Unauthorised => (
            "echo".into(),
            call_body(json!({"text": id}), json!({})).to_string(),
            "nope",
            &clients.patient,
        ),
        Kind::UnknownTool => (
            format!("ghost-{id}"),
            call_body(json!({}), json!({})).to_string(),
            token,
            &clients.patient,
        ),
        Kind::Denied => (
            "fails".into(),
            call_body(json!({}), json!({"agent": "reader"})).to_string(),
            token,
            &clients.patient,
        ),
        Kind::Disconnects => (
            "slow".into(),
            call_body(json!({"ms": 60000, "tag": id}), json!({})).to_string(),
            token,
            &clients.impatient,
        ),
    };
    let response = client
        .post(format!("{url}/beeuni/tools/{tool}"))
        .header("content-type", "application/json")
        .bearer_auth(token)
        .body(body)
        .send()?;
    Answer::read(response)
}

/// Whether `outcome` is right for request `id` of kind `kind`. Removes the
/// file a flood's output was spilled to.
pub fn judge(kind: Kind, id: &str, outcome: &reqwest::Result<Answer>) -> Verdict {
    let answer = match (kind, outcome) {
        (Kind::Disconnects, Err(e)) if e.is_timeout() => return Verdict::Right,
        (_, Err(e)) => return Verdict::Wrong(format!("no answer: {e}")),
        (_, Ok(answer)) => answer,
    };
    if let Some(path) = answer.body["outputPath"].as_str() {
        let _ = std::fs::remove_file(path);
    }
    let error = answer.body["error"].as_str().unwrap_or_default();
    let deadline = answer.status == StatusCode::GATEWAY_TIMEOUT
        && error.starts_with("the tool call did not finish within");
    let right = match kind {
        Kind::Echo => {
            answer.status == StatusCode::OK
                && answer.body == json!({"output": format!("{id} (agent beeuni, session {id})")})
        }
        Kind::Throws => {
            answer.status == StatusCode::OK
                && answer.body == json!({"error": "the order service is down"})
        }
        Kind::TimesOut | Kind::Runaway | Kind::HangsInSubprocess => deadline,
        Kind::Floods => {
            answer.status == StatusCode::OK
                && answer.body["truncated"] == true
                && answer.body["bytes"] == 3_000_000
        }
        Kind::Malformed => answer.status == StatusCode::BAD_REQUEST,
        Kind::Unauthorised => answer.status == StatusCode::UNAUTHORIZED,
        Kind::UnknownTool => {
            answer.status == StatusCode::NOT_FOUND
                && answer.body == json!({"error": format!("no tool named ghost-{id} is loaded")})
        }
        Kind::Denied => answer.status == StatusCode::FORBIDDEN,
        // Answered before the client left: only a call lost with a runaway's worker can be.
        Kind::Disconnects => false,
    };
    let lost_with_a_runaway = (answer.status == StatusCode::GATEWAY_TIMEOUT
        && error.contains("it never started"))
        || error.contains("worker was stopped");
    if right {
        Verdict::Right
    } else if lost_with_a_runaway {
        Verdict::Collateral
    } else {
        Verdict::Wrong(format!(
            "{}: {} {}",
            kind.name(),
            answer.status,
            answer.body
        ))
    }
}
