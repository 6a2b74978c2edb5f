//! The strict-mode converters clients and SDKs run on a tool's schema before
//! sending it with `strict: true`, and what each does to each strict
//! finding. A client that uses one is judged on what is left after it
//! ([`crate::compat`]); a finding's JSON and Markdown say which converters
//! fix it.
//!
//! The effects are by rule, and each strict rule declares its own
//! (`converter = (EnsureStrictJsonSchema, Fixes)`, read as
//! [`crate::registry::RuleInfo::converter`]): a converter rewrites every
//! instance of a problem the same way. Where a converter raises instead (the SDK then falls back
//! to sending the tool without `strict`), the client rule
//! `agents-strict-conversion-fails` reports the schema that makes it raise.

use serde::Serialize;

/// A strict-mode converter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Converter {
    /// The OpenAI Agents SDK's `ensure_strict_json_schema` (Python,
    /// `agents/strict_schema.py`; the JavaScript SDK's is the same), which
    /// MCP tools go through when `convert_schemas_to_strict` is on.
    ///
    /// It sets `additionalProperties: false` on
    /// every object that has none (and raises on one that is `true` or a schema,
    /// or that declares no properties), lists every property in `required`
    /// (without making it nullable), inlines a `$ref` whose siblings are
    /// descriptive, and recurses into `properties`, `items`, `anyOf`, `allOf`,
    /// `$defs` and `definitions`. It leaves other keywords, formats, patterns
    /// and types as they are, so strict mode's API rejects those; it raises on a
    /// root `anyOf` or `oneOf` (what raises is `agents-strict-conversion-fails`).
    #[serde(rename = "ensure_strict_json_schema")]
    EnsureStrictJsonSchema,
    /// The Anthropic Python SDK's `transform_schema`
    /// (`anthropic/lib/_parse/_transform.py`), for Claude's strict tools.
    ///
    /// It rebuilds each schema from the keywords Claude's
    /// strict mode supports, sets `additionalProperties: false` on every
    /// object, and moves what it drops (numeric and length constraints, every
    /// `pattern`, unsupported formats, `minItems` above 1) into the description.
    /// It keeps `allOf`, `$ref` and `$defs` as they are, and raises on a type
    /// list, a boolean subschema or a schema without a type. The SDK's MCP
    /// helpers (`mcp_tool`) do not call it: a user applies it by hand.
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

#[cfg(test)]
mod tests {
    /// Every strict rule says what its provider's converter does to its
    /// problem (`tests/registry.rs` checks it is its provider's): a new
    /// strict rule must say what the converter does.
    #[test]
    fn every_strict_rule_is_modelled() {
        let mut modelled = 0;
        for rule in crate::catalog::every_rule() {
            let strict =
                rule.id.starts_with("openai-strict-") || rule.id.starts_with("claude-strict-");
            if strict {
                assert!(
                    rule.converter.is_some(),
                    "{} has no converter effect",
                    rule.id
                );
            }
            if rule.converter.is_some() {
                modelled += 1;
            }
        }
        assert_eq!(modelled, 18);
    }
}
