//! `default-not-allowed`: a `default` (or an element of `examples`) that its
//! own schema rejects. The value is judged by the JSON Schema validator with
//! the options the result check uses ([`crate::schema_errors::options`]), so
//! the two cannot disagree; it needs the core's `schema` feature, and the
//! page's module leaves it to its worker.

crate::registry::declare_rule! {
    /// ## What it does
    /// Validates each `default` in an input schema against the schema it sits
    /// in, with the JSON Schema validator that checks `tools/call` results,
    /// and reports a default the schema rejects: the wrong type, a value
    /// outside `enum` or `const`, or one that breaks a bound, a length or a
    /// `pattern`. Each element of `examples` is checked the same way, and
    /// reported as info.
    ///
    /// It names the most common case: `"default": null` on a schema that does
    /// not accept null. Servers built with FastMCP (2.x to 4.x) write an
    /// `Optional[str] = None` parameter as `{"type": "string", "default":
    /// null}`, dropping the null branch and keeping the null default: two
    /// public servers of 98 and 54 tools have 104 and 68 such parameters. A schema whose `$ref` cannot be
    /// resolved inside the document is skipped.
    ///
    /// ## Why is this bad?
    /// The model is told two things that cannot both hold, such as "a
    /// string" and "null when omitted". A client that fills in defaults (form
    /// inspectors, some agent frameworks), or a model that copies the
    /// default, sends a value that validation rejects.
    ///
    /// ## Example
    /// ```json
    /// {"cursor": {"type": "string", "default": null},
    ///  "limit": {"type": "integer", "minimum": 1, "default": 0}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"cursor": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null},
    ///  "limit": {"type": "integer", "minimum": 1, "default": 10}}
    /// ```
    ///
    /// ## Fix
    /// Make the default a value the schema accepts, add the branch it needs
    /// (`{"type": "null"}` for a null default), or remove the default.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Validation, `default` ("It is RECOMMENDED that a default value be valid against the associated schema"): <https://json-schema.org/draft/2020-12/json-schema-validation#section-9.2>
    /// - JSON Schema 2020-12 Validation, `examples` ("It is RECOMMENDED that these values be valid against the associated schema"): <https://json-schema.org/draft/2020-12/json-schema-validation#section-9.5>
    pub DEFAULT_NOT_ALLOWED,
    id = "default-not-allowed",
    group = Schema,
    severity = Warning,
    runs_in = Validator,
    fix = Safe,
    fix_note = "The automatic fix (safe: a client that leaves the parameter out gets the handler's own default, which is what null stood for) removes `\"default\": null` where the schema does not accept null. Other defaults are left to the author, who knows whether the schema or the default is wrong.",
    summary = "A `default` (or an example) is rejected by its own schema",
}

#[cfg(feature = "schema")]
use judge::check;

#[cfg(feature = "schema")]
mod judge {
    use std::cell::RefCell;

    use jsonschema::error::ValidationErrorKind;
    use jsonschema::{ValidationError, Validator};

    use crate::fix::{Fix, Op};
    use crate::rules::facts::what;
    use crate::rules::walk::Node;
    use crate::rules::{Definitions, Emitter};
    use crate::schema_errors::{or_list, truncate, type_names, with_article};
    use crate::severity::Severity;
    use crate::value::member;
    use crate::value::{Map, Value};

    /// Whether a keyword that holds a reference (whose target is looked up
    /// in the root) is in `value`.
    fn refers(value: &Value) -> bool {
        match value {
            Value::Object(map) => refers_in(map),
            Value::Array(items) => items.iter().any(refers),
            _ => false,
        }
    }

    fn refers_in(map: &Map) -> bool {
        map.iter().any(|(k, v)| {
            matches!(k.as_str(), "$ref" | "$dynamicRef" | "$recursiveRef") || refers(v)
        })
    }

    /// Keywords that do not change what a schema accepts: left out, so that
    /// schemas that differ only in them share one compiled validator.
    const ANNOTATIONS: [&str; 8] = [
        "default",
        "examples",
        "title",
        "description",
        "$comment",
        "deprecated",
        "readOnly",
        "writeOnly",
    ];

