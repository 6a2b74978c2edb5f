//! The bounds every fix run keeps, on every fixture, the corpus and
//! generated captures: the format is preserved (only the edited bytes
//! change), a second run changes nothing, and the fixed text has no finding
//! the original did not.

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::Config;
use toolcheck::fix::{Applicability, fix};
use toolcheck::{Finding, Settings, Targets, check};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("json" | "jsonl")
        ) {
            out.push(path);
        }
    }
}

fn inputs() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources");
    let mut paths = Vec::new();
    files(&root.join("fixtures"), &mut paths);
    files(&root.join("corpus"), &mut paths);
    paths.sort();
    let mut out: Vec<(String, String)> = paths
        .iter()
        .map(|p| (p.display().to_string(), std::fs::read_to_string(p).unwrap()))
        .collect();
    out.push(("sample".into(), toolcheck::sample::TOOLS.to_owned()));
    out
}

fn settings() -> Vec<Settings> {
    vec![
        Settings::default(),
        Settings {
            targets: Targets::ALL,
            strict: true,
            ..Settings::default()
        },
        Settings {
            targets: Targets::GEMINI,
            ..Settings::default()
        },
    ]
}

/// A finding's identity across two checks, as the fixer compares them (the
/// tool by its place in the list: a fix may rename it).
fn keys(f: &Finding) -> [String; 2] {
    [
        format!("{} @ {}", f.rule.id, f.path),
        format!("{} / {:?} / {}", f.rule.id, f.tool_index, f.message),
    ]
}

/// How many bytes a diff of `a` and `b` deletes and inserts, diffing only
/// the lines that differ, byte by byte (a diff by characters can take more
/// bytes than the edits: it counts a multi-byte character as one).
fn changed_bytes(a: &str, b: &str) -> usize {
    use similar::DiffOp;
    let lines = similar::TextDiff::from_lines(a, b);
    let (old, new) = (lines.old_slices(), lines.new_slices());
    lines
        .ops()
        .iter()
        .filter(|op| op.tag() != similar::DiffTag::Equal)
        .map(|op| {
            let before = old[op.old_range()].concat();
            let after = new[op.new_range()].concat();
            similar::capture_diff_slices(
                similar::Algorithm::Myers,
                before.as_bytes(),
                after.as_bytes(),
            )
            .iter()
            .map(|op| match *op {
                DiffOp::Equal { .. } => 0,
                DiffOp::Delete { old_len, .. } => old_len,
                DiffOp::Insert { new_len, .. } => new_len,
                DiffOp::Replace {
                    old_len, new_len, ..
                } => old_len + new_len,
            })
            .sum::<usize>()
        })
        .sum()
}

/// A finding's rule, tool and the key it is about: where a fix that wraps
/// a schema moves it, it is the same problem of the same property.
fn place(f: &Finding) -> String {
    format!("{} {:?} {:?}", f.rule.id, f.tool, f.path.last_key())
}

/// A finding as text: rule, severity, tool, path and message.
fn describe(f: &Finding) -> String {
    format!(
        "{} {:?} {:?} {:?} {} {}",
        f.rule.id, f.severity, f.tool, f.tool_index, f.path, f.message
    )
}

/// Checks the bounds on one input; `false` when it is not a capture.
fn assert_bounds(name: &str, text: &str, settings: &Settings, level: Applicability) -> bool {
    let Ok(original) = check(text, settings) else {
        return false;
    };
    let fixed = fix(text, settings, level).expect("a capture that checks can be fixed");

    // Only the edited bytes change: a character diff of the input and the
    // output is no larger than the edits themselves.
    let edited: usize = fixed
        .applied
        .iter()
        .flat_map(|a| &a.edits)
        .map(|e| e.range.len() + e.replacement.len())
        .sum();
    let changed = changed_bytes(text, &fixed.text);
    assert!(
        changed <= edited,
        "{name}: {changed} bytes changed by {edited} bytes of edits"
    );
    assert_fixed(name, text, settings, level, &original, &fixed);
    true
}

/// The bounds on a fix of `text` besides the bytes it changes: the fixed
/// text is the same kind of document with the same tools, what the fix
/// says remains is what a check finds, nothing is new, and a second run
/// changes nothing.
fn assert_fixed(
    name: &str,
    text: &str,
    settings: &Settings,
    level: Applicability,
    original: &toolcheck::Report,
    fixed: &toolcheck::fix::Fixed,
) {
    if fixed.applied.is_empty() {
        assert_eq!(fixed.text, text, "{name}: no fix, no change");
    }

    // Still the same kind of document, with the same tools.
    let again = check(&fixed.text, settings).expect("the fixed text checks");
    assert_eq!(again.format, original.format, "{name}");
    assert_eq!(again.tools.len(), original.tools.len(), "{name}");

    // What the fix says remains is what a check of the fixed text finds
    // (each tool's findings may come from its own check: see `fix`).
    let said: Vec<String> = fixed.remaining.findings.iter().map(describe).collect();
    let found: Vec<String> = again.findings.iter().map(describe).collect();
    if let Some(at) = (0..said.len().max(found.len())).find(|&i| said.get(i) != found.get(i)) {
        panic!(
            "{name}: the remaining findings differ from a check from {at} on:\nsaid  {:?}\nfound {:?}",
            said.get(at),
            found.get(at)
        );
    }

    // Nothing new, at any severity. A fix that wraps a schema (nullable in
    // strict mode) moves the findings inside it, and may change their
    // message in the same round (a `null` joins an enum): the run follows
    // each finding round by round, and this comparison of the ends sees
    // the same problem of the same property as one it can still name.
    let before: HashSet<String> = original.findings.iter().flat_map(keys).collect();
    let places: HashSet<String> = original.findings.iter().map(place).collect();
    for f in &again.findings {
        assert!(
            keys(f).iter().any(|k| before.contains(k)) || places.contains(&place(f)),
            "{name}: the fixes added {} at {}: {}",
            f.rule.id,
            f.path,
            f.message
        );
    }
    assert!(again.findings.len() <= original.findings.len(), "{name}");

    // Idempotent.
    let twice = fix(&fixed.text, settings, level).unwrap();
    assert_eq!(
        twice.text, fixed.text,
        "{name}: a second run changed the text of {text}"
    );
    assert!(
        twice.applied.is_empty(),
        "{name}: {} fixes applied the second time",
        twice.applied.len()
    );
}

