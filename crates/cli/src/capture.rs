//! `toolcheck capture`: ask a live MCP server for its tools.
//!
//! Over stdio (`-- <command…>`) or Streamable HTTP (`--url`): send
//! `initialize` (protocol version 2025-11-25, accepting whatever version the
//! server answers with), then `notifications/initialized`, then `tools/list`,
//! following `nextCursor` to the end. The result is one JSON-RPC response
//! holding every tool, which `toolcheck check` and `toolcheck diff` read.
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

use serde_json::{Value, json};

/// The protocol version sent in `initialize`.
pub const PROTOCOL_VERSION: &str = "2025-11-25";

/// How long a stdio server gets to exit after its input is closed.
const GRACE: Duration = Duration::from_secs(2);

/// At most this many pages are followed (a guard against a cursor loop).
const MAX_PAGES: usize = 10_000;

/// Lines of a server's standard error kept for error messages.
const STDERR_LINES: usize = 20;

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
    /// Called once the protocol version is agreed.
    fn set_protocol_version(&mut self, version: &str);
    /// Shuts the connection (and the server process) down.
    fn close(&mut self);
    /// Context to add to an error: for stdio, the server's last stderr lines.
    fn context(&self) -> String {
        String::new()
    }
}

/// Captures the tools of a live server.
pub fn capture(target: &Target, timeout: Duration, verbose: bool) -> Result<Captured, String> {
    let deadline = Instant::now() + timeout;
    let mut transport: Box<dyn Transport> = match target {
        Target::Stdio(cmd) => Box::new(StdioTransport::start(cmd, verbose)?),
        Target::Http { url, headers } => {
            Box::new(HttpTransport::new(url, headers, timeout, verbose))
        }
    };
    let result = session(transport.as_mut(), deadline, timeout, verbose);
    let context = if result.is_err() {
        transport.context()
    } else {
        String::new()
    };
    transport.close();
    result.map_err(|e| format!("{e}{context}"))
}

fn session(
    t: &mut dyn Transport,
    deadline: Instant,
    timeout: Duration,
    verbose: bool,
) -> Result<Captured, String> {
    let mut next_id = 0u64;
    let mut call = |t: &mut dyn Transport, method: &str, params: Value| -> Result<Value, String> {
        next_id += 1;
        let message = json!({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params});
        if verbose {
            eprintln!("toolcheck: → {message}");
        }
        let response = t.request(&message, next_id, deadline).map_err(|e| {
            if e == TIMED_OUT {
                format!(
                    "no response to {method} within {}s (--timeout)",
                    timeout.as_secs()
                )
            } else {
                format!("{method}: {e}")
            }
        })?;
        if let Some(err) = response.get("error") {
            let code = err.get("code").map(ToString::to_string).unwrap_or_default();
            let msg = err
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("no message");
            return Err(format!(
                "the server answered {method} with error {code}: {msg}"
            ));
        }
        response
            .get("result")
            .cloned()
            .ok_or_else(|| format!("the server's response to {method} has no result"))
    };

    let init = call(
        t,
        "initialize",
        json!({
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "toolcheck", "version": env!("CARGO_PKG_VERSION")},
        }),
    )?;
    let version = init
        .get("protocolVersion")
        .and_then(Value::as_str)
        .ok_or("the initialize result has no protocolVersion")?
        .to_owned();
    let server = init.get("serverInfo").map(|s| {
        let name = s.get("name").and_then(Value::as_str).unwrap_or("?");
        match s.get("version").and_then(Value::as_str) {
            Some(v) => format!("{name} {v}"),
            None => name.to_owned(),
        }
    });
    if verbose {
        eprintln!(
            "toolcheck: connected to {} (protocol {version})",
            server.as_deref().unwrap_or("an unnamed server")
        );
        if init
            .get("capabilities")
            .and_then(|c| c.get("tools"))
            .is_none()
        {
            eprintln!(
                "toolcheck: the server does not declare the tools capability; asking for tools/list anyway"
            );
        }
    }
    t.set_protocol_version(&version);
    let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    if verbose {
        eprintln!("toolcheck: → {note}");
    }
    t.notify(&note, deadline).map_err(|e| {
        if e == TIMED_OUT {
            "timed out sending notifications/initialized".to_owned()
        } else {
            e
        }
    })?;

    let mut tools: Vec<Value> = Vec::new();
    let mut cursor: Option<String> = None;
    let mut seen: Vec<String> = Vec::new();
    let mut pages = 0;
    loop {
        let params = match &cursor {
            Some(c) => json!({"cursor": c}),
            None => json!({}),
        };
        let result = call(t, "tools/list", params)?;
        pages += 1;
        let page = result
            .get("tools")
            .and_then(Value::as_array)
            .ok_or("the tools/list result has no tools array")?;
        tools.extend(page.iter().cloned());
        match result.get("nextCursor").and_then(Value::as_str) {
            Some(next) if !next.is_empty() => {
                if seen.iter().any(|c| c == next) {
                    return Err(format!(
                        "tools/list returned the cursor \"{next}\" twice; stopping to avoid a loop"
                    ));
                }
                if pages >= MAX_PAGES {
                    return Err(format!(
                        "tools/list still had more pages after {MAX_PAGES}; stopping"
                    ));
                }
                seen.push(next.to_owned());
                cursor = Some(next.to_owned());
            }
            _ => break,
        }
    }
    let count = tools.len();
    let doc = json!({"jsonrpc": "2.0", "id": next_id, "result": {"tools": tools}});
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())? + "\n";
    Ok(Captured {
        text,
        tools: count,
        pages,
        protocol_version: version,
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
    let captured = match capture(
        &target,
        Duration::from_secs(args.live.timeout),
        args.live.verbose,
    ) {
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
        c.protocol_version
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
