use crate::registry::declare_rule;
use crate::rules::facts::SHAPING;
use crate::rules::walk::Via;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::Value;

declare_rule! {
    /// ## What it does
    /// Flags a parameter whose schema says nothing about what its value is:
    /// `{}`, `true`, or only annotations, with no `type`, `enum`, `const`,
    /// `$ref`, composition or type-specific keyword (`properties`, `items`,
    /// `pattern`, `minimum`…). Pydantic's `Any` and Zod's `z.any()` produce
    /// it. A description that says any value or type is accepted leaves it
    /// alone: the model is told.
    ///
    /// ## Why is this bad?
    /// The model is not told whether to send a string, a number, an object or
    /// a list, so it guesses from the name. Validation accepts every value, so
    /// the call fails inside the handler or does the wrong thing.
    ///
    /// ## Example
    /// ```json
    /// {"filter": {"description": "Filter to apply"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"filter": {"type": "object", "description": "Filter to apply",
    ///             "properties": {"status": {"type": "string"}}}}
    /// ```
    ///
    /// ## Fix
    /// Give the parameter a `type` (or an `anyOf` of the types it takes),
    /// with the structure the handler reads.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Core, an empty schema accepts every instance: <https://json-schema.org/draft/2020-12/json-schema-core#section-4.3.2>
    /// - MCP 2025-11-25, Tools, `inputSchema` "defining expected parameters": <https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool>
    /// - Pydantic, `Any` gives an empty schema: <https://docs.pydantic.dev/latest/concepts/json_schema/>
    pub UNTYPED_PARAMETER,
    id = "untyped-parameter",
    group = Clarity,
    severity = Warning,
    runs_in = Worker,
    fix_note = "No automatic fix: which types the handler accepts is not in the schema.",
    summary = "A parameter's schema says nothing about what its value is",
}

/// Keywords that, besides [`SHAPING`], constrain what a value is: a
/// recursive reference, a condition, and the keywords that apply to values of
/// one type only.
const ALSO_TYPING: [&str; 25] = [
    "$recursiveRef",
    "if",
    "properties",
    "patternProperties",
    "additionalProperties",
    "required",
    "minProperties",
    "maxProperties",
    "items",
    "prefixItems",
    "contains",
    "minItems",
    "maxItems",
    "uniqueItems",
    "pattern",
    "minLength",
    "maxLength",
    "format",
    "contentMediaType",
    "contentEncoding",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
];

/// Whether a description says that any value is accepted.
fn says_any(description: Option<&Value>) -> bool {
    description.and_then(Value::as_str).is_some_and(|d| {
        let d = d.to_lowercase();
        ["any value", "any json value", "any type", "any json type"]
            .iter()
            .any(|phrase| d.contains(phrase))
    })
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        let Via::Property(name) = node.via else { return };
        let untyped = match node.value {
            Value::Bool(true) => true,
            Value::Object(obj) => !SHAPING.iter().chain(&ALSO_TYPING).any(|k| obj.contains_key(k)),
            _ => false,
        };
        if !untyped || node.in_condition || says_any(node.get("description")) {
            return;
        }
        out.report(
            Some(tool),
            node.path.clone(),
            format!("parameter {} has no type", quote(name)),
        )
        .explanation(
            "The schema accepts any value, so the model guesses from the name whether to send a string, a number, an \
             object or a list, and the handler gets a shape it did not expect.",
        )
        .help(format!(
            "Give {} a \"type\" (or an \"anyOf\" of the types it takes) with the structure the handler reads",
            quote(name)
        ));
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(UNTYPED_PARAMETER, "clarity/untyped-parameter.json");
}
