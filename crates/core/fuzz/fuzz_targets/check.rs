//! `check`: the first byte picks the settings, the rest is the paste.

#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let settings = common::settings(first);
    match toolcheck::check(text, &settings) {
        Ok(report) => {
            let _ = toolcheck::report::text(&report);
            let _ = toolcheck::report::markdown(&report);
            let _ = toolcheck::report::json(&report);
            let source = toolcheck::report::sarif::Source::new(None, text);
            let _ = toolcheck::report::sarif(&report, &source, None);
            assert_eq!(
                report.counts.errors + report.counts.warnings + report.counts.info,
                report.findings.len()
            );
        }
        Err(e) => assert!(!e.message.is_empty()),
    }
});
