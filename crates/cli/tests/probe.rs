//! `toolcheck probe` on the real binary, against the fixture server
//! (`tests/fixtures/probe-test-server.mjs`): one planted defect per
//! judgement and one correct tool, then the same server with every defect
//! mended; what it calls, and what it never calls without an opt-in.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use serde_json::Value;

fn server() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/probe-test-server.mjs")
        .to_string_lossy()
        .into_owned()
}

/// A fresh file for the server to record its calls in.
fn calls_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolcheck-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    let _ = std::fs::remove_file(&file);
    file
}

/// The tools the server was called with, from its record.
fn called(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["name"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

/// `toolcheck probe ARGS… --stdio -- node server FLAGS…`, recording calls in `calls`.
fn probe(args: &[&str], server_flags: &[&str], calls: &Path) -> Output {
    let mut cmd = Command::cargo_bin("toolcheck").unwrap();
    cmd.arg("probe")
        .args(args)
        .args(["--no-config", "--stdio", "--", "node"])
        .arg(server())
        .args(server_flags)
        .env("TOOLCHECK_PROBE_CALLS", calls);
    cmd.output().unwrap()
}

fn report(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// (tool, rule) of each finding.
fn pairs(report: &Value) -> BTreeSet<(String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["tool"].as_str().unwrap_or("-").to_owned(),
                f["rule"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn the_planted_defects_and_nothing_else() {
    let calls = calls_file("planted.jsonl");
    let out = probe(&["--format", "json"], &[], &calls);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = report(&out);
    let expected: BTreeSet<(String, String)> = [
        ("accepts_anything", "probe-invalid-input-accepted"),
        ("protocol_error", "probe-error-not-a-tool-result"),
        ("vague_error", "probe-error-names-no-argument"),
        ("bad_output", "structured-content-invalid"),
        ("needs_credentials", "probe-valid-call-refused"),
        ("crashes", "probe-no-answer"),
    ]
    .iter()
    .map(|(t, r)| ((*t).to_owned(), (*r).to_owned()))
    .collect();
    assert_eq!(pairs(&report), expected, "{report:#}");
    // Under 2025-11-25, a validation error as a JSON-RPC error is a warning.
    let protocol = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "probe-error-not-a-tool-result")
        .unwrap();
    assert_eq!(protocol["severity"], "warning");
    assert!(
        protocol["path"]
            .as_str()
            .unwrap()
            .starts_with("result.tools[2].inputSchema"),
        "{protocol}"
    );
    // The crash cost one case; the next ones went to a server started again.
    let crashes = called(&calls).iter().filter(|t| *t == "crashes").count();
    assert!(crashes > 2, "{crashes} calls to crashes");
    // Not read-only, so never called.
    assert!(!called(&calls).contains(&"delete_order".to_owned()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "left out, not read-only (opt in with --tools or --allow-writes): delete_order"
        ),
        "{stderr}"
    );
}

#[test]
fn the_mended_server_gets_no_finding() {
    let calls = calls_file("fixed.jsonl");
    let out = probe(&["--format", "json"], &["--fixed"], &calls);
    let report = report(&out);
    assert_eq!(report["findings"], Value::Array(Vec::new()), "{report:#}");
    assert_eq!(out.status.code(), Some(0));
    assert!(!called(&calls).is_empty());
    assert!(!called(&calls).contains(&"delete_order".to_owned()));
}

#[test]
fn a_tool_that_may_write_is_called_only_when_opted_in() {
    let calls = calls_file("opt-in.jsonl");
    probe(
        &["--tools", "delete_order", "--format", "json"],
        &["--fixed"],
        &calls,
    );
    assert!(called(&calls).contains(&"delete_order".to_owned()));

    let calls = calls_file("allow-writes.jsonl");
    let out = probe(
        &["--allow-writes", "--format", "json"],
        &["--fixed"],
        &calls,
    );
    assert!(called(&calls).contains(&"delete_order".to_owned()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("toolcheck: --allow-writes: calling 1 tool that may write, delete or reach outside: delete_order"),
        "{stderr}"
    );

    let calls = calls_file("typo.jsonl");
    let out = probe(&["--tools", "delete_ordr"], &["--fixed"], &calls);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean \"delete_order\"?"));
    assert!(called(&calls).is_empty());
}

#[test]
fn a_dry_run_calls_nothing_and_the_limits_hold() {
    let calls = calls_file("dry.jsonl");
    let out = probe(&["--dry-run", "--allow-writes"], &[], &calls);
    assert_eq!(out.status.code(), Some(0));
    assert!(called(&calls).is_empty());
    let plan = String::from_utf8_lossy(&out.stdout);
    assert!(plan.contains("nothing is called with --dry-run"), "{plan}");
    assert!(plan.contains("\"method\":\"tools/call\""), "{plan}");

    let calls = calls_file("max.jsonl");
    probe(
        &["--max-calls", "5", "--format", "json"],
        &["--fixed"],
        &calls,
    );
    assert_eq!(called(&calls).len(), 5);
    let calls = calls_file("per-tool.jsonl");
    probe(
        &["--per-tool", "2", "--format", "json"],
        &["--fixed"],
        &calls,
    );
    assert_eq!(called(&calls).len(), 2 * 7);
}

#[test]
fn the_cases_of_a_capture_are_the_cores() {
    let capture = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../core/resources/corpus/mcp-server-git.tools-list.json");
    let out = Command::cargo_bin("toolcheck")
        .unwrap()
        .args(["probe", "--dry-run", "--format", "json", "--no-config"])
        .arg(&capture)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = std::fs::read_to_string(&capture).unwrap();
    let core = toolcheck::cases::to_json(&toolcheck::cases::for_capture(&text, 1).unwrap(), 1);
    assert_eq!(cli, core);
    // A capture cannot be called.
    Command::cargo_bin("toolcheck")
        .unwrap()
        .args(["probe", "--no-config"])
        .arg(&capture)
        .assert()
        .code(2);
}

#[test]
fn the_guide_shows_what_the_probe_prints() {
    // The probe guide's excerpt under `<!-- probe-output: COMMAND -->`: each of
    // its lines is a line of what COMMAND prints, run from the repository.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let guide = std::fs::read_to_string(root.join("docs/probe.md")).unwrap();
    let marker = "<!-- probe-output: toolcheck ";
    let at = guide
        .find(marker)
        .expect("docs/probe.md has no probe output");
    let rest = &guide[at + marker.len()..];
    let command: Vec<&str> = rest[..rest.find(" -->").unwrap()].split(' ').collect();
    let block = &rest[rest.find("```text\n").unwrap() + 8..];
    let block = &block[..block.find("```").unwrap()];
    let out = Command::cargo_bin("toolcheck")
        .unwrap()
        .current_dir(&root)
        .args(&command)
        .env("TOOLCHECK_PROBE_CALLS", calls_file("readme.jsonl"))
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    let lines: BTreeSet<&str> = printed.lines().collect();
    for line in block.lines() {
        assert!(
            lines.contains(line),
            "the probe no longer prints this line of docs/probe.md:\n{line}\n\nit prints:\n{printed}"
        );
    }
}

#[test]
fn every_report_format_of_check_and_its_exit_codes() {
    let calls = calls_file("formats.jsonl");
    // SARIF: the probe's rules with their docs' help, a result per finding.
    let out = probe(&["--format", "sarif"], &[], &calls);
    assert_eq!(out.status.code(), Some(1));
    let sarif: Value = serde_json::from_slice(&out.stdout).unwrap();
    let run = &sarif["runs"][0];
    let rules: BTreeSet<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert!(rules.contains("probe-invalid-input-accepted"), "{rules:?}");
    assert_eq!(run["results"].as_array().unwrap().len(), 55);
    // GitHub annotations and Markdown name the rules too.
    let out = probe(&["--format", "github"], &[], &calls);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .any(|l| l.starts_with("::error") && l.contains("probe-no-answer")),
        "{text}"
    );
    let out = probe(&["--format", "markdown"], &[], &calls);
    assert!(String::from_utf8_lossy(&out.stdout).contains("probe-error-names-no-argument"));
    // --fail-on: warnings alone pass with the default, fail with --fail-on warning.
    let mended = probe(
        &["--format", "json", "--fail-on", "info"],
        &["--fixed"],
        &calls,
    );
    assert_eq!(mended.status.code(), Some(0));
    let never = probe(&["--format", "json", "--fail-on", "never"], &[], &calls);
    assert_eq!(never.status.code(), Some(0));
}

/// Each recorded call: the tool and its arguments.
fn records(file: &Path) -> Vec<(String, Value)> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (
                v["name"].as_str().unwrap().to_owned(),
                v["arguments"].clone(),
            )
        })
        .collect()
}

