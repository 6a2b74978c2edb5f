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

use std::collections::VecDeque;
use std::io::{BufRead as _, BufReader, Read, Write as _};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};
use toolcheck::input::{CACHE_HINTS, CAPTURE_META};
use toolcheck::report::text::one_line;

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
    Stdio(Vec<String>),
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
            (None, false) => Ok(Target::Stdio(command.to_vec())),
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
            Target::Stdio(cmd) => cmd.join(" "),
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
    /// The merged `tools/list` response, pretty-printed, ending with a newline.
    pub text: String,
    /// Tools captured.
    pub tools: usize,
    /// `tools/list` pages merged.
    pub pages: usize,
    /// The protocol version the server answered with.
    pub protocol_version: String,
    /// `serverInfo.name` and `version`, when given.
    pub server: Option<String>,
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
            Target::Stdio(cmd) => Box::new(StdioTransport::start(cmd, verbose)?),
            Target::Http { url, headers } => {
                Box::new(HttpTransport::new(url, headers, timeout, verbose))
            }
        })
    };
    let mut transport = open()?;
    let result = match live.protocol {
        Protocol::Auto => {
            let probe = Instant::now() + PROBE.min(timeout);
            match modern(transport.as_mut(), probe, timeout, verbose) {
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
                        if verbose && matches!(target, Target::Stdio(_)) {
                            eprintln!("toolcheck: starting the server again");
                        }
                        transport = open()?;
                        first_id = 0;
                    }
                    let deadline = Instant::now() + timeout;
                    legacy(
                        transport.as_mut(),
                        PROTOCOL_VERSION,
                        Session::ids_after(first_id, deadline, verbose),
                        timeout,
                    )
                }
            }
        }
        Protocol::V2026_07_28 => modern(
            transport.as_mut(),
            Instant::now() + timeout,
            timeout,
            verbose,
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
                transport.as_mut(),
                version,
                Session::ids_after(0, Instant::now() + timeout, verbose),
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

/// Why a request failed.
#[derive(Debug)]
enum Failure {
    /// The server answered with a JSON-RPC error.
    Rpc {
        code: Option<i64>,
        message: String,
        data: Option<Value>,
    },
    /// No answer before the deadline.
    Timeout,
    /// The transport failed (the process exited, an HTTP error without a
    /// JSON-RPC body, a broken stream).
    Transport(String),
}

/// The JSON-RPC errors only a 2026-07-28 server sends.
fn modern_error(code: Option<i64>) -> Option<&'static str> {
    match code? {
        -32020 => Some("the request's headers do not match its body (HeaderMismatch, -32020)"),
        -32021 => Some(
            "the server needs a client capability that toolcheck does not have (MissingRequiredClientCapability, -32021)",
        ),
        -32022 => Some(
            "the server does not support the protocol version asked for (UnsupportedProtocolVersion, -32022)",
        ),
        _ => None,
    }
}

impl Failure {
    /// A message naming the method.
    fn describe(&self, method: &str, timeout: Duration) -> String {
        match self {
            Failure::Timeout => format!(
                "no response to {method} within {}s (--timeout)",
                timeout.as_secs()
            ),
            Failure::Transport(e) => format!("{method}: {e}"),
            Failure::Rpc {
                code,
                message,
                data,
            } => {
                let code_text = code.map(|c| c.to_string()).unwrap_or_default();
                let mut text =
                    format!("the server answered {method} with error {code_text}: {message}");
                if let Some(meaning) = modern_error(*code) {
                    text.push_str(&format!(" ({meaning})"));
                }
                let supported = data
                    .as_ref()
                    .and_then(|d| d.get("supported"))
                    .and_then(Value::as_array);
                if let Some(supported) = supported {
                    let list: Vec<String> = supported
                        .iter()
                        .filter_map(Value::as_str)
                        .map(one_line)
                        .collect();
                    text.push_str(&format!(
                        "; it supports {}: try --protocol with one of them",
                        list.join(", ")
                    ));
                }
                text
            }
        }
    }
}

/// How requests are numbered and timed.
struct Ids {
    /// The last id used.
    last: u64,
    deadline: Instant,
    verbose: bool,
}

