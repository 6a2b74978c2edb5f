use std::collections::HashMap;

use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags a tool whose `name` is already used by an earlier tool in the same
    /// list (names are compared exactly: MCP tool names are case-sensitive). The
    /// finding is on the second and each later occurrence, and names the index of
    /// the first.
    ///
    /// ## Why is this bad?
    /// `tools/call` says which tool to run by name alone, so two tools with one
    /// name cannot both be called: a client keeps one of them and the other is
    /// unreachable, and which one wins depends on the client. Model APIs reject a
    /// request with two functions of the same name. Duplicates usually come from
    /// a generated list, such as a tool registered twice or two modules that
    /// picked the same name, and they pass every handler test.
    ///
    /// ## Example
    /// ```json
    /// {"tools": [{"name": "search", "inputSchema": {"type": "object"}},
    ///            {"name": "search", "inputSchema": {"type": "object"}}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"tools": [{"name": "search_orders", "inputSchema": {"type": "object"}},
    ///            {"name": "search_customers", "inputSchema": {"type": "object"}}]}
    /// ```
    ///
    /// ## Fix
    /// Rename one of the tools, or remove the duplicate registration.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, tool names ("SHOULD be unique within a server"): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub DUPLICATE_TOOL_NAME,
    id = "duplicate-tool-name",
    group = Shape,
    severity = Error,
    scope = List,
    fix_note = "No automatic fix: which of the two tools to keep, or how to rename one, is a decision about the server's API.",
    summary = "Two tools in the list share a name",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let mut first: HashMap<&str, usize> = HashMap::new();
    for tool in cx.tools() {
        let Some(name) = tool.name() else { continue };
        if name.is_empty() {
            continue;
        }
        match first.get(name) {
            None => {
                first.insert(name, tool.index);
            }
            Some(&index) => {
                let earlier = cx
                    .tools()
                    .get(index)
                    .map(|t| t.path.to_string())
                    .unwrap_or_default();
                out.report(
                    Some(tool),
                    tool.path.key("name"),
                    format!("duplicate tool name {}, first used by the tool at index {index} ({earlier})", quote(name)),
                )
                .explanation(
                    "`tools/call` names the tool to run and nothing else, so two tools with one name cannot both be called: \
                     a client keeps one of them and the other is unreachable, and which one wins depends on the client. \
                     A model API rejects a request that declares two functions with the same name.",
                )
                .help(
                    format!("Rename this tool or the one at index {index}, or remove the duplicate registration"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(DUPLICATE_TOOL_NAME, "shape/duplicate-tool-name.json");
}
