use crate::value::Value;

use crate::input::Flavour;
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::value::json_kind;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags a tool whose input schema (`inputSchema`, or `input_schema` for
    /// Anthropic, `parameters` for the OpenAI Responses API) is missing or is not
    /// a JSON object: `null`, a boolean schema, a string, an array.
    ///
    /// OpenAI Chat Completions and legacy `functions` definitions may leave
    /// `parameters` out (the function then takes no arguments), so a missing
    /// `parameters` is not flagged there.
    ///
    /// ## Why is this bad?
    /// The input schema is required in every MCP revision and must be an object
    /// schema, even for a tool without parameters. A client that validates the
    /// list rejects the tool (the TypeScript SDK fails the whole `tools/list`
    /// call), and a host that forwards it to a model API gets the request
    /// refused. The model is never offered the tool.
    ///
    /// ## Example
    /// ```json
    /// {"name": "get_time", "description": "Current server time."}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "get_time", "description": "Current server time.",
    ///  "inputSchema": {"type": "object", "additionalProperties": false}}
    /// ```
    ///
    /// ## Fix
    /// Add an object schema; for a tool without parameters use
    /// `{"type": "object", "additionalProperties": false}`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `Tool` (`required: ["inputSchema", "name"]`): <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28, Tools, tools without parameters: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - Anthropic, defining tools (`input_schema`): <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    /// - OpenAI function calling (`parameters`): <https://developers.openai.com/api/docs/guides/function-calling>
    pub INPUT_SCHEMA_MISSING,
    id = "input-schema-missing",
    group = Shape,
    severity = Error,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: it assumes the tool takes no arguments) writes `{\"type\": \"object\", \"additionalProperties\": false}`.",
    summary = "A tool has no input schema, or it is not an object",
}

const NO_PARAMS: &str = "{\"type\": \"object\", \"additionalProperties\": false}";

fn explanation(key: &str) -> String {
    format!(
        "`{key}` is required and must be a JSON Schema object, even for a tool that takes no arguments. \
         A client that validates the list rejects the tool (the TypeScript SDK fails the whole `tools/list` call), \
         and a model API refuses a request that carries it, so the model is never offered the tool."
    )
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        let Some(obj) = tool.object() else { continue };
        let key = tool.flavour.schema_key();
        let openai = matches!(
            tool.flavour,
            Flavour::OpenAiChat | Flavour::OpenAiLegacy | Flavour::OpenAiResponses
        );
        match member(obj, key) {
            Some(Value::Object(_)) => {}
            // OpenAI accepts `"parameters": null` for a function without arguments.
            Some(Value::Null) if openai => {}
            None if matches!(tool.flavour, Flavour::OpenAiChat | Flavour::OpenAiLegacy) => {}
            None => {
                out.report(
                    Some(tool),
                    tool.path.clone(),
                    format!("tool has no `{key}`"),
                )
                .explanation(explanation(key))
                .help(
                    format!("Add `\"{key}\": {NO_PARAMS}` if the tool takes no arguments, or the object schema of its arguments"),
                )
.with_fix(|| crate::fix::Fix::r#unsafe(
    format!("Add `\"{key}\": {NO_PARAMS}`"),
    vec![crate::fix::Op::Insert { path: tool.path.clone(), key: key.into(), json: NO_PARAMS.into() }],
));
            }
            Some(other) => {
                let fix = if other == &Value::Bool(true) || other.is_null() {
                    format!(
                        "Use `{NO_PARAMS}` for a tool without arguments, or the object schema of its arguments"
                    )
                } else {
                    format!("Replace it with an object schema such as `{NO_PARAMS}`")
                };
                out.report(
                    Some(tool),
                    tool.path.key(key),
                    format!("`{key}` is {}, not an object", json_kind(other)),
                )
                .explanation(explanation(key))
                .help(fix)
                .with_fix(|| {
                    crate::fix::Fix::r#unsafe(
                        format!("Use `{NO_PARAMS}`"),
                        vec![crate::fix::Op::Replace {
                            path: tool.path.key(key),
                            json: NO_PARAMS.into(),
                        }],
                    )
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(INPUT_SCHEMA_MISSING, "shape/input-schema-missing.json");

    fn findings(text: &str) -> usize {
        let settings = crate::Settings::default().only(super::INPUT_SCHEMA_MISSING.id);
        crate::check(text, &settings)
            .expect("parses")
            .findings
            .len()
    }

    #[test]
    fn openai_chat_and_legacy_may_omit_parameters() {
        assert_eq!(
            findings(r#"[{"type": "function", "function": {"name": "now"}}]"#),
            0
        );
        assert_eq!(
            findings(r#"{"model": "m", "functions": [{"name": "now", "parameters": null}]}"#),
            0
        );
        assert_eq!(
            findings(r#"[{"type": "function", "function": {"name": "now", "parameters": "x"}}]"#),
            1
        );
        assert_eq!(
            findings(r#"[{"type": "function", "name": "now", "strict": false}]"#),
            1
        );
        assert_eq!(findings(r#"[{"name": "now", "input_schema": null}]"#), 1);
    }
}
