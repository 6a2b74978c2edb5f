use crate::registry::declare_rule;
use crate::rules::security::{Text, TextKind, each_text};
use crate::rules::{Definitions, Emitter};
use crate::text::unicode::quote_visible;

declare_rule! {
    /// ## What it does
    /// Flags a tool name or property name that spells a Latin-looking word with
    /// letters from another script: a Cyrillic `е` in `gеt_order`, a Greek `ο`
    /// in `lοgin`, a fullwidth `ｇ`, or a word made only of such lookalikes
    /// (Cyrillic `сору`). The message names each lookalike's code point and
    /// position, and the fix gives the all-ASCII name. Words written wholly in
    /// another script (`получить_order`) are not reported.
    ///
    /// ## Why is this bad?
    /// A lookalike letter makes a name that displays exactly like another one
    /// but is a different string. A malicious server can register `gеt_order`
    /// next to a trusted server's `get_order` and have the model, or the user
    /// approving a call, pick the wrong one ("tool shadowing"). Even by accident,
    /// the model cannot type the name back reliably: it will usually produce the
    /// ASCII spelling, which names no tool or no property, and the call fails or
    /// the argument is dropped.
    ///
    /// ## Example
    /// ```json
    /// {"name": "gеt_order", "inputSchema": {"type": "object"}}
    /// ```
    /// (with a Cyrillic `е`, U+0435). Use instead:
    /// ```json
    /// {"name": "get_order", "inputSchema": {"type": "object"}}
    /// ```
    ///
    /// ## Fix
    /// Spell the name with ASCII letters only; the fix line gives the name with
    /// each lookalike replaced by the letter it imitates.
    ///
    /// ## Sources
    /// - Unicode Technical Standard #39, confusable detection and mixed-script detection: <https://www.unicode.org/reports/tr39/>
    /// - MCP 2026-07-28, Tools, tool names: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - Invariant Labs, "MCP Security Notification: Tool Poisoning Attacks" (tool shadowing): <https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks>
    pub CONFUSABLE_NAME,
    id = "confusable-name",
    group = Security,
    severity = Warning,
    runs_in = Worker,
    owasp = [Mcp03],
    fix_note = "No automatic fix: renaming changes the name the handler and clients use, and a lookalike may be an attack whose server should be removed rather than patched.",
    summary = "A name mixes Latin letters with lookalike letters from another script",
}

