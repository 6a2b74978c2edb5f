//! The provider rules (`openai-*`, `claude-*`): the calibrated sample, the
//! input shapes that switch a provider on, and when strict mode applies.

use toolcheck::{Finding, Settings, Severity, Targets, check, sample};

fn settings(targets: Targets, strict: bool) -> Settings {
    Settings {
        targets,
        strict,
        ..Settings::default()
    }
}

/// (rule id, tool, path) of each finding, sorted.
fn triples<'a>(findings: impl Iterator<Item = &'a Finding>) -> Vec<(String, String, String)> {
    let mut out: Vec<_> = findings
        .map(|f| {
            (
                f.rule.id.to_owned(),
                f.tool.as_deref().unwrap_or_default().to_owned(),
                f.path.to_string(),
            )
        })
        .collect();
    out.sort();
    out
}

fn expected(items: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    let mut out: Vec<_> = items
        .iter()
        .map(|(r, t, p)| ((*r).to_owned(), (*t).to_owned(), (*p).to_owned()))
        .collect();
    out.sort();
    out
}

fn is_provider(f: &Finding) -> bool {
    f.rule.provider.is_some()
}

const MCP_ERRORS: [(&str, &str, &str); 3] = [
    (
        "required-not-in-properties",
        "orders.search",
        "result.tools[0].inputSchema.required",
    ),
    (
        "x-mcp-header-not-token",
        "get_order",
        "result.tools[1].inputSchema.properties.orderId[\"x-mcp-header\"]",
    ),
    (
        "unknown-type-name",
        "cancel_order",
        "result.tools[2].inputSchema.properties.refundAmount.type",
    ),
];

const NAME_ERRORS: [(&str, &str, &str); 2] = [
    (
        "openai-tool-name-invalid",
        "orders.search",
        "result.tools[0].name",
    ),
    (
        "claude-tool-name-invalid",
        "orders.search",
        "result.tools[0].name",
    ),
];

const STRICT_ERRORS: [(&str, &str, &str); 6] = [
    (
        "openai-strict-additional-properties",
        "orders.search",
        "result.tools[0].inputSchema",
    ),
    (
        "claude-strict-additional-properties",
        "orders.search",
        "result.tools[0].inputSchema",
    ),
    (
        "openai-strict-additional-properties",
        "cancel_order",
        "result.tools[2].inputSchema",
    ),
    (
        "claude-strict-additional-properties",
        "cancel_order",
        "result.tools[2].inputSchema",
    ),
    (
        "openai-strict-optional-property",
        "orders.search",
        "result.tools[0].inputSchema.required",
    ),
    (
        "openai-strict-optional-property",
        "cancel_order",
        "result.tools[2].inputSchema.required",
    ),
];

#[test]
fn sample_against_mcp_only_has_no_provider_findings() {
    let report = check(sample::TOOLS, &settings(Targets::MCP, false)).unwrap();
    assert!(
        !report.findings.iter().any(is_provider),
        "{:#?}",
        report.findings
    );
    let report = check(sample::TOOLS, &settings(Targets::MCP, true)).unwrap();
    assert!(
        !report.findings.iter().any(is_provider),
        "{:#?}",
        report.findings
    );
}

#[test]
fn sample_against_all_has_five_errors() {
    let report = check(sample::TOOLS, &settings(Targets::ALL, false)).unwrap();
    let errors = triples(
        report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error),
    );
    let mut want = MCP_ERRORS.to_vec();
    want.extend(NAME_ERRORS);
    assert_eq!(errors, expected(&want));
    assert_eq!(report.counts.errors, 5);
    // Every provider finding, whatever its severity, is one of the two name errors.
    assert_eq!(
        triples(report.findings.iter().filter(|f| is_provider(f))),
        expected(&NAME_ERRORS)
    );
    let openai = report
        .findings
        .iter()
        .find(|f| f.rule.id == "openai-tool-name-invalid")
        .unwrap();
    assert_eq!(
        openai.message,
        r#"OpenAI: name "orders.search" does not match ^[a-zA-Z0-9_-]{1,64}$"#
    );
    assert!(openai.help.contains("\"orders_search\""), "{}", openai.help);
    let claude = report
        .findings
        .iter()
        .find(|f| f.rule.id == "claude-tool-name-invalid")
        .unwrap();
    assert!(claude.message.starts_with("Claude: "));
}

