//! `beeuni daemon`: serves the project's tools over HTTP until SIGTERM or
//! SIGINT (see the `daemon` crate and `docs/daemon.md`). Prints one
//! line on stdout when ready; logs go to stderr.

use std::net::SocketAddr;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use super::project::load_or_report;
use super::{EXIT_INTERNAL, EXIT_PROBLEMS};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One plain line per event.
    #[default]
    Human,
    /// One JSON object per event, with a timestamp and level.
    Json,
}

/// Serve every tool of the project over HTTP.
#[derive(Debug, Clone, clap::Args)]
pub struct DaemonArgs {
    /// The address to listen on; port 0 picks a free port.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:0")]
    pub listen: SocketAddr,
    /// Worker processes (default: one per core).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Deadline of a call, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0)]
    pub timeout: f64,
    /// Each worker's memory limit (address space), e.g. `4G`, `512M`; `0` for none.
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_size)]
    pub worker_memory: u64,
    /// How long calls in flight may finish after SIGTERM or SIGINT, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    pub grace: f64,
    /// The largest request body, e.g. `8M`; a larger one is answered 413.
    #[arg(long, value_name = "SIZE", default_value = "8M", value_parser = parse_size)]
    pub max_body: u64,
    /// How long a client has to send a request's whole body, in seconds,
    /// from the end of its headers; a slower one is answered 408.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    pub body_timeout: f64,
    /// Open connections at most; more wait until one closes (a connection
    /// that has not yet sent the token gives way to a new one).
    #[arg(long, value_name = "N", default_value_t = 1024)]
    pub max_connections: usize,
    /// Do not watch the project for changes.
    #[arg(long)]
    pub no_watch: bool,
    /// Where to write the standard harness's forwarding plugin, at start and
    /// after every reload [default: harnesses/opencode/plugin/beeuni.ts in the project].
    #[arg(long, value_name = "FILE", conflicts_with = "no_plugin")]
    pub plugin_out: Option<std::path::PathBuf>,
    /// Write no plugin (a sandbox that runs only the experimental harness).
    #[arg(long)]
    pub no_plugin: bool,
    /// How log lines on stderr look.
    #[arg(long, value_enum, default_value_t)]
    pub log_format: LogFormat,
    /// How workers confine tools: `off`, `best-effort` (Landlock where the
    /// kernel has it) or `required` (refuse to start without it).
    #[arg(long, value_name = "LEVEL", default_value = "best-effort")]
    pub sandbox: runtime::sandbox::Level,
}

fn parse_size(text: &str) -> Result<u64, String> {
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, ""),
    };
    let number: u64 = digits
        .parse()
        .map_err(|_| format!("`{text}` is not a size like 512M or 4G"))?;
    let scale: u64 = match unit
        .to_ascii_uppercase()
        .trim_end_matches("IB")
        .trim_end_matches('B')
    {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        _ => return Err(format!("`{text}` is not a size like 512M or 4G")),
    };
    number
        .checked_mul(scale)
        .ok_or_else(|| format!("`{text}` is too large"))
}

pub(super) fn seconds(value: f64, flag: &str) -> Result<Duration, String> {
    if value.is_finite() && value > 0.0 {
        Ok(Duration::from_secs_f64(value))
    } else {
        Err(format!(
            "{flag} must be a positive number of seconds, got {value}"
        ))
    }
}

/// This executable, which workers are started from (`beeuni daemon-worker`).
pub(super) fn worker_program() -> Result<std::path::PathBuf, ExitCode> {
    std::env::current_exe().map_err(|e| {
        eprintln!("error: cannot find the beeuni executable to start workers: {e}");
        ExitCode::from(EXIT_INTERNAL)
    })
}

pub(super) fn init_logs(format: LogFormat) {
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_target(false);
    let _ = match format {
        // The message alone: the lines are meant to be read, and grepped.
        LogFormat::Human => builder
            .without_time()
            .with_level(false)
            .with_ansi(false)
            .try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
}

pub fn run(start: &Path, args: &DaemonArgs) -> ExitCode {
    let (timeout, grace) = match (
        seconds(args.timeout, "--timeout"),
        seconds(args.grace, "--grace"),
    ) {
        (Ok(timeout), Ok(grace)) => (timeout, grace),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_INTERNAL);
        }
    };
    let body_timeout = match seconds(args.body_timeout, "--body-timeout") {
        Ok(body_timeout) => body_timeout,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_INTERNAL);
        }
    };
    let program = match worker_program() {
        Ok(program) => program,
        Err(code) => return code,
    };
    let (project, _, _) = match load_or_report(start) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    init_logs(args.log_format);
    let plugin_out = (!args.no_plugin).then(|| match &args.plugin_out {
        Some(out) => start.join(out),
        None => codegen::plugin::default_plugin_path(&project.root),
    });
    let options = ::daemon::Options {
        listen: args.listen,
        workers: args
            .workers
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        timeout,
        worker_memory: args.worker_memory,
        body_limit: usize::try_from(args.max_body).unwrap_or(usize::MAX),
        body_timeout,
        grace,
        program,
        token: std::env::var("BEEUNI_DAEMON_TOKEN").ok(),
        watch: !args.no_watch,
        max_connections: args.max_connections,
        on_generation: plugin_out.clone().map(super::plugin::writer),
        ignore_file: plugin_out,
        sandbox: args.sandbox,
    };
    let result = ::daemon::run(project, options, |ready| {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "beeuni daemon listening on {}", ready.url);
        let _ = stdout.flush();
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(EXIT_PROBLEMS)
        }
    }
}

/// `beeuni daemon-worker`: one worker process of a daemon.
pub fn run_worker() -> ExitCode {
    // The worker's stderr is the daemon's log: a panic leaves one line
    // there, and the daemon then says why the worker is replaced.
    std::panic::set_hook(Box::new(|info| {
        // A panic inside boa while a module loads is caught by the runtime
        // and becomes that tool's load error (the skipped-tools lines).
        if info
            .location()
            .is_some_and(|at| runtime::is_engine_source(at.file()))
        {
            return;
        }
        let message = info.payload_as_str().unwrap_or("no message");
        match info.location() {
            Some(at) => eprintln!("[workers] a worker failed: {message} (at {at})"),
            None => eprintln!("[workers] a worker failed: {message}"),
        }
    }));
    match ::daemon::worker::serve_daemon() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: the daemon worker failed: {e:#}");
            ExitCode::from(EXIT_INTERNAL)
        }
    }
}
