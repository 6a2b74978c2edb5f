//! Several servers checked together ([`crate::servers::Servers`]): each
//! server's report as it would be alone, under the server's name, then the
//! findings about the combination, then the totals and each server's share
//! of the tokens. Every format names the server of every finding.

use std::fmt::{self, Write};

use serde_json::{Value, json};

use crate::finding::Finding;
use crate::numbers::thousands;
use crate::report::markdown::{code, escape};
use crate::report::sarif::{Source, level};
use crate::servers::{Across, Servers};
use crate::text::unicode::one_line;

/// The server a finding about the combination belongs to, for people.
fn server_of(servers: &Servers, a: &Across) -> String {
    a.server.map_or_else(
        || "(all servers)".to_owned(),
        |s| servers.servers[s].name.clone(),
    )
}

/// `beta/search`, or `beta` for a finding about the server, or `(all servers)`.
fn place(servers: &Servers, a: &Across) -> String {
    let server = server_of(servers, a);
    match &a.finding.tool {
        Some(tool) => format!("{server}/{tool}"),
        None => server,
    }
}

/// `also: alpha tools[0].name`, for a finding that compares two servers.
fn elsewhere(servers: &Servers, a: &Across) -> Option<String> {
    a.elsewhere
        .as_ref()
        .map(|e| format!("{} {}", servers.servers[e.server].name, e.path))
}

