use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::value::json_kind;

declare_rule! {
    /// ## What it does
    /// Flags an entry of the tool list that is not a JSON object: `null`, a
    /// string, a number, a boolean or a nested array.
    ///
    /// ## Why is this bad?
    /// Every entry of `tools` must be a `Tool` object with at least `name` and
    /// `inputSchema`. A client that validates the response rejects the whole
    /// list; a lenient one skips the entry. Either way the model is never offered
    /// the tool that was meant to be there. Such entries usually come from a
    /// generated list, for example a registration that returned nothing.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "search", "inputSchema": {"type": "object"}}, null]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"tools": [{"name": "search", "inputSchema": {"type": "object"}}]}
    /// ```
    ///
    /// ## Fix
    /// Remove the entry, or replace it with the full tool definition.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `ListToolsResult` and `Tool`: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub TOOL_NOT_OBJECT,
    id = "tool-not-object",
    group = Shape,
    severity = Error,
    fix_note = "No automatic fix: whether the entry is junk to drop or a tool that failed to register cannot be told from the list.",
    summary = "A tool list entry is not an object",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        if tool.value.is_object() {
            continue;
        }
        out.report(
            Some(tool),
            tool.path.clone(),
            format!("tool #{} is {}, not an object", tool.index + 1, json_kind(tool.value)),
        )
        .explanation(
            "Every entry of the tool list must be a tool object with a `name` and an input schema. \
             A client that validates the response rejects the whole list; a lenient one skips the entry. \
             Either way the model is never offered the tool that was meant to be here.",
        )
        .help("Remove the entry, or replace it with the full tool definition");
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(TOOL_NOT_OBJECT, "shape/tool-not-object.json");
}
