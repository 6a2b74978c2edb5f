//! Checking one `tools/call` result against the tool's `outputSchema`.
//!
//! An `outputSchema` is a promise about `structuredContent`, and servers MUST
//! keep it. [`crate::checking::check_result`] takes a tools capture (anything [`crate::check`]
//! accepts), a tool name and one pasted result, and reports:
//!
//! - every place `structuredContent` breaks the `outputSchema`
//!   (`structuredContent.total is string, expected number`);
//! - the shape of the `CallToolResult` itself (`content`, `isError`, `resultType`);
//! - whether a text block carries the serialised structured value, and whether
//!   it agrees with it;
//! - credentials and stack traces the result should not carry;
//! - for a tool without an `outputSchema`, a starting schema inferred from the
//!   result ([`infer_schema`]).
//!
//! Finding paths are relative to the `CallToolResult` (`structuredContent.total`,
//! `content[0].text`); [`ResultReport::located_at`] says where that object is in
//! the paste. Findings about the schema itself start at `outputSchema`.

// What two rules read; dead code, like the rules' checks, without the
// `schema` feature.
#[cfg_attr(not(feature = "schema"), allow(dead_code))]
mod agree;
#[cfg(feature = "schema")]
mod conform;
#[cfg(feature = "schema")]
pub(crate) mod facts;
pub mod infer;
pub(crate) mod parse;
pub mod rules;

use serde_json::Value;

use crate::finding::{Finding, Severity};
use crate::input::{Document, detect};
use crate::path::Path;
use crate::settings::Revision;
use crate::{Counts, InputError};

pub use infer::{NOTE as INFERRED_NOTE, infer_schema};
pub use parse::ResultSource;

impl ResultTool {
    /// `tool` of a detected capture, as its results are checked against it.
    #[must_use]
    pub fn of(tool: &crate::input::Tool<'_>, capture: &crate::input::Detected<'_>) -> Self {
        Self {
            name: tool.name().unwrap_or_default().to_owned(),
            path: tool.path.clone(),
            output_schema: tool.output_schema().map(crate::value::Value::to_serde),
            shows_2026: capture.shows_2026_result(),
        }
    }
}

/// The tool a result is checked against.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultTool {
    /// Its name.
    pub name: String,
    /// Where its definition is in the tools capture.
    pub path: Path,
    /// Its `outputSchema`, if it declares one.
    pub output_schema: Option<Value>,
    /// Whether its tools capture shows MCP 2026-07-28: a page with cache
    /// hints, or a capture that records it spoke 2026-07-28
    /// ([`crate::input::Detected::shows_2026_result`]). The rules about what
    /// only 2026-07-28 asks of a result look for it, as the rules about a
    /// `tools/list` result look for the same signs.
    pub shows_2026: bool,
}

/// The result of checking one result.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultReport {
    /// The tool's name.
    pub tool: String,
    /// Where the tool is in the tools capture.
    pub tool_path: Path,
    /// Whether the tool declares an `outputSchema`.
    pub has_output_schema: bool,
    /// What was pasted.
    pub source: ResultSource,
    /// Where the `CallToolResult` is in the paste.
    pub located_at: Path,
    /// The MCP revision checked against.
    pub revision: Revision,
    /// Whether the result says `isError: true`.
    pub is_error: bool,
    /// Errors, then warnings, then info; in the order found within each.
    pub findings: Vec<Finding>,
    /// Counts by severity.
    pub counts: Counts,
    /// For a tool without an `outputSchema`: a starting schema inferred from the result.
    pub inferred_schema: Option<Value>,
    /// What the schema was inferred from (`structuredContent` or `content[0].text`).
    pub inferred_from: Option<Path>,
}

impl ResultReport {
    /// The worst severity present, if any.
    #[must_use]
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).min()
    }

    /// For example `JSON-RPC tools/call response · result`, or `CallToolResult object`.
    #[must_use]
    pub fn detected(&self) -> String {
        if self.located_at == Path::root() {
            self.source.label().to_owned()
        } else {
            format!("{} · {}", self.source.label(), self.located_at)
        }
    }
}

