use crate::fix::{Fix, Op};
use crate::registry::declare_rule;
use crate::rules::schema::{Dialect, each_node_with_dialect};
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// Flags `items` written as an array of schemas (the tuple form) in a
    /// JSON Schema 2020-12 schema: one with no `$schema` (MCP's default dialect)
    /// or with a 2020-12 `$schema`. Drafts 4 to 2019-09 allow the array form, so
    /// a schema that declares one of them is left alone.
    ///
    /// ## Why is this bad?
    /// In 2020-12, `items` takes a single schema that applies to every element;
    /// positional schemas moved to `prefixItems`, and the old `additionalItems`
    /// became `items`. An array under `items` makes the schema invalid: a client
    /// that checks schemas rejects it, so the tool is dropped or every call
    /// fails. A lenient one ignores the keyword, so the element types are not
    /// checked at all.
    ///
    /// ## Example
    /// ```json
    /// {"point": {"type": "array", "items": [{"type": "number"}, {"type": "number"}]}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"point": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}],
    ///            "items": false}}
    /// ```
    ///
    /// ## Fix
    /// Rename `items` to `prefixItems` (and `additionalItems` to `items`), or
    /// declare the draft the schema is written in with `$schema`.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Core, `prefixItems` and `items`: <https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.1>
    /// - JSON Schema 2020-12 release notes: <https://json-schema.org/draft/2020-12/release-notes>
    /// - MCP 2026-07-28, JSON Schema usage (2020-12 by default): <https://modelcontextprotocol.io/specification/2026-07-28/basic>
    pub TUPLE_FORM_ITEMS,
    id = "tuple-form-items",
    group = Schema,
    severity = Error,
    fix = Safe,
    fix_note = "The automatic fix (safe) renames `items` to `prefixItems`, and `additionalItems` to `items`: the 2020-12 spelling of the same tuple.",
    summary = "`items` is an array of schemas, which 2020-12 replaced with `prefixItems`",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_node_with_dialect(cx, &mut |tool, dialect, node| {
        if dialect != Dialect::Draft202012 {
            return;
        }
        let Some(items) = node.get("items").and_then(|v| v.as_array()) else {
            return;
        };
        let fix = if node.get("additionalItems").is_some() {
            "Rename `items` to `prefixItems` and `additionalItems` to `items`"
        } else {
            "Rename `items` to `prefixItems`, and add `\"items\": false` if no further elements are allowed"
        };
        let mut ops = vec![Op::Rename {
            path: node.path.key("items"),
            key: "prefixItems".into(),
        }];
        if node.get("additionalItems").is_some() {
            ops.push(Op::Rename {
                path: node.path.key("additionalItems"),
                key: "items".into(),
            });
        }
        out.report(
            Some(tool),
            node.path.key("items"),
            format!(
                "`items` is an array of {} schema{} (the tuple form); 2020-12 uses `prefixItems`",
                items.len(),
                if items.len() == 1 { "" } else { "s" }
            ),
        )
        .explanation(
            "In JSON Schema 2020-12, MCP's default dialect, `items` is one schema for every element and positional schemas belong in `prefixItems`. \
             An array here makes the schema invalid: a client that checks schemas rejects it, so the tool is dropped or every call fails. \
             A lenient one ignores the keyword, so the elements are not checked at all.",
        )
        .help(fix)
        .with_fix(|| Fix::safe("Use `prefixItems`", ops));
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(TUPLE_FORM_ITEMS, "schema/tuple-form-items.json");
}
