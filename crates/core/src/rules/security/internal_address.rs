use crate::registry::declare_rule;
use crate::rules::security::{Text, TextKind, each_text};
use crate::rules::{Definitions, Emitter};
use crate::text::addresses::{Network, internal_names, ipv4_addresses, network};
use crate::text::join_and;
use crate::text::unicode::quote_excerpt;

declare_rule! {
    /// ## What it does
    /// Flags addresses of an organisation's own network in a tool's title or
    /// description (of the tool or of a parameter): private IPv4 addresses
    /// (10/8, 172.16/12, 192.168/16, 100.64/10), link-local addresses
    /// (169.254/16, where cloud metadata services answer), and host names under
    /// suffixes that only resolve inside a network (`.internal`, `.corp`,
    /// `.intranet`, `.lan`, `.localdomain`, `.local`, `.home.arpa`). Loopback
    /// (`127.0.0.1`, `localhost`) and the documentation ranges of RFC 5737
    /// (`192.0.2.0/24`, `198.51.100.0/24`, `203.0.113.0/24`) are not reported,
    /// nor is an address that follows "e.g.", "for example" or "such as".
    ///
    /// ## Why is this bad?
    /// A tool description is published to every client that connects, so an
    /// internal address in it tells anyone who lists the tools where the
    /// server's own systems are. It is rarely useful to the model, which cannot
    /// reach those hosts, and it is often a sign that the description was built
    /// from deployment configuration. This breaks no call, so it is info.
    ///
    /// ## Example
    /// ```json
    /// {"name": "query", "description": "Queries the orders database at db-7.prod.internal (10.20.3.17)."}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "query", "description": "Queries the orders database."}
    /// ```
    ///
    /// ## Fix
    /// Describe what the tool does, not where its back end runs.
    ///
    /// ## Sources
    /// - RFC 1918, Address Allocation for Private Internets: <https://www.rfc-editor.org/rfc/rfc1918>
    /// - RFC 3927, link-local IPv4 addresses: <https://www.rfc-editor.org/rfc/rfc3927>
    /// - RFC 6762, `.local` (Multicast DNS), and RFC 8375, `home.arpa`: <https://www.rfc-editor.org/rfc/rfc6762>
    /// - ICANN, `.internal` reserved for private use (2024): <https://www.icann.org/en/board-activities-and-meetings/materials/approved-resolutions-special-meeting-of-the-icann-board-29-07-2024-en>
    /// - CWE-200, Exposure of Sensitive Information: <https://cwe.mitre.org/data/definitions/200.html>
    pub INTERNAL_ADDRESS,
    id = "internal-address",
    group = Security,
    severity = Info,
    runs_in = Worker,
    fix_note = "No automatic fix: whether the address is needed in the text takes judgement.",
    summary = "A description names a private IP address or an internal host name",
}

/// Words after which an address is an example.
const EXAMPLE_CUES: &[&str] = &["e.g.", "e.g", "example", "such as", "like", "i.e."];

/// Whether the address at byte `at` of `text` follows an example cue.
fn example(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end_matches([' ', ':', ',', '(', '`', '"', '\'']);
    let lower = before.to_ascii_lowercase();
    EXAMPLE_CUES.iter().any(|cue| lower.ends_with(cue))
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_text(cx, &mut |text: &Text<'_>| {
        if !text.kind.is_prose() || text.kind == TextKind::ToolName {
            return;
        }
        let mut listed: Vec<String> = Vec::new();
        for (at, ip) in ipv4_addresses(text.text) {
            let net = network(ip);
            if matches!(net, Network::Private | Network::LinkLocal) && !example(text.text, at) {
                let [a, b, c, d] = ip;
                listed.push(format!("{a}.{b}.{c}.{d} ({})", net.label()));
            }
        }
        for (at, name) in internal_names(text.text) {
            if !example(text.text, at) {
                listed.push(format!(
                    "{} (an internal host name)",
                    quote_excerpt(name, 60)
                ));
            }
        }
        if listed.is_empty() {
            return;
        }
        out.report(
            text.tool,
            text.path(),
            format!("{} names {}", text.kind.label(), join_and(&listed)),
        )
        .explanation(
            "A tool description is published to every client that connects, so an internal address in it tells anyone \
             who lists the tools where the server's own systems are, while the model cannot reach those hosts.",
        )
        .help("Describe what the tool does, not where its back end runs");
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(INTERNAL_ADDRESS, "security/internal-address.json");
}