#[test]
fn sample_against_all_in_strict_mode_adds_six_errors() {
    let report = check(sample::TOOLS, &settings(Targets::ALL, true)).unwrap();
    let errors = triples(
        report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error),
    );
    let mut want = MCP_ERRORS.to_vec();
    want.extend(NAME_ERRORS);
    want.extend(STRICT_ERRORS);
    assert_eq!(errors, expected(&want));
    assert_eq!(report.counts.errors, 11);
    let mut provider = NAME_ERRORS.to_vec();
    provider.extend(STRICT_ERRORS);
    assert_eq!(
        triples(report.findings.iter().filter(|f| is_provider(f))),
        expected(&provider),
        "strict mode must add nothing else (no keyword finding for `nullable` or `x-mcp-header`)"
    );
}

/// One tool with a dotted name, in the given shape.
fn shapes() -> Vec<(&'static str, String, &'static str)> {
    let params =
        r#"{"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}"#;
    vec![
        (
            "OpenAI Chat tools array",
            format!(
                r#"[{{"type": "function", "function": {{"name": "orders.search", "parameters": {params}}}}}]"#
            ),
            "openai",
        ),
        (
            "OpenAI Chat request body",
            format!(
                r#"{{"model": "gpt-5", "messages": [], "tools": [{{"type": "function", "function": {{"name": "orders.search", "parameters": {params}}}}}]}}"#
            ),
            "openai",
        ),
        (
            "OpenAI Responses tools",
            format!(
                r#"[{{"type": "function", "name": "orders.search", "strict": false, "parameters": {params}}}]"#
            ),
            "openai",
        ),
        (
            "OpenAI Responses request body",
            format!(
                r#"{{"model": "gpt-5", "input": "hi", "tools": [{{"type": "function", "name": "orders.search", "strict": false, "parameters": {params}}}]}}"#
            ),
            "openai",
        ),
        (
            "OpenAI legacy functions",
            format!(r#"[{{"name": "orders.search", "parameters": {params}}}]"#),
            "openai",
        ),
        (
            "OpenAI legacy functions request body",
            format!(
                r#"{{"model": "gpt-4", "messages": [], "functions": [{{"name": "orders.search", "parameters": {params}}}]}}"#
            ),
            "openai",
        ),
        (
            "Anthropic tools array",
            format!(r#"[{{"name": "orders.search", "input_schema": {params}}}]"#),
            "claude",
        ),
        (
            "Anthropic Messages body",
            format!(
                r#"{{"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [], "tools": [{{"name": "orders.search", "input_schema": {params}}}]}}"#
            ),
            "claude",
        ),
    ]
}

#[test]
fn provider_formats_get_their_providers_rules_automatically() {
    for (shape, text, provider) in shapes() {
        let report = check(&text, &Settings::default()).unwrap_or_else(|e| panic!("{shape}: {e}"));
        let ids: Vec<&str> = report
            .findings
            .iter()
            .filter(|f| is_provider(f))
            .map(|f| f.rule.id)
            .collect();
        let want = format!("{provider}-tool-name-invalid");
        assert_eq!(ids, [want.as_str()], "{shape}: {:#?}", report.findings);
        let f = report.findings.iter().find(|f| f.rule.id == want).unwrap();
        assert_eq!(f.tool.as_deref(), Some("orders.search"), "{shape}");
        assert!(f.path.to_string().ends_with("name"), "{shape}: {}", f.path);
    }
}

#[test]
fn chat_function_path_points_into_function() {
    let (_, text, _) = &shapes()[1];
    let report = check(text, &Settings::default()).unwrap();
    let f = report
        .findings
        .iter()
        .find(|f| f.rule.id == "openai-tool-name-invalid")
        .unwrap();
    assert_eq!(f.path.to_string(), "tools[0].function.name");
}

#[test]
fn a_tool_that_declares_strict_gets_strict_rules_without_strict_mode() {
    let text = r#"[
        {"type": "function", "function": {"name": "strict_one", "strict": true,
            "parameters": {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}}, "required": ["q"]}}},
        {"type": "function", "function": {"name": "loose_one",
            "parameters": {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}}, "required": ["q"]}}}
    ]"#;
    let report = check(text, &Settings::default()).unwrap();
    let got = triples(report.findings.iter().filter(|f| is_provider(f)));
    assert_eq!(
        got,
        expected(&[
            (
                "openai-strict-additional-properties",
                "strict_one",
                "[0].function.parameters"
            ),
            (
                "openai-strict-optional-property",
                "strict_one",
                "[0].function.parameters.required"
            ),
        ])
    );
}

