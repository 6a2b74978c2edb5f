//! `toolcheck mcp`: Toolcheck as an MCP server over stdio, so that a coding
//! agent can check tool definitions while it writes them.
//!
//! One JSON-RPC message per line on standard input, one answer per line on
//! standard output; nothing else is ever written there. It speaks both eras
//! of the protocol that `capture` speaks:
//!
//! - 2025-11-25 and 2025-06-18, through `initialize`;
//! - 2026-07-28, with no handshake: `server/discover`, and a request whose
//!   `_meta` names 2026-07-28 gets a 2026-07-28 result (`resultType`, and
//!   the cache hints on the results that take them).
//!
//! A request that cannot be served gets a JSON-RPC error and the server goes
//! on: a line that is not JSON, a message that is not a request, an unknown
//! method, a line over `--max-request-bytes`. A tool that cannot do what it
//! was asked (a capture that does not parse, an unknown rule, a path outside
//! the allowed directories) answers with an `isError` result that says why.

mod roots;
mod tools;

use std::io::{BufRead, Read, Write};

use serde_json::{Map, Value, json};
use toolcheck_command::args::McpArgs;
use toolcheck_config::SettingsArgs;

use crate::capture::{MODERN_VERSION, PROTOCOL_VERSION};

pub(crate) use roots::Roots;

/// The revisions `initialize` accepts, newest first.
const HANDSHAKE_VERSIONS: [&str; 2] = [PROTOCOL_VERSION, "2025-06-18"];

/// The `_meta` key of a 2026-07-28 request that names its revision.
const VERSION_META: &str = "io.modelcontextprotocol/protocolVersion";

/// How long a client may keep the tool list and the discover result: they
/// change only with Toolcheck's version.
const TTL_MS: u64 = 24 * 60 * 60 * 1000;

/// What the server tells the model about itself.
const INSTRUCTIONS: &str = "Toolcheck checks MCP tool definitions before any model sees them. \
Call check_tool_definitions on a server's tools/list capture (or on tool definitions you are writing) \
after each change, fix_tool_definitions for the fixes it knows, explain_rule for a finding's rule, \
and check_tool_result to check a tools/call result against the tool's outputSchema. \
Everything runs locally; nothing is sent anywhere.";

/// JSON-RPC error codes.
mod code {
    pub const PARSE_ERROR: i64 = -32700;
    pub const INVALID_REQUEST: i64 = -32600;
    pub const METHOD_NOT_FOUND: i64 = -32601;
    pub const INVALID_PARAMS: i64 = -32602;
    /// 2026-07-28: `UnsupportedProtocolVersionError`.
    pub const UNSUPPORTED_VERSION: i64 = -32022;
}

/// A JSON-RPC error to answer with.
#[derive(Debug)]
pub(crate) struct RpcError {
    code: i64,
    message: String,
    data: Option<Value>,
}

impl RpcError {
    pub(crate) fn new(code: i64, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            data: None,
        }
    }

    fn to_value(&self) -> Value {
        let mut error = json!({"code": self.code, "message": self.message});
        if let Some(data) = &self.data {
            error["data"] = data.clone();
        }
        error
    }
}

/// Which era a request belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Era {
    /// 2026-07-28: results carry `resultType` and `_meta`'s server info.
    Modern,
    /// Through `initialize`.
    Handshake,
}

/// `toolcheck mcp`: serves standard input until it closes, and returns the
/// exit code.
pub fn run(args: &McpArgs) -> u8 {
    let roots = match Roots::new(&args.roots) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("toolcheck: {e}");
            return toolcheck_command::INPUT_ERROR;
        }
    };
    let server = Server {
        roots,
        defaults: args.defaults.clone(),
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut stdout = std::io::stdout().lock();
    loop {
        let answer = match read_message(&mut input, args.max_request_bytes) {
            Ok(Message::Eof) => return 0,
            Ok(Message::Blank) => continue,
            Ok(Message::Line(line)) => server.handle_line(&line),
            Ok(Message::TooLarge(size)) => Some(error_response(
                &Value::Null,
                &RpcError::new(
                    code::INVALID_REQUEST,
                    format!(
                        "the message is larger than {} bytes (at least {size}); start the server with a larger --max-request-bytes",
                        args.max_request_bytes
                    ),
                ),
            )),
            Err(e) => {
                eprintln!("toolcheck mcp: cannot read standard input: {e}");
                return 1;
            }
        };
        if let Some(answer) = answer {
            let written = serde_json::to_writer(&mut stdout, &answer)
                .map_err(std::io::Error::from)
                .and_then(|()| stdout.write_all(b"\n"))
                .and_then(|()| stdout.flush());
            if written.is_err() {
                // The client has gone.
                return 0;
            }
        }
    }
}

