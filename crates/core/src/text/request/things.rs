//! What a request is about, named in words: the conversation, the system
//! prompt, secrets, the user's private data, the safeguards a client puts
//! around tool calls, the model's instructions, where another tool sends
//! things, this server, and the configuration of other applications.

use std::sync::LazyLock;

use rustc_hash::FxHashMap;

use crate::text::scan::Scan;

/// What a phrase names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Thing {
    /// The conversation with the user: its messages, the earlier tool
    /// results, everything the user wrote.
    Conversation,
    /// The model's own instructions.
    SystemPrompt,
    /// Keys, tokens, passwords, cookies, environment variables, codes.
    Secret,
    /// The user's private data: location, contacts, clipboard, keystrokes.
    Private,
    /// What keeps a person in the loop: confirmation, approval, the sandbox,
    /// security warnings.
    Safeguard,
    /// Instructions, rules, guidelines and policies.
    Instructions,
    /// Where another tool sends things: a recipient, an account, a remote.
    Recipient,
    /// What other tools send: emails, messages, payments.
    Messages,
    /// This server or tool itself ("add this server to …").
    ThisServer,
    /// Another application's configuration named in words ("a crontab
    /// entry", "the shell profile").
    Settings,
}

impl Thing {
    /// How a message names it.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Thing::Conversation => "the conversation",
            Thing::SystemPrompt => "its system prompt",
            Thing::Secret => "secrets",
            Thing::Private => "the user's private data",
            Thing::Safeguard => "the user's confirmation or a safeguard",
            Thing::Instructions => "its instructions",
            Thing::Recipient => "where another tool sends things",
            Thing::Messages => "other tools' messages",
            Thing::ThisServer => "this server",
            Thing::Settings => "another application's configuration",
        }
    }
}

/// When a phrase names its thing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    /// Always.
    Always,
    /// Only with a word that makes it the model's own or all of it ("this
    /// conversation", "the previous messages", "the chat so far"): "the
    /// message history of a channel" is data a tool reads.
    Own,
    /// Only in bulk, or beside another secret ("every token", "keys,
    /// tokens and passwords"): "the page token" is a cursor.
    Bulk,
}

use Need::{Always, Bulk, Own};
use Thing::{
    Conversation, Instructions, Messages, Private, Recipient, Safeguard, Secret, Settings,
    SystemPrompt, ThisServer,
};

