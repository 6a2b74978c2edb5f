use crate::value::Value;

use crate::path::Path;
use crate::registry::declare_rule;
use crate::rules::header::is_token;
use crate::rules::{Definitions, Emitter};
use crate::settings::Revision;
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags an `x-mcp-header` value that another property of the same input
    /// schema already uses, ignoring case (`Region` and `region` collide). The
    /// finding is on the second and each later occurrence. Applies from MCP
    /// 2026-07-28, which introduced `x-mcp-header`.
    ///
    /// ## Why is this bad?
    /// Each value becomes an HTTP header, `Mcp-Param-{value}`, and HTTP header
    /// names are case-insensitive, so two properties would write the same
    /// header. The specification requires the values to be unique within the
    /// input schema, ignoring case, and says a Streamable HTTP client that finds
    /// a duplicate MUST leave the tool out of `tools/list`: the model is never
    /// offered it.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {
    ///   "region": {"type": "string", "x-mcp-header": "Region"},
    ///   "targetRegion": {"type": "string", "x-mcp-header": "region"}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {
    ///   "region": {"type": "string", "x-mcp-header": "Region"},
    ///   "targetRegion": {"type": "string", "x-mcp-header": "Target-Region"}}}
    /// ```
    ///
    /// ## Fix
    /// Give each annotated property its own header name, or remove the
    /// annotation from one of them.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools (`x-mcp-header`): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28, Streamable HTTP, custom headers: <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>
    /// - RFC 9110 §5.1, field names are case-insensitive: <https://www.rfc-editor.org/rfc/rfc9110#section-5.1>
    pub X_MCP_HEADER_DUPLICATE,
    id = "x-mcp-header-duplicate",
    group = Header,
    severity = Error,
    fix_note = "No automatic fix: which property keeps the header name, and what the other one is called, depends on what the server's gateways route on.",
    summary = "Two `x-mcp-header` values in one input schema are equal, ignoring case",
}

/// A header name made from a property name: `targetRegion` → `Target-Region`.
fn from_property(name: &str) -> String {
    let mut out = String::new();
    let mut upper_next = true;
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_uppercase() && prev_lower {
                out.push('-');
            }
            if upper_next {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c);
            }
            upper_next = false;
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else {
            if !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
            upper_next = true;
            prev_lower = false;
        }
    }
    out.trim_matches('-').to_owned()
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    if cx.settings.revision < Revision::R2026_07_28 {
        return;
    }
    for (tool, nodes) in cx.tool_nodes() {
        let mut seen: Vec<(String, Path)> = Vec::new();
        for (_, node) in nodes.input.reached() {
            let Some(Value::String(value)) = node.get("x-mcp-header") else {
                continue;
            };
            if value.is_empty() {
                continue;
            }
            let lower = value.to_ascii_lowercase();
            let path = node.path.key("x-mcp-header");
            if let Some((_, first)) = seen.iter().find(|(v, _)| *v == lower) {
                let candidate = node.property_name().map(from_property).filter(|c| {
                    is_token(c) && !seen.iter().any(|(v, _)| *v == c.to_ascii_lowercase())
                });
                let fix = match candidate {
                    Some(c) => format!(
                        "Give this property its own header name, such as {}, or remove the annotation",
                        quote(&c)
                    ),
                    None => "Give this property its own header name, or remove the annotation"
                        .to_owned(),
                };
                out.report(
                    Some(tool),
                    path,
                    format!("x-mcp-header {} is already used at {first} (header names ignore case)", quote(value)),
                )
                .explanation(
                    "Each value becomes the HTTP header `Mcp-Param-{value}`, and header names are case-insensitive, so both properties would write the same header. \
                     The values must be unique within the input schema, ignoring case, and a Streamable HTTP client that finds a duplicate MUST leave this tool out of `tools/list`, \
                     so the model is never offered it.",
                )
                .help(fix);
            } else {
                seen.push((lower.to_string(), path));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_snapshot!(X_MCP_HEADER_DUPLICATE, "header/x-mcp-header-duplicate.json");

    #[test]
    fn header_names_from_properties() {
        assert_eq!(from_property("targetRegion"), "Target-Region");
        assert_eq!(from_property("tenant_id"), "Tenant-Id");
        assert_eq!(from_property("x"), "X");
    }
}