/// One line of standard input.
enum Message {
    /// A message (not yet parsed).
    Line(String),
    /// An empty line, which is skipped.
    Blank,
    /// A line longer than the limit, skipped to its end; at least this long.
    TooLarge(usize),
    /// The input closed.
    Eof,
}

/// Reads one line, holding at most `limit` bytes of it: a longer line is
/// read past, never kept.
fn read_message<R: BufRead>(input: &mut R, limit: usize) -> std::io::Result<Message> {
    let mut buf = Vec::new();
    let read = input
        .by_ref()
        .take(limit as u64 + 1)
        .read_until(b'\n', &mut buf)?;
    if read == 0 {
        return Ok(Message::Eof);
    }
    if buf.last() != Some(&b'\n') && buf.len() > limit {
        let rest = input.skip_until(b'\n')?;
        return Ok(Message::TooLarge(buf.len() + rest));
    }
    let line = String::from_utf8_lossy(&buf);
    let line = line.trim();
    Ok(if line.is_empty() {
        Message::Blank
    } else {
        Message::Line(line.to_owned())
    })
}

fn error_response(id: &Value, error: &RpcError) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": error.to_value()})
}

/// The server: what it may read, and the settings a call leaves out.
struct Server {
    roots: Roots,
    /// The server's own flags: the settings a call leaves out (null).
    defaults: SettingsArgs,
}

impl Server {
    /// The answer to one line: a response, or nothing for a notification.
    fn handle_line(&self, line: &str) -> Option<Value> {
        let message: Value = match serde_json::from_str(line) {
            Ok(m) => m,
            Err(e) => {
                return Some(error_response(
                    &Value::Null,
                    &RpcError::new(code::PARSE_ERROR, format!("parse error: {e}")),
                ));
            }
        };
        let Value::Object(message) = message else {
            let what = if message.is_array() {
                "a batch (an array); MCP sends one message per line"
            } else {
                "not a JSON-RPC message (an object)"
            };
            return Some(error_response(
                &Value::Null,
                &RpcError::new(code::INVALID_REQUEST, format!("invalid request: {what}")),
            ));
        };
        let id = message.get("id").cloned();
        let Some(id) = id else {
            // A notification (`notifications/initialized`,
            // `notifications/cancelled`, …): nothing to answer, and nothing
            // runs long enough to cancel.
            return None;
        };
        if !matches!(id, Value::String(_) | Value::Number(_)) {
            return Some(error_response(
                &Value::Null,
                &RpcError::new(
                    code::INVALID_REQUEST,
                    "invalid request: the id must be a string or a number",
                ),
            ));
        }
        if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
            return Some(error_response(
                &id,
                &RpcError::new(
                    code::INVALID_REQUEST,
                    "invalid request: jsonrpc must be \"2.0\"",
                ),
            ));
        }
        let Some(method) = message.get("method").and_then(Value::as_str) else {
            if message.contains_key("result") || message.contains_key("error") {
                // A response to a request this server never sends.
                return None;
            }
            return Some(error_response(
                &id,
                &RpcError::new(code::INVALID_REQUEST, "invalid request: no method"),
            ));
        };
        let empty = Value::Object(Map::new());
        let params = match message.get("params") {
            None | Some(Value::Null) => &empty,
            Some(p @ Value::Object(_)) => p,
            Some(_) => {
                return Some(error_response(
                    &id,
                    &RpcError::new(code::INVALID_PARAMS, "params must be an object"),
                ));
            }
        };
        Some(match self.dispatch(method, params) {
            Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
            Err(e) => error_response(&id, &e),
        })
    }

    fn dispatch(&self, method: &str, params: &Value) -> Result<Value, RpcError> {
        if method == "initialize" {
            return Ok(initialize(params));
        }
        let era = era(params)?;
        let result = match method {
            "server/discover" => json!({
                "supportedVersions": [MODERN_VERSION, HANDSHAKE_VERSIONS[0], HANDSHAKE_VERSIONS[1]],
                "capabilities": capabilities(),
                "instructions": INSTRUCTIONS,
                "ttlMs": TTL_MS,
                "cacheScope": "public",
            }),
            "ping" => json!({}),
            "tools/list" => {
                let mut result = json!({"tools": tools::definitions()});
                if era == Era::Modern {
                    result["ttlMs"] = json!(TTL_MS);
                    result["cacheScope"] = json!("public");
                }
                result
            }
            "tools/call" => tools::call(params, &self.roots, &self.defaults)?,
            other => {
                return Err(RpcError::new(
                    code::METHOD_NOT_FOUND,
                    format!(
                        "method not found: {other}; this server answers initialize, server/discover, ping, tools/list and tools/call"
                    ),
                ));
            }
        };
        // `server/discover` is 2026-07-28's alone, whatever the request says.
        Ok(if era == Era::Modern || method == "server/discover" {
            modern(result)
        } else {
            result
        })
    }
}

