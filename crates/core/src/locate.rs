//! Finds where a [`Path`] is in the pasted text, so a user interface can
//! select it.

use std::cell::{OnceCell, RefCell};
use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap as HashMap;
use std::ops::Range;

use crate::path::{Path, Segment};

/// The byte range of the value at `path` in `text` (for an object member, the
/// range covers the key through the end of its value). `None` when the path is
/// not in the text. To locate many paths in the same text, use a [`Locator`].
#[must_use]
pub fn span(text: &str, path: &Path) -> Option<Range<usize>> {
    Locator::new(text).span(path)
}

/// How many bytes apart [`Locator`] marks the count of code points.
const STEP: usize = 4096;

/// The code points in UTF-8 bytes cut anywhere: the bytes that start one
/// (all but the continuation bytes, `0b10xx_xxxx`).
fn code_points(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// Locates many paths in one text, each in time proportional to the part of
/// the text it has not passed before: it remembers where every path it
/// located (and every prefix of one) is, where each array's elements start,
/// and where lines start.
#[derive(Debug)]
pub struct Locator<'t> {
    text: &'t str,
    /// The byte offset of every line's start.
    lines: OnceCell<Vec<usize>>,
    /// The code points before every [`STEP`]-th byte: a column is counted
    /// over at most `STEP` bytes, however long its line (a capture on one
    /// line is common).
    chars: OnceCell<Vec<usize>>,
    /// Located paths: where the span starts and where the value starts.
    known: RefCell<HashMap<Path, (usize, usize)>>,
    /// The arrays entered so far, by the offset of their value.
    arrays: RefCell<HashMap<usize, Elements>>,
    /// Where each value scanned so far ends, by the offset of its start:
    /// many paths into one object (a fix's members, a report's findings)
    /// skip the same values. The page's modules scan again, for their
    /// weight (see the `incremental` feature).
    #[cfg(feature = "incremental")]
    ends: RefCell<HashMap<usize, usize>>,
}

/// The elements of an array found so far.
#[derive(Debug)]
struct Elements {
    starts: Vec<usize>,
    /// Where the search for the next element goes on.
    resume: usize,
    /// Whether the closing `]` was reached.
    done: bool,
}

impl<'t> Locator<'t> {
    /// A locator for `text`.
    #[must_use]
    pub fn new(text: &'t str) -> Self {
        Self {
            text,
            lines: OnceCell::new(),
            chars: OnceCell::new(),
            known: RefCell::new(HashMap::default()),
            arrays: RefCell::new(HashMap::default()),
            #[cfg(feature = "incremental")]
            ends: RefCell::new(HashMap::default()),
        }
    }

    /// The end of the value that starts at `pos`, scanned once.
    fn end(&self, pos: usize) -> Option<usize> {
        #[cfg(feature = "incremental")]
        if let Some(&end) = self.ends.borrow().get(&pos) {
            return Some(end);
        }
        let end = Scanner {
            bytes: self.text.as_bytes(),
            pos,
        }
        .value_end()?;
        #[cfg(feature = "incremental")]
        self.ends.borrow_mut().insert(pos, end);
        Some(end)
    }

