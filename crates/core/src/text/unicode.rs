//! Characters a reader cannot see: zero-width and bidirectional controls,
//! Unicode tag characters (which can spell hidden ASCII), and quoting that
//! shows them escaped rather than raw.

use std::borrow::Cow;

/// The family of an invisible character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HiddenClass {
    /// Zero-width and other invisible formatting characters.
    ZeroWidth,
    /// Bidirectional controls, which reorder what is displayed.
    Bidi,
    /// Unicode tag characters (U+E0000–U+E007F), which can spell hidden ASCII.
    Tag,
}

/// The class and the Unicode name of an invisible character, if `c` is one.
pub(crate) fn hidden(c: char) -> Option<(HiddenClass, &'static str)> {
    use HiddenClass::{Bidi, Tag, ZeroWidth};
    Some(match c {
        '\u{200B}' => (ZeroWidth, "ZERO WIDTH SPACE"),
        '\u{200C}' => (ZeroWidth, "ZERO WIDTH NON-JOINER"),
        '\u{200D}' => (ZeroWidth, "ZERO WIDTH JOINER"),
        '\u{2060}' => (ZeroWidth, "WORD JOINER"),
        '\u{2061}' => (ZeroWidth, "FUNCTION APPLICATION"),
        '\u{2062}' => (ZeroWidth, "INVISIBLE TIMES"),
        '\u{2063}' => (ZeroWidth, "INVISIBLE SEPARATOR"),
        '\u{2064}' => (ZeroWidth, "INVISIBLE PLUS"),
        '\u{180E}' => (ZeroWidth, "MONGOLIAN VOWEL SEPARATOR"),
        '\u{FEFF}' => (ZeroWidth, "ZERO WIDTH NO-BREAK SPACE"),
        '\u{202A}' => (Bidi, "LEFT-TO-RIGHT EMBEDDING"),
        '\u{202B}' => (Bidi, "RIGHT-TO-LEFT EMBEDDING"),
        '\u{202C}' => (Bidi, "POP DIRECTIONAL FORMATTING"),
        '\u{202D}' => (Bidi, "LEFT-TO-RIGHT OVERRIDE"),
        '\u{202E}' => (Bidi, "RIGHT-TO-LEFT OVERRIDE"),
        '\u{2066}' => (Bidi, "LEFT-TO-RIGHT ISOLATE"),
        '\u{2067}' => (Bidi, "RIGHT-TO-LEFT ISOLATE"),
        '\u{2068}' => (Bidi, "FIRST STRONG ISOLATE"),
        '\u{2069}' => (Bidi, "POP DIRECTIONAL ISOLATE"),
        '\u{200E}' => (Bidi, "LEFT-TO-RIGHT MARK"),
        '\u{200F}' => (Bidi, "RIGHT-TO-LEFT MARK"),
        '\u{061C}' => (Bidi, "ARABIC LETTER MARK"),
        '\u{E0001}' => (Tag, "LANGUAGE TAG"),
        '\u{E007F}' => (Tag, "CANCEL TAG"),
        '\u{E0020}'..='\u{E007E}' => (Tag, "TAG"),
        '\u{E0000}'..='\u{E007F}' => (Tag, "unassigned tag character"),
        _ => return None,
    })
}

/// Whether a report must not print `c` as it is: a control character (line
/// breaks, NUL, the escape that starts a terminal's colour and cursor
/// codes), a line or paragraph separator, an invisible character (zero
/// width, bidirectional control, tag), or a supplementary variation selector
/// (U+E0100–U+E01EF, which can carry hidden data; the emoji and text
/// presentation selectors U+FE0E and U+FE0F are printed, since emoji use them).
pub(crate) fn unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{E0100}'..='\u{E01EF}')
        || hidden(c).is_some()
}

/// `s` with every [`unprintable`] character written as a visible escape
/// (`\u{202e}`, `\u{1b}`), so pasted text cannot forge lines, colour or move
/// a terminal's cursor, reorder what is shown, or hide in a report.
pub(crate) fn escape_unprintable(s: &str) -> Cow<'_, str> {
    escape_where(s, unprintable)
}

