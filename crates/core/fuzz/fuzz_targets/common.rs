//! Shared by the fuzz targets: settings from one byte, the input split
//! after it, and every report rendered.

// Each target is its own crate, and uses only some of these.
#![allow(dead_code)]

use toolcheck::{Revision, Settings, Targets};

/// Every combination of targets, strict mode and revision, chosen by one
/// byte: bits 0-1 the targets, bit 2 strict mode, the rest the revision.
pub fn settings(byte: u8) -> Settings {
    let targets = match byte & 3 {
        0 => Targets::MCP,
        1 => Targets {
            openai: true,
            ..Targets::MCP
        },
        2 => Targets {
            claude: true,
            ..Targets::MCP
        },
        _ => Targets {
            gemini: true,
            clients: toolcheck::clients::Clients::all(),
            ..Targets::ALL
        },
    };
    Settings {
        targets,
        strict: byte & 4 != 0,
        revision: Revision::ALL[usize::from(byte >> 3) % Revision::ALL.len()],
        ..Settings::default()
    }
}

/// The settings byte 0 picks, and the rest as text: `None` when there is no
/// byte 0, or the rest is not UTF-8.
pub fn settings_and_text(data: &[u8]) -> Option<(Settings, &str)> {
    let (&first, rest) = data.split_first()?;
    Some((settings(first), std::str::from_utf8(rest).ok()?))
}

/// Renders the report of `text` in every format, and checks that its
/// counts add up and that its JSON is JSON.
pub fn render(report: &toolcheck::Report, text: &str) {
    let _ = toolcheck::report::text(report);
    let _ = toolcheck::report::markdown(report);
    serde_json::from_str::<serde_json::Value>(&toolcheck::report::json(report))
        .expect("the JSON report is JSON");
    let source = toolcheck::report::sarif::Source::new(None, text);
    let _ = toolcheck::report::sarif(report, &source, None);
    assert_eq!(
        report.counts.errors + report.counts.warnings + report.counts.info,
        report.findings.len()
    );
    for f in &report.findings {
        assert!(!f.message.is_empty(), "{} has no message", f.rule.id);
    }
}
