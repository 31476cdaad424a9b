//! The HTTP contract (README, "The daemon"): routes, the bearer token, the
//! status codes, and the JSON bodies.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, SystemTime};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use checker::project::Harness;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use subtle::ConstantTimeEq;

use crate::Shared;
use crate::generation::Generation;
use crate::pool::{Reply, STUCK_GRACE, TAKE_WAIT};
use crate::protocol::{Call, unix_ms};
use crate::serve::Trust;

pub fn router(shared: Arc<Shared>, body_limit: usize, body_deadline: Duration) -> Router {
    Router::new()
        .route("/beeuni/tools/{name}", post(call_tool))
        .route("/beeuni/tools", get(list_tools))
        .route("/beeuni/health", get(health))
        .route_service("/mcp", crate::mcp::service(shared.clone(), body_limit))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such route") })
        // Inside the gate: a request without the token is answered before
        // its body is read.
        .layer(middleware::from_fn_with_state(body_deadline, read_body_by))
        .layer(middleware::from_fn_with_state(shared.clone(), gate))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(tower_http::limit::RequestBodyLimitLayer::new(body_limit))
        .layer(middleware::map_response(close_when_body_refused))
        .with_state(shared)
}

/// Reads the whole body within `deadline`, counted from the end of the
/// headers: a slow client cannot hold a connection by sending a byte now
/// and then (an idle timeout between chunks would let it). Too late is 408.
async fn read_body_by(State(deadline): State<Duration>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let read = Bytes::from_request(Request::new(body), &());
    match tokio::time::timeout(deadline, read).await {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
                .await
        }
        // Over the size limit (413) or a broken body (400), as axum says.
        Ok(Err(rejection)) => rejection.into_response(),
        Err(_) => error(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request body did not arrive within {} s",
                deadline.as_secs_f64()
            ),
        ),
    }
}

/// A 413 or 408 leaves the rest of the body unread on the connection, so the
/// connection cannot carry another request: say so, or a client's pool
/// would send its next call down a connection the daemon is closing.
async fn close_when_body_refused(mut response: Response) -> Response {
    if matches!(
        response.status(),
        StatusCode::PAYLOAD_TOO_LARGE | StatusCode::REQUEST_TIMEOUT
    ) {
        response.headers_mut().insert(
            header::CONNECTION,
            axum::http::HeaderValue::from_static("close"),
        );
    }
    response
}

/// How often a call looks for a worker while every worker is being replaced.
const WORKER_WAIT: Duration = Duration::from_millis(50);

/// Beyond [`STUCK_GRACE`], how long a killed worker may take to give back
/// the calls it never started (it reads the worker's last lines first).
const VERDICT_SLACK: Duration = Duration::from_secs(2);

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, axum::Json(json!({ "error": message.into() }))).into_response()
}

/// The token first (401), then whether the daemon still takes calls (503).
async fn gate(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let presented = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    if !bool::from(presented.as_bytes().ct_eq(shared.token.as_bytes())) {
        return error(
            StatusCode::UNAUTHORIZED,
            "missing or wrong token: send `Authorization: Bearer <token>` (the token is in the daemon's runtime file)",
        );
    }
    // The connection now holds its slot for good (see `serve`).
    if let Some(trust) = request.extensions().get::<Trust>() {
        trust.grant();
    }
    if shared.draining.load(Ordering::Relaxed) {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the daemon is shutting down",
        );
    }
    next.run(request).await
}

fn parse_harness(text: Option<&str>) -> Result<Harness, Response> {
    harness_named(text).map_err(|message| error(StatusCode::BAD_REQUEST, message))
}

/// The harness a request names (`standard` when it names none).
pub(crate) fn harness_named(text: Option<&str>) -> Result<Harness, String> {
    match text.map(|name| (name, Harness::from_name(name))) {
        None => Ok(Harness::Standard),
        Some((_, Some(harness))) => Ok(harness),
        Some((other, None)) => Err(format!(
            "harness must be `standard` or `experimental`, not `{other}`"
        )),
    }
}

