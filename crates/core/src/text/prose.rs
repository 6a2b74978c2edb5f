//! Allowed values written in prose: "one of `a`, `b` or `c`", "either a or
//! b", `asc|desc`. `prose-enum` and the corpus metrics read a parameter's
//! description with these.

use crate::text::words::name_tokens;

/// The words one of which every cue holds (see [`CUES`]).
const CUE_WORDS: [&str; 3] = ["values", "options", "one of"];

/// Phrases that introduce a closed list of values, each with the position
/// in [`CUE_WORDS`] of the word it holds.
const CUES: [(&str, usize); 16] = [
    ("valid values", 0),
    ("allowed values", 0),
    ("possible values", 0),
    ("accepted values", 0),
    ("supported values", 0),
    ("permitted values", 0),
    ("valid options", 1),
    ("allowed options", 1),
    ("available options", 1),
    ("must be one of", 2),
    ("should be one of", 2),
    ("can be one of", 2),
    ("one of the following", 2),
    ("one of:", 2),
    ("options:", 1),
    ("options are", 1),
];

/// Parameter-name tokens whose descriptions legitimately contain `a|b`.
const PIPE_NAME_EXEMPT: [&str; 16] = [
    "pattern",
    "regex",
    "regexp",
    "glob",
    "query",
    "filter",
    "expression",
    "expr",
    "template",
    "format",
    "separator",
    "delimiter",
    "syntax",
    "command",
    "cmd",
    "script",
];

/// Whether `description` can list values at all: it holds a pipe or one of
/// the cue words.
pub(crate) fn may_list(description: &str) -> bool {
    description.contains('|') || mentions_cue_word(description)
}

/// The values `description` lists for a parameter named `name`: after a cue
/// ("one of"), as "either a or b", or as a pipe list, unless the name or
/// the text is about patterns, queries or operators, where a pipe means
/// something else.
pub(crate) fn listed_values(description: &str, name: Option<&str>) -> Option<Vec<String>> {
    let lower = description.to_lowercase();
    if let Some(values) = after_cue(&lower, description) {
        return Some(values);
    }
    if let Some(values) = either_or(&lower, description) {
        return Some(values);
    }
    if !description.contains('|') {
        // `pipe_list` finds nothing without a pipe.
        return None;
    }
    let name_exempt = name.is_some_and(|n| {
        name_tokens(n)
            .iter()
            .any(|t| PIPE_NAME_EXEMPT.contains(&&**t))
    });
    let text_exempt = [
        "regex",
        "regular expression",
        "pattern",
        "glob",
        "syntax",
        "query",
        "operator",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if name_exempt || text_exempt {
        return None;
    }
    pipe_list(description)
}

/// Whether `text` contains `values`, `options`, `one of` or `either `,
/// ignoring ASCII case.
///
/// Four `str::contains` over an ASCII-lowercased copy rather than an
/// Aho-Corasick automaton: this is the only use of `aho-corasick` in the
/// page's module, where the automaton (with the `perf` feature that `regex`
/// turns on for the whole build) cost 35 KB gzipped; and the test runs once
/// per described parameter, on a few hundred bytes, where the automaton
/// saves nothing measurable (`check` on the generated 5,000 tools: 214.7
/// against 215.8 ms, medians of 15).
fn mentions_cue_word(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    ["values", "options", "one of", "either "]
        .iter()
        .any(|cue| lower.contains(cue))
}

fn is_value_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '+' | ':')
}

/// A bare value: one short word of value characters.
fn bare_value(s: &str) -> Option<String> {
    let s = s.trim_matches(|c: char| {
        c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '[' | ']')
    });
    let s = s.trim_end_matches('.');
    (!s.is_empty()
        && s.chars().count() <= 30
        && s.chars().all(is_value_char)
        && s.chars().any(char::is_alphanumeric))
    .then(|| s.to_owned())
}

