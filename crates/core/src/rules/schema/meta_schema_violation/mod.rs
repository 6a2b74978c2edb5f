//! `meta-schema-violation`: its declaration here, its check in [`validate`],
//! which needs the JSON Schema validator (the core's `schema` feature). The
//! page's module is built without it and leaves this rule to its worker.

#[cfg(feature = "schema")]
mod validate;

crate::registry::declare_rule! {
    /// ## What it does
    /// Validates each input and output schema against the meta-schema of its
    /// dialect: JSON Schema 2020-12 unless `$schema` names draft-04, draft-06,
    /// draft-07 or 2019-09 (under MCP 2025-06-18, which names no default, a
    /// schema without `$schema` is read as draft-07). It reports keywords with
    /// values the dialect does not allow, such as `"minLength": -1`,
    /// `"enum": "a"`, `"anyOf": []` or a property whose schema is a number.
    ///
    /// It runs after every other rule and stays quiet where a more specific
    /// rule already explained the same spot (for example `unknown-type-name` or
    /// `boolean-required`). Schemas that declare an unknown dialect are skipped;
    /// nothing is ever fetched over the network.
    ///
    /// ## Why is this bad?
    /// MCP requires schemas to be valid under their dialect. A client that
    /// validates schemas when it lists or calls tools cannot compile this one:
    /// depending on the client the tool is dropped, or every call fails with a
    /// schema error the model cannot fix by changing its arguments. A lenient
    /// client ignores the broken keyword, so the constraint it was meant to
    /// express is silently lost.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object",
    ///  "properties": {"code": {"type": "string", "minLength": "3", "enum": "A"}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object",
    ///  "properties": {"code": {"type": "string", "minLength": 3, "enum": ["A"]}}}
    /// ```
    ///
    /// ## Fix
    /// Give the keyword a value of the kind its dialect defines; the fix line
    /// says which.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, JSON Schema usage: <https://modelcontextprotocol.io/specification/2026-07-28/basic>
    /// - JSON Schema 2020-12 meta-schemas: <https://json-schema.org/draft/2020-12/schema>
    /// - JSON Schema draft-07 meta-schema: <https://json-schema.org/draft-07/schema>
    pub META_SCHEMA_VIOLATION,
    id = "meta-schema-violation",
    group = Schema,
    severity = Error,
    runs_in = Validator,
    dropped_by = [VsCode],
    fix_note = "No automatic fix: the value the author meant cannot be recovered reliably from the invalid one.",
    summary = "A schema is invalid against its dialect's meta-schema",
}

#[cfg(feature = "schema")]
use validate::check;

#[cfg(all(test, feature = "schema"))]
mod tests {
    crate::rule_snapshot!(META_SCHEMA_VIOLATION, "schema/meta-schema-violation.json");