    /// The text.
    #[must_use]
    pub fn text(&self) -> &'t str {
        self.text
    }

    fn lines(&self) -> &[usize] {
        self.lines.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        })
    }

    /// The code points in the text before byte `offset` (a char boundary).
    fn chars_before(&self, offset: usize) -> usize {
        let bytes = self.text.as_bytes();
        let marks = self.chars.get_or_init(|| {
            let mut total = 0;
            std::iter::once(0)
                .chain(bytes.chunks(STEP).map(|chunk| {
                    total += code_points(chunk);
                    total
                }))
                .collect()
        });
        let mark = offset / STEP;
        marks.get(mark).copied().unwrap_or(0)
            + bytes.get(mark * STEP..offset).map_or(0, code_points)
    }

    /// The 1-based line and column (in code points) of a byte offset.
    #[must_use]
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let lines = self.lines();
        // Lines starting at or before the offset: at least the first.
        let line = lines.partition_point(|&start| start <= offset).max(1);
        let start = lines.get(line - 1).copied().unwrap_or(0);
        let column = if offset - start <= STEP {
            self.text
                .get(start..offset)
                .map_or(0, |s| s.chars().count())
        } else {
            self.chars_before(offset) - self.chars_before(start)
        };
        (line, column + 1)
    }

    /// Like [`span`].
    #[must_use]
    pub fn span(&self, path: &Path) -> Option<Range<usize>> {
        let bytes = self.text.as_bytes();
        let segments = path.segments();
        // The longest prefix located before.
        let (mut done, mut prefix, hit) = {
            let known = self.known.borrow();
            let mut prefix = path.clone();
            let mut n = segments.len();
            loop {
                if n == 0 {
                    break (0, Path::root(), None);
                }
                if let Some(&hit) = known.get(&prefix) {
                    break (n, prefix, Some(hit));
                }
                prefix = prefix.parent();
                n -= 1;
            }
        };
        let (mut start, mut pos) = match hit {
            Some(hit) => hit,
            None => {
                let mut pos = 0;
                if let Some(Segment::Line(line)) = segments.first() {
                    pos = self.lines().get(line.saturating_sub(1)).copied()?;
                    prefix = Path::line(*line);
                    done = 1;
                }
                if bytes.get(pos..pos + 3) == Some(&[0xEF, 0xBB, 0xBF]) {
                    pos += 3;
                }
                let mut scanner = Scanner { bytes, pos };
                scanner.skip_ws();
                (scanner.pos, scanner.pos)
            }
        };
        for segment in segments.get(done..).unwrap_or_default() {
            match segment {
                Segment::Key(key) => {
                    let mut scanner = Scanner { bytes, pos };
                    let (key_start, value_start) = scanner.find_member(key, |at| self.end(at))?;
                    start = key_start;
                    pos = value_start;
                    prefix = prefix.key(key);
                }
                Segment::Index(index) => {
                    pos = self.element(pos, *index)?;
                    start = pos;
                    prefix = prefix.index(*index);
                }
                Segment::Line(_) => return None,
            }
            self.known.borrow_mut().insert(prefix.clone(), (start, pos));
        }
        let end = self.end(pos)?;
        Some(start..end)
    }

    /// The byte range of the value at `path` alone: for an object member,
    /// without its key.
    #[must_use]
    pub fn value_span(&self, path: &Path) -> Option<Range<usize>> {
        let whole = self.span(path)?;
        let start = self
            .known
            .borrow()
            .get(path)
            .map_or(whole.start, |&(_, value)| value);
        Some(start..whole.end)
    }

    /// The byte range of the key of the object member at `path`, quotes
    /// included. `None` when the path does not end in a key.
    #[must_use]
    pub fn key_span(&self, path: &Path) -> Option<Range<usize>> {
        if !matches!(path.last(), Some(Segment::Key(_))) {
            return None;
        }
        let start = self.span(path)?.start;
        let end = Scanner {
            bytes: self.text.as_bytes(),
            pos: start,
        }
        .string_end(start)?;
        Some(start..end)
    }

    /// The start of element `index` of the array whose value starts at `pos`.
    fn element(&self, pos: usize, index: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let mut arrays = self.arrays.borrow_mut();
        let elements = match arrays.entry(pos) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                let mut scanner = Scanner { bytes, pos };
                scanner.skip_ws();
                if scanner.peek()? != b'[' {
                    return None;
                }
                e.insert(Elements {
                    starts: Vec::new(),
                    resume: scanner.pos + 1,
                    done: false,
                })
            }
        };
        while elements.starts.len() <= index && !elements.done {
            let mut scanner = Scanner {
                bytes,
                pos: elements.resume,
            };
            scanner.skip_ws();
            match scanner.peek()? {
                b']' => elements.done = true,
                b',' => elements.resume = scanner.pos + 1,
                _ => {
                    elements.starts.push(scanner.pos);
                    elements.resume = self.end(scanner.pos)?;
                }
            }
        }
        elements.starts.get(index).copied()
    }
}

