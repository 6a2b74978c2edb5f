//! Text as a model reads it, cut into words and sentences, for rules that
//! look for phrases ("ignore all previous instructions") rather than names.

use crate::text::unicode::{hidden, tag_ascii, variation_selector_byte};

/// A word: a run of letters and digits, with its position in
/// [`Scan::chars`] and the sentence it belongs to.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Word {
    pub(crate) start: usize,
    pub(crate) end: usize,
    sentence: usize,
}

/// The text as the model reads it: Unicode tag characters decoded to the
/// ASCII they spell, other invisible characters and variation selectors
/// dropped. Positions count
/// characters of [`Scan::chars`].
pub(crate) struct Scan {
    /// The characters, as read.
    pub(crate) chars: Vec<char>,
    /// The same characters, lowercase.
    pub(crate) lower: Vec<char>,
    /// Which characters were decoded from tag characters (empty for ASCII
    /// text).
    pub(crate) from_tag: Vec<bool>,
    pub(crate) words: Vec<Word>,
    /// Each word, lowercase.
    lowercase_words: Vec<String>,
}

impl Scan {
    pub(crate) fn new(text: &str) -> Self {
        let (chars, from_tag): (Vec<char>, Vec<bool>) = if text.is_ascii() {
            (text.chars().collect(), Vec::new())
        } else {
            text.chars()
                .filter_map(|c| match (tag_ascii(c), hidden(c)) {
                    (Some(a), _) => Some((a, true)),
                    (None, Some(_)) => None,
                    (None, None) if variation_selector_byte(c).is_some() => None,
                    (None, None) => Some((c, false)),
                })
                .unzip()
        };
        let lower: Vec<char> = chars
            .iter()
            .map(|&c| c.to_lowercase().next().unwrap_or(c))
            .collect();
        let mut words = Vec::new();
        let mut sentence = 0;
        // Inside a code span (`` `…` ``), a full stop ends no sentence.
        let mut in_code = false;
        let mut i = 0;
        while i < lower.len() {
            let c = lower[i];
            if c.is_alphanumeric() {
                let start = i;
                while lower.get(i).is_some_and(|c| c.is_alphanumeric()) {
                    i += 1;
                }
                words.push(Word {
                    start,
                    end: i,
                    sentence,
                });
                continue;
            }
            // A sentence ends at a line break, or at a full stop, an
            // exclamation or a question mark before a space, outside code.
            let next = lower.get(i + 1).copied();
            if c == '`' {
                // A span opens only where it also closes on the line.
                in_code = !in_code
                    && lower[i + 1..]
                        .iter()
                        .take_while(|c| **c != '\n')
                        .any(|c| *c == '`');
            }
            if c == '\n' {
                in_code = false;
            }
            if c == '\n'
                || (!in_code
                    && matches!(c, '.' | '!' | '?')
                    && next.is_none_or(char::is_whitespace))
            {
                sentence += 1;
            }
            i += 1;
        }
        let lowercase_words = words
            .iter()
            .map(|w| lower[w.start..w.end].iter().collect())
            .collect();
        Self {
            chars,
            lower,
            from_tag,
            words,
            lowercase_words,
        }
    }

    /// Word `i`, lowercase.
    pub(crate) fn word(&self, i: usize) -> Option<&str> {
        self.lowercase_words.get(i).map(String::as_str)
    }

    /// Whether word `i` is one of `options` (lowercase).
    pub(crate) fn is(&self, i: usize, options: &[&str]) -> bool {
        self.word(i).is_some_and(|w| options.contains(&w))
    }

    /// The sentence word `i` belongs to, counted from 0.
    pub(crate) fn sentence(&self, i: usize) -> Option<usize> {
        self.words.get(i).map(|w| w.sentence)
    }

    /// Whether words `i` and `j` are in the same sentence.
    pub(crate) fn same_sentence(&self, i: usize, j: usize) -> bool {
        match (self.words.get(i), self.words.get(j)) {
            (Some(a), Some(b)) => a.sentence == b.sentence,
            _ => false,
        }
    }

    /// The first word after `i`, at most `max` words on and in the same
    /// sentence, that satisfies `pred`.
    pub(crate) fn after(
        &self,
        i: usize,
        max: usize,
        pred: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        self.first_after(i, max, &pred)
    }

    /// [`Scan::after`], compiled once: the request model calls it from a
    /// hundred places, each with its own test, and a copy of the loop for
    /// each would weigh on the page's worker.
    fn first_after(&self, i: usize, max: usize, pred: &dyn Fn(usize) -> bool) -> Option<usize> {
        (i + 1..=i + max)
            .take_while(|j| self.same_sentence(i, *j))
            .find(|j| pred(*j))
    }

    /// The nearest word before `i`, at most `max` words back and in the same
    /// sentence, that satisfies `pred`.
    pub(crate) fn before(
        &self,
        i: usize,
        max: usize,
        pred: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        self.last_before(i, max, &pred)
    }

    /// [`Scan::before`], compiled once, as [`Scan::first_after`] is.
    fn last_before(&self, i: usize, max: usize, pred: &dyn Fn(usize) -> bool) -> Option<usize> {
        (i.saturating_sub(max)..i)
            .rev()
            .take_while(|j| self.same_sentence(i, *j))
            .find(|j| pred(*j))
    }

    /// The characters from the start of word `from` to the end of word `to`.
    pub(crate) fn span(&self, from: usize, to: usize) -> Option<(usize, usize)> {
        Some((self.words.get(from)?.start, self.words.get(to)?.end))
    }

    /// The first occurrence of `needle` (lowercase) at or after `from`.
    pub(crate) fn find(&self, needle: &str, from: usize) -> Option<usize> {
        let needle: Vec<char> = needle.chars().collect();
        self.lower
            .get(from..)?
            .windows(needle.len())
            .position(|w| w == needle.as_slice())
            .map(|at| at + from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_words_and_sentences_as_the_model_does() {
        let s = Scan::new("Ig\u{200B}nore THIS. Then 1.5 times, read\nthat");
        let words: Vec<&str> = (0..s.words.len()).filter_map(|i| s.word(i)).collect();
        assert_eq!(
            words,
            ["ignore", "this", "then", "1", "5", "times", "read", "that"]
        );
        assert!(!s.same_sentence(1, 2));
        assert!(
            s.same_sentence(2, 6),
            "a full stop before a digit ends nothing"
        );
        assert!(!s.same_sentence(6, 7), "a line break ends a sentence");
        assert_eq!(s.after(0, 3, |j| s.is(j, &["then"])), None);
        assert_eq!(s.before(6, 5, |j| s.is(j, &["then"])), Some(2));
        assert_eq!(s.find("then", 0), Some(13));
    }

    #[test]
    fn decodes_tag_characters() {
        let tagged: String = "hi"
            .chars()
            .map(|c| char::from_u32(0xE0000 + u32::from(c)).unwrap_or(c))
            .collect();
        let s = Scan::new(&format!("a {tagged}"));
        assert_eq!(s.chars.iter().collect::<String>(), "a hi");
        assert_eq!(s.from_tag, [false, false, true, true]);
    }
}
