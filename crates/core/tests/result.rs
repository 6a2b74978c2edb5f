//! The result check: a pasted tools/call result against the tool's outputSchema.

use serde_json::{Value, json};
use toolcheck::checking::check_result;
use toolcheck::report;
use toolcheck::result::{self, ResultReport, ResultSource, rules};
use toolcheck::{Revision, Settings, Severity};

const TOOLS: &str = include_str!("../resources/fixtures/result/tools.json");
const TRANSCRIPT: &str = include_str!("../resources/fixtures/result/transcript.jsonl");

const REVISIONS: [Revision; 2] = [Revision::R2025_11_25, Revision::R2026_07_28];

fn settings(revision: Revision) -> Settings {
    Settings {
        revision,
        ..Settings::default()
    }
}

fn run(tools: &str, tool: &str, result: &Value, revision: Revision) -> ResultReport {
    let report = check_result(tools, tool, &result.to_string(), &settings(revision))
        .expect("result is checked");
    for f in &report.findings {
        assert!(
            f.rule.group == toolcheck::registry::Group::Result
                && toolcheck::RULES.iter().any(|r| std::ptr::eq(*r, f.rule)),
            "{} is not a registered result rule",
            f.rule.id
        );
    }
    report
}

/// `severity id path` for each finding.
fn summary(report: &ResultReport) -> Vec<String> {
    report
        .findings
        .iter()
        .map(|f| format!("{} {} {}", f.severity, f.rule.id, f.path))
        .collect()
}

fn response(result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": 2, "result": result})
}

/// A valid get_order structured value (sample tools) and a result carrying it.
fn good_order() -> Value {
    json!({"orderId": "ord_19ab", "total": 49.9, "currency": "INR", "status": "shipped"})
}

fn result_with(structured: &Value) -> Value {
    json!({
        "content": [{"type": "text", "text": structured.to_string()}],
        "structuredContent": structured,
        "resultType": "complete"
    })
}