/// Requests over one transport.
struct Session<'t> {
    t: &'t mut dyn Transport,
    next_id: u64,
    deadline: Instant,
    verbose: bool,
}

impl<'t> Session<'t> {
    /// Numbering after `last`, until `deadline`.
    fn ids_after(last: u64, deadline: Instant, verbose: bool) -> Ids {
        Ids {
            last,
            deadline,
            verbose,
        }
    }

    fn on(t: &'t mut dyn Transport, ids: Ids) -> Self {
        Session {
            t,
            next_id: ids.last,
            deadline: ids.deadline,
            verbose: ids.verbose,
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Result<Value, Failure> {
        self.next_id += 1;
        let id = self.next_id;
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        if self.verbose {
            eprintln!("toolcheck: → {message}");
        }
        let response = self.t.request(&message, id, self.deadline).map_err(|e| {
            if e == TIMED_OUT {
                Failure::Timeout
            } else {
                Failure::Transport(e)
            }
        })?;
        if self.verbose {
            eprintln!("toolcheck: ← {}", abbreviate(&response));
        }
        if let Some(err) = response.get("error") {
            return Err(Failure::Rpc {
                code: err.get("code").and_then(Value::as_i64),
                message: err
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("no message")
                    .to_owned(),
                data: err.get("data").cloned(),
            });
        }
        response
            .get("result")
            .cloned()
            .ok_or_else(|| Failure::Transport("the response has no result".into()))
    }
}

/// A response for `--verbose`: long ones are cut.
fn abbreviate(v: &Value) -> String {
    let text = one_line(&v.to_string());
    if text.len() <= 400 {
        return text;
    }
    let cut: String = text.chars().take(400).collect();
    format!("{cut}… ({} bytes)", text.len())
}

/// Whether to fall back to `initialize`, and why.
enum Fallback {
    /// The server is not a 2026-07-28 one.
    Yes(String),
    /// It is, and the capture failed.
    No(String),
}

/// The `_meta` every 2026-07-28 request carries.
fn request_meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "toolcheck", "version": env!("CARGO_PKG_VERSION")},
    })
}

/// `name version` from an MCP `Implementation`, printable (a server's name
/// cannot send the terminal escape codes).
fn implementation(s: &Value) -> String {
    let name = s.get("name").and_then(Value::as_str).unwrap_or("?");
    one_line(&match s.get("version").and_then(Value::as_str) {
        Some(v) => format!("{name} {v}"),
        None => name.to_owned(),
    })
}

/// For `--verbose`: who answered, and whether its `capabilities` (of the
/// discover or initialize result) lack `tools`.
fn connected(who: &str, answer: &Value) {
    eprintln!("toolcheck: {}", one_line(who));
    if answer
        .get("capabilities")
        .and_then(|c| c.get("tools"))
        .is_none()
    {
        eprintln!(
            "toolcheck: the server does not declare the tools capability; asking for tools/list anyway"
        );
    }
}

/// A 2026-07-28 capture: `server/discover`, then `tools/list` with `_meta`.
fn modern(
    t: &mut dyn Transport,
    probe_deadline: Instant,
    timeout: Duration,
    verbose: bool,
) -> Result<Captured, Fallback> {
    t.set_protocol_version(MODERN_VERSION);
    let mut session = Session::on(t, Session::ids_after(0, probe_deadline, verbose));
    let discovered = match session.request("server/discover", json!({"_meta": request_meta()})) {
        Ok(result) => result,
        Err(Failure::Rpc { code, .. }) if modern_error(code).is_none() => {
            let code = code.map(|c| format!(" {c}")).unwrap_or_default();
            return Err(Fallback::Yes(format!(
                "the server answered server/discover with error{code}"
            )));
        }
        Err(failure @ Failure::Rpc { .. }) => {
            return Err(Fallback::No(failure.describe("server/discover", timeout)));
        }
        Err(Failure::Timeout) => {
            return Err(Fallback::Yes(
                "no response to server/discover within a few seconds".into(),
            ));
        }
        Err(Failure::Transport(e)) => {
            return Err(Fallback::Yes(format!("server/discover failed ({e})")));
        }
    };
    let supported: Vec<&str> = discovered
        .get("supportedVersions")
        .and_then(Value::as_array)
        .map(|v| v.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if !supported.contains(&MODERN_VERSION) {
        return Err(Fallback::Yes(format!(
            "the server's server/discover lists {}, not {MODERN_VERSION}",
            if supported.is_empty() {
                "no supportedVersions".to_owned()
            } else {
                one_line(&supported.join(", "))
            }
        )));
    }
    let mut server = discovered
        .get("_meta")
        .and_then(|m| m.get("io.modelcontextprotocol/serverInfo"))
        .map(implementation);
    if verbose {
        connected(
            &format!(
                "{} speaks {MODERN_VERSION}",
                server.as_deref().unwrap_or("an unnamed server")
            ),
            &discovered,
        );
    }
    session.deadline = Instant::now() + timeout;
    let pages = list_pages(&mut session, true, timeout).map_err(Fallback::No)?;
    if server.is_none() {
        server = pages
            .first()
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get("io.modelcontextprotocol/serverInfo"))
            .map(implementation);
    }
    merge(&pages, session.next_id, MODERN_VERSION, server).map_err(Fallback::No)
}

