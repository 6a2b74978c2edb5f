//! The meta-schema check itself, with the JSON Schema validator it needs.

use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::meta::MetaValidator;

use crate::finding::{Finding, Severity};
use crate::path::{Path, Segment};
use crate::rules::schema::{Dialect, tool_schemas};
use crate::rules::{Definitions, Emitter};
use crate::schema_errors::{or_list, truncate, type_names, unescape, with_article};
use crate::text::quote;
use crate::value::Value;
use crate::value::json_kind;

thread_local! {
    // Built once per thread: on native targets the crate hands out its cached
    // validators; on wasm it would otherwise rebuild one on every call.
    static DRAFT4: MetaValidator<'static> = jsonschema::draft4::meta::validator();
    static DRAFT6: MetaValidator<'static> = jsonschema::draft6::meta::validator();
    static DRAFT7: MetaValidator<'static> = jsonschema::draft7::meta::validator();
    static DRAFT201909: MetaValidator<'static> = jsonschema::draft201909::meta::validator();
    pub(super) static DRAFT202012: MetaValidator<'static> = jsonschema::draft202012::meta::validator();
}

/// One problem the meta-schema found: where, and what to say.
struct Problem {
    path: Path,
    message: String,
    fix: String,
}

/// Validates `schema` against the meta-schema of `dialect`; `None` when the
/// checker has no meta-schema for it.
fn violations(schema: &Value, dialect: Dialect, root: &Path) -> Option<Vec<Problem>> {
    if dialect == Dialect::Draft202012 && surely_valid_2020_12(schema, 0) {
        return Some(Vec::new());
    }
    // The validators take `serde_json` values.
    let json = schema.to_serde();
    let collect = |v: &MetaValidator<'static>| {
        if v.is_valid(&json) {
            // The quick check: most schemas are valid, and collecting errors costs far more.
            return Vec::new();
        }
        v.iter_errors(&json)
            .map(|e| describe(schema, root, &e, dialect))
            .collect::<Vec<_>>()
    };
    Some(match dialect {
        Dialect::Draft4 => DRAFT4.with(collect),
        Dialect::Draft6 => DRAFT6.with(collect),
        Dialect::Draft7 => DRAFT7.with(collect),
        Dialect::Draft201909 => DRAFT201909.with(collect),
        Dialect::Draft202012 => DRAFT202012.with(collect),
        Dialect::Draft3 | Dialect::Unknown => return None,
    })
}

/// A quick proof that `schema` is valid under the JSON Schema 2020-12
/// meta-schema, for the keywords schemas usually hold: `false` means "not
/// proven" (the validator decides), never "invalid". Each keyword handled
/// here is checked exactly as the meta-schema constrains it; a meta-schema
/// keyword not handled here (`$ref`, `pattern`, `dependencies`, …) or a value
/// in doubt gives up. Keywords the meta-schema does not name are allowed by it.
/// Most schemas are valid, and the validator's general machinery costs about
/// as much as the rest of a check's rules together on large lists.
pub(super) fn surely_valid_2020_12(schema: &Value, depth: usize) -> bool {
    let obj = match schema {
        Value::Bool(_) => return true,
        Value::Object(obj) if depth < 64 => obj,
        _ => return false,
    };
    let schema_ok = |v: &Value| surely_valid_2020_12(v, depth + 1);
    let schemas_ok = |v: &Value| v.as_object().is_some_and(|m| m.values().all(schema_ok));
    let schema_array_ok = |v: &Value| {
        v.as_array()
            .is_some_and(|a| !a.is_empty() && a.iter().all(schema_ok))
    };
    let non_negative_integer = |v: &Value| v.as_u64().is_some();
    let unique_strings = |v: &Value| {
        v.as_array().is_some_and(|a| {
            a.iter().all(Value::is_string)
                && a.iter()
                    .enumerate()
                    .all(|(i, x)| a.get(..i).is_some_and(|before| !before.contains(x)))
        })
    };
    let simple_type = |v: &Value| {
        matches!(
            v.as_str(),
            Some("array" | "boolean" | "integer" | "null" | "number" | "object" | "string")
        )
    };
    obj.iter().all(|(key, value)| match key.as_str() {
        "items"
        | "contains"
        | "additionalProperties"
        | "propertyNames"
        | "if"
        | "then"
        | "else"
        | "not"
        | "unevaluatedItems"
        | "unevaluatedProperties"
        | "contentSchema" => schema_ok(value),
        "properties" | "$defs" | "definitions" | "dependentSchemas" | "patternProperties" => {
            schemas_ok(value)
        }
        "allOf" | "anyOf" | "oneOf" | "prefixItems" => schema_array_ok(value),
        "type" => {
            simple_type(value)
                || (value
                    .as_array()
                    .is_some_and(|a| !a.is_empty() && a.iter().all(simple_type) && a.len() <= 16)
                    && unique_strings(value))
        }
        "enum" | "examples" => value.is_array(),
        "const" | "default" => true,
        // `pattern` and the references are strings of a `format` the
        // meta-schema only annotates (the validator does not assert it).
        "title" | "description" | "format" | "$comment" | "contentEncoding"
        | "contentMediaType" | "pattern" | "$ref" | "$dynamicRef" | "$recursiveRef" | "$schema" => {
            value.is_string()
        }
        "deprecated" | "readOnly" | "writeOnly" | "uniqueItems" => value.is_boolean(),
        "maximum" | "minimum" | "exclusiveMaximum" | "exclusiveMinimum" => value.is_number(),
        "multipleOf" => value.as_f64().is_some_and(|m| m > 0.0),
        "maxLength" | "minLength" | "maxItems" | "minItems" | "maxContains" | "minContains"
        | "maxProperties" | "minProperties" => non_negative_integer(value),
        "required" => value.as_array().is_some_and(|a| a.len() <= 64) && unique_strings(value),
        "dependentRequired" => value.as_object().is_some_and(|m| {
            m.values()
                .all(|v| v.as_array().is_some_and(|a| a.len() <= 64) && unique_strings(v))
        }),
        // The rest of the meta-schema's keywords: the validator decides.
        "$id" | "$anchor" | "$dynamicAnchor" | "$recursiveAnchor" | "$vocabulary"
        | "dependencies" => false,
        // Keywords the meta-schema does not name are allowed.
        _ => true,
    })
}

