use crate::value::Value;

use crate::fix::{Fix, Op};
use crate::registry::declare_rule;
use crate::rules::schema::{Dialect, each_node_with_dialect};
use crate::rules::{Definitions, Emitter};
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags `exclusiveMinimum` or `exclusiveMaximum` written as a boolean, the
    /// draft-04 form (`"minimum": 0, "exclusiveMinimum": true`). It stays quiet
    /// when `$schema` declares draft-04 or draft-03, where the boolean is right,
    /// and when `$schema` names a dialect the checker does not know.
    ///
    /// ## Why is this bad?
    /// Since draft 6 (and so in 2020-12, MCP's default dialect),
    /// `exclusiveMinimum` and `exclusiveMaximum` are the bounds themselves and
    /// must be numbers. The boolean form makes the schema invalid: a client that
    /// checks schemas rejects it, so the tool is dropped or every call fails. A
    /// lenient one ignores the keyword, so the bound silently becomes inclusive
    /// and a `0` the handler cannot accept passes validation.
    ///
    /// ## Example
    /// ```json
    /// {"quantity": {"type": "integer", "minimum": 0, "exclusiveMinimum": true}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"quantity": {"type": "integer", "exclusiveMinimum": 0}}
    /// ```
    ///
    /// ## Fix
    /// Write the bound as the number: `"exclusiveMinimum": 0` instead of
    /// `"minimum": 0, "exclusiveMinimum": true`; drop `"exclusiveMinimum": false`.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Validation, `exclusiveMinimum`: <https://json-schema.org/draft/2020-12/json-schema-validation#section-6.2.5>
    /// - JSON Schema draft-06 release notes (numeric `exclusiveMinimum`): <https://json-schema.org/draft-06/json-schema-release-notes>
    pub BOOLEAN_EXCLUSIVE_BOUND,
    id = "boolean-exclusive-bound",
    group = Schema,
    severity = Error,
    fix = Safe,
    fix_note = "The automatic fix (safe) writes what draft 4 meant in today's syntax: `\"minimum\": 5, \"exclusiveMinimum\": true` becomes `\"exclusiveMinimum\": 5`, and `\"exclusiveMinimum\": false` is removed.",
    summary = "`exclusiveMinimum`/`exclusiveMaximum` is a draft-04 boolean instead of a number",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_node_with_dialect(cx, &mut |tool, dialect, node| {
        if matches!(
            dialect,
            Dialect::Draft3 | Dialect::Draft4 | Dialect::Unknown
        ) {
            return;
        }
        let Some(obj) = node.object() else { return };
        for (exclusive, inclusive) in [
            ("exclusiveMinimum", "minimum"),
            ("exclusiveMaximum", "maximum"),
        ] {
            let Some(Value::Bool(flag)) = member(obj, exclusive) else {
                continue;
            };
            let bound = member(obj, inclusive).filter(|v| v.is_number());
            let here = node.path.key(exclusive);
            let autofix = || match (flag, bound) {
                (true, Some(n)) => Some(Fix::safe(
                    format!("Write `\"{exclusive}\": {n}`"),
                    vec![
                        Op::Replace {
                            path: here.clone(),
                            json: crate::fix::json(n),
                        },
                        Op::Remove {
                            path: node.path.key(inclusive),
                        },
                    ],
                )),
                (true, None) => None,
                (false, _) => Some(Fix::safe(
                    format!("Remove `\"{exclusive}\": false`"),
                    vec![Op::Remove { path: here.clone() }],
                )),
            };
            let fix = match (flag, bound) {
                (true, Some(n)) => format!(
                    "Replace `\"{inclusive}\": {n}, \"{exclusive}\": true` with `\"{exclusive}\": {n}`"
                ),
                (true, None) => {
                    format!("Write the bound itself as a number, for example `\"{exclusive}\": 0`")
                }
                (false, _) => format!(
                    "Remove `\"{exclusive}\": false`; `{inclusive}` alone is already inclusive"
                ),
            };
            let finding = out.report(
                Some(tool),
                here.clone(),
                format!("`\"{exclusive}\": {flag}` is draft-04 syntax; since draft 6 it is a number"),
            )
            .explanation(
                format!(
                    "Since draft 6, `{exclusive}` is the bound itself and must be a number, so the boolean form makes this {} schema invalid. \
                     A client that checks schemas rejects it, so the tool is dropped or every call fails. A lenient one ignores the keyword, \
                     so the bound silently becomes inclusive and a value the handler cannot accept passes validation.",
                    dialect.label()
                ),
            )
            .help(fix);
            finding.with_fix(|| autofix().unwrap_or_default());
        }
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        BOOLEAN_EXCLUSIVE_BOUND,
        "schema/boolean-exclusive-bound.json"
    );
}
