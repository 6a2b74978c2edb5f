//! Several servers' report for a terminal: each server's as it would be
//! alone, then the findings about the combination, each starting with its
//! file's `FILE:LINE:COL`; or one line per finding (concise).

use std::fmt::{self, Write};

use super::{elsewhere, place, shares_line};
use crate::report::sarif::Source;
use crate::servers::{Across, Servers};
use crate::text::unicode::one_line;

/// The text for a terminal. `sources` are the servers' texts and URIs, in
/// order: each finding starts with its file's `FILE:LINE:COL` (the server's
/// name when it has no file).
#[must_use]
pub fn text(servers: &Servers, sources: &[Source<'_>]) -> String {
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_text(&mut out, servers, sources);
    out
}

/// The source of server `s`, and the name its findings start with.
fn file_of<'s>(
    servers: &Servers,
    sources: &'s [Source<'s>],
    empty: &'s Source<'s>,
    s: usize,
) -> (&'s Source<'s>, String) {
    let source = sources.get(s).unwrap_or(empty);
    let name = source
        .uri
        .map_or_else(|| servers.servers[s].name.clone(), str::to_owned);
    (source, name)
}

/// Where an across-servers finding is: `FILE:LINE:COL` in its server's
/// file, or `across servers` for one about them all.
fn across_location(servers: &Servers, sources: &[Source<'_>], a: &Across) -> String {
    let empty = Source::new(None, "");
    match a.server {
        Some(s) => {
            let (source, name) = file_of(servers, sources, &empty, s);
            crate::report::terminal::location(source, &name, &a.finding)
        }
        None => "across servers".into(),
    }
}

/// `FILE:LINE:COL: severity[rule] server/tool: message` for an
/// across-servers finding.
fn across_headline(servers: &Servers, sources: &[Source<'_>], a: &Across) -> String {
    let f = &a.finding;
    format!(
        "{}: {}[{}] {}: {}",
        one_line(&across_location(servers, sources, a)),
        f.severity,
        f.rule.id,
        one_line(&place(servers, a)),
        one_line(&f.message)
    )
}

/// Writes [`text`]'s text to `out`.
///
/// # Errors
/// When `out` fails.
pub fn write_text(out: &mut impl Write, servers: &Servers, sources: &[Source<'_>]) -> fmt::Result {
    let empty = Source::new(None, "");
    for (s, server) in servers.servers.iter().enumerate() {
        writeln!(out, "== server {} ==", one_line(&server.name))?;
        match &server.checked {
            Ok(report) => {
                let (source, name) = file_of(servers, sources, &empty, s);
                crate::report::terminal::write_text(out, report, source, &name)?;
            }
            Err(e) => writeln!(out, "not checked: {}", one_line(&e.to_string()))?,
        }
        out.write_char('\n')?;
    }
    writeln!(out, "== across servers ==")?;
    if servers.across.is_empty() {
        writeln!(out, "No findings.")?;
    }
    for a in &servers.across {
        let f = &a.finding;
        writeln!(out, "{}", across_headline(servers, sources, a))?;
        writeln!(out, "  --> {}", one_line(&f.path.to_string()))?;
        if let Some(also) = elsewhere(servers, a) {
            writeln!(out, "  --> {}", one_line(&also))?;
        }
        writeln!(out, "   = why: {}", one_line(&f.explanation))?;
        writeln!(out, "   = fix: {}", one_line(&f.help))?;
        out.write_char('\n')?;
    }
    writeln!(out, "{}", one_line(&servers.summary_line()))?;
    writeln!(out, "Tokens by server: {}", one_line(&shares_line(servers)))?;
    writeln!(out, "{}", servers.counts.summary())
}

/// One line per finding, each server's then those about the combination,
/// then the counts.
#[must_use]
pub fn concise(servers: &Servers, sources: &[Source<'_>]) -> String {
    let empty = Source::new(None, "");
    let mut out = String::new();
    for (s, server) in servers.servers.iter().enumerate() {
        let (source, name) = file_of(servers, sources, &empty, s);
        match &server.checked {
            Ok(report) => {
                for f in &report.findings {
                    let _ = writeln!(
                        out,
                        "{}: {}",
                        crate::report::terminal::location(source, &name, f),
                        crate::report::terminal::headline(f)
                    );
                }
            }
            Err(e) => {
                let _ = writeln!(
                    out,
                    "{}: not checked: {}",
                    one_line(&name),
                    one_line(&e.to_string())
                );
            }
        }
    }
    for a in &servers.across {
        let _ = writeln!(out, "{}", across_headline(servers, sources, a));
    }
    let _ = writeln!(out, "{}", servers.counts.summary());
    out
}
