//! `check_result` and schema inference.
//!
//! Byte 0 picks the settings. Byte 1 below 10 picks a built-in tools capture
//! and one of its tools, and the rest is the pasted result; otherwise the rest
//! is `tools capture 0xFF tool name 0xFF result` (0xFF never occurs in UTF-8).

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

mod common;

const CAPTURES: [&str; 2] = [
    include_str!("../../resources/sample/tools-list.json"),
    include_str!("../../resources/fixtures/result/tools.json"),
];

/// (capture, tool name) pairs from the built-in captures.
fn builtin() -> &'static [(&'static str, String)] {
    static TOOLS: OnceLock<Vec<(&'static str, String)>> = OnceLock::new();
    TOOLS.get_or_init(|| {
        let mut out = Vec::new();
        for capture in CAPTURES {
            let report = toolcheck::check(capture, &toolcheck::Settings::default())
                .expect("built-in capture");
            for tool in report.tools {
                if let Some(name) = tool.name {
                    out.push((capture, name));
                }
            }
        }
        out
    })
}

fuzz_target!(|data: &[u8]| {
    let [first, mode, rest @ ..] = data else {
        return;
    };
    let settings = common::settings(*first);
    let (tools, name, result) = if *mode < 10 {
        let choices = builtin();
        let (capture, name) = &choices[usize::from(*mode) % choices.len()];
        let Ok(result) = std::str::from_utf8(rest) else {
            return;
        };
        (*capture, name.as_str(), result)
    } else {
        let mut parts = rest.splitn(3, |b| *b == 0xFF);
        let (Some(t), Some(n), Some(r)) = (parts.next(), parts.next(), parts.next()) else {
            return;
        };
        let (Ok(t), Ok(n), Ok(r)) = (
            std::str::from_utf8(t),
            std::str::from_utf8(n),
            std::str::from_utf8(r),
        ) else {
            return;
        };
        (t, n, r)
    };
    if let Ok(report) = toolcheck::checking::check_result(tools, name, result, &settings) {
        let _ = toolcheck::report::result::text(&report);
        let _ = toolcheck::report::result::markdown(&report);
        let _ = toolcheck::report::result::json(&report);
    }
    if let Ok(inferred) = toolcheck::result::infer_from_result_text(result) {
        let _ = toolcheck::report::result::inferred_text(&inferred);
        let _ = toolcheck::report::result::inferred_markdown(&inferred);
        let _ = toolcheck::report::result::inferred_json(&inferred);
    }
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(result) {
        let _ = toolcheck::result::infer_schema(&value);
    }
});
