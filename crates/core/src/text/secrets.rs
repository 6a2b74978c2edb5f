//! The one matcher of credentials written out in text: provider tokens with a
//! recognisable prefix (`AKIA…`, `ghp_…`, `sk-…`), private key blocks, JSON Web
//! Tokens, and database URLs that carry a password. `secret-in-definition`
//! reads tool definitions with it and `result-secret` reads `tools/call`
//! results, so the two agree on every value.
//!
//! A value that is plainly a placeholder is not a credential: one that says
//! so (`EXAMPLE`, `your`, `xxxx`, `<token>`, `${VAR}`), AWS's documented
//! example key, or a token body of few distinct characters (`ghp_000…`).

use std::sync::LazyLock;

use crate::text::re::Regex;
use aho_corasick::AhoCorasick;

/// One credential found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Secret {
    /// What it is: `an AWS access key ID`.
    pub(crate) kind: &'static str,
    /// Where it is, in bytes of the text.
    pub(crate) start: usize,
    /// Where it ends (exclusive), in bytes.
    pub(crate) end: usize,
}

impl Secret {
    /// The value with all but its first few characters masked, for a
    /// message that must not repeat the credential: `ghp_…(40 characters)`.
    pub(crate) fn masked(&self, text: &str) -> String {
        let value = text.get(self.start..self.end).unwrap_or_default();
        let shown: String = value.chars().take(SHOWN).collect();
        format!("{shown}…({} characters)", value.chars().count())
    }
}

/// How many characters of a credential a message shows.
const SHOWN: usize = 6;

/// The credential formats: what each is, and its pattern. Every pattern
/// starts with a literal that [`PREFIXES`] looks for first.
const FORMATS: &[(&str, &str)] = &[
    ("an AWS access key ID", r"(?:AKIA|ASIA)[0-9A-Z]{16}"),
    ("a GitHub token", r"gh[pousr]_[A-Za-z0-9]{36,}"),
    (
        "a GitHub fine-grained token",
        r"github_pat_[A-Za-z0-9_]{50,}",
    ),
    ("a GitLab token", r"glpat-[A-Za-z0-9_-]{20,}"),
    ("a Slack token", r"xox[abposr]-[A-Za-z0-9-]{10,}"),
    (
        "a Slack webhook URL",
        r"https://hooks\.slack\.com/services/T[A-Za-z0-9]+/B[A-Za-z0-9]+/[A-Za-z0-9]{20,}",
    ),
    (
        "an Anthropic API key",
        r"sk-ant-[a-z]+[0-9]{2}-[A-Za-z0-9_-]{32,}",
    ),
    (
        "an OpenAI API key",
        r"sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}",
    ),
    ("a Stripe secret key", r"(?:sk|rk)_live_[A-Za-z0-9]{24,}"),
    ("a Google API key", r"AIza[0-9A-Za-z_-]{35}"),
    ("an npm token", r"npm_[A-Za-z0-9]{36}"),
    ("a Hugging Face token", r"hf_[A-Za-z0-9]{34,}"),
    (
        "a private key",
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----",
    ),
    (
        "a JSON Web Token",
        r"eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}",
    ),
    (
        "a database URL with a password",
        r"(?:postgres|postgresql|mysql|mariadb|mongodb|mongodb\+srv|redis|rediss|amqp|amqps|mssql|sqlserver)://[^\t\n\x0B\x0C\r :/@]+:[^\t\n\x0B\x0C\r @/]+@",
    ),
];

/// The literal each format starts with, for a quick test of the whole text.
const PREFIXES: &[&str] = &[
    "AKIA",
    "ASIA",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "glpat-",
    "xox",
    "hooks.slack.com",
    "sk-",
    "sk_live_",
    "rk_live_",
    "AIza",
    "npm_",
    "hf_",
    "PRIVATE KEY",
    "eyJ",
    "://",
];

static QUICK: LazyLock<AhoCorasick> =
    LazyLock::new(|| AhoCorasick::new(PREFIXES).expect("the prefixes are literals"));

static PATTERNS: LazyLock<Vec<(&'static str, Regex)>> = LazyLock::new(|| {
    FORMATS
        .iter()
        .map(|(kind, pattern)| (*kind, Regex::new(pattern).expect("the patterns compile")))
        .collect()
});

/// Words that mark a value as a placeholder.
const PLACEHOLDER_WORDS: &[&str] = &[
    "example",
    "sample",
    "dummy",
    "placeholder",
    "redacted",
    "your",
    "xxxx",
    "****",
    "....",
    "changeme",
    "password",
    "passwd",
    "secret",
    "token",
];