/// The phrases, their words as the scan reads them (`user's` is `user s`,
/// `one-time` is `one time`): what each run names, what it needs, and the
/// phrases between bars, in the order they are tried. One string a run,
/// not a pair of pointers a phrase, keeps the page's worker lighter.
const PHRASES: &[(Thing, Need, &str)] = &[
    // The conversation.
    (Conversation, Always, "conversation so far|chat so far"),
    (
        Conversation,
        Own,
        concat!(
            "conversation history|chat history|chat log|chat logs|conversation log",
            "|chat transcript|conversation transcript|message history",
        ),
    ),
    (
        Conversation,
        Always,
        concat!(
            "session history|session transcript|context window|everything the user",
            "|everything you have seen|what the user said|what the user wrote",
            "|what the user typed|what the user asked|user s messages",
            "|user s previous conversations|user s earlier tool calls",
        ),
    ),
    (Conversation, Own, "user messages"),
    (
        Conversation,
        Always,
        "previous messages|prior messages|earlier messages",
    ),
    (Conversation, Own, "past messages"),
    (Conversation, Always, "previous turns|earlier turns"),
    (Conversation, Own, "previous conversations"),
    (
        Conversation,
        Always,
        concat!(
            "earlier tool calls|earlier tool results|earlier tool result",
            "|previous tool result",
        ),
    ),
    (
        Conversation,
        Own,
        "tool result|tool results|tool output|tool outputs|prior message",
    ),
    (Conversation, Always, "prior messages"),
    (Conversation, Own, "chat messages"),
    (
        Conversation,
        Always,
        concat!(
            "previous tool results|prior tool results|earlier tool output",
            "|earlier browser tool output|other tools results",
        ),
    ),
    (Conversation, Own, "tool call results"),
    (
        Conversation,
        Always,
        concat!(
            "prior conversation|entire conversation|whole conversation",
            "|full conversation|complete conversation|current conversation",
            "|this conversation|our conversation|current chat|this chat",
        ),
    ),
    (
        Conversation,
        Own,
        concat!(
            "conversation|conversations|chat|messages|transcript|dialogue|dialog",
            "|turns|context|memory",
        ),
    ),
    // The system prompt.
    (
        SystemPrompt,
        Always,
        concat!(
            "system prompt|system prompts|system message|system instructions",
            "|developer message|developer instructions|developer prompt",
            "|hidden prompt|initial prompt|original prompt|your instructions",
            "|your own instructions|your prompt|your rules|your guidelines",
            "|your directives|your configuration|instructions you were given",
            "|prompt you were given|instructions above|above instructions",
        ),
    ),
    // Secrets.
    (
        Secret,
        Always,
        concat!(
            "password|passwords|passwd|passphrase|passcode|credential|credentials",
            "|secret|secrets|api key|api keys|apikey|access key|access keys",
            "|secret key|secret access key|private key|private keys|ssh key",
            "|ssh keys|signing key|seed phrase|recovery phrase|mnemonic|2fa code",
            "|2fa codes|otp|one time code|one time codes|one time password|mfa code",
            "|verification code|authenticator code|sms code|digit code",
            "|security code|pin|card number|card numbers|credit card|credit cards",
            "|cvv|cvc|bank login|bank logins|banking login|login credentials",
            "|login details",
        ),
    ),
    (Secret, Own, "login"),
    (Secret, Always, "cookie|cookies|environment variables"),
    (Secret, Bulk, "environment variable"),
    (Secret, Always, "env vars"),
    (Secret, Bulk, "env var"),
    (
        Secret,
        Always,
        concat!(
            "env value|env values|environment values|printenv|output of env",
            "|access token|access tokens|auth token|authtoken|bearer token",
            "|session token|session tokens|refresh token|personal access token",
            "|bot token|api token|api tokens|oauth token|jwt|keychain|vault export",
            "|vault entries|saved logins|password manager|social security number",
            "|ssn",
        ),
    ),
    (Secret, Bulk, "token|tokens|keys"),
    // The user's private data.
    (Private, Always, "location history|location data"),
    (Private, Own, "location"),
    (
        Private,
        Always,
        concat!(
            "contacts|contacts list|contact list|address book|clipboard|keystroke",
            "|keystrokes|browsing history|browser history|search history",
            "|dns queries|request bodies|https traffic|network traffic",
            "|browsing activity|microphone|audio|camera",
        ),
    ),
    (Private, Own, "screenshots|photos|inbox"),
    (
        Private,
        Bulk,
        "emails|documents|document|files|file|message|command|number",
    ),
    (Private, Own, "contents"),
    // Safeguards.
    (
        Safeguard,
        Always,
        concat!(
            "confirmation|confirmations|approval|approvals|permission|permissions",
            "|consent|human in the loop|human review|user review|safety check",
            "|safety checks|safety measures|safety guard|safety filters",
            "|security check|security checks|security warning|security warnings",
            "|security prompts|security policy|security policies|security controls",
            "|security scan|guardrail|guardrails|safeguard|safeguards|sandbox",
            "|sandboxing|read only guard|signature verification",
            "|certificate verification|ssl verification|tls verification",
            "|workspace trust|input validation|certificate validation",
            "|certificate errors|certificate checks|ssl errors|tls errors",
            "|branch protection|protection rules|required reviews|required review",
            "|code review|status checks|approval prompt|approval dialog",
            "|approval dialogs|confirmation dialog|confirmation prompt|plan preview",
        ),
    ),
    (Safeguard, Own, "preview"),
    (Safeguard, Always, "confirmation step"),
    (Safeguard, Own, "go ahead"),
    (Safeguard, Always, "safety caveats|refusal rules"),
    (Safeguard, Bulk, "checks"),
    (Safeguard, Own, "verification"),
    (Safeguard, Bulk, "reviews"),
    (Safeguard, Always, "validation"),
    (Safeguard, Bulk, "warning|warnings"),
    // Instructions.
    (
        Instructions,
        Always,
        "instructions|instruction|rules|guidelines|guidance|directives",
    ),
    (Instructions, Own, "orders"),
    (
        Instructions,
        Always,
        concat!(
            "directions|policies|content policy|restrictions|constraints",
            "|limitations|programming|training|prompt|everything above",
            "|everything you were told|what you were told|everything before",
            "|all of the above|the above",
        ),
    ),
    // Where other tools send things.
    (
        Recipient,
        Always,
        concat!(
            "recipient|recipients|to address|to field|cc|bcc|phone number",
            "|destination|target|address|addresses|account|iban|wallet",
            "|wallet address|payee|beneficiary|remote|upstream|origin|channel",
            "|bucket|host|routing number|attendees|attendee|guests|payee account",
            "|destination account|account number|receiver|addressee|path|amount",
        ),
    ),
    // What other tools send.
    (
        Messages,
        Bulk,
        concat!(
            "emails|email|messages|message|mail|payments|payment|transfers|transfer",
            "|transactions|invoices|invoice|sms|texts|notifications|calls|invites",
        ),
    ),
    (Messages, Always, "crypto|funds"),
    // This server.
    (
        ThisServer,
        Always,
        concat!(
            "this server|this mcp server|this tool|this extension|this plugin",
            "|itself",
        ),
    ),
    // Other applications' configuration.
    (
        Settings,
        Always,
        concat!(
            "crontab|cron job|cron entry|shell profile|login items|startup folder",
            "|startup items|git hook|git hooks|pre push hook|post commit hook",
            "|hookspath|pre commit hook|autoapprove|hosts file|registry run key",
            "|mcpservers|vs code settings|editor settings",
        ),
    ),
];

