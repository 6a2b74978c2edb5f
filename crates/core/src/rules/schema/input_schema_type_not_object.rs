use crate::value::Value;

use crate::registry::declare_rule;
use crate::rules::schema::unknown_type_name::TYPE_NAMES;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::json_kind;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags an input schema whose root `type` is not exactly the string
    /// `"object"`: `type` missing, another type such as `"string"` or
    /// `"array"`, or a list such as `["object", "null"]`.
    ///
    /// ## Why is this bad?
    /// Tool arguments are always a JSON object of named parameters, and every
    /// MCP revision requires the input schema root to say so with
    /// `"type": "object"` (the MCP schema declares `type` as required, with the
    /// constant `"object"`). A client that validates the list rejects the tool,
    /// and OpenAI and Claude refuse a function whose parameters are not
    /// `type: "object"`. A schema that allows `null` or a bare string at the root
    /// describes arguments no client can send.
    ///
    /// ## Example
    /// ```json
    /// {"name": "lookup", "inputSchema": {"type": ["object", "null"],
    ///  "properties": {"id": {"type": "string"}}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "lookup", "inputSchema": {"type": "object",
    ///  "properties": {"id": {"type": "string"}}}}
    /// ```
    ///
    /// An input schema that is empty, or holds nothing but `$schema`, gets a
    /// message of its own: its parameters are gone, not just its `type`. A
    /// known cause is converting a Zod 4 schema with `zod-to-json-schema` 3,
    /// which does not understand Zod 4 and returns only
    /// `{"$schema": "http://json-schema.org/draft-07/schema#"}`.
    ///
    /// ## Fix
    /// Set `"type": "object"` at the root. To take a single value, wrap it in a
    /// named property. When the parameters are gone, generate the schema with
    /// a converter that supports your schema library's version (Zod 4's own
    /// `z.toJSONSchema()`), and check that `properties` lists every parameter.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `Tool.inputSchema` (`type: "object"`, required): <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28, Tools: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - Anthropic, defining tools (`input_schema`): <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    /// - `zod-to-json-schema` 3 returns only `$schema` for Zod 4 schemas: <https://github.com/StefanTerdell/zod-to-json-schema/issues/177>, <https://github.com/smithersai/smithers/issues/82>
    pub INPUT_SCHEMA_TYPE_NOT_OBJECT,
    id = "input-schema-type-not-object",
    group = Schema,
    severity = Error,
    fails_server_in = [ClaudeCode],
    fix = Safe,
    fix_note = "The automatic fix (safe: arguments are always an object) writes `\"type\": \"object\"` where the root has no `type` but has `properties`, or a type list that includes `\"object\"`. A root typed as something else needs its parameters rethought, and is left to the author.",
    summary = "The input schema's root `type` is not exactly `\"object\"`",
}

const EXPLANATION: &str = "Tool arguments are always a JSON object of named parameters, and MCP requires the input schema root to declare \
`\"type\": \"object\"`, exactly that string. A client that validates the list rejects the tool, and OpenAI and Claude refuse a function \
whose parameters are not `type: \"object\"`, so the model is never offered it or cannot call it.";

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        // A missing or non-object schema is `input-schema-missing`'s finding.
        let Some(schema) = tool.input_schema().and_then(Value::as_object) else {
            continue;
        };
        let key = tool.flavour.schema_key();
        let path = tool.input_schema_path();
        match member(schema, "type") {
            Some(Value::String(t)) if t == "object" => {}
            // A name outside the seven is `unknown-type-name`'s finding.
            Some(Value::String(t)) if !TYPE_NAMES.contains(&t.as_str()) => {}
            Some(Value::String(t)) => {
                out.report(
                    Some(tool),
                    path.key("type"),
                    format!("`{key}.type` is {}, not \"object\"", quote(t)),
                )
                .explanation(EXPLANATION)
                .help(
                    "Use `\"type\": \"object\"` and put the value in a named property, \
                     for example `{\"type\": \"object\", \"properties\": {\"value\": {…}}, \"required\": [\"value\"]}`",
                );
            }
            Some(Value::Array(names)) => {
                let listed = serde_json::to_string(names).unwrap_or_default();
                let fix = if names.iter().any(|n| n.as_str() == Some("object")) {
                    "Use `\"type\": \"object\"`: arguments are always an object, so the other types can never apply"
                } else {
                    "Use `\"type\": \"object\"` and put the value in a named property"
                };
                out.report(
                    Some(tool),
                    path.key("type"),
                    format!("`{key}.type` is the list {listed}, not exactly \"object\""),
                )
                .explanation(EXPLANATION)
                .help(fix)
                .with_fix(|| {
                    crate::fix::Fix::safe(
                        "Use \"type\": \"object\"",
                        if names.iter().any(|n| n.as_str() == Some("object")) {
                            vec![crate::fix::Op::Replace {
                                path: path.key("type"),
                                json: "\"object\"".into(),
                            }]
                        } else {
                            Vec::new()
                        },
                    )
                });
            }
            Some(other) => {
                out.report(
                    Some(tool),
                    path.key("type"),
                    format!("`{key}.type` is {}, not \"object\"", json_kind(other)),
                )
                .explanation(EXPLANATION)
                .help("Use `\"type\": \"object\"`");
            }
            None if schema.keys().all(|k| k == "$schema") => {
                let (message, cause) = if schema.is_empty() {
                    (
                        format!("`{key}` is empty: the tool has no parameters and no `type`"),
                        "",
                    )
                } else {
                    (
                        format!("`{key}` holds only `$schema`: the tool's parameters are gone"),
                        " A schema that holds only `$schema` is what `zod-to-json-schema` 3 returns for a Zod 4 \
                         schema, which it cannot read.",
                    )
                };
                out.report(
                    Some(tool),
                    path,
                    message,
                )
                .explanation(
                    format!(
                        "With no `type` and no `properties`, the model is told nothing about the arguments, and a client \
                         that validates the list rejects the tool because MCP requires `\"type\": \"object\"`.{cause}"
                    ),
                )
                .help(
                    "If the tool takes parameters, generate its schema with a converter that supports your schema \
                     library's version (for Zod 4, `z.toJSONSchema()`) and check that `properties` lists them; if it \
                     takes none, use `{\"type\": \"object\", \"additionalProperties\": false}`",
                );
            }
            None => {
                let fix = if schema.contains_key("properties") {
                    "Add `\"type\": \"object\"` to the root".to_owned()
                } else {
                    "Add `\"type\": \"object\"` to the root; move any composition (`anyOf`, `$ref`, …) below it".to_owned()
                };
                out.report(
                    Some(tool),
                    path.clone(),
                    format!("`{key}` has no `type`; it must be \"object\""),
                )
                .explanation(EXPLANATION)
                .help(fix)
                .with_fix(|| {
                    crate::fix::Fix::safe(
                        "Add \"type\": \"object\"",
                        if schema.contains_key("properties") {
                            vec![crate::fix::Op::Insert {
                                path: path.clone(),
                                key: "type".into(),
                                json: "\"object\"".into(),
                            }]
                        } else {
                            Vec::new()
                        },
                    )
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        INPUT_SCHEMA_TYPE_NOT_OBJECT,
        "schema/input-schema-type-not-object.json"
    );
}
