//! Addresses written in text: URLs and their hosts, IPv4 addresses and the
//! networks they belong to, link shorteners, and host names that only resolve
//! inside an organisation (`db.prod.internal`). `suspicious-link` and
//! `internal-address` share it.

use std::sync::LazyLock;

use crate::text::re::Regex;

/// One URL in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Url<'t> {
    /// The URL, trailing punctuation left out.
    pub(crate) text: &'t str,
    /// Its host, lowercase, without port or credentials.
    pub(crate) host: String,
}

/// What an IPv4 address is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Network {
    /// 127.0.0.0/8 and 0.0.0.0: this machine.
    Loopback,
    /// 10/8, 172.16/12, 192.168/16 (RFC 1918) and 100.64/10 (shared address space).
    Private,
    /// 169.254/16, where cloud metadata services answer.
    LinkLocal,
    /// 192.0.2/24, 198.51.100/24 and 203.0.113/24 (RFC 5737): for examples.
    Documentation,
    /// Anything else.
    Public,
}

impl Network {
    /// How a message names it.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Network::Loopback => "a loopback address",
            Network::Private => "a private address",
            Network::LinkLocal => "a link-local address, where cloud metadata services answer",
            Network::Documentation => "a documentation address",
            Network::Public => "a public address",
        }
    }
}

static URL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i-u:https?)://[^\t\n\x0B\x0C\r "'<>`\\]+"#).expect("the pattern compiles")
});

static IPV4: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}").expect("the pattern compiles")
});

static INTERNAL_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i-u:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.(?:internal|corp|intranet|lan|localdomain|local|home\.arpa))",
    )
    .expect("the pattern compiles")
});

/// Link shorteners: a link through one hides where it leads.
const SHORTENERS: &[&str] = &[
    "bit.ly",
    "tinyurl.com",
    "t.co",
    "goo.gl",
    "ow.ly",
    "is.gd",
    "v.gd",
    "buff.ly",
    "rebrand.ly",
    "cutt.ly",
    "tiny.cc",
    "shorturl.at",
    "rb.gy",
    "t.ly",
    "s.id",
    "tinyurl.is",
];

/// Every `http` or `https` URL in `text`.
pub(crate) fn urls(text: &str) -> Vec<Url<'_>> {
    if !text.contains("://") {
        return Vec::new();
    }
    URL.find_iter(text)
        .map(|m| {
            let url = m
                .as_str()
                .trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '}']);
            let rest = &url[url.find("://").map_or(0, |i| i + 3)..];
            let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
            let host = authority.rsplit('@').next().unwrap_or_default();
            let host = if host.starts_with('[') {
                host.split(']').next().map_or(host, |h| &h[1..])
            } else {
                host.split(':').next().unwrap_or_default()
            };
            Url {
                text: url,
                host: host.to_ascii_lowercase(),
            }
        })
        .collect()
}

/// The link shortener `host` is, if it is one.
pub(crate) fn shortener(host: &str) -> Option<&'static str> {
    SHORTENERS.iter().copied().find(|s| host == *s)
}

/// The address `host` spells, when it is an IPv4 address.
pub(crate) fn ipv4(host: &str) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut parts = host.split('.');
    for slot in &mut out {
        let part = parts.next()?;
        if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *slot = part.parse().ok()?;
    }
    parts.next().is_none().then_some(out)
}

/// The network an IPv4 address belongs to.
pub(crate) fn network(ip: [u8; 4]) -> Network {
    match ip {
        [127, ..] | [0, 0, 0, 0] => Network::Loopback,
        [10, ..] | [192, 168, ..] => Network::Private,
        [172, b, ..] if (16..=31).contains(&b) => Network::Private,
        [100, b, ..] if (64..=127).contains(&b) => Network::Private,
        [169, 254, ..] => Network::LinkLocal,
        [192, 0, 2, _] | [198, 51, 100, _] | [203, 0, 113, _] => Network::Documentation,
        _ => Network::Public,
    }
}

/// Whether the character before byte `start` or at byte `end` of `text`
/// continues the token, so a match there is part of a longer one.
fn glued(text: &str, start: usize, end: usize) -> bool {
    let continues = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_');
    text[..start].chars().next_back().is_some_and(continues)
        || text[end..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        || (text[end..].starts_with('.')
            && text[end + 1..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric()))
}

/// Every IPv4 address written in `text` (in URLs or not), with its byte
/// position.
pub(crate) fn ipv4_addresses(text: &str) -> Vec<(usize, [u8; 4])> {
    if !text.bytes().any(|b| b == b'.') {
        return Vec::new();
    }
    IPV4.find_iter(text)
        .filter(|m| !glued(text, m.start(), m.end()))
        .filter_map(|m| ipv4(m.as_str()).map(|ip| (m.start(), ip)))
        .collect()
}

/// Every host name in `text` under a suffix that only resolves inside an
/// organisation (`.internal`, `.corp`, `.intranet`, `.lan`, `.localdomain`,
/// `.local`, `.home.arpa`), with its byte position.
pub(crate) fn internal_names(text: &str) -> Vec<(usize, &str)> {
    if !text.bytes().any(|b| b == b'.') {
        return Vec::new();
    }
    INTERNAL_NAME
        .find_iter(text)
        .filter(|m| !glued(text, m.start(), m.end()))
        .map(|m| (m.start(), m.as_str()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_their_hosts() {
        let found = urls("See https://User:pw@Bit.ly:443/x?y=1, or (http://[::1]:8080/a).");
        let hosts: Vec<&str> = found.iter().map(|u| u.host.as_str()).collect();
        assert_eq!(hosts, ["bit.ly", "::1"]);
        assert_eq!(found[1].text, "http://[::1]:8080/a");
        assert_eq!(shortener("bit.ly"), Some("bit.ly"));
        assert_eq!(shortener("notbit.ly"), None);
    }

    #[test]
    fn networks() {
        assert_eq!(network([10, 1, 2, 3]), Network::Private);
        assert_eq!(network([172, 20, 0, 1]), Network::Private);
        assert_eq!(network([172, 32, 0, 1]), Network::Public);
        assert_eq!(network([169, 254, 169, 254]), Network::LinkLocal);
        assert_eq!(network([203, 0, 113, 7]), Network::Documentation);
        assert_eq!(network([127, 0, 0, 1]), Network::Loopback);
        assert_eq!(ipv4("256.1.1.1"), None);
        assert_eq!(ipv4("1.2.3"), None);
    }

    #[test]
    fn addresses_and_names_stand_alone() {
        let ips: Vec<[u8; 4]> = ipv4_addresses("at 10.0.3.17, not v1.2.3.4.5 or 1.2.3.4a")
            .into_iter()
            .map(|(_, ip)| ip)
            .collect();
        assert_eq!(ips, [[10, 0, 3, 17]]);
        let names: Vec<&str> =
            internal_names("db.prod.internal and vault.corp, not localhost or x.local.example.com")
                .into_iter()
                .map(|(_, n)| n)
                .collect();
        assert_eq!(names, ["db.prod.internal", "vault.corp"]);
    }
}
