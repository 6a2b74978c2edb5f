//! `toolcheck capture`: ask a live MCP server for its tools.
//!
//! Over stdio (`-- <command…>`) or Streamable HTTP (`--url`), in one of two
//! eras of the protocol:
//!
//! - **2026-07-28**: no handshake. `server/discover` first, then
//!   `tools/list`; every request carries the protocol version, the client's
//!   capabilities and its name in `params._meta`, and over HTTP the
//!   `MCP-Protocol-Version` and `Mcp-Method` headers.
//! - **2025-11-25 and 2025-06-18**: `initialize` (accepting whatever version
//!   the server answers with), `notifications/initialized`, then `tools/list`.
//!
//! `--protocol auto` (the default) probes with `server/discover`, as the
//! 2026-07-28 transports ask of a client that speaks both: a discover result,
//! or one of the errors only a 2026-07-28 server sends (−32020 to −32022),
//! means a 2026-07-28 server; any other error, or silence for a few seconds,
//! means an older one, and the capture falls back to `initialize` (starting a
//! stdio server afresh if the probe left it unusable).
//!
//! Pages are followed through `nextCursor` to the end. The result is one
//! JSON-RPC response holding every tool, which `toolcheck check` and
//! `toolcheck diff` read. It records the protocol spoken in the result's
//! `_meta` (under [`toolcheck::input::CAPTURE_META`]), so a check follows it;
//! a 2026-07-28 capture keeps the pages' `resultType`, `ttlMs` and
//! `cacheScope` for the rules that check them.
//!
//! Stdio servers are shut down cleanly: standard input is closed, the server
//! gets a grace period to exit, and is killed (with its process group) after
//! it. Their standard error is shown only with `--verbose`; otherwise its last
//! lines are quoted when the capture fails.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde_json::Value;
use toolcheck::report::text::one_line;

mod http;
mod session;
mod stdio;

use http::HttpTransport;
use session::{Fallback, Session, legacy, modern};
use stdio::StdioTransport;

/// The protocol version sent in `initialize`.
pub const PROTOCOL_VERSION: &str = "2025-11-25";

/// The protocol version spoken without a handshake.
pub const MODERN_VERSION: &str = "2026-07-28";

/// How long `--protocol auto` waits for an answer to `server/discover`
/// before it takes the server for an older one.
const PROBE: Duration = Duration::from_secs(5);

/// How long a stdio server gets to exit after its input is closed.
const GRACE: Duration = Duration::from_secs(2);

/// At most this many pages are followed (a guard against a cursor loop).
const MAX_PAGES: usize = 10_000;

/// Lines of a server's standard error kept for error messages.
const STDERR_LINES: usize = 20;

/// The protocol `capture` speaks.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Protocol {
    /// `server/discover` first; `initialize` if the server does not know it.
    #[default]
    Auto,
    /// 2026-07-28: no handshake, `server/discover` and `_meta` on every request.
    #[value(name = "2026-07-28")]
    V2026_07_28,
    /// 2025-11-25: `initialize`.
    #[value(name = "2025-11-25")]
    V2025_11_25,
    /// 2025-06-18: `initialize`.
    #[value(name = "2025-06-18")]
    V2025_06_18,
}

/// Options shared by `capture` and `check --stdio/--url`.
#[derive(clap::Args, Debug, Clone)]
pub struct LiveArgs {
    /// Capture over Streamable HTTP from this endpoint (for example http://127.0.0.1:3001/mcp).
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// An HTTP header for every request, `Name: value` (repeatable; with --url).
    #[arg(long = "header", value_name = "NAME:VALUE", requires = "url")]
    pub headers: Vec<String>,
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub timeout: u64,
    /// The protocol to speak: auto tries 2026-07-28 (server/discover) and falls back to initialize.
    #[arg(long, value_enum, value_name = "VERSION", default_value_t = Protocol::Auto)]
    pub protocol: Protocol,
    /// Show the server's standard error and the protocol exchange.
    #[arg(long)]
    pub verbose: bool,
}

