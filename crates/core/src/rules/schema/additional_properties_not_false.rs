use crate::value::Value;

use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// Notes an input schema whose root object does not set
    /// `additionalProperties: false` (it is missing or `true`). Only the root of
    /// each tool's input schema is checked. It stays quiet when the root closes
    /// itself with `unevaluatedProperties: false`, maps extra keys to a schema
    /// (`additionalProperties: {…}`), or is built by composition (`$ref`,
    /// `allOf`, `anyOf`, `oneOf`), where `false` would reject properties the
    /// branches define. With a provider's strict mode on, the provider rules
    /// report this as an error instead.
    ///
    /// ## Why is this bad?
    /// MCP does not require it, and recommends `false` explicitly only for tools
    /// without parameters. But without it, an argument the model invents (a
    /// `userID` beside `userId`) passes validation, and the handler then ignores
    /// it: a Zod or Pydantic default object drops unknown keys silently, so the
    /// call runs without the value the model meant to send. With
    /// `additionalProperties: false`, the call fails with an error that names the
    /// unexpected key, and the model can correct itself.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"orderId": {"type": "string"}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {"orderId": {"type": "string"}},
    ///  "additionalProperties": false}
    /// ```
    ///
    /// ## Fix
    /// Add `"additionalProperties": false` to the root of the input schema.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools (schema for tools without parameters): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - JSON Schema 2020-12 Core, `additionalProperties`: <https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.2.3>
    pub ADDITIONAL_PROPERTIES_NOT_FALSE,
    id = "additional-properties-not-false",
    group = Schema,
    severity = Info,
    superseded_in_strict_by = [OpenAi, Claude],
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: a call with an extra argument, accepted today, then fails) sets `\"additionalProperties\": false` at the root.",
    summary = "The input schema root does not set `additionalProperties: false`",
}

const COMPOSITION: [&str; 6] = ["$ref", "$dynamicRef", "allOf", "anyOf", "oneOf", "if"];

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        let Some(root) = tool.input_schema().and_then(Value::as_object) else {
            continue;
        };
        if root.get("type").and_then(Value::as_str) != Some("object") {
            continue;
        }
        if COMPOSITION.iter().any(|k| root.contains_key(k))
            || root.get("unevaluatedProperties") == Some(&Value::Bool(false))
        {
            continue;
        }
        let key = tool.flavour.schema_key();
        let no_params = root
            .get("properties")
            .and_then(Value::as_object)
            .is_none_or(crate::value::Map::is_empty)
            && !root.contains_key("patternProperties");
        let (path, message) = match root.get("additionalProperties") {
            None => (
                tool.input_schema_path(),
                format!("`{key}` does not set `additionalProperties: false`"),
            ),
            Some(Value::Bool(true)) => (
                tool.input_schema_path().key("additionalProperties"),
                format!("`{key}` sets `additionalProperties: true`"),
            ),
            Some(_) => continue,
        };
        let explanation = if no_params {
            "This tool takes no arguments, and MCP recommends `{\"type\": \"object\", \"additionalProperties\": false}` for exactly that case. \
             Without it, any argument the model invents passes validation and is silently ignored."
        } else {
            "MCP does not require it, but without it an argument the model invents (a `userID` beside `userId`) passes validation, \
             and the handler then drops it silently (a Zod or Pydantic default object ignores unknown keys), so the call runs without the value the model meant to send. \
             With `false`, the call fails with an error that names the unexpected key and the model can correct itself."
        };
        let fix = if root.contains_key("additionalProperties") {
            "Set `\"additionalProperties\": false` at the root of the input schema"
        } else {
            "Add `\"additionalProperties\": false` to the root of the input schema"
        };
        out.report(Some(tool), path, message)
            .explanation(explanation)
            .help(fix)
            .with_fix(|| crate::fix::close_object(root, &tool.input_schema_path()));
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        ADDITIONAL_PROPERTIES_NOT_FALSE,
        "schema/additional-properties-not-false.json"
    );

    /// Two open roots, the second declaring `"strict": true`.
    const TOOLS: &str = r#"{"tools": [
        {"name": "a", "description": "Looks up an order by its id.",
         "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}},
        {"name": "b", "description": "Looks up a customer by their id.", "strict": true,
         "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}
    ]}"#;

    /// The tools this rule reports under `targets`, with strict mode ticked
    /// or not.
    fn reported(targets: crate::Targets, strict: bool) -> Vec<String> {
        let settings = crate::Settings {
            targets,
            strict,
            ..crate::Settings::default()
        };
        let report = crate::check(
            TOOLS,
            &settings.only(super::ADDITIONAL_PROPERTIES_NOT_FALSE.id),
        )
        .expect("parses");
        report
            .findings
            .iter()
            .filter_map(|f| f.tool.as_deref().map(str::to_owned))
            .collect()
    }

    /// A strict tool's open root is the providers' strict error when OpenAI
    /// or Claude is a target (`superseded_in_strict_by`): this rule stays
    /// quiet on that tool alone, and on every tool with strict mode ticked.
    #[test]
    fn left_to_the_strict_rules_per_tool() {
        let openai = crate::Targets {
            openai: true,
            ..crate::Targets::default()
        };
        let gemini = crate::Targets {
            gemini: true,
            ..crate::Targets::default()
        };
        assert_eq!(reported(crate::Targets::default(), false), ["a", "b"]);
        assert_eq!(reported(crate::Targets::default(), true), ["a", "b"]);
        assert_eq!(reported(gemini, true), ["a", "b"]);
        assert_eq!(reported(openai, false), ["a"]);
        assert_eq!(reported(crate::Targets::ALL, false), ["a"]);
        assert!(reported(openai, true).is_empty());
    }
}
