use crate::finding::Severity;
use crate::registry::declare_rule;
use crate::rules::openai::root_combinator;
use crate::rules::provider::{OPENAI_STRICT_DESCEND, each_strict_node, root_is_plain_object};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::member;

/// Documented as not supported: the request is rejected.
const REJECTED: [&str; 7] = [
    "allOf",
    "not",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
];

/// JSON Schema keywords missing from the supported list, with no documented
/// verdict for current base models.
const UNLISTED: [&str; 16] = [
    "oneOf",
    "minLength",
    "maxLength",
    "patternProperties",
    "unevaluatedProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "unevaluatedItems",
    "contains",
    "minContains",
    "maxContains",
    "uniqueItems",
    "prefixItems",
    "additionalItems",
    "dependencies",
];

declare_rule! {
    /// ## What it does
    /// In strict mode, flags JSON Schema keywords outside OpenAI's supported
    /// subset. `allOf`, `not`, `if`, `then`, `else`, `dependentRequired` and
    /// `dependentSchemas` are errors (documented as unsupported). Validation
    /// keywords the supported list leaves out (`oneOf`, `minLength`,
    /// `maxLength`, `uniqueItems`, `patternProperties`, `propertyNames`,
    /// `minProperties`, `maxProperties`, `contains`, `prefixItems`, …) are
    /// warnings. Schemas below a flagged keyword are not checked again.
    ///
    /// Supported and never flagged: `type`, `properties`, `required`,
    /// `additionalProperties`, `items`, `enum`, `const`, `anyOf`, `$ref`,
    /// `$defs`/`definitions`, `description`, `title`, `pattern`, `format`
    /// (values: `openai-strict-unsupported-format`), `minimum`, `maximum`,
    /// `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minItems`,
    /// `maxItems`. Annotations (`default`, `examples`, `$schema`, `$comment`,
    /// `deprecated`, …), `x-*` extension keys and OpenAPI's `nullable` are not
    /// flagged here either: `nullable` and unknown `type` names are the MCP
    /// rules' findings, one defect, one finding. Root-level `allOf`, `not` and
    /// `oneOf` are reported by `openai-root-combinator`.
    ///
    /// ## Why is this bad?
    /// Strict mode compiles the schema into a grammar and supports only a
    /// subset of JSON Schema. For the documented keywords the API answers with a
    /// 400 ("'allOf' is not permitted") and no tool in the request can be
    /// called.
    ///
    /// Where the sources disagree: the Structured Outputs guide lists the
    /// supported keywords per type and names only the composition keywords as
    /// unsupported; `minLength`, `maxLength` and the object and array keywords
    /// are listed as unsupported "for fine-tuned models", and SDKs strip them
    /// because they "can be rejected". The docs do not say whether `oneOf` is
    /// accepted; the Agents SDK rewrites it to `anyOf`. Hence warnings for those.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "additionalProperties": false, "required": ["note"],
    ///  "properties": {"note": {"type": "string", "maxLength": 280}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "additionalProperties": false, "required": ["note"],
    ///  "properties": {"note": {"type": "string", "description": "At most 280 characters"}}}
    /// ```
    ///
    /// ## Fix
    /// Remove the keyword and state the constraint in the description; keep
    /// enforcing it in the handler. Merge `allOf` branches into one schema;
    /// replace `oneOf` with `anyOf`.
    ///
    /// ## Sources
    /// - OpenAI Structured Outputs, supported schemas: <https://developers.openai.com/api/docs/guides/structured-outputs>
    /// - openai-agents-python `strict_schema.py` (oneOf → anyOf); openai/openai-node#1988 (`default`, `minLength`, `maxLength` "can be rejected")
    /// - API error quoted in makenotion/notion-mcp-server#102
    pub OPENAI_STRICT_UNSUPPORTED_KEYWORD,
    id = "openai-strict-unsupported-keyword",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (EnsureStrictJsonSchema, Keeps),
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: the constraint is then no longer enforced by the schema) removes the keyword; keep checking it in the handler.",
    summary = "OpenAI strict: a JSON Schema keyword outside the supported subset",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, OPENAI_STRICT_DESCEND, &mut |tool, node| {
        let Some(obj) = node.object() else { return };
        let root_owned = node.is_root() && root_is_plain_object(node.value);
        for key in obj.keys() {
            let key = key.as_str();
            if root_owned && root_combinator::KEYWORDS.contains(&key) {
                continue;
            }
            // One conditional, one finding: `then`/`else` go with their `if`.
            if matches!(key, "then" | "else") && member(obj, "if").is_some() {
                continue;
            }
            if REJECTED.contains(&key) {
                out.report(
                    Some(tool),
                    node.path.key(key),
                    format!("OpenAI: \"{key}\" is not supported in strict mode"),
                )
                .explanation(
                    format!(
                        "OpenAI's strict mode does not support `{key}` and rejects the request with a 400 (\"'{key}' is not \
                         permitted\"), so no tool in it can be called."
                    ),
                )
                .help(fix_for(key, obj))
.with_fix(|| crate::fix::Fix::r#unsafe(
    format!("Remove \"{key}\""),
    ["then", "else"]
        .iter()
        .filter(|k| key == "if" && member(obj, k).is_some())
        .map(|k| node.path.key(k))
        .chain([node.path.key(key)])
        .map(|path| crate::fix::Op::Remove { path })
        .collect(),
));
            } else if UNLISTED.contains(&key) {
                let explanation = if key == "oneOf" {
                    "OpenAI's docs do not list `oneOf` for strict mode; its Agents SDK rewrites `oneOf` to `anyOf` because it \
                     is not supported in nested schemas. The request may be rejected with a 400."
                        .to_owned()
                } else {
                    format!(
                        "`{key}` is not among the keywords OpenAI lists as supported in strict mode. Depending on the model and \
                         endpoint the request is rejected with a 400, or the constraint is not enforced while the model writes \
                         the arguments, so the handler gets values the schema says cannot happen."
                    )
                };
                out.report(
                    Some(tool),
                    node.path.key(key),
                    format!("OpenAI: \"{key}\" is not in strict mode's supported keywords"),
                )
                .explanation(explanation)
                .help(fix_for(key, obj))
                .severity = Severity::Warning;
            }
        }
    });
}

