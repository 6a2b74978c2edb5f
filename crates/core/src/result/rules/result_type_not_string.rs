use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::settings::Revision;
use crate::value::json_kind as kind;

declare_rule! {
    /// ## What it does
    /// When checking against 2026-07-28, flags a `resultType` that is not a
    /// string.
    ///
    /// ## Why is this bad?
    /// `resultType` is a string (`"complete"` for a finished call); clients
    /// cannot tell how to parse the result.
    ///
    /// ## Example
    /// ```json
    /// {"resultType": 1, "content": [{"type": "text", "text": "done"}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"resultType": "complete", "content": [{"type": "text", "text": "done"}]}
    /// ```
    ///
    /// ## Fix
    /// Set `"resultType": "complete"`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, Result: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub RESULT_TYPE_NOT_STRING,
    id = "result-type-not-string",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that sets `resultType`.",
    summary = "2026-07-28: resultType is not a string",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if rx.input_required || rx.revision < Revision::R2026_07_28 {
        return;
    }
    let Some(other) = rx.result.get("resultType").filter(|v| !v.is_string()) else {
        return;
    };
    out.report(
        Path::root().key("resultType"),
        format!("resultType is {}, not a string", kind(other)),
    )
    .help("Set \"resultType\": \"complete\"");
}
