//! Plain text for terminals.

use std::fmt::{self, Write};

use crate::Report;
use crate::finding::Finding;
use crate::report::fold::{by_rule, fold, other_tools};

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
    let counts = by_rule(report);
    if !counts.is_empty() {
        let width = counts.iter().map(|c| c.rule.id.len()).max().unwrap_or(0);
        writeln!(out, "{:width$}  severity  findings  tools", "rule")?;
        for c in &counts {
            writeln!(
                out,
                "{:width$}  {:8}  {:>8}  {:>5}",
                c.rule.id,
                c.severity.as_str(),
                c.findings,
                c.tools
            )?;
        }
        out.write_char('\n')?;
    }
    for findings in fold(report) {
        let f = findings[0];
        write_finding(out, f)?;
        let also = other_tools(&findings);
        if !also.is_empty() {
            let names: Vec<String> = also.iter().map(|t| one_line(t)).collect();
            writeln!(
                out,
                "   = also in {} more tool{} at the same path: {}",
                also.len(),
                if also.len() == 1 { "" } else { "s" },
                names.join(", ")
            )?;
        }
        out.write_char('\n')?;
    }
    writeln!(out, "{}", report.detected())?;
    writeln!(out, "{}", super::settings_line(report))?;
    if let Some(line) = super::cost_line(report) {
        writeln!(out, "{}", one_line(&line))?;
    }
    writeln!(out, "{}", report.counts.summary())
}

/// Writes one finding: its severity, rule, tool and message, then where it
/// is, why it matters and the fix.
///
/// # Errors
/// When `out` fails.
pub(crate) fn write_finding(out: &mut impl Write, f: &Finding) -> fmt::Result {
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
    writeln!(out, "  --> {}", one_line(&f.path.to_string()))?;
    writeln!(out, "   = why: {}", one_line(&f.explanation))?;
    writeln!(out, "   = fix: {}", one_line(&f.help))
}

/// Writes line breaks, other control characters and invisible ones as
/// visible escapes, so pasted names cannot forge output lines, send a
/// terminal escape codes or reorder what a reader sees.
pub fn one_line(s: &str) -> String {
    crate::text::unicode::escape_unprintable(s).into_owned()
}

/// The compatibility table for a terminal (`--matrix`): one row per tool,
/// one verdict per target, then the rules behind each verdict that is not
/// "works".
///
/// # Errors
/// When `out` fails.
pub fn write_compatibility(
    out: &mut impl Write,
    table: &crate::compat::Compatibility,
) -> fmt::Result {
    use crate::compat::Verdict;
    let short = |v: Verdict| match v {
        Verdict::Rejected => "REJECTED",
        other => other.word(),
    };
    let names: Vec<String> = table.rows.iter().map(|r| one_line(&r.label())).collect();
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let widths: Vec<usize> = table
        .targets
        .iter()
        .map(|t| t.label().len().max(8))
        .collect();
    // One line of cells, padded to the columns, without trailing spaces.
    let line = |first: &str, cells: &mut dyn Iterator<Item = &str>| -> String {
        let mut line = format!("{first}{}", " ".repeat(width - first.chars().count()));
        for (cell, w) in cells.zip(&widths) {
            line.push_str(&format!("  {cell:w$}"));
        }
        line.trim_end().to_owned()
    };
    writeln!(
        out,
        "{}",
        line("tool", &mut table.targets.iter().map(|t| t.label()))
    )?;
    for (row, name) in table.rows.iter().zip(&names) {
        writeln!(
            out,
            "{}",
            line(name, &mut row.cells.iter().map(|c| short(c.verdict)))
        )?;
    }
    for (row, name) in table.rows.iter().zip(&names) {
        let reasons: Vec<String> = table
            .targets
            .iter()
            .zip(&row.cells)
            .filter(|(_, c)| c.verdict != Verdict::Works)
            .map(|(t, c)| format!("{}: {}", t.label(), c.rules.join(", ")))
            .collect();
        if !reasons.is_empty() {
            writeln!(out, "   = {name}: {}", reasons.join("; "))?;
        }
    }
    writeln!(
        out,
        "   = a provider column counts the MCP errors and that provider's own rules\n"
    )
}
