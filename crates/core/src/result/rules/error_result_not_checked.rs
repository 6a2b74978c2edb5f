use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Notes that a result with `isError: true` was not checked against the
    /// `outputSchema`.
    ///
    /// ## Why is this bad?
    /// An error result reports a failure for the model to act on; it need not
    /// match the `outputSchema`, and clients do not hold it to it. Checking it
    /// would report differences that are not defects.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "Order 42 not found"}], "isError": true}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Nothing to fix; paste a successful result too, to check the schema.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, error handling: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub ERROR_RESULT_NOT_CHECKED,
    id = "error-result-not-checked",
    group = Result,
    severity = Info,
    fix_note = "No automatic fix: this is a note about what was checked, not a defect in the result.",
    summary = "isError is true, so the result was not checked against the outputSchema",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if rx.input_required || rx.tool.output_schema.is_none() || !rx.is_error {
        return;
    }
    out.report(
        Path::root().key("isError"),
        "isError is true, so the result was not checked against the outputSchema",
    )
    .help("Nothing to fix; check a successful result too");
}
