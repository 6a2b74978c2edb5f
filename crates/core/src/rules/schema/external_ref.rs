use serde_json::Value;

use crate::path::Path;
use crate::registry::declare_rule;
use crate::rules::util::quote;
use crate::rules::walk::walk;
use crate::rules::{Cx, Emitter, SchemaKind};

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
    summary = "A `$ref` points outside the tool definition and is never fetched",
}

/// Whether a relative reference names a schema embedded under `root` by `$id`.
fn embedded(root: &Value, base: &str) -> bool {
    if base.is_empty() {
        return true;
    }
    let relative = !base.contains("://") && !base.starts_with('/');
    let mut found = false;
    walk(root, &Path::root(), &mut |node| {
        if let Some(id) = node.get("$id").and_then(Value::as_str) {
            let id = id.split('#').next().unwrap_or_default();
            if id == base || (relative && id.ends_with(&format!("/{base}"))) {
                found = true;
            }
        }
    });
    found
}

fn check(cx: &Cx<'_>, out: &mut Emitter<'_>) {
    cx.each_schema_node(&mut |tool, kind, node| {
        let Some(obj) = node.object() else { return };
        for keyword in ["$ref", "$dynamicRef"] {
            let Some(reference) = obj.get(keyword).and_then(Value::as_str) else { continue };
            if reference.starts_with('#') {
                continue;
            }
            let root = match kind {
                SchemaKind::Input => tool.input_schema(),
                SchemaKind::Output => tool.output_schema(),
            };
            let base = reference.split('#').next().unwrap_or_default();
            if root.is_some_and(|r| embedded(r, base)) {
                continue;
            }
            let network = reference.starts_with("http://") || reference.starts_with("https://");
            out.emit(
                Some(tool),
                node.path.key(keyword),
                format!(
                    "{keyword} {} points outside the tool definition{}",
                    quote(reference),
                    if network { " (a network reference)" } else { "" }
                ),
                "The client receives the tool list and nothing else, and the MCP specification says implementations \
                 MUST NOT fetch a network `$ref` automatically. The reference is never resolved: a validator fails \
                 on the schema or rejects the tool, and the model sees a parameter with no shape.",
                format!(
                    "Copy the schema {} refers to into \"$defs\" and point {keyword} at \"#/$defs/<name>\", or inline it",
                    quote(reference)
                ),
            );
        }
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(EXTERNAL_REF, "schema/external-ref.json");
}