#[test]
fn sample_gives_exactly_the_two_seed_errors() {
    for revision in REVISIONS {
        let report = check_result(
            toolcheck::sample::TOOLS,
            "get_order",
            toolcheck::sample::RESULT,
            &settings(revision),
        )
        .expect("sample checks");
        let got: Vec<(Severity, &str, String, &str)> = report
            .findings
            .iter()
            .map(|f| {
                (
                    f.severity,
                    f.rule.id,
                    f.path.to_string(),
                    f.message.as_str(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    Severity::Error,
                    rules::STRUCTURED_CONTENT_INVALID.id,
                    "structuredContent.total".to_owned(),
                    "structuredContent.total is string, expected number"
                ),
                (
                    Severity::Error,
                    rules::STRUCTURED_CONTENT_INVALID.id,
                    "structuredContent.status".to_owned(),
                    "structuredContent.status \"Shipped\" is not one of \"pending\", \"shipped\", \"cancelled\""
                ),
            ],
            "under {revision}"
        );
        assert_eq!(
            (
                report.counts.errors,
                report.counts.warnings,
                report.counts.info
            ),
            (2, 0, 0)
        );
        assert!(report.has_output_schema);
        assert_eq!(report.source, ResultSource::JsonRpcResponse);
        assert_eq!(report.located_at.to_string(), "result");
        assert_eq!(report.inferred_schema, None);
        assert!(
            report.findings[1].help.contains("\"shipped\" exactly"),
            "{}",
            report.findings[1].help
        );
    }
}

#[test]
fn sample_renders_in_every_format() {
    let report = check_result(
        toolcheck::sample::TOOLS,
        "get_order",
        toolcheck::sample::RESULT,
        &Settings::default(),
    )
    .unwrap();
    let text = report::result::text(&report);
    assert!(text.contains(
        "error[structured-content-invalid]: structuredContent.total is string, expected number"
    ));
    assert!(text.contains("2 errors, 0 warnings, 0 info"), "{text}");
    let md = report::result::markdown(&report);
    let escaped =
        toolcheck::report::markdown::escape("structuredContent.total is string, expected number");
    assert!(md.contains(&format!("- **Finding:** {escaped}")), "{md}");
    // The pasted values other than the enum mismatch never reach the report.
    for value in ["ord_19ab", "49.90", "INR"] {
        assert!(
            !md.contains(value),
            "{value} leaked into the Markdown report"
        );
    }
    let json: Value = serde_json::from_str(&report::result::json(&report)).unwrap();
    assert_eq!(
        json["summary"],
        json!({"errors": 2, "warnings": 0, "info": 0})
    );
    assert_eq!(json["findings"][0]["pointer"], "/structuredContent/total");
    assert_eq!(json["findings"][1]["rule"], "structured-content-invalid");
}

#[test]
fn a_conforming_result_is_clean() {
    for revision in REVISIONS {
        let report = run(
            toolcheck::sample::TOOLS,
            "get_order",
            &response(result_with(&good_order())),
            revision,
        );
        assert_eq!(summary(&report), Vec::<String>::new(), "under {revision}");
        // The CallToolResult alone is accepted too.
        let report = run(
            toolcheck::sample::TOOLS,
            "get_order",
            &result_with(&good_order()),
            revision,
        );
        assert_eq!(report.source, ResultSource::CallToolResult);
        assert!(report.findings.is_empty());
    }
}

#[test]
fn missing_structured_content_is_an_error() {
    for revision in REVISIONS {
        let result = json!({"content": [{"type": "text", "text": good_order().to_string()}], "resultType": "complete"});
        let report = run(toolcheck::sample::TOOLS, "get_order", &result, revision);
        assert_eq!(
            summary(&report),
            vec!["error structured-content-missing structuredContent"],
            "under {revision}"
        );
        assert!(
            report.findings[0].help.contains("content[0].text"),
            "{}",
            report.findings[0].help
        );
    }
}

#[test]
fn error_results_skip_conformance() {
    for revision in REVISIONS {
        let result = json!({
            "content": [{"type": "text", "text": "Order ord_404 not found"}],
            "structuredContent": {"error": "not_found"},
            "isError": true,
            "resultType": "complete"
        });
        let report = run(toolcheck::sample::TOOLS, "get_order", &result, revision);
        assert!(report.is_error);
        assert_eq!(
            summary(&report),
            vec!["info error-result-not-checked isError"],
            "under {revision}"
        );
        // Without structuredContent, an error result is fine.
        let result = json!({"content": [{"type": "text", "text": "Order not found"}], "isError": true, "resultType": "complete"});
        let report = run(toolcheck::sample::TOOLS, "get_order", &result, revision);
        assert_eq!(
            summary(&report),
            vec!["info error-result-not-checked isError"]
        );
    }
}

#[test]
fn content_must_be_an_array_of_blocks() {
    for revision in REVISIONS {
        let sc = good_order();
        let missing = json!({"structuredContent": sc, "resultType": "complete"});
        assert_eq!(
            summary(&run(
                toolcheck::sample::TOOLS,
                "get_order",
                &missing,
                revision
            )),
            vec!["error content-missing content"]
        );
        let not_array = json!({"content": "ok", "structuredContent": sc, "resultType": "complete"});
        assert_eq!(
            summary(&run(
                toolcheck::sample::TOOLS,
                "get_order",
                &not_array,
                revision
            )),
            vec!["error content-not-array content"]
        );
        let bad_blocks = json!({
            "content": [{"type": "text", "text": sc.to_string()}, "hello", {"text": "x"}, {"type": "text", "text": 5}, {"type": 1}],
            "structuredContent": sc,
            "resultType": "complete"
        });
        assert_eq!(
            summary(&run(
                toolcheck::sample::TOOLS,
                "get_order",
                &bad_blocks,
                revision
            )),
            vec![
                "error content-block-invalid content[1]",
                "error content-block-invalid content[2]",
                "error content-block-invalid content[3].text",
                "error content-block-invalid content[4].type",
            ]
        );
    }
}

#[test]
fn is_error_must_be_boolean_and_result_type_is_2026() {
    let result = json!({"content": [{"type": "text", "text": good_order().to_string()}], "structuredContent": good_order(), "isError": "false"});
    // The sample's tools/list shows no sign of 2026-07-28 (no cache hints, no
    // recorded protocol), so its results are not asked for a resultType, as
    // the list itself is not asked for cache hints.
    for revision in [Revision::R2026_07_28, Revision::R2025_11_25] {
        assert_eq!(
            summary(&run(
                toolcheck::sample::TOOLS,
                "get_order",
                &result,
                revision
            )),
            vec!["error is-error-not-boolean isError"],
            "{revision}"
        );
    }
    // A server whose tools/list page carries 2026-07-28 cache hints is.
    let mut tools: Value = serde_json::from_str(toolcheck::sample::TOOLS).unwrap();
    tools["result"]["ttlMs"] = json!(60_000);
    let tools_2026 = tools.to_string();
    assert_eq!(
        summary(&run(
            &tools_2026,
            "get_order",
            &result,
            Revision::R2026_07_28
        )),
        vec![
            "error is-error-not-boolean isError",
            "warning result-type-missing resultType"
        ]
    );
    assert_eq!(
        summary(&run(
            &tools_2026,
            "get_order",
            &result,
            Revision::R2025_11_25
        )),
        vec!["error is-error-not-boolean isError"]
    );
    let mut typed = result_with(&good_order());
    typed["resultType"] = json!(1);
    assert_eq!(
        summary(&run(
            toolcheck::sample::TOOLS,
            "get_order",
            &typed,
            Revision::R2026_07_28
        )),
        vec!["error result-type-not-string resultType"]
    );
}

#[test]
fn text_that_disagrees_is_a_warning() {
    for revision in REVISIONS {
        let mut text_value = good_order();
        text_value["total"] = json!(59.9);
        text_value["status"] = json!("pending");
        let result = json!({
            "content": [{"type": "text", "text": text_value.to_string()}],
            "structuredContent": good_order(),
            "resultType": "complete"
        });
        let report = run(toolcheck::sample::TOOLS, "get_order", &result, revision);
        assert_eq!(
            summary(&report),
            vec!["warning text-disagrees-with-structured content[0].text"]
        );
        assert_eq!(
            report.findings[0].message,
            "content[0].text holds JSON that differs from structuredContent at structuredContent.total, structuredContent.status"
        );
    }
}

#[test]
fn missing_text_fallback_depends_on_kind_and_revision() {
    let prose = |sc: Value| json!({"content": [{"type": "text", "text": "Here you go"}], "structuredContent": sc, "resultType": "complete"});
    // An object: a warning under every revision.
    for revision in REVISIONS {
        assert_eq!(
            summary(&run(
                toolcheck::sample::TOOLS,
                "get_order",
                &prose(good_order()),
                revision
            )),
            vec!["warning structured-text-fallback-missing content"]
        );
    }
    // An array or a primitive: an error under 2026-07-28, a warning before.
    let orders = json!([{"orderId": "ord_19ab", "total": 49.9, "status": "shipped"}]);
    assert_eq!(
        summary(&run(
            TOOLS,
            "list_orders",
            &prose(orders.clone()),
            Revision::R2026_07_28
        )),
        vec![
            "error structured-text-fallback-missing content",
            "info structured-content-not-object structuredContent",
        ]
    );
    assert_eq!(
        summary(&run(
            TOOLS,
            "list_orders",
            &prose(orders),
            Revision::R2025_11_25
        )),
        vec![
            "warning structured-text-fallback-missing content",
            "info structured-content-not-object structuredContent",
        ]
    );
    assert_eq!(
        summary(&run(
            TOOLS,
            "count_orders",
            &prose(json!(3)),
            Revision::R2026_07_28
        )),
        vec![
            "error structured-text-fallback-missing content",
            "info structured-content-not-object structuredContent",
        ]
    );
    assert_eq!(
        summary(&run(
            TOOLS,
            "count_orders",
            &prose(json!(3)),
            Revision::R2025_11_25
        )),
        vec![
            "warning structured-text-fallback-missing content",
            "info structured-content-not-object structuredContent",
        ]
    );
}

#[test]
fn array_root_is_info_under_both_revisions() {
    let orders = json!([
        {"orderId": "ord_19ab", "total": 49.9, "status": "shipped"},
        {"orderId": "ord_19ac", "total": 12, "status": "pending"}
    ]);
    for revision in REVISIONS {
        let report = run(TOOLS, "list_orders", &result_with(&orders), revision);
        assert_eq!(
            summary(&report),
            vec!["info structured-content-not-object structuredContent"],
            "under {revision}"
        );
        let f = &report.findings[0];
        assert!(
            f.explanation
                .contains("depends on which revision your clients speak"),
            "{}",
            f.explanation
        );
        assert!(
            f.message.contains("2026-07-28") && f.message.contains("object"),
            "{}",
            f.message
        );
    }
    // Conformance still applies inside the array.
    let mut bad = orders;
    bad[1]["status"] = json!("lost");
    let report = run(
        TOOLS,
        "list_orders",
        &result_with(&bad),
        Revision::R2026_07_28,
    );
    assert_eq!(
        summary(&report),
        vec![
            "error structured-content-invalid structuredContent[1].status",
            "info structured-content-not-object structuredContent",
        ]
    );
    // A root of the wrong type is a conformance error, not the info.
    let report = run(
        TOOLS,
        "count_orders",
        &result_with(&json!("three")),
        Revision::R2026_07_28,
    );
    assert_eq!(
        summary(&report),
        vec!["error structured-content-invalid structuredContent"]
    );
    assert_eq!(
        report.findings[0].message,
        "structuredContent is string, expected integer"
    );
}

#[test]
fn a_megabyte_of_structured_content() {
    let item =
        json!({"orderId": "ord_19ab", "total": 49.9, "status": "shipped", "note": "x".repeat(40)});
    let orders: Vec<Value> = std::iter::repeat_n(item, 12_000).collect();
    let orders = Value::Array(orders);
    let text = result_with(&orders).to_string();
    assert!(text.len() > 2_000_000, "{} bytes", text.len()); // structuredContent plus its text copy
    let started = std::time::Instant::now();
    let report = check_result(
        TOOLS,
        "list_orders",
        &text,
        &settings(Revision::R2026_07_28),
    )
    .expect("checks");
    assert_eq!(
        summary(&report),
        vec!["info structured-content-not-object structuredContent"]
    );
    // Every violation is reported, not only the first.
    let mut bad = orders;
    for order in bad.as_array_mut().unwrap() {
        order["total"] = json!("49.90");
    }
    let report = run(
        TOOLS,
        "list_orders",
        &result_with(&bad),
        Revision::R2026_07_28,
    );
    assert_eq!(report.counts.errors, 12_000);
    assert_eq!(
        report.findings[11_999].path.to_string(),
        "structuredContent[11999].total"
    );
    assert!(
        started.elapsed().as_secs() < 60,
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn recursive_ref_terminates() {
    let mut tree = json!({"name": "leaf", "children": [{"name": 7}]});
    for i in 0..40 {
        tree = json!({"name": format!("level {i}"), "children": [{"name": "sibling"}, tree]});
    }
    let report = run(
        TOOLS,
        "category_tree",
        &result_with(&tree),
        Revision::R2026_07_28,
    );
    assert_eq!(report.counts.errors, 1, "{:#?}", report.findings);
    let path = report.findings[0].path.to_string();
    assert!(
        path.starts_with("structuredContent.children[1].children[1]."),
        "{path}"
    );
    assert!(path.ends_with(".children[0].name"), "{path}");

    // As deep as the JSON parser allows.
    let mut deep = String::from("{\"content\":[],\"structuredContent\":");
    let levels = 60;
    for _ in 0..levels {
        deep.push_str("{\"name\":\"n\",\"children\":[");
    }
    deep.push_str("{\"name\":1}");
    for _ in 0..levels {
        deep.push_str("]}");
    }
    deep.push('}');
    let report = check_result(
        TOOLS,
        "category_tree",
        &deep,
        &settings(Revision::R2026_07_28),
    )
    .expect("checks");
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.rule.id == rules::STRUCTURED_CONTENT_INVALID.id)
    );
}

#[test]
fn an_unusable_output_schema_is_reported_once() {
    let report = run(
        TOOLS,
        "broken_schema",
        &result_with(&json!({"a": 1})),
        Revision::R2026_07_28,
    );
    assert_eq!(
        summary(&report),
        vec!["warning output-schema-unusable outputSchema.type"]
    );
}

#[test]
fn transcripts_pick_the_call_for_the_tool() {
    let s = settings(Revision::R2026_07_28);
    // The last count_orders response (-1) breaks minimum 0.
    let report = check_result(TOOLS, "count_orders", TRANSCRIPT, &s).unwrap();
    assert_eq!(report.source, ResultSource::Transcript);
    assert_eq!(report.located_at.to_string(), "line 9: result");
    let got = summary(&report);
    assert!(
        got.contains(&"error structured-content-invalid structuredContent".to_owned()),
        "{got:?}"
    );
    assert_eq!(
        report.findings[0].message,
        "structuredContent is below the minimum 0"
    );
    // list_orders was called once, on line 6.
    let report = check_result(TOOLS, "list_orders", TRANSCRIPT, &s).unwrap();
    assert_eq!(report.located_at.to_string(), "line 7: result");
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.severity != Severity::Error),
        "{:#?}",
        report.findings
    );
    // No call to category_tree: the last response, with a warning.
    let report = check_result(TOOLS, "category_tree", TRANSCRIPT, &s).unwrap();
    assert_eq!(report.located_at.to_string(), "line 9: result");
    assert!(
        summary(&report).contains(&"warning result-for-other-tool (root)".to_owned()),
        "{:?}",
        summary(&report)
    );
}

