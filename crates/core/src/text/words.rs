//! Words of names and descriptions: tokens of an identifier, the content
//! words of a description (stop words dropped, simple stems), and how many
//! of a tool's words no other tool uses. The description rules and the
//! corpus metrics ([`crate::metrics`]) share these, so they compute exactly
//! the same thing.

use std::borrow::Cow;

/// `piece` in lowercase, borrowed when it is already lowercase ASCII
/// letters and digits.
pub(crate) fn lowered(piece: &str) -> Cow<'_, str> {
    if piece
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    {
        Cow::Borrowed(piece)
    } else {
        Cow::Owned(piece.chars().flat_map(char::to_lowercase).collect())
    }
}

/// Splits an identifier into lowercase tokens at `_`, `-`, `.`, `/`, spaces
/// and camelCase boundaries: `createdAfter` → `created`, `after`;
/// `HTTPServer_id` → `http`, `server`, `id`. A token already in lowercase
/// ASCII is borrowed from `name`.
pub(crate) fn name_tokens(name: &str) -> Vec<Cow<'_, str>> {
    let mut tokens = Vec::new();
    // Where the token being read starts, when one is.
    let mut start: Option<usize> = None;
    let mut prev = None;
    let mut chars = name.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if !c.is_alphanumeric() {
            if let Some(from) = start.take() {
                tokens.push(lowered(name.get(from..i).unwrap_or_default()));
            }
            prev = Some(c);
            continue;
        }
        if let Some(prev) = prev.filter(|_| c.is_uppercase() && start.is_some()) {
            let next_lower = chars.peek().is_some_and(|(_, n)| n.is_lowercase());
            if (prev.is_lowercase() || prev.is_ascii_digit() || (prev.is_uppercase() && next_lower))
                && let Some(from) = start.take()
            {
                tokens.push(lowered(name.get(from..i).unwrap_or_default()));
            }
        }
        start.get_or_insert(i);
        prev = Some(c);
    }
    if let Some(from) = start {
        tokens.push(lowered(name.get(from..).unwrap_or_default()));
    }
    tokens
}

/// English function words, dropped before descriptions are compared.
const STOP_WORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "after",
    "again",
    "against",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "but",
    "by",
    "can",
    "cannot",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "done",
    "down",
    "during",
    "each",
    "either",
    "else",
    "etc",
    "eg",
    "ie",
    "few",
    "for",
    "from",
    "further",
    "get",
    "gets",
    "got",
    "had",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "hers",
    "herself",
    "him",
    "himself",
    "his",
    "how",
    "however",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "itself",
    "just",
    "let",
    "like",
    "may",
    "me",
    "might",
    "more",
    "most",
    "must",
    "my",
    "myself",
    "neither",
    "no",
    "nor",
    "not",
    "now",
    "of",
    "off",
    "on",
    "once",
    "one",
    "only",
    "or",
    "other",
    "otherwise",
    "our",
    "ours",
    "ourselves",
    "out",
    "over",
    "own",
    "per",
    "rather",
    "same",
    "shall",
    "she",
    "should",
    "since",
    "so",
    "some",
    "such",
    "than",
    "that",
    "the",
    "their",
    "theirs",
    "them",
    "themselves",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "thus",
    "to",
    "too",
    "under",
    "until",
    "up",
    "upon",
    "us",
    "use",
    "used",
    "uses",
    "using",
    "very",
    "via",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "whether",
    "which",
    "while",
    "who",
    "whom",
    "whose",
    "why",
    "will",
    "with",
    "within",
    "without",
    "would",
    "yet",
    "you",
    "your",
    "yours",
    "yourself",
    "yourselves",
    "don't",
    "doesn't",
    "isn't",
    "aren't",
    "can't",
    "won't",
    "it's",
    "wasn't",
    "weren't",
    "shouldn't",
    "wouldn't",
    "couldn't",
    "didn't",
    "hasn't",
    "haven't",
];

/// Simple suffix stemming: plurals (`-s`, `-es`, `-ies`), then `-ing` and
/// `-ed`, then a final `-e`, so `create`, `creates`, `created` and `creating`
/// meet at `creat`.
pub(crate) fn stem(word: &str) -> String {
    stem_cow(Cow::Borrowed(word)).into_owned()
}

