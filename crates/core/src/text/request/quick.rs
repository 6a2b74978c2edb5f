//! A quick test that rules out most text before it is read: a request needs
//! a word that names what it is about (a secret, the conversation, a
//! safeguard, instructions, a configuration), an address, a file name, a
//! command or an order to hide something; plain ASCII text without any of
//! them asks nothing. Other text is always read.

use std::sync::LazyLock;

use aho_corasick::AhoCorasick;
use rustc_hash::FxHashMap;

use super::lexicon::{self, Act};
use super::things::{Thing, anchor_words, anchors, recipient_words};

/// Words that a request may turn on besides the things' names: new roles,
/// hiding, remote parties, harm a tool may state of itself.
const CUES: &[&str] = &[
    "now",
    "act",
    "acting",
    "pretend",
    "roleplay",
    "supersede",
    "supersedes",
    "override",
    "overrides",
    "developer",
    "devmode",
    "real",
    "void",
    "lifted",
    "longer",
    "jailbreak",
    "unrestricted",
    "silently",
    "quietly",
    "secretly",
    "covertly",
    "discreetly",
    "stealthily",
    "invisibly",
    "tell",
    "mention",
    "inform",
    "notify",
    "reveal",
    "disclose",
    "surface",
    "background",
    "remote",
    "external",
    "third",
    "partners",
    "partner",
    "advertisers",
    "telemarketers",
    "marketing",
    "vendor",
    "pastebin",
    "sold",
    "sells",
    "harvested",
    "harvests",
    "miner",
    "mines",
    "download",
    "eval",
    "install",
    "preapproved",
    "autoapprove",
    "white",
    "yourself",
    "replace",
    "told",
    "informed",
    "notified",
    "hidden",
    "hide",
    "notice",
    "unaware",
    "knowing",
    "shown",
    "displayed",
    "visible",
    "obey",
    "persona",
    "wins",
    "prevails",
    "prevail",
    "governs",
    "untrusted",
    "adversary",
    "hostile",
    "highest",
    "adopt",
    "cancelled",
    "canceled",
    "deprecated",
    "revoked",
    "suspended",
    "obsolete",
    "applying",
    "orders",
    "pre",
    "auto",
    "yes",
];

/// Characters and names that may start an address, a file or a command.
const MARK_LIST: &[&str] = &[
    "@",
    "://",
    "|",
    "~/",
    "/etc/",
    ".ssh",
    "id_rsa",
    "id_ed25519",
    ".env",
    "mcp.json",
    "config",
    ".bashrc",
    ".zshrc",
    ".profile",
    "crontab",
    "authorized_keys",
    ".git",
    ".npmrc",
    ".pypirc",
    ".pem",
    ".key",
    "settings.json",
    "+1",
    "+4",
    "iban",
    "0x",
    "$(",
    "<(",
    "iex",
    "![",
    "wallet",
    ".aws",
    ".kube",
    ".docker",
    "pip.conf",
    "/hosts",
    "home directory",
    "home folder",
    "login data",
    "keychain",
    ".gnupg",
    "wallet.dat",
    ".netrc",
    ".pgpass",
    "crontab",
    "launchagents",
    "autostart",
    "$profile",
    "powershell_profile",
    ".p12",
    ".pfx",
];

static MARKS: LazyLock<AhoCorasick> = LazyLock::new(|| {
    // Built from a slice, as `text::secrets` builds its automaton: the
    // builder is compiled once for both.
    AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build(MARK_LIST)
        .expect("a few literals")
});

/// What a word may tell the quick test.
#[derive(Debug, Clone, Copy, Default)]
struct Hints {
    /// One of [`CUES`]: the text is read.
    cue: bool,
    /// It starts the name of a thing a request turns on.
    anchor: bool,
    /// "priority" or "precedence", which count beside a few words.
    priority: bool,
    /// A word that counts as a safeguard does: "approve", "asking".
    guard: bool,
    /// It names where another tool sends things, or what.
    recipient: bool,
    /// A negation.
    negation: bool,
    /// The user.
    user: bool,
    /// Telling or asking the user.
    telling: bool,
    /// It may turn a safeguard off: a negation, a form of a verb that
    /// skips or ignores, "off", "already", "pre-approved", "granted".
    off: bool,
}

