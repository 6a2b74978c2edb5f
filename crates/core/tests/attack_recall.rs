//! The bounds of the text rules on attacks and on honest text:
//! - at least 95% of the attack fixtures that must be errors are errors,
//!   and every tool that states hostile behaviour of its own is at least a
//!   warning;
//! - no near miss is above info;
//! - on the real servers of the corpus, no text rule gives an error, and
//!   the security rules warn on at most 0.5% of the tools.
//!
//! The fixtures are `resources/fixtures/security/requests/*.json`: `bad_*`
//! items are attacks of the category in their name, `ok_*` items honest
//! near misses. `cargo run -p toolcheck --example recall` prints the table.

#[path = "support/recall.rs"]
mod recall;

use recall::{json_files, measure, render, resources};

#[test]
fn attacks_are_caught_and_honest_text_is_not() {
    let files = json_files(&resources().join("fixtures/security/requests"));
    let corpus = json_files(&resources().join("corpus"));
    assert_eq!(corpus.len(), 37, "the 37 corpus captures");
    let report = measure(&files, &files, &corpus);
    let table = render(&report);
    let attacks: usize = report.attacks.values().map(recall::Row::total).sum();
    assert!(attacks >= 150, "{attacks} attack texts\n{table}");
    assert!(
        report.near_total >= 100,
        "{} near misses\n{table}",
        report.near_total
    );
    let (errors, total) = report.error_recall();
    assert!(
        errors * 100 >= total * 95,
        "{errors} of {total} attacks are errors\n{table}"
    );
    let disclosed = report.attacks.get("disclosed").cloned().unwrap_or_default();
    assert!(disclosed.total() > 0 && disclosed.missed == 0, "{table}");
    for category in recall::ERROR_CATEGORIES {
        assert!(
            report.attacks.get(*category).is_some_and(|r| r.total() > 0),
            "no {category} attacks"
        );
    }
    assert!(report.near_fired.is_empty(), "{table}");
    assert!(report.corpus.errors.is_empty(), "{table}");
    assert!(
        report.corpus.tools_warned * 200 <= report.corpus.tools,
        "{} of {} tools warned\n{table}",
        report.corpus.tools_warned,
        report.corpus.tools
    );
}
