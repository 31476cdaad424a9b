//! HTTP for `fetch`, on reqwest over tokio.
//!
//! Receives a method, URL, header list, body bytes and redirect mode, and
//! returns the status, headers, final URL and the whole body. A request stops
//! as soon as its cancellation switch flips (the `signal` passed to `fetch`
//! aborted, or the call hit its deadline).

use std::cell::RefCell;
use std::time::Duration;

use boa_engine::{Context, JsResult, JsValue};

use super::{arg, array, bytes_arg, bytes_value, error, json_arg, json_value, type_error};
use crate::state::{HostState, unless_cancelled};

/// The host's HTTP client for a redirect mode. Each host has its own: a
/// client's pooled connections run as tasks on the runtime that opened them,
/// and a host's runtime only runs while that host is called.
fn client(state: &HostState, follow: bool) -> Result<reqwest::Client, String> {
    let mut clients = state.http_clients.borrow_mut();
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

/// `http(requestJson, body, cancelId)` → `[responseJson, body]`.
pub(super) async fn request(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (meta, body, cancel, state) = {
        let context = &mut context.borrow_mut();
        let meta = json_arg(args, 0, context)?;
        let body = bytes_arg(args, 1, context)?;
        let state = HostState::of(context);
        let cancel = super::cancel_switch(&arg(args, 2), &state, context)?;
        (meta, body, cancel, state)
    };
    let url = meta["url"].as_str().unwrap_or_default().to_string();
    let redirect = meta["redirect"].as_str().unwrap_or("follow").to_string();
    let client = client(&state, redirect == "follow")
        .map_err(|e| type_error(format!("fetch failed: {e}")))?;
    let method = reqwest::Method::from_bytes(meta["method"].as_str().unwrap_or("GET").as_bytes())
        .map_err(|_| type_error(format!("fetch: invalid method {}", meta["method"])))?;
    let mut builder = client.request(method, &url);
    for pair in meta["headers"].as_array().into_iter().flatten() {
        if let (Some(name), Some(value)) = (pair[0].as_str(), pair[1].as_str()) {
            builder = builder.header(name, value);
        }
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
        let bytes = response.bytes().await?;
        Ok::<_, reqwest::Error>((status, final_url, headers, bytes))
    };
    let result = unless_cancelled(exchange, cancel).await;
    let context = &mut context.borrow_mut();
    match result {
        None => Err(error("AbortError: the operation was aborted")),
        Some(Err(e)) => Err(type_error(format!("fetch failed: {}", chain(&e)))),
        Some(Ok((status, final_url, headers, bytes))) => {
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
            Ok(array(
                vec![json_value(&response), bytes_value(&bytes, context)?],
                context,
            ))
        }
    }
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
