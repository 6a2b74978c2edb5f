use super::structured_content_invalid::STRUCTURED_CONTENT_INVALID;
use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::settings::Revision;
use crate::value::json_kind as kind;

declare_rule! {
    /// ## What it does
    /// Notes a `structuredContent` that is an array, a string, a number, a
    /// boolean or null.
    ///
    /// ## Why is this bad?
    /// In 2026-07-28, `outputSchema` may be any JSON Schema and
    /// `structuredContent` any JSON value (SEP-2106), so an array or primitive
    /// result is valid. Revisions 2025-11-25 and 2025-06-18 typed both as
    /// objects, and clients built on them may reject or drop the value. Whether
    /// it breaks depends on which revision your clients speak.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "[1, 2]"}], "structuredContent": [1, 2]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"items\": [1, 2]}"}], "structuredContent": {"items": [1, 2]}}
    /// ```
    ///
    /// ## Fix
    /// If clients on 2025-11-25 or earlier must read it, wrap the value in an
    /// object (for example `{"items": […]}`) and update the `outputSchema` to
    /// match.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 changelog: <https://modelcontextprotocol.io/specification/2026-07-28/changelog>
    /// - MCP 2025-11-25 schema, CallToolResult: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>
    pub STRUCTURED_CONTENT_NOT_OBJECT,
    id = "structured-content-not-object",
    group = Result,
    severity = Info,
    fix_note = "No automatic fix: the result comes from the server at run time, and wrapping it changes the `outputSchema` too: fix the handler and the schema together.",
    summary = "structuredContent is an array or a primitive: valid in 2026-07-28, an object in earlier revisions",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if rx.input_required {
        return;
    }
    let Some(value) = rx.structured.filter(|v| !v.is_object()) else {
        return;
    };
    let path = Path::root().key("structuredContent");
    // A value the schema rejects at its root is reported once, by that rule.
    if rx
        .conformance_of(&STRUCTURED_CONTENT_INVALID)
        .any(|f| f.path == path)
    {
        return;
    }
    let kind = kind(value);
    let message = if rx.revision >= Revision::R2026_07_28 {
        format!(
            "structuredContent is {kind}: valid in 2026-07-28, but 2025-11-25 and earlier type it as an object"
        )
    } else {
        format!(
            "structuredContent is {kind}: {} types it as an object, while 2026-07-28 allows any JSON value",
            rx.revision
        )
    };
    out.report(
        path,
        message,
    )
    .help(
        "If clients on 2025-11-25 or earlier must read it, wrap the value in an object (for example \
         {\"items\": […]}) and update the outputSchema to match",
    );
}
