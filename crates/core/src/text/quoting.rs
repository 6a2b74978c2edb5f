//! How messages show a pasted value: quoted, JSON-style, cut when long,
//! and lists joined with "and".

/// Quotes a string for a message, JSON-style, so control characters stay visible.
/// Strings longer than [`QUOTE_MAX_CHARS`] are cut with an ellipsis, so a huge
/// pasted value never makes a huge message.
#[must_use]
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_quoted(&mut out, s);
    out
}

/// Appends [`quote`]`(s)` to `out`, without a string of its own.
pub fn push_quoted(out: &mut String, s: &str) {
    // Most names are short and need no escaping: JSON escapes only `"`, `\`
    // and control characters, and text outside ASCII is escaped below only
    // where it hides something.
    if !s.is_ascii()
        && matches!(
            super::unicode::escape_unprintable(s),
            std::borrow::Cow::Owned(_)
        )
    {
        out.push_str(&super::unicode::quote_excerpt(s, QUOTE_MAX_CHARS));
        return;
    }
    if s.len() <= QUOTE_MAX_CHARS && !s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        out.push('"');
        out.push_str(s);
        out.push('"');
        return;
    }
    let shown: std::borrow::Cow<'_, str> = if s.chars().count() > QUOTE_MAX_CHARS {
        let mut cut: String = s.chars().take(QUOTE_MAX_CHARS - 1).collect();
        cut.push('…');
        cut.into()
    } else {
        s.into()
    };
    match serde_json::to_string(&shown) {
        Ok(quoted) => out.push_str(&quoted),
        Err(_) => {
            out.push('"');
            out.push_str(&shown);
            out.push('"');
        }
    }
}

/// The longest string [`quote`] shows whole.
pub const QUOTE_MAX_CHARS: usize = 200;

/// `a`, `a and b`, `a, b and c`.
#[must_use]
pub fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `n` of `one`, for messages: `1 tool`, `0 tools`, `24 tools` (a plural
/// made with an `s`).
#[must_use]
pub fn counted(n: usize, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quick path gives what JSON escaping gives.
    #[test]
    fn quotes_like_json() {
        let long = "é".repeat(QUOTE_MAX_CHARS);
        for s in [
            "",
            "a",
            "orders.search",
            "say \"hi\"",
            "back\\slash",
            "tab\there",
            "nul\0x",
            "\u{7f}del",
            "naïve café 東京",
            "line\nbreak",
            &long,
        ] {
            let shown: String = if s.chars().count() > QUOTE_MAX_CHARS {
                s.chars().take(QUOTE_MAX_CHARS - 1).chain(['…']).collect()
            } else {
                s.to_owned()
            };
            assert_eq!(quote(s), serde_json::to_string(&shown).unwrap(), "{s:?}");
        }
        // Invisible characters are shown escaped, so a message never hides
        // or reorders text.
        assert_eq!(quote("\u{200b}zero width"), r#""\u{200B}zero width""#);
        assert_eq!(quote("a\u{202e}b \"✓\""), r#""a\u{202E}b \"✓\"""#);
    }
}
