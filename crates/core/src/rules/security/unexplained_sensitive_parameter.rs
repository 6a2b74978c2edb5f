use std::borrow::Cow;

use crate::rules::clarity::name_tokens;
use crate::rules::declare_rule;
use crate::rules::security::quote_excerpt;
use crate::rules::{Cx, Emitter};

declare_rule! {
    /// ## What it does
    /// Flags an input parameter that asks for a secret (`api_key`, `apiKey`,
    /// `password`, `passwd`, `secret`, `client_secret`, `token`,
    /// `access_token`, `private_key`, `credentials`) or for the conversation
    /// itself (`conversation`, `chat_history`, `previous_messages`,
    /// `system_prompt`) when the tool's description gives no reason for it:
    /// it never mentions authentication, logging in, credentials, keys,
    /// tokens, passwords or secrets (for a secret), or the conversation, chat,
    /// messages, history or prompt (for the conversation). Pagination tokens
    /// (`page_token`, `next_token`), counts (`max_tokens`) and names that merely
    /// contain such a word (`secret_type`, `conversation_id`) are not reported.
    ///
    /// ## Why is this bad?
    /// Whatever the model puts in a parameter is sent to the server. A tool
    /// whose purpose has nothing to do with credentials or with the
    /// conversation, yet has a slot for them, invites the model to fill it with
    /// whatever secret or context it holds, which is how a poisoned tool
    /// exfiltrates data. Even when it is honest, a credential passed as an
    /// argument is stored in the conversation and in logs; it belongs in the
    /// transport's authorization.
    ///
    /// ## Example
    /// ```json
    /// {"name": "get_weather", "description": "Current weather for a city.",
    ///  "inputSchema": {"type": "object", "properties": {
    ///    "city": {"type": "string"}, "chat_history": {"type": "string"}}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "get_weather", "description": "Current weather for a city.",
    ///  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}}
    /// ```
    ///
    /// ## Fix
    /// Remove the parameter, take credentials from the session's authorization,
    /// or, when the tool really needs it, say in the description why.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Authorization: <https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization>
    /// - MCP Security Best Practices (token passthrough): <https://modelcontextprotocol.io/specification/2026-07-28/basic/security_best_practices>
    /// - Invariant Labs, "MCP Security Notification: Tool Poisoning Attacks": <https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks>
    pub UNEXPLAINED_SENSITIVE_PARAMETER,
    id = "unexplained-sensitive-parameter",
    group = Security,
    severity = Info,
    summary = "A parameter asks for a secret or the conversation, and the tool description does not say why",
}

/// What a parameter asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sensitive {
    Secret,
    Conversation,
}

/// Words before `token` that make it a pagination or bookkeeping value.
const HARMLESS_TOKEN: &[&str] = &[
    "page",
    "next",
    "continuation",
    "cursor",
    "sync",
    "pagination",
    "prev",
    "previous",
    "start",
    "resume",
    "csrf",
    "max",
    "num",
    "cancellation",
    "idempotency",
    "request",
    "change",
    "invite",
    "verification",
    "share",
];

/// What the parameter `name` asks for, if anything sensitive.
/// How every name [`classify`] accepts ends, once its letters and digits are
/// lowercased and joined: the last word of each list entry and match arm.
const ENDINGS: &[&str] = &[
    "conversation",
    "history",
    "log",
    "transcript",
    "messages",
    "prompt",
    "message",
    "instructions",
    "key",
    "token",
    "passwd",
    "pwd",
    "password",
    "passphrase",
    "secret",
    "credential",
    "credentials",
];

/// A quick test that rules out most names before [`classify`] splits them
/// into words: whether the name's letters and digits, lowercased, end with
/// one of [`ENDINGS`].
fn may_be_sensitive(name: &str) -> bool {
    /// The longest of [`ENDINGS`].
    const LONGEST: usize = 12;
    // The name's last letters and digits, lowercased, last first. A character
    // that does not lowercase to one ASCII character ends the tail: every
    // ending is ASCII.
    let mut tail = [0_u8; LONGEST];
    let mut n = 0;
    for c in name.chars().rev().filter(|c| c.is_alphanumeric()) {
        let mut lower = c.to_lowercase();
        match (lower.next(), lower.next(), tail.get_mut(n)) {
            (Some(l), None, Some(slot)) if l.is_ascii() => {
                *slot = l as u8;
                n += 1;
            }
            _ => break,
        }
    }
    let tail = tail.get(..n).unwrap_or_default();
    ENDINGS
        .iter()
        .any(|e| e.len() <= tail.len() && e.bytes().rev().zip(tail).all(|(a, b)| a == *b))
}