#[test]
fn every_fixture_keeps_the_bounds() {
    let mut fixed_some = 0;
    for (name, text) in inputs() {
        for settings in settings() {
            for level in [Applicability::Safe, Applicability::Unsafe] {
                if assert_bounds(&name, &text, &settings, level) {
                    fixed_some += 1;
                }
            }
        }
    }
    assert!(fixed_some > 100, "only {fixed_some} runs checked");
}

#[test]
fn the_sample_with_every_fix_and_every_target_has_no_error() {
    let settings = Settings {
        targets: Targets::ALL,
        strict: true,
        ..Settings::default()
    };
    let fixed = fix(toolcheck::sample::TOOLS, &settings, Applicability::Unsafe).unwrap();
    assert_eq!(
        fixed.remaining.counts.errors, 0,
        "{:#?}",
        fixed.remaining.findings
    );
    assert!(fixed.tokens_after > fixed.tokens_before / 2);
}

#[test]
fn the_sample_with_safe_fixes_keeps_the_errors_that_need_a_decision() {
    let fixed = fix(
        toolcheck::sample::TOOLS,
        &Settings::default(),
        Applicability::Safe,
    )
    .unwrap();
    let errors: Vec<&str> = fixed
        .remaining
        .findings
        .iter()
        .filter(|f| f.severity == toolcheck::Severity::Error)
        .map(|f| f.rule.id)
        .collect();
    assert_eq!(errors, ["x-mcp-header-not-token"]);
    let applied: Vec<&str> = fixed.applied.iter().map(|a| a.rule.id).collect();
    assert_eq!(applied, ["required-not-in-properties", "unknown-type-name"]);
}

/// A fix that renames a tool and one that moves a finding (wrapping a schema
/// in `anyOf` moves the meta-schema check's finding inside it) apply in one
/// run: the moved finding is the same finding, of the same tool, though the
/// tool's name changed. The run is then idempotent (found by the generated
/// captures below).
#[test]
fn a_renamed_tool_keeps_its_findings_identity() {
    let text = r#"{"tools": [{"name": "ab\"%c", "inputSchema": {"type": "object"},
        "outputSchema": {"nullable": true, "maximum": {"x": {"type": "string"}}}}]}"#;
    for settings in settings() {
        assert!(assert_bounds(
            "renamed",
            text,
            &settings,
            Applicability::Unsafe
        ));
    }
    let fixed = fix(text, &Settings::default(), Applicability::Unsafe).unwrap();
    let applied: Vec<&str> = fixed.applied.iter().map(|a| a.rule.id).collect();
    assert!(
        applied.contains(&"nonconforming-tool-name") && applied.contains(&"openapi-nullable"),
        "{applied:?}"
    );
}

proptest! {
    #![proptest_config(Config { cases: 96, failure_persistence: None, ..Config::default() })]

    #[test]
    fn generated_captures_keep_the_bounds(text in common::capture()) {
        for settings in settings() {
            assert_bounds("generated", &text, &settings, Applicability::Unsafe);
        }
    }
}

/// A real server of 344 tools with Microsoft Graph's deep schemas, fixed
/// with every fix against every target in strict mode, pretty-printed and on
/// one line: the bounds hold, and the two forms are fixed alike. Every fix
/// left out says why.
#[test]
fn a_large_real_server_keeps_the_bounds_in_both_layouts() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("resources/large/ms-365-mcp-server.tools-list.json");
    let pretty = std::fs::read_to_string(path).unwrap();
    let value: serde_json::Value = serde_json::from_str(&pretty).unwrap();
    let one_line = serde_json::to_string(&value).unwrap();
    let settings = Settings {
        targets: Targets::ALL,
        strict: true,
        ..Settings::default()
    };
    let mut runs = Vec::new();
    for (name, text) in [("pretty", &pretty), ("one line", &one_line)] {
        // A character diff of megabytes on one line would take minutes: the
        // fixtures hold the fix to the bytes it edits.
        let original = check(text, &settings).unwrap();
        let fixed = fix(text, &settings, Applicability::Unsafe).unwrap();
        assert_fixed(
            name,
            text,
            &settings,
            Applicability::Unsafe,
            &original,
            &fixed,
        );
        assert!(
            fixed.applied.len() > 1_000,
            "{name}: {}",
            fixed.applied.len()
        );
        for skipped in &fixed.skipped {
            assert!(!skipped.reason.is_empty(), "{name}: {skipped:?}");
        }
        runs.push(fixed);
    }
    let fixes = |i: usize| -> Vec<String> {
        runs[i]
            .applied
            .iter()
            .map(|a| format!("{} {}", a.rule.id, a.path))
            .collect()
    };
    assert_eq!(fixes(0), fixes(1));
    let remaining =
        |i: usize| -> Vec<String> { runs[i].remaining.findings.iter().map(describe).collect() };
    assert_eq!(remaining(0), remaining(1));
}
