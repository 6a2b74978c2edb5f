//! Asking a live MCP server for its tools: the native binary's live capture
//! (`toolcheck capture`, `check --stdio`, `--url`, `--mcp-config`), which
//! the command layer asks for through [`toolcheck_command::Live`].
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
//! means an older one, and the capture falls back to `initialize` (on a
//! fresh connection when the probe may have left the first one unusable);
//! an `initialize` refused as only a 2026-07-28 server refuses it means a
//! slow 2026-07-28 server, asked again on a fresh connection with the whole
//! `--timeout` (see [`auto`]).
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

use std::time::{Duration, Instant};

use serde_json::Value;
use toolcheck_command::args::{LiveArgs, Protocol};
pub use toolcheck_command::live::{Answer, Captured, Target};

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

/// How long a capture waits, when `--timeout` does not say, in seconds.
const CAPTURE_TIMEOUT: u64 = 30;

/// How long `--protocol auto` waits for an answer to `server/discover`
/// before it takes the server for an older one.
const PROBE: Duration = Duration::from_secs(5);

/// How long a stdio server gets to exit after its input is closed.
const GRACE: Duration = Duration::from_secs(2);

/// At most this many pages are followed (a guard against a cursor loop).
const MAX_PAGES: usize = 10_000;

/// Lines of a server's standard error kept for error messages.
const STDERR_LINES: usize = 20;

/// One way to exchange JSON-RPC messages with a server.
trait Transport {
    /// Sends a request and waits for its response (the whole response object).
    fn request(&mut self, message: &Value, id: u64, deadline: Instant) -> Result<Value, String>;
    /// Like [`Transport::request`], for a request that asked for progress
    /// (`_meta.progressToken` is `id`): each progress notification for it
    /// moves the deadline to `patience` from then, never past `cap`. Where
    /// the transport cannot watch for them (HTTP), the deadline stays.
    fn request_patiently(
        &mut self,
        message: &Value,
        id: u64,
        deadline: Instant,
        _patience: (Duration, Instant),
    ) -> Result<Value, String> {
        self.request(message, id, deadline)
    }
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
    open(target, live).map(Connection::close)
}

