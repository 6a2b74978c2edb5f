use super::{CallResult, ResultEmitter};
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Checks strings in `structuredContent` against the `format` the
    /// `outputSchema` declares for them (`date-time`, `date`, `email`, `uri`,
    /// `uuid` and the other formats JSON Schema 2020-12 defines).
    ///
    /// ## Why is this bad?
    /// JSON Schema 2020-12 treats `format` as an annotation by default, so many
    /// clients accept the value, but code that parses it in that format fails,
    /// and a model that reads the schema expects it.
    ///
    /// ## Example
    /// With this `outputSchema`:
    /// ```json
    /// {"outputSchema": {"type": "object", "properties": {"due": {"type": "string", "format": "date"}}}}
    /// ```
    /// this result
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"due\": \"next Friday\"}"}], "structuredContent": {"due": "next Friday"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"due\": \"2026-12-04\"}"}], "structuredContent": {"due": "2026-12-04"}}
    /// ```
    ///
    /// ## Fix
    /// Return the value in the declared format, or drop or correct the `format`
    /// in the `outputSchema`.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Validation, format: <https://json-schema.org/draft/2020-12/json-schema-validation#name-vocabularies-for-semantic-c>
    /// - MCP 2026-07-28, Tools, output schema: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub STRUCTURED_CONTENT_FORMAT,
    id = "structured-content-format",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that formats the value, or the schema's `format`.",
    summary = "a string in structuredContent breaks the format the outputSchema declares",
}

/// Its findings come from the one validation of `structuredContent` against
/// the `outputSchema` that the result checker makes for four rules
/// ([`CallResult::conformance`]).
fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    out.extend(rx.conformance_of(&STRUCTURED_CONTENT_FORMAT).cloned());
}
