//! The two eras of the protocol over one transport: a 2026-07-28 capture
//! (`server/discover`, `_meta` on every request) and one through
//! `initialize`, then the pages merged into one response.

use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};
use toolcheck::input::{CACHE_HINTS, CAPTURE_META};
use toolcheck::report::text::one_line;

use super::{Captured, MAX_PAGES, MODERN_VERSION, TIMED_OUT, Transport};

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

/// Requests over one transport.
pub(super) struct Session<'t> {
    t: &'t mut dyn Transport,
    next_id: u64,
    deadline: Instant,
    verbose: bool,
}

impl<'t> Session<'t> {
    /// Requests over `t` until `deadline`, numbered after `last_id` (the ids
    /// a connection has used already).
    pub(super) fn new(
        t: &'t mut dyn Transport,
        last_id: u64,
        deadline: Instant,
        verbose: bool,
    ) -> Self {
        Session {
            t,
            next_id: last_id,
            deadline,
            verbose,
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

/// Whether to try the other era of the protocol, and why.
pub(super) enum Fallback {
    /// The server does not seem to speak this era: what it answered, and
    /// whether the connection must be opened afresh for the other one (the
    /// server may still answer, or may have taken the connection for this
    /// era).
    Yes { why: String, fresh: bool },
    /// It does, and the capture failed.
    No(String),
}

/// The `_meta` every 2026-07-28 request carries.
pub(super) fn request_meta() -> Value {
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
/// `session`'s deadline is the probe's.
pub(super) fn modern(mut session: Session<'_>, timeout: Duration) -> Result<Captured, Fallback> {
    let verbose = session.verbose;
    session.t.set_protocol_version(MODERN_VERSION);
    let waited = session.deadline.saturating_duration_since(Instant::now());
    let discovered = match session.request("server/discover", json!({"_meta": request_meta()})) {
        Ok(result) => result,
        // An older server that does not know the method: the connection is
        // still good for initialize.
        Err(Failure::Rpc { code, .. }) if modern_error(code).is_none() => {
            let code = code.map(|c| format!(" {c}")).unwrap_or_default();
            return Err(Fallback::Yes {
                why: format!("the server answered server/discover with error{code}"),
                fresh: false,
            });
        }
        Err(failure @ Failure::Rpc { .. }) => {
            return Err(Fallback::No(failure.describe("server/discover", timeout)));
        }
        // A slow server may still answer, and serve 2026-07-28 from then on.
        Err(Failure::Timeout) => {
            return Err(Fallback::Yes {
                why: format!(
                    "no response to server/discover within {:.0}s",
                    waited.as_secs_f64().max(1.0)
                ),
                fresh: true,
            });
        }
        Err(Failure::Transport(e)) => {
            return Err(Fallback::Yes {
                why: format!("server/discover failed ({e})"),
                fresh: true,
            });
        }
    };
    let supported: Vec<&str> = discovered
        .get("supportedVersions")
        .and_then(Value::as_array)
        .map(|v| v.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if !supported.contains(&MODERN_VERSION) {
        return Err(Fallback::Yes {
            why: format!(
                "the server's server/discover lists {}, not {MODERN_VERSION}",
                if supported.is_empty() {
                    "no supportedVersions".to_owned()
                } else {
                    one_line(&supported.join(", "))
                }
            ),
            fresh: true,
        });
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
    let others = others(&mut session, &discovered, false, true, timeout);
    if server.is_none() {
        server = pages
            .first()
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get("io.modelcontextprotocol/serverInfo"))
            .map(implementation);
    }
    merge(
        &pages,
        session.next_id,
        MODERN_VERSION,
        server,
        Some(discovered),
        others,
    )
    .map_err(Fallback::No)
}

/// A capture through `initialize` (2025-11-25 and before). An error to
/// `initialize` that only a 2026-07-28 server sends is [`Fallback::Yes`]:
/// the server speaks the other era.
pub(super) fn legacy(
    mut session: Session<'_>,
    version: &str,
    timeout: Duration,
) -> Result<Captured, Fallback> {
    let init = session
        .request(
            "initialize",
            json!({
                "protocolVersion": version,
                "capabilities": {},
                "clientInfo": {"name": "toolcheck", "version": env!("CARGO_PKG_VERSION")},
            }),
        )
        .map_err(|f| {
            let why = f.describe("initialize", timeout);
            match f {
                Failure::Rpc { code, .. } if modern_error(code).is_some() => {
                    Fallback::Yes { why, fresh: true }
                }
                _ => Fallback::No(why),
            }
        })?;
    legacy_listing(session, init, timeout).map_err(Fallback::No)
}

/// The rest of a capture through `initialize`, once it is answered.
fn legacy_listing(
    mut session: Session<'_>,
    init: Value,
    timeout: Duration,
) -> Result<Captured, String> {
    let (deadline, verbose) = (session.deadline, session.verbose);
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
    let others = others(&mut session, &init, true, false, timeout);
    merge(&pages, session.next_id, &version, server, None, others)
}

/// Every `tools/list` page, following `nextCursor`.
fn list_pages(
    session: &mut Session<'_>,
    with_meta: bool,
    timeout: Duration,
) -> Result<Vec<Value>, String> {
    list_all(session, "tools/list", "tools", with_meta, timeout)
}

/// Every page of `method`'s list, whose items are in `member`, following
/// `nextCursor`.
fn list_all(
    session: &mut Session<'_>,
    method: &str,
    member: &str,
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
            .request(method, Value::Object(params))
            .map_err(|f| f.describe(method, timeout))?;
        if !result.get(member).is_some_and(Value::is_array) {
            return Err(format!("the {method} result has no {member} array"));
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
                "{method} returned the cursor \"{next}\" twice; stopping to avoid a loop"
            ));
        }
        if pages.len() >= MAX_PAGES {
            return Err(format!(
                "{method} still had more pages after {MAX_PAGES}; stopping"
            ));
        }
        seen.push(next.clone());
        cursor = Some(next);
    }
}

/// What the server gives the model besides its tools, for the capture's
/// record under the spec's member names: the `instructions` of an
/// `initialize` result (`from`; a 2026-07-28 server's are in its recorded
/// `server/discover` result), and the prompts, resources and resource
/// templates of the capabilities `from` declares, every page. A list that
/// fails is left out, and a warning says why: the tools are still captured.
fn others(
    session: &mut Session<'_>,
    from: &Value,
    with_instructions: bool,
    with_meta: bool,
    timeout: Duration,
) -> Map<String, Value> {
    let mut record = Map::new();
    if with_instructions && let Some(instructions) = from.get("instructions") {
        record.insert("instructions".into(), instructions.clone());
    }
    let declares = |capability: &str| {
        from.get("capabilities")
            .and_then(|c| c.get(capability))
            .is_some_and(|c| !c.is_null())
    };
    for (capability, method, member) in [
        ("prompts", "prompts/list", "prompts"),
        ("resources", "resources/list", "resources"),
        ("resources", "resources/templates/list", "resourceTemplates"),
    ] {
        if !declares(capability) {
            continue;
        }
        session.deadline = Instant::now() + timeout;
        match list_all(session, method, member, with_meta, timeout) {
            Ok(pages) => {
                let items: Vec<Value> = pages
                    .iter()
                    .flat_map(|p| p[member].as_array().into_iter().flatten().cloned())
                    .collect();
                record.insert(member.into(), Value::Array(items));
            }
            Err(e) => eprintln!(
                "toolcheck: warning: the capture has no {member}: {}",
                one_line(&e)
            ),
        }
    }
    record
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

/// The pages as one JSON-RPC response that records how it was made: the
/// protocol spoken and, for 2026-07-28, the `server/discover` result, which
/// the `discover-result-invalid` and cache-hint rules check; and what else
/// the server gives the model ([`others`]).
fn merge(
    pages: &[Value],
    id: u64,
    protocol: &str,
    server: Option<String>,
    discovered: Option<Value>,
    others: Map<String, Value>,
) -> Result<Captured, String> {
    let mut result = Map::new();
    let mut record = Map::new();
    record.insert("protocolVersion".into(), Value::from(protocol));
    if let Some(discovered) = discovered {
        record.insert("discover".into(), discovered);
    }
    record.extend(others);
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
    Ok(Captured {
        doc: json!({"jsonrpc": "2.0", "id": id, "result": result}),
        tools: count,
        pages: pages.len(),
        protocol_version: protocol.to_owned(),
        server,
        listings: 1,
    })
}
