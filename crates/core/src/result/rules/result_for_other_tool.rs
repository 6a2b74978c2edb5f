use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// When a pasted transcript has no `tools/call` for the chosen tool, the last
    /// response is checked, and this says which tool it answers.
    ///
    /// ## Why is this bad?
    /// Each tool has its own `outputSchema`, so checking one tool's result
    /// against another's schema reports differences that are not defects.
    ///
    /// ## Example
    /// ```json
    /// {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "get_user"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "get_order"}}
    /// ```
    ///
    /// ## Fix
    /// Pick the tool the response belongs to, or paste a response to a call to
    /// the chosen tool.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, calling tools: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub RESULT_FOR_OTHER_TOOL,
    id = "result-for-other-tool",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: this is about which response was pasted, not a defect in the server.",
    summary = "the transcript's tools/call response answers a call to another tool",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    let Some(called) = rx.called_tool else { return };
    if called == rx.tool.name {
        return;
    }
    out.report(
        Path::root(),
        format!(
            "The transcript has no tools/call for {}; checked the last response, which answers a call to {}",
            quote(&rx.tool.name),
            quote(called)
        ),
    )
    .help(
        format!(
            "Pick the tool the response belongs to ({}), or paste a response to a call to {}",
            quote(called),
            quote(&rx.tool.name)
        ),
    );
}
