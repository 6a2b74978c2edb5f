use serde_json::Value;

use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::result::agree::Agreement;
use crate::settings::Revision;
use crate::severity::Severity;

declare_rule! {
    /// ## What it does
    /// Flags a successful result with `structuredContent` but no text block
    /// holding its serialised JSON. It is an error under 2026-07-28 when
    /// `structuredContent` is an array or a primitive.
    ///
    /// ## Why is this bad?
    /// A tool that returns `structuredContent` SHOULD also return its serialised
    /// JSON in a text block, for clients that do not read `structuredContent`;
    /// many hosts show the model only `content`, so it never sees the structured
    /// value. Since 2026-07-28 (SEP-2106) this is a MUST for an array or a
    /// primitive: clients on earlier revisions typed `structuredContent` as an
    /// object and can only read the text.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "Done."}], "structuredContent": {"total": 12.5}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Add `{"type": "text", "text": JSON.stringify(structuredContent)}` to
    /// `content` (`json.dumps` in Python).
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, structured content: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2025-11-25, Tools, structured content: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>
    pub STRUCTURED_TEXT_FALLBACK_MISSING,
    id = "structured-text-fallback-missing",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds `content`.",
    summary = "no text block holds the serialised structuredContent (an error in 2026-07-28 for arrays and primitives)",
}

/// Not for an error result, whose text is the error for the model.
fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if rx.is_error || !matches!(rx.agreement, Some(Agreement::NoText)) {
        return;
    }
    let Some(structured) = rx.structured else {
        return;
    };
    let object = structured.is_object();
    let kind = match structured {
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
        _ => "a primitive",
    };
    let must = !object && rx.revision >= Revision::R2026_07_28;
    let (severity, message, explanation) = if must {
        (
            Severity::Error,
            format!(
                "structuredContent is {kind} and no text content block holds its serialised JSON, which 2026-07-28 requires"
            ),
            "Since 2026-07-28 (SEP-2106) a tool whose structuredContent is an array or a primitive MUST also return \
             its serialised JSON in a text block: clients on earlier revisions typed structuredContent as an object \
             and can only read the text, and hosts that show the model only content give it nothing else."
                .to_owned(),
        )
    } else {
        (
            Severity::Warning,
            "No text content block holds the serialised structuredContent".to_owned(),
            format!(
                "A tool that returns structuredContent SHOULD also return its serialised JSON in a text block, for \
                 clients that do not read structuredContent; many hosts show the model only content, so it never \
                 sees the structured value.{}",
                if object {
                    ""
                } else {
                    " Under 2026-07-28 this is a MUST for an array or a primitive (SEP-2106)."
                }
            ),
        )
    };
    out.report(Path::root().key("content"), message)
        .explanation(explanation)
        .help(
            "Add {\"type\": \"text\", \"text\": JSON.stringify(structuredContent)} to content (json.dumps in Python)",
        )
        .severity = severity;
}