/// [`stem`] of a word, borrowed or owned: a borrowed word stays borrowed
/// (stemming cuts a suffix, except `-ies` → `-y`).
fn stem_cow(word: Cow<'_, str>) -> Cow<'_, str> {
    let w: &str = &word;
    let w = w.strip_suffix("'s").unwrap_or(w);
    let n = w.len();
    if n > 4 && w.ends_with("ies") {
        // Nothing below changes a word ending in `y`.
        return Cow::Owned(format!("{}y", &w[..n - 3]));
    }
    let w = if n > 4
        && ["sses", "xes", "zes", "ches", "shes"]
            .iter()
            .any(|s| w.ends_with(s))
    {
        &w[..n - 2]
    } else if n > 3 && w.ends_with('s') && !["ss", "us", "is"].iter().any(|s| w.ends_with(s)) {
        &w[..n - 1]
    } else {
        w
    };
    let n = w.len();
    let w = if n > 5 && w.ends_with("ing") {
        &w[..n - 3]
    } else if n > 4 && w.ends_with("ed") {
        &w[..n - 2]
    } else {
        w
    };
    let n = w.len();
    let end = if n > 4 && w.ends_with('e') { n - 1 } else { n };
    match word {
        Cow::Borrowed(b) => Cow::Borrowed(&b[..end]),
        Cow::Owned(mut o) => {
            o.truncate(end);
            Cow::Owned(o)
        }
    }
}

/// The words of a text, lowercased, in order (letters, digits and inner
/// apostrophes; other characters separate words).
/// The rules use the cheaper forms below; the tests pin this definition.
#[cfg(test)]
pub(crate) fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    word_runs(text).filter_map(|w| {
        let w = lowercase_word(w);
        (!w.is_empty()).then_some(w)
    })
}

/// `words(text).count()`, without building the words.
pub(crate) fn word_count(text: &str) -> usize {
    word_runs(text)
        .filter(|run| !run.trim_matches(|c| c == '\'' || c == '’').is_empty())
        .count()
}

/// The runs of letters, digits and apostrophes (`'` or `’`) of a text, in
/// order: what `text.split(|c| !(c.is_alphanumeric() || c == '\'' || c == '’'))`
/// yields, without the empty pieces, and without decoding ASCII.
fn word_runs(text: &str) -> impl Iterator<Item = &str> + '_ {
    let bytes = text.as_bytes();
    // The length of the character at `i` when it belongs to a word, else `None`.
    let word_char = move |i: usize| -> (bool, usize) {
        match bytes[i] {
            b if b.is_ascii() => (b.is_ascii_alphanumeric() || b == b'\'', 1),
            _ => {
                let c = text[i..].chars().next().unwrap_or(' ');
                (c.is_alphanumeric() || c == '’', c.len_utf8())
            }
        }
    };
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            let (is_word, len) = word_char(i);
            if is_word {
                break;
            }
            i += len;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len() {
            let (is_word, len) = word_char(i);
            if !is_word {
                break;
            }
            i += len;
        }
        Some(&text[start..i])
    })
}

/// One run of [`word_runs`] as a word: apostrophes trimmed from its ends,
/// `’` written `'`, lowercased (possibly empty).
#[cfg(test)]
fn lowercase_word(run: &str) -> String {
    let mut word = String::new();
    push_lowercase_word(run, &mut word);
    word
}

/// Appends one run of [`word_runs`] to `out` as a word: apostrophes trimmed
/// from its ends, `’` written `'`, lowercased (possibly nothing). Returns
/// whether the run was ASCII.
fn push_lowercase_word(run: &str, out: &mut String) -> bool {
    // Most runs start and end with an ASCII letter or digit: nothing to trim.
    let plain_ends = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphanumeric);
    let w = if plain_ends(run.as_bytes().first()) && plain_ends(run.as_bytes().last()) {
        run
    } else {
        run.trim_matches(|c| c == '\'' || c == '’')
    };
    if w.is_ascii() {
        // No curly apostrophe to replace.
        let at = out.len();
        out.push_str(w);
        if let Some(word) = out.get_mut(at..) {
            word.make_ascii_lowercase();
        }
        true
    } else {
        out.push_str(&w.replace('’', "'").to_lowercase());
        false
    }
}