/// A capture through `initialize` (2025-11-25 and before).
fn legacy(
    t: &mut dyn Transport,
    version: &str,
    ids: Ids,
    timeout: Duration,
) -> Result<Captured, String> {
    let (deadline, verbose) = (ids.deadline, ids.verbose);
    let mut session = Session::on(t, ids);
    let init = session
        .request(
            "initialize",
            json!({
                "protocolVersion": version,
                "capabilities": {},
                "clientInfo": {"name": "toolcheck", "version": env!("CARGO_PKG_VERSION")},
            }),
        )
        .map_err(|f| f.describe("initialize", timeout))?;
    let version = init
        .get("protocolVersion")
        .and_then(Value::as_str)
        .ok_or("the initialize result has no protocolVersion")?
        .to_owned();
    let server = init.get("serverInfo").map(implementation);
    if verbose {
        connected(
            &format!(
                "connected to {} (protocol {version})",
                server.as_deref().unwrap_or("an unnamed server")
            ),
            &init,
        );
    }
    session.t.set_protocol_version(&version);
    let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    if verbose {
        eprintln!("toolcheck: → {note}");
    }
    session.t.notify(&note, deadline).map_err(|e| {
        if e == TIMED_OUT {
            "timed out sending notifications/initialized".to_owned()
        } else {
            e
        }
    })?;
    let pages = list_pages(&mut session, false, timeout)?;
    merge(&pages, session.next_id, &version, server)
}

/// Every `tools/list` page, following `nextCursor`.
fn list_pages(
    session: &mut Session<'_>,
    with_meta: bool,
    timeout: Duration,
) -> Result<Vec<Value>, String> {
    let mut pages: Vec<Value> = Vec::new();
    let mut cursor: Option<String> = None;
    let mut seen: Vec<String> = Vec::new();
    loop {
        let mut params = Map::new();
        if with_meta {
            params.insert("_meta".into(), request_meta());
        }
        if let Some(c) = &cursor {
            params.insert("cursor".into(), Value::String(c.clone()));
        }
        let result = session
            .request("tools/list", Value::Object(params))
            .map_err(|f| f.describe("tools/list", timeout))?;
        if !result.get("tools").is_some_and(Value::is_array) {
            return Err("the tools/list result has no tools array".into());
        }
        // Before 2026-07-28 servers end a list with an empty cursor too; in
        // 2026-07-28 an empty string is a cursor like any other.
        let next = result
            .get("nextCursor")
            .and_then(Value::as_str)
            .filter(|c| with_meta || !c.is_empty())
            .map(str::to_owned);
        pages.push(result);
        let Some(next) = next else {
            return Ok(pages);
        };
        if seen.contains(&next) {
            return Err(format!(
                "tools/list returned the cursor \"{next}\" twice; stopping to avoid a loop"
            ));
        }
        if pages.len() >= MAX_PAGES {
            return Err(format!(
                "tools/list still had more pages after {MAX_PAGES}; stopping"
            ));
        }
        seen.push(next.clone());
        cursor = Some(next);
    }
}

