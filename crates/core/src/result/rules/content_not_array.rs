use serde_json::Value;

use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::value::json_kind as kind;

declare_rule! {
    /// ## What it does
    /// Flags a `content` that is not an array (a single block, a string, an
    /// object of blocks).
    ///
    /// ## Why is this bad?
    /// `content` is an array of content blocks in every revision. Clients that
    /// validate the result shape reject it, and hosts that iterate it show the
    /// model nothing.
    ///
    /// ## Example
    /// ```json
    /// {"content": {"type": "text", "text": "done"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "done"}]}
    /// ```
    ///
    /// ## Fix
    /// Make `content` an array: `[{"type": "text", "text": …}]`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, tool result: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28 schema, CallToolResult: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub CONTENT_NOT_ARRAY,
    id = "content-not-array",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds it.",
    summary = "content is not an array",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if rx.input_required {
        return;
    }
    let Some(content) = rx.result.get("content") else {
        return;
    };
    if matches!(content, Value::Array(_)) {
        return;
    }
    out.report(
        Path::root().key("content"),
        format!(
            "content is {}, not an array of content blocks",
            kind(content)
        ),
    )
    .help("Make content an array: [{\"type\": \"text\", \"text\": …}]");
}
