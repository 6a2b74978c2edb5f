use super::{CallResult, ResultEmitter};
use crate::registry::declare_rule;
use crate::text::unicode::one_line;

declare_rule! {
    /// ## What it does
    /// For a tool without an `outputSchema`, infers a starting schema from
    /// `structuredContent` (or from the first text block that holds JSON) and
    /// offers it.
    ///
    /// ## Why is this bad?
    /// Without an `outputSchema`, clients cannot validate the result and models
    /// cannot know its shape before calling. One result shows one shape, so
    /// review `required` in the inferred schema before publishing it.
    ///
    /// ## Example
    /// ```json
    /// {"name": "get_order", "inputSchema": {"type": "object"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "get_order", "inputSchema": {"type": "object"},
    ///  "outputSchema": {"type": "object", "properties": {"total": {"type": "number"}}, "required": ["total"]}}
    /// ```
    ///
    /// ## Fix
    /// Review the inferred schema, add descriptions, and publish it as the tool's
    /// `outputSchema`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, output schema: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub OUTPUT_SCHEMA_MISSING,
    id = "output-schema-missing",
    group = Result,
    severity = Info,
    fix_note = "No automatic fix: one result shows only one shape, so the inferred schema needs review of `required` and added descriptions before it is published.",
    summary = "the tool declares no outputSchema; a starting schema was inferred from the result",
}

/// The result checker infers the schema itself ([`CallResult::inferable`]); this
/// says where from.
fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    let Some((_, from)) = &rx.inferable else {
        return;
    };
    out.report(
        from.clone(),
        format!(
            "{} declares no outputSchema; inferred a starting schema from {from}",
            one_line(&rx.tool.name)
        ),
    )
    .help(
        "Review the inferred schema, add descriptions, and publish it as the tool's outputSchema",
    );
}
