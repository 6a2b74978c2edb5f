use super::{CallResult, ResultEmitter};
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Notes an `outputSchema` whose `$schema` is not JSON Schema draft 4, 6, 7,
    /// 2019-09 or 2020-12; the result is validated as 2020-12.
    ///
    /// ## Why is this bad?
    /// The `$schema` names a dialect that clients do not know, so they cannot
    /// know which rules apply. MCP's default dialect is 2020-12.
    ///
    /// ## Example
    /// ```json
    /// {"outputSchema": {"$schema": "https://example.com/my-dialect", "type": "object"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"outputSchema": {"type": "object"}}
    /// ```
    ///
    /// ## Fix
    /// Remove `$schema`, or set it to `"https://json-
    /// schema.org/draft/2020-12/schema"`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, output schema: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - JSON Schema 2020-12 Core, $schema: <https://json-schema.org/draft/2020-12/json-schema-core#name-the-schema-keyword>
    pub OUTPUT_SCHEMA_DIALECT_UNKNOWN,
    id = "output-schema-dialect-unknown",
    group = Result,
    severity = Info,
    fix_note = "No automatic fix: a custom dialect may read keywords differently from 2020-12, so only the author can say whether dropping `$schema` is safe.",
    summary = "the outputSchema declares an unknown $schema; validated as 2020-12",
}

/// Its findings come from the one validation of `structuredContent` against
/// the `outputSchema` that the result checker makes for four rules
/// ([`CallResult::conformance`]).
fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    out.extend(rx.conformance_of(&OUTPUT_SCHEMA_DIALECT_UNKNOWN).cloned());
}