#[test]
fn given_values_are_sent_and_said() {
    let dir = calls_file("given").with_extension("d");
    std::fs::create_dir_all(&dir).unwrap();
    let values = dir.join("values.json");
    std::fs::write(
        &values,
        r#"{"query": "blue mug", "needs_credentials": {"limit": 5}}"#,
    )
    .unwrap();
    let calls = calls_file("given.jsonl");
    let out = probe(
        &["--format", "json", "--arguments", values.to_str().unwrap()],
        &[],
        &calls,
    );
    let report = report(&out);
    // The planted set is the same with real values.
    let without = report_of_plain_probe();
    assert_eq!(pairs(&report), pairs(&without), "{report:#}");
    let recorded = records(&calls);
    assert!(!recorded.is_empty());
    for (tool, arguments) in &recorded {
        // `query` is sent everywhere but where the call's defect is `query`.
        if let Some(query) = arguments.get("query")
            && query.is_string()
            && query.as_str().unwrap().len() > 1
            && query.as_str().unwrap().len() <= 20
        {
            assert_eq!(query, "blue mug", "{tool} {arguments}");
        }
        // `limit` only in needs_credentials' calls.
        if tool != "needs_credentials" {
            assert_ne!(
                arguments.get("limit"),
                Some(&Value::from(5)),
                "{tool} {arguments}"
            );
        }
    }
    assert!(
        recorded
            .iter()
            .any(|(t, a)| t == "needs_credentials" && a["limit"] == 5)
    );
    // The JSON lists every call, with where each value came from.
    let probe_calls = report["probe"]["calls"].as_array().unwrap();
    assert_eq!(probe_calls.len(), recorded.len());
    let refused = probe_calls
        .iter()
        .find(|c| c["tool"] == "needs_credentials" && c["case"] == "valid:all")
        .unwrap();
    assert_eq!(refused["sources"]["query"], "given");
    assert_eq!(refused["sources"]["limit"], "given");
    assert_eq!(refused["sources"]["since"], "made up");
    assert_eq!(refused["answer"]["kind"], "tool-error");
    assert_eq!(
        refused["answer"]["text"],
        "Missing API key: set SHOP_API_KEY in the server's environment."
    );
    // And the refusal says it.
    let finding = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| {
            f["rule"] == "probe-valid-call-refused"
                && f["message"].as_str().unwrap().contains("valid:all")
        })
        .unwrap();
    assert!(
        finding["message"]
            .as_str()
            .unwrap()
            .ends_with("(values made up: `since`; given: `query`, `limit`)"),
        "{finding}"
    );

    // [probe.arguments] in the config does the same.
    let config = dir.join("toolcheck.toml");
    std::fs::write(&config, "[probe.arguments]\nquery = \"blue mug\"\n").unwrap();
    let plan = Command::cargo_bin("toolcheck")
        .unwrap()
        .args(["probe", "--dry-run", "--config"])
        .arg(&config)
        .args(["--stdio", "--", "node"])
        .arg(server())
        .output()
        .unwrap();
    let plan = String::from_utf8_lossy(&plan.stdout);
    assert!(
        plan.contains(r#""arguments":{"query":"blue mug"}"#),
        "{plan}"
    );
}

