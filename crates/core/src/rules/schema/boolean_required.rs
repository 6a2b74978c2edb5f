use crate::value::Value;

use crate::fix::{Fix, Op, json};
use crate::registry::declare_rule;
use crate::rules::schema::{Dialect, each_node_with_dialect};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags `"required": true` (or `false`) inside a schema: the draft-03 way
    /// of marking a property as required. It stays quiet when the schema
    /// declares draft-03 with `$schema`, and when it declares a dialect the
    /// checker does not know.
    ///
    /// ## Why is this bad?
    /// Since draft 4, `required` is an array of property names on the parent
    /// object, and a boolean there makes the schema invalid. A validator that
    /// checks schemas rejects it, so depending on the client the tool is dropped
    /// or every call fails. A lenient one ignores the keyword, so the property is
    /// optional after all: the model may leave it out and the handler receives
    /// no value.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object",
    ///  "properties": {"customerId": {"type": "string", "required": true}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object",
    ///  "properties": {"customerId": {"type": "string"}},
    ///  "required": ["customerId"]}
    /// ```
    ///
    /// ## Fix
    /// Remove the boolean and list the property name in the parent's `required`
    /// array.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Validation, `required`: <https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.3>
    /// - JSON Schema draft-03, `required` (the old boolean form): <https://json-schema.org/draft-03/draft-zyp-json-schema-03.pdf>
    /// - MCP 2026-07-28, JSON Schema usage: <https://modelcontextprotocol.io/specification/2026-07-28/basic>
    pub BOOLEAN_REQUIRED,
    id = "boolean-required",
    group = Schema,
    severity = Error,
    fix = Safe,
    fix_note = "The automatic fix (safe), for a property: `\"required\": true` moves into the parent's `required` array (made when there is none), and `\"required\": false` is removed. That is what draft 3 meant.",
    summary = "`required` is a boolean (draft-03 syntax) instead of an array of names",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_node_with_dialect(cx, &mut |tool, dialect, node| {
        if matches!(dialect, Dialect::Draft3 | Dialect::Unknown) {
            return;
        }
        let Some(Value::Bool(flag)) = node.get("required") else {
            return;
        };
        let path = node.path.key("required");
        let (message, fix) = match (node.property_name(), flag) {
            (Some(name), true) => (
                format!("`\"required\": true` on property {} is draft-03 syntax", quote(name)),
                format!(
                    "Remove `\"required\": true` and list the property name in the parent's `required` array: `\"required\": [{}]`",
                    quote(name)
                ),
            ),
            (Some(name), false) => (
                format!("`\"required\": false` on property {} is draft-03 syntax", quote(name)),
                format!(
                    "Remove `\"required\": false`; {} is optional as long as the parent's `required` array does not list it",
                    quote(name)
                ),
            ),
            (None, _) => (
                format!("`required` is `{flag}`, not an array of property names"),
                "Write `required` as an array of the property names that must be present, such as `[\"id\"]`".to_owned(),
            ),
        };
        let autofix = || {
            node.property_name().map(|name| {
                // `…parent.properties.name`: the parent object is two up.
                let parent = node.path.parent().parent();
                let remove = Op::Remove { path: path.clone() };
                if *flag {
                    Fix::safe(
                        format!("Move {} into the parent's `required`", quote(name)),
                        vec![
                            remove,
                            Op::AddToList {
                                path: parent,
                                key: "required".into(),
                                json: json(name),
                            },
                        ],
                    )
                } else {
                    Fix::safe("Remove `\"required\": false`", vec![remove])
                }
            })
        };
        let finding = out.report(
            Some(tool),
            path.clone(),
            message,
        )
        .explanation(
            format!(
                "Since draft 4, `required` is an array of property names on the parent object; a boolean makes this {} schema invalid. \
                 A client that checks schemas rejects it, so the tool is dropped or every call fails. A lenient one ignores the keyword, \
                 so the property is optional after all and the model may leave it out.",
                dialect.label()
            ),
        )
        .help(fix);
        finding.with_fix(|| autofix().unwrap_or_default());
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(BOOLEAN_REQUIRED, "schema/boolean-required.json");
}
