//! Plain text for terminals.

use std::fmt::Write as _;

use crate::Report;

/// Renders a report for a terminal.
#[must_use]
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    for f in &report.findings {
        let tool = f
            .tool
            .as_deref()
            .map(|t| format!(" {}", one_line(t)))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{}[{}]{tool}: {}",
            f.severity,
            f.rule.id,
            one_line(&f.message)
        );
        let _ = writeln!(out, "  --> {}", f.path);
        let _ = writeln!(out, "   = why: {}", f.explanation);
        let _ = writeln!(out, "   = fix: {}", f.fix);
        out.push('\n');
    }
    let _ = writeln!(out, "{}", report.detected());
    let _ = writeln!(out, "{}", super::settings_line(report));
    let _ = writeln!(out, "{}", report.counts.summary());
    out
}

/// Replaces line breaks and other control characters, so pasted names cannot
/// forge extra output lines.
pub(crate) fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect()
}
