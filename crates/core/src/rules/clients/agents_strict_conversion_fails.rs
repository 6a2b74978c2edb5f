use crate::registry::declare_rule;
use crate::rules::provider::is_object_schema;
use crate::rules::walk::Via;
use crate::rules::{Definitions, Emitter};
use crate::value::Value;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags what makes the OpenAI Agents SDK's strict conversion
    /// (`ensure_strict_json_schema`, run on MCP tools when
    /// `convert_schemas_to_strict` is on) raise, when `agents-sdk-strict` is
    /// a target:
    /// - an object whose `additionalProperties` is present and not `false`
    ///   (`true`, or a schema: a map);
    /// - an object that declares no properties (so it is open), unless the
    ///   whole input schema is `{}`;
    /// - a boolean subschema (`true` or `false`) under `properties`,
    ///   `anyOf`, `allOf`, `oneOf` or `$defs`;
    /// - `anyOf` or `oneOf` at the root.
    ///
    /// ## Why is this bad?
    /// The SDK catches the error, logs it at INFO level ("Error converting
    /// MCP schema to strict mode") and sends the tool without `strict`. The
    /// author who turned strict mode on gets no sign of it: the model may
    /// then send arguments that do not match the schema, which strict mode
    /// was turned on to prevent.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"labels": {"type": "object", "additionalProperties": {"type": "string"}}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {"labels": {"type": "array", "items": {"type": "object", "properties": {"key": {"type": "string"}, "value": {"type": "string"}}, "required": ["key", "value"], "additionalProperties": false}}}}
    /// ```
    ///
    /// ## Fix
    /// Give every object its properties and `"additionalProperties": false`
    /// (a map becomes a list of key and value pairs), replace boolean
    /// subschemas with typed ones, and keep the root a plain object.
    ///
    /// ## Sources
    /// Checked 2026-12-03.
    /// - `ensure_strict_json_schema` (the errors it raises): <https://github.com/openai/openai-agents-python/blob/7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7/src/agents/strict_schema.py>
    /// - The fallback to `strict: False` when it raises: <https://github.com/openai/openai-agents-python/blob/7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7/src/agents/mcp/util.py>
    pub AGENTS_STRICT_CONVERSION_FAILS,
    id = "agents-strict-conversion-fails",
    group = Clients,
    severity = Warning,
    client = AgentsStrict, as_of = "2026-12-03",
    runs_in = Worker,
    conversion_fails = EnsureStrictJsonSchema,
    fix_note = "No automatic fix: each of these changes what the tool accepts.",
    summary = "Agents SDK strict: the strict conversion raises, and the tool is sent without `strict`",
}

/// Whether `ensure_strict_json_schema` converts a subschema reached this way.
fn converted(via: Via<'_>) -> bool {
    matches!(
        via,
        Via::Root
            | Via::Property(_)
            | Via::Keyword("items")
            | Via::Element("anyOf" | "allOf" | "oneOf", _)
            | Via::Named("$defs" | "definitions", _)
    )
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        if node.in_condition || !converted(node.via) {
            return;
        }
        // `{}` becomes an empty closed object, and converts.
        if tool
            .input_schema()
            .and_then(Value::as_object)
            .is_some_and(|o| o.is_empty())
        {
            return;
        }
        let Some(obj) = node.object() else {
            if !matches!(node.via, Via::Keyword("items")) {
                report(
                    out,
                    tool,
                    node.path.clone(),
                    "a boolean subschema, which is not a dictionary",
                );
            }
            return;
        };
        if node.via == Via::Root {
            for kw in ["anyOf", "oneOf"] {
                if member(obj, kw).is_some() {
                    report(out, tool, node.path.key(kw), &format!("`{kw}` at the root"));
                }
            }
        }
        if !is_object_schema(obj) {
            return;
        }
        match member(obj, "additionalProperties") {
            Some(Value::Bool(false)) => {}
            Some(_) => report(
                out,
                tool,
                node.path.key("additionalProperties"),
                "`additionalProperties` that is not false",
            ),
            None => {
                let declared = member(obj, "properties")
                    .and_then(Value::as_object)
                    .is_some_and(|p| !p.is_empty());
                if !declared {
                    report(
                        out,
                        tool,
                        node.path.clone(),
                        "an object that declares no properties",
                    );
                }
            }
        }
    });
}

fn report(out: &mut Emitter<'_>, tool: &crate::input::Tool<'_>, path: crate::Path, what: &str) {
    out.report(
        Some(tool),
        path,
        format!("Agents SDK strict: ensure_strict_json_schema raises on {what}, and the tool is sent without strict"),
    )
    .explanation(
        "With convert_schemas_to_strict on, the OpenAI Agents SDK converts each MCP tool's schema for strict mode; when the \
         conversion raises, it logs the error at INFO level and sends the tool with strict off, so the model's arguments \
         are no longer held to the schema.",
    )
    .help(
        "Close every object (declared properties and \"additionalProperties\": false), replace boolean subschemas with \
         typed ones, and keep the root a plain object",
    );
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        AGENTS_STRICT_CONVERSION_FAILS,
        "clients/agents-strict-conversion-fails.json",
        crate::Settings {
            targets: crate::Targets::MCP.with_client(crate::clients::Client::AgentsStrict),
            ..Default::default()
        }
    );
}