/// A quoted value at the start of `s` (`'x'`, `"x"`, `` `x` ``, curly quotes),
/// with the rest of the text after it.
fn quoted_value(s: &str) -> Option<(String, &str)> {
    let s = s.trim_start();
    let open = s.chars().next()?;
    let close = match open {
        '\'' => '\'',
        '"' => '"',
        '`' => '`',
        '‘' => '’',
        '“' => '”',
        _ => return None,
    };
    let body = &s[open.len_utf8()..];
    let end = body.find(close)?;
    let value = &body[..end];
    let rest = &body[end + close.len_utf8()..];
    let ok = !value.trim().is_empty()
        && value.chars().count() <= 40
        && !value.contains('\n')
        && rest.chars().next().is_none_or(|c| !c.is_alphanumeric());
    ok.then(|| (value.to_owned(), rest))
}

/// Splits a separator off the start of `s`: `,`, `/`, `|`, `or`, `and`, or
/// a comma followed by `or`/`and`.
fn separator(s: &str) -> Option<&str> {
    let t = s.trim_start();
    let t = t
        .strip_prefix(',')
        .or_else(|| t.strip_prefix('/'))
        .or_else(|| t.strip_prefix('|'))
        .unwrap_or(t);
    let t2 = t.trim_start();
    let t3 = t2
        .strip_prefix("or ")
        .or_else(|| t2.strip_prefix("and "))
        .or_else(|| t2.strip_prefix("OR "))
        .unwrap_or(t2);
    (t3.len() < s.len()).then_some(t3)
}

/// Where the clause at the start of `s` ends: at `;`, `)`, a line break, or a
/// period that ends a sentence (not one inside a value such as `v1.0`).
fn clause_end(s: &str) -> usize {
    let bytes = s.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b';' | b')' | b'\n' => return i,
            b'.' if bytes.get(i + 1).is_none_or(u8::is_ascii_whitespace) => return i,
            _ => {}
        }
    }
    s.len()
}

/// Parses `value (sep value)+` at the start of `text`, where every value is
/// quoted or every value is one bare word.
fn inline_list(text: &str) -> Option<Vec<String>> {
    let mut values = Vec::new();
    let mut rest = text;
    if let Some((v, r)) = quoted_value(rest) {
        values.push(v);
        rest = r;
        while let Some(after) = separator(rest) {
            let Some((v, r)) = quoted_value(after) else {
                break;
            };
            values.push(v);
            rest = r;
        }
    } else {
        // Bare words: the list runs to the end of the clause, and every
        // part must be a single word.
        let end = clause_end(rest);
        let clause = &rest[..end];
        let normalised = clause
            .replace(", or ", ",")
            .replace(", and ", ",")
            .replace(" or ", ",")
            .replace(" and ", ",");
        for part in normalised.split([',', '/', '|']) {
            values.push(bare_value(part)?);
        }
    }
    (values.len() >= 2).then_some(values)
}

/// Items of a bulleted list (`- 'add' - …`, `* add: …`) after a cue.
fn bullet_list(text: &str) -> Option<Vec<String>> {
    let mut values = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(['-', '*', '•']) {
        let after = &rest[i + rest[i..].chars().next().map_or(1, char::len_utf8)..];
        let preceded_ok = rest[..i].chars().last().is_none_or(char::is_whitespace) || i == 0;
        if preceded_ok
            && after.starts_with(' ')
            && let Some((v, _)) = quoted_value(after)
        {
            values.push(v);
        }
        rest = after;
    }
    (values.len() >= 2).then_some(values)
}

/// The values after a cue phrase such as `valid values:` or `must be one of`.
fn after_cue(lower: &str, original: &str) -> Option<Vec<String>> {
    // Every cue holds one of these words: a cue whose word is missing
    // cannot match, so it is not searched for.
    let present = CUE_WORDS.map(|w| lower.contains(w));
    for (cue, word) in CUES {
        if !present[word] {
            continue;
        }
        let mut from = 0;
        while let Some(pos) = lower[from..].find(cue) {
            let start = from + pos + cue.len();
            from = start;
            // `lower` and `original` can differ in length for non-ASCII text.
            let Some(tail) = original
                .get(start..)
                .filter(|_| original.len() == lower.len())
            else {
                continue;
            };
            let mut tail = tail.trim_start();
            for filler in [
                ":",
                "are",
                "is",
                "includes",
                "include",
                ":",
                "the following",
                ":",
            ] {
                if let Some(t) = tail.strip_prefix(filler)
                    && t.chars()
                        .next()
                        .is_none_or(|c| c.is_whitespace() || c == ':' || filler == ":")
                {
                    tail = t.trim_start();
                }
            }
            let window: String = tail.chars().take(600).collect();
            if let Some(values) = inline_list(&window).or_else(|| bullet_list(&window)) {
                return Some(values);
            }
        }
    }
    None
}

