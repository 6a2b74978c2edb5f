//! Property tests: arbitrary tool-list-shaped JSON (and arbitrary text) goes
//! through `check` under every setting combination without a panic, and the
//! report is consistent with itself and with the document.

mod common;

use common::{all_settings, capture};
use proptest::prelude::*;
use proptest::test_runner::Config;
use serde_json::Value;
use toolcheck::{Settings, Severity, Targets, check};

/// The report agrees with itself and points into the document.
fn assert_consistent(text: &str, settings: &Settings) {
    let Ok(report) = check(text, settings) else {
        return;
    };
    let count = |s: Severity| report.findings.iter().filter(|f| f.severity == s).count();
    assert_eq!(report.counts.errors, count(Severity::Error));
    assert_eq!(report.counts.warnings, count(Severity::Warning));
    assert_eq!(report.counts.info, count(Severity::Info));
    assert!(
        report
            .findings
            .windows(2)
            .all(|w| w[0].severity <= w[1].severity),
        "findings are sorted by severity"
    );
    if let Ok(doc) = serde_json::from_str::<Value>(text.trim_start_matches('\u{feff}')) {
        for f in &report.findings {
            // A finding points at a value, or at a missing member of one.
            assert!(
                f.path.resolve(&doc).is_some() || f.path.parent().resolve(&doc).is_some(),
                "{} points outside the document: {}",
                f.rule.id,
                f.path
            );
        }
    }
}

proptest! {
    #![proptest_config(Config { cases: 256, failure_persistence: None, ..Config::default() })]

    #[test]
    fn tool_lists_never_panic(text in capture()) {
        for (i, settings) in all_settings().iter().enumerate() {
            let result = check(&text, settings);
            if let (0, Ok(report)) = (i, &result) {
                let _ = toolcheck::report::text(report);
                let _ = toolcheck::report::markdown(report);
                let _ = toolcheck::report::json(report);
            }
        }
        assert_consistent(&text, &Settings { targets: Targets::ALL, strict: true, ..Settings::default() });
    }

    #[test]
    fn arbitrary_text_never_panics(text in prop_oneof![
        any::<String>(),
        "[\\[\\]{}\",:0-9a-z \n/*#\u{feff}.eE+-]{0,64}",
    ]) {
        for settings in all_settings() {
            if let Err(e) = check(&text, &settings) {
                prop_assert!(!e.message.is_empty());
                prop_assert_eq!(e.line.is_some(), e.column.is_some());
            }
        }
    }
}