/// Where an error is, as a pasted path, and the keys leading there.
fn locate(schema: &Value, root: &Path, pointer: &str) -> (Path, Vec<Step>) {
    let mut path = root.clone();
    let mut steps = Vec::new();
    let mut node = Some(schema);
    for raw in pointer.split('/').skip(1) {
        let token = unescape(raw);
        let index = node
            .and_then(Value::as_array)
            .and_then(|_| token.parse::<usize>().ok());
        match index {
            Some(i) => {
                node = node.and_then(|n| n.get(i));
                path = path.index(i);
                steps.push(Step::Index(i));
            }
            None => {
                node = node.and_then(|n| n.get(&token));
                path = path.key(&token);
                steps.push(Step::Key(token));
            }
        }
    }
    (path, steps)
}

enum Step {
    Key(String),
    Index(usize),
}

/// How the failing location is named: `"minLength"`, `property "a"`, `entry 2 of "anyOf"`.
fn subject(steps: &[Step]) -> String {
    match steps {
        [] => "the schema".to_owned(),
        [.., Step::Key(parent), Step::Key(name)] if parent == "properties" => {
            format!("property {}", quote(name))
        }
        [.., Step::Key(parent), Step::Key(name)]
            if parent == "$defs" || parent == "definitions" =>
        {
            format!("definition {}", quote(name))
        }
        [.., Step::Key(parent), Step::Key(name)] if parent == "patternProperties" => {
            format!("the schema for pattern {}", quote(name))
        }
        [.., Step::Key(name)] => quote(name),
        [.., Step::Key(parent), Step::Index(i)] => format!("entry {i} of {}", quote(parent)),
        [.., Step::Index(i)] => format!("entry {i}"),
    }
}

/// What a type error expected: `a string`, `an array or null`.
fn expected_types(kind: &TypeKind) -> String {
    let names = type_names(kind);
    if names.len() == 2 && names.contains(&"object") && names.contains(&"boolean") {
        return "a schema (an object or a boolean)".to_owned();
    }
    if names.is_empty() {
        return "another kind of value".to_owned();
    }
    let phrases: Vec<String> = names
        .iter()
        .map(|n| {
            if *n == "null" {
                "null".to_owned()
            } else {
                with_article(n)
            }
        })
        .collect();
    or_list(&phrases)
}

/// A short rendering of a value for messages: at most 40 characters.
fn short(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() <= 40 {
        text
    } else {
        truncate(&text, 39)
    }
}

