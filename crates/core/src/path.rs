//! Paths into the document exactly as it was pasted.
//!
//! A [`Path`] is a list of object keys and array indices. It renders in two
//! notations: the dotted one users read (`result.tools[1].inputSchema.properties.orderId["x-mcp-header"]`)
//! and an RFC 6901 JSON Pointer (`/result/tools/1/inputSchema/properties/orderId/x-mcp-header`)
//! for machines.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

/// One step of a [`Path`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Segment {
    /// An object member: most keys are short enough to be held inline,
    /// without an allocation of their own.
    Key(crate::value::Str),
    /// An array element.
    Index(usize),
    /// A line of a newline-delimited transcript (1-based); always first.
    Line(usize),
}

/// A location in the pasted document.
///
/// Paths are shared, immutable lists linked from the last segment to the
/// first: cloning one, or appending a segment with [`Path::key`] or
/// [`Path::index`], costs one allocation at most, whatever the depth. Rules
/// build a path for every node they visit, so this keeps walks linear.
#[derive(Clone, Default)]
pub struct Path(Option<Arc<Link>>);

/// The last segment of a path, and the path before it.
struct Link {
    parent: Path,
    segment: Segment,
    /// Segments from the root, this one included.
    len: usize,
    /// A hash of the segments from the root, made from the parent's as the
    /// link is made: hashing a path does not walk its links
    /// (hashing every prefix of every located path, and the paths again each
    /// time a table grew, was a tenth of `toolcheck fix` on 5,000 tools).
    hash: u64,
    /// The segments as a slice, built on the first call to [`Path::segments`]
    /// (boxed twice so the link stays small while it is not).
    #[allow(clippy::box_collection)]
    flat: OnceLock<Box<Vec<Segment>>>,
}

/// The hash of a path from its parent's and its last segment
/// ([`Link::hash`]). Not inlined: paths are made in hundreds of places.
#[inline(never)]
fn link_hash(parent: u64, segment: &Segment) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    hasher.write_u64(parent);
    segment.hash(&mut hasher);
    hasher.finish()
}

impl Drop for Link {
    fn drop(&mut self) {
        // Unlink iteratively, so dropping a very deep path cannot overflow the stack.
        let mut next = self.parent.0.take();
        while let Some(link) = next {
            match Arc::try_unwrap(link) {
                Ok(mut owned) => next = owned.parent.0.take(),
                Err(_) => break,
            }
        }
    }
}

impl Path {
    /// The document root.
    #[must_use]
    pub fn root() -> Self {
        Self(None)
    }

    /// The start of one line of a transcript.
    #[must_use]
    pub fn line(line: usize) -> Self {
        Self::root().push(Segment::Line(line))
    }

    fn push(&self, segment: Segment) -> Self {
        Self(Some(Arc::new(Link {
            parent: self.clone(),
            len: self.len() + 1,
            hash: link_hash(self.hash_value(), &segment),
            segment,
            flat: OnceLock::new(),
        })))
    }

    /// The hash of the segments ([`Link::hash`]); the root's is 0.
    fn hash_value(&self) -> u64 {
        self.0.as_ref().map_or(0, |l| l.hash)
    }

    /// This path with an object key appended.
    #[must_use]
    pub fn key(&self, key: &str) -> Self {
        self.push(Segment::Key(key.into()))
    }

    /// This path with an array index appended.
    #[must_use]
    pub fn index(&self, index: usize) -> Self {
        self.push(Segment::Index(index))
    }

    /// This path with its start `from` replaced by `to`, or `None` when it
    /// does not start with `from`: a path found in one text, in another that
    /// holds the same value elsewhere.
    #[cfg(feature = "incremental")]
    #[must_use]
    pub(crate) fn rebase(&self, from: &Path, to: &Path) -> Option<Self> {
        if !self.starts_with(from) {
            return None;
        }
        Some(
            self.segments()[from.len()..]
                .iter()
                .fold(to.clone(), |path, segment| path.push(segment.clone())),
        )
    }

