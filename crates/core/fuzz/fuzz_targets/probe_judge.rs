//! The probe's judge: byte 0 picks the protocol version and how a call
//! without a JSON-RPC answer ends, the rest is `tool definition 0xFF
//! answers`, one JSON-RPC response a line, given to the tool's cases in
//! turn (the last one again for the cases left). The report is made as
//! `toolcheck probe` makes it, and rendered; each finding belongs to the
//! tool, but one that says the probe stopped, when it did.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use toolcheck::cases;
use toolcheck::probe::{Answer, Call, Probed};

mod common;

const PROTOCOLS: [&str; 4] = ["2026-07-28", "2025-11-25", "2025-06-18", "2024-11-05"];

/// An answer as the CLI reads a response, or, for a line that is not
/// JSON, no answer.
fn answer(line: &str, quiet: u8) -> Answer {
    match serde_json::from_str::<Value>(line) {
        Ok(response) => Answer::of_response(&response),
        Err(_) if quiet & 1 == 0 => Answer::Timeout,
        Err(_) => Answer::Closed(line.chars().take(200).collect()),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Some(at) = rest.iter().position(|&b| b == 0xFF) else {
        return;
    };
    let (Ok(tool), Ok(answers)) = (
        std::str::from_utf8(&rest[..at]),
        std::str::from_utf8(&rest[at + 1..]),
    ) else {
        return;
    };
    let Ok(tool) = serde_json::from_str::<Value>(tool) else {
        return;
    };
    let capture =
        serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [tool]}}).to_string();
    let Ok(tools) = cases::for_capture(&capture, 1) else {
        return;
    };
    let lines: Vec<&str> = answers.lines().collect();
    let mut calls = Vec::new();
    for (t, made) in tools.iter().enumerate() {
        for (c, case) in made.cases.iter().enumerate().take(40) {
            let line = lines.get(c).or(lines.last()).copied().unwrap_or("");
            calls.push(Call {
                tool: t,
                case: c,
                answer: answer(line, first >> 2).condensed(case.is_valid()),
            });
        }
    }
    let probed = Probed {
        capture: &capture,
        protocol: PROTOCOLS[usize::from(first & 3)],
        tools: &tools,
        calls: &calls,
        timeout_secs: 10,
        stopped: (first & 0x80 != 0).then_some("the server stopped answering"),
        given: &toolcheck::cases::given::Given::default(),
    };
    let report = toolcheck::checking::probe_report(&probed).expect("the capture is one");
    common::render(&report, &capture);
    for f in &report.findings {
        // Every finding is about the tool, but the one that says the probe
        // stopped, which is about the server.
        let stopped = f.message.starts_with("the probe stopped") && f.path.pointer().is_empty();
        assert!(
            stopped || f.path.pointer().starts_with("/result/tools/0"),
            "{}: {}",
            f.rule.id,
            f.path.pointer()
        );
    }
    assert_eq!(
        report
            .findings
            .iter()
            .filter(|f| f.path.pointer().is_empty())
            .count(),
        usize::from(probed.stopped.is_some()),
        "one finding says the probe stopped, when it did"
    );
});