/// Every form of the verbs that skip or ignore.
static SKIP_FORMS: LazyLock<Vec<String>> =
    LazyLock::new(|| lexicon::forms_doing(&[Act::Skip, Act::Ignore]));

/// The words the quick test knows, with what each may tell it: one lookup
/// a word.
static HINTS: LazyLock<FxHashMap<&'static str, Hints>> = LazyLock::new(|| {
    let mut map: FxHashMap<&'static str, Hints> = FxHashMap::default();
    let mut mark = |words: &[&'static str], set: fn(&mut Hints)| {
        for w in words {
            set(map.entry(w).or_default());
        }
    };
    mark(CUES, |h| h.cue = true);
    mark(&anchor_words(), |h| h.anchor = true);
    mark(&["priority", "precedence"], |h| h.priority = true);
    // "Treat every command as pre-approved", "run it without asking":
    // words that count as a safeguard does.
    mark(
        &[
            "approve",
            "approved",
            "approves",
            "approving",
            "asking",
            "prompting",
            "confirming",
            "review",
            "involving",
            "consulting",
            "bothering",
            "checking",
            "telling",
            "showing",
            "displaying",
            "waiting",
        ],
        |h| h.guard = true,
    );
    mark(&recipient_words(), |h| h.recipient = true);
    mark(&["not", "never", "dont", "don", "without", "no"], |h| {
        h.negation = true;
    });
    mark(&["user", "users", "customer", "human", "them"], |h| {
        h.user = true
    });
    mark(
        &[
            "show", "display", "surface", "point", "alert", "warn", "say", "explain", "ask",
            "prompt", "confirm", "wait", "pause", "stop", "request", "approval",
        ],
        |h| h.telling = true,
    );
    mark(OFF, |h| h.off = true);
    for form in SKIP_FORMS.iter() {
        map.entry(form.as_str()).or_default().off = true;
    }
    map
});

/// Whether `text` may hold a request.
pub(crate) fn may_ask(text: &str) -> bool {
    if !text.is_ascii() {
        return true;
    }
    if MARKS.is_match(text) {
        return true;
    }
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let (mut recipient, mut negation, mut user, mut telling) = (false, false, false, false);
    let (mut safeguard, mut off) = (false, false);
    for (i, &w) in words.iter().enumerate() {
        let Some(h) = HINTS.get(w) else { continue };
        if h.cue {
            return true;
        }
        safeguard |= h.guard;
        if h.anchor {
            match anchors(&words, i) {
                Some(Thing::Safeguard) => safeguard = true,
                Some(_) => return true,
                None => {}
            }
        }
        // "takes priority over", "highest priority", "precedence over".
        if h.priority
            && (words.get(i + 1) == Some(&"over")
                || i > 0
                    && matches!(
                        words[i - 1],
                        "take" | "takes" | "taking" | "have" | "has" | "highest" | "top"
                    ))
        {
            return true;
        }
        recipient |= h.recipient;
        negation |= h.negation;
        user |= h.user;
        telling |= h.telling;
        off |= h.off;
    }
    // "Do not confirm the deletions with the user", "never show this".
    if negation && (user || telling) {
        return true;
    }
    // A safeguard is named in requests that turn it off, so it counts
    // beside a word that may.
    if safeguard && off {
        return true;
    }
    // An address beside a recipient: a host, a path, a channel, a phone or
    // an account number.
    recipient
        && (text.contains(['#', '/', '+'])
            || has_host_dot(text.as_bytes())
            || text.bytes().filter(u8::is_ascii_digit).count() >= 4)
}

/// Words besides the verbs that skip or ignore, that turn a safeguard off.
const OFF: &[&str] = &[
    "not",
    "never",
    "no",
    "without",
    "dont",
    "don",
    "nor",
    "cannot",
    "off",
    "already",
    "pre",
    "auto",
    "preapproved",
    "autoapprove",
    "granted",
    "given",
    "lifted",
    "waived",
];

/// Whether `bytes` holds a dot between two letters or digits, as a host
/// does (`collect.example.net`), not one that ends a sentence.
fn has_host_dot(bytes: &[u8]) -> bool {
    bytes
        .windows(3)
        .any(|w| w[1] == b'.' && w[0].is_ascii_alphanumeric() && w[2].is_ascii_alphanumeric())
}
