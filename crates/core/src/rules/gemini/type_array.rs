use crate::registry::declare_rule;
use crate::rules::gemini::{WHOLE_REQUEST, each_parameters_node};
use crate::rules::{Definitions, Emitter};
use crate::value::Value;

declare_rule! {
    /// ## What it does
    /// Flags a `type` written as an array (`["string", "null"]`) in a schema
    /// that reaches Gemini as `parameters`. Runs when Gemini is a target and
    /// the parameters go in `parameters`.
    ///
    /// ## Why is this bad?
    /// Gemini's `Schema.type` holds one type. Given an array, its parser fails
    /// the whole request with a 400 (`Unknown name "type" at
    /// '…properties[1].value': Proto field is not repeating, cannot start
    /// list.`), so no tool in the request can be called. Zod and Pydantic
    /// write nullable fields this way, which makes this one of the most
    /// common reasons an MCP server breaks Gemini.
    ///
    /// ## Example
    /// ```json
    /// {"type": ["string", "null"], "description": "Due date, if any"}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "string", "nullable": true, "description": "Due date, if any"}
    /// ```
    ///
    /// ## Fix
    /// Give one type, with `"nullable": true` for `null`; for two real types,
    /// use `anyOf` with one branch per type.
    ///
    /// ## Sources
    /// Checked 2026-12-02.
    /// - Gemini API reference, `Schema.type` and `nullable`: <https://ai.google.dev/api/caching#Schema>
    /// - The 400 for a type array: n8n-io/n8n#15553, zed-industries/zed#44875
    pub GEMINI_TYPE_ARRAY,
    id = "gemini-type-array",
    group = Gemini,
    severity = Error,
    provider = Gemini, as_of = "2026-12-02",
    runs_in = Worker,
    fix_note = "No automatic fix: `nullable` is not JSON Schema, so the rewrite belongs where the schema is converted for Gemini, not in definitions other clients also read.",
    summary = "Gemini: `type` is an array",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_parameters_node(cx, &mut |tool, node| {
        let Some(Value::Array(types)) = node.get("type") else {
            return;
        };
        let names: Vec<&str> = types.iter().filter_map(Value::as_str).collect();
        let real: Vec<&str> = names.iter().copied().filter(|t| *t != "null").collect();
        let fix = match (real.as_slice(), names.contains(&"null")) {
            ([one], true) => format!("Write \"type\": \"{one}\", \"nullable\": true"),
            ([one], false) => format!("Write \"type\": \"{one}\""),
            _ => "Use anyOf with one branch per type (and \"nullable\": true for null)".to_owned(),
        };
        out.report(
            Some(tool),
            node.path.key("type"),
            format!(
                "Gemini: \"type\" is an array ({}); Gemini takes one type",
                names.join(", ")
            ),
        )
        .explanation(format!(
            "Gemini's `Schema.type` holds a single type. {WHOLE_REQUEST}"
        ))
        .help(fix);
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        GEMINI_TYPE_ARRAY,
        "gemini/gemini-type-array.json",
        crate::Settings {
            targets: crate::Targets::GEMINI,
            ..Default::default()
        }
    );
}