    /// The number of segments.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |l| l.len)
    }

    /// Whether this is the root.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The last segment, if any.
    #[must_use]
    pub fn last(&self) -> Option<&Segment> {
        self.0.as_ref().map(|l| &l.segment)
    }

    /// The segments, last first.
    pub fn iter_rev(&self) -> impl Iterator<Item = &Segment> {
        let mut at = self.0.as_deref();
        std::iter::from_fn(move || {
            let link = at?;
            at = link.parent.0.as_deref();
            Some(&link.segment)
        })
    }

    /// The segments, root first, without caching them.
    fn collect(&self) -> Vec<&Segment> {
        let mut out: Vec<&Segment> = self.iter_rev().collect();
        out.reverse();
        out
    }

    /// The segments, root first.
    #[must_use]
    pub fn segments(&self) -> &[Segment] {
        match &self.0 {
            None => &[],
            Some(link) => link
                .flat
                .get_or_init(|| Box::new(self.collect().into_iter().cloned().collect())),
        }
    }

    /// The ancestor with `len` segments (`self` when it is that long or shorter).
    fn ancestor(&self, len: usize) -> &Path {
        let mut at = self;
        while at.len() > len {
            match &at.0 {
                Some(link) => at = &link.parent,
                None => break,
            }
        }
        at
    }

    fn same(&self, other: &Path) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// Equality of two paths of the same length.
    fn eq_same_len(mut a: &Path, mut b: &Path) -> bool {
        loop {
            if a.same(b) {
                return true;
            }
            match (&a.0, &b.0) {
                (Some(x), Some(y)) => {
                    if x.segment != y.segment {
                        return false;
                    }
                    a = &x.parent;
                    b = &y.parent;
                }
                _ => return false,
            }
        }
    }

    /// Order of two paths of the same length: by their first differing segment.
    fn cmp_same_len(a: &Path, b: &Path) -> Ordering {
        if a.same(b) {
            return Ordering::Equal;
        }
        match (&a.0, &b.0) {
            (Some(x), Some(y)) => {
                Self::cmp_same_len(&x.parent, &y.parent).then_with(|| x.segment.cmp(&y.segment))
            }
            _ => Ordering::Equal,
        }
    }

    /// Whether `self` equals `other` or lies inside it.
    #[must_use]
    pub fn starts_with(&self, other: &Path) -> bool {
        other.len() <= self.len() && Self::eq_same_len(self.ancestor(other.len()), other)
    }

    /// The path without its last segment (the root stays the root).
    #[must_use]
    pub fn parent(&self) -> Self {
        self.0
            .as_ref()
            .map_or_else(Path::root, |l| l.parent.clone())
    }

    /// The last segment when it is a key.
    #[must_use]
    pub fn last_key(&self) -> Option<&str> {
        match self.last() {
            Some(Segment::Key(k)) => Some(k),
            _ => None,
        }
    }

    /// RFC 6901 JSON Pointer (`~` is written `~0`, `/` is written `~1`).
    #[must_use]
    pub fn pointer(&self) -> String {
        let mut out = String::new();
        for segment in self.collect() {
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
        for segment in self.collect() {
            node = match segment {
                Segment::Key(k) => node.as_object()?.get(&**k)?,
                Segment::Index(i) => node.as_array()?.get(*i)?,
                Segment::Line(_) => node,
            };
        }
        Some(node)
    }
}

impl PartialEq for Path {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && Self::eq_same_len(self, other)
    }
}

impl Eq for Path {}

impl Ord for Path {
    /// Lexicographic by segment, a path before the paths inside it.
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (self.len(), other.len());
        let common = a.min(b);
        Self::cmp_same_len(self.ancestor(common), other.ancestor(common)).then(a.cmp(&b))
    }
}

impl PartialOrd for Path {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Hash for Path {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash_value());
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Path").field(&self.collect()).finish()
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
        if self.is_empty() {
            return f.write_str("(root)");
        }
        let mut first = true;
        for segment in self.collect() {
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
        parts
            .iter()
            .fold(Path::root(), |path, part| match part.parse::<usize>() {
                Ok(i) => path.index(i),
                Err(_) => path.key(part),
            })
    }

    #[test]
    fn dotted_notation() {
        let path = p(&[
            "result",
            "tools",
            "1",
            "inputSchema",
            "properties",
            "orderId",
            "x-mcp-header",
        ]);
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

    /// Keys held inline (up to 24 bytes) and keys on the heap are the same
    /// keys: rendered, compared and ordered by their text.
    #[test]
    fn short_and_long_keys_alike() {
        let long = "a_property_name_longer_than_twenty_four_bytes";
        let path = Path::root().key(long).key("x/y");
        assert_eq!(path.pointer(), format!("/{long}/x~1y"));
        assert_eq!(path.to_string(), format!("{long}[\"x/y\"]"));
        assert_eq!(path.parent().last_key(), Some(long));
        assert!(Path::root().key(long) < Path::root().key("b"));
    }

    #[test]
    fn root_and_leading_index() {
        assert_eq!(Path::root().to_string(), "(root)");
        assert_eq!(
            Path::root().index(0).key("function").to_string(),
            "[0].function"
        );
    }

    #[test]
    fn resolve_follows_keys_and_indices() {
        let doc = serde_json::json!({"a.b": [{"c": 1}]});
        let path = Path::root().key("a.b").index(0).key("c");
        assert_eq!(path.resolve(&doc), Some(&serde_json::json!(1)));
        assert_eq!(Path::root().key("zz").resolve(&doc), None);
    }
}