/// The Latin letter a lookalike imitates, with the lookalike's Unicode name.
fn lookalike(c: char) -> Option<(char, &'static str)> {
    Some(match c {
        // Cyrillic.
        'а' => ('a', "CYRILLIC SMALL LETTER A"),
        'в' => ('b', "CYRILLIC SMALL LETTER VE"),
        'с' => ('c', "CYRILLIC SMALL LETTER ES"),
        'ԁ' => ('d', "CYRILLIC SMALL LETTER KOMI DE"),
        'е' => ('e', "CYRILLIC SMALL LETTER IE"),
        'һ' => ('h', "CYRILLIC SMALL LETTER SHHA"),
        'і' => ('i', "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I"),
        'ј' => ('j', "CYRILLIC SMALL LETTER JE"),
        'ӏ' => ('l', "CYRILLIC SMALL LETTER PALOCHKA"),
        'о' => ('o', "CYRILLIC SMALL LETTER O"),
        'р' => ('p', "CYRILLIC SMALL LETTER ER"),
        'ԛ' => ('q', "CYRILLIC SMALL LETTER QA"),
        'ѕ' => ('s', "CYRILLIC SMALL LETTER DZE"),
        'ԝ' => ('w', "CYRILLIC SMALL LETTER WE"),
        'х' => ('x', "CYRILLIC SMALL LETTER HA"),
        'у' => ('y', "CYRILLIC SMALL LETTER U"),
        'А' => ('A', "CYRILLIC CAPITAL LETTER A"),
        'В' => ('B', "CYRILLIC CAPITAL LETTER VE"),
        'С' => ('C', "CYRILLIC CAPITAL LETTER ES"),
        'Е' => ('E', "CYRILLIC CAPITAL LETTER IE"),
        'Н' => ('H', "CYRILLIC CAPITAL LETTER EN"),
        'І' => ('I', "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I"),
        'Ј' => ('J', "CYRILLIC CAPITAL LETTER JE"),
        'К' => ('K', "CYRILLIC CAPITAL LETTER KA"),
        'М' => ('M', "CYRILLIC CAPITAL LETTER EM"),
        'О' => ('O', "CYRILLIC CAPITAL LETTER O"),
        'Р' => ('P', "CYRILLIC CAPITAL LETTER ER"),
        'Ѕ' => ('S', "CYRILLIC CAPITAL LETTER DZE"),
        'Т' => ('T', "CYRILLIC CAPITAL LETTER TE"),
        'Х' => ('X', "CYRILLIC CAPITAL LETTER HA"),
        'Ү' => ('Y', "CYRILLIC CAPITAL LETTER STRAIGHT U"),
        'Ԝ' => ('W', "CYRILLIC CAPITAL LETTER WE"),
        'Ӏ' => ('I', "CYRILLIC LETTER PALOCHKA"),
        // Greek.
        'α' => ('a', "GREEK SMALL LETTER ALPHA"),
        'ι' => ('i', "GREEK SMALL LETTER IOTA"),
        'κ' => ('k', "GREEK SMALL LETTER KAPPA"),
        'ν' => ('v', "GREEK SMALL LETTER NU"),
        'ο' => ('o', "GREEK SMALL LETTER OMICRON"),
        'ρ' => ('p', "GREEK SMALL LETTER RHO"),
        'υ' => ('u', "GREEK SMALL LETTER UPSILON"),
        'Α' => ('A', "GREEK CAPITAL LETTER ALPHA"),
        'Β' => ('B', "GREEK CAPITAL LETTER BETA"),
        'Ε' => ('E', "GREEK CAPITAL LETTER EPSILON"),
        'Ζ' => ('Z', "GREEK CAPITAL LETTER ZETA"),
        'Η' => ('H', "GREEK CAPITAL LETTER ETA"),
        'Ι' => ('I', "GREEK CAPITAL LETTER IOTA"),
        'Κ' => ('K', "GREEK CAPITAL LETTER KAPPA"),
        'Μ' => ('M', "GREEK CAPITAL LETTER MU"),
        'Ν' => ('N', "GREEK CAPITAL LETTER NU"),
        'Ο' => ('O', "GREEK CAPITAL LETTER OMICRON"),
        'Ρ' => ('P', "GREEK CAPITAL LETTER RHO"),
        'Τ' => ('T', "GREEK CAPITAL LETTER TAU"),
        'Υ' => ('Y', "GREEK CAPITAL LETTER UPSILON"),
        'Χ' => ('X', "GREEK CAPITAL LETTER CHI"),
        // Armenian.
        'օ' => ('o', "ARMENIAN SMALL LETTER OH"),
        'ս' => ('u', "ARMENIAN SMALL LETTER SEH"),
        'հ' => ('h', "ARMENIAN SMALL LETTER HO"),
        'ո' => ('n', "ARMENIAN SMALL LETTER VO"),
        // Fullwidth forms of ASCII letters and digits.
        '\u{FF21}'..='\u{FF3A}' => (fullwidth_ascii(c)?, "FULLWIDTH LATIN CAPITAL LETTER"),
        '\u{FF41}'..='\u{FF5A}' => (fullwidth_ascii(c)?, "FULLWIDTH LATIN SMALL LETTER"),
        '\u{FF10}'..='\u{FF19}' => (fullwidth_ascii(c)?, "FULLWIDTH DIGIT"),
        _ => return None,
    })
}

fn fullwidth_ascii(c: char) -> Option<char> {
    char::from_u32(u32::from(c).checked_sub(0xFEE0)?)
}