fn describe(
    schema: &Value,
    root: &Path,
    error: &jsonschema::ValidationError<'_>,
    dialect: Dialect,
) -> Problem {
    let (path, steps) = locate(schema, root, error.instance_path().as_str());
    let what = subject(&steps);
    let instance = &Value::from(error.instance().clone().into_owned());
    let last_key = match steps.last() {
        Some(Step::Key(k)) => Some(k.as_str()),
        _ => None,
    };
    let (message, fix) = match error.kind() {
        ValidationErrorKind::Type { kind } => {
            let expected = expected_types(kind);
            let fix = match (last_key, instance) {
                (_, Value::String(s)) if expected == "a number" || expected == "an integer" => {
                    if s.trim().parse::<f64>().is_ok() {
                        format!("Write {what} as the number {}, without quotes", s.trim())
                    } else {
                        format!("Write {what} as {expected}")
                    }
                }
                (_, Value::String(s)) if expected == "an array" => {
                    format!("Wrap the value in an array: `[{}]`", quote(s))
                }
                _ => format!("Write {what} as {expected}"),
            };
            (format!("{what} must be {expected}, found {}", json_kind(instance)), fix)
        }
        ValidationErrorKind::Minimum { limit } if limit.as_f64() == Some(0.0) => (
            format!("{what} must be a non-negative integer, found {}", short(instance)),
            format!("Use 0 or a positive integer for {what}"),
        ),
        ValidationErrorKind::Minimum { limit } => (
            format!("{what} must be at least {limit}, found {}", short(instance)),
            format!("Use a value of at least {limit} for {what}"),
        ),
        ValidationErrorKind::ExclusiveMinimum { limit } => (
            format!("{what} must be greater than {limit}, found {}", short(instance)),
            format!("Use a value greater than {limit} for {what}"),
        ),
        ValidationErrorKind::MinItems { limit } if *limit <= 1 => (
            format!("{what} must not be empty"),
            format!("Give {what} at least one entry, or remove it"),
        ),
        ValidationErrorKind::MinItems { limit } => (
            format!("{what} must have at least {limit} entries"),
            format!("Give {what} at least {limit} entries, or remove it"),
        ),
        ValidationErrorKind::UniqueItems => {
            let repeated = instance.as_array().and_then(|items| {
                items
                    .iter()
                    .enumerate()
                    .find(|(i, v)| items[..*i].contains(v))
                    .map(|(_, v)| short(v))
            });
            match repeated {
                Some(v) => (format!("{what} lists {v} more than once"), format!("Remove the repeated {v} from {what}")),
                None => (format!("{what} repeats an entry"), format!("Remove the repeated entry from {what}")),
            }
        }
        ValidationErrorKind::Enum { options } => {
            let listed = Value::from(serde_json::Value::clone(options))
                .as_array()
                .map(|o| o.iter().take(8).map(short).collect::<Vec<_>>().join(", "))
                .unwrap_or_default();
            (
                format!("{what} must be one of {listed}, found {}", short(instance)),
                format!("Use one of {listed} for {what}"),
            )
        }
        ValidationErrorKind::Format { format } => {
            let noun = match format.as_str() {
                "regex" => "an ECMA-262 regular expression".to_owned(),
                "uri" => "an absolute URI".to_owned(),
                "uri-reference" => "a URI reference".to_owned(),
                other => format!("a valid {other}"),
            };
            (format!("{what} is not {noun}: {}", short(instance)), format!("Write {what} as {noun}"))
        }
        ValidationErrorKind::Pattern { pattern } => {
            if last_key == Some("$anchor") || last_key == Some("$dynamicAnchor") {
                (
                    format!("{what} {} is not a valid anchor name", short(instance)),
                    "Start the anchor with a letter or `_`, and use only letters, digits, `-`, `_` and `.`".to_owned(),
                )
            } else {
                (
                    format!("{what} {} does not match the pattern {}", short(instance), quote(pattern)),
                    format!("Change {what} so it matches {}", quote(pattern)),
                )
            }
        }
        ValidationErrorKind::AnyOf { .. }
        | ValidationErrorKind::OneOfNotValid { .. }
        | ValidationErrorKind::OneOfMultipleValid { .. } => match last_key {
            Some("type") => (
                format!("\"type\" must be a type name or an array of unique type names, found {}", short(instance)),
                "Use `string`, `number`, `integer`, `boolean`, `object`, `array` or `null`, or an array of them".to_owned(),
            ),
            Some("items") => (
                format!("{what} must be a schema or an array of schemas, found {}", json_kind(instance)),
                format!("Write {what} as a schema such as `{{\"type\": \"string\"}}`"),
            ),
            Some("dependencies") | None => (
                format!("{what} has a value the {} meta-schema does not allow: {}", dialect.label(), short(instance)),
                format!("Correct {what} so it is valid JSON Schema {}", dialect.label()),
            ),
            Some(_) => (
                format!("{what} has a value of a form the {} meta-schema does not allow: {}", dialect.label(), short(instance)),
                format!("Correct {what} so it is valid JSON Schema {}", dialect.label()),
            ),
        },
        ValidationErrorKind::FalseSchema => (
            format!("{what} is not allowed here"),
            format!("Remove {what}"),
        ),
        _ => (
            format!("{what} is invalid: {}", error.to_string().chars().take(120).collect::<String>()),
            format!("Correct {what} so it is valid JSON Schema {}", dialect.label()),
        ),
    };
    Problem { path, message, fix }
}

