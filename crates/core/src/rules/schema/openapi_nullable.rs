use crate::value::{Map, Value};

use crate::fix::{Fix, Op};
use crate::registry::declare_rule;
use crate::rules::walk::type_names;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags `"nullable": true` in an input or output schema.
    ///
    /// ## Why is this bad?
    /// `nullable` is OpenAPI 3.0 vocabulary. JSON Schema has no such keyword, so
    /// validators ignore it as an unknown annotation: the schema looks as if it
    /// accepts `null`, but a `null` from the model fails validation. OpenAPI 3.1
    /// dropped it in favour of JSON Schema's type lists.
    ///
    /// ## Example
    /// ```json
    /// {"reason": {"type": "string", "nullable": true}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"reason": {"type": ["string", "null"]}}
    /// ```
    ///
    /// ## Fix
    /// Replace it with `"type": [<type>, "null"]` (adding `null` to an `enum` if
    /// there is one), or wrap a schema without `type` in
    /// `"anyOf": [<schema>, {"type": "null"}]`.
    ///
    /// ## Sources
    /// - OpenAPI 3.0.3, Schema Object `nullable`: <https://spec.openapis.org/oas/v3.0.3#fixed-fields-19>
    /// - OpenAPI 3.1.0 (no `nullable`; JSON Schema 2020-12 types): <https://spec.openapis.org/oas/v3.1.0#schema-object>
    /// - JSON Schema 2020-12 Validation, `type`: <https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.1>
    pub OPENAPI_NULLABLE,
    id = "openapi-nullable",
    group = Schema,
    severity = Warning,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: the schema then accepts null, which validators refuse today) adds `null` to `type` (and to `enum`), or wraps a schema without either in `anyOf`, and removes `nullable`.",
    summary = "`nullable` is OpenAPI 3.0 vocabulary that JSON Schema ignores",
}

fn json_list(names: &[&str]) -> String {
    let items: Vec<String> = names.iter().map(|n| quote(n)).collect();
    format!("[{}]", items.join(", "))
}

fn fix_for(obj: &Map) -> String {
    let types = type_names(obj);
    let has_enum = obj
        .get("enum")
        .and_then(Value::as_array)
        .is_some_and(|e| !e.contains(&Value::Null));
    let enum_note = if has_enum {
        " and add null to \"enum\""
    } else {
        ""
    };
    if types.contains(&"null") {
        return "Remove \"nullable\": the type already allows null".to_owned();
    }
    if types.is_empty() {
        return "Remove \"nullable\" and wrap the schema as \"anyOf\": [{…}, {\"type\": \"null\"}]"
            .to_owned();
    }
    let mut with_null = types.clone();
    with_null.push("null");
    let replaced = if member(obj, "type").is_some_and(Value::is_string) {
        format!("\"type\": {}", quote(types[0]))
    } else {
        format!("\"type\": {}", json_list(&types))
    };
    format!(
        "Replace {replaced} and \"nullable\": true with \"type\": {}{enum_note}",
        json_list(&with_null)
    )
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_schema_node(&mut |tool, _kind, node| {
        let Some(obj) = node.object() else { return };
        if member(obj, "nullable") != Some(&Value::Bool(true)) {
            return;
        }
        let what = node.property_name().map_or_else(String::new, |n| format!(" on {}", quote(n)));
        let mut ops = crate::fix::nullable(node.value, &node.path);
        ops.push(Op::Remove {
            path: node.path.key("nullable"),
        });
        // A wrapped schema is replaced whole, `nullable` with it.
        if ops.iter().any(|op| matches!(op, Op::Replace { path, .. } if *path == node.path)) {
            ops.pop();
        }
        out.report(
            Some(tool),
            node.path.key("nullable"),
            format!("\"nullable\": true{what} is OpenAPI 3.0 vocabulary that JSON Schema ignores"),
        )
        .explanation(
            "JSON Schema validators ignore `nullable` as an unknown keyword. The schema looks as if it accepts null, \
             but a null from the model fails validation, and a model that reads the schema literally never sends one.",
        )
        .help(fix_for(obj))
        .with_fix(|| Fix::r#unsafe("Accept null in JSON Schema terms", ops));
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(OPENAPI_NULLABLE, "schema/openapi-nullable.json");
}
