use crate::registry::declare_rule;
use crate::rules::provider::{OPENAI_STRICT_DESCEND, each_strict_node, quoted_list};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::Value;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// In strict mode, flags a `$ref` that has sibling keywords, such as a
    /// `description` written beside it. Runs when OpenAI is a target, on
    /// tools that are strict (ticked for every tool, or `"strict": true` on
    /// the tool). The root is left to `openai-root-combinator`.
    ///
    /// ## Why is this bad?
    /// OpenAI's strict mode rejects the request with a 400 ("$ref cannot have
    /// keywords {'description'}"), even when the sibling is only a
    /// `description`, so no tool in it can be called. Elsewhere the siblings
    /// mean different things by dialect: draft-07 says every other keyword
    /// beside `$ref` MUST be ignored, while 2020-12 applies them alongside it.
    /// Claude's docs say nothing about siblings; Anthropic's SDK drops them
    /// before it sends a strict schema.
    ///
    /// ## Example
    /// ```json
    /// {"owner": {"$ref": "#/$defs/user", "description": "Who owns the order"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"owner": {"anyOf": [{"$ref": "#/$defs/user"}], "description": "Who owns the order"}}
    /// ```
    ///
    /// ## Fix
    /// Wrap the reference in a one-branch `anyOf` and keep the keywords beside
    /// it, or move them into the definition.
    ///
    /// ## Sources
    /// - OpenAI Structured Outputs, definitions and recursive schemas: <https://developers.openai.com/api/docs/guides/structured-outputs>
    /// - API error quoted in camel-ai/camel#3001 (2025-08-10) and the OpenAI developer forum thread 1374904: "$ref cannot have keywords {'description'}"
    /// - JSON Schema draft-07 Core, `$ref` (other keywords MUST be ignored): <https://json-schema.org/draft-07/draft-handrews-json-schema-01#rfc.section.8.3>
    pub OPENAI_STRICT_REF_SIBLINGS,
    id = "openai-strict-ref-siblings",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-12-02",
    runs_in = Worker,
    converter = (EnsureStrictJsonSchema, Fixes),
    fix = Safe,
    fix_note = "The automatic fix (safe: a one-branch `anyOf` validates exactly as the `$ref` does) moves the reference into `\"anyOf\": [{\"$ref\": …}]`, keeping the siblings beside it.",
    summary = "OpenAI strict: a `$ref` has sibling keywords such as `description`",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, OPENAI_STRICT_DESCEND, &mut |tool, node| {
        let Some(obj) = node.object() else { return };
        if node.is_root() {
            return;
        }
        let Some(reference) = member(obj, "$ref").and_then(Value::as_str) else {
            return;
        };
        let siblings: Vec<&str> = obj
            .keys()
            .map(|k| k.as_str())
            .filter(|k| *k != "$ref")
            .collect();
        if siblings.is_empty() {
            return;
        }
        out.report(
            Some(tool),
            node.path.key("$ref"),
            format!(
                "OpenAI: \"$ref\" has sibling keywords ({}), which strict mode rejects",
                quoted_list(&siblings, 5)
            ),
        )
        .explanation(
            "OpenAI's strict mode does not allow any keyword beside `$ref`, not even a `description`, and rejects the \
             request with a 400 (\"$ref cannot have keywords\"), so no tool in it can be called.",
        )
        .help(
            format!(
                "Wrap the reference as \"anyOf\": [{{\"$ref\": {}}}] and keep {} beside the \"anyOf\", or move {} into the definition",
                quote(reference),
                quoted_list(&siblings, 5),
                if siblings.len() == 1 { "it" } else { "them" },
            ),
        )
.with_fix(|| crate::fix::Fix::safe(
    "Wrap the reference in \"anyOf\"",
    vec![
        crate::fix::Op::Remove { path: node.path.key("$ref") },
        crate::fix::Op::Insert {
            path: node.path.clone(),
            key: "anyOf".into(),
            json: format!("[{{\"$ref\": {}}}]", crate::fix::json(reference)),
        },
    ],
));
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_STRICT_REF_SIBLINGS,
        "openai/openai-strict-ref-siblings.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );
}