fn fix_for(key: &str, obj: &crate::value::Map) -> String {
    match key {
        "allOf" => "Merge the `allOf` branches into this schema's own properties and keywords".to_owned(),
        "oneOf" => "Replace `oneOf` with `anyOf`, and make the branches distinguishable".to_owned(),
        "if" | "then" | "else" => {
            "Remove the if/then/else conditional, describe the rule in the description, and check it in the handler".to_owned()
        }
        "dependentRequired" | "dependentSchemas" | "dependencies" => format!(
            "Remove `{key}`, describe which fields go together in the descriptions, and check it in the handler"
        ),
        "minLength" | "maxLength" => {
            let bound = |k: &str| member(obj, k).and_then(crate::value::Value::as_u64);
            let pattern = match (bound("minLength"), bound("maxLength")) {
                (Some(min), Some(max)) => format!("^.{{{min},{max}}}$"),
                (Some(min), None) => format!("^.{{{min},}}$"),
                (None, Some(max)) => format!("^.{{0,{max}}}$"),
                (None, None) => "^.{1,280}$".to_owned(),
            };
            format!(
                "Remove `{key}` and state the length in the description, or express it with a supported pattern: \"pattern\": {}",
                quote(&pattern)
            )
        }
        "uniqueItems" => "Remove `uniqueItems`, say the items must be distinct in the description, and de-duplicate in the handler".to_owned(),
        _ => format!("Remove `{key}` and state the constraint in the description; enforce it in the handler"),
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_STRICT_UNSUPPORTED_KEYWORD,
        "openai/openai-strict-unsupported-keyword.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );
}