#[test]
fn tools_without_output_schema_get_an_inferred_one() {
    for revision in REVISIONS {
        let sc = json!({"trackingNumber": "TRK123", "deliveredAt": "2026-07-28T10:15:00Z", "events": [{"at": "2026-07-27", "place": "Pune"}]});
        let report = run(TOOLS, "track_parcel", &result_with(&sc), revision);
        assert_eq!(
            summary(&report),
            vec!["info output-schema-missing structuredContent"]
        );
        let schema = report.inferred_schema.expect("inferred");
        assert_eq!(
            schema["$schema"],
            "https://json-schema.org/draft/2020-12/schema"
        );
        assert_eq!(schema["properties"]["deliveredAt"]["format"], "date-time");
        assert_eq!(
            schema["required"],
            json!(["trackingNumber", "deliveredAt", "events"])
        );
        assert!(jsonschema::is_valid(&schema, &sc));
        // From the text block when there is no structuredContent.
        let result = json!({"content": [{"type": "text", "text": sc.to_string()}], "resultType": "complete"});
        let report = run(TOOLS, "track_parcel", &result, revision);
        assert_eq!(
            report.inferred_from.map(|p| p.to_string()).as_deref(),
            Some("content[0].text")
        );
        assert!(report.inferred_schema.is_some());
        let md = report::result::markdown(&run(TOOLS, "track_parcel", &result, revision));
        assert!(md.contains("```json"), "{md}");
        assert!(!md.contains("TRK123") && !md.contains("Pune"), "{md}");
    }
}

