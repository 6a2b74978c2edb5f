use crate::registry::declare_rule;
use crate::rules::provider::{OPENAI_STRICT_DESCEND, each_strict_node, open_object_problem};
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// In strict mode, flags every object schema that does not say
    /// `"additionalProperties": false`: the parameters root, nested objects,
    /// array `items`, `anyOf` branches and `$defs`. The finding is on the
    /// object. Strict mode applies when it is ticked for every tool or the tool
    /// says `"strict": true`; runs when OpenAI is a target.
    ///
    /// ## Why is this bad?
    /// OpenAI's strict mode requires `additionalProperties` to be supplied and
    /// to be `false` on every object, and rejects the request otherwise
    /// ("'additionalProperties' is required to be supplied and to be false").
    /// MCP does not require it (Toolcheck reports it as information for MCP),
    /// so most servers leave it out.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"],
    ///  "additionalProperties": false}
    /// ```
    ///
    /// ## Fix
    /// Add `"additionalProperties": false` to the object. A free-form map
    /// (`additionalProperties` set to a schema) cannot be strict: list its keys
    /// as properties, or take it as a JSON string.
    ///
    /// ## Sources
    /// - OpenAI Structured Outputs, supported schemas ("additionalProperties: false must always be set in objects"): <https://developers.openai.com/api/docs/guides/structured-outputs>
    /// - OpenAI function calling guide, strict mode: <https://developers.openai.com/api/docs/guides/function-calling#strict-mode>
    /// - API error quoted in camel-ai/camel#2231
    pub OPENAI_STRICT_ADDITIONAL_PROPERTIES,
    id = "openai-strict-additional-properties",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (EnsureStrictJsonSchema, Fixes),
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: extra keys accepted today are then refused) sets `\"additionalProperties\": false` on the object. An object whose `additionalProperties` is a schema (a map) is left to the author.",
    summary = "OpenAI strict: an object does not set `additionalProperties: false`",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, OPENAI_STRICT_DESCEND, &mut |tool, node| {
        let Some(obj) = node.object() else { return };
        let Some((message, fix)) = open_object_problem("OpenAI", obj) else {
            return;
        };
        out.report(
            Some(tool),
            node.path.clone(),
            message,
        )
        .explanation(
            "OpenAI's strict mode requires every object, nested ones included, to state \"additionalProperties\": false, \
             and rejects the request with a 400 otherwise (\"'additionalProperties' is required to be supplied and to be \
             false\"), so no tool in it can be called.",
        )
        .help(fix)
        .with_fix(|| crate::fix::close_object(obj, node.path));
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_STRICT_ADDITIONAL_PROPERTIES,
        "openai/openai-strict-additional-properties.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        }
    );
}
