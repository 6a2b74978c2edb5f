use crate::value::Value;

use crate::finding::Severity;
use crate::registry::declare_rule;
use crate::rules::schema::unknown_type_name::TYPE_NAMES;
use crate::rules::{Definitions, Emitter};
use crate::settings::Revision;
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags an `outputSchema` whose root is not `"type": "object"`: an array
    /// or primitive root, a list of types, or no `type` at all. Under MCP
    /// 2026-07-28 it is information, because that revision allows any JSON
    /// Schema there; under 2025-11-25 and 2025-06-18 it is an error.
    ///
    /// ## Why is this bad?
    /// In 2026-07-28, `outputSchema` may be any JSON Schema and
    /// `structuredContent` any JSON value, so a tool that returns a list can
    /// declare an array schema. Revisions 2025-11-25 and 2025-06-18 typed both as
    /// objects and require `"type": "object"` at the root: a client that
    /// negotiated one of them rejects the tool definition, and its SDK expects
    /// `structuredContent` to be an object. Whether this breaks depends on the
    /// revision your clients speak.
    ///
    /// ## Example
    /// ```json
    /// {"name": "list_orders", "inputSchema": {"type": "object"},
    ///  "outputSchema": {"type": "array", "items": {"type": "string"}}}
    /// ```
    /// Use instead, when older clients matter:
    /// ```json
    /// {"name": "list_orders", "inputSchema": {"type": "object"},
    ///  "outputSchema": {"type": "object",
    ///    "properties": {"orders": {"type": "array", "items": {"type": "string"}}},
    ///    "required": ["orders"]}}
    /// ```
    ///
    /// ## Fix
    /// Wrap the result in an object with one property, or keep the schema if
    /// every client speaks 2026-07-28.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, output schema and structured content: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2025-11-25 schema, `Tool.outputSchema` (`type: "object"`): <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2025-11-25/schema.ts>
    /// - MCP 2026-07-28 changelog: <https://modelcontextprotocol.io/specification/2026-07-28/changelog>
    pub OUTPUT_SCHEMA_NOT_OBJECT,
    id = "output-schema-not-object",
    group = Revision,
    severity = Info,
    fails_server_in = [ClaudeCode],
    fix_note = "No automatic fix: wrapping the schema changes what the tool must return, so the handler has to change with it.",
    summary = "`outputSchema` is not `type: \"object\"`, which clients before 2026-07-28 reject",
}

const WRAP: &str = "wrap the result in an object, for example `{\"type\": \"object\", \"properties\": {\"items\": {…}}, \"required\": [\"items\"]}`";

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let revision = cx.settings.revision;
    for tool in cx.tools() {
        // A non-object `outputSchema` is `tool-field-wrong-type`'s finding.
        let Some(schema) = tool.output_schema().and_then(Value::as_object) else {
            continue;
        };
        let path = tool.path.key("outputSchema");
        let (path, what) = match schema.get("type") {
            Some(Value::String(t)) if t == "object" => continue,
            Some(Value::String(t)) if TYPE_NAMES.contains(&t.as_str()) => (
                path.key("type"),
                format!("`outputSchema.type` is {}", quote(t)),
            ),
            Some(list @ Value::Array(names))
                if names
                    .iter()
                    .all(|n| n.as_str().is_some_and(|n| TYPE_NAMES.contains(&n))) =>
            {
                (path.key("type"), format!("`outputSchema.type` is {list}"))
            }
            // Any other `type` is invalid in every revision: `unknown-type-name`'s finding.
            Some(_) => continue,
            None => (path, "`outputSchema` has no `type`".to_owned()),
        };
        if revision >= Revision::R2026_07_28 {
            out.report(
                Some(tool),
                path,
                format!("{what}: valid in 2026-07-28, rejected by clients on 2025-11-25 or earlier"),
            )
            .explanation(
                "MCP 2026-07-28 allows any JSON Schema as `outputSchema` and any JSON value as `structuredContent`, so this is valid. \
                 Revisions 2025-11-25 and 2025-06-18 require `\"type\": \"object\"` at the root: a client that negotiated one of them rejects the tool definition, \
                 and its SDK expects `structuredContent` to be an object. Whether this breaks depends on the revision your clients speak.",
            )
            .help(format!("Keep it if every client speaks 2026-07-28; otherwise {WRAP}"));
        } else {
            out.report(
                Some(tool),
                path,
                format!("{what}; MCP {revision} requires \"object\""),
            )
            .explanation(
                format!(
                    "In MCP {revision}, `outputSchema` must declare `\"type\": \"object\"` at its root, and `structuredContent` is always an object. \
                     A client on this revision rejects the tool definition, so the tool is dropped or the whole `tools/list` call fails."
                ),
            )
            .help(format!("Use `\"type\": \"object\"`: {WRAP}"))
            .severity = Severity::Error;
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OUTPUT_SCHEMA_NOT_OBJECT,
        "revision/output-schema-not-object.json"
    );

    #[test]
    fn error_under_older_revisions() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/resources/fixtures/revision/output-schema-not-object.json"
        ));
        for revision in [crate::Revision::R2025_06_18, crate::Revision::R2025_11_25] {
            let settings = crate::Settings {
                revision,
                ..crate::Settings::default()
            };
            let report = crate::check(text, &settings.only(super::OUTPUT_SCHEMA_NOT_OBJECT.id))
                .expect("parses");
            crate::report::testing::assert_fixture_expectations(&report);
            assert!(!report.findings.is_empty());
            assert!(
                report
                    .findings
                    .iter()
                    .all(|f| f.severity == crate::Severity::Error)
            );
        }
    }
}
