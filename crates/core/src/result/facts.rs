//! What the result rules read of a result, worked out once ([`CallResult`]):
//! whether it is complete, its content, `structuredContent` validated
//! against the `outputSchema` (which needs the JSON Schema validator, the
//! core's `schema` feature), whether the text agrees with it, its strings,
//! and what a schema can be inferred from.

use serde_json::{Map, Value};

use super::rules::CallResult;
use super::{ResultTool, agree, conform, parse};
use crate::path::Path;
use crate::settings::Revision;

/// What the rules read of `result`, worked out once: whether it is complete,
/// its content, the validation of `structuredContent` against the
/// `outputSchema`, whether the text carries it, its strings, and what a
/// schema can be inferred from.
pub(crate) fn facts<'a>(
    tool: &'a ResultTool,
    result: &'a Map<String, Value>,
    called_tool: Option<&'a str>,
    revision: Revision,
) -> CallResult<'a> {
    let input_required = revision >= Revision::R2026_07_28
        && result.get("resultType").and_then(Value::as_str) == Some("input_required");
    let complete = !input_required;
    let is_error = complete && result.get("isError") == Some(&Value::Bool(true));
    let blocks = result
        .get("content")
        .and_then(Value::as_array)
        .map(Vec::as_slice);
    let structured = result.get("structuredContent");
    let sc_path = Path::root().key("structuredContent");
    let conformance = match (&tool.output_schema, structured) {
        (Some(schema), Some(value)) if complete && !is_error => {
            conform::conform(schema, &Path::root().key("outputSchema"), value, &sc_path)
        }
        _ => Vec::new(),
    };
    let agreement = match (structured, blocks) {
        (Some(value), Some(blocks)) if complete => Some(
            // FastMCP returns a value that is no object as
            // `{"result": value}`, marks the outputSchema
            // `x-fastmcp-wrap-result`, and puts the value's JSON in the text:
            // the text carries what the tool returned.
            wrapped(tool, value)
                .map(|inner| agree::agreement_at(inner, blocks, sc_path.key("result")))
                .filter(|a| *a != agree::Agreement::NoText)
                .unwrap_or_else(|| agree::agreement(value, blocks)),
        ),
        _ => None,
    };
    let mut shown = Vec::new();
    if complete {
        strings(result, &mut shown);
    }
    let inferable = if complete && tool.output_schema.is_none() && !is_error {
        match structured {
            Some(v) => Some((v.clone(), sc_path)),
            None => blocks.and_then(parse::first_json_text),
        }
    } else {
        None
    };
    CallResult {
        tool,
        result,
        revision,
        called_tool,
        input_required,
        is_error,
        blocks,
        structured,
        conformance,
        agreement,
        strings: shown,
        inferable,
    }
}

/// Every string of the result that is shown to the model: the text of text
/// blocks, and every string in `structuredContent`, with where it is.
fn strings<'v>(result: &'v Map<String, Value>, out: &mut Vec<(Path, &'v str)>) {
    if let Some(Value::Array(blocks)) = result.get("content") {
        for (i, block) in blocks.iter().enumerate() {
            if let Some(text) = block.get("text").and_then(Value::as_str) {
                out.push((Path::root().key("content").index(i).key("text"), text));
            }
        }
    }
    if let Some(structured) = result.get("structuredContent") {
        walk(structured, Path::root().key("structuredContent"), out);
    }
}

fn walk<'v>(value: &'v Value, path: Path, out: &mut Vec<(Path, &'v str)>) {
    match value {
        Value::String(s) => out.push((path, s)),
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                walk(v, path.index(i), out);
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                walk(v, path.key(k), out);
            }
        }
        _ => {}
    }
}

/// The value FastMCP wrapped as `{"result": value}`, when the outputSchema
/// says it did (`"x-fastmcp-wrap-result": true`).
fn wrapped<'v>(tool: &ResultTool, structured: &'v Value) -> Option<&'v Value> {
    let marked = tool
        .output_schema
        .as_ref()
        .and_then(|s| s.get("x-fastmcp-wrap-result"))
        == Some(&Value::Bool(true));
    let object = structured.as_object().filter(|o| o.len() == 1)?;
    object.get("result").filter(|_| marked)
}
