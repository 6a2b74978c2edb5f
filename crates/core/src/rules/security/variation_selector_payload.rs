use crate::finding::Severity;
use crate::registry::declare_rule;
use crate::rules::security::{Text, each_text};
use crate::rules::{Definitions, Emitter};
use crate::text::unicode::{quote_excerpt, variation_selector_byte};

declare_rule! {
    /// ## What it does
    /// Flags data hidden in Unicode variation selectors (U+FE00–U+FE0F and
    /// U+E0100–U+E01EF) in tool names, titles, descriptions, property names and
    /// values: a run of two or more selectors, or one with no character before
    /// it. Each selector stands for one byte (U+FE00–U+FE0F for 0–15,
    /// U+E0100–U+E01EF for 16–255, the encoding Paul Butler published), so a
    /// run after one emoji can carry any text; a run of the sixteen basic
    /// selectors is also read two to a byte. The message gives where the run
    /// starts (1-based, in characters), how long it is, and what it decodes to.
    /// A run that decodes to text is an error; other runs are warnings. One
    /// selector after a character, as in `❤️` (U+2764 U+FE0F), is how emoji
    /// and ideographic variants are written and is not reported.
    ///
    /// ## Why is this bad?
    /// Variation selectors are invisible: a description with a smuggled payload
    /// looks, to the person approving the server, like an ordinary sentence with
    /// an emoji. The model receives every selector, and models can be led to
    /// decode such payloads and follow the text they carry, which no reviewer or
    /// filter saw. No written text needs more than one selector in a row.
    ///
    /// ## Example
    /// ```json
    /// {"name": "get_weather",
    ///  "description": "Gets the weather 😊\udb40\udd58\udb40\udd55\udb40\udd5c\udb40\udd5c\udb40\udd5f"}
    /// ```
    /// (the selectors after the emoji decode to `hello`)
    ///
    /// Use instead:
    /// ```json
    /// {"name": "get_weather", "description": "Gets the weather 😊"}
    /// ```
    ///
    /// ## Fix
    /// Remove the run of variation selectors, and read what it decoded to.
    ///
    /// ## Sources
    /// - Paul Butler, "Smuggling arbitrary data through an emoji" (2025): <https://paulbutler.org/2025/smuggling-arbitrary-data-through-an-emoji/>
    /// - Unicode Standard, chapter 23.4, Variation Selectors: <https://www.unicode.org/versions/latest/core-spec/chapter-23/#G19053>
    /// - Unicode Technical Standard #51, Unicode Emoji (presentation selectors): <https://www.unicode.org/reports/tr51/>
    /// - MCP 2026-07-28, Tools, security considerations: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub VARIATION_SELECTOR_PAYLOAD,
    id = "variation-selector-payload",
    group = Security,
    severity = Error,
    runs_in = Worker,
    hostile_text = true,
    owasp = [Mcp03, Mcp06],
    fix = Unsafe,
    fix_note = "The automatic fix (safe in a title or a description, which only people and models read; unsafe in a name or a value, which clients send back and must then match) removes the selectors of every reported run, keeping one emoji selector (U+FE0E or U+FE0F) right after a character.",
    summary = "A name, description or value hides data in a run of Unicode variation selectors",
}

/// The longest quote of a decoded payload, in characters.
const EXCERPT: usize = 60;

/// A reported run of variation selectors, in characters of the text.
struct Run {
    start: usize,
    end: usize,
}

fn is_selector(c: char) -> bool {
    variation_selector_byte(c).is_some()
}

/// The runs to report: two or more selectors in a row, or one with no
/// character before it.
fn runs(chars: &[char]) -> Vec<Run> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !is_selector(chars[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while chars.get(i).copied().is_some_and(is_selector) {
            i += 1;
        }
        if i - start >= 2 || start == 0 {
            out.push(Run { start, end: i });
        }
    }
    out
}

/// What a run decodes to, when that is text: one byte a selector, or for a
/// run of the basic sixteen, two selectors a byte.
fn decode(selectors: &[char]) -> Option<String> {
    let bytes: Vec<u8> = selectors
        .iter()
        .filter_map(|c| variation_selector_byte(*c))
        .collect();
    let text = |bytes: Vec<u8>| {
        String::from_utf8(bytes).ok().filter(|s| {
            s.chars().filter(|c| !c.is_whitespace()).count() >= 2
                && s.chars().all(|c| !c.is_control() || c.is_whitespace())
        })
    };
    text(bytes.clone()).or_else(|| {
        (bytes.len().is_multiple_of(2) && bytes.iter().all(|b| *b < 16))
            .then(|| bytes.chunks(2).map(|p| (p[0] << 4) | p[1]).collect())
            .and_then(text)
    })
}

