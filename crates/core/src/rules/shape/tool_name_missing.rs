use crate::value::Value;

use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::value::json_kind;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags a tool whose `name` is missing, is not a string, or is the empty
    /// string.
    ///
    /// ## Why is this bad?
    /// `name` is required: it is the only thing `tools/call` sends back to say
    /// which tool to run. A client that validates the list rejects a tool without
    /// a string name (the TypeScript SDK fails the whole `tools/list` call), and a
    /// tool named `""` cannot be called by any model API. The model is never
    /// offered the tool, or every call to it fails.
    ///
    /// ## Example
    /// ```json
    /// {"title": "Search orders", "inputSchema": {"type": "object"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "search_orders", "title": "Search orders", "inputSchema": {"type": "object"}}
    /// ```
    ///
    /// ## Fix
    /// Give the tool a unique, non-empty string `name` made of letters, digits,
    /// `_` and `-`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `Tool` (`required: ["inputSchema", "name"]`): <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28, Tools, tool names: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub TOOL_NAME_MISSING,
    id = "tool-name-missing",
    group = Shape,
    severity = Error,
    fix_note = "No automatic fix: the name is part of the server's API: clients call the tool by it, so the author has to choose it.",
    summary = "A tool has no string `name`, or an empty one",
}

const EXPLANATION: &str = "`name` is required: it is what `tools/call` sends back to say which tool to run. \
A client that validates the list rejects a tool without a non-empty string name (the TypeScript SDK fails the whole `tools/list` call), \
so the model is never offered the tool, or no call to it can be made.";

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        let Some(obj) = tool.object() else { continue };
        match member(obj, "name") {
            Some(Value::String(s)) if !s.is_empty() => {}
            Some(Value::String(_)) => {
                out.report(Some(tool), tool.path.key("name"), "`name` is empty")
                    .explanation(EXPLANATION)
                    .help("Give the tool a unique, non-empty name such as `search_orders`");
            }
            Some(other) => {
                let fix = match other {
                    Value::Number(n) => {
                        format!("Write the name as a string, for example `\"tool_{n}\"`")
                    }
                    _ => "Give the tool a unique string name such as `search_orders`".to_owned(),
                };
                out.report(
                    Some(tool),
                    tool.path.key("name"),
                    format!("`name` is {}, not a string", json_kind(other)),
                )
                .explanation(EXPLANATION)
                .help(fix);
            }
            None => {
                out.report(Some(tool), tool.path.clone(), "tool has no `name`")
                    .explanation(EXPLANATION)
                    .help("Add a unique string `name` such as `search_orders`");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(TOOL_NAME_MISSING, "shape/tool-name-missing.json");
}