/// Whether `value` is plainly a placeholder rather than a credential.
fn placeholder(kind: &str, value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    if value.contains(['<', '>', '{', '}', '$', '%']) {
        return true;
    }
    // A database URL's password: the part between the user and the host.
    if kind == "a database URL with a password" {
        let password = lower
            .rsplit_once('@')
            .and_then(|(head, _)| head.rsplit_once(':'))
            .map_or("", |(_, p)| p);
        return password.len() < 4
            || PLACEHOLDER_WORDS
                .iter()
                .chain(&["pass", "pwd", "user", "admin", "root", "test"])
                .any(|w| password == *w || password.contains(w));
    }
    if kind == "a private key" {
        return false;
    }
    if PLACEHOLDER_WORDS.iter().any(|w| lower.contains(w)) {
        return true;
    }
    // A token body of few distinct characters is made up: ghp_000…, sk-aaaa….
    let body = value
        .trim_start_matches(|c: char| !c.is_ascii_digit() && c != '_' && c != '-')
        .trim_start_matches(['_', '-']);
    let mut distinct: Vec<char> = body.chars().collect();
    distinct.sort_unstable();
    distinct.dedup();
    distinct.len() < 8
}

/// Whether the byte before `start` continues a word, so a match there is the
/// middle of a longer token (`xAKIA…`).
fn inside_word(text: &str, start: usize) -> bool {
    text[..start]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_alphanumeric())
}

/// Every credential in `text`, in order of position.
pub(crate) fn secrets(text: &str) -> Vec<Secret> {
    if !QUICK.is_match(text) {
        return Vec::new();
    }
    let mut found: Vec<Secret> = Vec::new();
    for (kind, pattern) in PATTERNS.iter() {
        for m in pattern.find_iter(text) {
            let overlaps = found.iter().any(|s| m.start() < s.end && s.start < m.end());
            if overlaps || inside_word(text, m.start()) || placeholder(kind, m.as_str()) {
                continue;
            }
            found.push(Secret {
                kind,
                start: m.start(),
                end: m.end(),
            });
        }
    }
    found.sort_by_key(|s| s.start);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<&'static str> {
        secrets(text).into_iter().map(|s| s.kind).collect()
    }

    #[test]
    fn finds_real_looking_credentials() {
        for (text, kind) in [
            ("key AKIAQ3EGUV7BXN2ZK4PL here", "an AWS access key ID"),
            (
                "token ghp_Q8d2Lk9zX1vB7nM4pR6tY0wS3aE5fG2hJ8kL",
                "a GitHub token",
            ),
            (
                "use sk-proj-4fGh7Jk2Lm9Np3Qr6St8Uv1Wx5Yz0AbCdEf",
                "an OpenAI API key",
            ),
            (
                "sk-ant-api03-Zk3J9xQ2mV7bN1cR8tY5wE4aS6dF0gH2jK9lP3oI",
                "an Anthropic API key",
            ),
            (
                "postgres://app:S3cr3tP4ss@db.prod.example.net:5432/main",
                "a database URL with a password",
            ),
            ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl", "a private key"),
            (
                "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
                "a JSON Web Token",
            ),
            (
                "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp",
                "a Slack token",
            ),
        ] {
            assert_eq!(kinds(text), [kind], "{text}");
        }
    }

    #[test]
    fn placeholders_and_look_alikes_are_not_credentials() {
        for text in [
            "AKIAIOSFODNN7EXAMPLE",
            "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "sk-your-api-key-goes-here-0123456789abcdef",
            "sk-000000000000000000000000000000000000",
            "postgres://user:password@localhost:5432/db",
            "postgresql://postgres:${DB_PASSWORD}@db:5432/app",
            "mongodb://<user>:<pass>@cluster0.mongodb.net",
            "Create a task-oriented sk-style key",
            "Pass the GitHub token (ghp_…) in the header",
            "https://github.com/org/repo and mask-123 and risk-scores",
            "the JWT looks like eyJ... (three parts)",
        ] {
            assert!(kinds(text).is_empty(), "{text}: {:?}", kinds(text));
        }
    }

    #[test]
    fn messages_mask_the_value() {
        let text = "key AKIAQ3EGUV7BXN2ZK4PL";
        let s = &secrets(text)[0];
        assert_eq!(s.masked(text), "AKIAQ3…(20 characters)");
    }
}