#[test]
fn infer_from_pasted_text() {
    let inferred = result::infer_from_result_text(toolcheck::sample::RESULT).unwrap();
    assert_eq!(inferred.from.to_string(), "structuredContent");
    assert_eq!(
        inferred.schema["properties"]["total"],
        json!({"type": "string"})
    );
    let inferred = result::infer_from_result_text(r#"[{"a": 1}, {"a": 2.5, "b": null}]"#).unwrap();
    assert_eq!(inferred.source, None);
    assert_eq!(
        inferred.schema["items"]["properties"]["a"],
        json!({"type": "number"})
    );
    let err = result::infer_from_result_text(r#"{"content": [{"type": "text", "text": "hi"}]}"#)
        .unwrap_err();
    assert!(
        err.message.contains("nothing") || err.message.contains("no structure"),
        "{}",
        err.message
    );
    let err = result::infer_from_result_text(
        r#"{"content": [], "structuredContent": {}, "isError": true}"#,
    )
    .unwrap_err();
    assert!(err.message.contains("isError"), "{}", err.message);
}

#[test]
fn input_errors_are_clear() {
    let s = Settings::default();
    let err = check_result(TOOLS, "list_orders", "{\n  \"content\": [,]\n}", &s).unwrap_err();
    assert_eq!((err.line, err.column), (Some(2), Some(15)));
    let err = check_result(
        TOOLS,
        "list_orders",
        r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Unknown tool"}}"#,
        &s,
    )
    .unwrap_err();
    assert!(
        err.message.contains("JSON-RPC error response"),
        "{}",
        err.message
    );
    let err = check_result(TOOLS, "list_orders", r#"{"orders": []}"#, &s).unwrap_err();
    assert!(
        err.message
            .contains("Expected a JSON-RPC response to tools/call"),
        "{}",
        err.message
    );
    let err = check_result(TOOLS, "list_order", "{}", &s).unwrap_err();
    assert!(
        err.message.contains("did you mean \"list_orders\""),
        "{}",
        err.message
    );
}

#[test]
fn wrong_types_everywhere_never_panic() {
    let odd = [
        json!(null),
        json!(true),
        json!(0),
        json!(-1.5),
        json!("x"),
        json!([]),
        json!([null, 1, "a", [], {}]),
        json!({}),
        json!({"type": 5}),
        json!({"": {"": []}}),
    ];
    for tool in [
        "list_orders",
        "count_orders",
        "category_tree",
        "track_parcel",
        "broken_schema",
    ] {
        for revision in REVISIONS {
            for a in &odd {
                for b in &odd {
                    let result = json!({"content": a, "structuredContent": b, "isError": a, "resultType": b});
                    let _ = run(TOOLS, tool, &result, revision);
                    let result = json!({"content": [a, b], "structuredContent": a});
                    let _ = run(TOOLS, tool, &result, revision);
                }
                let _ = check_result(TOOLS, tool, &a.to_string(), &settings(revision));
                let _ = result::infer_from_result_text(&a.to_string());
            }
        }
    }
    // Odd tools: outputSchema of every type.
    for schema in &odd {
        let tools = json!({"tools": [{"name": "t", "inputSchema": {}, "outputSchema": schema}]})
            .to_string();
        let _ = run(
            &tools,
            "t",
            &result_with(&json!({"a": [1, {"b": null}]})),
            Revision::R2026_07_28,
        );
    }
}

/// The spec's example of a tools/call that asks for input first.
fn input_required() -> Value {
    json!({
        "resultType": "input_required",
        "inputRequests": {"github_login": {"method": "elicitation/create", "params": {
            "mode": "form", "message": "Please provide your GitHub username",
            "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}},
        "requestState": "eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0"
    })
}

#[test]
fn an_input_required_result_is_answered_not_held_to_the_output_schema() {
    let report = run(
        toolcheck::sample::TOOLS,
        "get_order",
        &response(input_required()),
        Revision::R2026_07_28,
    );
    assert_eq!(summary(&report), vec!["info input-required resultType"]);
    assert!(
        report.findings[0]
            .message
            .contains("asks the client for input first: elicitation/create \"github_login\""),
        "{}",
        report.findings[0].message
    );
    assert!(report.inferred_schema.is_none());
    // Only requestState is enough.
    let state_only = json!({"resultType": "input_required", "requestState": "abc"});
    assert_eq!(
        summary(&run(
            toolcheck::sample::TOOLS,
            "get_order",
            &state_only,
            Revision::R2026_07_28
        )),
        vec!["info input-required resultType"]
    );
}

#[test]
fn an_input_required_result_the_client_cannot_act_on_is_an_error() {
    let check = |result: Value| {
        summary(&run(
            toolcheck::sample::TOOLS,
            "get_order",
            &result,
            Revision::R2026_07_28,
        ))
    };
    assert_eq!(
        check(json!({"resultType": "input_required"})),
        vec![
            "error input-required-invalid (root)",
            "info input-required resultType"
        ]
    );
    let mut bad = input_required();
    bad["inputRequests"]["login"] = json!({"method": "auth/prompt"});
    bad["inputRequests"]["nothing"] = json!({"params": {}});
    bad["requestState"] = json!(7);
    assert_eq!(
        check(bad),
        vec![
            "error input-required-invalid requestState",
            "error input-required-invalid inputRequests.login.method",
            "error input-required-invalid inputRequests.nothing",
            "info input-required resultType"
        ]
    );
    assert_eq!(
        check(json!({"resultType": "input_required", "inputRequests": []})),
        vec![
            "error input-required-invalid inputRequests",
            "info input-required resultType"
        ]
    );
}

#[test]
fn before_2026_an_input_required_result_is_an_incomplete_call_result() {
    let report = run(
        toolcheck::sample::TOOLS,
        "get_order",
        &input_required(),
        Revision::R2025_11_25,
    );
    let ids: Vec<&str> = report.findings.iter().map(|f| f.rule.id).collect();
    assert!(ids.contains(&"content-missing"), "{ids:?}");
    assert!(!ids.contains(&"input-required"), "{ids:?}");
}

#[test]
fn credentials_and_stack_traces_in_results() {
    for revision in REVISIONS {
        let result = json!({
            "content": [{"type": "text", "text": "connect failed: postgres://app:S3cr3tP4ss@db.prod.internal/main\nTraceback (most recent call last):\n  File \"/srv/app/db.py\", line 12, in connect\nOperationalError"}],
            "isError": true,
            "resultType": "complete"
        });
        let report = run(toolcheck::sample::TOOLS, "get_order", &result, revision);
        assert_eq!(
            summary(&report),
            vec![
                "warning result-secret content[0].text",
                "warning result-stack-trace content[0].text",
                "info error-result-not-checked isError",
            ],
            "under {revision}"
        );
        let secret = &report.findings[0];
        assert!(
            secret.message.contains("of the error result contains a database URL with a password (postgr…(26 characters))"),
            "{}",
            secret.message
        );
        assert!(
            !secret.message.contains("S3cr3t"),
            "the credential is masked"
        );

        // In a successful result, a trace may be what the tool reads: info.
        let mut order = good_order();
        order["status"] = json!("shipped\n    at ship (/srv/app/dist/ship.js:10:3)");
        order["note"] = json!("key AKIAQ3EGUV7BXN2ZK4PL");
        let report = run(
            toolcheck::sample::TOOLS,
            "get_order",
            &result_with(&order),
            revision,
        );
        let ours: Vec<String> = summary(&report)
            .into_iter()
            .filter(|s| s.contains("result-s"))
            .collect();
        assert_eq!(
            ours,
            vec![
                "warning result-secret content[0].text",
                "warning result-secret structuredContent.note",
                // The text block holds the value serialised, its line break escaped.
                "info result-stack-trace structuredContent.status",
            ],
            "under {revision}"
        );
    }
}