/// `toolcheck capture`.
#[derive(clap::Args, Debug)]
pub struct CaptureArgs {
    /// Write the capture here instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<String>,
    /// List the tools this many times, each in a new session, and record the
    /// later listings in the capture, so that `tools-list-unstable` reports a
    /// tool order or definition that changed between them.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10))]
    pub repeat: u32,
    #[command(flatten)]
    pub live: LiveArgs,
    /// The stdio server to start, after `--`: `toolcheck capture -- npx my-server`.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// Where the server is.
#[derive(Debug, Clone)]
pub enum Target {
    /// A command that speaks MCP on standard input and output.
    Stdio {
        /// The program and its arguments.
        argv: Vec<String>,
        /// Variables added to its environment.
        env: Vec<(String, String)>,
        /// The folder it starts in, when not the current one.
        cwd: Option<std::path::PathBuf>,
    },
    /// A Streamable HTTP endpoint and extra headers.
    Http {
        /// The endpoint.
        url: String,
        /// Extra headers.
        headers: Vec<(String, String)>,
    },
}

impl Target {
    /// The target from `--url`/`--header` or a command.
    pub fn from_args(live: &LiveArgs, command: &[String]) -> Result<Target, String> {
        match (&live.url, command.is_empty()) {
            (Some(_), false) => Err("give either --url or a command after --, not both".into()),
            (None, true) => Err(
                "nothing to capture: give a server command after -- (toolcheck capture -- npx my-server) or --url http://…/mcp"
                    .into(),
            ),
            (None, false) => Ok(Target::Stdio {
                argv: command.to_vec(),
                env: Vec::new(),
                cwd: None,
            }),
            (Some(url), true) => {
                if !(url.starts_with("http://") || url.starts_with("https://")) {
                    return Err(format!("--url must be an http:// or https:// URL, not \"{url}\""));
                }
                let headers = live
                    .headers
                    .iter()
                    .map(|h| parse_header(h))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Target::Http {
                    url: url.clone(),
                    headers,
                })
            }
        }
    }

    /// For messages: the command line or the URL.
    pub fn label(&self) -> String {
        match self {
            Target::Stdio { argv, .. } => argv.join(" "),
            Target::Http { url, .. } => url.clone(),
        }
    }
}

/// `Name: value` → (`Name`, `value`).
pub fn parse_header(h: &str) -> Result<(String, String), String> {
    let (name, value) = h
        .split_once(':')
        .ok_or_else(|| format!("--header \"{h}\" has no colon; write it as Name: value"))?;
    let name = name.trim();
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
    {
        return Err(format!(
            "--header \"{h}\": \"{name}\" is not a valid header name"
        ));
    }
    Ok((name.to_owned(), value.trim().to_owned()))
}

/// What a capture produced.
#[derive(Debug, Clone)]
pub struct Captured {
    /// The merged `tools/list` response, with the record of how it was made.
    pub doc: Value,
    /// Tools captured.
    pub tools: usize,
    /// `tools/list` pages merged.
    pub pages: usize,
    /// The protocol version the server answered with.
    pub protocol_version: String,
    /// `serverInfo.name` and `version`, when given.
    pub server: Option<String>,
    /// How many times the tools were listed, each in its own session.
    pub listings: usize,
}

