use crate::finding::Severity;
use crate::registry::declare_rule;
use crate::rules::provider::{is_strict, walk_tool};
use crate::rules::walk::has_type;
use crate::rules::{Definitions, Emitter};
use crate::value::member;

/// Where object schemas are looked for.
const DESCEND: &[&str] = &[
    "properties",
    "items",
    "anyOf",
    "oneOf",
    "allOf",
    "prefixItems",
    "$defs",
    "definitions",
];
/// Keywords that give an object its properties from elsewhere.
const COMPOSED: [&str; 4] = ["anyOf", "oneOf", "allOf", "$ref"];

declare_rule! {
    /// ## What it does
    /// Flags a schema with `"type": "object"` and no `properties` member when
    /// OpenAI is a target. At the parameters root it is an error in every mode.
    /// Below the root it is an error when strict mode applies to the tool and a
    /// warning otherwise. Objects that take their properties from `anyOf`,
    /// `oneOf`, `allOf` or `$ref` are not flagged.
    ///
    /// ## Why is this bad?
    /// OpenAI rejects the request with a 400: "Invalid schema for function 'x':
    /// In context=(), object schema missing properties", so no tool in it can be
    /// called. This hits tools without parameters most often, because MCP's
    /// recommended no-parameter schema is `{"type": "object",
    /// "additionalProperties": false}`, which has no `properties`: the form MCP
    /// recommends is the form OpenAI refuses. Adding `"properties": {}` satisfies
    /// both.
    ///
    /// Where the sources disagree: the reported non-strict rejections all name
    /// the root (`context=()`); nested objects without `properties` (free-form
    /// maps) are reported in strict mode and in `response_format`. Toolcheck
    /// therefore warns, rather than errs, about a nested one outside strict mode.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "additionalProperties": false}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {}, "additionalProperties": false}
    /// ```
    ///
    /// ## Fix
    /// Add `"properties": {}` (or the object's real properties). For a free-form
    /// map, list the keys the model may use as properties, or take the map as a
    /// JSON string.
    ///
    /// ## Sources
    /// - OpenAI function calling guide: <https://developers.openai.com/api/docs/guides/function-calling>
    /// - MCP 2026-07-28, Tools (no-parameter schemas): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - API errors quoted in openai/openai-agents-python#454, everruns/everruns#984, containers/kubernetes-mcp-server#340, mark3labs/mcphost#90
    pub OPENAI_OBJECT_MISSING_PROPERTIES,
    id = "openai-object-missing-properties",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (EnsureStrictJsonSchema, Keeps),
    rewritten_away_by = [Codex, Agents],
    fix = Safe,
    fix_note = "The automatic fix (safe: an empty `properties` constrains nothing) adds `\"properties\": {}`. Listing the object's real keys is left to the author.",
    summary = "OpenAI: an object schema has no `properties`",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for (i, tool) in cx.tools().iter().enumerate() {
        let strict = is_strict(cx, tool);
        walk_tool(cx, i, tool, DESCEND, &mut |node| {
            let Some(obj) = node.object() else { return };
            if !has_type(obj, "object") || member(obj, "properties").is_some() {
                return;
            }
            if COMPOSED.iter().any(|k| member(obj, k).is_some()) {
                return;
            }
            let root = node.is_root();
            let no_params = root
                && member(obj, "additionalProperties") == Some(&crate::value::Value::Bool(false));
            let explanation = if no_params {
                "OpenAI rejects a function whose parameters are an object schema without `properties` (\"object schema missing \
                 properties\"), and the whole request fails with a 400. This is MCP's recommended schema for a tool without \
                 parameters, {\"type\": \"object\", \"additionalProperties\": false}: valid MCP, refused by OpenAI. \
                 Adding an empty `properties` keeps it valid for both."
                    .to_owned()
            } else if root {
                "OpenAI rejects a function whose parameters are an object schema without `properties` (\"object schema missing \
                 properties\"), and the whole request fails with a 400, so no tool in it can be called."
                    .to_owned()
            } else if strict {
                "In strict mode OpenAI needs `properties` on every object schema, nested ones included, and rejects the request \
                 with \"object schema missing properties\"; strict mode cannot describe a free-form map."
                    .to_owned()
            } else {
                "OpenAI rejects object schemas without `properties` (\"object schema missing properties\"). The reported \
                 non-strict rejections are for the parameters root; a nested free-form object may be accepted outside strict \
                 mode, but the model gets no keys to fill in and the tool breaks as soon as strict mode is switched on."
                    .to_owned()
            };
            let fix = if no_params {
                "Add \"properties\": {} to the schema".to_owned()
            } else if root {
                "Add the tool's parameters under \"properties\", or \"properties\": {} if it takes none".to_owned()
            } else {
                "Add the object's keys under \"properties\" (or \"properties\": {}); for a free-form map, take it as a JSON \
                 string instead"
                    .to_owned()
            };
            let severity = if root || strict {
                Severity::Error
            } else {
                Severity::Warning
            };
            let finding = out
                .report(
                    Some(tool),
                    node.path.clone(),
                    "OpenAI: object schema has no properties",
                )
                .explanation(explanation)
                .help(fix);
            finding.severity = severity;
            finding.with_fix(|| {
                crate::fix::Fix::safe(
                    "Add \"properties\": {}",
                    vec![crate::fix::Op::Insert {
                        path: node.path.clone(),
                        key: "properties".into(),
                        json: "{}".into(),
                    }],
                )
            });
        });
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_OBJECT_MISSING_PROPERTIES,
        "openai/openai-object-missing-properties.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        }
    );

    #[test]
    fn nested_is_an_error_in_strict_mode() {
        let text = r#"{"tools": [{"name": "t", "strict": true, "inputSchema": {"type": "object",
            "properties": {"meta": {"type": "object"}}, "required": ["meta"], "additionalProperties": false}}]}"#;
        let settings = crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        };
        let report = crate::check(
            text,
            &settings.only(super::OPENAI_OBJECT_MISSING_PROPERTIES.id),
        )
        .unwrap();
        assert_eq!(report.findings.len(), 1);
        assert_eq!(report.findings[0].severity, crate::Severity::Error);
        assert_eq!(
            report.findings[0].path.to_string(),
            "tools[0].inputSchema.properties.meta"
        );
    }
}
