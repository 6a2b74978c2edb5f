use crate::value::{Map, Value};

use crate::registry::declare_rule;
use crate::rules::facts::SHAPING;
use crate::rules::walk::has_type;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags an array in an input schema that has no `items` (and no
    /// `prefixItems`), or whose `items` schema says nothing about the elements:
    /// no `type`, `enum`, `const`, `$ref` or composition (`anyOf`, `oneOf`,
    /// `allOf`, `not`).
    ///
    /// ## Why is this bad?
    /// JSON Schema accepts it, but the model is not told what goes in the
    /// array, and hosts that forward tools to a model provider often reject it:
    /// several provider APIs require every array to declare its item type.
    /// It is the most common reason a tool list that works over MCP breaks
    /// when a host forwards it. Where it is accepted, the model guesses between
    /// strings, numbers and objects.
    ///
    /// ## Example
    /// ```json
    /// {"tags": {"type": "array", "description": "Tags to apply"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"tags": {"type": "array", "items": {"type": "string"}, "description": "Tags to apply"}}
    /// ```
    ///
    /// ## Fix
    /// Add `items` with the element type, for example `"items": {"type": "string"}`.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Core, `items`: <https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.1.2>
    /// - OpenAI Structured Outputs, supported schemas: <https://developers.openai.com/api/docs/guides/structured-outputs>
    pub ARRAY_WITHOUT_ITEMS,
    id = "array-without-items",
    group = Schema,
    severity = Warning,
    fix_note = "No automatic fix: the element type depends on what the handler accepts, which the schema does not say.",
    summary = "An array schema does not say what its items are",
}

/// The JSON type of a sample element, for a concrete fix.
fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The element type shown by `default` or `examples`, if any.
fn sample_type(obj: &Map) -> &'static str {
    let from_default = member(obj, "default")
        .and_then(Value::as_array)
        .and_then(|a| a.first());
    let from_examples = member(obj, "examples")
        .and_then(Value::as_array)
        .and_then(|e| e.iter().filter_map(Value::as_array).find_map(|a| a.first()));
    from_default.or(from_examples).map_or("string", json_type)
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        let Some(obj) = node.object() else { return };
        if !has_type(obj, "array") {
            return;
        }
        let what = node.property_name().map_or_else(|| "nested array".to_owned(), |n| format!("array {}", quote(n)));
        let element = sample_type(obj);
        match member(obj, "items") {
            None if member(obj, "prefixItems").is_some() => {}
            None => {
                out.report(
                    Some(tool),
                    node.path.clone(),
                    format!("{what} has no items schema"),
                )
                .explanation(
                    "The model is not told what goes in the array, so it guesses between strings, numbers and objects. \
                     Hosts that forward tools to a model provider often reject an array without `items`, which drops \
                     the tool or fails the whole request.",
                )
                .help(
                    format!("Add \"items\" with the element type, for example \"items\": {{\"type\": \"{element}\"}}"),
                );
            }
            Some(items @ (Value::Object(_) | Value::Bool(true))) => {
                let says_something = items.as_object().is_some_and(|i| SHAPING.iter().any(|k| i.contains_key(k)));
                if says_something {
                    return;
                }
                let object_like = items.as_object().is_some_and(|i| i.contains_key("properties"));
                let fix = if object_like {
                    "Add \"type\": \"object\" to \"items\"".to_owned()
                } else {
                    format!("Give \"items\" a type, for example \"items\": {{\"type\": \"{element}\"}}")
                };
                out.report(
                    Some(tool),
                    node.path.key("items"),
                    format!("items of {what} have no type"),
                )
                .explanation(
                    "An `items` schema with no type, enum or reference accepts any element, so the model is not told \
                     what goes in the array. Hosts that forward tools to a model provider often reject it.",
                )
                .help(fix);
            }
            Some(_) => {}
        }
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(ARRAY_WITHOUT_ITEMS, "schema/array-without-items.json");
}
