//! The built-in sample is calibrated: these are its exact findings, and its
//! Markdown report is a golden snapshot.

use toolcheck::{Settings, check, sample};

fn findings(settings: &Settings) -> Vec<(String, String, String, String)> {
    let report = check(sample::TOOLS, settings).expect("the sample parses");
    report
        .findings
        .iter()
        .map(|f| {
            (
                f.severity.to_string(),
                f.rule.id.to_owned(),
                f.tool.as_deref().unwrap_or_default().to_owned(),
                f.path.to_string(),
            )
        })
        .collect()
}

fn row(severity: &str, rule: &str, tool: &str, path: &str) -> (String, String, String, String) {
    (severity.into(), rule.into(), tool.into(), path.into())
}

#[test]
fn mcp_only_gives_exactly_3_errors_5_warnings_3_info() {
    let report = check(sample::TOOLS, &Settings::default()).unwrap();
    assert_eq!(report.counts.summary(), "3 errors, 5 warnings, 3 info");
    assert_eq!(
        findings(&Settings::default()),
        vec![
            row(
                "error",
                "required-not-in-properties",
                "orders.search",
                "result.tools[0].inputSchema.required"
            ),
            row(
                "error",
                "x-mcp-header-not-token",
                "get_order",
                r#"result.tools[1].inputSchema.properties.orderId["x-mcp-header"]"#
            ),
            row(
                "error",
                "unknown-type-name",
                "cancel_order",
                "result.tools[2].inputSchema.properties.refundAmount.type"
            ),
            row(
                "warning",
                "date-without-format",
                "orders.search",
                "result.tools[0].inputSchema.properties.createdAfter"
            ),
            row(
                "warning",
                "enum-without-description",
                "orders.search",
                "result.tools[0].inputSchema.properties.status"
            ),
            row(
                "warning",
                "annotation-contradicts-tool",
                "cancel_order",
                "result.tools[2].annotations.destructiveHint"
            ),
            row(
                "warning",
                "thin-description",
                "cancel_order",
                "result.tools[2].description"
            ),
            row(
                "warning",
                "openapi-nullable",
                "cancel_order",
                "result.tools[2].inputSchema.properties.reason.nullable"
            ),
            row(
                "info",
                "additional-properties-not-false",
                "orders.search",
                "result.tools[0].inputSchema"
            ),
            row(
                "info",
                "dotted-tool-name",
                "orders.search",
                "result.tools[0].name"
            ),
            row(
                "info",
                "additional-properties-not-false",
                "cancel_order",
                "result.tools[2].inputSchema"
            ),
        ]
    );
}

#[test]
fn the_three_errors_read_as_in_the_seed() {
    let report = check(sample::TOOLS, &Settings::default()).unwrap();
    let messages: Vec<&str> = report
        .findings
        .iter()
        .take(3)
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "required names \"customer_id\", which is not in properties",
            "x-mcp-header \"Order Id\" is not an HTTP token",
            "\"float\" is not a JSON Schema type",
        ]
    );
    assert!(report.findings[0].help.contains("customerId"));
    assert!(report.findings[2].help.contains("\"number\""));
    assert!(
        report.findings[1]
            .explanation
            .contains("MUST leave this tool out of `tools/list`")
    );
}

#[test]
fn golden_markdown_report() {
    let report = check(sample::TOOLS, &Settings::default()).unwrap();
    insta::assert_snapshot!("sample_report", toolcheck::report::markdown(&report));
}
