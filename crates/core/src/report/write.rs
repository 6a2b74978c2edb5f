//! A check's report in the format asked for, written as it is made: what
//! `toolcheck check` prints, and the npm package's `check` returns, byte for
//! byte, since both write through here.

use std::fmt;
use std::io;

use super::sarif::Source;
use crate::Report;
use crate::policy::Outcome;

/// The formats a check's report is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    /// For terminals: each finding from its `FILE:LINE:COL`, the counts by
    /// rule first, each rule's why once.
    Text,
    /// One `FILE:LINE:COL` line per finding, then the counts.
    Concise,
    /// The Markdown report.
    Markdown,
    /// The stable JSON shape.
    Json,
    /// SARIF 2.1.0.
    Sarif,
    /// GitHub Actions workflow commands.
    Github,
}

impl ReportFormat {
    /// Every format, by the name `--format` gives it.
    pub const NAMED: [(&'static str, ReportFormat); 6] = [
        ("text", Self::Text),
        ("concise", Self::Concise),
        ("markdown", Self::Markdown),
        ("json", Self::Json),
        ("sarif", Self::Sarif),
        ("github", Self::Github),
    ];

    /// Whether it gives lines and columns, and so needs the checked text.
    #[must_use]
    pub fn points_into_text(self) -> bool {
        !matches!(self, Self::Markdown | Self::Json)
    }

    /// Whether the policy's messages (unused suppressions, exceeded
    /// thresholds) are part of it; otherwise they belong on standard error.
    #[must_use]
    pub fn holds_policy_lines(self) -> bool {
        matches!(self, Self::Text | Self::Concise)
    }
}

/// Writes `report` to `out` in `format`. `source` is the checked text
/// (empty for the formats that do not point into it) and `file` names it at
/// the start of each finding in text output; `outcome` is the policy's.
///
/// # Errors
/// When `out` fails.
pub fn write_report(
    out: &mut impl io::Write,
    report: &Report,
    format: ReportFormat,
    (source, file): (&Source<'_>, &str),
    outcome: Option<&Outcome>,
) -> io::Result<()> {
    let policy_lines = || outcome.map(Outcome::lines).unwrap_or_default();
    match format {
        ReportFormat::Text | ReportFormat::Concise => {
            let mut out = FmtToIo::new(out);
            let written = if format == ReportFormat::Concise {
                super::terminal::write_concise(&mut out, report, source, file)
            } else {
                report
                    .compatibility
                    .as_ref()
                    .map_or(Ok(()), |t| {
                        super::terminal::write_compatibility(&mut out, t)
                    })
                    .and_then(|()| super::terminal::write_text(&mut out, report, source, file))
            };
            let written = written.and_then(|()| {
                policy_lines()
                    .iter()
                    .try_for_each(|line| fmt::Write::write_fmt(&mut out, format_args!("{line}\n")))
            });
            out.result(written)
        }
        ReportFormat::Markdown => {
            let mut out = FmtToIo::new(out);
            let written = super::markdown::write_markdown(&mut out, report).and_then(|()| {
                let lines = policy_lines();
                if lines.is_empty() {
                    return Ok(());
                }
                fmt::Write::write_str(&mut out, "\n## Policy\n\n")?;
                lines.iter().try_for_each(|line| {
                    fmt::Write::write_fmt(
                        &mut out,
                        format_args!("- {}\n", super::markdown::escape(line)),
                    )
                })
            });
            out.result(written)
        }
        ReportFormat::Json => {
            super::json::write_json(out, report, outcome).and_then(|()| out.write_all(b"\n"))
        }
        ReportFormat::Sarif => super::sarif::write_sarif(out, report, source, outcome)
            .and_then(|()| out.write_all(b"\n")),
        ReportFormat::Github => super::github::write_github(out, report, source, outcome),
    }
}

/// Text formatting (`fmt::Write`) into a byte stream (`io::Write`), keeping
/// the stream's error, which `fmt::Error` cannot carry.
struct FmtToIo<'w, W: io::Write> {
    out: &'w mut W,
    error: Option<io::Error>,
}

impl<'w, W: io::Write> FmtToIo<'w, W> {
    fn new(out: &'w mut W) -> Self {
        Self { out, error: None }
    }

    /// The outcome of the writing, as the stream saw it.
    fn result(self, written: fmt::Result) -> io::Result<()> {
        match (written, self.error) {
            (Ok(()), _) => Ok(()),
            (Err(_), Some(e)) => Err(e),
            (Err(_), None) => Err(io::Error::other("formatting failed")),
        }
    }
}

impl<W: io::Write> fmt::Write for FmtToIo<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.out.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}
