use crate::registry::declare_rule;
use crate::rules::facts::what;
use crate::rules::{Definitions, Emitter};
use crate::value::Value;

declare_rule! {
    /// ## What it does
    /// Flags an `enum` with no values, `"enum": []`, anywhere in an input
    /// schema outside a condition (`not`, `if`, `contains`, `propertyNames`,
    /// where an empty set can be meant).
    ///
    /// ## Why is this bad?
    /// An empty `enum` accepts nothing: a call that sends the parameter fails
    /// validation, and when it is required no call can succeed. Generators
    /// make it from an enumeration with no members, or a list of choices
    /// filled in at runtime that came back empty.
    ///
    /// ## Example
    /// ```json
    /// {"region": {"type": "string", "enum": []}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"region": {"type": "string", "enum": ["eu", "us"]}}
    /// ```
    ///
    /// ## Fix
    /// List the allowed values, or remove `enum` (and the parameter, if no
    /// value is ever right).
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Validation, `enum` ("An instance validates successfully against this keyword if its value is equal to one of the elements in this keyword's array value"; the array "SHOULD have at least one element"): <https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.2>
    /// - robert19001-cmyk/mcp-lint, `no-empty-enum`: <https://github.com/robert19001-cmyk/mcp-lint/blob/main/src/rules/no-empty-enum.ts>
    pub EMPTY_ENUM,
    id = "empty-enum",
    group = Schema,
    severity = Error,
    runs_in = Worker,
    fix_note = "No automatic fix: removing `enum` turns \"nothing is allowed\" into \"anything is allowed\", and only the author knows the values.",
    summary = "An `enum` has no values, so no value can pass",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        if node.in_condition || !node.get("enum").and_then(Value::as_array).is_some_and(<[Value]>::is_empty) {
            return;
        }
        let what = what(node);
        out.report(Some(tool), node.path.key("enum"), format!("{what} has an empty enum: no value can pass"))
            .explanation(
                "A value is valid against `enum` only if it equals one of its elements, so an empty `enum` accepts \
                 nothing: a call that sends this value fails validation, whatever the model puts in it.",
            )
            .help("List the allowed values in \"enum\", or remove it");
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(EMPTY_ENUM, "schema/empty-enum.json");
}