/// Opens a connection to a live server and lists its tools, keeping the
/// connection open for calls.
pub fn open(target: &Target, live: &LiveArgs) -> Result<Connection, String> {
    let timeout = Duration::from_secs(live.timeout.unwrap_or(CAPTURE_TIMEOUT));
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
        Protocol::Auto => auto(&mut transport, &open, target, timeout, verbose),
        Protocol::V2026_07_28 => modern(
            Session::new(transport.as_mut(), 0, Instant::now() + timeout, verbose),
            timeout,
        )
        .map_err(|e| match e {
            Fallback::No(e) => e,
            Fallback::Yes { why, .. } => format!(
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
            .map_err(|e| match e {
                Fallback::No(e) => e,
                Fallback::Yes { why, .. } => {
                    format!("{why}: it speaks 2026-07-28 (try --protocol 2026-07-28, or auto)")
                }
            })
        }
    };
    match result {
        Ok(mut captured) => {
            // How the server was reached: a lock tells a move from stdio to HTTP.
            let transport_name = match target {
                Target::Stdio { .. } => "stdio",
                Target::Http { .. } => "http",
            };
            if let Some(record) =
                captured.doc["result"]["_meta"][toolcheck::input::CAPTURE_META].as_object_mut()
            {
                record.insert("transport".into(), Value::from(transport_name));
            }
            Ok(Connection {
                next_id: captured.doc["id"].as_u64().unwrap_or_default(),
                modern: captured.protocol_version == MODERN_VERSION,
                verbose,
                transport,
                captured,
            })
        }
        Err(e) => {
            let context = transport.context();
            transport.close();
            Err(format!("{e}{context}"))
        }
    }
}

/// `--protocol auto`: `server/discover` for a few seconds; then, unless the
/// server answered it, `initialize` (on a fresh connection when the first
/// one may be unusable: a server that answers `server/discover` late serves
/// 2026-07-28 on it and refuses `initialize`); and when `initialize` gets an
/// error only a 2026-07-28 server sends, `server/discover` again on a fresh
/// connection, waiting the whole `--timeout`. It never ends on a connection
/// the previous attempt spoilt, and its error says what each attempt got.
fn auto(
    transport: &mut Box<dyn Transport>,
    open: &dyn Fn() -> Result<Box<dyn Transport>, String>,
    target: &Target,
    timeout: Duration,
    verbose: bool,
) -> Result<Captured, String> {
    let stdio = matches!(target, Target::Stdio { .. });
    // Closes the connection and opens another (a new process, or a new HTTP
    // session).
    let reopen = |transport: &mut Box<dyn Transport>| -> Result<(), String> {
        transport.close();
        if verbose && stdio {
            eprintln!("toolcheck: starting the server again");
        }
        *transport = open()?;
        Ok(())
    };
    let probe = Instant::now() + PROBE.min(timeout);
    let discover_why = match modern(Session::new(transport.as_mut(), 0, probe, verbose), timeout) {
        Ok(captured) => return Ok(captured),
        Err(Fallback::No(e)) => return Err(e),
        Err(Fallback::Yes { why, fresh }) => {
            if verbose {
                eprintln!(
                    "toolcheck: {why}: taking it for a server that predates 2026-07-28, and sending initialize ({PROTOCOL_VERSION})"
                );
            }
            // The probe took id 1 on a connection that is kept.
            let mut first_id = 1;
            if fresh || !transport.usable() || !stdio {
                reopen(transport)?;
                first_id = 0;
            }
            let deadline = Instant::now() + timeout;
            match legacy(
                Session::new(transport.as_mut(), first_id, deadline, verbose),
                PROTOCOL_VERSION,
                timeout,
            ) {
                Ok(captured) => return Ok(captured),
                Err(Fallback::No(e)) => return Err(format!("{e} (after server/discover: {why})")),
                Err(Fallback::Yes { why: init_why, .. }) => format!("{why}; then {init_why}"),
            }
        }
    };
    // initialize was refused as only a 2026-07-28 server refuses it: the
    // server speaks it, and was slow to answer server/discover.
    if verbose {
        eprintln!(
            "toolcheck: the server refused initialize as a {MODERN_VERSION} server does: sending server/discover again, waiting up to {}s",
            timeout.as_secs()
        );
    }
    reopen(transport)?;
    modern(
        Session::new(transport.as_mut(), 0, Instant::now() + timeout, verbose),
        timeout,
    )
    .map_err(|e| {
        let (again, slow) = match e {
            Fallback::No(e) => (e, false),
            Fallback::Yes { why, fresh } => (why, fresh),
        };
        let hint = if slow {
            " (a server this slow to start needs a longer --timeout)"
        } else {
            ""
        };
        format!("{discover_why}; then, started again, {again}{hint}")
    })
}

/// A live server whose tools were listed, still connected.
pub struct Connection {
    transport: Box<dyn Transport>,
    /// The last request id used.
    next_id: u64,
    /// Whether it speaks 2026-07-28 (`_meta` on every request).
    modern: bool,
    verbose: bool,
    /// What listing its tools made.
    pub captured: Captured,
}

impl toolcheck_command::live::Connection for Connection {
    fn captured(&self) -> &Captured {
        &self.captured
    }

    fn call(&mut self, name: &str, arguments: &Value, timeout: Duration) -> Answer {
        self.next_id += 1;
        let id = self.next_id;
        let mut params = serde_json::json!({"name": name, "arguments": arguments});
        if self.modern {
            params["_meta"] = session::request_meta();
        }
        // A tool that reports its progress gets more time (the MCP
        // TypeScript SDK's default, 60 s in all, caps it; the spec asks
        // for a cap).
        params["_meta"]["progressToken"] = serde_json::json!(id);
        let now = Instant::now();
        let cap = now + timeout.max(PROGRESS_CAP);
        let message = serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params});
        if self.verbose {
            eprintln!("toolcheck: → {message}");
        }
        if !self.transport.usable() {
            return Answer::Closed(format!("the server is gone{}", self.transport.context()));
        }
        match self
            .transport
            .request_patiently(&message, id, now + timeout, (timeout, cap))
        {
            Err(e) if e == TIMED_OUT => Answer::Timeout,
            Err(e) => Answer::Closed(format!("{e}{}", self.transport.context())),
            Ok(response) => {
                if self.verbose {
                    eprintln!("toolcheck: ← {response}");
                }
                Answer::of_response(&response)
            }
        }
    }
}

impl Connection {
    /// Shuts the connection (and a stdio server) down, and gives back what
    /// listing the tools made.
    pub fn close(mut self) -> Captured {
        self.transport.close();
        std::mem::replace(&mut self.captured, Captured::empty())
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.transport.close();
    }
}

/// The longest a tool call may take while it reports progress, unless
/// `--timeout` is longer.
const PROGRESS_CAP: Duration = Duration::from_secs(60);

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
