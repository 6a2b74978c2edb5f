//! Plain text for terminals, as rustc and ruff write it: every finding
//! starts with `FILE:LINE:COL` of the value it points at, so that editors and
//! terminals jump to it.
//!
//! - The full style ([`write_text`]) opens with the counts by rule, shows a
//!   finding repeated across tools once, and says a rule's "why" once: at its
//!   first finding, and again only where a finding explains itself otherwise.
//! - The concise style ([`write_concise`]) is one line per finding, then the
//!   counts.

use std::collections::HashMap;
use std::fmt::{self, Write};

use crate::Report;
use crate::finding::Finding;
use crate::report::fold::{by_rule, fold, other_tools};
use crate::report::sarif::Source;

pub use crate::text::quoting::{counted, join_and};
pub use crate::text::unicode::one_line;

/// Renders a report for a terminal, with no file to point into: each
/// finding starts with `<input>`.
#[must_use]
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_text(&mut out, report, &Source::new(None, ""), "<input>");
    out
}

/// Writes the full text of a report to `out` as it is made. `file` names
/// the source for the `FILE:LINE:COL` of each finding; the line and column
/// come from `source`'s text.
///
/// # Errors
/// When `out` fails.
pub fn write_text(
    out: &mut impl Write,
    report: &Report,
    source: &Source<'_>,
    file: &str,
) -> fmt::Result {
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
    // The explanation last given for each rule.
    let mut explained: HashMap<&str, &str> = HashMap::new();
    for findings in fold(report) {
        let f = findings[0];
        writeln!(out, "{}: {}", location(source, file, f), headline(f))?;
        writeln!(out, "  --> {}", one_line(&f.path.to_string()))?;
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
        if explained.insert(f.rule.id, f.explanation.as_ref()) != Some(f.explanation.as_ref()) {
            writeln!(out, "   = why: {}", one_line(&f.explanation))?;
        }
        writeln!(out, "   = fix: {}", one_line(&f.help))?;
        out.write_char('\n')?;
    }
    write_footer(out, report)
}

/// Writes a report one line per finding, then the counts.
///
/// # Errors
/// When `out` fails.
pub fn write_concise(
    out: &mut impl Write,
    report: &Report,
    source: &Source<'_>,
    file: &str,
) -> fmt::Result {
    for f in &report.findings {
        writeln!(out, "{}: {}", location(source, file, f), headline(f))?;
    }
    writeln!(out, "{}", report.counts.summary())
}

/// What was checked, the settings, the cost and the counts.
fn write_footer(out: &mut impl Write, report: &Report) -> fmt::Result {
    writeln!(out, "{}", report.detected())?;
    writeln!(out, "{}", super::settings_line(report))?;
    if let Some(line) = super::cost_line(report) {
        writeln!(out, "{}", one_line(&line))?;
    }
    writeln!(out, "{}", report.counts.summary())
}

/// `FILE:LINE:COL` of the value a finding points at (`FILE` alone when the
/// text does not hold it).
pub(crate) fn location(source: &Source<'_>, file: &str, f: &Finding) -> String {
    let file = one_line(file);
    match source.value_start(&f.path) {
        Some((line, column)) => format!("{file}:{line}:{column}"),
        None => file,
    }
}

/// `severity[rule] tool: message`.
pub(crate) fn headline(f: &Finding) -> String {
    let tool = f
        .tool
        .as_deref()
        .map(|t| format!(" {}", one_line(t)))
        .unwrap_or_default();
    format!(
        "{}[{}]{tool}: {}",
        f.severity,
        f.rule.id,
        one_line(&f.message)
    )
}

/// Writes one finding without a place in a file (a `tools/call` result's):
/// its severity, rule, tool and message, then where it is, why it matters
/// and the fix.
///
/// # Errors
/// When `out` fails.
pub(crate) fn write_finding(out: &mut impl Write, f: &Finding) -> fmt::Result {
    writeln!(out, "{}", headline(f))?;
    writeln!(out, "  --> {}", one_line(&f.path.to_string()))?;
    writeln!(out, "   = why: {}", one_line(&f.explanation))?;
    writeln!(out, "   = fix: {}", one_line(&f.help))
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
    let heads: Vec<&str> = table.targets.iter().map(|t| t.label()).collect();
    let cells: Vec<&[crate::compat::Cell]> =
        table.rows.iter().map(|r| r.cells.as_slice()).collect();
    write_view(out, table, &heads, &cells)?;
    writeln!(
        out,
        "   = a provider column counts the MCP errors and that provider's own rules\n"
    )?;
    let heads: Vec<&str> = table.clients.iter().map(|c| c.label()).collect();
    let cells: Vec<&[crate::compat::Cell]> =
        table.rows.iter().map(|r| r.clients.as_slice()).collect();
    write_view(out, table, &heads, &cells)?;
    writeln!(
        out,
        "   = a client column counts the MCP errors, its APIs' rules (after its strict-mode converter) and its own rules\n"
    )
}

/// One view of the table: a verdict per tool and column, then the rules
/// behind each verdict that is not "works".
fn write_view(
    out: &mut impl Write,
    table: &crate::compat::Compatibility,
    heads: &[&str],
    rows: &[&[crate::compat::Cell]],
) -> fmt::Result {
    use crate::compat::Verdict;
    let short = |v: Verdict| match v {
        Verdict::Rejected => "REJECTED",
        Verdict::Dropped => "DROPPED",
        Verdict::ServerRejected => "SERVER REJECTED",
        other => other.word(),
    };
    let names: Vec<String> = table.rows.iter().map(|r| one_line(&r.label())).collect();
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let widths: Vec<usize> = heads.iter().map(|h| h.len().max(8)).collect();
    // One line of cells, padded to the columns, without trailing spaces.
    let line = |first: &str, cells: &mut dyn Iterator<Item = &str>| -> String {
        let mut line = format!("{first}{}", " ".repeat(width - first.chars().count()));
        for (cell, w) in cells.zip(&widths) {
            line.push_str(&format!("  {cell:w$}"));
        }
        line.trim_end().to_owned()
    };
    writeln!(out, "{}", line("tool", &mut heads.iter().copied()))?;
    for (cells, name) in rows.iter().zip(&names) {
        writeln!(
            out,
            "{}",
            line(name, &mut cells.iter().map(|c| short(c.verdict)))
        )?;
    }
    for (cells, name) in rows.iter().zip(&names) {
        let reasons: Vec<String> = heads
            .iter()
            .zip(cells.iter())
            .filter(|(_, c)| c.verdict != Verdict::Works)
            .map(|(h, c)| format!("{h}: {}", c.rules.join(", ")))
            .collect();
        if !reasons.is_empty() {
            writeln!(out, "   = {name}: {}", reasons.join("; "))?;
        }
    }
    Ok(())
}
