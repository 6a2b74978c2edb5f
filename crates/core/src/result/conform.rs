//! Validating `structuredContent` against the tool's `outputSchema`.
//!
//! Every violation is reported (not only the first), each with a path into
//! `structuredContent` and a message in the form
//! `structuredContent.total is string, expected number`.

use std::borrow::Cow;

use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::{ReferencingError, ValidationError, Validator};
use serde_json::Value;

use super::rules;
use crate::finding::Finding;
use crate::path::Path;
use crate::schema_errors::{or_list, truncate, type_names, unescape, with_article};
use crate::text::quote;

/// Validates `instance` (found at `root`) against `schema` (found at `schema_path`).
pub(super) fn conform(
    schema: &Value,
    schema_path: &Path,
    instance: &Value,
    root: &Path,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(validator) = compile(schema, schema_path, &mut out) else {
        return out;
    };
    for error in validator.iter_errors(instance) {
        describe(&error, schema, instance, root, &mut out);
    }
    out
}

/// Compiles the schema, honouring a declared `$schema` (default 2020-12).
/// Formats are asserted; violations of them are reported as warnings.
fn compile(schema: &Value, schema_path: &Path, out: &mut Vec<Finding>) -> Option<Validator> {
    if !schema.is_object() && !schema.is_boolean() {
        out.push(unusable(
            schema_path.clone(),
            format!("{schema_path} is {}, not a JSON Schema", super::parse::kind(schema)),
            "Make outputSchema a JSON Schema object, for example {\"type\": \"object\", \"properties\": {…}}".into(),
        ));
        return None;
    }
    let options = crate::schema_errors::options;
    match options().build(schema) {
        Ok(v) => Some(v),
        Err(e)
            if matches!(
                e.kind(),
                ValidationErrorKind::Referencing(ReferencingError::UnknownSpecification { .. })
            ) =>
        {
            // An unknown dialect: validate as 2020-12, and say so.
            let declared = schema
                .get("$schema")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let mut stripped = schema.clone();
            if let Some(obj) = stripped.as_object_mut() {
                obj.remove("$schema");
            }
            out.push(Finding::new(
                &rules::OUTPUT_SCHEMA_DIALECT_UNKNOWN,
                schema_path.key("$schema"),
                format!(
                    "outputSchema declares an unknown $schema {}; validated it as JSON Schema 2020-12",
                    quote(declared)
                ),
                rules::OUTPUT_SCHEMA_DIALECT_UNKNOWN.why(),
                "Remove $schema, or set it to \"https://json-schema.org/draft/2020-12/schema\"",
            ));
            match options()
                .with_draft(jsonschema::Draft::Draft202012)
                .build(&stripped)
            {
                Ok(v) => Some(v),
                Err(e) => {
                    out.push(compile_error(&e, schema_path));
                    None
                }
            }
        }
        Err(e) => {
            out.push(compile_error(&e, schema_path));
            None
        }
    }
}

fn unusable(path: Path, message: String, fix: String) -> Finding {
    Finding::new(
        &rules::OUTPUT_SCHEMA_UNUSABLE,
        path,
        message,
        rules::OUTPUT_SCHEMA_UNUSABLE.why(),
        fix,
    )
}

fn compile_error(e: &ValidationError<'_>, schema_path: &Path) -> Finding {
    if let ValidationErrorKind::Referencing(_) = e.kind() {
        return unusable(
            schema_path.clone(),
            // Not the validator's words, which name one of several `$ref`s
            // in no fixed order: `external-ref` and `unresolved-local-ref`
            // name each.
            "outputSchema cannot be compiled: a `$ref` in it leads outside it or to nothing in it"
                .into(),
            "Inline the referenced schema under $defs and point $ref at \"#/$defs/…\"; clients do not fetch \
             external schemas"
                .into(),
        );
    }
    let at = join(schema_path, e.instance_path().as_str(), None);
    unusable(
        at.clone(),
        format!("outputSchema is not a valid JSON Schema at {at}"),
        format!("Fix {at} so outputSchema is valid JSON Schema 2020-12"),
    )
}