/// Whether a caching hint's value is one the schema allows.
fn hint_ok(key: &str, v: &Value) -> bool {
    match key {
        "resultType" => v.as_str() == Some("complete"),
        "ttlMs" => v.as_u64().is_some(),
        _ => matches!(v.as_str(), Some("private" | "public")),
    }
}

/// The value of a caching hint for the merged result: the pages' value when
/// they agree; when they do not, absent if a page leaves it out, else the
/// first malformed one, else the shortest `ttlMs` or `"private"`, so the
/// merged capture shows the worst page.
fn merged_hint(key: &str, values: &[Option<&Value>]) -> Option<Value> {
    let first = values.first().copied().flatten()?;
    if values.iter().all(|v| *v == Some(first)) {
        return Some(first.clone());
    }
    let present: Vec<&Value> = values.iter().copied().collect::<Option<Vec<_>>>()?;
    if let Some(bad) = present.iter().find(|v| !hint_ok(key, v)) {
        return Some((*bad).clone());
    }
    match key {
        "ttlMs" => present
            .iter()
            .filter_map(|v| v.as_u64())
            .min()
            .map(Value::from),
        "cacheScope" => Some(Value::from("private")),
        _ => Some(first.clone()),
    }
}

/// The pages as one JSON-RPC response that records how it was made.
fn merge(
    pages: &[Value],
    id: u64,
    protocol: &str,
    server: Option<String>,
) -> Result<Captured, String> {
    let mut result = Map::new();
    let mut record = Map::new();
    record.insert("protocolVersion".into(), Value::from(protocol));
    if protocol == MODERN_VERSION {
        for key in CACHE_HINTS {
            let values: Vec<Option<&Value>> = pages.iter().map(|p| p.get(key)).collect();
            if let Some(v) = merged_hint(key, &values) {
                result.insert(key.into(), v);
            }
            if key == "cacheScope" && values.iter().any(|v| *v != values[0]) {
                // The pages disagree: keep each page's scope for cache-scope-mixed.
                record.insert(
                    "cacheScopes".into(),
                    Value::Array(
                        values
                            .iter()
                            .map(|v| v.cloned().unwrap_or(Value::Null))
                            .collect(),
                    ),
                );
            }
        }
    }
    let mut meta = Map::new();
    meta.insert(CAPTURE_META.into(), Value::Object(record));
    result.insert("_meta".into(), Value::Object(meta));
    let tools: Vec<Value> = pages
        .iter()
        .flat_map(|p| p["tools"].as_array().into_iter().flatten().cloned())
        .collect();
    let count = tools.len();
    result.insert("tools".into(), Value::Array(tools));
    let doc = json!({"jsonrpc": "2.0", "id": id, "result": result});
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())? + "\n";
    Ok(Captured {
        text,
        tools: count,
        pages: pages.len(),
        protocol_version: protocol.to_owned(),
        server,
    })
}

/// The error text a transport returns when the deadline passes.
const TIMED_OUT: &str = "timed out";

/// Whether `v` is the response to request `id`.
fn is_response(v: &Value, id: u64) -> bool {
    v.get("id").and_then(Value::as_u64) == Some(id)
        && (v.get("result").is_some() || v.get("error").is_some())
}

// ---------------------------------------------------------------------------
// stdio

enum Line {
    Text(String),
    Eof,
}

struct StdioTransport {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    verbose: bool,
    closed: bool,
    /// The server closed its output.
    eof: bool,
}

