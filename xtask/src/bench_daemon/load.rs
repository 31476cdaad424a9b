//! Load for the daemon bench: wrk with a Lua script that sends POST
//! requests (one, or several in turn: the contract's, or MCP `tools/call`
//! requests), and reports its figures on one line the bench reads back.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};

/// A load: which requests, over how many connections.
pub struct Scenario {
    pub name: &'static str,
    pub connections: usize,
    script: PathBuf,
}

/// One POST a scenario sends: its path, the headers besides the token's,
/// and its body.
pub struct Request {
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Scenario {
    /// Writes the wrk script sending the contract's `POST
    /// /beeuni/tools/<name>` for each of `requests` (tool name, JSON body) in turn.
    pub fn new(
        name: &'static str,
        connections: usize,
        requests: &[(String, String)],
        work: &Path,
        token: &str,
    ) -> Result<Scenario> {
        let requests: Vec<Request> = requests
            .iter()
            .map(|(tool, body)| Request {
                path: format!("/beeuni/tools/{tool}"),
                headers: Vec::new(),
                body: body.clone(),
            })
            .collect();
        Scenario::of(name, "", connections, &requests, work, token)
    }

    /// Writes the wrk script sending `requests` in turn; `tag` tells apart
    /// the scripts of two scenarios of the same name.
    pub fn of(
        name: &'static str,
        tag: &str,
        connections: usize,
        requests: &[Request],
        work: &Path,
        token: &str,
    ) -> Result<Scenario> {
        let script = work.join(format!(
            "{}{tag}.lua",
            name.replace(|c: char| !c.is_ascii_alphanumeric(), "-")
        ));
        std::fs::write(&script, lua(requests, token)?)?;
        Ok(Scenario {
            name,
            connections,
            script,
        })
    }
}

/// Lua long strings (`[==[ … ]==]`) hold any text without escapes but
/// their own closing bracket.
fn long_string(text: &str) -> Result<String> {
    if text.contains("]==]") {
        bail!("a request body holds `]==]`, which the wrk script cannot quote");
    }
    Ok(format!("[==[{text}]==]"))
}

fn lua(requests: &[Request], token: &str) -> Result<String> {
    let mut entries = String::new();
    for request in requests {
        let mut headers = String::new();
        for (name, value) in &request.headers {
            headers.push_str(&format!(
                "[ {} ] = {}, ",
                long_string(name)?,
                long_string(value)?
            ));
        }
        entries.push_str(&format!(
            "  {{ {}, {}, {{ {headers}}} }},\n",
            long_string(&request.path)?,
            long_string(&request.body)?
        ));
    }
    Ok(format!(
        r#"local entries = {{
{entries}}}
local prepared = {{}}
local next = 0

function init(args)
  for i, entry in ipairs(entries) do
    local headers = {{ ["Authorization"] = "Bearer {token}", ["Content-Type"] = "application/json" }}
    for name, value in pairs(entry[3]) do headers[name] = value end
    prepared[i] = wrk.format("POST", entry[1], headers, entry[2])
  end
end

function request()
  next = next % #prepared + 1
  return prepared[next]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH %d %d %d %d %d %d\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
"#
    ))
}

/// What one wrk run measured.
#[derive(Debug, Clone, Copy)]
pub struct WrkResult {
    /// Requests per second.
    pub rate: f64,
    pub p50_us: u64,
    pub p99_us: u64,
}

/// Runs wrk for `duration`; fails when any answer was not 2xx or a socket failed.
pub fn wrk(wrk: &Path, scenario: &Scenario, url: &str, duration: Duration) -> Result<WrkResult> {
    let output = Command::new(wrk)
        .args(["-t1", "--timeout", "10s"])
        .arg(format!("-c{}", scenario.connections))
        .arg(format!("-d{}s", duration.as_secs().max(1)))
        .arg("-s")
        .arg(&scenario.script)
        .arg(url)
        .output()
        .context("running wrk")?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        bail!(
            "wrk failed ({}): {stdout}{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("BENCH "))
        .with_context(|| format!("wrk printed no figures: {stdout}"))?;
    let numbers: Vec<u64> = line
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .with_context(|| format!("wrk printed {line:?}"))?;
    let [
        requests,
        duration_us,
        p50_us,
        p99_us,
        bad_status,
        socket_errors,
    ] = numbers[..]
    else {
        bail!("wrk printed {line:?}");
    };
    if bad_status > 0 || socket_errors > 0 {
        bail!(
            "{bad_status} answers were not 2xx and {socket_errors} connections failed ({requests} requests)"
        );
    }
    Ok(WrkResult {
        rate: requests as f64 / (duration_us.max(1) as f64 / 1e6),
        p50_us,
        p99_us,
    })
}

/// One `POST /beeuni/tools/<tool>` over a fresh connection: the status and the body.
pub fn post(url: &str, tool: &str, token: &str, body: &str) -> Result<(u16, String)> {
    let request = Request {
        path: format!("/beeuni/tools/{tool}"),
        headers: Vec::new(),
        body: body.to_string(),
    };
    send(url, &request, token)
}

/// One request over a fresh connection: the status and the body.
pub fn send(url: &str, request: &Request, token: &str) -> Result<(u16, String)> {
    let address = url
        .strip_prefix("http://")
        .with_context(|| format!("not an http URL: {url}"))?;
    let mut stream = std::net::TcpStream::connect(address)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let headers: String = request
        .headers
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    let (path, body) = (&request.path, &request.body);
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response)?;
    let text = String::from_utf8_lossy(&response);
    let (head, rest) = text
        .split_once("\r\n\r\n")
        .with_context(|| format!("not an HTTP answer: {text}"))?;
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .with_context(|| format!("no status in {head}"))?;
    let chunked = head.lines().any(|l| {
        l.to_ascii_lowercase()
            .starts_with("transfer-encoding: chunked")
    });
    let body = if chunked {
        dechunk(rest)?
    } else {
        rest.to_string()
    };
    Ok((status, body))
}

fn dechunk(mut rest: &str) -> Result<String> {
    let mut out = String::new();
    loop {
        let (size, after) = rest
            .split_once("\r\n")
            .context("a chunk without its size")?;
        let size = usize::from_str_radix(size.trim(), 16).context("a chunk size")?;
        if size == 0 {
            return Ok(out);
        }
        out.push_str(after.get(..size).context("a short chunk")?);
        rest = after.get(size + 2..).unwrap_or("");
    }
}
