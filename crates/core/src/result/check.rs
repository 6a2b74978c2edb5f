//! The check itself: what the rules read of a result is worked out once
//! ([`Rx`]: `structuredContent` validated against the `outputSchema`, which
//! needs the JSON Schema validator, the core's `schema` feature; whether the
//! text agrees with it), then each result rule of the one list runs over it.

use serde_json::{Map, Value};

use super::rules::{Out, Rx};
use super::{ResultReport, ResultTool, agree, conform, find_tool, infer_schema, parse};
use crate::catalog::RESULT_RULES;
use crate::finding::Finding;
use crate::path::Path;
use crate::settings::{Revision, Settings};
use crate::{Counts, InputError};

/// Checks one pasted result against a tool found in a tools capture.
///
/// # Errors
/// An [`InputError`] when either paste is not valid JSON (with line and
/// column), the tools capture is unrecognisable or lacks the tool, or the
/// result is not a recognisable `tools/call` result (including a JSON-RPC
/// error response).
pub fn check_result(
    tools_input: &str,
    tool_name: &str,
    result_input: &str,
    settings: &Settings,
) -> Result<ResultReport, InputError> {
    let tool = find_tool(tools_input, tool_name)?;
    check_result_for(&tool, result_input, settings)
}

/// Checks one pasted result against a tool.
///
/// # Errors
/// When the result is not valid JSON (with line and column) or not a
/// recognisable `tools/call` result.
pub fn check_result_for(
    tool: &ResultTool,
    result_input: &str,
    settings: &Settings,
) -> Result<ResultReport, InputError> {
    let doc = parse::parse(result_input)?;
    let located =
        parse::locate(&doc, Some(&tool.name)).map_err(parse::LocateError::into_input_error)?;
    let rx = facts(
        tool,
        located.result,
        located.called_tool.as_deref(),
        settings.revision,
    );
    let mut findings: Vec<Finding> = Vec::new();
    for rule in RESULT_RULES {
        if settings.rules.enabled(rule.info.id) {
            (rule.check)(&rx, &mut Out::new(rule.info, &mut findings));
        }
    }
    findings.sort_by_key(|f| f.severity);
    let counts = Counts::of(&findings);
    let (inferred_schema, inferred_from) = match rx.inferable {
        Some((value, from)) => (Some(infer_schema(&value)), Some(from)),
        None => (None, None),
    };
    Ok(ResultReport {
        tool: tool.name.clone(),
        tool_path: tool.path.clone(),
        has_output_schema: tool.output_schema.is_some(),
        source: located.source,
        located_at: located.path,
        revision: settings.revision,
        is_error: rx.is_error,
        findings,
        counts,
        inferred_schema,
        inferred_from,
    })
}

/// What the rules read of `result`, worked out once: whether it is complete,
/// its content, the validation of `structuredContent` against the
/// `outputSchema`, whether the text carries it, its strings, and what a
/// schema can be inferred from.
fn facts<'a>(
    tool: &'a ResultTool,
    result: &'a Map<String, Value>,
    called_tool: Option<&'a str>,
    revision: Revision,
) -> Rx<'a> {
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
        (Some(value), Some(blocks)) if complete => Some(agree::agreement(value, blocks)),
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
    Rx {
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