/// `either 'x' or 'y'` with quoted values.
fn either_or(lower: &str, original: &str) -> Option<Vec<String>> {
    if original.len() != lower.len() {
        return None;
    }
    let mut from = 0;
    while let Some(pos) = lower[from..].find("either ") {
        let at = from + pos;
        let start = at + "either ".len();
        from = start;
        if lower[..at]
            .chars()
            .last()
            .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        if let Some((first, rest)) = quoted_value(&original[start..]) {
            let rest = rest.trim_start();
            let after_or = rest
                .strip_prefix("or ")
                .or_else(|| rest.strip_prefix("OR "));
            if let Some((second, _)) = after_or.and_then(quoted_value) {
                return Some(vec![first, second]);
            }
        }
    }
    None
}

/// A pipe-separated list of bare values such as `asc|desc` or `` `open|closed|all` ``.
fn pipe_list(description: &str) -> Option<Vec<String>> {
    for token in description.split_whitespace() {
        let token = token.trim_matches(|c: char| {
            matches!(
                c,
                '\'' | '"'
                    | '`'
                    | '('
                    | ')'
                    | '['
                    | ']'
                    | '{'
                    | '}'
                    | ','
                    | ';'
                    | ':'
                    | '.'
                    | '<'
                    | '>'
            )
        });
        if !token.contains('|') || token.contains("||") {
            continue;
        }
        let parts: Vec<&str> = token.split('|').collect();
        if parts.len() >= 2
            && parts
                .iter()
                .all(|p| !p.is_empty() && p.chars().count() <= 30 && p.chars().all(is_value_char))
            && parts.iter().all(|p| p.chars().any(char::is_alphabetic))
        {
            return Some(parts.iter().map(|p| (*p).to_owned()).collect());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cue-word search finds what a plain search of the lowercase text
    /// finds, wherever the words sit and however they are cased.
    #[test]
    fn cue_words_are_found_by_their_rarest_letter() {
        let plain = |t: &str| {
            let lower = t.to_ascii_lowercase();
            ["values", "options", "one of", "either "]
                .iter()
                .any(|w| lower.contains(w))
        };
        let mut texts = vec![String::new(), "p".into(), "hof".into(), "either".into()];
        for cue in [
            "values", "options", "one of", "either ", "VALUES", "One Of", "EITHER x",
        ] {
            for (before, after) in [("", ""), ("x", ""), ("", "y"), ("ab ", " cd"), ("o", "f")] {
                texts.push(format!("{before}{cue}{after}"));
                // Cut short by one letter at either end: no longer the word.
                texts.push(format!("{before}{}{after}", &cue[1..]));
                texts.push(format!("{before}{}{after}", &cue[..cue.len() - 1]));
            }
        }
        // Each word at every position of an eight-byte chunk, whole and cut
        // short, after plain and non-ASCII text.
        for cue in ["values", "options", "one of", "either ", "OPTIONS"] {
            for lead in 0..17 {
                for filler in ["a", "\u{e9}"] {
                    let before = filler.repeat(lead);
                    texts.push(format!("{before}{cue}"));
                    texts.push(format!("{before}{cue}zz"));
                    texts.push(format!("{before}{}", &cue[..cue.len() - 1]));
                }
            }
        }
        for t in &texts {
            assert_eq!(mentions_cue_word(t), plain(t), "{t:?}");
        }
    }

    /// Each cue holds the word it is filed under, so the cues `after_cue`
    /// leaves out for a missing word could not have matched.
    #[test]
    fn every_cue_holds_its_word() {
        for (cue, word) in CUES {
            let held: Vec<usize> = (0..CUE_WORDS.len())
                .filter(|&i| cue.contains(CUE_WORDS[i]))
                .collect();
            assert_eq!(held, [word], "{cue:?}");
        }
    }
}
