//! `toolcheck result` and `toolcheck infer`.

use assert_cmd::Command;
use serde_json::Value;

fn toolcheck() -> Command {
    Command::cargo_bin("toolcheck").expect("the binary is built")
}

fn fixture(name: &str) -> String {
    format!(
        "{}/../core/resources/fixtures/result/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn sample_result() -> String {
    format!(
        "{}/../core/resources/sample/get-order-result.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn sample_gives_exactly_the_two_seed_errors() {
    let out = toolcheck()
        .args(["result", "--sample", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON output");
    assert_eq!(report["tool"], "get_order");
    assert_eq!(
        report["summary"],
        serde_json::json!({"errors": 2, "warnings": 0, "info": 0})
    );
    let findings: Vec<(&str, &str, &str, &str)> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["severity"].as_str().unwrap(),
                f["rule"].as_str().unwrap(),
                f["path"].as_str().unwrap(),
                f["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        findings,
        vec![
            (
                "error",
                "structured-content-invalid",
                "structuredContent.total",
                "structuredContent.total is string, expected number"
            ),
            (
                "error",
                "structured-content-invalid",
                "structuredContent.status",
                "structuredContent.status \"Shipped\" is not one of \"pending\", \"shipped\", \"cancelled\""
            ),
        ]
    );
}

#[test]
fn sample_text_and_fail_on_never() {
    let out = toolcheck().args(["result", "--sample"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("structuredContent.status \"Shipped\" is not one of"),
        "{text}"
    );
    let out = toolcheck()
        .args([
            "result",
            "--sample",
            "--fail-on",
            "never",
            "--format",
            "markdown",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("# Toolcheck result report")
    );
}

#[test]
fn result_from_files_and_stdin() {
    let tools = fixture("tools.json");
    // The transcript's last count_orders response breaks minimum 0.
    let out = toolcheck()
        .args([
            "result",
            "--tools",
            &tools,
            "--tool",
            "count_orders",
            &fixture("transcript.jsonl"),
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("structuredContent is below the minimum 0")
    );
    // A clean list_orders result from standard input: only info and a warning.
    let out = toolcheck()
        .args([
            "result",
            "--tools",
            &tools,
            "--tool",
            "list_orders",
            "--revision",
            "2025-11-25",
            "-",
        ])
        .write_stdin(r#"{"content":[{"type":"text","text":"[]"}],"structuredContent":[]}"#)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The sample tools' get_order against the sample result file: same as --sample.
    let out = toolcheck()
        .args([
            "result",
            "--tools",
            &tools,
            "--tool",
            "get_order",
            &sample_result(),
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "get_order is not in the fixture tools"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("No tool named \"get_order\""));
}

#[test]
fn bad_json_exits_2_with_line_and_column() {
    let out = toolcheck()
        .args([
            "result",
            "--tools",
            &fixture("tools.json"),
            "--tool",
            "list_orders",
            "-",
        ])
        .write_stdin("{\n  \"content\": [,]\n}")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("line 2, column 15"), "{stderr}");
    let out = toolcheck()
        .args(["infer", "-"])
        .write_stdin("{\"a\": 1,,}")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("line 1, column 9")
    );
}

#[test]
fn usage_errors_exit_2() {
    let out = toolcheck()
        .args(["result", "--tool", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = toolcheck()
        .args([
            "result",
            "--tools",
            &fixture("tools.json"),
            "--tool",
            "list_orders",
            "-",
        ])
        .write_stdin(r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Unknown tool"}}"#)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("JSON-RPC error response")
    );
}

#[test]
fn infer_prints_a_schema() {
    let out = toolcheck()
        .args(["infer", "--format", "json", &sample_result()])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let schema: Value = serde_json::from_slice(&out.stdout).expect("the schema alone");
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(schema["type"], "object");
    assert_eq!(
        schema["required"],
        serde_json::json!(["orderId", "total", "currency", "status"])
    );
    let out = toolcheck()
        .args(["infer", "-"])
        .write_stdin(r#"{"content":[{"type":"text","text":"{\"at\":\"2026-07-28\"}"}]}"#)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("review `required`"), "{text}");
    assert!(text.contains("\"format\": \"date\""), "{text}");
}
