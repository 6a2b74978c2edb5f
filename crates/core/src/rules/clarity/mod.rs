//! What the model reads: names, descriptions, enums, formats.
//!
//! The text helpers shared by these rules live here, so the rules and the
//! public-corpus metrics ([`crate::metrics`]) compute exactly the same thing.

pub(crate) mod colliding_description;
pub(crate) mod date_without_format;
pub(crate) mod enum_without_description;
pub(crate) mod near_duplicate_description;
pub(crate) mod prose_enum;
pub(crate) mod thin_description;
pub(crate) mod undescribed_parameter;

use std::borrow::Cow;

use crate::value::{Map, Value};

use crate::input::Tool;
use crate::rules::util::{field, member};
use crate::rules::walk::{Node, Via};

/// Whether a value is a string with something other than whitespace in it.
pub(crate) fn has_text(value: Option<&Value>) -> bool {
    value
        .and_then(Value::as_str)
        .is_some_and(|s| !s.trim().is_empty())
}

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

/// Whether an input-schema node is a parameter: an object schema reached as a
/// member of `properties`, at any depth, outside conditions.
pub(crate) fn is_parameter(_tool: &Tool<'_>, node: &Node<'_>) -> bool {
    matches!(node.via, Via::Property(_)) && node.value.is_object() && !node.in_condition
}

/// Resolves a same-document `$ref` (`#/$defs/x`, `#/definitions/x`, any
/// `#/...` JSON Pointer) against the schema root.
pub(crate) fn resolve_local_ref<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    let mut node = root;
    for part in pointer.strip_prefix('/')?.split('/') {
        let part = part.replace("~1", "/").replace("~0", "~");
        node = match node {
            Value::Object(map) => map.get(&part)?,
            Value::Array(items) => items.get(part.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

/// Whether a parameter is described: its own non-blank `description`, or one
/// on the local schema its `$ref` points to, or on one of its `allOf` /
/// `anyOf` / `oneOf` branches (where generators such as Pydantic put it).
pub(crate) fn is_described(tool: &Tool<'_>, obj: &Map) -> bool {
    if has_text(member(obj, "description")) {
        return true;
    }
    let root = tool.input_schema();
    let mut current = obj;
    for _ in 0..8 {
        let Some(target) = current
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| root.and_then(|root| resolve_local_ref(root, r)))
            .and_then(Value::as_object)
        else {
            break;
        };
        if has_text(target.get("description")) {
            return true;
        }
        current = target;
    }
    ["allOf", "anyOf", "oneOf"].iter().any(|k| {
        member(obj, k)
            .and_then(Value::as_array)
            .is_some_and(|branches| branches.iter().any(|b| has_text(b.get("description"))))
    })
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
    set.dedup_by(|a, b| a.0 == b.0 && crate::rules::util::same(word(a.1, a.2), word(b.1, b.2)));
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

/// A parameter whose description names its allowed values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ProseEnum {
    /// The values as written (unquoted).
    pub values: Vec<String>,
}

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

/// Whether the schema already constrains the value to a set.
fn has_closed_set(obj: &Map) -> bool {
    if member(obj, "enum").is_some() || member(obj, "const").is_some() {
        return true;
    }
    let all_consts = |k: &str| {
        member(obj, k)
            .and_then(Value::as_array)
            .is_some_and(|branches| {
                !branches.is_empty()
                    && branches.iter().all(|b| {
                        field(b, "const").is_some()
                            || field(b, "enum").is_some()
                            || field(b, "type").and_then(Value::as_str) == Some("null")
                    })
            })
    };
    if all_consts("oneOf") || all_consts("anyOf") {
        return true;
    }
    member(obj, "items")
        .and_then(Value::as_object)
        .is_some_and(has_closed_set)
}

/// The allowed set a parameter's description names while its schema has no
/// `enum`, `const` or `oneOf`/`anyOf` of constants; `None` otherwise.
pub(crate) fn prose_enum(node: &Node<'_>) -> Option<ProseEnum> {
    let obj = node.object()?;
    let description = member(obj, "description")?.as_str()?;
    // Every cue and `either` hold one of these words, and a pipe list a pipe:
    // without them nothing below can match. (Lowercasing turns no non-ASCII
    // character into the ASCII letters these words are made of.)
    if !description.contains('|') && !mentions_cue_word(description) {
        return None;
    }
    if has_closed_set(obj) {
        return None;
    }
    let types = crate::rules::walk::type_names(obj);
    if !types.is_empty()
        && types
            .iter()
            .all(|t| matches!(*t, "boolean" | "null" | "object"))
    {
        return None;
    }
    let lower = description.to_lowercase();
    if let Some(values) = after_cue(&lower, description) {
        return Some(ProseEnum { values });
    }
    if let Some(values) = either_or(&lower, description) {
        return Some(ProseEnum { values });
    }
    if !description.contains('|') {
        // `pipe_list` finds nothing without a pipe.
        return None;
    }
    let name_exempt = node.property_name().is_some_and(|n| {
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
    if !name_exempt && !text_exempt {
        return pipe_list(description).map(|values| ProseEnum { values });
    }
    None
}

/// Whether `text` contains `values`, `options`, `one of` or `either `,
/// ignoring ASCII case (one Aho-Corasick pass).
fn mentions_cue_word(text: &str) -> bool {
    static CUES: std::sync::LazyLock<aho_corasick::AhoCorasick> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(["values", "options", "one of", "either "])
            .expect("four short patterns")
    });
    CUES.is_match(text)
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

    fn prose(description: &str) -> Option<Vec<String>> {
        let schema = crate::value::json!({"type": "string", "description": description});
        let node = Node {
            value: &schema,
            path: crate::path::Path::root(),
            via: Via::Property("p"),
            properties_only: true,
            in_defs: false,
            in_condition: false,
            depth: 1,
        };
        prose_enum(&node).map(|p| p.values)
    }

    #[test]
    fn finds_prose_enums() {
        assert_eq!(
            prose("Sort order. Valid values: asc, desc.").unwrap(),
            ["asc", "desc"]
        );
        assert_eq!(
            prose("Must be one of 'open', 'closed' or 'all'").unwrap(),
            ["open", "closed", "all"]
        );
        assert_eq!(prose("Sort direction (asc|desc)").unwrap(), ["asc", "desc"]);
        assert_eq!(
            prose("Either \"json\" or \"text\"").unwrap(),
            ["json", "text"]
        );
        assert_eq!(
            prose("The action. Options are: - 'add' - add one. - 'remove' - remove one.").unwrap(),
            ["add", "remove"]
        );
        assert_eq!(
            prose("Possible values are open, closed or all").unwrap(),
            ["open", "closed", "all"]
        );
    }

    #[test]
    fn ignores_near_misses() {
        assert_eq!(
            prose("Either after_id OR before_id should be specified"),
            None
        );
        assert_eq!(
            prose("One of the following: an issue ID or a full URL"),
            None
        );
        assert_eq!(prose("Repository owner (username or organization)"), None);
        assert_eq!(
            prose("Must be one of the labels returned by list_labels"),
            None
        );
        assert_eq!(prose("Customer id, e.g. cus_8f2k1"), None);
        assert_eq!(prose("A regex such as foo|bar"), None);
        assert_eq!(prose("Markdown table | a | b |"), None);
    }
}