/// The end of the JSON string that starts with the `"` at `from` in
/// `bytes` (just past its closing quote).
pub(crate) fn string_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from + 1;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// At a `"`: returns the end of the string (just past the closing quote).
    fn string_end(&self, from: usize) -> Option<usize> {
        string_end(self.bytes, from)
    }

    /// The end of the value starting at `self.pos`, iteratively (no recursion,
    /// so deep nesting cannot overflow the stack).
    fn value_end(&self) -> Option<usize> {
        let mut i = self.pos;
        let mut depth = 0usize;
        loop {
            let b = *self.bytes.get(i)?;
            match b {
                b'"' => {
                    i = self.string_end(i)?;
                    if depth == 0 {
                        return Some(i);
                    }
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ if depth == 0 => {
                    // A scalar: runs to the next delimiter.
                    let mut j = i;
                    while let Some(&c) = self.bytes.get(j) {
                        if matches!(c, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r') {
                            break;
                        }
                        j += 1;
                    }
                    return Some(j);
                }
                _ => {}
            }
            i += 1;
        }
    }

    /// In an object at `self.pos`: the start of the member `key` and of its value.
    /// The last duplicate wins, as in the parsed document. `end` gives where
    /// a value ends.
    fn find_member(
        &mut self,
        key: &str,
        end: impl Fn(usize) -> Option<usize>,
    ) -> Option<(usize, usize)> {
        self.skip_ws();
        if self.peek()? != b'{' {
            return None;
        }
        self.pos += 1;
        let mut found = None;
        loop {
            self.skip_ws();
            match self.peek()? {
                b'}' => return found,
                b',' => {
                    self.pos += 1;
                    continue;
                }
                b'"' => {}
                _ => return None,
            }
            let key_start = self.pos;
            let key_end = self.string_end(key_start)?;
            let raw = std::str::from_utf8(&self.bytes[key_start..key_end]).ok()?;
            // Most keys have no escapes and compare as written.
            let matches = match raw.get(1..raw.len() - 1) {
                Some(inner) if !inner.contains('\\') => inner == key,
                _ => serde_json::from_str::<String>(raw).is_ok_and(|k| k == key),
            };
            self.pos = key_end;
            self.skip_ws();
            if self.peek()? != b':' {
                return None;
            }
            self.pos += 1;
            self.skip_ws();
            let value_start = self.pos;
            if matches {
                found = Some((key_start, value_start));
            }
            self.pos = end(value_start)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_members_and_elements() {
        let text = r#"{"result": {"tools": [{"name": "a"}, {"name": "b", "inputSchema": {"required": ["x"]}}]}}"#;
        let path = Path::root()
            .key("result")
            .key("tools")
            .index(1)
            .key("inputSchema")
            .key("required");
        let range = span(text, &path).unwrap();
        assert_eq!(&text[range], r#""required": ["x"]"#);
        let path = Path::root().key("result").key("tools").index(0);
        assert_eq!(&text[span(text, &path).unwrap()], r#"{"name": "a"}"#);
        assert!(span(text, &Path::root().key("nope")).is_none());
    }

    #[test]
    fn escaped_keys_and_strings_with_brackets() {
        let text = "{\"a\\\"b\": \"}]\", \"c\": [1, \"x]\", 3]}";
        assert_eq!(
            &text[span(text, &Path::root().key("a\"b")).unwrap()],
            "\"a\\\"b\": \"}]\""
        );
        assert_eq!(
            &text[span(text, &Path::root().key("c").index(2)).unwrap()],
            "3"
        );
    }

    #[test]
    fn transcript_lines() {
        let text = "{\"id\":1}\n{\"result\":{\"tools\":[]}}\n";
        let range = span(text, &Path::line(2).key("result").key("tools")).unwrap();
        assert_eq!(&text[range], "\"tools\":[]");
    }

    /// Every value's path in a document, in document order.
    fn all_paths(v: &serde_json::Value, at: Path, out: &mut Vec<Path>) {
        out.push(at.clone());
        match v {
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    all_paths(v, at.key(k), out);
                }
            }
            serde_json::Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    all_paths(v, at.index(i), out);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn one_locator_finds_what_fresh_ones_find_in_any_order() {
        let text = crate::sample::TOOLS;
        let doc: serde_json::Value = serde_json::from_str(text).unwrap();
        let mut paths = Vec::new();
        all_paths(&doc, Path::root(), &mut paths);
        paths.push(Path::root().key("result").key("tools").index(99));
        paths.push(Path::root().key("nope").key("x"));
        assert!(paths.len() > 80, "{}", paths.len());
        // Document order, reversed, and interleaved from both ends.
        let mut interleaved = Vec::new();
        for i in 0..paths.len().div_ceil(2) {
            interleaved.push(paths[i].clone());
            interleaved.push(paths[paths.len() - 1 - i].clone());
        }
        let reversed: Vec<Path> = paths.iter().rev().cloned().collect();
        for order in [&paths, &reversed, &interleaved] {
            let shared = Locator::new(text);
            for path in order {
                assert_eq!(shared.span(path), span(text, path), "{path}");
            }
        }
        let found = paths.iter().filter(|p| span(text, p).is_some()).count();
        assert_eq!(found, paths.len() - 2);
    }

    #[test]
    fn columns_of_a_long_line_count_code_points_as_a_scan_would() {
        // Lines longer than the marks' step, with code points of 1 to 4
        // bytes across the marks, and short lines between them.
        let mut text = String::new();
        for i in 0..3000 {
            text.push_str(["a", "\u{e9}", "\u{20ac}", "\u{1f600}"][i % 4]);
            if i % 997 == 0 {
                text.push('\n');
            }
        }
        text.push_str(&"x".repeat(3 * STEP));
        let locator = Locator::new(&text);
        for offset in (0..=text.len()).step_by(97).chain([text.len()]) {
            let mut at = offset;
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
            let line = text[..at].matches('\n').count() + 1;
            let column = text[line_start..at].chars().count() + 1;
            assert_eq!(
                locator.line_column(offset),
                (line, column),
                "offset {offset}"
            );
        }
    }

    #[test]
    fn lines_and_columns() {
        let locator = Locator::new("ab\n\u{e9}x\n");
        assert_eq!(locator.line_column(0), (1, 1));
        assert_eq!(locator.line_column(3), (2, 1));
        assert_eq!(locator.line_column(5), (2, 2));
        assert_eq!(locator.line_column(4), (2, 1));
        assert_eq!(locator.line_column(99), (3, 1));
        let transcript = "{\"id\":1}\n{\"result\":{\"tools\":[1, 2]}}\n";
        let shared = Locator::new(transcript);
        for line in [2, 1, 2] {
            let path = Path::line(line).key("result").key("tools").index(1);
            assert_eq!(shared.span(&path), span(transcript, &path));
        }
        assert_eq!(
            &transcript[shared
                .span(&Path::line(2).key("result").key("tools").index(1))
                .unwrap()],
            "2"
        );
    }
}
