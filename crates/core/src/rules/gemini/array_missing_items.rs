use crate::registry::declare_rule;
use crate::rules::gemini::{WHOLE_REQUEST, each_parameters_node};
use crate::rules::{Definitions, Emitter};
use crate::value::Value;

declare_rule! {
    /// ## What it does
    /// Flags an array schema without `items` (or with `items` that is not
    /// one schema object) in a schema that reaches Gemini as `parameters`.
    /// Runs when Gemini is a target and the parameters go in `parameters`.
    ///
    /// ## Why is this bad?
    /// Gemini requires the item schema of every array and rejects the whole
    /// request with a 400 without one (`…properties[tables].items: missing
    /// field.`), so no tool in the request can be called. JSON Schema and MCP
    /// allow an array of anything; Gemini does not.
    ///
    /// ## Example
    /// ```json
    /// {"type": "array", "description": "Tags"}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "array", "items": {"type": "string"}, "description": "Tags"}
    /// ```
    ///
    /// ## Fix
    /// Give `items` one schema for the elements (`{"type": "string"}` for
    /// tags or ids).
    ///
    /// ## Sources
    /// Checked 2026-12-02.
    /// - Gemini API reference, `Schema.items`: <https://ai.google.dev/api/caching#Schema>
    /// - The 400 for a missing `items`: t8y2/dbx#6233
    pub GEMINI_ARRAY_MISSING_ITEMS,
    id = "gemini-array-missing-items",
    group = Gemini,
    severity = Error,
    provider = Gemini, as_of = "2026-12-02",
    runs_in = Worker,
    fix_note = "No automatic fix: the element type depends on what the handler accepts, which the schema does not say.",
    summary = "Gemini: an array schema has no `items`",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_parameters_node(cx, &mut |tool, node| {
        let is_array = node
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|t| t.eq_ignore_ascii_case("array"));
        if !is_array || node.get("items").is_some_and(Value::is_object) {
            return;
        }
        let what = match node.get("items") {
            None => "has no items".to_owned(),
            Some(Value::Array(_)) => "has a list of item schemas, and Gemini takes one".to_owned(),
            Some(_) => "has items that is not a schema object".to_owned(),
        };
        out.report(
            Some(tool),
            node.path.clone(),
            format!("Gemini: the array {what}"),
        )
        .explanation(format!("Gemini needs one `items` schema for every array. {WHOLE_REQUEST}"))
        .help(
            "Give the array \"items\": one schema for its elements, for example {\"type\": \"string\"}",
        );
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        GEMINI_ARRAY_MISSING_ITEMS,
        "gemini/gemini-array-missing-items.json",
        crate::Settings {
            targets: crate::Targets::GEMINI,
            ..Default::default()
        }
    );
}