impl StdioTransport {
    fn start(cmd: &[String], verbose: bool) -> Result<Self, String> {
        let (program, args) = cmd.split_first().ok_or("no server command given")?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if verbose {
                Stdio::inherit()
            } else {
                Stdio::piped()
            });
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt as _;
            // Its own process group, so a wrapper (`npx`, a shell) and the
            // server it starts are shut down together.
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start \"{program}\": {e}"))?;
        let stdout = child.stdout.take().ok_or("no standard output pipe")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = String::new();
            loop {
                line.clear();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(Line::Eof);
                        return;
                    }
                    Ok(_) => {
                        if tx.send(Line::Text(line.trim_end().to_owned())).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = child.stderr.take() {
            let keep = Arc::clone(&stderr);
            std::thread::spawn(move || {
                for line in BufReader::new(err).lines().map_while(Result::ok) {
                    if let Ok(mut k) = keep.lock() {
                        if k.len() == STDERR_LINES {
                            k.pop_front();
                        }
                        k.push_back(line);
                    }
                }
            });
        }
        Ok(StdioTransport {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            stderr,
            verbose,
            closed: false,
            eof: false,
        })
    }

    fn send(&mut self, message: &Value) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("standard input is closed")?;
        let mut line = serde_json::to_string(message).map_err(|e| e.to_string())?;
        line.push('\n');
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("cannot write to the server: {e}{}", self.exit_note()))
    }

    fn exit_note(&mut self) -> String {
        std::thread::sleep(Duration::from_millis(50));
        match self.child.try_wait() {
            Ok(Some(status)) => format!(" (the server exited: {status})"),
            _ => String::new(),
        }
    }

    /// Answers a request the server sent us: `ping` gets an empty result,
    /// anything else "method not found".
    fn answer(&mut self, request: &Value) {
        let id = request.get("id").cloned().unwrap_or(Value::Null);
        let reply = if request.get("method").and_then(Value::as_str) == Some("ping") {
            json!({"jsonrpc": "2.0", "id": id, "result": {}})
        } else {
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "toolcheck only lists tools"}})
        };
        let _ = self.send(&reply);
    }
}

impl Transport for StdioTransport {
    fn request(&mut self, message: &Value, id: u64, deadline: Instant) -> Result<Value, String> {
        self.send(message)?;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Line::Text(line)) => line,
                Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    self.eof = true;
                    let note = self.exit_note();
                    return Err(format!(
                        "the server closed its output without answering{note}"
                    ));
                }
                Err(RecvTimeoutError::Timeout) => return Err(TIMED_OUT.into()),
            };
            if line.trim().is_empty() {
                continue;
            }
            let Ok(value) = serde_json::from_str::<Value>(&line) else {
                if self.verbose {
                    eprintln!("toolcheck: server wrote a line that is not JSON-RPC: {line}");
                }
                continue;
            };
            let messages = match value {
                Value::Array(batch) => batch,
                single => vec![single],
            };
            let mut found = None;
            for m in messages {
                if is_response(&m, id) {
                    found = Some(m);
                } else if m.get("method").is_some() && m.get("id").is_some() {
                    if self.verbose {
                        eprintln!("toolcheck: ← server request {m}");
                    }
                    self.answer(&m);
                } else if self.verbose {
                    eprintln!("toolcheck: ← {m}");
                }
            }
            if let Some(m) = found {
                return Ok(m);
            }
        }
    }

    fn notify(&mut self, message: &Value, _deadline: Instant) -> Result<(), String> {
        self.send(message)
    }

    fn set_protocol_version(&mut self, _version: &str) {}

    fn usable(&mut self) -> bool {
        !self.closed && !self.eof && matches!(self.child.try_wait(), Ok(None))
    }

    fn close(&mut self) {
        if self.closed {
            return;
        }
        self.closed = true;
        // Closing standard input asks the server to exit.
        drop(self.stdin.take());
        let until = Instant::now() + GRACE;
        while Instant::now() < until {
            match self.child.try_wait() {
                Ok(Some(_)) => {
                    kill_group(&self.child, "TERM");
                    return;
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(25)),
                Err(_) => break,
            }
        }
        if self.verbose {
            eprintln!(
                "toolcheck: the server did not exit within {}s; killing it",
                GRACE.as_secs()
            );
        }
        kill_group(&self.child, "KILL");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn context(&self) -> String {
        if self.verbose {
            return String::new();
        }
        let lines = self
            .stderr
            .lock()
            .map(|l| l.iter().cloned().collect::<Vec<_>>())
            .unwrap_or_default();
        if lines.is_empty() {
            String::new()
        } else {
            format!(
                "\nthe server's last standard error lines (--verbose shows all):\n  {}",
                lines.join("\n  ")
            )
        }
    }
}

impl Drop for StdioTransport {
    fn drop(&mut self) {
        self.close();
    }
}

