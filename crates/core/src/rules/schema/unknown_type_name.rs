use crate::value::{Value, json_kind};

use crate::fix::{Fix, Op, json};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags a `type` that is not one of JSON Schema's seven type names:
    /// `string`, `number`, `integer`, `boolean`, `object`, `array`, `null`.
    ///
    /// ## Why is this bad?
    /// Names like `float`, `int`, `str`, `dict`, `list`, `bool`, `double`, `long`
    /// or `any` leak in from Python, Java or TypeScript. Validators reject the whole
    /// schema, so depending on the client the tool is dropped or every call fails.
    ///
    /// ## Example
    /// ```json
    /// {"refundAmount": {"type": "float"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"refundAmount": {"type": "number"}}
    /// ```
    ///
    /// ## Fix
    /// Use the JSON Schema name the fix line gives: `float`/`double` → `number`,
    /// `int`/`long` → `integer`, `str` → `string`, `dict` → `object`,
    /// `list` → `array`, `bool` → `boolean`, `any` → no `type` at all.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Validation, `type`: <https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.1>
    /// - Meta-schema `simpleTypes`: <https://json-schema.org/draft/2020-12/meta/validation>
    pub UNKNOWN_TYPE_NAME,
    id = "unknown-type-name",
    group = Schema,
    severity = Error,
    fix = Safe,
    fix_note = "The automatic fix (safe) writes the JSON Schema name for a name it knows, and removes `type` for `any`: every client already reads the schema that way or rejects it.",
    summary = "`type` is not a JSON Schema type name",
}

/// JSON Schema's type names.
pub(crate) const TYPE_NAMES: [&str; 7] = [
    "string", "number", "integer", "boolean", "object", "array", "null",
];

/// What to write instead of a foreign type name, when we know.
pub(crate) fn replacement(name: &str) -> Option<&'static str> {
    let lower = name.trim().to_ascii_lowercase();
    if let Some(t) = TYPE_NAMES.iter().find(|t| **t == lower) {
        return Some(t);
    }
    Some(match lower.as_str() {
        "float" | "double" | "decimal" | "real" | "num" | "numeric" | "float32" | "float64"
        | "f32" | "f64" | "bigdecimal" | "money" => "number",
        "int" | "long" | "short" | "int8" | "int16" | "int32" | "int64" | "uint" | "uint8"
        | "uint16" | "uint32" | "uint64" | "bigint" | "i32" | "i64" | "u32" | "u64" | "usize"
        | "isize" | "byte" | "number_integer" | "whole" => "integer",
        "str" | "text" | "char" | "varchar" | "uuid" | "date" | "datetime" | "date-time"
        | "time" | "timestamp" | "email" | "url" | "uri" | "binary" | "bytes" | "password"
        | "enum" => "string",
        "dict" | "map" | "hash" | "hashmap" | "record" | "struct" | "json" | "jsonobject"
        | "mapping" | "obj" => "object",
        "list" | "tuple" | "set" | "sequence" | "vec" | "vector" | "slice" | "collection"
        | "arr" => "array",
        "bool" | "flag" => "boolean",
        "none" | "nil" | "undefined" | "void" | "nonetype" => "null",
        "any" | "mixed" | "unknown" | "object?" | "*" => return None,
        _ => return None,
    })
}

fn is_any(name: &str) -> bool {
    matches!(
        name.trim().to_ascii_lowercase().as_str(),
        "any" | "mixed" | "unknown" | "*"
    )
}