/// The value at `path`, a location inside the schema at `root`.
fn value_at<'v>(schema: &'v Value, root: &Path, path: &Path) -> Option<&'v Value> {
    let rest = path.segments().get(root.segments().len()..)?;
    let mut node = schema;
    for segment in rest {
        node = match segment {
            Segment::Key(k) => node.as_object()?.get(k)?,
            Segment::Index(i) => node.as_array()?.get(*i)?,
            Segment::Line(_) => return None,
        };
    }
    Some(node)
}

/// Whether an earlier finding already covers `path`: one at the same place or
/// inside it, or an error at an ancestor that is a keyword's value rather than
/// a schema object (a finding on a whole schema, such as a missing `type`, says
/// nothing about its other keywords).
fn covered<'f>(
    mut prior: impl Iterator<Item = &'f Finding>,
    schema: &Value,
    path: &Path,
    root: &Path,
) -> bool {
    prior.any(|f| {
        f.path.starts_with(path)
            || (f.severity == Severity::Error
                && path.starts_with(&f.path)
                && f.path.starts_with(root)
                && value_at(schema, root, &f.path).is_some_and(|v| !v.is_object()))
    })
}

/// The findings reported before this rule ran, sorted by path, so the ones
/// inside one schema are found by binary search rather than a scan of all.
struct Earlier {
    /// Indices into the findings, by path.
    sorted: Vec<usize>,
}

impl Earlier {
    fn new(findings: &[Finding]) -> Self {
        let mut sorted: Vec<usize> = (0..findings.len()).collect();
        sorted.sort_by(|a, b| findings[*a].path.cmp(&findings[*b].path));
        Self { sorted }
    }

    /// The findings at `root` or inside it (a path's descendants sort
    /// right after it).
    fn within<'f>(
        &self,
        findings: &'f [Finding],
        root: &Path,
    ) -> impl Iterator<Item = &'f Finding> {
        let start = self.sorted.partition_point(|i| findings[*i].path < *root);
        self.sorted[start..]
            .iter()
            .map(|i| &findings[*i])
            .take_while(|f| f.path.starts_with(root))
    }
}

pub(super) fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    // Only findings inside a schema can cover a problem in it: those of the
    // rules that ran before, indexed on first need, and this rule's own for
    // the same schema (every schema root is a different place).
    let mut earlier: Option<Earlier> = None;
    for tool in cx.tools() {
        for (_, schema, root) in tool_schemas(tool) {
            // A schema that is not an object is `input-schema-missing`'s or
            // `tool-field-wrong-type`'s finding.
            if !schema.is_object() {
                continue;
            }
            let dialect = Dialect::of(schema, cx.settings.revision);
            let Some(problems) = violations(schema, dialect, &root) else {
                continue;
            };
            let mut reported: Vec<Path> = Vec::new();
            let own_from = out.prior().len();
            for problem in problems {
                let findings = out.prior();
                let earlier = earlier.get_or_insert_with(|| Earlier::new(findings));
                let candidates = earlier
                    .within(findings, &root)
                    .chain(findings.get(own_from..).unwrap_or_default());
                // Several meta-schema branches often fail at one spot: report it once.
                if reported.contains(&problem.path)
                    || covered(candidates, schema, &problem.path, &root)
                {
                    continue;
                }
                reported.push(problem.path.clone());
                out.report(
                    Some(tool),
                    problem.path,
                    problem.message,
                )
                .explanation(
                    format!(
                        "MCP requires schemas to be valid under their dialect, here JSON Schema {}. A client that validates schemas cannot compile this one: \
                         depending on the client the tool is dropped, or every call fails with a schema error the model cannot fix by changing its arguments. \
                         A lenient client ignores the broken keyword, so the constraint it was meant to express is silently lost.",
                        dialect.label()
                    ),
                )
                .help(problem.fix);
            }
        }
    }
}
