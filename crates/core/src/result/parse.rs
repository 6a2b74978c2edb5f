//! Finding the `CallToolResult` in a pasted result.
//!
//! Accepted: a whole JSON-RPC response, the `CallToolResult` object alone, or a
//! newline-delimited transcript, from which the response to a `tools/call`
//! request is picked.

use serde_json::{Map, Value};

use crate::InputError;
use crate::input::Document;
use crate::path::Path;

/// A pasted result as `serde_json` values, which the schema validator takes.
pub(crate) enum Pasted {
    /// A single JSON document.
    Single(Value),
    /// A newline-delimited transcript: (1-based line number, value).
    Lines(Vec<(usize, Value)>),
}

/// What kind of paste the result came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultSource {
    /// `{"jsonrpc":"2.0","id":2,"result":{…}}`.
    JsonRpcResponse,
    /// `{"content":[…],"structuredContent":…}`.
    CallToolResult,
    /// A newline-delimited JSON-RPC transcript.
    Transcript,
}

impl ResultSource {
    /// How reports name it.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ResultSource::JsonRpcResponse => "JSON-RPC tools/call response",
            ResultSource::CallToolResult => "CallToolResult object",
            ResultSource::Transcript => "JSON-RPC transcript",
        }
    }
}

/// The `CallToolResult` found in the paste.
#[derive(Debug, Clone)]
pub(crate) struct Located<'a> {
    pub source: ResultSource,
    /// The result object.
    pub result: &'a Map<String, Value>,
    /// Where it is in the paste (`result`, `line 4: result`, or the root).
    #[cfg_attr(
        not(feature = "schema"),
        expect(dead_code, reason = "the result check reads it")
    )]
    pub path: Path,
    /// For transcripts: the tool the matching `tools/call` request named.
    pub called_tool: Option<String>,
}

/// Why no result was found.
#[derive(Debug)]
pub(crate) enum LocateError {
    /// The paste is JSON, but not a result: this says what it is instead.
    NotAResult(String),
    /// Anything else (invalid JSON, an error response, a request…).
    Unreadable(InputError),
}

impl LocateError {
    pub(crate) fn into_input_error(self) -> InputError {
        match self {
            LocateError::NotAResult(found) => unrecognised(&found),
            LocateError::Unreadable(e) => e,
        }
    }
}

impl From<InputError> for LocateError {
    fn from(e: InputError) -> Self {
        LocateError::Unreadable(e)
    }
}

/// The error for a paste that is valid JSON but no result.
pub(crate) fn unrecognised(found: &str) -> InputError {
    InputError {
        message: format!(
            "Not a recognisable tools/call result: found {found}. Expected a JSON-RPC response to tools/call \
             ({{\"jsonrpc\":\"2.0\",\"id\":…,\"result\":{{\"content\":[…],\"structuredContent\":…}}}}), \
             the CallToolResult object alone, or a newline-delimited transcript with a tools/call response"
        ),
        line: None,
        column: None,
    }
}

fn plain(message: String) -> LocateError {
    LocateError::Unreadable(InputError {
        message,
        line: None,
        column: None,
    })
}

/// Parses the pasted result text.
pub(crate) fn parse(text: &str) -> Result<Pasted, InputError> {
    let trimmed = text.strip_prefix('\u{feff}').unwrap_or(text);
    if trimmed.trim().is_empty() {
        return Err(InputError {
            message:
                "The result is empty: paste a tools/call response or its CallToolResult object"
                    .into(),
            line: None,
            column: None,
        });
    }
    Ok(match Document::parse(text)? {
        Document::Single(value) => Pasted::Single(value.to_serde()),
        Document::Lines(lines) => Pasted::Lines(
            lines
                .iter()
                .map(|(line, value)| (*line, value.to_serde()))
                .collect(),
        ),
    })
}

/// Finds the result in a parsed paste. With a transcript holding several
/// `tools/call` responses, the last one whose request names `tool` wins, else
/// the last one.
pub(crate) fn locate<'a>(doc: &'a Pasted, tool: Option<&str>) -> Result<Located<'a>, LocateError> {
    match doc {
        Pasted::Single(value) => locate_value(value, Path::root(), ResultSource::JsonRpcResponse),
        Pasted::Lines(lines) => locate_in_transcript(lines, tool),
    }
}

pub(crate) use crate::value::json_kind as kind;

fn is_call_result(obj: &Map<String, Value>) -> bool {
    [
        "content",
        "structuredContent",
        "isError",
        "inputRequests",
        "requestState",
    ]
    .iter()
    .any(|k| obj.contains_key(*k))
        || obj.get("resultType").and_then(Value::as_str) == Some("input_required")
}