fn classify(name: &str) -> Option<Sensitive> {
    if !may_be_sensitive(name) {
        return None;
    }
    classify_words(name)
}

/// [`classify`] without the quick test.
fn classify_words(name: &str) -> Option<Sensitive> {
    let words = name_tokens(name);
    let joined: String = words.concat();
    let last: &str = words.last()?;
    let before_last = words
        .len()
        .checked_sub(2)
        .and_then(|i| words.get(i))
        .map(|w| &**w);
    let conversation = [
        "conversation",
        "conversationhistory",
        "conversationlog",
        "conversationtranscript",
        "fullconversation",
        "entireconversation",
        "chathistory",
        "chatlog",
        "chattranscript",
        "messagehistory",
        "previousmessages",
        "priormessages",
        "pastmessages",
        "allmessages",
        "systemprompt",
        "systemmessage",
        "systeminstructions",
    ];
    if conversation.contains(&joined.as_str()) {
        return Some(Sensitive::Conversation);
    }
    let secret_exact = [
        "apikey",
        "apisecret",
        "apitoken",
        "privatekey",
        "secretkey",
        "accesskey",
        "sshkey",
        "passwd",
        "pwd",
    ];
    if secret_exact.contains(&joined.as_str()) {
        return Some(Sensitive::Secret);
    }
    match last {
        "password" | "passwd" | "passphrase" | "secret" | "credential" | "credentials" => {
            Some(Sensitive::Secret)
        }
        "token" if before_last.is_none_or(|w| !HARMLESS_TOKEN.contains(&w)) => {
            Some(Sensitive::Secret)
        }
        "key"
            if before_last.is_some_and(|w| {
                matches!(
                    w,
                    "api" | "private" | "secret" | "access" | "ssh" | "signing" | "encryption"
                )
            }) =>
        {
            Some(Sensitive::Secret)
        }
        "apikey" | "privatekey" | "secretkey" | "accesstoken" | "authtoken" => {
            Some(Sensitive::Secret)
        }
        _ => None,
    }
}

