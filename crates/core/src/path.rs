//! Paths into the document exactly as it was pasted.
//!
//! A [`Path`] is a list of object keys and array indices. It renders in two
//! notations: the dotted one users read (`result.tools[1].inputSchema.properties.orderId["x-mcp-header"]`)
//! and an RFC 6901 JSON Pointer (`/result/tools/1/inputSchema/properties/orderId/x-mcp-header`)
//! for machines.

use std::fmt;
use std::sync::Arc;

/// One step of a [`Path`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Segment {
    /// An object member.
    Key(Arc<str>),
    /// An array element.
    Index(usize),
    /// A line of a newline-delimited transcript (1-based); always first.
    Line(usize),
}

/// A location in the pasted document.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path(Vec<Segment>);

impl Path {
    /// The document root.
    #[must_use]
    pub fn root() -> Self {
        Self(Vec::new())
    }

    /// The start of one line of a transcript.
    #[must_use]
    pub fn line(line: usize) -> Self {
        Self(vec![Segment::Line(line)])
    }

    /// This path with an object key appended.
    #[must_use]
    pub fn key(&self, key: &str) -> Self {
        let mut segments = Vec::with_capacity(self.0.len() + 1);
        segments.extend_from_slice(&self.0);
        segments.push(Segment::Key(Arc::from(key)));
        Self(segments)
    }

    /// This path with an array index appended.
    #[must_use]
    pub fn index(&self, index: usize) -> Self {
        let mut segments = Vec::with_capacity(self.0.len() + 1);
        segments.extend_from_slice(&self.0);
        segments.push(Segment::Index(index));
        Self(segments)
    }

    /// The segments, root first.
    #[must_use]
    pub fn segments(&self) -> &[Segment] {
        &self.0
    }

    /// Whether `self` equals `other` or lies inside it.
    #[must_use]
    pub fn starts_with(&self, other: &Path) -> bool {
        self.0.starts_with(&other.0)
    }

    /// The path without its last segment (the root stays the root).
    #[must_use]
    pub fn parent(&self) -> Self {
        let mut segments = self.0.clone();
        segments.pop();
        Self(segments)
    }

    /// The last segment when it is a key.
    #[must_use]
    pub fn last_key(&self) -> Option<&str> {
        match self.0.last() {
            Some(Segment::Key(k)) => Some(k),
            _ => None,
        }
    }

    /// RFC 6901 JSON Pointer (`~` is written `~0`, `/` is written `~1`).
    #[must_use]
    pub fn pointer(&self) -> String {
        let mut out = String::new();
        for segment in &self.0 {
            out.push('/');
            match segment {
                Segment::Key(k) => {
                    for c in k.chars() {
                        match c {
                            '~' => out.push_str("~0"),
                            '/' => out.push_str("~1"),
                            c => out.push(c),
                        }
                    }
                }
                Segment::Index(i) => out.push_str(&i.to_string()),
                Segment::Line(n) => out.push_str(&format!("line{n}")),
            }
        }
        out
    }

    /// Resolves this path in `doc`.
    #[must_use]
    pub fn resolve<'a>(&self, doc: &'a serde_json::Value) -> Option<&'a serde_json::Value> {
        let mut node = doc;
        for segment in &self.0 {
            node = match segment {
                Segment::Key(k) => node.as_object()?.get(&**k)?,
                Segment::Index(i) => node.as_array()?.get(*i)?,
                Segment::Line(_) => node,
            };
        }
        Some(node)
    }
}

/// Whether a key can be written after a dot rather than in brackets.
fn is_plain_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("(root)");
        }
        let mut first = true;
        for segment in &self.0 {
            match segment {
                Segment::Line(n) => {
                    write!(f, "line {n}: ")?;
                    first = true;
                    continue;
                }
                Segment::Key(k) if is_plain_identifier(k) => {
                    if !first {
                        f.write_str(".")?;
                    }
                    f.write_str(k)?;
                }
                Segment::Key(k) => {
                    // JSON string escaping keeps quotes, backslashes, newlines and
                    // control characters unambiguous.
                    let quoted = serde_json::to_string(&**k).map_err(|_| fmt::Error)?;
                    write!(f, "[{quoted}]")?;
                }
                Segment::Index(n) => write!(f, "[{n}]")?,
            }
            first = false;
        }
        Ok(())
    }
}

impl serde::Serialize for Path {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(parts: &[&str]) -> Path {
        parts.iter().fold(Path::root(), |path, part| match part.parse::<usize>() {
            Ok(i) => path.index(i),
            Err(_) => path.key(part),
        })
    }

    #[test]
    fn dotted_notation() {
        let path = p(&["result", "tools", "1", "inputSchema", "properties", "orderId", "x-mcp-header"]);
        assert_eq!(
            path.to_string(),
            r#"result.tools[1].inputSchema.properties.orderId["x-mcp-header"]"#
        );
        assert_eq!(
            path.pointer(),
            "/result/tools/1/inputSchema/properties/orderId/x-mcp-header"
        );
    }

    #[test]
    fn awkward_keys_are_bracketed_and_escaped() {
        let path = Path::root()
            .key("a.b")
            .key("say \"hi\"")
            .key("[x]")
            .key("tilde~/slash")
            .key("line\nbreak")
            .key("emoji🦀")
            .key("$schema");
        assert_eq!(
            path.to_string(),
            r#"["a.b"]["say \"hi\""]["[x]"]["tilde~/slash"]["line\nbreak"]["emoji🦀"].$schema"#
        );
        assert_eq!(
            path.pointer(),
            "/a.b/say \"hi\"/[x]/tilde~0~1slash/line\nbreak/emoji🦀/$schema"
        );
    }

    #[test]
    fn transcript_lines_prefix_the_path() {
        let path = Path::line(3).key("result").key("tools").index(0);
        assert_eq!(path.to_string(), "line 3: result.tools[0]");
    }

    #[test]
    fn root_and_leading_index() {
        assert_eq!(Path::root().to_string(), "(root)");
        assert_eq!(Path::root().index(0).key("function").to_string(), "[0].function");
    }

    #[test]
    fn resolve_follows_keys_and_indices() {
        let doc = serde_json::json!({"a.b": [{"c": 1}]});
        let path = Path::root().key("a.b").index(0).key("c");
        assert_eq!(path.resolve(&doc), Some(&serde_json::json!(1)));
        assert_eq!(Path::root().key("zz").resolve(&doc), None);
    }
}
