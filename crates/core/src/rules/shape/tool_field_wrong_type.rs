use crate::value::Value;

use crate::input::{Flavour, Tool};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::value::json_kind;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags optional tool fields that are present with the wrong JSON type:
    /// `title` or `description` that is not a string, `annotations` that is not
    /// an object, an annotation hint (`readOnlyHint`, `destructiveHint`,
    /// `idempotentHint`, `openWorldHint`) that is not a boolean,
    /// `annotations.title` that is not a string, and an `outputSchema` that is
    /// not an object.
    ///
    /// ## Why is this bad?
    /// The MCP schema types these fields exactly. A client that validates the
    /// `tools/list` result rejects it (the TypeScript SDK fails the whole call,
    /// so every tool of the server disappears); a lenient client drops the field,
    /// so a hint written as the string `"true"` is read as absent and the
    /// default applies instead (`destructiveHint` defaults to `true`).
    ///
    /// ## Example
    /// ```json
    /// {"name": "get_order", "description": null,
    ///  "inputSchema": {"type": "object"},
    ///  "annotations": {"readOnlyHint": "true"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "get_order", "description": "Fetch one order by its id.",
    ///  "inputSchema": {"type": "object"},
    ///  "annotations": {"readOnlyHint": true}}
    /// ```
    ///
    /// ## Fix
    /// Write strings as strings and hints as the JSON literals `true` or `false`;
    /// leave a field out rather than sending `null`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `Tool` and `ToolAnnotations`: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28, Tools, tool annotations: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub TOOL_FIELD_WRONG_TYPE,
    id = "tool-field-wrong-type",
    group = Shape,
    severity = Error,
    fix_note = "No automatic fix: the intended value cannot always be read from the wrong one: a `null` description or a hint of `\"yes\"` has no single correct replacement.",
    summary = "A tool's `title`, `description`, `annotations` or `outputSchema` has the wrong JSON type",
}

const HINTS: [&str; 4] = [
    "readOnlyHint",
    "destructiveHint",
    "idempotentHint",
    "openWorldHint",
];

const EXPLANATION: &str = "The MCP schema types this field exactly. A client that validates the `tools/list` result rejects it \
(the TypeScript SDK fails the whole call, so every tool of this server disappears); a lenient client ignores the field instead.";

const HINT_EXPLANATION: &str = "Annotation hints must be the JSON literals `true` or `false`. A client that validates the `tools/list` result rejects it \
(the TypeScript SDK fails the whole call); a lenient client treats the hint as absent and applies its default, \
which is `destructiveHint: true`, `openWorldHint: true`, `readOnlyHint: false` and `idempotentHint: false`.";

/// Reports `value` when it is not a string; `path` is only built for a
/// finding, since most fields are fine.
fn string_field(
    tool: &Tool<'_>,
    value: &Value,
    path: impl FnOnce() -> Path,
    label: &str,
    out: &mut Emitter<'_>,
) {
    if value.is_string() {
        return;
    }
    let fix = if value.is_null() {
        format!("Remove `{label}`, or give it a string value")
    } else {
        format!("Write `{label}` as a string")
    };
    out.report(
        Some(tool),
        path(),
        format!("`{label}` is {}, not a string", json_kind(value)),
    )
    .explanation(EXPLANATION)
    .help(fix);
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        let Some(obj) = tool.object() else { continue };
        if let Some(description) = member(obj, "description") {
            string_field(
                tool,
                description,
                || tool.path.key("description"),
                "description",
                out,
            );
        }
        if tool.flavour != Flavour::Mcp {
            continue;
        }
        if let Some(title) = member(obj, "title") {
            string_field(tool, title, || tool.path.key("title"), "title", out);
        }
        if let Some(output) = member(obj, "outputSchema")
            && !output.is_object()
        {
            out.report(
                Some(tool),
                tool.path.key("outputSchema"),
                format!("`outputSchema` is {}, not an object", json_kind(output)),
            )
            .explanation(EXPLANATION)
            .help(
                if output.is_null() {
                    "Remove `outputSchema`, or give it an object schema".to_owned()
                } else {
                    "Write `outputSchema` as a JSON Schema object, for example `{\"type\": \"object\", \"properties\": {…}}`"
                        .to_owned()
                },
            );
        }
        let Some(annotations) = member(obj, "annotations") else {
            continue;
        };
        let path = || tool.path.key("annotations");
        let Some(annotations) = annotations.as_object() else {
            out.report(
                Some(tool),
                path(),
                format!("`annotations` is {}, not an object", json_kind(annotations)),
            )
            .explanation(EXPLANATION)
            .help(
                "Write `annotations` as an object such as `{\"readOnlyHint\": true}`, or remove it",
            );
            continue;
        };
        if let Some(title) = member(annotations, "title") {
            string_field(
                tool,
                title,
                || path().key("title"),
                "annotations.title",
                out,
            );
        }
        for hint in HINTS {
            let Some(value) = member(annotations, hint) else {
                continue;
            };
            if value.is_boolean() {
                continue;
            }
            let fix = match value {
                Value::String(s) if s.trim().eq_ignore_ascii_case("true") => {
                    format!("Write `\"{hint}\": true`, without quotes")
                }
                Value::String(s) if s.trim().eq_ignore_ascii_case("false") => {
                    format!("Write `\"{hint}\": false`, without quotes")
                }
                Value::Number(n) if n.as_f64() == Some(1.0) => format!("Write `\"{hint}\": true`"),
                Value::Number(n) if n.as_f64() == Some(0.0) => format!("Write `\"{hint}\": false`"),
                Value::Null => format!("Remove `{hint}`, or set it to `true` or `false`"),
                _ => format!("Set `{hint}` to `true` or `false`"),
            };
            out.report(
                Some(tool),
                path().key(hint),
                format!("`{hint}` is {}, not a boolean", json_kind(value)),
            )
            .explanation(HINT_EXPLANATION)
            .help(fix);
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(TOOL_FIELD_WRONG_TYPE, "shape/tool-field-wrong-type.json");
}
