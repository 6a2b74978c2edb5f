use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::result::parse::first_json_text;
use crate::text::unicode::one_line;

declare_rule! {
    /// ## What it does
    /// Flags a successful result of a tool that declares an `outputSchema` but
    /// returns no `structuredContent`. When a text block holds JSON, the fix
    /// names it.
    ///
    /// ## Why is this bad?
    /// A tool with an `outputSchema` MUST return `structuredContent` that
    /// conforms to it. The MCP TypeScript SDK client rejects the call with "Tool
    /// … has an output schema but did not return structured content", so the call
    /// fails on every client that uses it.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Return `structuredContent` matching the `outputSchema` with every
    /// successful result, or set `isError: true` when the call failed.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, structured content: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP TypeScript SDK client: <https://github.com/modelcontextprotocol/typescript-sdk/blob/main/src/client/index.ts>
    pub STRUCTURED_CONTENT_MISSING,
    id = "structured-content-missing",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds it.",
    summary = "the tool declares an outputSchema but the result has no structuredContent",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if rx.input_required
        || rx.tool.output_schema.is_none()
        || rx.is_error
        || rx.structured.is_some()
    {
        return;
    }
    let fix = match rx.blocks.and_then(first_json_text) {
        Some((_, p)) => {
            format!(
                "Return the JSON now in {p} as structuredContent too, matching the outputSchema"
            )
        }
        None => "Return structuredContent matching the outputSchema with every successful result, \
                 or set isError: true when the call failed"
            .into(),
    };
    out.report(
        Path::root().key("structuredContent"),
        format!(
            "{} declares an outputSchema but the result has no structuredContent",
            one_line(&rx.tool.name)
        ),
    )
    .help(fix);
}
