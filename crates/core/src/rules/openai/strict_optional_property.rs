use crate::value::Value;

use crate::fix::{Fix, Op, json};
use crate::registry::declare_rule;
use crate::rules::provider::{OPENAI_STRICT_DESCEND, each_strict_node, quoted_list};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::{field, member};

declare_rule! {
    /// ## What it does
    /// In strict mode, flags an object whose `required` does not list every key
    /// of its `properties` (or that has no `required`). One finding per object,
    /// naming the missing keys, on `required` when it exists. Strict mode applies
    /// when it is ticked for every tool or the tool says `"strict": true`; runs
    /// when OpenAI is a target.
    ///
    /// ## Why is this bad?
    /// OpenAI's strict mode has no optional properties: "all fields or function
    /// parameters must be specified as required", and a schema that leaves one
    /// out is rejected with a 400. An optional parameter is modelled as a
    /// required one that accepts `null`. Claude's strict mode does allow
    /// optional properties (up to 24 per request), so this is OpenAI only.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object",
    ///  "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}},
    ///  "required": ["q"], "additionalProperties": false}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object",
    ///  "properties": {"q": {"type": "string"}, "limit": {"type": ["integer", "null"]}},
    ///  "required": ["q", "limit"], "additionalProperties": false}
    /// ```
    ///
    /// ## Fix
    /// Add every property to `required`, and give the ones that may be left out
    /// a null type (`"type": ["integer", "null"]`, or `anyOf` with
    /// `{"type": "null"}`); the handler treats `null` as "not given".
    ///
    /// ## Sources
    /// - OpenAI Structured Outputs, supported schemas ("All fields must be required"): <https://developers.openai.com/api/docs/guides/structured-outputs>
    /// - OpenAI function calling guide, strict mode: <https://developers.openai.com/api/docs/guides/function-calling#strict-mode>
    /// - openai-python `lib/_pydantic.py` (`to_strict_json_schema` sets `required` to every key)
    pub OPENAI_STRICT_OPTIONAL_PROPERTY,
    id = "openai-strict-optional-property",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (EnsureStrictJsonSchema, Fixes),
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: it changes the contract) lists every property in `required` and makes the ones that were optional accept null, as OpenAI's guide writes optional parameters. The handler must then treat null as \"not given\".",
    summary = "OpenAI strict: a property is not listed in `required`",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, OPENAI_STRICT_DESCEND, &mut |tool, node| {
        let Some(obj) = node.object() else { return };
        let Some(props) = member(obj, "properties").and_then(Value::as_object) else {
            return;
        };
        let required: Vec<&str> = match member(obj, "required") {
            None => Vec::new(),
            Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
            // A `required` of the wrong type is the MCP schema rules' finding.
            Some(_) => return,
        };
        let missing: Vec<&str> = props
            .keys()
            .map(crate::value::Str::as_str)
            .filter(|k| !required.contains(k))
            .collect();
        if missing.is_empty() {
            return;
        }
        let path = if member(obj, "required").is_some() {
            node.path.key("required")
        } else {
            node.path.clone()
        };
        let example = missing
            .first()
            .and_then(|k| member(props, k))
            .and_then(|p| field(p, "type"))
            .and_then(Value::as_str)
            .filter(|t| *t != "null")
            .unwrap_or("string");
        let (them, names) = if missing.len() == 1 {
            ("it", quote(missing[0]))
        } else {
            ("the ones that may be left out", quoted_list(&missing, 6))
        };
        // The names go into `required` in one edit.
        let listed: Vec<String> = missing.iter().map(json).collect();
        let mut ops = vec![Op::AddToList {
            path: node.path.clone(),
            key: "required".into(),
            json: listed.join(", "),
        }];
        for name in &missing {
            if let Some(schema) = member(props, name) {
                ops.extend(crate::fix::nullable(
                    schema,
                    &node.path.key("properties").key(name),
                ));
            }
        }
        let finding = out.report(
            Some(tool),
            path,
            format!(
                "OpenAI: strict mode requires every property in required; {} {} not",
                quoted_list(&missing, 4),
                if missing.len() == 1 { "is" } else { "are" }
            ),
        )
        .explanation(
            "OpenAI's strict mode has no optional properties: every key of `properties` must be listed in `required`, and \
             the request is rejected with a 400 otherwise, so no tool in it can be called. An optional parameter is written \
             as a required one that accepts null.",
        )
        .help(
            format!(
                "Add {names} to `required`, and type {them} with null, e.g. \"type\": [\"{example}\", \"null\"]"
            ),
        );
        finding.with_fix(|| {
            Fix::r#unsafe(
                "List every property in `required`, optional ones nullable",
                ops,
            )
        });
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_STRICT_OPTIONAL_PROPERTY,
        "openai/openai-strict-optional-property.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );
}
