//! HTTP for `fetch` and `node:http`, on reqwest over tokio.
//!
//! Receives a method, URL, header list, body bytes and redirect mode, and
//! returns the status, headers, final URL and either the whole body or, for
//! `fetch`, a handle its body is read from chunk by chunk as it arrives
//! (`httpChunk`). A request or a read stops as soon as its cancellation
//! switch flips (the `signal` passed to `fetch` aborted, or the call hit its
//! deadline). With `decode`, a streamed body sent with a `Content-Encoding`
//! is decoded as it arrives (`decode.rs`), `fetch`'s default; `node:http`
//! reads the bytes as sent.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::time::Duration;

use boa_engine::{Context, JsResult, JsValue};

use super::{
    arg, array, bytes_arg, bytes_value, coded_error, error, json_value, type_error, typed_arg,
};
use crate::state::{HostState, unless_cancelled};

mod decode;
mod multipart;

/// A response whose body is read later, and the decoder its bytes go
/// through when `fetch` decodes them.
pub(crate) struct Body {
    response: reqwest::Response,
    decoder: Option<decode::Decoder>,
}

/// The host's HTTP client for a redirect mode. Each host has its own: a
/// client's pooled connections run as tasks on the runtime that opened them,
/// and a host's runtime only runs while that host is called.
fn client(http: &State, follow: bool) -> Result<reqwest::Client, String> {
    let mut clients = http.clients.borrow_mut();
    if clients.is_none() {
        let build = |policy| {
            reqwest::Client::builder()
                .redirect(policy)
                .connect_timeout(Duration::from_secs(30))
                .build()
                .map_err(|e| e.to_string())
        };
        *clients = Some([
            build(reqwest::redirect::Policy::limited(20))?,
            build(reqwest::redirect::Policy::none())?,
        ]);
    }
    let [follows, manual] = clients.as_ref().ok_or("no HTTP client")?;
    Ok(if follow {
        follows.clone()
    } else {
        manual.clone()
    })
}

/// Responses whose bodies are still being read, by handle. A tool may never
/// read a body, and each one left here holds its connection open, so only the
/// newest are kept: a body not read before this many later responses
/// arrived is dropped, its connection closed.
#[derive(Default)]
struct Responses {
    next: u32,
    live: VecDeque<(u32, Body)>,
}

const UNREAD_BODIES_KEPT: usize = 64;

/// This family's state ([`super::op_state`]): the host's two clients (made
/// on its first `fetch`) and the bodies still being read.
#[derive(Default)]
struct State {
    clients: RefCell<Option<[reqwest::Client; 2]>>,
    responses: RefCell<Responses>,
}

impl Responses {
    fn keep(&mut self, response: Body) -> u32 {
        self.next = self.next.wrapping_add(1);
        if self.live.len() == UNREAD_BODIES_KEPT {
            self.live.pop_front();
        }
        self.live.push_back((self.next, response));
        self.next
    }
    fn take(&mut self, handle: u32) -> Option<Body> {
        let at = self.live.iter().position(|(h, _)| *h == handle)?;
        self.live.remove(at).map(|(_, response)| response)
    }
    fn put_back(&mut self, handle: u32, response: Body) {
        if self.live.len() == UNREAD_BODIES_KEPT {
            self.live.pop_front();
        }
        self.live.push_back((handle, response));
    }
}

/// What `fetch` (`web/fetch.js`) asks for: the request's `requestJson`.
#[derive(serde::Deserialize)]
struct RequestSpec {
    url: String,
    #[serde(default = "RequestSpec::get")]
    method: String,
    /// Name and value pairs, in order (a name may repeat).
    #[serde(default)]
    headers: Vec<(String, String)>,
    /// `follow`, `manual` or `error`.
    #[serde(default = "RequestSpec::follow")]
    redirect: String,
    /// Hand back a handle to read the body from instead of the whole body.
    #[serde(default)]
    stream: bool,
    /// Decode the body's `Content-Encoding` as it arrives.
    #[serde(default)]
    decode: bool,
}

impl RequestSpec {
    fn get() -> String {
        "GET".to_string()
    }

    fn follow() -> String {
        "follow".to_string()
    }
}

