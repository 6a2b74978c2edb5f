//! Several servers' report as GitHub Actions annotations.

use super::place;
use crate::report::sarif::Source;
use crate::servers::Servers;

/// GitHub Actions annotations: each server's, on its file, then those about
/// the combination, then the totals.
#[must_use]
pub fn github(servers: &Servers, sources: &[Source<'_>]) -> String {
    let empty = Source::new(None, "");
    let mut out = Vec::new();
    for (s, server) in servers.servers.iter().enumerate() {
        if let Ok(report) = &server.checked {
            let _ = crate::report::github::write_github(
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
                crate::report::github::location_properties(source, &f.path)
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
        text.push_str(&crate::report::github::command(
            crate::report::github::command_name(f.severity),
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
