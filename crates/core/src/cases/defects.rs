//! The invalid calls: one defect each, in one argument, at any depth of
//! nested objects.

use serde_json::{Map, Value, json};

use super::Case;
use super::generate::{Gen, kind, whole};
use super::pattern::non_match;

/// How deep into nested objects defects are planted.
const MAX_DEPTH: usize = 4;

/// One way a call breaks its tool's `inputSchema`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defect {
    /// A required argument left out.
    MissingRequired,
    /// A value of another JSON type.
    WrongType,
    /// A value outside `enum`.
    OutsideEnum,
    /// A string that breaks its `format`.
    BrokenFormat,
    /// A number under `minimum`.
    BelowMinimum,
    /// A number over `maximum`.
    AboveMaximum,
    /// A number equal to `exclusiveMinimum`.
    AtExclusiveMinimum,
    /// A number equal to `exclusiveMaximum`.
    AtExclusiveMaximum,
    /// A string shorter than `minLength`.
    TooShort,
    /// A string longer than `maxLength`.
    TooLong,
    /// An array with fewer items than `minItems`.
    TooFewItems,
    /// An array with more items than `maxItems`.
    TooManyItems,
    /// A string that does not match `pattern`.
    PatternMismatch,
    /// An argument the schema does not declare, where
    /// `additionalProperties` is false.
    UnknownArgument,
    /// `null` where the type has no null.
    Null,
}

impl Defect {
    /// The defect's name in case ids and JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Defect::MissingRequired => "missing-required",
            Defect::WrongType => "wrong-type",
            Defect::OutsideEnum => "outside-enum",
            Defect::BrokenFormat => "broken-format",
            Defect::BelowMinimum => "below-minimum",
            Defect::AboveMaximum => "above-maximum",
            Defect::AtExclusiveMinimum => "at-exclusive-minimum",
            Defect::AtExclusiveMaximum => "at-exclusive-maximum",
            Defect::TooShort => "too-short",
            Defect::TooLong => "too-long",
            Defect::TooFewItems => "too-few-items",
            Defect::TooManyItems => "too-many-items",
            Defect::PatternMismatch => "pattern-mismatch",
            Defect::UnknownArgument => "unknown-argument",
            Defect::Null => "null",
        }
    }

    /// What the call does wrong, in words.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Defect::MissingRequired => "leaves out a required argument",
            Defect::WrongType => "sends a value of the wrong type",
            Defect::OutsideEnum => "sends a value outside the enum",
            Defect::BrokenFormat => "sends a string that breaks its format",
            Defect::BelowMinimum => "sends a number under the minimum",
            Defect::AboveMaximum => "sends a number over the maximum",
            Defect::AtExclusiveMinimum => "sends the exclusive minimum itself",
            Defect::AtExclusiveMaximum => "sends the exclusive maximum itself",
            Defect::TooShort => "sends a string shorter than minLength",
            Defect::TooLong => "sends a string longer than maxLength",
            Defect::TooFewItems => "sends fewer items than minItems",
            Defect::TooManyItems => "sends more items than maxItems",
            Defect::PatternMismatch => "sends a string that does not match the pattern",
            Defect::UnknownArgument => "sends an argument the schema does not declare",
            Defect::Null => "sends null where the type has no null",
        }
    }
}

/// The argument that a call sends where the schema allows no other.
const UNKNOWN: &str = "unexpected_argument";

/// Where a defect is planted: the argument's path (its names) and the
/// schema's path from the tool.
#[derive(Clone)]
struct At {
    argument: Vec<String>,
    schema: Vec<String>,
}

impl At {
    /// The schema's path with `keys` after it.
    fn schema_and(&self, keys: &[&str]) -> Vec<String> {
        let mut out = self.schema.clone();
        out.extend(keys.iter().map(|k| (*k).to_owned()));
        out
    }
}

/// The invalid calls for `schema`, each one defect away from `base`, a
/// valid call.
pub(super) fn invalid(g: &mut Gen<'_>, schema: &Value, base: &Value) -> Vec<Case> {
    let mut out = Vec::new();
    let at = At {
        argument: Vec::new(),
        schema: vec!["inputSchema".to_owned()],
    };
    object(g, schema, base, &at, base, 0, &mut out);
    out
}

/// The defects of the object `here` (at `at`, described by `schema`), and
/// those of its members.
fn object(
    g: &mut Gen<'_>,
    schema: &Value,
    here: &Value,
    at: &At,
    base: &Value,
    depth: usize,
    out: &mut Vec<Case>,
) {
    let Some(schema) = g.resolve(schema) else {
        return;
    };
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(present) = here.as_object() else {
        return;
    };
    for name in &required {
        if present.contains_key(*name) {
            let mut path = at.argument.clone();
            path.push((*name).to_owned());
            let arguments = edit(base, &at.argument, |o| {
                o.remove(*name);
            });
            out.push(case(
                Defect::MissingRequired,
                &path,
                at.schema_and(&["required"]),
                arguments,
            ));
        }
    }
    if schema.get("additionalProperties") == Some(&Value::Bool(false)) {
        let mut path = at.argument.clone();
        path.push(UNKNOWN.to_owned());
        let arguments = edit(base, &at.argument, |o| {
            o.insert(UNKNOWN.to_owned(), json!("example"));
        });
        out.push(case(
            Defect::UnknownArgument,
            &path,
            at.schema_and(&["additionalProperties"]),
            arguments,
        ));
    }
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return;
    };
    for (name, property) in properties {
        let Some(value) = present.get(name) else {
            continue;
        };
        let Some(property) = g.resolve(property) else {
            continue;
        };
        let child = At {
            argument: [at.argument.clone(), vec![name.clone()]].concat(),
            schema: at.schema_and(&["properties", name]),
        };
        member(g, property, value, &child, base, depth, out);
    }
}