/// Signals the server's process group (what a wrapper such as `npx` started).
#[cfg(unix)]
fn kill_group(child: &Child, signal: &str) {
    let _ = Command::new("kill")
        .args(["-s", signal, "--", &format!("-{}", child.id())])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

#[cfg(not(unix))]
fn kill_group(_child: &Child, _signal: &str) {}

// ---------------------------------------------------------------------------
// Streamable HTTP

struct HttpTransport {
    agent: ureq::Agent,
    url: String,
    headers: Vec<(String, String)>,
    session: Option<String>,
    protocol: Option<String>,
    verbose: bool,
}

impl HttpTransport {
    fn new(url: &str, headers: &[(String, String)], timeout: Duration, verbose: bool) -> Self {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            .http_status_as_error(false)
            .build()
            .into();
        HttpTransport {
            agent,
            url: url.to_owned(),
            headers: headers.to_vec(),
            session: None,
            protocol: None,
            verbose,
        }
    }

    fn post(
        &mut self,
        message: &Value,
        deadline: Instant,
    ) -> Result<ureq::http::Response<ureq::Body>, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(TIMED_OUT.into());
        }
        let mut req = self
            .agent
            .post(&self.url)
            .config()
            .timeout_global(Some(left))
            .build()
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream");
        if let Some(s) = &self.session {
            req = req.header("Mcp-Session-Id", s);
        }
        if let Some(v) = &self.protocol {
            req = req.header("MCP-Protocol-Version", v);
            // 2026-07-28 asks for the method in a header too, for routing.
            if v == MODERN_VERSION
                && let Some(method) = message.get("method").and_then(Value::as_str)
            {
                req = req.header("Mcp-Method", method);
            }
        }
        for (k, v) in &self.headers {
            req = req.header(k, v);
        }
        let body = serde_json::to_string(message).map_err(|e| e.to_string())?;
        let response = req.send(body).map_err(|e| match e {
            ureq::Error::Timeout(_) => TIMED_OUT.to_owned(),
            e => format!("cannot reach {}: {e}", self.url),
        })?;
        if self.session.is_none()
            && let Some(id) = response
                .headers()
                .get("mcp-session-id")
                .and_then(|v| v.to_str().ok())
        {
            if self.verbose {
                eprintln!("toolcheck: session {id}");
            }
            self.session = Some(id.to_owned());
        }
        Ok(response)
    }
}

