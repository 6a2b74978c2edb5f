use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::value::Value;
use crate::value::member;

/// The keywords Codex's schema subset drops that constrain a value or say
/// what an omitted one means. (`title`, `examples` and `$comment` go too,
/// and cost the model less.) `oneOf` and `allOf` count only with more than
/// one entry: Codex unwraps a single one.
const DROPPED: [&str; 23] = [
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "default",
    "not",
    "if",
    "patternProperties",
    "propertyNames",
    "dependentRequired",
    "prefixItems",
    "oneOf",
    "allOf",
];

declare_rule! {
    /// ## What it does
    /// Flags a subschema of an input schema with keywords that Codex drops
    /// before sending the tool, when Codex is a target: `pattern`, `format`,
    /// numeric bounds, lengths, item and property counts, `uniqueItems`,
    /// `default`, `not`, `if`, `patternProperties`, `propertyNames`,
    /// `dependentRequired`, `prefixItems`, and `oneOf` or `allOf` with more
    /// than one entry.
    ///
    /// ## Why is this bad?
    /// Codex re-parses every MCP tool's schema into its own subset (`type`,
    /// `description`, `enum`, `items`, `properties`, `required`,
    /// `additionalProperties`, `anyOf`) and sends only that, with
    /// `strict: false`. The model never sees the dropped constraint, so it
    /// sends values the server's own validation then refuses: a date in the
    /// wrong format, a number out of range, a string that does not match the
    /// pattern. The call fails, and the model has no schema to learn why.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "pattern": "^[A-Z]{3}-[0-9]+$"}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "string", "pattern": "^[A-Z]{3}-[0-9]+$", "description": "Issue key: three capital letters, a hyphen and a number, as in ABC-123"}
    /// ```
    ///
    /// ## Fix
    /// Say the constraint in the description as well, where every client
    /// passes it on; keep the keyword for the clients that read it.
    ///
    /// ## Sources
    /// Checked 2026-12-03.
    /// - Codex's schema subset (`JsonSchema`) and `sanitize_json_schema`: <https://github.com/openai/codex/blob/1048c68e183b97cfec9f78d5c2b951b026350c07/codex-rs/tools/src/json_schema.rs>
    /// - MCP tools sent with `strict: false`: <https://github.com/openai/codex/blob/074b7692d8f9a5abaa9ae7de117960dc55ce6089/codex-rs/tools/src/mcp_tool.rs>
    pub CODEX_DROPPED_CONSTRAINT,
    id = "codex-dropped-constraint",
    group = Clients,
    severity = Warning,
    client = Codex, as_of = "2026-12-03",
    runs_in = Worker,
    fix_note = "No automatic fix: the words that carry a constraint best depend on it.",
    summary = "Codex: a constraint Codex drops before the model sees the schema",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        if node.in_condition {
            return;
        }
        let Some(obj) = node.object() else { return };
        let dropped: Vec<&str> = DROPPED
            .into_iter()
            .filter(|kw| match member(obj, kw) {
                None => false,
                Some(Value::Array(entries)) if matches!(*kw, "oneOf" | "allOf") => entries.len() > 1,
                Some(_) => true,
            })
            .collect();
        if dropped.is_empty() {
            return;
        }
        let described = member(obj, "description")
            .and_then(Value::as_str)
            .is_some_and(|d| !d.trim().is_empty());
        let list = dropped.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ");
        let whose = node
            .property_name()
            .map_or_else(|| "this schema".to_owned(), |n| format!("\"{n}\""));
        out.report(
            Some(tool),
            node.path.clone(),
            format!("Codex: the model never sees {list} of {whose}, which Codex drops"),
        )
        .explanation(
            "Codex re-parses each MCP tool's schema into a subset without these keywords before sending it, so the model \
             sends values the server then refuses, with no schema to tell it why.",
        )
        .help(if described {
            "Make sure the description states the same constraint, in words".to_owned()
        } else {
            format!("Add a description that states the constraint ({list}) in words")
        });
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        CODEX_DROPPED_CONSTRAINT,
        "clients/codex-dropped-constraint.json",
        crate::Settings {
            targets: crate::Targets::MCP.with_client(crate::clients::Client::Codex),
            ..Default::default()
        }
    );
}
