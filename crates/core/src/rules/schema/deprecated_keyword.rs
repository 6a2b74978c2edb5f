use crate::value::{Map, Value};

use crate::registry::declare_rule;
use crate::rules::schema::{Dialect, each_node_with_dialect};
use crate::rules::{Definitions, Emitter};
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags keywords that JSON Schema 2020-12 replaced: `definitions` (now
    /// `$defs`), `dependencies` (now `dependentRequired` and
    /// `dependentSchemas`), and `$recursiveRef` / `$recursiveAnchor` (now
    /// `$dynamicRef` / `$dynamicAnchor`).
    ///
    /// It applies only when the schema's dialect is 2020-12: the schema has no
    /// `$schema` (2020-12 is MCP's default dialect from 2025-11-25; the
    /// 2025-06-18 revision names no default, so the rule stays quiet there), or
    /// its `$schema` names 2020-12. Under a declared draft-07 `$schema`, as many
    /// SDKs emit, `definitions` and `dependencies` are the right keywords.
    ///
    /// ## Why is this bad?
    /// A 2020-12 validator does not implement `dependencies` or
    /// `$recursiveRef`, so the constraint they state is silently not enforced.
    /// `definitions` still works as a place `$ref` can point into, but tools
    /// that bundle, dereference or convert schemas for a model provider look in
    /// `$defs`.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"card": {"type": "string"}, "cvv": {"type": "string"}},
    ///  "dependencies": {"card": ["cvv"]}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {"card": {"type": "string"}, "cvv": {"type": "string"}},
    ///  "dependentRequired": {"card": ["cvv"]}}
    /// ```
    ///
    /// ## Fix
    /// Use the 2020-12 keyword, or declare the dialect the schema is written in
    /// with `$schema`.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 release notes: <https://json-schema.org/draft/2020-12/release-notes>
    /// - JSON Schema 2020-12 meta-schema (deprecated keywords): <https://json-schema.org/draft/2020-12/schema>
    /// - MCP 2026-07-28, Basic protocol, JSON Schema usage (default dialect): <https://modelcontextprotocol.io/specification/2026-07-28/basic>
    pub DEPRECATED_KEYWORD,
    id = "deprecated-keyword",
    group = Schema,
    severity = Warning,
    fix = Safe,
    fix_note = "The automatic fix (safe) renames `dependencies` to `dependentRequired` when every value is a list of names, or to `dependentSchemas` when every value is a schema: the same constraint in 2020-12 terms. Renaming `definitions` needs every reference into it changed, and the recursive keywords differ in meaning; those are left to the author.",
    summary = "A keyword that JSON Schema 2020-12 replaced is used in a 2020-12 schema",
}

/// The `dependentRequired` / `dependentSchemas` split of a `dependencies` map.
fn dependencies_fix(map: &Map) -> String {
    let arrays = map.values().any(Value::is_array);
    let schemas = map.values().any(|v| v.is_object() || v.is_boolean());
    match (arrays, schemas) {
        (true, true) => "Move the property lists into \"dependentRequired\" and the schemas into \"dependentSchemas\"",
        (false, true) => "Rename \"dependencies\" to \"dependentSchemas\"",
        _ => "Rename \"dependencies\" to \"dependentRequired\"",
    }
    .to_owned()
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_node_with_dialect(cx, &mut |tool, dialect, node| {
        if dialect != Dialect::Draft202012 {
            return;
        }
        let Some(obj) = node.object() else { return };
        if let Some(Value::Object(_)) = member(obj, "definitions") {
            out.report(
                Some(tool),
                node.path.key("definitions"),
                "\"definitions\" is replaced by \"$defs\" in JSON Schema 2020-12",
            )
            .explanation(
                "This schema is read as 2020-12, where `definitions` survives only for compatibility. References into \
                 it still resolve, but tools that bundle, dereference or convert schemas for a model provider look \
                 in `$defs`, and may drop or fail on these definitions.",
            )
            .help(
                "Rename \"definitions\" to \"$defs\" and change every \"#/definitions/…\" reference to \"#/$defs/…\", or declare the draft-07 \"$schema\"",
            );
        }
        if let Some(Value::Object(map)) = member(obj, "dependencies") {
            let finding = out.report(
                Some(tool),
                node.path.key("dependencies"),
                "\"dependencies\" is replaced by \"dependentRequired\" and \"dependentSchemas\" in JSON Schema 2020-12",
            )
            .explanation(
                "This schema is read as 2020-12, whose validators do not implement `dependencies`. The constraint it \
                 states is silently not enforced, so calls that break it pass validation and reach the handler.",
            )
            .help(dependencies_fix(map));
            let to = if map.iter().all(|(_, v)| v.is_array()) {
                Some("dependentRequired")
            } else if map.iter().all(|(_, v)| v.is_object()) {
                Some("dependentSchemas")
            } else {
                None
            };
            if let Some(to) = to.filter(|to| member(obj, to).is_none()) {
                finding.with_fix(|| {
                    crate::fix::Fix::safe(
                        format!("Rename \"dependencies\" to \"{to}\""),
                        vec![crate::fix::Op::Rename {
                            path: node.path.key("dependencies"),
                            key: to.into(),
                        }],
                    )
                });
            }
        }
        for (old, new) in [
            ("$recursiveRef", "$dynamicRef"),
            ("$recursiveAnchor", "$dynamicAnchor"),
        ] {
            if member(obj, old).is_some() {
                out.report(
                    Some(tool),
                    node.path.key(old),
                    format!("\"{old}\" is replaced by \"{new}\" in JSON Schema 2020-12"),
                )
                .explanation(
                    format!(
                        "This schema is read as 2020-12, whose validators do not implement `{old}` (a 2019-09 keyword). \
                         The recursive reference is ignored, so nested values are not validated, or the schema fails to compile."
                    ),
                )
                .help(
                    format!("Replace \"{old}\" with \"{new}\" (and the matching anchor keyword), or declare the 2019-09 \"$schema\""),
                );
            }
        }
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(DEPRECATED_KEYWORD, "schema/deprecated-keyword.json");
}
