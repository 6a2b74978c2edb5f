//! `fix`: byte 0 picks the settings, the rest is the paste, fixed with the
//! unsafe fixes too. The fixed text is still a capture, a second run changes
//! nothing, and no finding a fix claims to have removed is still there.

#![no_main]

use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use toolcheck::fix::Applicability;

mod common;

/// How many findings each (rule, tool, path) has.
fn counts(report: &toolcheck::Report) -> HashMap<(&'static str, String, String), usize> {
    let mut out = HashMap::new();
    for f in &report.findings {
        let key = (
            f.rule.id,
            f.tool.as_deref().unwrap_or_default().to_owned(),
            f.path.to_string(),
        );
        *out.entry(key).or_insert(0) += 1;
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((settings, text)) = common::settings_and_text(data) else {
        return;
    };
    let before = match toolcheck::check(text, &settings) {
        Ok(report) => report,
        Err(e) => {
            assert!(!e.message.is_empty());
            assert!(toolcheck::fix::fix(text, &settings, Applicability::Unsafe).is_err());
            return;
        }
    };
    let fixed = toolcheck::fix::fix(text, &settings, Applicability::Unsafe)
        .expect("a text that checks can be fixed");
    assert_eq!(
        fixed.changed(),
        fixed.text != text,
        "changed() says whether the text did"
    );
    let after =
        toolcheck::check(&fixed.text, &settings).expect("the fixed text is still a capture");
    assert_eq!(
        after.findings.len(),
        fixed.remaining.findings.len(),
        "`remaining` is the check of the fixed text"
    );
    let again = toolcheck::fix::fix(&fixed.text, &settings, Applicability::Unsafe)
        .expect("the fixed text can be fixed");
    assert!(
        again.applied.is_empty() && again.text == fixed.text,
        "a second run changed the text: {:?}",
        again
            .applied
            .iter()
            .map(|a| (a.rule.id, a.path.to_string()))
            .collect::<Vec<_>>()
    );
    // A fix of a tool's name moves that tool's findings to its new name.
    if fixed
        .applied
        .iter()
        .any(|a| a.title.contains("Rename the tool"))
    {
        return;
    }
    let before = counts(&before);
    let after = counts(&fixed.remaining);
    let mut applied: HashMap<(&'static str, String, String), usize> = HashMap::new();
    for a in &fixed.applied {
        let key = (
            a.rule.id,
            a.tool.as_deref().unwrap_or_default().to_owned(),
            a.path.to_string(),
        );
        *applied.entry(key).or_insert(0) += 1;
    }
    for (key, n) in &applied {
        let was = before.get(key).copied().unwrap_or(0);
        let is = after.get(key).copied().unwrap_or(0);
        assert!(
            is + n <= was.max(*n),
            "{key:?}: {n} fixed, {was} before, {is} after"
        );
    }
});
