//! Small text helpers shared by rules.

use crate::value::{Map, Value};

/// `map.get(key)`.
#[must_use]
#[inline]
pub fn member<'v>(map: &'v Map, key: &str) -> Option<&'v Value> {
    map.get(key)
}

pub use crate::value::same;

/// `value.get(key)` for an object `value` ([`member`] of it), `None` for
/// any other value.
#[must_use]
#[inline]
pub fn field<'v>(value: &'v Value, key: &str) -> Option<&'v Value> {
    member(value.as_object()?, key)
}

/// Each byte's low bit, and each byte's high bit, of eight bytes read as one
/// `u64` (for the rules that look at text eight bytes at a time).
pub(crate) const LOW_BITS: u64 = 0x0101_0101_0101_0101;
pub(crate) const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The lanes of `lanes` (eight bytes read as one `u64`) that hold `byte`:
/// the high bit of each such lane is set, and no other bit. Exact for any
/// bytes: no lane carries into the next.
#[inline]
pub(crate) fn lanes_equal(lanes: u64, byte: u8) -> u64 {
    let x = lanes ^ (LOW_BITS * u64::from(byte));
    // A lane's high bit, after adding 0x7F to its low seven bits, is set
    // unless the lane is zero; `| x` covers a lane whose own high bit is set.
    !(((x & !HIGH_BITS).wrapping_add(!HIGH_BITS)) | x | !HIGH_BITS)
}

/// A filter over a fixed list of words: for each length, the first and the
/// last letters (ignoring ASCII case) some word of that length has. A word
/// it rules out is in no list; one it lets through may be, and needs the
/// real lookup. Looking at two bytes and the length costs far less than
/// hashing the word, and rules out most words of ordinary text.
#[derive(Debug, Clone, Default)]
pub(crate) struct LetterFilter {
    starts: [u32; LetterFilter::LONGEST + 1],
    ends: [u32; LetterFilter::LONGEST + 1],
}

impl LetterFilter {
    /// The longest word the filter can hold; longer words are ruled out.
    pub(crate) const LONGEST: usize = 24;

    /// A filter for `words`, none longer than [`LetterFilter::LONGEST`].
    pub(crate) fn new<'w>(words: impl IntoIterator<Item = &'w str>) -> Self {
        let mut filter = Self::default();
        for word in words {
            let bytes = word.as_bytes();
            debug_assert!(bytes.len() <= Self::LONGEST, "{word}");
            if let (Some(set), Some(&first)) = (filter.starts.get_mut(bytes.len()), bytes.first()) {
                *set |= Self::letter_bit(first);
            }
            if let (Some(set), Some(&last)) = (filter.ends.get_mut(bytes.len()), bytes.last()) {
                *set |= Self::letter_bit(last);
            }
        }
        filter
    }

    /// A bit per ASCII letter, either case, and one for every other byte.
    fn letter_bit(byte: u8) -> u32 {
        1 << (byte | 0x20).wrapping_sub(b'a').min(26)
    }

    /// Whether some word of the list has the length and first letter, and
    /// some word the length and last letter, of `word`: when not, `word` is
    /// none of them.
    #[inline]
    pub(crate) fn may_hold(&self, word: &[u8]) -> bool {
        match (
            self.starts.get(word.len()),
            self.ends.get(word.len()),
            word.first(),
            word.last(),
        ) {
            (Some(starts), Some(ends), Some(&first), Some(&last)) => {
                starts & Self::letter_bit(first) != 0 && ends & Self::letter_bit(last) != 0
            }
            _ => false,
        }
    }
}

/// Lowercases and drops `_`, `-` and spaces, so `customer_id`, `customerId`
/// and `Customer-ID` compare equal.
#[must_use]
pub fn loose(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Levenshtein distance over chars, giving up (returning `limit + 1`) once the
/// distance must exceed `limit`.
#[must_use]
pub fn edit_distance(a: &str, b: &str, limit: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return limit + 1;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        let mut row_min = cur[0];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            row_min = row_min.min(cur[j + 1]);
        }
        if row_min > limit {
            return limit + 1;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The candidate closest to `word`: equal when loosely compared, or within a
/// small edit distance. `None` when nothing is close.
#[must_use]
pub fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let key = loose(word);
    let limit = if key.chars().count() <= 4 { 1 } else { 2 };
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == word {
            continue;
        }
        let d = if loose(c) == key {
            0
        } else {
            edit_distance(&key, &loose(c), limit)
        };
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

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
    // and control characters.
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
pub(crate) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The eight-at-a-time byte test marks exactly the lanes that hold
        /// the byte, for any bytes, with the byte placed in each lane.
        #[test]
        fn lanes_equal_marks_each_lane(bytes in proptest::array::uniform8(0u8..=255), byte in 0u8..=255, lane in 0usize..9) {
            let mut bytes = bytes;
            if let Some(b) = bytes.get_mut(lane) {
                *b = byte;
            }
            let lanes = u64::from_le_bytes(bytes);
            for probe in [byte, byte ^ 1, byte ^ 0x80, 0, 0x80] {
                let expected = bytes
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| **b == probe)
                    .fold(0u64, |m, (i, _)| m | 0x80 << (8 * i));
                proptest::prop_assert_eq!(lanes_equal(lanes, probe), expected);
            }
        }
    }

    /// The letter filter lets every word of its list through, in either
    /// case, and rules out a word whose first or last letter no word of its
    /// length has, even when the other letter matches.
    #[test]
    fn letter_filter_keeps_its_words_and_rules_out_others() {
        let words = ["the", "tab", "item", "notes", "a", "xyzzy"];
        let filter = LetterFilter::new(words);
        for w in words {
            assert!(filter.may_hold(w.as_bytes()), "{w}");
            assert!(filter.may_hold(w.to_ascii_uppercase().as_bytes()), "{w}");
        }
        // Same length, first and last letters seen in different words: let through.
        assert!(filter.may_hold(b"tae"));
        for w in [
            "thx", "bhe", "iteM2", "notez", "b", "", "ab", "xyzzyx", "t\u{e9}b",
        ] {
            assert!(!filter.may_hold(w.as_bytes()), "{w}");
        }
        assert!(!filter.may_hold(&[b'a'; LetterFilter::LONGEST + 1]));
    }

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
            "\u{200b}zero width",
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
    }

    #[test]
    fn closest_matches_renames_and_typos() {
        assert_eq!(
            closest("customer_id", ["customerId", "status"]),
            Some("customerId")
        );
        assert_eq!(
            closest("requried", ["required", "properties"]),
            Some("required")
        );
        assert_eq!(closest("zzz", ["required"]), None);
        assert_eq!(edit_distance("kitten", "sitting", 5), 3);
        assert_eq!(edit_distance("a", "abcdef", 2), 3);
    }
}
