use super::{CallResult, ResultEmitter};
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Validates `structuredContent` against the tool's `outputSchema` (with the
    /// dialect its `$schema` names, 2020-12 by default) and reports every place
    /// it breaks it: a wrong type, a missing required property, a value outside
    /// `enum`, a bound or pattern it breaks. Each finding points at the value,
    /// and the message names what the schema expected.
    ///
    /// ## Why is this bad?
    /// Servers MUST return `structuredContent` that conforms to the tool's
    /// `outputSchema`. A client that validates results (the MCP TypeScript SDK
    /// does once it has listed the tools) rejects the whole call with "Structured
    /// content does not match the tool's output schema", and a client that does
    /// not validate passes the value on to code that trusts the schema.
    ///
    /// ## Example
    /// With this `outputSchema`:
    /// ```json
    /// {"outputSchema": {"type": "object", "properties": {"total": {"type": "number"}}, "required": ["total"]}}
    /// ```
    /// this result
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": \"12.50\"}"}], "structuredContent": {"total": "12.50"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Return what the `outputSchema` promises, or change the schema to say what
    /// the tool returns.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, output schema: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2025-11-25, Tools, output schema: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>
    /// - MCP TypeScript SDK client (validates structured content): <https://github.com/modelcontextprotocol/typescript-sdk/blob/main/src/client/index.ts>
    pub STRUCTURED_CONTENT_INVALID,
    id = "structured-content-invalid",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds it, or the schema if the schema is wrong.",
    summary = "structuredContent does not conform to the tool's outputSchema",
}

/// Its findings come from the one validation of `structuredContent` against
/// the `outputSchema` that the result checker makes for four rules
/// ([`CallResult::conformance`]).
fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    out.extend(rx.conformance_of(&STRUCTURED_CONTENT_INVALID).cloned());
}
