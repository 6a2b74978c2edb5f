//! The strict-mode converters clients and SDKs run on a tool's schema before
//! sending it with `strict: true`, and what each does to each strict
//! finding. A client that uses one is judged on what is left after it
//! ([`crate::compat`]); a finding's JSON and Markdown say which converters
//! fix it.
//!
//! The effects are by rule: a converter rewrites every instance of a problem
//! the same way. Where a converter raises instead (the SDK then falls back
//! to sending the tool without `strict`), the client rule
//! `agents-strict-conversion-fails` reports the schema that makes it raise.

use serde::Serialize;

/// A strict-mode converter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Converter {
    /// The OpenAI Agents SDK's `ensure_strict_json_schema` (Python,
    /// `agents/strict_schema.py`; the JavaScript SDK's is the same), which
    /// MCP tools go through when `convert_schemas_to_strict` is on.
    #[serde(rename = "ensure_strict_json_schema")]
    EnsureStrictJsonSchema,
    /// The Anthropic Python SDK's `transform_schema`
    /// (`anthropic/lib/_parse/_transform.py`), for Claude's strict tools.
    #[serde(rename = "transform_schema")]
    TransformSchema,
}

impl Converter {
    /// Every converter.
    pub const ALL: [Converter; 2] = [
        Converter::EnsureStrictJsonSchema,
        Converter::TransformSchema,
    ];

    /// Its function's name, as JSON writes it.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Converter::EnsureStrictJsonSchema => "ensure_strict_json_schema",
            Converter::TransformSchema => "transform_schema",
        }
    }

    /// Whose SDK it is, for the reports.
    #[must_use]
    pub fn owner(self) -> &'static str {
        match self {
            Converter::EnsureStrictJsonSchema => "OpenAI Agents SDK",
            Converter::TransformSchema => "Anthropic Python SDK",
        }
    }

    /// Where its code is.
    #[must_use]
    pub fn source(self) -> &'static str {
        match self {
            Converter::EnsureStrictJsonSchema => {
                "https://github.com/openai/openai-agents-python/blob/main/src/agents/strict_schema.py"
            }
            Converter::TransformSchema => {
                "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/lib/_parse/_transform.py"
            }
        }
    }

    /// The rules it applies to (its provider's strict rules) and what it does
    /// to each problem.
    fn effects(self) -> &'static [(&'static str, Effect)] {
        match self {
            Converter::EnsureStrictJsonSchema => ENSURE_STRICT,
            Converter::TransformSchema => TRANSFORM,
        }
    }

    /// What it does to a finding of the rule `rule`, or `None` when the
    /// converter does not apply to that rule (another provider's, or not
    /// about the schema's strict subset).
    #[must_use]
    pub fn effect(self, rule: &str) -> Option<Effect> {
        self.effects()
            .iter()
            .find(|(id, _)| *id == rule)
            .map(|(_, e)| *e)
    }
}

/// What a converter does to one problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// The converted schema no longer has it.
    Fixes,
    /// The converted schema still has it, and the API rejects the tool.
    Keeps,
}

impl Effect {
    /// How the reports write it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Effect::Fixes => "fixes",
            Effect::Keeps => "keeps",
        }
    }
}

/// The converters that apply to findings of `rule`, with their effects.
pub fn effects(rule: &str) -> impl Iterator<Item = (Converter, Effect)> + '_ {
    Converter::ALL
        .into_iter()
        .filter_map(move |c| c.effect(rule).map(|e| (c, e)))
}

/// `ensure_strict_json_schema`: it sets `additionalProperties: false` on
/// every object that has none (and raises on one that is `true` or a schema,
/// or that declares no properties), lists every property in `required`
/// (without making it nullable), inlines a `$ref` whose siblings are
/// descriptive, and recurses into `properties`, `items`, `anyOf`, `allOf`,
/// `$defs` and `definitions`. It leaves other keywords, formats, patterns
/// and types as they are, so strict mode's API rejects those; it raises on a
/// root `anyOf` or `oneOf` (what raises is `agents-strict-conversion-fails`).
const ENSURE_STRICT: &[(&str, Effect)] = &[
    ("openai-strict-additional-properties", Effect::Fixes),
    ("openai-strict-optional-property", Effect::Fixes),
    ("openai-strict-ref-siblings", Effect::Fixes),
    ("openai-strict-unsupported-keyword", Effect::Keeps),
    ("openai-strict-unsupported-format", Effect::Keeps),
    ("openai-strict-unsupported-pattern", Effect::Keeps),
    ("openai-strict-missing-type", Effect::Keeps),
    ("openai-strict-schema-too-large", Effect::Keeps),
    ("openai-root-combinator", Effect::Keeps),
    ("openai-object-missing-properties", Effect::Keeps),
];

/// `transform_schema`: it rebuilds each schema from the keywords Claude's
/// strict mode supports, sets `additionalProperties: false` on every
/// object, and moves what it drops (numeric and length constraints, every
/// `pattern`, unsupported formats, `minItems` above 1) into the description.
/// It keeps `allOf`, `$ref` and `$defs` as they are, and raises on a type
/// list, a boolean subschema or a schema without a type. The SDK's MCP
/// helpers (`mcp_tool`) do not call it: a user applies it by hand.
const TRANSFORM: &[(&str, Effect)] = &[
    ("claude-strict-additional-properties", Effect::Fixes),
    ("claude-strict-unsupported-constraint", Effect::Fixes),
    ("claude-strict-unsupported-format", Effect::Fixes),
    ("claude-strict-unsupported-pattern", Effect::Fixes),
    ("claude-strict-allof-ref", Effect::Keeps),
    ("claude-strict-recursive-schema", Effect::Keeps),
    ("claude-strict-request-limit-exceeded", Effect::Keeps),
    ("claude-root-combinator", Effect::Keeps),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule a converter names exists, and every strict rule of its
    /// provider is named: a new strict rule must say what the converters do.
    #[test]
    fn every_strict_rule_is_modelled() {
        for converter in Converter::ALL {
            for (id, _) in converter.effects() {
                assert!(
                    crate::catalog::rule(id).is_some(),
                    "{}: no rule {id}",
                    converter.key()
                );
            }
        }
        for rule in crate::catalog::every_rule() {
            let strict =
                rule.id.starts_with("openai-strict-") || rule.id.starts_with("claude-strict-");
            if strict {
                assert!(
                    effects(rule.id).next().is_some(),
                    "{} has no converter effect",
                    rule.id
                );
            }
        }
    }
}