    /// The root's keywords that the schema at `node` needs beside its own:
    /// the dialect, and the definitions when it refers to them.
    fn borrowed(node: &Map) -> &'static [&'static str] {
        if refers_in(node) {
            &["$schema", "$defs", "definitions"]
        } else {
            &["$schema"]
        }
    }

    /// The members of the schema at `node` as the validator reads it on its
    /// own: its keywords but its annotations, and what it borrows from the
    /// root.
    fn members<'v>(
        node: &'v Map,
        root: Option<&'v Value>,
    ) -> impl Iterator<Item = (&'v str, &'v Value)> {
        let own = node
            .iter()
            .map(|(k, v)| (k.as_str(), v))
            .filter(|(k, _)| !ANNOTATIONS.contains(k));
        let root = root.and_then(Value::as_object);
        let from_root = borrowed(node)
            .iter()
            .filter(move |k| !node.contains_key(k))
            .filter_map(move |k| Some((*k, member(root?, k)?)));
        own.chain(from_root)
    }

    /// How many compiled validators are kept between checks at the most.
    const KEPT: usize = 256;

    thread_local! {
        /// Compiled validators by their schema's text (`None` for one that
        /// does not compile), kept between checks: the page's worker checks
        /// the text again after every edit, and servers repeat small schemas
        /// such as `{"type": "boolean"}`.
        static COMPILED: RefCell<Vec<(Vec<u8>, Option<Validator>)>> = const { RefCell::new(Vec::new()) };
    }

    /// What is wrong with each of `values` by the schema at `node` (see
    /// [`members`]), in words (`None` for a value it accepts), with the
    /// validator compiled once; `None` when the schema does not compile.
    fn judged(node: &Map, root: Option<&Value>, values: &[&Value]) -> Option<Vec<Option<String>>> {
        let schema = || {
            serde_json::Value::Object(
                members(node, root)
                    .map(|(k, v)| (k.to_owned(), v.to_serde()))
                    .collect(),
            )
        };
        // The key is the schema's text, written from the document's own
        // values: the validator's copy is made only when it is compiled.
        let mut key = Vec::new();
        for (k, v) in members(node, root) {
            let _ = serde_json::to_writer(&mut key, k);
            key.push(b':');
            let _ = serde_json::to_writer(&mut key, v);
            key.push(b',');
        }
        COMPILED.with(|kept| {
            let mut kept = kept.borrow_mut();
            let at = match kept.iter().position(|(k, _)| *k == key) {
                Some(at) => at,
                None => {
                    if kept.len() >= KEPT {
                        kept.clear();
                    }
                    let built = crate::schema_errors::options().build(&schema()).ok();
                    kept.push((key, built));
                    kept.len() - 1
                }
            };
            let validator = kept[at].1.as_ref()?;
            Some(
                values
                    .iter()
                    .map(|value| {
                        let instance = value.to_serde();
                        let error = validator.iter_errors(&instance).next()?;
                        Some(problem(&error, &instance, &schema()))
                    })
                    .collect(),
            )
        })
    }

    /// What the validator found wrong with `value`, in words. Made here
    /// rather than by the error's `Display`, which would bring the
    /// validator's whole table of messages into the page's worker.
    fn problem(
        error: &ValidationError<'_>,
        value: &serde_json::Value,
        schema: &serde_json::Value,
    ) -> String {
        let shown = truncate(&value.to_string(), 40);
        let at = error.instance_path().as_str();
        let at = if at.is_empty() {
            String::new()
        } else {
            format!(" at {at}")
        };
        match error.kind() {
            ValidationErrorKind::Type { kind } => {
                let expected: Vec<String> =
                    type_names(kind).into_iter().map(with_article).collect();
                format!("{shown}{at} is not {}", or_list(&expected))
            }
            ValidationErrorKind::Enum { options } => {
                format!(
                    "{shown}{at} is not one of the enum's values {}",
                    truncate(&options.to_string(), 60)
                )
            }
            ValidationErrorKind::Constant { expected_value } => {
                format!(
                    "{shown}{at} is not the const {}",
                    truncate(&expected_value.to_string(), 60)
                )
            }
            other => {
                // The keyword's value, from where the validator says it is.
                let limit = schema
                    .pointer(error.schema_path().as_str())
                    .map(|v| format!(" {}", truncate(&v.to_string(), 60)))
                    .unwrap_or_default();
                format!("{shown}{at} breaks its `{}`{limit}", other.keyword())
            }
        }
    }

    pub(super) fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
        cx.each_input_node(&mut |tool, node| {
            if node.in_condition {
                return;
            }
            let Some(obj) = node.object() else { return };
            let default = member(obj, "default");
            let examples = member(obj, "examples").and_then(Value::as_array).unwrap_or_default();
            if default.is_none() && examples.is_empty() {
                return;
            }
            let values: Vec<&Value> = default.into_iter().chain(examples).collect();
            let Some(mut problems) = judged(obj, tool.input_schema(), &values) else {
                return;
            };
            let example_problems = problems.split_off(usize::from(default.is_some()));
            if let (Some(default), Some(Some(problem))) = (default, problems.pop()) {
                report_default(out, tool, node, default, problem);
            }
            for (i, problem) in example_problems.into_iter().enumerate() {
                let Some(problem) = problem else { continue };
                out.report(
                    Some(tool),
                    node.path.key("examples").index(i),
                    format!("an example of {} is rejected by its schema: {problem}", what(node)),
                )
                .explanation(
                    "Models copy examples into their calls, and this one fails validation: a call built from it is \
                     rejected.",
                )
                .help("Change the example to a value the schema accepts, or remove it")
                .severity = Severity::Info;
            }
        });
    }

    fn report_default(
        out: &mut Emitter<'_>,
        tool: &crate::input::Tool<'_>,
        node: &Node<'_>,
        default: &Value,
        problem: String,
    ) {
        let path = node.path.key("default");
        if default.is_null() {
            out.report(
                Some(tool),
                path.clone(),
                format!("{} defaults to null but its schema does not accept null", what(node)),
            )
            .explanation(
                "An optional parameter whose null branch was dropped (as FastMCP writes `Optional[str] = None`): a \
                 client that fills in defaults sends a null that validation rejects.",
            )
            .help(
                "Add the null branch, as \"anyOf\": [{…}, {\"type\": \"null\"}], or remove \"default\": null",
            )
            .with_fix(|| Fix::safe("Remove `\"default\": null`", vec![Op::Remove { path }]));
            return;
        }
        out.report(
            Some(tool),
            path,
            format!("the default of {} is rejected by its schema: {problem}", what(node)),
        )
        .explanation(
            "A client that fills in defaults, or a model that copies the default, sends a value validation rejects.",
        )
        .help("Make the default a value the schema accepts, or remove it");
    }
}

#[cfg(all(test, feature = "schema"))]
mod tests {
    crate::rule_snapshot!(DEFAULT_NOT_ALLOWED, "schema/default-not-allowed.json");
}