fn is_envelope(obj: &Map<String, Value>) -> bool {
    obj.contains_key("jsonrpc")
        || (obj.contains_key("id") && (obj.contains_key("result") || obj.contains_key("error")))
}

fn error_response(err: &Value) -> LocateError {
    let code = err.get("code").and_then(Value::as_i64);
    let message = err
        .get("message")
        .and_then(Value::as_str)
        .map(crate::text::quote);
    let detail = match (code, message) {
        (Some(c), Some(m)) => format!(" (code {c}: {m})"),
        (Some(c), None) => format!(" (code {c})"),
        (None, Some(m)) => format!(" ({m})"),
        (None, None) => String::new(),
    };
    plain(format!(
        "The result is a JSON-RPC error response{detail}: the call failed at the protocol level, so there is no \
         CallToolResult to check. Errors from the tool itself belong in a result with \"isError\": true"
    ))
}

fn locate_value(
    value: &Value,
    base: Path,
    single_source: ResultSource,
) -> Result<Located<'_>, LocateError> {
    let Value::Object(obj) = value else {
        return Err(LocateError::NotAResult(kind(value).into()));
    };
    if is_envelope(obj) {
        if let Some(err) = obj.get("error") {
            return Err(error_response(err));
        }
        let Some(result) = obj.get("result") else {
            if let Some(method) = obj.get("method").and_then(Value::as_str) {
                return Err(plain(format!(
                    "The result is a JSON-RPC request (method {}), not a response; paste the server's response to it",
                    crate::text::quote(method)
                )));
            }
            return Err(LocateError::Unreadable(unrecognised(
                "a JSON-RPC message with no result",
            )));
        };
        let Value::Object(result_obj) = result else {
            return Err(LocateError::Unreadable(unrecognised(&format!(
                "a JSON-RPC response whose result is {}, not a CallToolResult object",
                kind(result)
            ))));
        };
        if is_call_result(result_obj) {
            return Ok(Located {
                source: single_source,
                result: result_obj,
                path: base.key("result"),
                called_tool: None,
            });
        }
        if result_obj.contains_key("tools") {
            return Err(LocateError::Unreadable(unrecognised(
                "a tools/list response; paste it as the tools capture, and paste the response to a tools/call request as the result",
            )));
        }
        return Err(LocateError::Unreadable(unrecognised(
            "a JSON-RPC response whose result has none of content, structuredContent or isError; is it the response to tools/call?",
        )));
    }
    if is_call_result(obj) {
        return Ok(Located {
            source: if single_source == ResultSource::Transcript {
                ResultSource::Transcript
            } else {
                ResultSource::CallToolResult
            },
            result: obj,
            path: base,
            called_tool: None,
        });
    }
    if obj.contains_key("tools") {
        return Err(LocateError::Unreadable(unrecognised(
            "a tools/list result; paste it as the tools capture, and paste the response to a tools/call request as the result",
        )));
    }
    Err(LocateError::NotAResult(
        "an object with none of the members of a CallToolResult (content, structuredContent, isError)".into(),
    ))
}

fn is_response(v: &Value) -> bool {
    v.get("method").is_none()
        && v.get("id").is_some()
        && (v.get("result").is_some() || v.get("error").is_some())
}

fn locate_in_transcript<'a>(
    lines: &'a [(usize, Value)],
    tool: Option<&str>,
) -> Result<Located<'a>, LocateError> {
    // Responses matched to a tools/call request by id, with the tool it named.
    let mut calls: Vec<(usize, &Value, Option<&str>)> = Vec::new();
    for (line, value) in lines {
        if !is_response(value) {
            continue;
        }
        let id = value.get("id");
        let request = lines.iter().find(|(_, v)| {
            v.get("method").and_then(Value::as_str) == Some("tools/call") && v.get("id") == id
        });
        if let Some((_, req)) = request {
            let name = req
                .get("params")
                .and_then(|p| p.get("name"))
                .and_then(Value::as_str);
            calls.push((*line, value, name));
        }
    }
    if calls.is_empty() {
        // The requests may not have been captured: fall back on responses
        // that look like tool results.
        for (line, value) in lines {
            let looks_like_result = value
                .get("result")
                .and_then(Value::as_object)
                .is_some_and(is_call_result);
            if is_response(value) && looks_like_result {
                calls.push((*line, value, None));
            }
        }
    }
    let chosen = tool
        .and_then(|t| calls.iter().rev().find(|(_, _, name)| *name == Some(t)))
        .or_else(|| calls.last());
    let Some(&(line, value, name)) = chosen else {
        return Err(LocateError::Unreadable(unrecognised(
            "a newline-delimited transcript with no response to a tools/call request in it",
        )));
    };
    let mut located = locate_value(value, Path::line(line), ResultSource::Transcript)?;
    located.source = ResultSource::Transcript;
    located.called_tool = name.map(str::to_owned);
    Ok(located)
}