/// `text` without the reported runs, keeping one emoji selector right after
/// a character.
fn cleaned(chars: &[char], runs: &[Run]) -> String {
    let mut out = String::new();
    let mut from = 0;
    for run in runs {
        out.extend(&chars[from..run.start]);
        if run.start > 0 && matches!(chars[run.start], '\u{FE0E}' | '\u{FE0F}') {
            out.push(chars[run.start]);
        }
        from = run.end;
    }
    out.extend(&chars[from..]);
    out
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_text(cx, &mut |text: &Text<'_>| {
        if text.text.is_ascii() || !text.text.chars().any(is_selector) {
            return;
        }
        let chars: Vec<char> = text.text.chars().collect();
        let runs = runs(&chars);
        let Some(first) = runs.first() else { return };
        let decoded: Vec<Option<String>> = runs
            .iter()
            .map(|r| decode(&chars[r.start..r.end]))
            .collect();
        let hides_text = decoded.iter().any(Option::is_some);
        let selectors: usize = runs.iter().map(|r| r.end - r.start).sum();
        let what = text.kind.label();
        let mut message = match decoded.iter().flatten().next() {
            Some(payload) => format!(
                "{what} hides text in {selectors} variation selectors from character {}: it decodes to {}",
                first.start + 1,
                quote_excerpt(payload, EXCERPT)
            ),
            None => format!(
                "{what} has a run of {} variation selectors at character {}, which no written text needs",
                first.end - first.start,
                first.start + 1
            ),
        };
        if runs.len() > 1 {
            message.push_str(&format!(" ({} runs)", runs.len()));
        }
        let finding = out.report(
            text.tool,
            text.path(),
            message,
        )
        .explanation(
            "Variation selectors are invisible, and each can stand for one byte, so a run of them after an emoji carries \
             text that the person approving the server never sees. The model receives every selector and can be led to \
             decode and follow what they carry. Written text never needs more than one selector in a row.",
        )
        .help(
            if hides_text {
                "Remove the run of variation selectors and read what it decoded to: if the server is not yours, do not install it"
            } else {
                "Remove the extra variation selectors: one after a character is all an emoji or a variant needs"
            },
        );
        finding.severity = if hides_text {
            Severity::Error
        } else {
            Severity::Warning
        };
        let clean = cleaned(&chars, &runs);
        let title = "Remove the variation selectors";
        finding.with_fix(|| text.replaced_by(title, clean));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_snapshot!(
        VARIATION_SELECTOR_PAYLOAD,
        "security/variation-selector-payload.json"
    );

    /// Paul Butler's encoder.
    fn smuggle(base: char, payload: &str) -> String {
        std::iter::once(base)
            .chain(payload.bytes().map(|b| {
                let v = if b < 16 {
                    0xFE00 + u32::from(b)
                } else {
                    0xE0100 + u32::from(b) - 16
                };
                char::from_u32(v).unwrap()
            }))
            .collect()
    }

    #[test]
    fn decodes_one_byte_a_selector() {
        let text = smuggle('😊', "hello");
        let chars: Vec<char> = text.chars().collect();
        let runs = runs(&chars);
        assert_eq!((runs[0].start, runs[0].end), (1, 6));
        assert_eq!(decode(&chars[1..]).as_deref(), Some("hello"));
        assert_eq!(cleaned(&chars, &runs), "😊");
    }

    #[test]
    fn decodes_two_basic_selectors_a_byte() {
        let nibbles: Vec<char> = "hi"
            .bytes()
            .flat_map(|b| [b >> 4, b & 15])
            .map(|n| char::from_u32(0xFE00 + u32::from(n)).unwrap())
            .collect();
        assert_eq!(decode(&nibbles).as_deref(), Some("hi"));
    }

    #[test]
    fn ordinary_emoji_and_ideographic_variants_are_not_runs() {
        for text in [
            "❤\u{FE0F} love",
            "1\u{FE0F}\u{20E3}",
            "葛\u{E0100}飾",
            "☺\u{FE0E}",
        ] {
            let chars: Vec<char> = text.chars().collect();
            assert!(runs(&chars).is_empty(), "{text:?}");
        }
        let doubled: Vec<char> = "❤\u{FE0F}\u{FE0F}".chars().collect();
        assert_eq!(runs(&doubled).len(), 1);
        assert_eq!(decode(&doubled[1..]), None);
    }
}