/// Each server's tokens and share: `alpha 1,200 (60%), beta 800 (40%)`.
fn shares_line(servers: &Servers) -> String {
    servers
        .shares()
        .iter()
        .map(|(name, tokens, share)| format!("{name} {} ({share})", thousands(*tokens)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The report of several servers in `format`. `sources` are the servers'
/// texts and URIs, in order.
#[must_use]
pub fn render(servers: &Servers, format: super::ReportFormat, sources: &[Source<'_>]) -> String {
    use super::ReportFormat as F;
    match format {
        F::Text => text(servers, sources),
        F::Concise => concise(servers, sources),
        F::Markdown => markdown(servers),
        F::Json => json(servers) + "\n",
        F::Sarif => sarif(servers, sources) + "\n",
        F::Github => github(servers, sources),
    }
}

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
            super::text::location(source, &name, &a.finding)
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
                super::text::write_text(out, report, source, &name)?;
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
                        super::text::location(source, &name, f),
                        super::text::headline(f)
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

/// Adds a `#` to every Markdown heading: a server's report one level down.
struct Deeper<'w, W: Write> {
    out: &'w mut W,
    at_line_start: bool,
}

impl<W: Write> Write for Deeper<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for line in s.split_inclusive('\n') {
            if self.at_line_start && line.starts_with('#') {
                self.out.write_char('#')?;
            }
            self.out.write_str(line)?;
            self.at_line_start = line.ends_with('\n');
        }
        Ok(())
    }
}

/// The Markdown report.
#[must_use]
pub fn markdown(servers: &Servers) -> String {
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_markdown(&mut out, servers);
    out
}

/// Writes [`markdown`]'s text to `out`.
///
/// # Errors
/// When `out` fails.
pub fn write_markdown(out: &mut impl Write, servers: &Servers) -> fmt::Result {
    let n = servers.servers.len();
    writeln!(
        out,
        "# Toolcheck report: {n} server{}\n",
        if n == 1 { "" } else { "s" }
    )?;
    writeln!(out, "**{}**\n", servers.counts.summary())?;
    writeln!(out, "- Servers: {}", escape(&servers.summary_line()))?;
    if let Some(report) = servers.servers.iter().find_map(|s| s.checked.as_ref().ok()) {
        writeln!(out, "- Settings: {}", escape(&super::settings_line(report)))?;
    }
    out.write_char('\n')?;
    writeln!(
        out,
        "| Server | Input | Tools | Tokens | Share | Findings |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- | --- |")?;
    for (server, (_, tokens, share)) in servers.servers.iter().zip(servers.shares()) {
        let (input, tools, findings) = match &server.checked {
            Ok(r) => (
                escape(&r.detected()),
                r.tools.len().to_string(),
                r.counts.summary(),
            ),
            Err(e) => (
                format!("not checked: {}", escape(&e.to_string())),
                "0".into(),
                "-".into(),
            ),
        };
        writeln!(
            out,
            "| {} | {input} | {tools} | {} | {share} | {findings} |",
            code(&server.name),
            thousands(tokens)
        )?;
    }
    out.write_char('\n')?;
    writeln!(out, "## Across servers ({})\n", servers.across.len())?;
    if servers.across.is_empty() {
        writeln!(out, "No findings.\n")?;
    }
    for (i, a) in servers.across.iter().enumerate() {
        let f = &a.finding;
        writeln!(
            out,
            "### {}. {} · {}\n",
            i + 1,
            code(&place(servers, a)),
            code(f.rule.id)
        )?;
        writeln!(out, "- **Severity:** {}", f.severity)?;
        writeln!(out, "- **Server:** {}", code(&server_of(servers, a)))?;
        writeln!(out, "- **Path:** {}", code(&f.path.to_string()))?;
        if let Some(e) = &a.elsewhere {
            writeln!(
                out,
                "- **And:** server {}, {}",
                code(&servers.servers[e.server].name),
                code(&e.path.to_string())
            )?;
        }
        writeln!(out, "- **Finding:** {}", escape(&f.message))?;
        writeln!(out, "- **What goes wrong:** {}", escape(&f.explanation))?;
        writeln!(out, "- **Fix:** {}", escape(&f.help))?;
        out.write_char('\n')?;
    }
    for server in &servers.servers {
        writeln!(out, "## Server {}\n", code(&server.name))?;
        let Ok(report) = &server.checked else {
            writeln!(out, "Not checked: see `server-not-checked` above.\n")?;
            continue;
        };
        let own = super::markdown(report);
        // The server's report without its title and closing line, one level down.
        let body = own.strip_prefix("# Toolcheck report\n\n").unwrap_or(&own);
        let body = body.rsplit_once("---\n").map_or(body, |(b, _)| b);
        Deeper {
            out,
            at_line_start: true,
        }
        .write_str(body)?;
    }
    writeln!(
        out,
        "---\nGenerated by Toolcheck. The report lists server names, rule ids, tool names and paths; it does not contain the checked definitions."
    )
}

/// One finding in the JSON shape, with its server.
fn finding_value(f: &Finding, server: Option<&str>) -> Value {
    let mut v = serde_json::to_value(super::json::FindingShape::of(f, true)).unwrap_or_default();
    if let Value::Object(m) = &mut v {
        m.insert("server".into(), json!(server));
    }
    v
}

/// The JSON value: `summary`, `servers` (each with its name, its tokens and
/// its report in the one-capture shape, or its error), `across` (the
/// findings about the combination, each with its server and the other place
/// it names) and `tokens` (the total, the budget and each server's share).
#[must_use]
pub fn to_value(servers: &Servers) -> Value {
    let each: Vec<Value> = servers
        .servers
        .iter()
        .map(|s| match &s.checked {
            Ok(report) => json!({
                "name": s.name,
                "tokens": s.tokens(),
                "report": super::json::to_value(report),
            }),
            Err(e) => json!({"name": s.name, "tokens": 0, "error": e}),
        })
        .collect();
    let across: Vec<Value> = servers
        .across
        .iter()
        .map(|a| {
            let mut v = finding_value(
                &a.finding,
                a.server.map(|s| servers.servers[s].name.as_str()),
            );
            if let (Value::Object(m), Some(e)) = (&mut v, &a.elsewhere) {
                m.insert(
                    "elsewhere".into(),
                    json!({
                        "server": servers.servers[e.server].name,
                        "path": e.path.to_string(),
                        "pointer": e.path.pointer(),
                    }),
                );
            }
            v
        })
        .collect();
    let shares: Vec<Value> = servers
        .shares()
        .iter()
        .map(|(name, tokens, share)| json!({"server": name, "tokens": tokens, "share": share}))
        .collect();
    json!({
        "summary": servers.counts,
        "servers": each,
        "across": across,
        "tokens": {
            "total": servers.tokens(),
            "budget": servers.settings.budget,
            "tool_budget": servers.settings.tool_budget,
            "by_server": shares,
        },
    })
}

/// The JSON text, pretty-printed.
#[must_use]
pub fn json(servers: &Servers) -> String {
    serde_json::to_string_pretty(&to_value(servers)).unwrap_or_default()
}

/// SARIF 2.1.0: one run, one artifact per server whose capture is a file,
/// each server's findings located in its own file, and each finding about
/// the combination located in its server's file, with the other place it
/// names as a related location. `sources` are the servers' texts and URIs,
/// in the servers' order.
#[must_use]
pub fn sarif(servers: &Servers, sources: &[Source<'_>]) -> String {
    serde_json::to_string_pretty(&sarif_value(servers, sources)).unwrap_or_default()
}

/// [`sarif`] as a value.
#[must_use]
pub fn sarif_value(servers: &Servers, sources: &[Source<'_>]) -> Value {
    let rules: Vec<Value> = crate::catalog::every_rule()
        .map(super::sarif::rule_descriptor)
        .collect();
    // Each server's artifact index, when its capture is a file.
    let mut artifacts = Vec::new();
    let mut index_of = Vec::new();
    for source in sources {
        index_of.push(super::sarif::artifact(source).map(|a| {
            artifacts.push(a);
            artifacts.len() - 1
        }));
    }
    let empty = Source::new(None, "");
    let source_of = |s: usize| sources.get(s).unwrap_or(&empty);
    let mut results = Vec::new();
    for (s, server) in servers.servers.iter().enumerate() {
        if let Ok(report) = &server.checked {
            for f in &report.findings {
                let mut r = super::sarif::result_in(
                    report,
                    source_of(s),
                    index_of.get(s).copied().flatten().unwrap_or(0),
                    f,
                    None,
                );
                name_server(&mut r, &server.name);
                results.push(r);
            }
        }
    }
    for a in &servers.across {
        let f = &a.finding;
        let mut r = match a
            .server
            .and_then(|s| servers.servers[s].checked.as_ref().ok().map(|r| (s, r)))
        {
            Some((s, report)) => super::sarif::result_in(
                report,
                source_of(s),
                index_of.get(s).copied().flatten().unwrap_or(0),
                f,
                None,
            ),
            None => {
                let located = a.server.map(|s| {
                    super::sarif::location(
                        source_of(s),
                        index_of.get(s).copied().flatten().unwrap_or(0),
                        &f.path,
                        None,
                    )
                });
                json!({
                    "ruleId": f.rule.id,
                    "level": level(f.severity),
                    "message": {"text": format!("{}. Fix: {}", f.message, f.help)},
                    "locations": located.into_iter().collect::<Vec<_>>(),
                    "properties": {"explanation": f.explanation, "help": f.help, "fix": f.help},
                })
            }
        };
        if let Some(e) = &a.elsewhere {
            let related = super::sarif::location(
                source_of(e.server),
                index_of.get(e.server).copied().flatten().unwrap_or(0),
                &e.path,
                None,
            );
            if let Value::Object(m) = &mut r {
                let mut related = related;
                if let Value::Object(l) = &mut related {
                    l.insert("id".into(), json!(0));
                    l.insert(
                        "message".into(),
                        json!({"text": format!("server {}", servers.servers[e.server].name)}),
                    );
                }
                m.insert("relatedLocations".into(), json!([related]));
            }
        }
        if let Some(s) = a.server {
            name_server(&mut r, &servers.servers[s].name);
        }
        results.push(r);
    }
    super::sarif::log(json!({
        "tool": {"driver": super::sarif::driver(rules)},
        "artifacts": artifacts,
        "columnKind": "unicodeCodePoints",
        "results": results,
        "properties": {
            "servers": servers.summary_line(),
            "summary": servers.counts,
        },
    }))
}

/// Adds the server's name to a SARIF result's properties.
fn name_server(result: &mut Value, server: &str) {
    if let Some(Value::Object(props)) = result.get_mut("properties") {
        props.insert("server".into(), json!(server));
    }
}

/// GitHub Actions annotations: each server's, on its file, then those about
/// the combination, then the totals.
#[must_use]
pub fn github(servers: &Servers, sources: &[Source<'_>]) -> String {
    let empty = Source::new(None, "");
    let mut out = Vec::new();
    for (s, server) in servers.servers.iter().enumerate() {
        if let Ok(report) = &server.checked {
            let _ = super::github::write_github(
                &mut out,
                report,
                sources.get(s).unwrap_or(&empty),
                None,
            );
        }
    }
    let mut text = String::from_utf8(out).unwrap_or_default();
    for a in &servers.across {
        let f = &a.finding;
        let mut props = a
            .server
            .and_then(|s| sources.get(s))
            .map_or_else(Vec::new, |source| {
                super::github::location_properties(source, &f.path)
            });
        props.push(("title", format!("{} ({})", f.rule.id, place(servers, a))));
        let message = format!(
            "{}: {}\nWhy: {}\nFix: {}\nPath: {}",
            place(servers, a),
            f.message,
            f.explanation,
            f.help,
            f.path
        );
        text.push_str(&super::github::command(
            super::github::command_name(f.severity),
            &props,
            &message,
        ));
    }
    text.push_str(&format!(
        "toolcheck: {} · {}\n",
        servers.summary_line(),
        servers.counts.summary()
    ));
    text
}