fn report_of_plain_probe() -> Value {
    report(&probe(
        &["--format", "json"],
        &[],
        &calls_file("plain.jsonl"),
    ))
}

#[test]
fn given_values_that_are_wrong_are_said() {
    let dir = calls_file("wrong").with_extension("d");
    std::fs::create_dir_all(&dir).unwrap();
    let run = |text: &str| {
        let values = dir.join("values.json");
        std::fs::write(&values, text).unwrap();
        let calls = calls_file("wrong.jsonl");
        let out = probe(
            &["--dry-run", "--arguments", values.to_str().unwrap()],
            &[],
            &calls,
        );
        assert!(called(&calls).is_empty());
        out
    };
    let out = run(r#"{"qurey": "blue"}"#);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("\"qurey\" is no tool of the server and no argument of any of its tools; did you mean \"query\"?"),
        "{stderr}"
    );
    let out = run(r#"{"search_orders": {"lmit": 3}}"#);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("\"search_orders\" has no argument \"lmit\"; did you mean \"limit\"?")
    );
    let out = run("[1, 2]");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("must be a JSON object"));
    let out = run("{\"query\": \n  oops}");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 2 column 3"), "{stderr}");
    // A value the schema refuses is not sent, and a note says why.
    let out = run(r#"{"limit": 500}"#);
    assert_eq!(out.status.code(), Some(0));
    let plan = String::from_utf8_lossy(&out.stdout);
    assert!(
        plan.contains("note: search_orders: the value given for `limit` is not sent: the schema refuses it (500 is greater than the maximum of 50)"),
        "{plan}"
    );
    assert!(!plan.contains("\"limit\":500"), "{plan}");
}

#[test]
fn a_call_that_reports_its_progress_gets_more_time() {
    // Each call takes 2 s; the probe waits 1 s, more while the tool reports
    // progress.
    let calls = calls_file("slow.jsonl");
    let limits = ["--timeout", "1", "--max-calls", "1", "--format", "json"];
    let out = probe(&limits, &["--fixed", "--slow", "2"], &calls);
    assert_eq!(
        report(&out)["findings"],
        Value::Array(Vec::new()),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
    // Without progress, the deadline holds.
    let out = probe(
        &limits,
        &["--fixed", "--slow", "2", "--no-progress"],
        &calls,
    );
    assert_eq!(
        pairs(&report(&out)),
        BTreeSet::from([("search_orders".to_owned(), "probe-no-answer".to_owned())])
    );
}
