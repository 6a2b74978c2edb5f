//! Several servers checked together ([`crate::servers::Servers`]): each
//! server's report as it would be alone, under the server's name, then the
//! findings about the combination, then the totals and each server's share
//! of the tokens. Every format names the server of every finding.

mod github;
mod json;
mod markdown;
mod sarif;
mod terminal;

use crate::numbers::thousands;
use crate::report::sarif::Source;
use crate::servers::{Across, Servers};

pub use github::github;
pub use json::{json, to_value};
pub use markdown::{markdown, write_markdown};
pub use sarif::{sarif, sarif_value};
pub use terminal::{concise, text, write_text};

/// The server a finding about the combination belongs to, for people.
pub(super) fn server_of(servers: &Servers, a: &Across) -> String {
    a.server.map_or_else(
        || "(all servers)".to_owned(),
        |s| servers.servers[s].name.clone(),
    )
}

/// `beta/search`, or `beta` for a finding about the server, or `(all servers)`.
pub(super) fn place(servers: &Servers, a: &Across) -> String {
    let server = server_of(servers, a);
    match &a.finding.tool {
        Some(tool) => format!("{server}/{tool}"),
        None => server,
    }
}

/// `also: alpha tools[0].name`, for a finding that compares two servers.
pub(super) fn elsewhere(servers: &Servers, a: &Across) -> Option<String> {
    a.elsewhere
        .as_ref()
        .map(|e| format!("{} {}", servers.servers[e.server].name, e.path))
}

/// Each server's tokens and share: `alpha 1,200 (60%), beta 800 (40%)`.
pub(super) fn shares_line(servers: &Servers) -> String {
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
pub fn render(
    servers: &Servers,
    format: crate::report::ReportFormat,
    sources: &[Source<'_>],
) -> String {
    use crate::report::ReportFormat as F;
    match format {
        F::Text => text(servers, sources),
        F::Concise => concise(servers, sources),
        F::Markdown => markdown(servers),
        F::Json => json(servers) + "\n",
        F::Sarif => sarif(servers, sources) + "\n",
        F::Github => github(servers, sources),
    }
}