/// A set of words, with `rustc-hash`'s fast hasher.
pub(crate) type WordSet<T = String> = rustc_hash::FxHashSet<T>;

/// A map keyed by words, with `rustc-hash`'s fast hasher.
pub(crate) type WordMap<K, V> = rustc_hash::FxHashMap<K, V>;

/// Whether a lowercase word is an English function word.
fn is_stop_word(word: &str) -> bool {
    static SET: std::sync::LazyLock<WordSet<&'static str>> =
        std::sync::LazyLock::new(|| STOP_WORDS.iter().copied().collect());
    SET.contains(word)
}

/// The distinct content words of one description, sorted, and the
/// description reduced to its lowercase words: kept for the whole check, in
/// one string (each word is a piece of it) rather than a string per word.
#[derive(Debug, Default)]
pub(crate) struct Words {
    /// The description's lowercase words, separated by spaces, then the
    /// stems that are no piece of them (`entities` → `entity`).
    text: String,
    /// The length of the description's words at the start of `text`.
    normalised: usize,
    /// Each word's start and end in `text`, in the words' order.
    spans: Box<[(usize, usize)]>,
}

impl Words {
    /// The words, in sorted order.
    pub(crate) fn iter(&self) -> impl ExactSizeIterator<Item = &str> + Clone + '_ {
        self.spans
            .iter()
            .map(|&(start, end)| self.text.get(start..end).unwrap_or_default())
    }

    /// How many words.
    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether there are none.
    pub(crate) fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The description reduced to its lowercase words, separated by single
    /// spaces, for exact comparisons.
    pub(crate) fn normalised(&self) -> &str {
        self.text.get(..self.normalised).unwrap_or_default()
    }
}

/// [`analyse`] (its words).
#[cfg(test)]
pub(crate) fn content_words(text: &str) -> Words {
    analyse(text)
}

/// The distinct content words of a description (no stop words, no numbers,
/// no single letters, stemmed), and the description reduced to its
/// lowercase words: one pass over the words for both, each word written
/// once, lowercase, and its stem taken as a piece of it.
pub(crate) fn analyse(text: &str) -> Words {
    let mut out = String::with_capacity(text.len());
    // The stems that are not a piece of `out` (`-ies` → `-y`), added after it.
    let mut extra = String::new();
    // About one word in six bytes, and half of them content words: each with
    // a sort key (see `sort_key`) and where it is, in `out` or in `extra`.
    let mut set: Vec<(u64, usize, usize, bool)> = Vec::with_capacity(text.len() / 8 + 1);
    for run in word_runs(text) {
        let gap = out.len();
        if gap > 0 {
            out.push(' ');
        }
        let at = out.len();
        let ascii = push_lowercase_word(run, &mut out);
        let w = out.get(at..).unwrap_or_default();
        if w.is_empty() {
            out.truncate(gap);
            continue;
        }
        let content = if ascii {
            w.len() > 1 && w.as_bytes()[0].is_ascii_alphabetic()
        } else {
            w.chars().nth(1).is_some() && w.chars().next().is_some_and(char::is_alphabetic)
        };
        if content && !is_stop_word(w) {
            match stem_cow(Cow::Borrowed(w)) {
                Cow::Borrowed(stem) => {
                    set.push((sort_key(stem.as_bytes()), at, at + stem.len(), false));
                }
                Cow::Owned(stem) => {
                    let start = extra.len();
                    extra.push_str(&stem);
                    set.push((sort_key(stem.as_bytes()), start, extra.len(), true));
                }
            }
        }
    }
    let normalised = out.len();
    if !extra.is_empty() {
        out.push_str(&extra);
        for (_, start, end, in_extra) in &mut set {
            if *in_extra {
                *start += normalised;
                *end += normalised;
            }
        }
    }
    out.shrink_to_fit();
    let word = |start: usize, end: usize| out.get(start..end).unwrap_or_default();
    // The plain order of the words: the keys order them by their first eight
    // bytes, and only words that share those are compared in full.
    set.sort_unstable_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| word(a.1, a.2).cmp(word(b.1, b.2)))
    });
    set.dedup_by(|a, b| a.0 == b.0 && crate::value::same(word(a.1, a.2), word(b.1, b.2)));
    let spans = set.iter().map(|&(_, start, end, _)| (start, end)).collect();
    Words {
        text: out,
        normalised,
        spans,
    }
}

