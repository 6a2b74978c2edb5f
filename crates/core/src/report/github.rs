//! GitHub Actions workflow commands: one `::error`, `::warning` or `::notice`
//! annotation per finding, placed on the capture file's line and column when
//! the capture is a file.
//!
//! ```text
//! ::error file=tools.json,line=12,col=7,endLine=12,title=required-not-in-properties (orders.search)::orders.search: required names "customer_id"…
//! ```
//!
//! Message text escapes `%`, CR and LF; property values also escape `:` and
//! `,`, so pasted names cannot end a property early or forge a second command.

use super::sarif::Source;
use crate::Report;
use crate::finding::Severity;
use crate::path::Path;
use crate::policy::Outcome;

/// Escapes a command's message: `%`, `\r` and `\n` as the runner asks;
/// other control characters and invisible ones (which would reach the log
/// raw) as visible escapes (`\u{1b}`).
#[must_use]
pub fn escape_data(s: &str) -> String {
    crate::text::unicode::escape_unprintable_but_breaks(s)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a command property value: as [`escape_data`], plus `:` and `,`.
#[must_use]
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// The annotation command for a severity.
#[must_use]
pub fn command_name(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "notice",
    }
}

/// One workflow command line (with its trailing newline). `properties` are
/// escaped here; pass them raw.
#[must_use]
pub fn command(name: &str, properties: &[(&str, String)], message: &str) -> String {
    let props: Vec<String> = properties
        .iter()
        .map(|(k, v)| format!("{k}={}", escape_property(v)))
        .collect();
    let sep = if props.is_empty() { "" } else { " " };
    format!(
        "::{name}{sep}{}::{}\n",
        props.join(","),
        escape_data(message)
    )
}

/// The `file`, `line`, `col`, `endLine` (and, on one line, `endColumn`)
/// properties for a path in a source.
pub(crate) fn location_properties(source: &Source<'_>, path: &Path) -> Vec<(&'static str, String)> {
    let Some(uri) = source.uri else {
        return Vec::new();
    };
    let mut props = vec![("file", uri.to_owned())];
    if let Some(p) = source.position(path) {
        props.push(("line", p.start_line.to_string()));
        props.push(("col", p.start_column.to_string()));
        props.push(("endLine", p.end_line.to_string()));
        if p.end_line == p.start_line {
            props.push(("endColumn", p.end_column.to_string()));
        }
    }
    props
}

/// Renders the report as workflow commands, then the counts on a plain line.
#[must_use]
pub fn github(report: &Report, source: &Source<'_>, policy: Option<&Outcome>) -> String {
    super::written_text(0, |out| write_github(out, report, source, policy))
}

/// Writes [`github`]'s text to `out` one command at a time.
///
/// # Errors
/// When `out` fails.
pub fn write_github(
    out: &mut (impl std::io::Write + ?Sized),
    report: &Report,
    source: &Source<'_>,
    policy: Option<&Outcome>,
) -> std::io::Result<()> {
    for f in &report.findings {
        let mut props = location_properties(source, &f.path);
        let title = match &f.tool {
            Some(tool) => format!("{} ({tool})", f.rule.id),
            None => f.rule.id.to_owned(),
        };
        props.push(("title", title));
        let prefix = f
            .tool
            .as_deref()
            .map(|t| format!("{t}: "))
            .unwrap_or_default();
        let message = format!(
            "{prefix}{}\nWhy: {}\nFix: {}\nPath: {}",
            f.message, f.explanation, f.help, f.path
        );
        out.write_all(command(command_name(f.severity), &props, &message).as_bytes())?;
    }
    if let Some(policy) = policy {
        for m in policy.unused_messages() {
            out.write_all(
                command(
                    "warning",
                    &[("title", "toolcheck: unused suppression".into())],
                    &m,
                )
                .as_bytes(),
            )?;
        }
        for b in &policy.breaches {
            out.write_all(
                command(
                    "error",
                    &[("title", format!("toolcheck: {}", b.threshold))],
                    &b.message,
                )
                .as_bytes(),
            )?;
        }
    }
    writeln!(
        out,
        "toolcheck: {} · {}",
        report.detected(),
        report.counts.summary()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(escape_data("100%\r\nnext"), "100%25%0D%0Anext");
        assert_eq!(escape_property("a,b:c%\n"), "a%2Cb%3Ac%25%0A");
        assert_eq!(
            command(
                "error",
                &[("file", "x,y.json".into()), ("line", "3".into())],
                "bad::thing\n::warning::forged"
            ),
            "::error file=x%2Cy.json,line=3::bad::thing%0A::warning::forged\n"
        );
        assert_eq!(command("notice", &[], "hi"), "::notice::hi\n");
    }

    #[test]
    fn findings_become_annotations_on_the_file() {
        let report = crate::check(crate::sample::TOOLS, &crate::Settings::default()).unwrap();
        let out = github(
            &report,
            &Source::new(Some("mcp/tools.json"), crate::sample::TOOLS),
            None,
        );
        let first = out.lines().next().unwrap();
        assert!(
            first.starts_with("::error file=mcp/tools.json,line="),
            "{first}"
        );
        assert!(
            first.contains("title=required-not-in-properties (orders.search)::"),
            "{first}"
        );
        // One line per finding plus the summary: no message spills onto a second line.
        assert_eq!(out.lines().count(), report.findings.len() + 1);
        assert_eq!(
            out.lines().filter(|l| l.starts_with("::notice ")).count(),
            report.counts.info
        );
    }
}
