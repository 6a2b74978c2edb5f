use crate::value::Value;

use crate::input::Tool;
use crate::registry::declare_rule;
use crate::rules::walk::Node;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags a `$ref` or `$dynamicRef` in an input or output schema that points
    /// outside the document: anything that does not start with `#`, such as
    /// `https://example.com/order.json` or `./common.json#/$defs/id`. A relative
    /// reference that names a schema embedded in the same document by its `$id`
    /// is not flagged.
    ///
    /// ## Why is this bad?
    /// A tool definition travels alone: the client gets `tools/list` and
    /// nothing else. The MCP specification says implementations MUST NOT fetch
    /// a network `$ref` automatically, so the reference is never resolved. A
    /// validator then fails on the schema (and the specification says a schema
    /// that cannot be resolved SHOULD be rejected), and the model sees a
    /// parameter with no shape at all.
    ///
    /// ## Example
    /// ```json
    /// {"address": {"$ref": "https://example.com/schemas/address.json"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"address": {"$ref": "#/$defs/address"},
    ///  "$defs": {"address": {"type": "object", "properties": {"city": {"type": "string"}}}}}
    /// ```
    ///
    /// ## Fix
    /// Copy the referenced schema into `$defs` and point `$ref` at
    /// `#/$defs/<name>`, or inline it.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Basic protocol, JSON Schema usage (`$ref` resolution): <https://modelcontextprotocol.io/specification/2026-07-28/basic>
    /// - JSON Schema 2020-12 Core, `$ref`: <https://json-schema.org/draft/2020-12/json-schema-core#section-8.2.3.1>
    pub EXTERNAL_REF,
    id = "external-ref",
    group = Schema,
    severity = Warning,
    fix_note = "No automatic fix: the referenced schema is not in the document, and Toolcheck never fetches anything over the network.",
    summary = "A `$ref` points outside the tool definition and is never fetched",
}

/// Whether a relative reference names a schema embedded under `root` by `$id`.
/// Whether a schema (all of its walked `nodes`) embeds the resource `base`.
fn embedded(nodes: &[Node<'_>], base: &str) -> bool {
    if base.is_empty() {
        return true;
    }
    let relative = !base.contains("://") && !base.starts_with('/');
    nodes.iter().any(|node| {
        node.get("$id").and_then(Value::as_str).is_some_and(|id| {
            let id = id.split('#').next().unwrap_or_default();
            id == base || (relative && id.ends_with(&format!("/{base}")))
        })
    })
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for (tool, nodes) in cx.tool_nodes() {
        for schema in [&nodes.input, &nodes.output] {
            for (_, node) in schema.reached() {
                report(out, tool, schema.everywhere(), node);
            }
        }
    }
}

fn report(out: &mut Emitter<'_>, tool: &Tool<'_>, schema: &[Node<'_>], node: &Node<'_>) {
    let Some(obj) = node.object() else { return };
    for keyword in ["$ref", "$dynamicRef"] {
        let Some(reference) = member(obj, keyword).and_then(Value::as_str) else {
            continue;
        };
        if reference.starts_with('#') {
            continue;
        }
        let base = reference.split('#').next().unwrap_or_default();
        if embedded(schema, base) {
            continue;
        }
        let network = reference.starts_with("http://") || reference.starts_with("https://");
        out.report(
            Some(tool),
            node.path.key(keyword),
            format!(
                    "{keyword} {} points outside the tool definition{}",
                    quote(reference),
                    if network { " (a network reference)" } else { "" }
                ),
        )
        .explanation(
            "The client receives the tool list and nothing else, and the MCP specification says implementations \
                 MUST NOT fetch a network `$ref` automatically. The reference is never resolved: a validator fails \
                 on the schema or rejects the tool, and the model sees a parameter with no shape.",
        )
        .help(
            format!(
                    "Copy the schema {} refers to into \"$defs\" and point {keyword} at \"#/$defs/<name>\", or inline it",
                    quote(reference)
                ),
        );
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(EXTERNAL_REF, "schema/external-ref.json");
}
