use super::{CallResult, ResultEmitter};
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Reports an `outputSchema` that the validator cannot compile (an unknown
    /// keyword value, an external or broken `$ref`), so nothing was validated.
    ///
    /// ## Why is this bad?
    /// The result cannot be checked against a schema that does not compile, and
    /// neither can clients: a client that validates results fails on every call
    /// to this tool. `toolcheck check` on the tools capture names the problem in
    /// the schema.
    ///
    /// ## Example
    /// ```json
    /// {"outputSchema": {"type": "object", "properties": {"a": {"$ref": "https://example.com/a.json"}}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"outputSchema": {"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"type": "string"}}}}
    /// ```
    ///
    /// ## Fix
    /// Fix the schema: inline referenced schemas under `$defs`, and correct what
    /// the message names.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, output schema: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - JSON Schema 2020-12 Core, $ref: <https://json-schema.org/draft/2020-12/json-schema-core#name-direct-references-with-ref>
    pub OUTPUT_SCHEMA_UNUSABLE,
    id = "output-schema-unusable",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the schema is part of the tool's definition, not the result, and what its broken part was meant to say is for the author to decide.",
    summary = "the outputSchema cannot be compiled, so the result was not validated",
}

/// Its findings come from the one validation of `structuredContent` against
/// the `outputSchema` that the result checker makes for four rules
/// ([`CallResult::conformance`]).
fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    out.extend(rx.conformance_of(&OUTPUT_SCHEMA_UNUSABLE).cloned());
}