fn excerpt(body: &str) -> String {
    let body = body.trim();
    let cut: String = body.chars().take(300).collect();
    if cut.len() < body.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

/// Reads an SSE stream until the response to `id` arrives.
fn read_sse(reader: impl Read, id: u64, verbose: bool) -> Result<Value, String> {
    let mut data = String::new();
    let dispatch = |data: &mut String| -> Option<Value> {
        let event = std::mem::take(data);
        if event.is_empty() {
            return None;
        }
        let value: Value = serde_json::from_str(&event).ok()?;
        let messages = match value {
            Value::Array(batch) => batch,
            single => vec![single],
        };
        let mut found = None;
        for m in messages {
            if is_response(&m, id) {
                found = Some(m);
            } else if verbose {
                eprintln!("toolcheck: ← {m}");
            }
        }
        found
    };
    let mut lines = BufReader::new(reader);
    let mut line = String::new();
    loop {
        line.clear();
        let n = lines.read_line(&mut line).map_err(|e| {
            if e.kind() == std::io::ErrorKind::TimedOut || e.to_string().contains("timeout") {
                TIMED_OUT.to_owned()
            } else {
                format!("the event stream broke: {e}")
            }
        })?;
        if n == 0 {
            return dispatch(&mut data)
                .ok_or_else(|| "the event stream ended without a response".to_owned());
        }
        let l = line.trim_end_matches(['\r', '\n']);
        if l.is_empty() {
            if let Some(found) = dispatch(&mut data) {
                return Ok(found);
            }
        } else if let Some(d) = l.strip_prefix("data:") {
            if !data.is_empty() {
                data.push('\n');
            }
            data.push_str(d.strip_prefix(' ').unwrap_or(d));
        }
        // `event:`, `id:`, `retry:` and `:` comments need nothing here.
    }
}

impl Transport for HttpTransport {
    fn request(&mut self, message: &Value, id: u64, deadline: Instant) -> Result<Value, String> {
        let response = self.post(message, deadline)?;
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        let mut body = response.into_body();
        if !(200..300).contains(&status) {
            let text = body.read_to_string().unwrap_or_default();
            // A JSON-RPC error in the body (a 2026-07-28 server answers a
            // rejected request with 400 and one) is the answer.
            if let Ok(value) = serde_json::from_str::<Value>(&text)
                && value.get("error").is_some_and(Value::is_object)
                && (matches!(value.get("id"), Some(Value::Null) | None) || is_response(&value, id))
            {
                return Ok(value);
            }
            return Err(format!(
                "HTTP {status} from {}: {}",
                self.url,
                excerpt(&text)
            ));
        }
        if status == 202 || status == 204 {
            return Err(format!(
                "HTTP {status}: the server accepted the request but sent no response"
            ));
        }
        if content_type.starts_with("text/event-stream") {
            return read_sse(body.into_reader(), id, self.verbose);
        }
        let text = body
            .with_config()
            .limit(64 * 1024 * 1024)
            .read_to_string()
            .map_err(|e| format!("cannot read the response: {e}"))?;
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| format!("the response is not JSON ({e}): {}", excerpt(&text)))?;
        let messages = match value {
            Value::Array(batch) => batch,
            single => vec![single],
        };
        messages
            .into_iter()
            .find(|m| is_response(m, id))
            .ok_or_else(|| {
                format!(
                    "the response does not answer request {id}: {}",
                    excerpt(&text)
                )
            })
    }

    fn notify(&mut self, message: &Value, deadline: Instant) -> Result<(), String> {
        let response = self.post(message, deadline)?;
        let status = response.status().as_u16();
        if (200..300).contains(&status) {
            Ok(())
        } else {
            let text = response.into_body().read_to_string().unwrap_or_default();
            Err(format!(
                "HTTP {status} for notifications/initialized: {}",
                excerpt(&text)
            ))
        }
    }

    fn set_protocol_version(&mut self, version: &str) {
        self.protocol = Some(version.to_owned());
    }

    fn close(&mut self) {
        // End the session; a server that does not support DELETE answers 405, which is fine.
        let Some(session) = self.session.take() else {
            return;
        };
        let mut req = self
            .agent
            .delete(&self.url)
            .config()
            .timeout_global(Some(Duration::from_secs(5)))
            .build()
            .header("Mcp-Session-Id", &session);
        if let Some(v) = &self.protocol {
            req = req.header("MCP-Protocol-Version", v);
        }
        for (k, v) in &self.headers {
            req = req.header(k, v);
        }
        let _ = req.call();
    }
}

/// `toolcheck capture`.
pub fn run(args: &CaptureArgs) -> ExitCode {
    let target = match Target::from_args(&args.live, &args.command) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("toolcheck: {e}");
            return ExitCode::from(crate::INPUT_ERROR);
        }
    };
    let captured = match capture(&target, &args.live) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("toolcheck: capture from {} failed: {e}", target.label());
            return ExitCode::from(crate::INPUT_ERROR);
        }
    };
    match &args.out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &captured.text) {
                eprintln!("toolcheck: cannot write {path}: {e}");
                return ExitCode::from(crate::INPUT_ERROR);
            }
            eprintln!("{}", summary(&captured, Some(path)));
        }
        None => {
            crate::emit(&captured.text);
            if args.live.verbose {
                eprintln!("{}", summary(&captured, None));
            }
        }
    }
    ExitCode::SUCCESS
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
    format!(
        "toolcheck: captured {tools} ({pages}){from}, protocol {}{to}",
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

    #[test]
    fn sse_streams() {
        let stream = "event: message\nid: 1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}\n\n: comment\ndata: {\"jsonrpc\":\"2.0\",\ndata: \"id\":2,\"result\":{\"tools\":[]}}\n\n";
        let v = read_sse(stream.as_bytes(), 2, false).unwrap();
        assert_eq!(v["result"]["tools"], json!([]));
        let crlf = "data: {\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}\r\n\r\n";
        assert!(read_sse(crlf.as_bytes(), 3, false).is_ok());
        let unterminated = "data: {\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}";
        assert!(read_sse(unterminated.as_bytes(), 4, false).is_ok());
        assert!(read_sse("data: {}\n\n".as_bytes(), 5, false).is_err());
    }
}