    /// Every input and output schema of the fixtures, the sample and the corpus.
    fn schemas() -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        for doc in crate::report::testing::json_documents(true) {
            let mut stack = vec![&doc];
            while let Some(v) = stack.pop() {
                match v {
                    serde_json::Value::Array(items) => stack.extend(items),
                    serde_json::Value::Object(map) => {
                        for (k, sub) in map {
                            if matches!(
                                k.as_str(),
                                "inputSchema" | "outputSchema" | "parameters" | "input_schema"
                            ) {
                                out.push(sub.clone());
                            }
                            stack.push(sub);
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// The quick proof never calls a schema valid that the 2020-12
    /// meta-schema rejects: every real schema, and each with one keyword of
    /// its root or of its first property set to values of every kind.
    #[test]
    fn the_quick_proof_agrees_with_the_validator() {
        use serde_json::json;
        let keys = [
            "type",
            "properties",
            "items",
            "required",
            "enum",
            "anyOf",
            "oneOf",
            "allOf",
            "prefixItems",
            "additionalProperties",
            "minLength",
            "maxItems",
            "minimum",
            "exclusiveMaximum",
            "multipleOf",
            "description",
            "title",
            "format",
            "default",
            "const",
            "examples",
            "$defs",
            "definitions",
            "not",
            "if",
            "uniqueItems",
            "readOnly",
            "dependentRequired",
            "dependentSchemas",
            "contentSchema",
            "propertyNames",
            "$ref",
            "pattern",
            "patternProperties",
            "$schema",
            "$dynamicRef",
            "$id",
            "$anchor",
            "x-custom",
        ];
        let values = [
            json!(null),
            json!(true),
            json!(false),
            json!(-1),
            json!(0),
            json!(2),
            json!(1.5),
            json!("x"),
            json!("string"),
            json!("("),
            json!("#/$defs/a b"),
            json!("1x#y"),
            json!([]),
            json!(["string", "string"]),
            json!(["string", "null"]),
            json!(["a", "b"]),
            json!([1]),
            json!({}),
            json!({"a": {}}),
            json!({"a": 1}),
            json!({"a": ["b", "b"]}),
            json!([{}]),
            json!([{"type": "strin"}]),
            json!({"(": {"minLength": -1}}),
            json!({"type": "integer", "minimum": 0}),
        ];
        let valid = |s: &serde_json::Value| super::validate::DRAFT202012.with(|v| v.is_valid(s));
        let (mut proven, mut rejected) = (0, 0);
        let mut check = |s: &serde_json::Value| {
            if super::validate::surely_valid_2020_12(&crate::value::Value::from(s.clone()), 0) {
                assert!(valid(s), "proven valid but rejected: {s}");
                proven += 1;
            } else if !valid(s) {
                rejected += 1;
            }
        };
        for schema in schemas() {
            check(&schema);
            if !schema.is_object() {
                continue;
            }
            let first_property = schema
                .get("properties")
                .and_then(serde_json::Value::as_object)
                .and_then(|p| p.keys().next().cloned());
            for key in keys {
                for value in &values {
                    let mut at_root = schema.clone();
                    at_root[key] = value.clone();
                    check(&at_root);
                    if let Some(name) = &first_property {
                        let mut below = schema.clone();
                        if below["properties"][name].is_object() {
                            below["properties"][name][key] = value.clone();
                            check(&below);
                        }
                    }
                }
            }
        }
        assert!(
            proven > 10_000 && rejected > 10_000,
            "{proven} proven, {rejected} rejected"
        );
    }

    #[test]
    fn defers_to_more_specific_rules() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/resources/fixtures/schema/meta-schema-violation.json"
        ));
        let id = super::META_SCHEMA_VIOLATION.id;
        let alone =
            crate::check(text, &crate::Settings::default().only(id)).expect("fixture parses");
        let all = crate::check(text, &crate::Settings::default()).expect("fixture parses");
        for tool in all.tools.iter().filter_map(|t| t.name.as_deref()) {
            let meta = |r: &crate::Report| {
                r.findings
                    .iter()
                    .filter(|f| f.rule.id == id && f.tool.as_deref() == Some(tool))
                    .count()
            };
            if tool.starts_with("bad_defers_to_") {
                assert!(
                    meta(&alone) > 0,
                    "{tool}: the meta-schema alone should flag it"
                );
                assert_eq!(
                    meta(&all),
                    0,
                    "{tool}: a more specific rule already reported it"
                );
            }
        }
        for f in all.findings.iter().filter(|f| f.rule.id == id) {
            let repeated = all
                .findings
                .iter()
                .any(|o| o.rule.id != id && o.path.starts_with(&f.path));
            assert!(
                !repeated,
                "meta-schema finding repeats another rule's: {f:#?}"
            );
        }
    }

    #[test]
    fn sample_has_no_meta_schema_findings() {
        let all =
            crate::check(crate::sample::TOOLS, &crate::Settings::default()).expect("sample parses");
        assert!(
            all.findings
                .iter()
                .all(|f| f.rule.id != super::META_SCHEMA_VIOLATION.id)
        );
    }
}
