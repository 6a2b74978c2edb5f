//! The four corpus checks on a small list whose figures are worked out by hand.

use toolcheck::metrics::{Metrics, Verdict};
use toolcheck::{Settings, check};

/// Four tools. Worked out by hand:
///
/// Parameters (object schemas under `properties`, any depth, outside `if`):
///   a: `status` (enum, no description), `sort` (described), `filter` (described),
///      `filter.from` (no description); the `status` under `if` is a condition, not a parameter.
///   b: `items` (described), `items.items.sku` (described).
///   c, d: none.
///   → 6 parameters, 2 undescribed (`status`, `from`) = 33.3%.
///
/// Content words (stop words dropped, stemmed):
///   a "Search orders by status."  → search, order, status
///   b "Cancel orders by status."  → cancel, order, status
///   c "Search orders."            → search, order
///   d (no description)            → none
///   Tools using each word: search 2 (a, c), order 3, status 2 (a, b), cancel 1 (b).
///   Unique words: a 0, b 1 (cancel), c 0, d 0 (no description) → 3 of 4 tools at zero = 75%.
///   4 tools is neither "three or fewer" nor "more than sixty", so the band is the overall 17.7%.
///
/// Prose enums: `sort` ("asc|desc") and `sku` ("Valid values: A1, B2") → 2.
///
/// Size: the text below is 825 bytes → 825 / 4 = 206 tokens (integer division).
const LIST: &str = r#"{"tools": [
 {"name": "a", "description": "Search orders by status.", "inputSchema": {"type": "object", "properties": {
   "status": {"type": "string", "enum": ["x", "y"]},
   "sort": {"type": "string", "description": "Sort order: asc|desc"},
   "filter": {"type": "object", "description": "Filter", "properties": {"from": {"type": "string"}}}},
   "if": {"properties": {"status": {"const": "x"}}}}},
 {"name": "b", "description": "Cancel orders by status.", "inputSchema": {"type": "object", "properties": {
   "items": {"type": "array", "description": "Items", "items": {"type": "object", "properties": {
     "sku": {"type": "string", "description": "SKU. Valid values: A1, B2"}}}}}}},
 {"name": "c", "description": "Search orders.", "inputSchema": {"type": "object"}},
 {"name": "d", "inputSchema": {"type": "object"}}
]}"#;

#[test]
fn hand_computed_figures() {
    let report = check(LIST, &Settings::default()).expect("parses");
    assert_eq!(
        report.metrics,
        Metrics {
            parameters: 6,
            undescribed_parameters: 2,
            undescribed_choices: 1,
            tools: 4,
            zero_unique_tools: 3,
            prose_enum_parameters: 2,
            bytes: 825,
            tokens: 206,
        }
    );
    let c = report.metrics.comparisons();
    let ids: Vec<_> = c.iter().map(|c| c.metric).collect();
    assert_eq!(
        ids,
        [
            "undescribed-parameters",
            "zero-unique-tools",
            "prose-enums",
            "size"
        ]
    );

    // 2 of 6 = 33.3% against 21.5% at every size: worse.
    assert!((c[0].value - 100.0 / 3.0).abs() < 1e-9);
    assert_eq!(
        c[0].value_text,
        "33.3% (2 of 6, 1 of them enums or constants)"
    );
    assert_eq!((c[0].baseline, c[0].verdict), (21.5, Verdict::Worse));

    // 3 of 4 = 75% against the overall 17.7%: worse.
    assert_eq!(c[1].value_text, "75.0% (3 of 4)");
    assert_eq!((c[1].baseline, c[1].verdict), (17.7, Verdict::Worse));
    assert_eq!(c[1].band, "all public tools (overall)");

    // Two prose enums: any is worse than none; the corpus total is quoted.
    assert_eq!(
        (c[2].value, c[2].baseline, c[2].verdict),
        (2.0, 857.0, Verdict::Worse)
    );

    // 206 tokens against the median of 1,251: better.
    assert_eq!(
        (c[3].value, c[3].baseline, c[3].verdict),
        (206.0, 1251.0, Verdict::Better)
    );
}

/// A list of `n` tools, each described with its own unique word plus a shared one.
fn tools(n: usize, shared_only: bool) -> String {
    let tools: Vec<String> = (0..n)
        .map(|i| {
            let own = if shared_only { String::new() } else { format!(" q{}x", letters(i)) };
            format!(r#"{{"name": "t{i}", "description": "Shared{own}", "inputSchema": {{"type": "object"}}}}"#)
        })
        .collect();
    format!(r#"{{"tools": [{}]}}"#, tools.join(","))
}

/// `a`, `b`, …, `z`, `ba`, … (words made of letters only, so they are not dropped as numbers).
fn letters(mut i: usize) -> String {
    let mut s = String::new();
    loop {
        s.insert(0, char::from(b'a' + u8::try_from(i % 26).unwrap()));
        i /= 26;
        if i == 0 {
            return s;
        }
    }
}

#[test]
fn zero_unique_band_follows_the_list_size() {
    // Three tools that all say only "Shared": 3 of 3 at zero, against 0.5% for three-tool servers.
    let report = check(&tools(3, true), &Settings::default()).unwrap();
    assert_eq!(report.metrics.zero_unique_tools, 3);
    let c = &report.metrics.comparisons()[1];
    assert_eq!((c.baseline, c.verdict), (0.5, Verdict::Worse));

    // Sixty-one tools, each with a word of its own: 0 of 61 at zero, against 32.4% past sixty.
    let report = check(&tools(61, false), &Settings::default()).unwrap();
    assert_eq!(report.metrics.zero_unique_tools, 0);
    let c = &report.metrics.comparisons()[1];
    assert_eq!((c.baseline, c.verdict), (32.4, Verdict::Better));
    assert_eq!(c.band, "servers with more than sixty tools");

    // Sixty tools is still the overall band.
    let report = check(&tools(60, false), &Settings::default()).unwrap();
    assert_eq!(report.metrics.comparisons()[1].baseline, 17.7);
}

#[test]
fn reports_show_the_comparison_without_pasted_text() {
    let report = check(LIST, &Settings::default()).unwrap();
    let md = toolcheck::report::markdown(&report);
    assert!(md.contains("## Compared with public servers"));
    assert!(md.contains("1,251"));
    assert!(!md.contains("Search orders by status"));
    assert!(!md.contains("Valid values"));
    let json = toolcheck::report::json::to_value(&report);
    assert_eq!(json["metrics"]["undescribed_parameters"], 2);
    assert_eq!(json["metrics"]["comparisons"][3]["verdict"], "better");
}

/// The corpus check and `undescribed-parameter` count the same parameters,
/// except the undescribed enums and constants, which the check counts (as the
/// published figure does) and the rule leaves to `enum-without-description`.
#[test]
fn the_check_and_the_rule_agree_on_every_corpus_capture() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/resources/corpus");
    let mut seen = 0;
    for entry in std::fs::read_dir(corpus).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let report = check(&text, &Settings::default()).expect("parses");
        let findings = report
            .findings
            .iter()
            .filter(|f| f.rule.id == "undescribed-parameter")
            .count();
        let m = report.metrics;
        assert_eq!(
            m.undescribed_parameters,
            findings + m.undescribed_choices,
            "{}",
            path.display()
        );
        if path.ends_with("notion.tools-list.json") {
            assert_eq!(
                (m.undescribed_parameters, m.undescribed_choices, findings),
                (52, 13, 39)
            );
            assert!(report.metrics.comparisons()[0].value_text.contains("52 of"));
        }
        seen += 1;
    }
    assert_eq!(seen, 37);
}