/// `root` joined with a JSON Pointer. When `instance` is given, each segment
/// is a key or an index according to what the instance holds there, so a
/// numeric object key stays a key.
fn join(root: &Path, pointer: &str, instance: Option<&Value>) -> Path {
    let mut path = root.clone();
    let mut node = instance;
    for raw in pointer.split('/').skip(1) {
        let segment = unescape(raw);
        match node {
            Some(Value::Array(items)) => match segment.parse::<usize>() {
                Ok(i) => {
                    path = path.index(i);
                    node = items.get(i);
                }
                Err(_) => {
                    path = path.key(&segment);
                    node = None;
                }
            },
            Some(Value::Object(map)) => {
                node = map.get(&segment);
                path = path.key(&segment);
            }
            _ => {
                path = match segment.parse::<usize>() {
                    Ok(i) if instance.is_none() => path.index(i),
                    _ => path.key(&segment),
                };
                node = None;
            }
        }
    }
    path
}

/// The JSON type name of a value, as messages use it.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// A scalar value as messages quote it (strings JSON-quoted); `None` for
/// objects and arrays, whose content is never quoted.
fn preview(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(quote(&truncate(s, 60))),
        Value::Number(_) | Value::Bool(_) | Value::Null => Some(v.to_string()),
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// A schema value (an enum option or a const) for a message.
fn schema_value(v: &Value) -> String {
    match v {
        Value::String(s) => quote(&truncate(s, 60)),
        other => truncate(&other.to_string(), 60),
    }
}

/// `"pending", "shipped", "cancelled"`, capped at ten options.
fn options_list(options: &Value) -> String {
    let Some(items) = options.as_array() else {
        return schema_value(options);
    };
    let mut list: Vec<String> = items.iter().take(10).map(schema_value).collect();
    if items.len() > 10 {
        list.push(format!("… ({} more)", items.len() - 10));
    }
    list.join(", ")
}

/// The expected types, in the order the schema lists them when it can be found.
fn expected_types(kind: &TypeKind, schema: &Value, schema_pointer: &str) -> Vec<String> {
    let declared = if schema_pointer.ends_with("/type") {
        schema.pointer(schema_pointer)
    } else {
        None
    };
    if let Some(Value::Array(declared)) = declared {
        let names: Vec<String> = declared
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect();
        if !names.is_empty() {
            return names;
        }
    }
    let mut names: Vec<String> = type_names(kind).into_iter().map(str::to_owned).collect();
    // Null reads best last: "string or null".
    if let Some(i) = names.iter().position(|n| n == "null") {
        let null = names.remove(i);
        names.push(null);
    }
    names
}

fn violation(path: Path, message: String, what: &str, fix: String) -> Finding {
    let why = rules::STRUCTURED_CONTENT_INVALID.why();
    // The rule's why, after what this place adds to it.
    let explanation: Cow<'static, str> = if what.is_empty() {
        why.into()
    } else {
        format!("{what} {why}").into()
    };
    Finding::new(
        &rules::STRUCTURED_CONTENT_INVALID,
        path,
        message,
        explanation,
        fix,
    )
}

fn type_finding(path: Path, value: &Value, expected: &[String]) -> Finding {
    let found = type_name(value);
    let expected_text = or_list(expected);
    let numeric_string = found == "string"
        && expected.iter().any(|e| e == "number" || e == "integer")
        && value
            .as_str()
            .is_some_and(|s| s.trim().parse::<f64>().is_ok());
    let fix = if numeric_string {
        format!(
            "Return {path} as a JSON number, not a numeric string, or change its type in the outputSchema to string"
        )
    } else {
        let first = expected
            .first()
            .map_or("a value of the declared type".to_owned(), |e| {
                with_article(e)
            });
        format!(
            "Return {first} at {path}, or change its type in the outputSchema to {found} if that is what the tool returns"
        )
    };
    violation(
        path.clone(),
        format!("{path} is {found}, expected {expected_text}"),
        &format!(
            "The outputSchema promises {expected} at {path}, but the result holds {}; client code that reads it as {expected} gets the wrong type.",
            with_article(found),
            expected = with_article(&expected_text),
        ),
        fix,
    )
}