impl Captured {
    /// The capture as written: pretty-printed, ending with a newline.
    #[must_use]
    pub fn text(&self) -> String {
        // A `serde_json::Value` always serializes: its keys are strings.
        let mut text = serde_json::to_string_pretty(&self.doc).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// One way to exchange JSON-RPC messages with a server.
trait Transport {
    /// Sends a request and waits for its response (the whole response object).
    fn request(&mut self, message: &Value, id: u64, deadline: Instant) -> Result<Value, String>;
    /// Sends a notification.
    fn notify(&mut self, message: &Value, deadline: Instant) -> Result<(), String>;
    /// Called once the protocol version is agreed (for 2026-07-28, before
    /// the first request).
    fn set_protocol_version(&mut self, version: &str);
    /// Whether the connection can take another request: for stdio, whether
    /// the server is still running with its output open.
    fn usable(&mut self) -> bool {
        true
    }
    /// Shuts the connection (and the server process) down.
    fn close(&mut self);
    /// Context to add to an error: for stdio, the server's last stderr lines.
    fn context(&self) -> String {
        String::new()
    }
}

/// Captures the tools of a live server.
pub fn capture(target: &Target, live: &LiveArgs) -> Result<Captured, String> {
    let timeout = Duration::from_secs(live.timeout);
    let verbose = live.verbose;
    let open = || -> Result<Box<dyn Transport>, String> {
        Ok(match target {
            Target::Stdio { argv, env, cwd } => {
                Box::new(StdioTransport::start(argv, env, cwd.as_deref(), verbose)?)
            }
            Target::Http { url, headers } => {
                Box::new(HttpTransport::new(url, headers, timeout, verbose))
            }
        })
    };
    let mut transport = open()?;
    let result = match live.protocol {
        Protocol::Auto => {
            let probe = Instant::now() + PROBE.min(timeout);
            match modern(Session::new(transport.as_mut(), 0, probe, verbose), timeout) {
                Ok(captured) => Ok(captured),
                Err(Fallback::No(e)) => Err(e),
                Err(Fallback::Yes(why)) => {
                    if verbose {
                        eprintln!(
                            "toolcheck: {why}: taking it for a server that predates 2026-07-28, and sending initialize ({PROTOCOL_VERSION})"
                        );
                    }
                    // The probe took id 1 on a connection that is kept.
                    let mut first_id = 1;
                    if !transport.usable() || matches!(target, Target::Http { .. }) {
                        transport.close();
                        if verbose && matches!(target, Target::Stdio { .. }) {
                            eprintln!("toolcheck: starting the server again");
                        }
                        transport = open()?;
                        first_id = 0;
                    }
                    let deadline = Instant::now() + timeout;
                    legacy(
                        Session::new(transport.as_mut(), first_id, deadline, verbose),
                        PROTOCOL_VERSION,
                        timeout,
                    )
                }
            }
        }
        Protocol::V2026_07_28 => modern(
            Session::new(transport.as_mut(), 0, Instant::now() + timeout, verbose),
            timeout,
        )
        .map_err(|e| match e {
            Fallback::No(e) => e,
            Fallback::Yes(why) => format!(
                "{why}; it does not seem to speak 2026-07-28 (try --protocol 2025-11-25, or auto)"
            ),
        }),
        Protocol::V2025_11_25 | Protocol::V2025_06_18 => {
            let version = if live.protocol == Protocol::V2025_06_18 {
                "2025-06-18"
            } else {
                PROTOCOL_VERSION
            };
            legacy(
                Session::new(transport.as_mut(), 0, Instant::now() + timeout, verbose),
                version,
                timeout,
            )
        }
    };
    let context = if result.is_err() {
        transport.context()
    } else {
        String::new()
    };
    transport.close();
    result.map_err(|e| format!("{e}{context}"))
}

/// The error text a transport returns when the deadline passes.
const TIMED_OUT: &str = "timed out";

/// The messages of a JSON-RPC value: a batch's members, or the value itself.
fn messages(value: Value) -> Vec<Value> {
    match value {
        Value::Array(batch) => batch,
        single => vec![single],
    }
}

/// Whether `v` is the response to request `id`.
fn is_response(v: &Value, id: u64) -> bool {
    v.get("id").and_then(Value::as_u64) == Some(id)
        && (v.get("result").is_some() || v.get("error").is_some())
}

/// `toolcheck capture`.
pub fn run(args: &CaptureArgs) -> ExitCode {
    let target = match Target::from_args(&args.live, &args.command) {
        Ok(t) => t,
        Err(e) => {
            return crate::input_error(e);
        }
    };
    let mut captured = match capture(&target, &args.live) {
        Ok(c) => c,
        Err(e) => {
            return crate::input_error(format!("capture from {} failed: {e}", target.label()));
        }
    };
    let mut later = Vec::new();
    for n in 2..=args.repeat {
        match capture(&target, &args.live) {
            Ok(c) => later.push(c),
            Err(e) => {
                return crate::input_error(format!(
                    "listing {n} of {} from {} failed: {e}",
                    args.repeat,
                    target.label()
                ));
            }
        }
    }
    if let Err(e) = record_repeats(&mut captured, later) {
        return crate::input_error(e);
    }
    match &args.out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, captured.text()) {
                return crate::input_error(format!("cannot write {path}: {e}"));
            }
            eprintln!("{}", summary(&captured, Some(path)));
        }
        None => {
            crate::emit(&captured.text());
            if args.live.verbose {
                eprintln!("{}", summary(&captured, None));
            }
        }
    }
    ExitCode::SUCCESS
}

/// Records the tools that each later session listed in the capture's
/// record (`repeats`, in [`toolcheck::input::CAPTURE_META`]), in the order
/// they came, for `tools-list-unstable`.
fn record_repeats(captured: &mut Captured, later: Vec<Captured>) -> Result<(), String> {
    if later.is_empty() {
        return Ok(());
    }
    let listings = later.len();
    let repeats: Vec<Value> = later
        .into_iter()
        .map(|mut c| serde_json::json!({ "tools": c.doc["result"]["tools"].take() }))
        .collect();
    let record = captured.doc["result"]["_meta"][toolcheck::input::CAPTURE_META]
        .as_object_mut()
        .ok_or("a capture without its record")?;
    record.insert("repeats".into(), Value::Array(repeats));
    captured.listings += listings;
    Ok(())
}

/// `toolcheck: captured 13 tools (1 page) from mcp-servers/everything 2.0.0, protocol 2025-11-25 → tools.json`.
pub fn summary(c: &Captured, out: Option<&str>) -> String {
    let tools = if c.tools == 1 {
        "1 tool".to_owned()
    } else {
        format!("{} tools", c.tools)
    };
    let pages = if c.pages == 1 {
        "1 page".to_owned()
    } else {
        format!("{} pages", c.pages)
    };
    let from = c
        .server
        .as_deref()
        .map(|s| format!(" from {s}"))
        .unwrap_or_default();
    let to = out.map(|o| format!(" → {o}")).unwrap_or_default();
    let times = if c.listings > 1 {
        format!(", listed {} times", c.listings)
    } else {
        String::new()
    };
    format!(
        "toolcheck: captured {tools} ({pages}){from}, protocol {}{times}{to}",
        one_line(&c.protocol_version)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        assert_eq!(
            parse_header("Authorization: Bearer a:b").unwrap(),
            ("Authorization".into(), "Bearer a:b".into())
        );
        assert!(parse_header("nocolon").is_err());
        assert!(parse_header("bad name: x").is_err());
    }
}