/// The first eight bytes of a word as a big-endian number, zero-padded: two
/// words' keys compare as their first eight bytes do, and as the words do
/// when either is shorter than eight bytes (words hold no zero byte).
fn sort_key(word: &[u8]) -> u64 {
    word.iter()
        .take(8)
        .enumerate()
        .fold(0, |key, (i, &b)| key | u64::from(b) << (56 - 8 * i))
}

/// A description reduced to its lowercase words (what [`analyse`] writes).
#[cfg(test)]
pub(crate) fn normalised(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for run in word_runs(text) {
        let word = lowercase_word(run);
        if word.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&word);
    }
    out
}

/// For each tool, how many content words of its description appear in no
/// other tool's description; `None` when it has no description words at all.
/// One pass to count, one to look up: O(total words).
/// The sets are the tools' content words ([`analyse`]), in tool order (an empty set
/// for a tool with no description); the counts are computed once per check
/// by [`crate::rules::cache::Cache::unique_word_counts`].
pub(crate) fn unique_word_counts_of<'s>(
    sets: impl Iterator<Item = &'s Words> + Clone,
) -> Vec<Option<usize>> {
    let mut tools_with: WordMap<&str, usize> =
        WordMap::with_capacity_and_hasher(sets.clone().map(Words::len).sum(), Default::default());
    for set in sets.clone() {
        for word in set.iter() {
            *tools_with.entry(word).or_insert(0) += 1;
        }
    }
    sets.map(|set| {
        (!set.is_empty()).then(|| set.iter().filter(|w| tools_with.get(w) == Some(&1)).count())
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The splitting as first written, a character at a time into owned
    /// tokens: [`name_tokens`] must give the same tokens.
    fn name_tokens_reference(name: &str) -> Vec<String> {
        let mut tokens = Vec::new();
        let mut current = String::new();
        let mut prev = None;
        let mut chars = name.chars().peekable();
        while let Some(c) = chars.next() {
            if !c.is_alphanumeric() {
                if !current.is_empty() {
                    tokens.push(std::mem::take(&mut current));
                }
                prev = Some(c);
                continue;
            }
            if let Some(prev) = prev.filter(|_| c.is_uppercase() && !current.is_empty()) {
                let next_lower = chars.peek().is_some_and(|n| n.is_lowercase());
                if prev.is_lowercase()
                    || prev.is_ascii_digit()
                    || (prev.is_uppercase() && next_lower)
                {
                    tokens.push(std::mem::take(&mut current));
                }
            }
            current.extend(c.to_lowercase());
            prev = Some(c);
        }
        if !current.is_empty() {
            tokens.push(current);
        }
        tokens
    }

    proptest::proptest! {
        #[test]
        fn name_tokens_match_the_reference(name in "[a-zA-Z0-9_ .ÄÖéßİǅΣς/-]{0,24}") {
            proptest::prop_assert_eq!(name_tokens(&name), name_tokens_reference(&name));
        }
    }

    #[test]
    fn name_tokens_borrow_lowercase_tokens() {
        let tokens = name_tokens("created_atHTTPServer2x");
        assert_eq!(tokens, ["created", "at", "http", "server2x"]);
        assert!(matches!(tokens[0], Cow::Borrowed("created")));
        assert!(matches!(tokens[2], Cow::Owned(_)));
        for name in [
            "",
            "__",
            "a",
            "A",
            "aB",
            "ABc",
            "a1B",
            "İstanbul",
            "ǅemal",
            "ΣΑΣ",
        ] {
            assert_eq!(name_tokens(name), name_tokens_reference(name), "{name}");
        }
    }

    #[test]
    fn splits_names() {
        assert_eq!(name_tokens("createdAfter"), ["created", "after"]);
        assert_eq!(name_tokens("timeoutMs"), ["timeout", "ms"]);
        assert_eq!(name_tokens("HTTPServer_id"), ["http", "server", "id"]);
        assert_eq!(name_tokens("orders.search"), ["orders", "search"]);
        assert_eq!(name_tokens("get-env"), ["get", "env"]);
        assert_eq!(name_tokens("lastReadAt"), ["last", "read", "at"]);
    }

    /// `name_tokens` splits as its first definition did, which indexed a
    /// vector of the name's characters: every name of up to four characters
    /// from a mix of cases, digits, separators and non-ASCII letters.
    #[test]
    fn name_tokens_match_the_indexed_definition() {
        fn indexed(name: &str) -> Vec<String> {
            let chars: Vec<char> = name.chars().collect();
            let mut tokens = Vec::new();
            let mut current = String::new();
            for (i, &c) in chars.iter().enumerate() {
                if !c.is_alphanumeric() {
                    if !current.is_empty() {
                        tokens.push(std::mem::take(&mut current));
                    }
                    continue;
                }
                if c.is_uppercase() && !current.is_empty() {
                    let prev = chars[i - 1];
                    let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
                    if prev.is_lowercase()
                        || prev.is_ascii_digit()
                        || (prev.is_uppercase() && next_lower)
                    {
                        tokens.push(std::mem::take(&mut current));
                    }
                }
                current.extend(c.to_lowercase());
            }
            if !current.is_empty() {
                tokens.push(current);
            }
            tokens
        }
        let alphabet = ['a', 'B', '7', '_', '.', 'É', 'ß', 'İ', '٣'];
        let mut names = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = names
                .iter()
                .flat_map(|n| alphabet.iter().map(move |c| format!("{n}{c}")))
                .collect();
            names.extend(longer);
        }
        names.sort();
        names.dedup();
        for name in &names {
            assert_eq!(name_tokens(name), indexed(name), "{name:?}");
        }
        assert!(names.len() > 6000, "{}", names.len());
    }

    #[test]
    fn stems() {
        for w in ["create", "creates", "created", "creating"] {
            assert_eq!(stem(w), "creat", "{w}");
        }
        assert_eq!(stem("entities"), "entity");
        assert_eq!(stem("matches"), "match");
        assert_eq!(stem("status"), "status");
        assert_eq!(stem("orders"), "order");
        assert_eq!(stem("customer's"), "customer");
    }

    #[test]
    fn words_match_the_plain_definition() {
        // The definition `words` implements without decoding ASCII.
        fn plain(text: &str) -> Vec<String> {
            text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
                .map(|w| {
                    w.trim_matches(|c| c == '\'' || c == '’')
                        .replace('’', "'")
                        .to_lowercase()
                })
                .filter(|w| !w.is_empty())
                .collect()
        }
        for text in [
            "",
            "  ",
            "Cancel an order. It's 20 of the orders!",
            "don’t ’quote’ 'x' '' ’ ' ΣΑΣ Straße İstanbul naïve café 東京 ١٢٣ emoji🦀crab x\u{200b}y",
            "tab\tnew\nline—dash–en/slash_under-score.dot,comma;semi:colon",
            "ÀÉÎÕÜ mIxEd CASE words’s",
            // Words that share their first eight bytes, or are the first
            // eight bytes of another, in and out of order, repeated.
            "configurations configuration Configure configur config configuration \
             repository repositoryName repos repositoryId repositor Repository ab abc abcdefgh abcdefghi abcdefgg",
            // Stems that are no piece of the text (`-ies` → `-y`), among others.
            "Entities entity policies ENTITIES categories Category zzz_queries query '' ’ ab",
        ] {
            assert_eq!(words(text).collect::<Vec<_>>(), plain(text), "{text:?}");
            assert_eq!(normalised(text), plain(text).join(" "), "{text:?}");
            // The one-pass analysis gives the same words and the same set.
            let set = analyse(text);
            assert_eq!(set.normalised(), normalised(text), "{text:?}");
            let mut from_words: Vec<String> = words(text)
                .filter(|w| {
                    w.chars().count() > 1
                        && w.chars().next().is_some_and(char::is_alphabetic)
                        && !is_stop_word(w)
                })
                .map(|w| stem(&w))
                .collect();
            from_words.sort();
            from_words.dedup();
            let got: Vec<String> = set.iter().map(|w| w.to_string()).collect();
            assert_eq!(got, from_words, "{text:?}");
        }
    }

    #[test]
    fn content_words_drop_stop_words() {
        let words = content_words("Cancel an order. It's 20 of the orders!");
        let words: Vec<_> = words.iter().collect();
        assert_eq!(words, ["cancel", "order"]);
    }
}