#[test]
fn anthropic_strict_tool_gets_claude_strict_rules_only() {
    let text = r#"{"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": [], "tools": [
        {"name": "search", "strict": true, "input_schema": {"type": "object",
            "properties": {"q": {"type": "string", "maxLength": 100}, "url": {"type": "string", "format": "uri"}}}}
    ]}"#;
    let report = check(text, &Settings::default()).unwrap();
    let got = triples(report.findings.iter().filter(|f| is_provider(f)));
    assert_eq!(
        got,
        expected(&[
            (
                "claude-strict-additional-properties",
                "search",
                "tools[0].input_schema"
            ),
            (
                "claude-strict-unsupported-constraint",
                "search",
                "tools[0].input_schema.properties.q.maxLength"
            ),
        ])
    );
}

#[test]
fn responses_tool_without_strict_is_warned_not_failed() {
    let text = r#"[{"type": "function", "name": "search",
        "parameters": {"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}}, "required": ["q"]}}]"#;
    let report = check(text, &Settings::default()).unwrap();
    let got: Vec<(&str, Severity)> = report
        .findings
        .iter()
        .filter(|f| is_provider(f))
        .map(|f| (f.rule.id, f.severity))
        .collect();
    assert_eq!(
        got,
        [("openai-responses-strict-omitted", Severity::Warning)]
    );
    // With strict mode ticked, the strict rules apply instead of the warning.
    let report = check(text, &settings(Targets::MCP, true)).unwrap();
    let ids: Vec<&str> = report
        .findings
        .iter()
        .filter(|f| is_provider(f))
        .map(|f| f.rule.id)
        .collect();
    assert_eq!(
        ids,
        [
            "openai-strict-additional-properties",
            "openai-strict-optional-property"
        ]
    );
}

#[test]
fn claude_request_limits_count_only_strict_tools() {
    let tool = |i: usize, strict: bool| {
        format!(
            r#"{{"name": "t{i}", "strict": {strict}, "input_schema": {{"type": "object", "additionalProperties": false,
                "properties": {{"a": {{"type": "string"}}, "b": {{"type": ["string", "null"]}}}}, "required": ["b"]}}}}"#
        )
    };
    // 21 strict tools: too many tools (21 > 20), 21 optional (fine), 21 unions (> 16).
    let mut tools: Vec<String> = (0..21).map(|i| tool(i, true)).collect();
    tools.extend((21..40).map(|i| tool(i, false)));
    let text = format!("[{}]", tools.join(","));
    let report = check(&text, &Settings::default()).unwrap();
    let limits: Vec<(&str, Option<&str>, String)> = report
        .findings
        .iter()
        .filter(|f| f.rule.id == "claude-strict-request-limit-exceeded")
        .map(|f| (f.message.as_str(), f.tool.as_deref(), f.path.to_string()))
        .collect();
    assert_eq!(
        limits,
        [
            (
                "Claude: 21 strict tools in one request; the limit is 20",
                None,
                "(root)".to_owned()
            ),
            (
                "Claude: 21 parameters with union types across the 21 strict tools; the limit is 16",
                None,
                "(root)".to_owned()
            ),
        ]
    );
    let f = report
        .findings
        .iter()
        .find(|f| f.rule.id == "claude-strict-request-limit-exceeded")
        .unwrap();
    assert!(
        f.explanation
            .contains("the same set of tools the agent sends in one request")
    );
    assert!(
        f.explanation
            .contains("Schema is too complex for compilation")
    );
}

#[test]
fn provider_rules_tolerate_wrong_types_everywhere() {
    let text = r##"{"tools": [null, 1, "x", [], {"name": 5}, {"name": "a", "inputSchema": null},
        {"name": "b", "inputSchema": {"type": "object", "properties": "nope", "required": 7, "additionalProperties": "no",
          "anyOf": "x", "items": [1, null], "$defs": [], "enum": 3, "format": {}, "minimum": "1", "minItems": "9"}},
        {"name": "c", "strict": true, "inputSchema": {"type": ["object", 1], "properties": {"x": null, "y": [], "z": {"$ref": 1}},
          "$defs": {"d": {"$ref": "#/$defs/d"}}, "items": {"$ref": "#/nope/~2"}}}]}"##;
    for strict in [false, true] {
        let report = check(text, &settings(Targets::ALL, strict)).unwrap();
        assert!(report.findings.iter().all(|f| !f.message.is_empty()));
    }
}
