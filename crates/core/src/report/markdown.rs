//! The Markdown report: what users copy or download.
//!
//! It holds rule ids, tool names, paths, messages, explanations and fixes, and
//! never the pasted descriptions or schemas. Every piece of pasted text (names,
//! paths, values quoted in messages) is escaped so it cannot break the layout,
//! open a link or inject HTML when the report is rendered.

use std::fmt::{self, Write};

use crate::path::Path;
use crate::registry::RuleInfo;
use crate::report::fold::{by_rule, fold, other_tools};
use crate::{Report, Severity};

/// Escapes free text for Markdown: the characters that could start emphasis,
/// code, a link, an image, HTML, a heading or a table cell are backslash-escaped,
/// line breaks become spaces, and `://` and `www.` are broken with a zero-width
/// space so no pasted URL becomes a live link. Other control characters and
/// invisible ones (bidirectional controls, zero-width characters) are
/// written as visible escapes (`\u{202e}`).
#[must_use]
pub fn escape(s: &str) -> String {
    let s = crate::text::unicode::escape_unprintable_but_breaks(s);
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '!' | '&' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.replace("://", ":\u{200b}//")
        .replace("www.", "www\u{200b}.")
}

/// Wraps pasted text (a tool name, a path, a rule id) in a code span that
/// nothing inside can close: the fence is longer than any run of backticks in
/// the text. Line breaks become spaces; other control characters and
/// invisible ones are written as visible escapes.
#[must_use]
pub fn code(s: &str) -> String {
    let text: String = crate::text::unicode::escape_unprintable_but_breaks(s)
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let fence = "`".repeat(longest_backtick_run(&text) + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') || text.starts_with(' ') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// The length of the longest run of backticks in `s`, which a code span or
/// fence around it must outgrow.
pub(crate) fn longest_backtick_run(s: &str) -> usize {
    s.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

/// One finding as the Markdown reports show it.
pub(crate) struct Entry<'f> {
    /// What the numbered heading names (already formatted).
    pub heading: String,
    pub severity: Severity,
    pub path: &'f Path,
    pub message: &'f str,
    pub explanation: &'f str,
    pub fix: &'f str,
    /// The rule, for what the strict-mode converters do to it.
    pub rule: &'static RuleInfo,
    /// The other tools with the same finding at the same path.
    pub also: Vec<&'f str>,
}

/// Writes findings grouped by severity, a numbered section per finding with
/// its path, message, what goes wrong and fix; "No findings." without any.
pub(crate) fn write_findings(out: &mut impl Write, entries: &[Entry<'_>]) -> fmt::Result {
    if entries.is_empty() {
        writeln!(out, "No findings.\n")?;
    }
    for severity in Severity::ALL {
        let group: Vec<_> = entries.iter().filter(|e| e.severity == severity).collect();
        if group.is_empty() {
            continue;
        }
        let title = match severity {
            Severity::Error => "Errors",
            Severity::Warning => "Warnings",
            Severity::Info => "Info",
        };
        let findings: usize = group.iter().map(|e| 1 + e.also.len()).sum();
        writeln!(out, "## {title} ({findings})\n")?;
        for (i, e) in group.iter().enumerate() {
            writeln!(out, "### {}. {}\n", i + 1, e.heading)?;
            writeln!(out, "- **Path:** {}", code(&e.path.to_string()))?;
            writeln!(out, "- **Finding:** {}", escape(e.message))?;
            writeln!(out, "- **What goes wrong:** {}", escape(e.explanation))?;
            writeln!(out, "- **Fix:** {}", escape(e.fix))?;
            if let Some((converter, effect)) = e.rule.converter {
                writeln!(
                    out,
                    "- **Converter:** {} {}",
                    code(converter.key()),
                    effect.as_str()
                )?;
            }
            if !e.also.is_empty() {
                let tools: Vec<String> = e.also.iter().map(|t| code(t)).collect();
                writeln!(
                    out,
                    "- **Also in {}, at the same path:** {}",
                    tools_label(e.also.len()),
                    tools.join(", ")
                )?;
            }
            out.write_char('\n')?;
        }
    }
    Ok(())
}

/// Renders the Markdown report.
#[must_use]
pub fn markdown(report: &Report) -> String {
    markdown_with(report, report.compatibility.as_ref())
}

/// [`markdown`] with `table` as the compatibility table, whether or not the
/// report holds one.
#[must_use]
pub fn markdown_with(report: &Report, table: Option<&crate::compat::Compatibility>) -> String {
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_markdown_with(&mut out, report, table);
    out
}

/// Writes [`markdown`]'s text to `out` as it is made.
///
/// # Errors
/// When `out` fails.
pub fn write_markdown(out: &mut impl Write, report: &Report) -> fmt::Result {
    write_markdown_with(out, report, report.compatibility.as_ref())
}

fn write_markdown_with(
    out: &mut impl Write,
    report: &Report,
    table: Option<&crate::compat::Compatibility>,
) -> fmt::Result {
    writeln!(out, "# Toolcheck report\n")?;
    writeln!(out, "**{}**\n", report.counts.summary())?;
    writeln!(out, "- Input: {}", escape(&report.detected()))?;
    writeln!(out, "- Settings: {}", escape(&super::settings_line(report)))?;
    out.write_char('\n')?;
    write_by_rule(out, report)?;
    if let Some(table) = table {
        write_compatibility(out, table)?;
    }
    let entries: Vec<Entry<'_>> = fold(report)
        .into_iter()
        .map(|findings| {
            let f = findings[0];
            let tool = f
                .tool
                .as_deref()
                .map_or_else(|| "(whole list)".to_owned(), code);
            let also = other_tools(&findings);
            let heading = if also.is_empty() {
                format!("{} · {}", tool, code(f.rule.id))
            } else {
                format!("{} · in {}", code(f.rule.id), tools_label(also.len() + 1))
            };
            Entry {
                heading,
                severity: f.severity,
                path: &f.path,
                message: &f.message,
                explanation: &f.explanation,
                fix: &f.help,
                rule: f.rule,
                also,
            }
        })
        .collect();
    write_findings(out, &entries)?;
    write_costs(out, report)?;
    compared_with_public_servers(out, report)?;
    writeln!(
        out,
        "---\nGenerated by Toolcheck. The report lists rule ids, tool names and paths; it does not contain the checked definitions."
    )
}

/// The compatibility table: one row per tool, a verdict and its rules per
/// target, then the same by client.
fn write_compatibility(out: &mut impl Write, table: &crate::compat::Compatibility) -> fmt::Result {
    writeln!(
        out,
        "## Which clients take each tool
"
    )?;
    let heads: Vec<&str> = table.targets.iter().map(|t| t.label()).collect();
    write_view(out, table, &heads, |row| &row.cells)?;
    writeln!(
        out,
        "\nA provider column counts the MCP errors (a tool an MCP client rejects never reaches the model) and that provider's own rules.\n"
    )?;
    writeln!(out, "### By client\n")?;
    let heads: Vec<&str> = table.clients.iter().map(|c| c.label()).collect();
    write_view(out, table, &heads, |row| &row.clients)?;
    writeln!(
        out,
        "\nA client column counts the MCP errors, the rules of the APIs the client forwards to (after its strict-mode converter, where it uses one), and the client's own rules; what each client does, with sources, is in Toolcheck's docs (docs/clients.md).\n"
    )
}

/// One view of the table: a row per tool, and per column its verdict (in
/// bold when the tool does not reach the model) and its rules.
fn write_view(
    out: &mut impl Write,
    table: &crate::compat::Compatibility,
    heads: &[&str],
    cells_of: fn(&crate::compat::Row) -> &[crate::compat::Cell],
) -> fmt::Result {
    use crate::compat::Verdict;
    writeln!(out, "| Tool | {} |", heads.join(" | "))?;
    writeln!(out, "|---|{}", "---|".repeat(heads.len()))?;
    for row in &table.rows {
        let name = row.tool.as_deref().map_or_else(|| row.label(), code);
        let cells: Vec<String> = cells_of(row)
            .iter()
            .map(|c| {
                let mark = match c.verdict {
                    Verdict::Works | Verdict::WorksWithWarnings => c.verdict.word().to_owned(),
                    other => format!("**{}**", other.word()),
                };
                if c.rules.is_empty() {
                    mark
                } else {
                    let rules: Vec<String> = c.rules.iter().map(|r| code(r)).collect();
                    format!("{mark}: {}", rules.join(", "))
                }
            })
            .collect();
        writeln!(out, "| {name} | {} |", cells.join(" | "))?;
    }
    Ok(())
}

/// `1 tool`, `24 tools`.
fn tools_label(n: usize) -> String {
    crate::text::quoting::counted(n, "tool")
}

/// The findings counted by rule, when there are any.
fn write_by_rule(out: &mut impl Write, report: &Report) -> fmt::Result {
    let counts = by_rule(report);
    if counts.is_empty() {
        return Ok(());
    }
    writeln!(out, "## Findings by rule\n")?;
    writeln!(out, "| Rule | Severity | Findings | Tools |")?;
    writeln!(out, "| --- | --- | --- | --- |")?;
    for c in counts {
        writeln!(
            out,
            "| {} | {} | {} | {} |",
            code(c.rule.id),
            c.severity,
            c.findings,
            c.tools
        )?;
    }
    out.write_char('\n')
}

/// How many of the heaviest tools the Markdown report lists.
const HEAVIEST: usize = 10;

/// The heaviest tools' cost in tokens, heaviest first.
fn write_costs(out: &mut impl Write, report: &Report) -> fmt::Result {
    if report.tools.is_empty() {
        return Ok(());
    }
    let total = super::tool_tokens(report);
    writeln!(
        out,
        "## Token cost by tool
"
    )?;
    writeln!(
        out,
        "Each definition as compact JSON, in bytes divided by four: what it costs on every request.
"
    )?;
    writeln!(out, "| Tool | Tokens | Share |")?;
    writeln!(out, "| --- | --- | --- |")?;
    for (label, t) in super::heaviest(report, HEAVIEST) {
        writeln!(
            out,
            "| {} | {} | {} |",
            code(&label),
            crate::numbers::thousands(t.tokens),
            crate::numbers::share(t.tokens, total)
        )?;
    }
    if report.tools.len() > HEAVIEST {
        writeln!(out, "| {} more tools | | |", report.tools.len() - HEAVIEST)?;
    }
    writeln!(
        out,
        "| **All {}** | **{}** | 100% |\n",
        report.tools.len(),
        crate::numbers::thousands(total)
    )
}

/// The four corpus checks beside the public servers' figures. Every cell is
/// the checker's own text and numbers, escaped all the same.
fn compared_with_public_servers(out: &mut impl Write, report: &Report) -> fmt::Result {
    writeln!(out, "## Compared with public servers\n")?;
    writeln!(
        out,
        "| Check | This list | Public servers | Compared with | Verdict |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- |")?;
    for c in report.metrics.comparisons() {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            escape(c.label),
            escape(&c.value_text),
            escape(&c.baseline_text),
            escape(c.band),
            escape(c.verdict.as_str())
        )?;
    }
    out.write_char('\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_neutralises_markdown_and_html() {
        let nasty = "a|b`<x>`[c](javascript:alert(1))";
        assert_eq!(escape(nasty), r"a\|b\`\<x\>\`\[c\](javascript:alert(1))");
        assert!(!escape("x\ny").contains('\n'));
        assert!(!escape("see https://evil.example").contains("https://"));
    }

    #[test]
    fn code_spans_cannot_be_closed_from_inside() {
        assert_eq!(
            code("a|b`<x>`[c](javascript:alert(1))"),
            "``a|b`<x>`[c](javascript:alert(1))``"
        );
        assert_eq!(code("``x"), "``` ``x ```");
        assert_eq!(code("line\nbreak"), "`line break`");
    }
}