/// A call's body, its parts left as JSON text.
#[derive(Debug, Deserialize)]
struct CallBody<'a> {
    #[serde(borrow)]
    args: Option<&'a RawValue>,
    #[serde(borrow)]
    context: Option<&'a RawValue>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CallContextBody {
    session_id: Option<String>,
    agent: Option<String>,
    #[allow(dead_code)]
    call_id: Option<String>,
    harness: Option<String>,
    parent_agent: Option<String>,
}

async fn call_tool(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    body: Bytes,
) -> Response {
    // The name is matched against the loaded set before anything else.
    let generation = shared.current();
    if generation.tool(&name).is_none() {
        return error(
            StatusCode::NOT_FOUND,
            format!("no tool named {name} is loaded"),
        );
    }
    // `args` stays the text it came as: the worker parses it once, in JS.
    let body: CallBody = match serde_json::from_slice(&body) {
        Ok(body) => body,
        Err(e) if e.classify() == serde_json::error::Category::Data => {
            return error(
                StatusCode::BAD_REQUEST,
                "the body must be a JSON object with `args` and `context`",
            );
        }
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                format!("the body is not valid JSON: {e}"),
            );
        }
    };
    let Some(args) = body.args.filter(|a| a.get().trim_start().starts_with('{')) else {
        return error(StatusCode::BAD_REQUEST, "`args` must be a JSON object");
    };
    let Some(context) = body.context else {
        return error(StatusCode::BAD_REQUEST, "`context` is missing");
    };
    let context: CallContextBody = match serde_json::from_str(context.get()) {
        Ok(context) => context,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                format!("`context` is not valid: {e}"),
            );
        }
    };
    let harness = match parse_harness(context.harness.as_deref()) {
        Ok(harness) => harness,
        Err(response) => return response,
    };
    let agent = context.agent.unwrap_or_else(|| "beeuni".to_string());
    let call = match prepare(
        &shared,
        &generation,
        Caller {
            agent,
            parent: context.parent_agent,
            harness,
        },
        name,
        args.get().to_string(),
        context.session_id.unwrap_or_default(),
    ) {
        Ok(call) => call,
        Err(Refusal::Hidden(message)) => return error(StatusCode::FORBIDDEN, message),
        Err(Refusal::Secrets(message)) => {
            return error(StatusCode::INTERNAL_SERVER_ERROR, message);
        }
    };
    match dispatch(generation, call, shared.timeout).await {
        Outcome::Returned(text) => (StatusCode::OK, axum::Json(output(text))).into_response(),
        Outcome::Threw(text) => error(StatusCode::OK, text),
        Outcome::Deadline(message) => error(StatusCode::GATEWAY_TIMEOUT, message),
        Outcome::Unavailable(message) => error(StatusCode::SERVICE_UNAVAILABLE, message),
        Outcome::Dropped(message) => error(StatusCode::INTERNAL_SERVER_ERROR, message),
    }
}

/// Who calls: the agent, the agent it is a subagent of, and the harness.
#[derive(Debug, Clone)]
pub(crate) struct Caller {
    pub agent: String,
    pub parent: Option<String>,
    pub harness: Harness,
}

/// Why a call is not sent to a worker.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// The agent's `tools` hides the tool.
    Hidden(String),
    /// The secret store cannot be read.
    Secrets(String),
}