fn fix_for(name: &str) -> String {
    match replacement(name) {
        Some(t)
            if matches!(
                name.to_ascii_lowercase().as_str(),
                "date" | "datetime" | "date-time" | "timestamp" | "time"
            ) =>
        {
            let format = if name.eq_ignore_ascii_case("date") {
                "date"
            } else if name.eq_ignore_ascii_case("time") {
                "time"
            } else {
                "date-time"
            };
            format!("Use `\"type\": \"{t}\"` with `\"format\": \"{format}\"`")
        }
        Some(t)
            if matches!(
                name.to_ascii_lowercase().as_str(),
                "uuid" | "email" | "uri" | "url"
            ) =>
        {
            let format = match name.to_ascii_lowercase().as_str() {
                "url" => "uri".to_owned(),
                other => other.to_owned(),
            };
            format!("Use `\"type\": \"{t}\"` with `\"format\": \"{format}\"`")
        }
        Some(t) => format!("Use `\"type\": \"{t}\"`"),
        None if is_any(name) => {
            "Remove `type`: a schema without `type` accepts any JSON value".to_owned()
        }
        None => format!(
            "Use one of {}",
            TYPE_NAMES
                .iter()
                .map(|t| format!("`{t}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

const EXPLANATION: &str = "JSON Schema has exactly seven type names. Validators reject a schema with any other `type`, \
so depending on the client the tool is dropped from the list or every call to it fails; a model reading it has to guess what value to send.";

/// The automatic fix for the foreign type name at `path`: the JSON Schema
/// name, or for `any` (a single `type`), no `type` at all.
fn autofix(name: &str, path: Path, single: bool) -> Option<Fix> {
    match replacement(name) {
        Some(t) => Some(Fix::safe(
            format!("Use \"{t}\""),
            vec![Op::Replace {
                path,
                json: json(t),
            }],
        )),
        None if is_any(name) && single => {
            Some(Fix::safe("Remove `type`", vec![Op::Remove { path }]))
        }
        None => None,
    }
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_schema_node(&mut |tool, _kind, node| {
        let Some(ty) = node.get("type") else { return };
        // Built only for a finding: most nodes have a valid type.
        let path = || node.path.key("type");
        match ty {
            Value::String(name) => {
                if !TYPE_NAMES.contains(&name.as_str()) {
                    let finding = out.report(
                        Some(tool),
                        path(),
                        format!("{} is not a JSON Schema type", quote(name)),
                    )
                    .explanation(EXPLANATION)
                    .help(fix_for(name));
                    finding.with_fix(|| autofix(name, path(), true).unwrap_or_default());
                }
            }
            Value::Array(names) => {
                for (i, entry) in names.iter().enumerate() {
                    match entry {
                        Value::String(name) if TYPE_NAMES.contains(&name.as_str()) => {}
                        Value::String(name) => {
                            let finding = out.report(
                                Some(tool),
                                path().index(i),
                                format!("{} is not a JSON Schema type", quote(name)),
                            )
                            .explanation(EXPLANATION)
                            .help(fix_for(name));
                            finding.with_fix(|| {
                                autofix(name, path().index(i), false).unwrap_or_default()
                            });
                        }
                        other => {
                            out.report(
                                Some(tool),
                                path().index(i),
                                format!("`type` entry {other} is not a type name"),
                            )
                            .explanation(EXPLANATION)
                            .help(
                                "List type names as strings, for example `[\"string\", \"null\"]`",
                            );
                        }
                    }
                }
            }
            other => {
                out.report(
                    Some(tool),
                    path(),
                    format!("`type` is {}, not a type name or a list of them", json_kind(other)),
                )
                .explanation(EXPLANATION)
                .help(
                    "Write `type` as a string such as `\"string\"`, or an array such as `[\"string\", \"null\"]`",
                );
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_snapshot!(UNKNOWN_TYPE_NAME, "schema/unknown-type-name.json");

    #[test]
    fn replacements() {
        assert_eq!(replacement("float"), Some("number"));
        assert_eq!(replacement("double"), Some("number"));
        assert_eq!(replacement("int"), Some("integer"));
        assert_eq!(replacement("long"), Some("integer"));
        assert_eq!(replacement("str"), Some("string"));
        assert_eq!(replacement("dict"), Some("object"));
        assert_eq!(replacement("list"), Some("array"));
        assert_eq!(replacement("bool"), Some("boolean"));
        assert_eq!(replacement("String"), Some("string"));
        assert_eq!(replacement("any"), None);
        assert!(fix_for("any").contains("Remove"));
        assert!(fix_for("datetime").contains("date-time"));
    }
}