/// [`escape_unprintable`], leaving `\n` and `\r` for the caller, which
/// handles line breaks its own way.
pub(crate) fn escape_unprintable_but_breaks(s: &str) -> Cow<'_, str> {
    escape_where(s, |c| unprintable(c) && !matches!(c, '\n' | '\r'))
}

/// `s` with the characters `escape` picks written as `\u{…}`, and every
/// variation selector after the first of a run (a run carries hidden data;
/// an emoji takes one). Every character it picks is a control character or
/// outside ASCII, so ASCII text without control characters is returned as it
/// is without a closer look.
fn escape_where(s: &str, escape: impl Fn(char) -> bool) -> Cow<'_, str> {
    if s.bytes().all(|b| b.is_ascii() && !b.is_ascii_control()) {
        return Cow::Borrowed(s);
    }
    let mut prev_selector = false;
    let picks = |c: char, prev_selector: &mut bool| {
        let selector = variation_selector_byte(c).is_some();
        let pick = escape(c) || (selector && *prev_selector);
        *prev_selector = selector;
        pick
    };
    if !s.chars().any(|c| picks(c, &mut prev_selector)) {
        return Cow::Borrowed(s);
    }
    prev_selector = false;
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if picks(c, &mut prev_selector) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The ASCII character a tag character (U+E0020–U+E007E) stands for.
pub(crate) fn tag_ascii(c: char) -> Option<char> {
    let v = u32::from(c);
    (0xE0020..=0xE007E)
        .contains(&v)
        .then(|| char::from_u32(v - 0xE0000))
        .flatten()
}

/// `U+202E RIGHT-TO-LEFT OVERRIDE`, or for a tag character
/// `U+E0041 TAG LATIN CAPITAL LETTER A`.
pub(crate) fn describe_hidden(c: char) -> String {
    let code = format!("U+{:04X}", u32::from(c));
    match (hidden(c), tag_ascii(c)) {
        (_, Some(ascii)) => format!("{code} TAG {}", ascii_name(ascii)),
        (Some((_, name)), None) => format!("{code} {name}"),
        (None, None) => code,
    }
}

/// The Unicode name of a printable ASCII character.
fn ascii_name(c: char) -> String {
    const PUNCT: [(char, &str); 33] = [
        (' ', "SPACE"),
        ('!', "EXCLAMATION MARK"),
        ('"', "QUOTATION MARK"),
        ('#', "NUMBER SIGN"),
        ('$', "DOLLAR SIGN"),
        ('%', "PERCENT SIGN"),
        ('&', "AMPERSAND"),
        ('\'', "APOSTROPHE"),
        ('(', "LEFT PARENTHESIS"),
        (')', "RIGHT PARENTHESIS"),
        ('*', "ASTERISK"),
        ('+', "PLUS SIGN"),
        (',', "COMMA"),
        ('-', "HYPHEN-MINUS"),
        ('.', "FULL STOP"),
        ('/', "SOLIDUS"),
        (':', "COLON"),
        (';', "SEMICOLON"),
        ('<', "LESS-THAN SIGN"),
        ('=', "EQUALS SIGN"),
        ('>', "GREATER-THAN SIGN"),
        ('?', "QUESTION MARK"),
        ('@', "COMMERCIAL AT"),
        ('[', "LEFT SQUARE BRACKET"),
        ('\\', "REVERSE SOLIDUS"),
        (']', "RIGHT SQUARE BRACKET"),
        ('^', "CIRCUMFLEX ACCENT"),
        ('_', "LOW LINE"),
        ('`', "GRAVE ACCENT"),
        ('{', "LEFT CURLY BRACKET"),
        ('|', "VERTICAL LINE"),
        ('}', "RIGHT CURLY BRACKET"),
        ('~', "TILDE"),
    ];
    const DIGITS: [&str; 10] = [
        "ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE",
    ];
    if c.is_ascii_uppercase() {
        format!("LATIN CAPITAL LETTER {c}")
    } else if c.is_ascii_lowercase() {
        format!("LATIN SMALL LETTER {}", c.to_ascii_uppercase())
    } else if let Some(d) = c.to_digit(10) {
        format!("DIGIT {}", DIGITS.get(d as usize).copied().unwrap_or("?"))
    } else {
        PUNCT
            .iter()
            .find(|(p, _)| *p == c)
            .map_or_else(|| "CHARACTER".to_owned(), |(_, n)| (*n).to_owned())
    }
}

