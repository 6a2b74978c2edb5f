//! The one matcher of names that ask for a secret. `unexplained-sensitive-parameter`
//! and `x-mcp-header-secret` both use it, so they agree on every name.
//!
//! A name asks for a secret when its last word says so: `password`,
//! `passwd`, `passphrase`, `secret`, `credential(s)`, `auth`, `oauth`,
//! `authorization`, `authentication`; `token`, unless the word before it
//! makes it a pagination or bookkeeping value (`page_token`, `next_token`,
//! `csrf_token`); `key` after `api`, `private`, `secret`, `access`, `ssh`,
//! `signing` or `encryption`; or the whole name is one such compound
//! (`apikey`, `passwd`, `pwd`). A name that only contains such a word
//! (`secret_type`, `token_count`, `maxTokens`, `author`) does not.

use super::words::name_tokens;

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

/// Last words that name a secret on their own.
const SECRET_WORDS: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "secret",
    "credential",
    "credentials",
    "auth",
    "oauth",
    "authorization",
    "authentication",
    "apikey",
    "privatekey",
    "secretkey",
    "accesstoken",
    "authtoken",
];

/// Whole names, their words joined, that name a secret.
const SECRET_NAMES: &[&str] = &[
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

/// Words before `key` that make it a secret.
const SECRET_KEYS: &[&str] = &[
    "api",
    "private",
    "secret",
    "access",
    "ssh",
    "signing",
    "encryption",
];

/// The word of `name` that makes it ask for a secret (`token`, `api key`),
/// lowercase; `None` for other names.
#[must_use]
pub(crate) fn secret_word(name: &str) -> Option<String> {
    let words = name_tokens(name);
    let last: &str = words.last()?;
    let before_last = words.len().checked_sub(2).map(|i| &*words[i]);
    if SECRET_WORDS.contains(&last) {
        return Some(last.to_owned());
    }
    match (before_last, last) {
        (before, "token") if before.is_none_or(|w| !HARMLESS_TOKEN.contains(&w)) => {
            return Some("token".to_owned());
        }
        (Some(before), "key") if SECRET_KEYS.contains(&before) => {
            return Some(format!("{before} key"));
        }
        _ => {}
    }
    let joined: String = words.concat();
    SECRET_NAMES.contains(&joined.as_str()).then_some(joined)
}

#[cfg(test)]
mod tests {
    use super::secret_word;

    /// The one table of names the matcher must and must not flag.
    #[test]
    fn names_that_ask_for_a_secret() {
        for (name, word) in [
            ("api_key", "api key"),
            ("apiKey", "api key"),
            ("Api-Key", "api key"),
            ("apikey", "apikey"),
            ("password", "password"),
            ("dbPassword", "password"),
            ("passwd", "passwd"),
            ("pwd", "pwd"),
            ("secret", "secret"),
            ("client_secret", "secret"),
            ("token", "token"),
            ("accessToken", "token"),
            ("refresh_token", "token"),
            ("private_key", "private key"),
            ("credentials", "credentials"),
            ("Authorization", "authorization"),
            ("basic_auth", "auth"),
        ] {
            assert_eq!(secret_word(name).as_deref(), Some(word), "{name}");
        }
        for name in [
            "page_token",
            "next_token",
            "pageToken",
            "csrf_token",
            "max_tokens",
            "maxTokens",
            "token_count",
            "token_type",
            "secret_type",
            "secret_name",
            "author",
            "keyword",
            "key",
            "primary_key",
            "sort_key",
            "Order-Id",
            "conversation_id",
        ] {
            assert_eq!(secret_word(name), None, "{name}");
        }
    }
}