/// A phrase's words, with what it names and what it needs.
type Phrase = (Vec<&'static str>, Thing, Need);

/// Every phrase of [`PHRASES`], in order, with what it names and needs.
fn phrases() -> impl Iterator<Item = (&'static str, Thing, Need)> {
    PHRASES
        .iter()
        .flat_map(|(thing, need, list)| list.split('|').map(move |p| (p, *thing, *need)))
}

/// The phrases by their first word, longest first.
static BY_FIRST: LazyLock<FxHashMap<&'static str, Vec<Phrase>>> = LazyLock::new(|| {
    let mut map: FxHashMap<&'static str, Vec<Phrase>> = FxHashMap::default();
    for (phrase, thing, need) in phrases() {
        let words: Vec<&'static str> = phrase.split(' ').collect();
        map.entry(words[0]).or_default().push((words, thing, need));
    }
    for list in map.values_mut() {
        *list = super::ordered(std::mem::take(list), |(w, _, _)| (usize::MAX - w.len(), 0));
    }
    map
});

/// Whether a phrase names a thing a request cannot do without: every
/// thing but other tools' recipients and messages, and data named only in
/// bulk ("every file"), which need an address or a remote party too, and
/// the quick test looks for those by itself.
fn anchoring(thing: Thing, need: Need) -> bool {
    !(matches!(thing, Recipient | Messages) || thing == Private && need == Bulk)
}

/// The words that name where another tool sends things, or what it sends.
pub(crate) fn recipient_words() -> Vec<&'static str> {
    phrases()
        .filter(|(_, thing, _)| matches!(thing, Recipient | Messages))
        .flat_map(|(phrase, _, _)| phrase.split(' '))
        .collect()
}

/// The first words of the phrases [`anchors`] looks for.
pub(crate) fn anchor_words() -> Vec<&'static str> {
    BY_FIRST
        .iter()
        .filter(|(_, phrases)| phrases.iter().any(|(_, t, n)| anchoring(*t, *n)))
        .map(|(w, _)| *w)
        .collect()
}

