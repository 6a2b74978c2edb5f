use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::value::json_kind as kind;

declare_rule! {
    /// ## What it does
    /// Flags an `isError` that is a string, a number or anything else but `true`
    /// or `false`.
    ///
    /// ## Why is this bad?
    /// `isError` is a boolean in every revision. Clients that validate the result
    /// shape reject it, and the rest read a truthy string such as `"false"` as an
    /// error.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "done"}], "isError": "false"}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "done"}], "isError": false}
    /// ```
    ///
    /// ## Fix
    /// Set `isError` to `true` or `false`, or leave it out for a successful call.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, error handling: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28 schema, CallToolResult: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub IS_ERROR_NOT_BOOLEAN,
    id = "is-error-not-boolean",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that sets `isError`.",
    summary = "isError is not a boolean",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if rx.input_required {
        return;
    }
    let Some(other) = rx.result.get("isError").filter(|v| !v.is_boolean()) else {
        return;
    };
    out.report(
        Path::root().key("isError"),
        format!("isError is {}, not a boolean", kind(other)),
    )
    .help("Set isError to true or false, or leave it out for a successful call");
}
