use crate::path::Segment;
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::settings::Revision;
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags `x-mcp-header` anywhere other than on a property reached from the
    /// input schema root through `properties` alone (nesting through
    /// `properties` of `properties` is fine): on the root itself, or under
    /// `items`, `prefixItems`, `anyOf`, `oneOf`, `allOf`, `not`,
    /// `if`/`then`/`else`, `additionalProperties`, `patternProperties`, `$defs`,
    /// `definitions` and the like. Applies from MCP 2026-07-28.
    ///
    /// ## Why is this bad?
    /// Before sending a call, the client copies the annotated argument into the
    /// `Mcp-Param-*` header, so it must find exactly one value at a fixed place in
    /// the arguments. Inside an array element, a branch of a union, or a
    /// definition used through `$ref`, there may be none or many. The
    /// specification makes such an annotation invalid, and a Streamable HTTP
    /// client MUST leave the tool out of `tools/list`: the model is never offered
    /// it.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"orders": {"type": "array",
    ///   "items": {"type": "string", "x-mcp-header": "Order-Id"}}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {
    ///   "region": {"type": "string", "x-mcp-header": "Region"},
    ///   "orders": {"type": "array", "items": {"type": "string"}}}}
    /// ```
    ///
    /// ## Fix
    /// Move `x-mcp-header` to a property reached through `properties` only
    /// (inline a `$ref`'d definition if needed), or remove it.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Streamable HTTP, custom headers (statically reachable properties): <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>
    /// - MCP 2026-07-28, Tools (`x-mcp-header`): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub X_MCP_HEADER_NOT_REACHABLE,
    id = "x-mcp-header-not-reachable",
    group = Header,
    severity = Error,
    fix_note = "No automatic fix: where the header should live, or whether to drop it, depends on what the server's gateways route on.",
    summary = "`x-mcp-header` is not on a property reached through `properties` alone",
}

const EXPLANATION: &str = "Before sending a call, the client copies the annotated argument into the `Mcp-Param-*` header, so it must find exactly one value \
at a fixed place in the arguments, reached from the root through `properties` alone. On the root, inside an array element, a branch of a union or a definition \
used through `$ref`, there may be none or many. The specification makes such an annotation invalid, and a Streamable HTTP client MUST leave this tool out of `tools/list`, \
so the model is never offered it.";

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    if cx.settings.revision < Revision::R2026_07_28 {
        return;
    }
    for (tool, nodes) in cx.tool_nodes() {
        let depth = tool.input_schema_path().len();
        for (_, node) in nodes.input.reached() {
            if node.get("x-mcp-header").is_none() || (node.properties_only && node.depth > 0) {
                continue;
            }
            let message = if node.depth == 0 {
                "x-mcp-header is on the input schema root, not on a property".to_owned()
            } else {
                // The first step below the root that is not `properties`.
                let segments = &node.path.segments()[depth..];
                let mut via = "a non-`properties` keyword".to_owned();
                let mut i = 0;
                while i < segments.len() {
                    match &segments[i] {
                        Segment::Key(k) if &**k == "properties" => i += 2,
                        Segment::Key(k) => {
                            via = quote(k);
                            break;
                        }
                        _ => break,
                    }
                }
                format!(
                    "x-mcp-header is under {via}, not on a property reached through `properties` alone"
                )
            };
            out.report(
                Some(tool),
                node.path.key("x-mcp-header"),
                message,
            )
            .explanation(EXPLANATION)
            .help(
                "Move `x-mcp-header` to a property reached through `properties` only (inline a `$ref`'d definition if needed), or remove it",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        X_MCP_HEADER_NOT_REACHABLE,
        "header/x-mcp-header-not-reachable.json"
    );
}