/// `http(requestJson, body, cancelId)` → `[responseJson, body]`, or
/// `[responseJson, handle]` when the request's `stream` is true.
pub(super) async fn request(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (meta, body, cancel, http) = {
        let context = &mut context.borrow_mut();
        let meta: RequestSpec = typed_arg(args, 0, context)?;
        let body = bytes_arg(args, 1, context)?;
        let state = HostState::of(context);
        let cancel = super::cancel_switch(&arg(args, 2), &state, context)?;
        (meta, body, cancel, super::op_state::<State>(context))
    };
    let RequestSpec {
        url,
        method,
        headers,
        redirect,
        stream: streamed,
        decode: decoded,
    } = meta;
    let client = client(&http, redirect == "follow")
        .map_err(|e| type_error(format!("fetch failed: {e}")))?;
    let method = reqwest::Method::from_bytes(method.as_bytes())
        .map_err(|_| type_error(format!("fetch: invalid method {method:?}")))?;
    let mut builder = client.request(method, &url);
    for (name, value) in &headers {
        builder = builder.header(name, value);
    }
    if let Some(body) = body {
        builder = builder.body(body);
    }
    let exchange = async {
        let response = builder.send().await?;
        let status = response.status();
        let final_url = response.url().to_string();
        let headers: Vec<serde_json::Value> = response
            .headers()
            .iter()
            .map(|(k, v)| serde_json::json!([k.as_str(), String::from_utf8_lossy(v.as_bytes())]))
            .collect();
        // Either the whole body now, or the response to read it from later.
        let body = if streamed {
            let coding = decoded
                .then(|| response.headers().get(reqwest::header::CONTENT_ENCODING))
                .flatten()
                .and_then(|value| value.to_str().ok())
                .and_then(decode::Coding::of);
            let decoder = coding.map(decode::Decoder::new).transpose();
            (None, Some((response, decoder)))
        } else {
            (Some(response.bytes().await?), None)
        };
        Ok::<_, reqwest::Error>((status, final_url, headers, body))
    };
    let result = unless_cancelled(exchange, cancel).await;
    let context = &mut context.borrow_mut();
    match result {
        None => Err(error("AbortError: the operation was aborted")),
        Some(Err(e)) => Err(type_error(format!("fetch failed: {}", chain(&e)))),
        Some(Ok((status, final_url, headers, body))) => {
            if redirect == "error" && status.is_redirection() {
                return Err(type_error(format!(
                    "fetch failed: redirect to {url} refused (redirect: 'error')"
                )));
            }
            let response = serde_json::json!({
                "status": status.as_u16(),
                "statusText": status.canonical_reason().unwrap_or(""),
                "headers": headers,
                "url": final_url,
                "redirected": final_url != url,
            });
            let body = match body {
                (Some(bytes), _) => bytes_value(&bytes, context)?,
                (None, Some((response, decoder))) => {
                    let decoder =
                        decoder.map_err(|e| type_error(format!("fetch failed: {}", e.0)))?;
                    let body = Body { response, decoder };
                    JsValue::from(http.responses.borrow_mut().keep(body))
                }
                (None, None) => JsValue::null(),
            };
            Ok(array(vec![json_value(&response), body], context))
        }
    }
}

/// `httpChunk(handle, cancelId)` → the next piece of a response's body as it
/// arrives (decoded, for a body `fetch` decodes), or `null` at its end (or
/// for a body dropped unread). A body that does not decode fails with an
/// error whose `code` is Bun's name for the failure (`ZlibError`, …).
pub(super) async fn chunk(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (handle, cancel, http) = {
        let context = &mut context.borrow_mut();
        let handle = arg(args, 0).to_u32(context)?;
        let state = HostState::of(context);
        let cancel = super::cancel_switch(&arg(args, 1), &state, context)?;
        (handle, cancel, super::op_state::<State>(context))
    };
    let Some(mut body) = http.responses.borrow_mut().take(handle) else {
        return Ok(JsValue::null());
    };
    loop {
        if let Some(decoder) = &mut body.decoder {
            let decoded = decoder.pull();
            let context = &mut context.borrow_mut();
            match decoded {
                Err(e) => return Err(coded_error(e.0.to_string(), e.0, None, context)),
                Ok(bytes) if !bytes.is_empty() => {
                    http.responses.borrow_mut().put_back(handle, body);
                    return bytes_value(&bytes, context);
                }
                Ok(_) => {}
            }
        }
        let read = unless_cancelled(body.response.chunk(), cancel.clone()).await;
        let context = &mut context.borrow_mut();
        match read {
            None => return Err(error("AbortError: the operation was aborted")),
            Some(Err(e)) => return Err(type_error(format!("fetch failed: {}", chain(&e)))),
            Some(Ok(None)) => {
                return match body.decoder.as_ref().map(decode::Decoder::finish) {
                    Some(Err(e)) => Err(coded_error(e.0.to_string(), e.0, None, context)),
                    _ => Ok(JsValue::null()),
                };
            }
            Some(Ok(Some(bytes))) => match &mut body.decoder {
                Some(decoder) => decoder.push(&bytes),
                None => {
                    http.responses.borrow_mut().put_back(handle, body);
                    return bytes_value(&bytes, context);
                }
            },
        }
    }
}

/// `formParse(bytes, boundary)` → JSON: `{"parts": [[name, filename or
/// null, start, end], …]}` (where each value's bytes are in the body), or
/// `{"error": words}` for a body that is not `multipart/form-data`.
pub(super) fn parse_form(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let body = bytes_arg(args, 0, context)?.unwrap_or_default();
    let boundary = super::string_arg(args, 1, context)?;
    let answer = match multipart::parse(&body, &boundary) {
        Ok(parts) => serde_json::json!({
            "parts": parts
                .into_iter()
                .map(|p| serde_json::json!([p.name, p.filename, p.start, p.end]))
                .collect::<Vec<_>>(),
        }),
        Err(words) => serde_json::json!({ "error": words }),
    };
    Ok(json_value(&answer))
}

/// `httpDrop(handle)`: a body the tool will not read (a cancelled stream).
pub(super) fn drop_body(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let handle = arg(args, 0).to_u32(context)?;
    super::op_state::<State>(context)
        .responses
        .borrow_mut()
        .take(handle);
    Ok(JsValue::undefined())
}

/// reqwest's top-level message is terse ("error sending request"); the
/// causes say what happened (connection refused, DNS, TLS).
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
