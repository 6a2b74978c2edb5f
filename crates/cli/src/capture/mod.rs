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

use std::time::{Duration, Instant};

use serde_json::Value;
use toolcheck_command::args::{LiveArgs, Protocol};
pub use toolcheck_command::live::{Captured, Target};

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
