//! The Streamable HTTP transport.

use std::io::{BufRead as _, BufReader, Read};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::{MODERN_VERSION, TIMED_OUT, Transport, is_response, messages};

// ---------------------------------------------------------------------------
// Streamable HTTP

pub(super) struct HttpTransport {
    agent: ureq::Agent,
    url: String,
    headers: Vec<(String, String)>,
    session: Option<String>,
    protocol: Option<String>,
    verbose: bool,
}

impl HttpTransport {
    pub(super) fn new(
        url: &str,
        headers: &[(String, String)],
        timeout: Duration,
        verbose: bool,
    ) -> Self {
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
                // And the tool a call names.
                if method == "tools/call"
                    && let Some(name) = message["params"]["name"].as_str()
                {
                    req = req.header("Mcp-Name", header_value(name));
                }
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

/// A name as a header carries it: as it is when every character is visible
/// ASCII, else Base64-encoded as 2026-07-28 asks
/// (`=?base64?{Base64EncodedValue}?=`).
fn header_value(name: &str) -> String {
    if !name.is_empty() && name.bytes().all(|b| b.is_ascii_graphic()) {
        name.to_owned()
    } else {
        format!(
            "=?base64?{}?=",
            data_encoding::BASE64.encode(name.as_bytes())
        )
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
pub(super) fn read_sse(reader: impl Read, id: u64, verbose: bool) -> Result<Value, String> {
    let mut data = String::new();
    let dispatch = |data: &mut String| -> Option<Value> {
        let event = std::mem::take(data);
        if event.is_empty() {
            return None;
        }
        let value: Value = serde_json::from_str(&event).ok()?;
        let mut found = None;
        for m in messages(value) {
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
        messages(value)
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