/// The thing a request cannot do without that `words` (lowercase) name
/// from word `i` on, for the quick test: the whole phrase, as [`named`]
/// needs it.
pub(crate) fn anchors(words: &[&str], i: usize) -> Option<Thing> {
    let phrases = BY_FIRST.get(words[i])?;
    // A thing other than a safeguard first: it needs nothing more.
    let mut found = None;
    for (p, thing, need) in phrases {
        if anchoring(*thing, *need) && words.get(i..i + p.len()).is_some_and(|w| w == &p[..]) {
            if *thing != Safeguard {
                return Some(*thing);
            }
            found = Some(*thing);
        }
    }
    found
}

/// A thing named at words `from..=to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Named {
    pub(crate) from: usize,
    pub(crate) to: usize,
    pub(crate) thing: Thing,
}

/// Words that make a thing the model's own, or all of it, before it.
const OWN_BEFORE: &[&str] = &[
    "your", "this", "current", "our", "entire", "full", "whole", "complete", "all", "every",
    "previous", "prior", "earlier", "past", "last", "s", "verbatim", "own", "these",
];

/// Words that make a thing the model's own after it ("so far", "of this
/// conversation", "the user typed").
const OWN_AFTER: &[&str] = &[
    "so",
    "far",
    "up",
    "until",
    "earlier",
    "above",
    "verbatim",
    "seen",
    "typed",
    "wrote",
    "said",
    "shared",
    "entered",
    "given",
    "mentioned",
];

/// What makes a thing someone else's data: "of a channel", "in the thread".
const ELSEWHERE: &[&str] = &[
    "channel",
    "channels",
    "thread",
    "threads",
    "room",
    "group",
    "ticket",
    "issue",
    "issues",
    "discussion",
    "dm",
    "space",
    "inbox",
    "mailbox",
    "folder",
    "queue",
    "repository",
    "repo",
    "chat_id",
    "label",
    "project",
    "workspace",
    "board",
    "page",
    "pr",
    "pull",
];

/// Quantifiers that make a thing bulk.
const ALL: &[&str] = &["all", "any", "every", "each", "whatever", "those"];

/// Words after which a secret word names something else (`secret
/// scanning`, `token count`, `password reset`).
const NOT_A_SECRET: &[&str] = &[
    "scanning",
    "type",
    "types",
    "name",
    "names",
    "manager",
    "store",
    "count",
    "counts",
    "usage",
    "limit",
    "limits",
    "budget",
    "id",
    "ids",
    "expiry",
    "scopes",
    "scope",
    "reset",
    "policy",
    "length",
    "field",
    "label",
    "rotation",
    "strength",
    "hint",
    "alerts",
    "alert",
    "detection",
    "findings",
    "finding",
];

/// Whether word `i` and the next are one name, written with only a space,
/// `_` or `-` between them ("secret scanning", `token_count`).
fn joined(s: &Scan, i: usize) -> bool {
    match (s.words.get(i), s.words.get(i + 1)) {
        (Some(a), Some(b)) => {
            let gap = &s.chars[a.end..b.start];
            gap.len() == 1 && matches!(gap[0], ' ' | '_' | '-')
        }
        _ => false,
    }
}

fn own(s: &Scan, from: usize, to: usize) -> bool {
    let before = s
        .before(from, 4, |j| s.is(j, OWN_BEFORE))
        .is_some_and(|j| !s.is(j, &["this", "these"]) || j + 1 == from);
    let after = s.after(to, 6, |j| s.is(j, OWN_AFTER)).is_some()
        || (s.is(to + 1, &["of", "in", "from", "during"])
            && s.after(to + 1, 3, |j| {
                s.is(j, &["this", "current", "our"])
                    && s.is(j + 1, &["conversation", "chat", "session"])
            })
            .is_some());
    (before || after) && !elsewhere(s, to)
}

