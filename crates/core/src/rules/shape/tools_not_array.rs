use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::value::json_kind;

declare_rule! {
    /// ## What it does
    /// Flags a `tools` member (or an OpenAI `functions` member) that is not an
    /// array: an object, a string, a number or `null`.
    ///
    /// ## Why is this bad?
    /// In every MCP revision `ListToolsResult.tools` is an array of `Tool`
    /// objects. A client cannot read tools out of anything else: it rejects the
    /// whole `tools/list` response, so the model is offered nothing from this
    /// server. Model APIs reject a request whose `tools` is not an array.
    ///
    /// ## Example
    /// ```json
    /// {"tools": {"name": "search", "inputSchema": {"type": "object"}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"tools": [{"name": "search", "inputSchema": {"type": "object"}}]}
    /// ```
    ///
    /// ## Fix
    /// Send the tool definitions as an array, and `[]` when there are none.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `ListToolsResult`: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28, Tools, listing tools: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub TOOLS_NOT_ARRAY,
    id = "tools-not-array",
    group = Shape,
    severity = Error,
    scope = List,
    fix_note = "No automatic fix: the value is built by the server's code, and what a non-array holds (one tool, a map, a string) cannot be converted safely.",
    summary = "`tools` is not an array",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for list in &cx.input.lists {
        if list.value.is_array() {
            continue;
        }
        let key = list.path.last_key().unwrap_or("tools");
        let fix = if list.value.is_object() {
            format!("Wrap the tool definition in an array: `\"{key}\": [{{…}}]`")
        } else {
            format!("Send the tools as an array, and `\"{key}\": []` when there are none")
        };
        out.report(
            None,
            list.path.clone(),
            format!("`{key}` is {}, not an array", json_kind(list.value)),
        )
        .explanation(
            format!(
                "`{key}` must be an array of tool definitions. A client cannot read tools out of anything else, \
                 so it rejects the whole response and the model is offered no tool from this server."
            ),
        )
        .help(fix);
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(TOOLS_NOT_ARRAY, "shape/tools-not-array.jsonl");
}