/// The text blocks: (index in `content`, text).
pub(crate) fn text_blocks(blocks: &[Value]) -> impl Iterator<Item = (usize, &str)> {
    blocks.iter().enumerate().filter_map(|(i, b)| {
        if b.get("type").and_then(Value::as_str) != Some("text") {
            return None;
        }
        Some((i, b.get("text")?.as_str()?))
    })
}

/// The JSON a text block holds, if the whole text is JSON.
pub(crate) fn parse_json(text: &str) -> Option<Value> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    serde_json::from_str(t).ok()
}

/// The first text block holding a JSON object or array, for inference.
pub(crate) fn first_json_text(blocks: &[Value]) -> Option<(Value, Path)> {
    text_blocks(blocks).find_map(|(i, text)| {
        let v = parse_json(text)?;
        (v.is_object() || v.is_array())
            .then(|| (v, Path::root().key("content").index(i).key("text")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locate_text(
        text: &str,
        tool: Option<&str>,
    ) -> Result<(ResultSource, String, Option<String>), InputError> {
        let doc = parse(text)?;
        let located = locate(&doc, tool).map_err(LocateError::into_input_error)?;
        Ok((
            located.source,
            located.path.to_string(),
            located.called_tool,
        ))
    }

    #[test]
    fn shapes() {
        let (source, path, _) =
            locate_text(r#"{"jsonrpc":"2.0","id":2,"result":{"content":[]}}"#, None).unwrap();
        assert_eq!(
            (source, path.as_str()),
            (ResultSource::JsonRpcResponse, "result")
        );
        let (source, path, _) =
            locate_text(r#"{"content":[],"structuredContent":{}}"#, None).unwrap();
        assert_eq!(
            (source, path.as_str()),
            (ResultSource::CallToolResult, "(root)")
        );
    }

    #[test]
    fn errors_say_what_was_expected() {
        let e = locate_text(r#"{"orderId": 1}"#, None).unwrap_err();
        assert!(
            e.message
                .contains("Expected a JSON-RPC response to tools/call"),
            "{}",
            e.message
        );
        let e = locate_text("[1, 2]", None).unwrap_err();
        assert!(e.message.contains("found an array"), "{}", e.message);
        let e = locate_text(
            r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Unknown tool: get_ordr"}}"#,
            None,
        )
        .unwrap_err();
        assert!(
            e.message
                .contains("JSON-RPC error response (code -32602: \"Unknown tool: get_ordr\")"),
            "{}",
            e.message
        );
        let e = locate_text(r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#, None).unwrap_err();
        assert!(e.message.contains("tools/list response"), "{}", e.message);
        let e = locate_text("{\"content\": [}", None).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(14)));
        let e = locate_text("  ", None).unwrap_err();
        assert!(e.message.contains("empty"), "{}", e.message);
    }

    #[test]
    fn transcript_picks_the_call_for_the_tool() {
        let text = [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_order","arguments":{}}}"#,
            r#"{"jsonrpc":"2.0","id":2,"result":{"content":[]}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"cancel_order","arguments":{}}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{}}"#,
            r#"{"jsonrpc":"2.0","id":3,"result":{"content":[]}}"#,
        ]
        .join("\n");
        let (source, path, called) = locate_text(&text, Some("get_order")).unwrap();
        assert_eq!(source, ResultSource::Transcript);
        assert_eq!(path, "line 4: result");
        assert_eq!(called.as_deref(), Some("get_order"));
        let (_, path, called) = locate_text(&text, Some("other")).unwrap();
        assert_eq!(path, "line 7: result");
        assert_eq!(called.as_deref(), Some("cancel_order"));
        let (_, path, _) = locate_text(&text, None).unwrap();
        assert_eq!(path, "line 7: result");
    }

    #[test]
    fn transcript_without_calls() {
        let text = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}";
        let e = locate_text(text, None).unwrap_err();
        assert!(
            e.message.contains("no response to a tools/call request"),
            "{}",
            e.message
        );
        // Responses without their requests still count when they look like results.
        let text = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"content\":[]}}\n{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{\"content\":[],\"isError\":true}}";
        let (_, path, called) = locate_text(text, None).unwrap();
        assert_eq!((path.as_str(), called), ("line 2: result", None));
    }
}