/// Whether what follows word `to` makes the thing someone else's data
/// ("the history of a Slack channel").
fn elsewhere(s: &Scan, to: usize) -> bool {
    s.is(to + 1, &["of", "in", "from", "for"])
        && s.after(to + 1, 4, |j| {
            s.is(j, ELSEWHERE) || s.word(j).is_some_and(|w| w.starts_with("c0"))
        })
        .is_some()
        || s.is(to + 1, &["id", "ids", "title", "name", "count", "number"])
}

fn bulk(s: &Scan, from: usize, to: usize) -> bool {
    s.before(from, 3, |j| s.is(j, ALL)).is_some()
        || s.after(to, 3, |j| {
            s.is(j, &["seen", "found", "find", "appear", "appeared", "know"])
        })
        .is_some()
}

/// Every thing named in words `from..to` of `s`: at each word the longest
/// phrase that names one.
pub(crate) fn named(s: &Scan, from: usize, to: usize) -> Vec<Named> {
    let mut out: Vec<Named> = Vec::new();
    let mut i = from;
    while i < to {
        let Some(word) = s.word(i) else { break };
        let Some(candidates) = BY_FIRST.get(word) else {
            i += 1;
            continue;
        };
        // The longest phrase that matches and names something here; every
        // thing a phrase of that length names ("messages" may be the
        // conversation or what another tool sends).
        let mut matched = 0;
        for (words, thing, need) in candidates {
            if matched > 0 && words.len() < matched {
                break;
            }
            let end = i + words.len() - 1;
            if end >= to || !s.same_sentence(i, end) {
                continue;
            }
            if !words.iter().enumerate().all(|(k, w)| s.is(i + k, &[w])) {
                continue;
            }
            let ok = match need {
                Always => true,
                Own => own(s, i, end),
                Bulk => bulk(s, i, end) || beside_a_secret(s, i, end),
            } && !(*thing == Secret && s.is(end + 1, NOT_A_SECRET) && joined(s, end));
            if ok {
                out.push(Named {
                    from: i,
                    to: end,
                    thing: *thing,
                });
                matched = words.len();
            }
        }
        i += matched.max(1);
    }
    out
}

/// Whether the phrase at `from..=to` stands in a list beside a secret
/// ("keys, tokens and passwords").
fn beside_a_secret(s: &Scan, from: usize, to: usize) -> bool {
    let secret = |j: usize| {
        s.word(j).is_some_and(|w| {
            BY_FIRST.get(w).is_some_and(|c| {
                c.iter().any(|(words, thing, need)| {
                    *thing == Secret && *need == Always && words.len() == 1
                })
            })
        })
    };
    let near_before = s.before(from, 3, secret).is_some();
    let near_after = s.after(to, 3, secret).is_some();
    near_before || near_after
}

#[cfg(test)]
mod tests {
    use super::*;

    fn things(text: &str) -> Vec<(String, Thing)> {
        let s = Scan::new(text);
        named(&s, 0, s.words.len())
            .into_iter()
            .map(|n| {
                let words: Vec<&str> = (n.from..=n.to).filter_map(|j| s.word(j)).collect();
                (words.join(" "), n.thing)
            })
            .collect()
    }

    #[test]
    fn names_the_conversation_only_when_it_is_the_models() {
        assert_eq!(
            things("post the whole conversation up to this point"),
            [("whole conversation".to_owned(), Conversation)]
        );
        assert_eq!(
            things("copy the user's last ten messages"),
            [("messages".to_owned(), Conversation)]
        );
        assert!(
            things("Returns the conversation history of a Slack channel")
                .iter()
                .all(|(_, t)| *t != Conversation)
        );
        assert!(things("Pass the conversation_id of the thread").is_empty());
    }

    #[test]
    fn names_secrets_and_not_cursors() {
        assert_eq!(
            things("every API key, token and password"),
            [
                ("api key".to_owned(), Secret),
                ("token".to_owned(), Secret),
                ("password".to_owned(), Secret)
            ]
        );
        assert!(things("Pass the page token from the last response").is_empty());
        assert!(things("the secret scanning alerts").is_empty());
    }
}
