use crate::registry::declare_rule;
use crate::rules::provider::{CLAUDE_STRICT_DESCEND, each_strict_node, open_object_problem};
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// In strict mode, flags every object schema that does not say
    /// `"additionalProperties": false`: the input schema root, nested objects,
    /// array `items`, `anyOf`/`allOf` branches and `$defs`. The finding is on
    /// the object. Strict mode applies when it is ticked for every tool or the
    /// tool says `"strict": true`; runs when Claude is a target.
    ///
    /// ## Why is this bad?
    /// Claude's strict tool use supports `additionalProperties` only when it is
    /// `false`, on every object; Anthropic's own SDK adds it before sending, and
    /// a raw schema without it is refused with a 400, so no tool in the request
    /// can be called. MCP does not require it (Toolcheck reports it as
    /// information for MCP), so most servers leave it out.
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
    /// - Claude structured outputs, JSON Schema limitations ("additionalProperties must be set to false for objects"): <https://platform.claude.com/docs/en/build-with-claude/structured-outputs>
    /// - Claude strict tool use: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use>
    /// - anthropics/skills `claude-api/SKILL.md` ("Schema must have `additionalProperties: false`"); anthropic-sdk-python `lib/_parse/_transform.py`
    pub CLAUDE_STRICT_ADDITIONAL_PROPERTIES,
    id = "claude-strict-additional-properties",
    group = Claude,
    severity = Error,
    provider = Claude, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (TransformSchema, Fixes),
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: extra keys accepted today are then refused) sets `\"additionalProperties\": false` on the object. An object whose `additionalProperties` is a schema (a map) is left to the author.",
    summary = "Claude strict: an object does not set `additionalProperties: false`",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, CLAUDE_STRICT_DESCEND, &mut |tool, node| {
        let Some(obj) = node.object() else { return };
        let Some((message, fix)) = open_object_problem("Claude", obj) else {
            return;
        };
        out.report(
            Some(tool),
            node.path.clone(),
            message,
        )
        .explanation(
            "Claude's strict tool use supports objects only with \"additionalProperties\": false, nested ones included; a \
             schema with any other value, or none, is refused with a 400, so no tool in the request can be called.",
        )
        .help(fix)
        .with_fix(|| crate::fix::close_object(obj, node.path));
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        CLAUDE_STRICT_ADDITIONAL_PROPERTIES,
        "claude/claude-strict-additional-properties.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        }
    );
}
