use crate::value::Value;

use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::settings::Revision;
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags `x-mcp-header` on a property whose `type` is not exactly one of
    /// `"string"`, `"integer"` or `"boolean"`: `number`, `object`, `array`,
    /// `null`, a list of types such as `["string", "null"]`, or no `type` at all.
    /// Annotations the client cannot reach are `x-mcp-header-not-reachable`'s
    /// finding instead. Applies from MCP 2026-07-28.
    ///
    /// ## Why is this bad?
    /// The client copies the argument's value into the `Mcp-Param-*` header, and
    /// the specification defines that encoding only for strings, integers and
    /// booleans. `number` is excluded on purpose (a float has no single canonical
    /// text form), and so are structured values and schemas whose type is open.
    /// A Streamable HTTP client that finds the annotation on any other property
    /// MUST leave the tool out of `tools/list`, so the model is never offered it.
    /// Some SDKs accept `number` today, which hides the problem in local tests.
    ///
    /// ## Example
    /// ```json
    /// {"shard": {"type": "number", "x-mcp-header": "Shard"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"shard": {"type": "integer", "x-mcp-header": "Shard"}}
    /// ```
    ///
    /// ## Fix
    /// Give the property `"type": "string"`, `"integer"` or `"boolean"`, or
    /// remove `x-mcp-header` from it.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools (`x-mcp-header`): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28, Streamable HTTP, custom headers: <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>
    pub X_MCP_HEADER_TYPE_NOT_ALLOWED,
    id = "x-mcp-header-type-not-allowed",
    group = Header,
    severity = Error,
    fix_note = "No automatic fix: changing the property's type changes what the tool accepts, and dropping the header changes routing; either is the author's decision.",
    summary = "`x-mcp-header` is on a property whose type is not string, integer or boolean",
}

const ALLOWED: [&str; 3] = ["string", "integer", "boolean"];

const EXPLANATION: &str = "The client copies this argument into the `Mcp-Param-*` header, and the specification defines that encoding only for \
properties typed `string`, `integer` or `boolean`; `number`, structured values, type lists and schemas without a `type` are excluded. \
A Streamable HTTP client that finds the annotation on any other property MUST leave this tool out of `tools/list`, so the model is never offered it.";

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    if cx.settings.revision < Revision::R2026_07_28 {
        return;
    }
    cx.each_input_node(&mut |tool, node| {
        if node.get("x-mcp-header").is_none() || !node.properties_only || node.depth == 0 {
            return;
        }
        let name = node.property_name().unwrap_or_default();
        let (path, message, fix) = match node.get("type") {
            Some(Value::String(t)) if ALLOWED.contains(&t.as_str()) => return,
            Some(Value::String(t)) if t == "number" => (
                node.path.key("type"),
                format!("x-mcp-header is on {}, whose type is \"number\"", quote(name)),
                "Use `\"type\": \"integer\"` if the value is always whole, or `\"type\": \"string\"`; otherwise remove `x-mcp-header`"
                    .to_owned(),
            ),
            Some(Value::String(t)) => (
                node.path.key("type"),
                format!("x-mcp-header is on {}, whose type is {}", quote(name), quote(t)),
                "Move `x-mcp-header` to a string, integer or boolean property, or remove it".to_owned(),
            ),
            Some(Value::Array(types)) => {
                let single: Vec<&str> = types
                    .iter()
                    .filter_map(Value::as_str)
                    .filter(|t| ALLOWED.contains(t))
                    .collect();
                let fix = match single.as_slice() {
                    [one] => format!(
                        "Use `\"type\": \"{one}\"`, and leave the property out of `required` if it may be absent"
                    ),
                    _ => "Give the property a single type: `string`, `integer` or `boolean`".to_owned(),
                };
                (
                    node.path.key("type"),
                    format!(
                        "x-mcp-header is on {}, whose type is the list {}",
                        quote(name),
                        serde_json::to_string(types).unwrap_or_default()
                    ),
                    fix,
                )
            }
            Some(_) | None => {
                let guess = match node.get("enum").and_then(Value::as_array) {
                    Some(values) if !values.is_empty() && values.iter().all(Value::is_string) => "string",
                    Some(values) if !values.is_empty() && values.iter().all(|v| v.is_i64() || v.is_u64()) => "integer",
                    _ => "string",
                };
                let fix = if node.get("$ref").is_some() {
                    format!(
                        "Declare the type on the property itself, for example `\"type\": \"{guess}\"`, instead of only through `$ref`"
                    )
                } else {
                    format!("Add `\"type\": \"{guess}\"` (or `integer`, `boolean`) to the property")
                };
                (node.path.clone(), format!("x-mcp-header is on {}, which has no single `type`", quote(name)), fix)
            }
        };
        out.report(
            Some(tool),
            path,
            message,
        )
        .explanation(EXPLANATION)
        .help(fix);
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        X_MCP_HEADER_TYPE_NOT_ALLOWED,
        "header/x-mcp-header-type-not-allowed.json"
    );
}