/// The answer to `initialize`: the client's revision when it is one of
/// ours, the newest one otherwise.
fn initialize(params: &Value) -> Value {
    let asked = params.get("protocolVersion").and_then(Value::as_str);
    let version = HANDSHAKE_VERSIONS
        .into_iter()
        .find(|v| Some(*v) == asked)
        .unwrap_or(HANDSHAKE_VERSIONS[0]);
    json!({
        "protocolVersion": version,
        "capabilities": capabilities(),
        "serverInfo": server_info(),
        "instructions": INSTRUCTIONS,
    })
}

fn capabilities() -> Value {
    json!({"tools": {"listChanged": false}})
}

fn server_info() -> Value {
    json!({
        "name": "toolcheck",
        "title": "Toolcheck",
        "version": env!("CARGO_PKG_VERSION"),
    })
}

/// The era of a request: 2026-07-28 when its `_meta` names that revision;
/// an error when it names a revision this server does not speak.
fn era(params: &Value) -> Result<Era, RpcError> {
    let Some(version) = params
        .get("_meta")
        .and_then(|m| m.get(VERSION_META))
        .and_then(Value::as_str)
    else {
        return Ok(Era::Handshake);
    };
    if version == MODERN_VERSION {
        return Ok(Era::Modern);
    }
    if HANDSHAKE_VERSIONS.contains(&version) {
        return Ok(Era::Handshake);
    }
    Err(RpcError {
        code: code::UNSUPPORTED_VERSION,
        message: format!("unsupported protocol version {version}"),
        data: Some(json!({
            "supported": [MODERN_VERSION, HANDSHAKE_VERSIONS[0], HANDSHAKE_VERSIONS[1]],
            "requested": version,
        })),
    })
}

/// A 2026-07-28 result: `resultType` and the server's name in `_meta`.
fn modern(mut result: Value) -> Value {
    if let Value::Object(fields) = &mut result {
        fields.insert("resultType".into(), json!("complete"));
        fields.insert(
            "_meta".into(),
            json!({"io.modelcontextprotocol/serverInfo": server_info()}),
        );
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(input: &str, limit: usize) -> Vec<String> {
        let mut reader = std::io::BufReader::with_capacity(4, input.as_bytes());
        let mut out = Vec::new();
        loop {
            match read_message(&mut reader, limit).unwrap() {
                Message::Eof => return out,
                Message::Blank => out.push("(blank)".into()),
                Message::Line(l) => out.push(l),
                Message::TooLarge(n) => out.push(format!("(too large: {n})")),
            }
        }
    }

    #[test]
    fn a_long_line_is_skipped_to_its_end_and_the_next_one_is_read() {
        assert_eq!(
            read_all("{\"a\":1}\n\n0123456789abcdef\n{}\n{\"z\":1}", 10),
            ["{\"a\":1}", "(blank)", "(too large: 17)", "{}", "{\"z\":1}"]
        );
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_read() {
        assert_eq!(read_all("0123456789\n", 10), ["0123456789"]);
        assert_eq!(read_all("0123456789", 10), ["0123456789"]);
        assert_eq!(read_all("0123456789a", 10), ["(too large: 11)"]);
    }

    #[test]
    fn initialize_answers_the_clients_revision_or_the_newest() {
        let v = |asked: &str| {
            initialize(&json!({"protocolVersion": asked}))["protocolVersion"]
                .as_str()
                .unwrap()
                .to_owned()
        };
        assert_eq!(v("2025-06-18"), "2025-06-18");
        assert_eq!(v("2025-11-25"), "2025-11-25");
        assert_eq!(v("2024-11-05"), PROTOCOL_VERSION);
    }

    #[test]
    fn a_2026_request_names_its_era_and_an_unknown_revision_is_refused() {
        let meta = |v: &str| json!({"_meta": {VERSION_META: v}});
        assert_eq!(era(&meta(MODERN_VERSION)).unwrap(), Era::Modern);
        assert_eq!(era(&json!({})).unwrap(), Era::Handshake);
        let e = era(&meta("2099-01-01")).unwrap_err();
        assert_eq!(e.code, code::UNSUPPORTED_VERSION);
        assert_eq!(e.data.unwrap()["supported"][0], MODERN_VERSION);
    }
}
