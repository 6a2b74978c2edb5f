//! A capture on one line, as a JSON-RPC response comes off the wire, gives
//! what the same capture pretty-printed gives: the same findings, the same
//! fixes, and reports whose every position is on line 1 at the column of
//! the finding's value.

#[path = "../benches/support/generate.rs"]
#[allow(dead_code)]
mod generate;

use std::path::Path;

use toolcheck::fix::{Applicability, fix};
use toolcheck::report::sarif::Source;
use toolcheck::report::{ReportFormat, write_report};
use toolcheck::{Settings, Targets, check};

/// The corpus's captures and generated lists, each pretty-printed as kept
/// and on one line.
fn inputs() -> Vec<(String, String, String)> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/corpus");
    let mut paths: Vec<_> = std::fs::read_dir(&corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    let mut out: Vec<(String, String)> = paths
        .iter()
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(p).unwrap(),
            )
        })
        .collect();
    out.push(("generated-100".into(), generate::tools_list(100, 42)));
    out.push(("generated-pathological".into(), generate::pathological()));
    out.into_iter()
        .map(|(name, pretty)| {
            let value: serde_json::Value = serde_json::from_str(&pretty).unwrap();
            let one_line = serde_json::to_string(&value).unwrap();
            (name, pretty, one_line)
        })
        .collect()
}

fn strict_all() -> Settings {
    Settings {
        targets: Targets::ALL,
        strict: true,
        ..Settings::default()
    }
}

/// Each finding as text that no layout changes.
fn findings(text: &str, settings: &Settings) -> Vec<String> {
    check(text, settings)
        .unwrap()
        .findings
        .iter()
        .map(|f| format!("{} {} {} {}", f.severity, f.rule.id, f.path, f.message))
        .collect()
}

#[test]
fn the_same_findings_and_fixes_on_one_line() {
    for (name, pretty, one_line) in inputs() {
        for settings in [Settings::default(), strict_all()] {
            assert_eq!(
                findings(&pretty, &settings),
                findings(&one_line, &settings),
                "{name}"
            );
        }
        let settings = strict_all();
        let a = fix(&pretty, &settings, Applicability::Unsafe).unwrap();
        let b = fix(&one_line, &settings, Applicability::Unsafe).unwrap();
        assert_eq!(a.applied.len(), b.applied.len(), "{name}");
        let parsed = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap();
        assert_eq!(parsed(&a.text), parsed(&b.text), "{name}");
        assert!(!b.text.contains('\n') || b.applied.is_empty() || a.text.contains('\n'));
    }
}

/// The `LINE:COL` of each finding of the concise report.
fn positions(text: &str, settings: &Settings) -> Vec<(usize, usize)> {
    let report = check(text, settings).unwrap();
    let source = Source::new(Some("tools.json"), text);
    let mut out = Vec::new();
    write_report(
        &mut out,
        &report,
        ReportFormat::Concise,
        (&source, "tools.json"),
        None,
    )
    .unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("tools.json:"))
        .map(|l| {
            let mut parts = l.splitn(3, ':');
            let line = parts.next().unwrap().parse().unwrap();
            let column = parts.next().unwrap().parse().unwrap();
            (line, column)
        })
        .collect()
}

/// The first 8 characters that are not whitespace from a 1-based line and
/// column (in code points), on that line.
fn at(text: &str, (line, column): (usize, usize)) -> String {
    text.lines()
        .nth(line - 1)
        .unwrap_or_default()
        .chars()
        .skip(column - 1)
        .filter(|c| !c.is_whitespace())
        .take(8)
        .collect()
}

#[test]
fn every_report_points_at_the_same_place_on_one_line() {
    for (name, pretty, one_line) in inputs() {
        let settings = strict_all();
        let flat = positions(&one_line, &settings);
        let laid_out = positions(&pretty, &settings);
        assert_eq!(flat.len(), laid_out.len(), "{name}");
        for (f, p) in flat.iter().zip(&laid_out) {
            assert_eq!(f.0, 1, "{name}");
            // The same token starts there: the line's rest, without
            // whitespace, begins alike (a pretty line ends sooner).
            let (a, b) = (at(&one_line, *f), at(&pretty, *p));
            assert!(
                !b.is_empty() && a.starts_with(&b),
                "{name}: {f:?} {a} vs {p:?} {b}"
            );
        }
        // Every format renders, and those that point into the text give
        // positions on line 1 only.
        let report = check(&one_line, &settings).unwrap();
        let source = Source::new(Some("tools.json"), &one_line);
        for (_, format) in ReportFormat::NAMED {
            let mut out = Vec::new();
            write_report(&mut out, &report, format, (&source, "tools.json"), None).unwrap();
            assert!(!out.is_empty(), "{name}");
        }
    }
}