/// Whether a description, split into `words` by `name_tokens`, gives a
/// reason for asking for `what`.
fn justified(words: &[Cow<'_, str>], what: Sensitive) -> bool {
    let stems: &[&str] = match what {
        Sensitive::Secret => &[
            "auth",
            "login",
            "logon",
            "signin",
            "credential",
            "key",
            "token",
            "password",
            "passwd",
            "passphrase",
            "secret",
            "oauth",
            "bearer",
            "jwt",
            "ssh",
            "encrypt",
            "decrypt",
            "sign",
            "session",
            "account",
            "connect",
            "database",
            "register",
            "signup",
            "apikey",
            "vault",
            "certificate",
            "smtp",
            "imap",
        ],
        Sensitive::Conversation => &[
            "conversation",
            "chat",
            "message",
            "history",
            "transcript",
            "summar",
            "context",
            "memory",
            "prompt",
            "dialog",
            "llm",
            "thread",
            "session",
        ],
    };
    words.iter().any(|w| stems.iter().any(|s| w.starts_with(s)))
}

fn check(cx: &Cx<'_>, out: &mut Emitter<'_>) {
    let mut described: Option<(usize, Vec<Cow<'_, str>>)> = None;
    cx.each_input_node(&mut |tool, node| {
        let Some(name) = node.property_name() else { return };
        if !node.properties_only {
            return;
        }
        let Some(what) = classify(name) else { return };
        // The description's words, split once per tool.
        if described.as_ref().is_none_or(|(at, _)| *at != tool.index) {
            described = Some((
                tool.index,
                name_tokens(tool.description().unwrap_or("")),
            ));
        }
        if described
            .as_ref()
            .is_some_and(|(_, words)| justified(words, what))
        {
            return;
        }
        let (asks, reason, purpose, fix) = match what {
            Sensitive::Secret => (
                "a secret",
                "authentication, credentials, keys, tokens or passwords",
                "a credential the model holds or can find",
                "Remove the parameter and take credentials from the session's authorization, or say in the tool description why it is needed",
            ),
            Sensitive::Conversation => (
                "the conversation",
                "the conversation, chat history or prompt",
                "the conversation, including what the user shared and the system prompt",
                "Remove the parameter, or say in the tool description why the tool needs the conversation",
            ),
        };
        out.emit(
            Some(tool),
            node.path.clone(),
            format!("parameter {} asks for {asks}, and the tool description does not say why", quote_excerpt(name, 60)),
            format!(
                "Whatever the model puts in this parameter is sent to the server. The description never mentions {reason}, \
                 so nothing explains why the tool needs {purpose}; a slot like this is how a poisoned tool collects data. \
                 Even when the intent is honest, whatever is passed as an argument ends up in the server's logs."
            ),
            fix,
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_snapshot!(
        UNEXPLAINED_SENSITIVE_PARAMETER,
        "security/unexplained-sensitive-parameter.json"
    );

    /// The quick test never rules out a name the full classification
    /// accepts: names of one to three words, in every casing and separator.
    #[test]
    fn the_quick_test_never_skips_a_sensitive_name() {
        let words = [
            "conversation",
            "history",
            "log",
            "transcript",
            "full",
            "entire",
            "chat",
            "message",
            "messages",
            "previous",
            "prior",
            "past",
            "all",
            "system",
            "prompt",
            "instructions",
            "api",
            "key",
            "secret",
            "token",
            "private",
            "access",
            "ssh",
            "passwd",
            "pwd",
            "password",
            "passphrase",
            "credential",
            "credentials",
            "auth",
            "signing",
            "encryption",
            "page",
            "next",
            "user",
            "id",
            "İd",
            "x",
        ];
        let styles: [fn(&[&str]) -> String; 4] = [
            |w| w.join("_"),
            |w| w.join("-").to_uppercase(),
            |w| w.concat(),
            |w| {
                w.iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let mut c = p.chars();
                        match c.next() {
                            Some(f) if i > 0 => f.to_uppercase().chain(c).collect(),
                            _ => (*p).to_owned(),
                        }
                    })
                    .collect()
            },
        ];
        let mut sensitive = 0;
        for a in words {
            for b in words {
                for c in ["", "all", "key", "token", "history"] {
                    let parts: Vec<&str> =
                        [a, b, c].into_iter().filter(|p| !p.is_empty()).collect();
                    for style in styles {
                        for name in [style(&parts), style(&parts[1..])] {
                            if classify_words(&name).is_some() {
                                sensitive += 1;
                                assert!(may_be_sensitive(&name), "{name}");
                            }
                        }
                    }
                }
            }
        }
        assert!(sensitive > 1000, "{sensitive}");
        // The quick test keeps the last 12 characters, all ASCII.
        assert!(ENDINGS.iter().all(|e| e.len() <= 12 && e.is_ascii()));
    }

    #[test]
    fn classifies_names() {
        for name in [
            "api_key",
            "apiKey",
            "APIKey",
            "password",
            "db_password",
            "secret",
            "client_secret",
            "token",
            "accessToken",
            "private_key",
            "passwd",
            "credentials",
        ] {
            assert_eq!(classify(name), Some(Sensitive::Secret), "{name}");
        }
        for name in [
            "conversation",
            "chat_history",
            "previousMessages",
            "system_prompt",
            "conversationHistory",
        ] {
            assert_eq!(classify(name), Some(Sensitive::Conversation), "{name}");
        }
        for name in [
            "page_token",
            "nextToken",
            "max_tokens",
            "secret_type",
            "conversation_id",
            "perPage",
            "page",
            "keyword",
            "key",
            "author",
            "tokens",
            "custom_instructions",
        ] {
            assert_eq!(classify(name), None, "{name}");
        }
    }
}