/// The call of the loaded tool `name` by `caller`, with the secrets its
/// agent is granted now, unless its `tools` hides it. Every door into the
/// workers (HTTP, MCP) builds its calls here, so each refuses the same way.
pub(crate) fn prepare(
    shared: &Shared,
    generation: &Generation,
    caller: Caller,
    name: String,
    args: String,
    session_id: String,
) -> Result<Call, Refusal> {
    let Caller {
        agent,
        parent,
        harness,
    } = caller;
    if !generation.may_call(&agent, parent.as_deref(), harness, &name) {
        let harness_name = harness.name();
        return Err(Refusal::Hidden(format!(
            "agent `{agent}` may not call `{name}` in the {harness_name} harness: its `tools` in beeuni.yaml hides it"
        )));
    }
    let rule = generation.project.secrets_rule(&agent);
    let secrets = crate::secrets::granted_secrets(&shared.store, &rule).map_err(|e| {
        tracing::error!("[secrets] {e}");
        Refusal::Secrets(e.to_string())
    })?;
    Ok(Call {
        id: 0,
        tool: name,
        args,
        session_id,
        agent,
        secrets,
        // Set when the call is sent (`dispatch`).
        deadline_unix_ms: 0,
    })
}

/// How a call sent to the workers ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// `execute` returned: what the model reads.
    Returned(String),
    /// `execute` threw (or a limit stopped it, or its worker died while it
    /// ran): what the model reads.
    Threw(String),
    /// The call did not finish within its deadline: says after how long.
    Deadline(String),
    /// The workers kept dying before the call could start.
    Unavailable(String),
    /// The worker's side of the call was lost.
    Dropped(String),
}

/// Runs `call` on the least busy worker of `generation` within `limit`.
/// Dropping the future (the client went away, or cancelled) cancels the
/// call: its signal aborts and its subprocesses are killed.
pub(crate) async fn dispatch(
    generation: Arc<Generation>,
    mut call: Call,
    limit: Duration,
) -> Outcome {
    let mut deadline = tokio::time::Instant::now() + limit;
    call.deadline_unix_ms = unix_ms(SystemTime::now() + limit);
    let seconds = limit.as_secs_f64();
    let timed_out = |started: bool| {
        Outcome::Deadline(if started {
            format!("the tool call did not finish within {seconds} s")
        } else {
            format!(
                "the tool call did not finish within {seconds} s: it never started, no worker being free to take it (another call held or blocked them)"
            )
        })
    };
    // A call its worker died without starting goes to another worker.
    let mut deaths = 0;
    let reply = loop {
        let Some(worker) = generation.least_busy(&call) else {
            // Every worker is being replaced: wait for one, within the deadline.
            if tokio::time::Instant::now() + WORKER_WAIT >= deadline {
                return timed_out(false);
            }
            tokio::time::sleep(WORKER_WAIT).await;
            continue;
        };
        // Dropped with this handler when the client goes away: the call is cancelled.
        let mut ticket = worker.submit(call.clone(), limit);
        let mut give_up = deadline;
        let reply = loop {
            tokio::select! {
                reply = &mut ticket.reply => break reply,
                () = tokio::time::sleep(TAKE_WAIT) => {
                    // A worker that leaves its calls untaken is busy or
                    // blocked (perhaps until it is killed): a call it has
                    // not started goes where it can start now.
                    if !ticket.started()
                        && worker.slow_to_take()
                        && generation.prompt_worker_besides(&call, &worker)
                    {
                        ticket.withdraw();
                    }
                }
                () = tokio::time::sleep_until(give_up) => {
                    if ticket.started() || give_up > deadline {
                        return timed_out(ticket.started());
                    }
                    // Only a call running on the worker's thread keeps it
                    // from taking this one; that call ends, or its worker is
                    // killed, within STUCK_GRACE of its own deadline, which
                    // came no later than this one's. Killed, the worker
                    // gives this call back (Retry) to run on its
                    // replacement: waiting for that verdict is bounded.
                    give_up = deadline + limit + STUCK_GRACE + VERDICT_SLACK;
                }
            }
        };
        let renew = |call: &mut Call, deadline: &mut tokio::time::Instant| {
            *deadline = tokio::time::Instant::now() + limit;
            call.deadline_unix_ms = unix_ms(SystemTime::now() + limit);
        };
        match reply {
            Ok(Reply::Withdrawn) => {
                ticket.answered();
                // Withdrawn past its deadline, the call spent it all on a
                // worker another call held: as below, as often.
                if tokio::time::Instant::now() >= deadline && deaths < 5 {
                    deaths += 1;
                    renew(&mut call, &mut deadline);
                }
            }
            Ok(Reply::Retry) if deaths < 5 => {
                deaths += 1;
                ticket.answered();
                // The call never ran: the time it spent on a worker that
                // died (blocked by another call, say) is not held against
                // it. It gets its whole deadline on the next worker.
                renew(&mut call, &mut deadline);
            }
            Ok(reply) => {
                ticket.answered();
                break reply;
            }
            Err(_) => return Outcome::Dropped("the worker dropped the call".to_string()),
        }
    };
    // The generation stays alive until the call has its answer.
    drop(generation);
    match reply {
        Reply::Done(done) if done.ok => Outcome::Returned(done.text),
        Reply::Done(done) if done.timed_out => timed_out(true),
        // Nothing the tool awaits can happen, so it would not finish by
        // its deadline: the answer is the deadline's, when the deadline
        // comes, as for any call that does not finish.
        Reply::Done(done) if done.stalled => {
            tokio::time::sleep_until(deadline).await;
            Outcome::Deadline(format!(
                "the tool call did not finish within {seconds} s: {}",
                done.text
            ))
        }
        Reply::Done(done) => Outcome::Threw(done.text),
        Reply::Lost(why) => Outcome::Threw(why),
        Reply::Retry | Reply::Withdrawn => Outcome::Unavailable(
            "the workers kept dying before they could start the call; try again".to_string(),
        ),
    }
}