/// When every alternative of an `anyOf`/`oneOf` failed only on `type` at the
/// same place, the expected types of all alternatives.
fn combined_types(
    context: &[Vec<ValidationError<'static>>],
    schema: &Value,
    at: &str,
) -> Option<Vec<String>> {
    let mut names = Vec::new();
    for branch in context {
        let [only] = branch.as_slice() else {
            return None;
        };
        let ValidationErrorKind::Type { kind } = only.kind() else {
            return None;
        };
        if only.instance_path().as_str() != at {
            return None;
        }
        for n in expected_types(kind, schema, only.schema_path().as_str()) {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    if let Some(i) = names.iter().position(|n| n == "null") {
        let null = names.remove(i);
        names.push(null);
    }
    (!names.is_empty()).then_some(names)
}

fn format_example(format: &str) -> Option<&'static str> {
    Some(match format {
        "date-time" => "2026-07-28T10:15:00Z",
        "date" => "2026-07-28",
        "time" => "10:15:00Z",
        "email" => "asha@example.com",
        "uri" => "https://example.com/orders/ord_19ab",
        "uuid" => "123e4567-e89b-12d3-a456-426614174000",
        _ => return None,
    })
}

fn describe(
    error: &ValidationError<'_>,
    schema: &Value,
    instance: &Value,
    root: &Path,
    out: &mut Vec<Finding>,
) {
    let pointer = error.instance_path().as_str();
    let path = join(root, pointer, Some(instance));
    let value = error.instance();
    let value: &Value = value;
    let bounds = |path: &Path, message: String| {
        violation(
            path.clone(),
            message,
            "The value is outside the bounds the outputSchema promises.",
            format!(
                "Return a value at {path} within the bounds of the outputSchema, or relax {} there if the value is legitimate",
                error.kind().keyword()
            ),
        )
    };
    let finding = match error.kind() {
        ValidationErrorKind::Type { kind } => {
            let expected = expected_types(kind, schema, error.schema_path().as_str());
            type_finding(path, value, &expected)
        }
        ValidationErrorKind::Enum { options } => {
            let list = options_list(options);
            let message = match preview(value) {
                Some(v) => format!("{path} {v} is not one of {list}"),
                None => format!("{path} is not one of {list}"),
            };
            let case_match = value.as_str().and_then(|s| {
                options
                    .as_array()?
                    .iter()
                    .filter_map(Value::as_str)
                    .find(|o| o.to_lowercase() == s.to_lowercase())
            });
            let fix = match case_match {
                Some(m) => format!(
                    "Return {} exactly (enum values are case-sensitive), or add the value to the enum in the outputSchema",
                    quote(m)
                ),
                None => format!(
                    "Return one of {list} at {path}, or add the value to the enum in the outputSchema"
                ),
            };
            violation(
                path,
                message,
                "Client code that switches on the enum values misses this one.",
                fix,
            )
        }
        ValidationErrorKind::Constant { expected_value } => violation(
            path.clone(),
            format!(
                "{path} is not the constant {}",
                schema_value(expected_value)
            ),
            "",
            format!(
                "Return {} at {path}, as the outputSchema's const says",
                schema_value(expected_value)
            ),
        ),
        ValidationErrorKind::Required { property } => {
            let name = property
                .as_str()
                .map_or_else(|| property.to_string(), str::to_owned);
            let missing = path.key(&name);
            violation(
                missing.clone(),
                format!("{missing} is required but missing"),
                "Client code that reads this required field gets undefined.",
                format!(
                    "Return {} in {path} every time, or remove it from required in the outputSchema if it is optional",
                    quote(&name)
                ),
            )
        }
        ValidationErrorKind::AdditionalProperties { unexpected }
        | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            let keyword = error.kind().keyword().to_owned();
            for key in unexpected {
                let extra = path.key(key);
                out.push(violation(
                    extra.clone(),
                    format!("{extra} is not allowed ({keyword} is false)"),
                    "The outputSchema closes this object, so a strict client rejects the extra member.",
                    format!("Remove {extra} from the result, or declare it under properties in the outputSchema"),
                ));
            }
            return;
        }
        ValidationErrorKind::FalseSchema => violation(
            path.clone(),
            format!("{path} is not allowed (its schema is false)"),
            "",
            format!("Remove {path} from the result, or allow it in the outputSchema"),
        ),
        ValidationErrorKind::Format { format } => {
            let example = format_example(format)
                .map(|e| format!(" such as {e}"))
                .unwrap_or_default();
            Finding::new(
                &rules::STRUCTURED_CONTENT_FORMAT,
                path.clone(),
                format!("{path} is not a valid {format}"),
                format!(
                    "The outputSchema declares format {}. JSON Schema 2020-12 treats format as an annotation by \
                     default, so many clients accept the value, but code that parses it as {} fails.",
                    quote(format),
                    with_article(format)
                ),
                format!(
                    "Return a valid {format}{example} at {path}, or remove format from the outputSchema"
                ),
            )
        }
        ValidationErrorKind::Pattern { pattern } => violation(
            path.clone(),
            format!(
                "{path} does not match the pattern {}",
                quote(&truncate(pattern, 80))
            ),
            "",
            format!(
                "Return a value matching the pattern at {path}, or relax the pattern in the outputSchema"
            ),
        ),
        ValidationErrorKind::Minimum { limit } => {
            bounds(&path, format!("{path} is below the minimum {limit}"))
        }
        ValidationErrorKind::Maximum { limit } => {
            bounds(&path, format!("{path} is above the maximum {limit}"))
        }
        ValidationErrorKind::ExclusiveMinimum { limit } => bounds(
            &path,
            format!("{path} is not above the exclusive minimum {limit}"),
        ),
        ValidationErrorKind::ExclusiveMaximum { limit } => bounds(
            &path,
            format!("{path} is not below the exclusive maximum {limit}"),
        ),
        ValidationErrorKind::MinLength { limit } => bounds(
            &path,
            format!("{path} is shorter than the minLength {limit}"),
        ),
        ValidationErrorKind::MaxLength { limit } => bounds(
            &path,
            format!("{path} is longer than the maxLength {limit}"),
        ),
        ValidationErrorKind::MinItems { limit } => bounds(
            &path,
            format!("{path} has fewer items than the minItems {limit}"),
        ),
        ValidationErrorKind::MaxItems { limit } => bounds(
            &path,
            format!("{path} has more items than the maxItems {limit}"),
        ),
        ValidationErrorKind::MinProperties { limit } => bounds(
            &path,
            format!("{path} has fewer members than the minProperties {limit}"),
        ),
        ValidationErrorKind::MaxProperties { limit } => bounds(
            &path,
            format!("{path} has more members than the maxProperties {limit}"),
        ),
        ValidationErrorKind::MultipleOf { multiple_of } => {
            bounds(&path, format!("{path} is not a multiple of {multiple_of}"))
        }
        ValidationErrorKind::UniqueItems => violation(
            path.clone(),
            format!("{path} has duplicate items (uniqueItems is true)"),
            "",
            format!("Remove the duplicates from {path}, or drop uniqueItems from the outputSchema"),
        ),
        ValidationErrorKind::Contains => violation(
            path.clone(),
            format!("{path} has no item matching contains"),
            "",
            format!("Return at least one item at {path} that matches the contains schema"),
        ),
        ValidationErrorKind::AdditionalItems { limit } => violation(
            path.clone(),
            format!("{path} has more than {limit} items (additionalItems is false)"),
            "",
            format!("Return at most {limit} items at {path}, or allow more in the outputSchema"),
        ),
        ValidationErrorKind::UnevaluatedItems { .. } => violation(
            path.clone(),
            format!("{path} has items the outputSchema does not allow (unevaluatedItems)"),
            "",
            format!("Remove the extra items from {path}, or describe them in the outputSchema"),
        ),
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            let keyword = error.kind().keyword().to_owned();
            match combined_types(context, schema, pointer) {
                Some(expected) => type_finding(path, value, &expected),
                None => violation(
                    path.clone(),
                    format!("{path} matches none of the {keyword} alternatives"),
                    "",
                    format!(
                        "Return a value at {path} that matches one of the {keyword} alternatives in the outputSchema"
                    ),
                ),
            }
        }
        ValidationErrorKind::OneOfMultipleValid { .. } => violation(
            path.clone(),
            format!("{path} matches more than one oneOf alternative"),
            "oneOf requires exactly one alternative to match.",
            format!(
                "Make the oneOf alternatives at {path} mutually exclusive (for example with a const discriminator), or use anyOf"
            ),
        ),
        ValidationErrorKind::Not { .. } => violation(
            path.clone(),
            format!("{path} matches the schema under not"),
            "",
            format!("Return a value at {path} that the outputSchema's not does not exclude"),
        ),
        ValidationErrorKind::PropertyNames { .. } => violation(
            path.clone(),
            format!("{path} has a member name that propertyNames does not allow"),
            "",
            format!(
                "Rename the members of {path} to match propertyNames, or relax propertyNames in the outputSchema"
            ),
        ),
        ValidationErrorKind::ContentEncoding { content_encoding } => violation(
            path.clone(),
            format!("{path} is not valid {content_encoding}"),
            "",
            format!("Encode {path} as {content_encoding}"),
        ),
        ValidationErrorKind::ContentMediaType { content_media_type } => violation(
            path.clone(),
            format!("{path} is not valid {content_media_type}"),
            "",
            format!("Return valid {content_media_type} at {path}"),
        ),
        other => violation(
            path.clone(),
            format!(
                "{path} fails the outputSchema's {} keyword",
                other.keyword()
            ),
            "",
            format!(
                "Return a value at {path} that satisfies {} in the outputSchema",
                other.keyword()
            ),
        ),
    };
    out.push(finding);
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn messages(schema: Value, instance: Value) -> Vec<String> {
        conform(
            &schema,
            &Path::root().key("outputSchema"),
            &instance,
            &Path::root().key("structuredContent"),
        )
        .into_iter()
        .map(|f| format!("{} {} | {}", f.severity, f.path, f.message))
        .collect()
    }

    #[test]
    fn seed_messages() {
        let schema = json!({
            "type": "object",
            "properties": {
                "orderId": {"type": "string"},
                "total": {"type": "number"},
                "status": {"type": "string", "enum": ["pending", "shipped", "cancelled"]}
            },
            "required": ["orderId", "total", "status"]
        });
        assert_eq!(
            messages(
                schema,
                json!({"orderId": "ord_19ab", "total": "49.90", "status": "Shipped"})
            ),
            vec![
                "error structuredContent.total | structuredContent.total is string, expected number",
                "error structuredContent.status | structuredContent.status \"Shipped\" is not one of \"pending\", \"shipped\", \"cancelled\"",
            ]
        );
    }

    #[test]
    fn every_violation_is_reported() {
        let schema = json!({
            "type": "object",
            "properties": {
                "n": {"type": "integer", "minimum": 1},
                "o": {"type": ["string", "null"]},
                "a": {"type": "array", "maxItems": 1, "items": {"type": "string", "maxLength": 2}},
                "d": {"type": "string", "format": "date-time"},
                "u": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                "7": {"const": "x"}
            },
            "required": ["missing"],
            "additionalProperties": false
        });
        let got = messages(
            schema,
            json!({"n": 0.5, "o": 3, "a": ["abc", "d"], "d": "yesterday", "u": 1, "7": "y", "extra": 1}),
        );
        assert_eq!(
            got,
            vec![
                "error structuredContent.n | structuredContent.n is number, expected integer",
                "error structuredContent.n | structuredContent.n is below the minimum 1",
                "error structuredContent.o | structuredContent.o is number, expected string or null",
                "error structuredContent.a | structuredContent.a has more items than the maxItems 1",
                "error structuredContent.a[0] | structuredContent.a[0] is longer than the maxLength 2",
                "warning structuredContent.d | structuredContent.d is not a valid date-time",
                "error structuredContent.u | structuredContent.u is number, expected string or null",
                "error structuredContent[\"7\"] | structuredContent[\"7\"] is not the constant \"x\"",
                "error structuredContent.extra | structuredContent.extra is not allowed (additionalProperties is false)",
                "error structuredContent.missing | structuredContent.missing is required but missing",
            ]
        );
    }

    #[test]
    fn unusable_and_unknown_dialect() {
        let got = messages(json!({"type": "float"}), json!({}));
        assert_eq!(
            got,
            vec![
                "warning outputSchema.type | outputSchema is not a valid JSON Schema at outputSchema.type"
            ]
        );
        let got = messages(json!("object"), json!({}));
        assert_eq!(
            got,
            vec!["warning outputSchema | outputSchema is a string, not a JSON Schema"]
        );
        // Of several `$ref`s that lead nowhere, the validator names one in no
        // fixed order: the message names none, the same on every run.
        let schema = json!({"properties": {
            "a": {"$ref": "https://example.com/order.json"},
            "b": {"$ref": "#/$defs/missing"}}});
        for _ in 0..20 {
            assert_eq!(
                messages(schema.clone(), json!({})),
                vec![
                    "warning outputSchema | outputSchema cannot be compiled: a `$ref` in it leads outside it or to nothing in it"
                ]
            );
        }
        let got = messages(
            json!({"$schema": "https://example.com/custom", "type": "object"}),
            json!([]),
        );
        assert_eq!(
            got,
            vec![
                "info outputSchema.$schema | outputSchema declares an unknown $schema \"https://example.com/custom\"; validated it as JSON Schema 2020-12",
                "error structuredContent | structuredContent is array, expected object",
            ]
        );
        // A declared older draft is honoured: draft 4's exclusiveMaximum is a boolean.
        let got = messages(
            json!({"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 5, "exclusiveMaximum": true}),
            json!(5),
        );
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(
            got[0].starts_with("error (root)") || got[0].starts_with("error structuredContent"),
            "{got:?}"
        );
    }

    #[test]
    fn boolean_schemas() {
        assert!(messages(json!(true), json!([1])).is_empty());
        assert_eq!(
            messages(json!(false), json!({})),
            vec![
                "error structuredContent | structuredContent is not allowed (its schema is false)"
            ]
        );
    }
}
