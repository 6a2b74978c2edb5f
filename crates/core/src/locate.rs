//! Finds where a [`Path`] is in the pasted text, so a user interface can
//! select it.

use std::ops::Range;

use crate::path::{Path, Segment};

/// The byte range of the value at `path` in `text` (for an object member, the
/// range covers the key through the end of its value). `None` when the path is
/// not in the text.
#[must_use]
pub fn span(text: &str, path: &Path) -> Option<Range<usize>> {
    let bytes = text.as_bytes();
    let mut segments = path.segments();
    let mut pos = 0;
    if let Some(Segment::Line(line)) = segments.first() {
        pos = line_start(text, *line)?;
        segments = &segments[1..];
    }
    if bytes.get(pos..pos + 3) == Some(&[0xEF, 0xBB, 0xBF]) {
        pos += 3;
    }
    let mut scanner = Scanner { bytes, pos };
    scanner.skip_ws();
    let mut start = scanner.pos;
    for segment in segments {
        match segment {
            Segment::Key(key) => {
                let (key_start, value_start) = scanner.find_member(key)?;
                start = key_start;
                scanner.pos = value_start;
            }
            Segment::Index(index) => {
                scanner.pos = scanner.find_element(*index)?;
                start = scanner.pos;
            }
            Segment::Line(_) => return None,
        }
    }
    let end = scanner.value_end()?;
    Some(start..end)
}

fn line_start(text: &str, line: usize) -> Option<usize> {
    if line <= 1 {
        return Some(0);
    }
    text.match_indices('\n').nth(line - 2).map(|(i, _)| i + 1)
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
        let mut i = from + 1;
        while let Some(&b) = self.bytes.get(i) {
            match b {
                b'\\' => i += 2,
                b'"' => return Some(i + 1),
                _ => i += 1,
            }
        }
        None
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
    /// The last duplicate wins, as in the parsed document.
    fn find_member(&mut self, key: &str) -> Option<(usize, usize)> {
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
            let matches = serde_json::from_str::<String>(raw).is_ok_and(|k| k == key);
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
            self.pos = self.value_end()?;
        }
    }

    /// In an array at `self.pos`: the start of element `index`.
    fn find_element(&mut self, index: usize) -> Option<usize> {
        self.skip_ws();
        if self.peek()? != b'[' {
            return None;
        }
        self.pos += 1;
        let mut n = 0;
        loop {
            self.skip_ws();
            match self.peek()? {
                b']' => return None,
                b',' => {
                    self.pos += 1;
                    continue;
                }
                _ => {}
            }
            if n == index {
                return Some(self.pos);
            }
            self.pos = self.value_end()?;
            n += 1;
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
}