/// A schema inferred from a pasted result.
#[derive(Debug, Clone, PartialEq)]
pub struct Inferred {
    /// The schema (JSON Schema 2020-12).
    pub schema: Value,
    /// What it was inferred from (`structuredContent`, `content[0].text`, or
    /// the root when a plain JSON value was pasted).
    pub from: Path,
    /// What was pasted; `None` for a plain JSON value.
    pub source: Option<ResultSource>,
}

fn input_error(message: String) -> InputError {
    InputError {
        message,
        line: None,
        column: None,
    }
}

/// Finds a tool by name in a tools capture (anything [`crate::check`] accepts).
///
/// # Errors
/// Invalid JSON (with line and column), an unrecognisable capture, or no tool
/// with that name (the message lists the names there are).
pub fn find_tool(tools_input: &str, tool_name: &str) -> Result<ResultTool, InputError> {
    let doc = Document::parse(tools_input)?;
    let input = detect(&doc)?;
    if let Some(tool) = input.tools.iter().find(|t| t.name() == Some(tool_name)) {
        return Ok(ResultTool::of(tool, &input));
    }
    let names: Vec<&str> = input.tools.iter().filter_map(|t| t.name()).collect();
    let quote = crate::text::quote;
    let mut message = format!("No tool named {} in the tools capture", quote(tool_name));
    if let Some(close) = crate::text::closest(tool_name, names.iter().copied()) {
        message.push_str(&format!("; did you mean {}?", quote(close)));
    }
    if names.is_empty() {
        message.push_str(" (it has no named tools)");
    } else {
        let mut list: Vec<String> = names.iter().take(20).map(|n| quote(n)).collect();
        if names.len() > 20 {
            list.push(format!("… ({} more)", names.len() - 20));
        }
        message.push_str(&format!(". Its tools: {}", list.join(", ")));
    }
    Err(input_error(message))
}

/// Infers a starting `outputSchema` from a pasted result: a JSON-RPC
/// response, a `CallToolResult`, or a transcript (its last `tools/call`
/// response). The schema comes from `structuredContent`, or, when there is
/// none, from the first text block that holds a JSON object or array. Any
/// other JSON object or array is taken as the structured value itself.
///
/// # Errors
/// Invalid JSON (with line and column), an error response or `isError: true`
/// result, or a result with nothing structured to infer from.
pub fn infer_from_result_text(text: &str) -> Result<Inferred, InputError> {
    let doc = parse::parse(text)?;
    let located = match parse::locate(&doc, None) {
        Ok(l) => l,
        Err(parse::LocateError::NotAResult(found)) => {
            return match &doc {
                parse::Pasted::Single(v @ (Value::Object(_) | Value::Array(_))) => Ok(Inferred {
                    schema: infer_schema(v),
                    from: Path::root(),
                    source: None,
                }),
                _ => Err(parse::unrecognised(&found)),
            };
        }
        Err(e) => return Err(e.into_input_error()),
    };
    let result = located.result;
    if result.get("isError").and_then(Value::as_bool) == Some(true) {
        return Err(input_error(
            "The result has isError: true; an error result shows the error's shape, not the tool's output. \
             Paste a successful result"
                .into(),
        ));
    }
    let blocks = result
        .get("content")
        .and_then(Value::as_array)
        .map(Vec::as_slice);
    let (value, from) = match result.get("structuredContent") {
        Some(v) => (v.clone(), Path::root().key("structuredContent")),
        None => blocks.and_then(parse::first_json_text).ok_or_else(|| {
            input_error(
                "The result has no structuredContent and no text block holding a JSON object or array, so there is \
                 no structure to infer a schema from"
                    .into(),
            )
        })?,
    };
    Ok(Inferred {
        schema: infer_schema(&value),
        from,
        source: Some(located.source),
    })
}