/// `{"output"}`, plus where the whole text is when it was spilled (the
/// runtime's last line says so, `[output truncated: N bytes, L lines in full at PATH]`).
fn output(text: String) -> Value {
    let spill = text.rsplit_once('\n').and_then(|(_, last)| {
        let rest = last
            .strip_prefix("[output truncated: ")?
            .strip_suffix(']')?;
        let (bytes, rest) = rest.split_once(" bytes, ")?;
        let (lines, path) = rest.split_once(" lines in full at ")?;
        let path_ok = std::path::Path::new(path)
            .file_name()?
            .to_str()?
            .starts_with("beeuni-tool-output-");
        path_ok.then(|| {
            (
                bytes.parse::<u64>().ok(),
                lines.parse::<u64>().ok(),
                path.to_string(),
            )
        })
    });
    match spill {
        Some((Some(bytes), Some(lines), path)) => json!({
            "output": text, "truncated": true, "outputPath": path, "bytes": bytes, "lines": lines,
        }),
        _ => json!({ "output": text }),
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    agent: Option<String>,
    harness: Option<String>,
    parent_agent: Option<String>,
}

async fn list_tools(State(shared): State<Arc<Shared>>, Query(query): Query<ListQuery>) -> Response {
    let harness = match parse_harness(query.harness.as_deref()) {
        Ok(harness) => harness,
        Err(response) => return response,
    };
    let generation = shared.current();
    let agent = query.agent.as_deref().unwrap_or("beeuni");
    let seen = generation
        .project
        .tools_seen_by(agent, query.parent_agent.as_deref(), harness);
    let tools: Vec<Value> = generation
        .tools
        .iter()
        .filter(|t| seen.contains(&t.name))
        .map(|t| {
            json!({
                "name": t.name,
                "kind": t.kind.as_str(),
                "source": t.source,
                "description": t.info.description,
                "parameters": t.info.parameters,
            })
        })
        .collect();
    axum::Json(json!({ "tools": tools })).into_response()
}

async fn health(State(shared): State<Arc<Shared>>, _headers: HeaderMap) -> Response {
    let generation = shared.current();
    axum::Json(json!({
        "status": "ok",
        "tools": generation.tools.len(),
        "skipped": generation.skipped.len(),
        "generation": generation.number,
        "workers": generation.slots().iter().filter(|w| w.load().is_some()).count(),
        "calls": generation.slots().iter().filter_map(|w| w.load()).map(|l| l.in_flight()).sum::<usize>(),
    }))
    .into_response()
}