/// The defects of one argument.
fn member(
    g: &mut Gen<'_>,
    schema: &Value,
    value: &Value,
    at: &At,
    base: &Value,
    depth: usize,
    out: &mut Vec<Case>,
) {
    let mut plant = |defect: Defect, keyword: &str, bad: Value| {
        let schema_path = at.schema_and(&[keyword]);
        out.push(case(
            defect,
            &at.argument,
            schema_path,
            replace(base, &at.argument, bad),
        ));
    };
    let declared = schema.get("type").is_some();
    let ty = kind(schema);
    if declared {
        plant(Defect::WrongType, "type", wrong_type(ty));
        if !allows_null(schema) {
            plant(Defect::Null, "type", Value::Null);
        }
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        let outside = if options.iter().all(Value::is_number) {
            json!(987_654_321)
        } else {
            json!("not-one-of-the-options")
        };
        plant(Defect::OutsideEnum, "enum", outside);
    }
    if let Some(format) = schema.get("format").and_then(Value::as_str)
        && let Some(broken) = broken_format(format)
    {
        plant(Defect::BrokenFormat, "format", json!(broken));
    }
    let number = |key: &str| schema.get(key).and_then(Value::as_f64);
    let integer = ty == "integer";
    let number_value = |n: f64| whole(n).map_or_else(|| json!(n), |i| json!(i));
    let below = |n: f64| number_value(if integer { n - 1.0 } else { n - 0.5 });
    let above = |n: f64| number_value(if integer { n + 1.0 } else { n + 0.5 });
    let exactly = number_value;
    if let Some(n) = number("minimum") {
        plant(Defect::BelowMinimum, "minimum", below(n));
    }
    if let Some(n) = number("maximum") {
        plant(Defect::AboveMaximum, "maximum", above(n));
    }
    if let Some(n) = number("exclusiveMinimum") {
        plant(Defect::AtExclusiveMinimum, "exclusiveMinimum", exactly(n));
    }
    if let Some(n) = number("exclusiveMaximum") {
        plant(Defect::AtExclusiveMaximum, "exclusiveMaximum", exactly(n));
    }
    let count = |key: &str| {
        schema
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
    };
    if let Some(n) = count("minLength").filter(|n| *n > 0) {
        plant(Defect::TooShort, "minLength", json!("a".repeat(n - 1)));
    }
    if let Some(n) = count("maxLength").filter(|n| *n < 10_000) {
        plant(Defect::TooLong, "maxLength", json!("a".repeat(n + 1)));
    }
    let item = || {
        value
            .as_array()
            .and_then(|a| a.first())
            .cloned()
            .unwrap_or_else(|| json!("example"))
    };
    if let Some(n) = count("minItems").filter(|n| *n > 0) {
        plant(Defect::TooFewItems, "minItems", json!(vec![item(); n - 1]));
    }
    if let Some(n) = count("maxItems").filter(|n| *n < 10_000) {
        let mut items: Vec<Value> = vec![item(); n + 1];
        for (i, it) in items.iter_mut().enumerate().skip(1) {
            if let Value::String(s) = it {
                s.push_str(&format!("-{i}"));
            }
        }
        plant(Defect::TooManyItems, "maxItems", Value::Array(items));
    }
    if let Some(pattern) = schema.get("pattern").and_then(Value::as_str)
        && let Some(miss) = non_match(pattern)
    {
        plant(Defect::PatternMismatch, "pattern", json!(miss));
    }
    // Deeper: the members of a nested object.
    if depth < MAX_DEPTH && value.is_object() && ty == "object" {
        object(g, schema, value, at, base, depth + 1, out);
    }
}

/// A case with its id made of the defect and the argument's path.
fn case(defect: Defect, argument: &[String], schema_path: Vec<String>, arguments: Value) -> Case {
    let path = argument.join(".");
    Case {
        id: format!("{}:{path}", defect.as_str()),
        defect: Some(defect),
        argument: (!path.is_empty()).then_some(path),
        schema_path,
        arguments,
    }
}

/// `base` with the object at `path` changed by `change`.
fn edit(base: &Value, path: &[String], change: impl FnOnce(&mut Map<String, Value>)) -> Value {
    let mut out = base.clone();
    let mut here = &mut out;
    for key in path {
        here = match here.get_mut(key) {
            Some(v) => v,
            None => return out,
        };
    }
    if let Some(object) = here.as_object_mut() {
        change(object);
    }
    out
}

/// `base` with the value at `path` replaced by `bad`.
fn replace(base: &Value, path: &[String], bad: Value) -> Value {
    let Some((last, parent)) = path.split_last() else {
        return bad;
    };
    edit(base, parent, |o| {
        o.insert(last.clone(), bad);
    })
}

/// A value of another type than `ty`, which no lax validator turns into
/// the right one:
/// Pydantic reads `"yes"` and `1` as `true`, so a boolean gets a word that
/// no validator reads as one.
fn wrong_type(ty: &str) -> Value {
    match ty {
        "string" => json!(42),
        "integer" | "number" => json!("not-a-number"),
        "boolean" => json!("not-a-boolean"),
        "array" => json!("not-a-list"),
        "object" => json!("not-an-object"),
        _ => json!(["wrong", "type"]),
    }
}

/// Whether the schema's type allows `null`.
fn allows_null(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(types)) => types.iter().any(|t| t == "null"),
        _ => true,
    }
}

/// A string that breaks a format a validator checks.
fn broken_format(format: &str) -> Option<&'static str> {
    Some(match format {
        "date-time" => "not a date-time",
        "date" => "2025-13-45",
        "email" => "not-an-email",
        "uri" => "not a uri",
        "uuid" => "not-a-uuid",
        _ => return None,
    })
}
