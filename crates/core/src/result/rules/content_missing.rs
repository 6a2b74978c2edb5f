use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Flags a `CallToolResult` without `content`.
    ///
    /// ## Why is this bad?
    /// `content` is required in every `CallToolResult`, in every revision, as an
    /// array of content blocks. Hosts show the model the content blocks, so
    /// without them the model sees nothing from the call, and clients that
    /// validate the result shape reject it.
    ///
    /// ## Example
    /// ```json
    /// {"structuredContent": {"total": 12.5}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Add `content: [{"type": "text", "text": …}]`, with the serialised
    /// `structuredContent` as the text.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, tool result: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28 schema, CallToolResult: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub CONTENT_MISSING,
    id = "content-missing",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds it.",
    summary = "the result has no content array",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if rx.input_required || rx.result.contains_key("content") {
        return;
    }
    out.report(
        Path::root().key("content"),
        "The result has no content",
    )
    .help(
        "Add content: [{\"type\": \"text\", \"text\": …}], with the serialised structuredContent as the text",
    );
}