/// `U+0435 CYRILLIC SMALL LETTER IE`.
fn describe(c: char, ascii: char, name: &str) -> String {
    let code = format!("U+{:04X}", u32::from(c));
    if name.starts_with("FULLWIDTH") {
        format!("{code} {name} {}", ascii.to_ascii_uppercase())
    } else {
        format!("{code} {name}")
    }
}

/// One lookalike: its 1-based character position, the character, the Latin
/// letter it imitates and its name.
type Lookalike = (usize, char, char, &'static str);

/// The lookalikes in `name` that make a word look Latin: in a word that also
/// has ASCII letters, or in a word made only of lookalikes.
fn lookalikes(name: &str) -> Vec<Lookalike> {
    let chars: Vec<char> = name.chars().collect();
    let mut out = Vec::new();
    let mut start = 0;
    while start < chars.len() {
        // A word: a run of letters and digits (fullwidth ones included).
        let mut end = start;
        while end < chars.len() && chars[end].is_alphanumeric() {
            end += 1;
        }
        if end == start {
            start += 1;
            continue;
        }
        let word = &chars[start..end];
        let found: Vec<Lookalike> = word
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| lookalike(c).map(|(a, n)| (start + i + 1, c, a, n)))
            .collect();
        let has_ascii_letter = word.iter().any(char::is_ascii_alphabetic);
        let letters = word.iter().filter(|c| c.is_alphabetic()).count();
        let only_lookalikes = letters > 0
            && word
                .iter()
                .filter(|c| c.is_alphabetic())
                .all(|c| lookalike(*c).is_some());
        if !found.is_empty() && (has_ascii_letter || only_lookalikes) {
            out.extend(found);
        }
        start = end;
    }
    out
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_text(cx, &mut |text: &Text<'_>| {
        if !matches!(text.kind, TextKind::ToolName | TextKind::PropertyName) || text.text.is_ascii()
        {
            return;
        }
        let found = lookalikes(text.text);
        if found.is_empty() {
            return;
        }
        let is_lookalike = |c: char| lookalike(c).is_some();
        let shown = quote_visible(text.text, 80, &is_lookalike);
        let mut listed: Vec<String> = found
            .iter()
            .take(3)
            .map(|(at, c, ascii, name)| {
                format!(
                    "{} at character {at}, which looks like \"{ascii}\"",
                    describe(*c, *ascii, name)
                )
            })
            .collect();
        if found.len() > 3 {
            listed.push(format!("{} more", found.len() - 3));
        }
        let ascii: String = text
            .text
            .chars()
            .map(|c| lookalike(c).map_or(c, |(a, _)| a))
            .collect();
        let what = if text.kind == TextKind::ToolName {
            "tool name"
        } else {
            "property name"
        };
        out.report(
            text.tool,
            text.path(),
            format!("{what} {shown} uses lookalike letters: {}", listed.join("; ")),
        )
        .explanation(
            format!(
                "The name displays like {} but is a different string. A server can use such a name to shadow a trusted tool or \
                 parameter, so that the model or the person approving a call picks the wrong one. Even by accident, the model \
                 tends to type the ASCII spelling back, which names nothing here, so the call fails or the argument is dropped.",
                quote_visible(&ascii, 80, &|_| false)
            ),
        )
        .help(format!("Rename it to {}", quote_visible(&ascii, 80, &|c| !c.is_ascii())));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_snapshot!(CONFUSABLE_NAME, "security/confusable-name.json");

    #[test]
    fn only_latin_looking_words_are_reported() {
        assert_eq!(lookalikes("gеt_order").len(), 1);
        assert_eq!(lookalikes("сору").len(), 4);
        assert!(lookalikes("получить_order").is_empty());
        assert!(lookalikes("get_order").is_empty());
        assert!(lookalikes("λ_calc").is_empty());
        assert_eq!(lookalikes("ｇｅｔ").len(), 3);
    }
}
