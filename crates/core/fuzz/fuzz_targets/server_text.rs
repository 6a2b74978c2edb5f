//! The readers of the server's other text: byte 0 picks the settings, byte 1
//! the envelope the rest goes in (as it is, a transcript or a capture's
//! record, or as the value of an `initialize`, `prompts/list`,
//! `resources/list` or `resources/templates/list` result), and the check
//! reads it; every report is rendered, and every finding points into the
//! text checked (at a value, or at a member missing from one).

#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

/// The text checked: the rest, wrapped as byte 1 says.
fn envelope(kind: u8, rest: &str) -> String {
    let response = |result: String| format!(r#"{{"jsonrpc":"2.0","id":1,"result":{result}}}"#);
    match kind % 8 {
        // An `initialize` result whose instructions are the rest.
        1 => response(format!(
            r#"{{"protocolVersion":"2025-11-25","capabilities":{{"tools":{{}}}},"serverInfo":{{"name":"s","version":"1"}},"instructions":{}}}"#,
            serde_json::Value::String(rest.to_owned())
        )),
        // Lists whose items are the rest, as JSON.
        2 => response(format!(r#"{{"prompts":{rest}}}"#)),
        3 => response(format!(r#"{{"resources":{rest}}}"#)),
        4 => response(format!(r#"{{"resourceTemplates":{rest}}}"#)),
        // A transcript: a tools/list response, then the rest's lines.
        5 => format!(
            "{}\n{rest}",
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}}"#
        ),
        // A capture's record: the tools, then the rest as what else the
        // server gave.
        6 => format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"tools":[],"_meta":{{"dev.toolcheck/capture":{{"protocolVersion":"2025-11-25","transport":"stdio"}}}},"prompts":{rest}}}}}"#
        ),
        _ => rest.to_owned(),
    }
}

fuzz_target!(|data: &[u8]| {
    let [first, kind, rest @ ..] = data else {
        return;
    };
    let Ok(rest) = std::str::from_utf8(rest) else {
        return;
    };
    let settings = common::settings(*first);
    let text = envelope(*kind, rest);
    match toolcheck::check(&text, &settings) {
        Ok(report) => {
            common::render(&report, &text);
            let doc = serde_json::from_str::<serde_json::Value>(&text).ok();
            for f in &report.findings {
                // In a single JSON document, every finding points at a
                // value, or at the member missing from one.
                if let Some(doc) = &doc {
                    let pointer = f.path.pointer();
                    let parent = pointer.rsplit_once('/').map_or("", |(p, _)| p);
                    assert!(
                        doc.pointer(&pointer).is_some() || doc.pointer(parent).is_some(),
                        "{}: {pointer} is not in the text",
                        f.rule.id
                    );
                }
            }
        }
        Err(e) => assert!(!e.message.is_empty()),
    }
});
