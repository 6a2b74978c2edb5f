//! Plain text for terminals.

use std::fmt::{self, Write};

use crate::Report;

/// Renders a report for a terminal.
#[must_use]
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_text(&mut out, report);
    out
}

/// Writes [`text`]'s text to `out` as it is made.
///
/// # Errors
/// When `out` fails.
pub fn write_text(out: &mut impl Write, report: &Report) -> fmt::Result {
    for f in &report.findings {
        let tool = f
            .tool
            .as_deref()
            .map(|t| format!(" {}", one_line(t)))
            .unwrap_or_default();
        writeln!(
            out,
            "{}[{}]{tool}: {}",
            f.severity,
            f.rule.id,
            one_line(&f.message)
        )?;
        writeln!(out, "  --> {}", f.path)?;
        writeln!(out, "   = why: {}", f.explanation)?;
        writeln!(out, "   = fix: {}", f.fix)?;
        out.write_char('\n')?;
    }
    writeln!(out, "{}", report.detected())?;
    writeln!(out, "{}", super::settings_line(report))?;
    writeln!(out, "{}", report.counts.summary())
}

/// Replaces line breaks and other control characters, so pasted names cannot
/// forge extra output lines.
pub(crate) fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect()
}
