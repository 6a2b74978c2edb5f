use crate::registry::declare_rule;
use crate::rules::provider::{OPENAI_STRICT_DESCEND, each_strict_node};
use crate::rules::{Definitions, Emitter};
use crate::value::Value;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// In strict mode, flags a subschema with no `type` that is not a `$ref`
    /// and not an `anyOf`: an `items: {}`, an empty branch, a bare `enum` or
    /// `const`, a property schema with only a `description`. Runs when OpenAI
    /// is a target, on tools that are strict (ticked for every tool, or
    /// `"strict": true` on the tool). The root is `input-schema-type-not-object`'s,
    /// and a node whose only shape is a keyword strict mode does not support
    /// (`allOf`, `oneOf`, `not`, `if`) is `openai-strict-unsupported-keyword`'s.
    ///
    /// ## Why is this bad?
    /// OpenAI's strict mode compiles the schema into a grammar, and every
    /// node must say what kind of value it is. The request is rejected with a
    /// 400 ("In context=('properties', 'slides', 'items'), schema must have a
    /// 'type' key."), so no tool in it can be called. The docs do not state the
    /// rule; the API enforces it.
    ///
    /// ## Example
    /// ```json
    /// {"tags": {"type": "array", "items": {}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"tags": {"type": "array", "items": {"type": "string"}}}
    /// ```
    ///
    /// ## Fix
    /// Add the `type` of the value; for a value of several kinds, use `anyOf`
    /// with one typed branch per kind.
    ///
    /// ## Sources
    /// - OpenAI Structured Outputs, supported schemas: <https://developers.openai.com/api/docs/guides/structured-outputs>
    /// - API error quoted in can1357/oh-my-pi#211 (2026-02-28): "schema must have a 'type' key"
    pub OPENAI_STRICT_MISSING_TYPE,
    id = "openai-strict-missing-type",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-12-02",
    runs_in = Worker,
    converter = (EnsureStrictJsonSchema, Keeps),
    fix_note = "No automatic fix: the value's type depends on what the handler accepts, which the schema does not say.",
    summary = "OpenAI strict: a subschema has no `type` (and is not a `$ref` or `anyOf`)",
}

/// Keywords that give a node its shape without a `type`: a reference, an
/// `anyOf`, or a keyword `openai-strict-unsupported-keyword` reports.
const SHAPED_ELSEWHERE: [&str; 6] = ["$ref", "anyOf", "allOf", "oneOf", "not", "if"];

/// The `type` an `enum` or `const` implies, when its values share one.
fn implied_type(obj: &crate::value::Map) -> Option<&'static str> {
    let values: Vec<&Value> = match (member(obj, "enum"), member(obj, "const")) {
        (Some(Value::Array(values)), _) => values.iter().collect(),
        (_, Some(value)) => vec![value],
        _ => return None,
    };
    let kind = |v: &Value| match v {
        Value::String(_) => "string",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::Null => "null",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let first = kind(values.first()?);
    values.iter().all(|v| kind(v) == first).then_some(first)
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, OPENAI_STRICT_DESCEND, &mut |tool, node| {
        let Some(obj) = node.object() else { return };
        if node.is_root()
            || member(obj, "type").is_some()
            || SHAPED_ELSEWHERE.iter().any(|k| member(obj, k).is_some())
        {
            return;
        }
        let fix = match implied_type(obj) {
            Some(t) => format!("Add \"type\": \"{t}\" to this schema"),
            None => "Add the \"type\" of the value; for a value of several kinds, use \"anyOf\" with one typed branch per kind".to_owned(),
        };
        out.report(
            Some(tool),
            node.path.clone(),
            "OpenAI: this schema has no \"type\", which strict mode requires",
        )
        .explanation(
            "OpenAI's strict mode needs every subschema to say what kind of value it is (a `$ref` or an `anyOf` aside) \
             and rejects the request with a 400 (\"schema must have a 'type' key\"), so no tool in it can be called.",
        )
        .help(fix);
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_STRICT_MISSING_TYPE,
        "openai/openai-strict-missing-type.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );
}