/// Quotes `s` for a message, JSON-style, truncated to `max` characters, with
/// control characters and every character `escape` selects written as
/// `\u{XXXX}`, so nothing invisible reaches the reader raw.
pub(crate) fn quote_visible(s: &str, max: usize, escape: &dyn Fn(char) -> bool) -> String {
    let mut out = String::from("\"");
    for (count, c) in s.chars().enumerate() {
        if count == max {
            out.push('…');
            break;
        }
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || hidden(c).is_some() || is_invisible_other(c) || escape(c) => {
                out.push_str(&format!("\\u{{{:04X}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Other characters that should never be shown raw in a message: line and
/// paragraph separators, variation selectors, soft hyphens and the like.
fn is_invisible_other(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' | '\u{034F}' | '\u{2028}' | '\u{2029}' | '\u{FFF9}'..='\u{FFFB}'
    ) || variation_selector_byte(c).is_some()
}

/// The byte a variation selector stands for when it carries data (Paul
/// Butler's encoding): U+FE00–U+FE0F are 0–15, U+E0100–U+E01EF are 16–255.
/// `None` for any other character.
pub(crate) fn variation_selector_byte(c: char) -> Option<u8> {
    let v = u32::from(c);
    let byte = match v {
        0xFE00..=0xFE0F => v - 0xFE00,
        0xE0100..=0xE01EF => v - 0xE0100 + 16,
        _ => return None,
    };
    u8::try_from(byte).ok()
}

/// Quotes `s` for a message (see [`quote_visible`]), escaping nothing beyond
/// control and invisible characters.
pub(crate) fn quote_excerpt(s: &str, max: usize) -> String {
    quote_visible(s, max, &|_| false)
}

/// Writes line breaks, other control characters and invisible ones as
/// visible escapes, so pasted names cannot forge output lines, send a
/// terminal escape codes or reorder what a reader sees.
pub fn one_line(s: &str) -> String {
    escape_unprintable(s).into_owned()
}

#[cfg(test)]
mod tests {
    #[test]
    fn unprintable_characters_are_escaped_visibly() {
        assert_eq!(
            super::escape_unprintable("a\u{202e}b\u{1b}[31mc\0d\u{200b}e\nf\u{e0041}"),
            "a\\u{202e}b\\u{1b}[31mc\\u{0}d\\u{200b}e\\u{a}f\\u{e0041}"
        );
        assert!(matches!(
            super::escape_unprintable("plain ünïcode ✓ ❤\u{fe0f}"),
            Cow::Borrowed(_)
        ));
        assert_eq!(
            super::escape_unprintable("😊\u{fe01}\u{fe0f}\u{e0158}x"),
            "😊\u{fe01}\\u{fe0f}\\u{e0158}x"
        );
    }

    use super::*;

    #[test]
    fn quoting_escapes_invisible_characters_and_truncates() {
        assert_eq!(
            quote_excerpt("a\u{202E}b\u{200B}\n\"", 60),
            r#""a\u{202E}b\u{200B}\n\"""#
        );
        assert_eq!(quote_excerpt("abcdef", 3), "\"abc…\"");
        assert_eq!(quote_excerpt("x\u{E0041}", 60), r#""x\u{E0041}""#);
    }

    #[test]
    fn names_code_points() {
        assert_eq!(describe_hidden('\u{202E}'), "U+202E RIGHT-TO-LEFT OVERRIDE");
        assert_eq!(
            describe_hidden('\u{E0041}'),
            "U+E0041 TAG LATIN CAPITAL LETTER A"
        );
        assert_eq!(
            describe_hidden('\u{E0069}'),
            "U+E0069 TAG LATIN SMALL LETTER I"
        );
        assert_eq!(describe_hidden('\u{E0020}'), "U+E0020 TAG SPACE");
        assert_eq!(describe_hidden('\u{E0035}'), "U+E0035 TAG DIGIT FIVE");
        assert_eq!(describe_hidden('\u{E007F}'), "U+E007F CANCEL TAG");
        assert_eq!(
            describe_hidden('\u{E0002}'),
            "U+E0002 unassigned tag character"
        );
    }
}
