use crate::value::Value;

use crate::fix::{Fix, Op};
use crate::registry::declare_rule;
use crate::rules::walk::Via;
use crate::rules::{Definitions, Emitter};
use crate::text::{closest, quote};
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags a name listed in `required` that is not a key of `properties` in the
    /// same object schema.
    ///
    /// ## Why is this bad?
    /// The model builds its arguments from `properties`. It is never told that the
    /// required key exists, so it never sends it, and every call fails validation.
    /// This typically happens after a property is renamed and `required` is left
    /// behind. When the object also sets `additionalProperties: false`, the key can
    /// never be sent at all, so no input passes.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object",
    ///  "properties": {"customerId": {"type": "string"}},
    ///  "required": ["customer_id"]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object",
    ///  "properties": {"customerId": {"type": "string"}},
    ///  "required": ["customerId"]}
    /// ```
    ///
    /// ## Fix
    /// Rename the entry in `required` to the property's current name, or remove it.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Validation, `required`: <https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.3>
    /// - MCP 2026-07-28, Tools: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub REQUIRED_NOT_IN_PROPERTIES,
    id = "required-not-in-properties",
    group = Schema,
    severity = Error,
    fix = Safe,
    fix_note = "The automatic fix (safe) removes the name from `required`: no correct call can send it, so no call that passes today fails afterwards. Renaming it would make a property required that is optional now, which only the author can decide.",
    summary = "A name in `required` is not in `properties`",
}

/// Keywords whose presence means other keys may be defined elsewhere.
const OPEN_ENDED: [&str; 7] = [
    "$ref",
    "$dynamicRef",
    "patternProperties",
    "allOf",
    "anyOf",
    "oneOf",
    "dependentSchemas",
];

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        // A `required` inside a composition branch refers to its parent's
        // properties; only check schemas that own their properties.
        if matches!(node.via, Via::Element(..) | Via::Keyword("not" | "if" | "then" | "else")) {
            return;
        }
        let Some(obj) = node.object() else { return };
        let Some(Value::Array(required)) = member(obj, "required") else { return };
        if OPEN_ENDED.iter().any(|k| member(obj, k).is_some()) {
            return;
        }
        let properties = member(obj, "properties").and_then(Value::as_object);
        let closed = member(obj, "additionalProperties") == Some(&Value::Bool(false));
        for (index, name) in required.iter().enumerate() {
            let Some(name) = name.as_str() else { continue };
            if properties.is_some_and(|p| member(p, name).is_some()) {
                continue;
            }
            let suggestion = properties.and_then(|p| closest(name, p.keys().map(crate::value::Str::as_str)));
            let explanation = if closed {
                format!(
                    "The model builds its arguments from `properties` and is never told that {} exists, so it never sends it. \
                     This object also sets `additionalProperties: false`, which forbids that key: no input at all can pass, and every call fails validation.",
                    quote(name)
                )
            } else {
                format!(
                    "The model builds its arguments from `properties` and is never told that {} exists, so it never sends it. \
                     Every call then fails validation with a missing required property, and the model retries without knowing why.",
                    quote(name)
                )
            };
            let fix = match suggestion {
                Some(s) => format!("Rename {} to {} in `required`, or remove it", quote(name), quote(s)),
                None => format!("Add {} to `properties`, or remove it from `required`", quote(name)),
            };
            out.report(
                Some(tool),
                node.path.key("required"),
                format!("required names {}, which is not in properties", quote(name)),
            )
            .explanation(explanation)
            .help(fix)
            .with_fix(|| Fix::safe(
                format!("Remove {} from `required`", quote(name)),
                vec![Op::Remove {
                    path: node.path.key("required").index(index),
                }],
            ));
        }
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        REQUIRED_NOT_IN_PROPERTIES,
        "schema/required-not-in-properties.json"
    );
}
