use crate::registry::declare_rule;
use crate::rules::provider::{CLAUDE_STRICT_DESCEND, each_strict_node};
use crate::rules::{Definitions, Emitter};
use crate::value::Value;
use crate::value::{field, member};

declare_rule! {
    /// ## What it does
    /// In strict mode, flags an `allOf` that holds a `$ref`, in one of its
    /// branches or beside it in the same schema. Pydantic writes a reference
    /// with a description or a default this way: `{"allOf": [{"$ref":
    /// "#/$defs/Color"}], "description": "…"}`. Runs when Claude is a target,
    /// on tools that are strict.
    ///
    /// ## Why is this bad?
    /// Claude's strict tool use supports `allOf` "with limitations", and
    /// Anthropic's list of JSON Schema limitations names this one: "`allOf`
    /// with `$ref` not supported". A schema with an unsupported feature fails
    /// the request with a 400, so no tool in it can be called.
    ///
    /// ## Example
    /// ```json
    /// {"color": {"allOf": [{"$ref": "#/$defs/Color"}], "description": "Fill colour"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"color": {"$ref": "#/$defs/Color"}}
    /// ```
    ///
    /// ## Fix
    /// Refer to the definition directly, without `allOf`, and move the
    /// description into the definition, or inline the definition's schema.
    ///
    /// ## Sources
    /// - Claude structured outputs, JSON Schema limitations ("`anyOf` and `allOf` (with limitations - `allOf` with `$ref` not supported)"; "If you use an unsupported feature, you'll receive a 400 error with details"): <https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations>
    /// - Claude strict tool use, which follows those limitations: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use>
    pub CLAUDE_STRICT_ALLOF_REF,
    id = "claude-strict-allof-ref",
    group = Claude,
    severity = Error,
    provider = Claude, as_of = "2026-12-03",
    runs_in = Worker,
    converter = (TransformSchema, Keeps),
    fix_note = "No automatic fix: where the description and default go (the shared definition or an inlined copy) is the author's decision.",
    summary = "Claude strict: an `allOf` holds a `$ref`",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, CLAUDE_STRICT_DESCEND, &mut |tool, node| {
        let Some(obj) = node.object() else { return };
        let Some(branches) = member(obj, "allOf").and_then(Value::as_array) else {
            return;
        };
        let beside = member(obj, "$ref").is_some();
        let within = branches.iter().position(|b| field(b, "$ref").is_some());
        let path = match within {
            Some(i) if !beside => node.path.key("allOf").index(i).key("$ref"),
            _ if beside => node.path.key("$ref"),
            _ => return,
        };
        out.report(
            Some(tool),
            path,
            "Claude: an allOf holds a $ref, which strict mode does not support".to_owned(),
        )
        .explanation(
            "Anthropic's JSON Schema limitations for strict tool use say \"allOf with $ref not supported\"; a schema \
             with an unsupported feature fails the request with a 400, so no tool in it can be called.",
        )
        .help("Refer to the definition directly, without allOf, and move the description into the definition");
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        CLAUDE_STRICT_ALLOF_REF,
        "claude/claude-strict-allof-ref.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );
}
