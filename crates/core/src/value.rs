//! The parsed document: a JSON value laid out for checking.
//!
//! [`serde_json::Value`] keeps each object in an `IndexMap`: an 80-byte
//! value, a 112-byte slot per member and a hash index beside it, each key
//! its own allocation, and every lookup a SipHash of the key. A pasted
//! capture is read many times and never changed, so here an object is one
//! exact-size slice of members in document order, looked up by a scan of
//! its few keys (by binary search over a sorted index above
//! [`Map::INDEXED`] members) after a test of one bit that rules out most
//! absent keys, and a string of up to 24 bytes (most keys and short
//! values) is held inline. That parses and drops in 40–48% of
//! `serde_json`'s time (the generated 1,000-tool list, the GitHub capture),
//! and parsing the generated 5,000-tool list peaks at 27,576 KiB of
//! resident memory instead of 62,600 KiB, the 6.5 MB of text included.
//!
//! The API follows `serde_json::Value`'s, so rules read it the same way.
//! [`Value::to_serde`] converts a schema for the validators that take
//! `serde_json` values.

use std::fmt;

use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
pub use serde_json::Number;

/// A string in the document: inline up to 24 bytes (12 on 32-bit targets).
pub type Str = compact_str::CompactString;

/// A JSON value.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Value {
    /// `null`.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as `serde_json` reads it.
    Number(Number),
    /// A string.
    String(Str),
    /// An array.
    Array(Box<[Value]>),
    /// An object, its members in document order.
    Object(Map),
}

/// A JSON object: its members in document order, each key once.
#[derive(Debug, Clone, Default)]
pub struct Map {
    members: Box<[(Str, Value)]>,
    /// The [`key_bit`] of every key: a key whose bit is clear is not here,
    /// and is known absent without a look at the members. Most lookups are
    /// for keywords a schema does not have, and for a key written in the
    /// code the bit is worked out when the code is compiled.
    keys: u64,
    /// For objects of more than [`Map::INDEXED`] members, the positions of
    /// the members in the order of their keys.
    sorted: Option<Box<Sorted>>,
}

/// The positions of an object's members in the order of their keys (boxed,
/// so a map without them stays small).
#[derive(Debug, Clone)]
struct Sorted(Box<[u32]>);

/// One of 64 bits for a key, from its length and its first, second and last
/// bytes (see [`Map::get`]).
#[inline]
fn key_bit(key: &str) -> u64 {
    let bytes = key.as_bytes();
    let byte = |b: Option<&u8>| u32::from(b.copied().unwrap_or(0));
    let mixed = byte(bytes.first()).wrapping_mul(0x9E37_79B1)
        ^ byte(bytes.get(1)).wrapping_mul(0x85EB_CA77)
        ^ byte(bytes.last()).wrapping_mul(0xC2B2_AE3D)
        ^ (bytes.len() as u32).wrapping_mul(0x27D4_EB2F);
    1 << (mixed >> 26)
}

static NULL: Value = Value::Null;

/// What a JSON value is, for messages: `null`, `a boolean`, `a number`, `a
/// string`, `an array` or `an object`. It reads the document's [`Value`]s
/// and `serde_json`'s (a result, a config) alike.
#[must_use]
pub fn json_kind(value: &impl HasKind) -> &'static str {
    match value.kind() {
        Kind::Null => "null",
        Kind::Bool => "a boolean",
        Kind::Number => "a number",
        Kind::String => "a string",
        Kind::Array => "an array",
        Kind::Object => "an object",
    }
}

/// The six kinds of JSON value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

/// A JSON value, in the document's representation ([`Value`]) or
/// `serde_json`'s.
pub trait HasKind {
    /// Which kind of value it is.
    fn kind(&self) -> Kind;
}

impl HasKind for Value {
    fn kind(&self) -> Kind {
        match self {
            Value::Null => Kind::Null,
            Value::Bool(_) => Kind::Bool,
            Value::Number(_) => Kind::Number,
            Value::String(_) => Kind::String,
            Value::Array(_) => Kind::Array,
            Value::Object(_) => Kind::Object,
        }
    }
}

impl HasKind for serde_json::Value {
    fn kind(&self) -> Kind {
        match self {
            serde_json::Value::Null => Kind::Null,
            serde_json::Value::Bool(_) => Kind::Bool,
            serde_json::Value::Number(_) => Kind::Number,
            serde_json::Value::String(_) => Kind::String,
            serde_json::Value::Array(_) => Kind::Array,
            serde_json::Value::Object(_) => Kind::Object,
        }
    }
}

/// `map.get(key)`.
#[must_use]
#[inline]
pub fn member<'v>(map: &'v Map, key: &str) -> Option<&'v Value> {
    map.get(key)
}

/// `value.get(key)` for an object `value` ([`member`] of it), `None` for
/// any other value.
#[must_use]
#[inline]
pub fn field<'v>(value: &'v Value, key: &str) -> Option<&'v Value> {
    member(value.as_object()?, key)
}

/// `a == b`, with the length and first byte compared in place: most keys
/// differ there, so few comparisons reach the library's `memcmp` call.
#[must_use]
#[inline]
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
}

impl Map {
    /// Objects with more members than this are looked up through a sorted
    /// index; smaller ones by a scan, which is faster at their size.
    pub const INDEXED: usize = 16;

    /// An empty object.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The value of `key`, if the object has it.
    #[must_use]
    #[inline]
    pub fn get(&self, key: &str) -> Option<&Value> {
        if self.keys & key_bit(key) == 0 {
            return None;
        }
        if let Some(sorted) = &self.sorted {
            return self.get_sorted(&sorted.0, key);
        }
        self.members
            .iter()
            .find(|(k, _)| same(k, key))
            .map(|(_, v)| v)
    }

    /// [`Map::get`] by binary search over the keys' order.
    fn get_sorted(&self, sorted: &[u32], key: &str) -> Option<&Value> {
        sorted
            .binary_search_by(|&i| self.members[i as usize].0.as_str().cmp(key))
            .ok()
            .map(|at| &self.members[sorted[at] as usize].1)
    }

    /// Whether the object has `key`.
    #[must_use]
    #[inline]
    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The number of members.
    #[must_use]
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether the object has no members.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The members in document order.
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.members.iter())
    }

    /// The keys in document order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Str> + ExactSizeIterator {
        self.members.iter().map(|(k, _)| k)
    }

    /// The values in document order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator {
        self.members.iter().map(|(_, v)| v)
    }

    /// The object of `members`, which have distinct keys.
    fn from_distinct(members: Box<[(Str, Value)]>) -> Self {
        let sorted = (members.len() > Self::INDEXED)
            .then(|| Box::new(Sorted(key_order(&members).into_boxed_slice())));
        Self::with_keys(members, sorted)
    }

    /// The object of `members`, with the bits of their keys.
    fn with_keys(members: Box<[(Str, Value)]>, sorted: Option<Box<Sorted>>) -> Self {
        let keys = key_bits(&members);
        Self {
            members,
            keys,
            sorted,
        }
    }

    /// The object of `members` in order; for a repeated key, the position of
    /// its first member with the value of its last, as `serde_json` keeps it.
    fn from_members(members: Vec<(Str, Value)>) -> Self {
        // Whether keys repeat: not when each has a bit of its own; otherwise
        // pairwise for a few members, and for more from the order of the
        // keys, which is then the object's index.
        if members.len() <= Self::INDEXED {
            let keys = key_bits(&members);
            if keys.count_ones() as usize == members.len()
                || !(1..members.len())
                    .any(|i| members[..i].iter().any(|(k, _)| same(k, &members[i].0)))
            {
                return Self {
                    members: members.into_boxed_slice(),
                    keys,
                    sorted: None,
                };
            }
        } else {
            let order = key_order(&members);
            let key = |i: u32| members[i as usize].0.as_str();
            if order.windows(2).all(|w| key(w[0]) != key(w[1])) {
                return Self::with_keys(
                    members.into_boxed_slice(),
                    Some(Box::new(Sorted(order.into_boxed_slice()))),
                );
            }
        }
        // A key repeats.
        let mut first = std::collections::HashMap::with_capacity(members.len());
        let mut kept: Vec<(Str, Value)> = Vec::with_capacity(members.len());
        for (key, value) in members {
            match first.get(&key) {
                Some(&at) => kept[at] = (key, value),
                None => {
                    first.insert(key.clone(), kept.len());
                    kept.push((key, value));
                }
            }
        }
        Self::from_distinct(kept.into_boxed_slice())
    }
}

/// The [`key_bit`]s of the keys of `members`, together.
fn key_bits(members: &[(Str, Value)]) -> u64 {
    members.iter().fold(0, |bits, (k, _)| bits | key_bit(k))
}

/// The positions of `members` in the order of their keys.
fn key_order(members: &[(Str, Value)]) -> Vec<u32> {
    let mut order: Vec<u32> = (0..members.len())
        .map(|i| u32::try_from(i).unwrap_or(u32::MAX))
        .collect();
    order.sort_unstable_by(|&a, &b| members[a as usize].0.cmp(&members[b as usize].0));
    order
}

/// Objects are equal when they have the same keys with equal values, in any
/// order, as with `serde_json`.
impl PartialEq for Map {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl FromIterator<(Str, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (Str, Value)>>(iter: I) -> Self {
        Self::from_members(iter.into_iter().collect())
    }
}

impl std::ops::Index<&str> for Map {
    type Output = Value;

    /// The value of `key`, or `null` when the object has none.
    fn index(&self, key: &str) -> &Value {
        self.get(key).unwrap_or(&NULL)
    }
}

/// The members of a [`Map`] in document order.
#[derive(Clone)]
pub struct Iter<'a>(std::slice::Iter<'a, (Str, Value)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a Str, &'a Value);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k, v))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a Str, &'a Value);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// What a value can be indexed by: a key of an object or a position in an
/// array.
pub trait Index {
    /// The member or item this names in `v`, if there is one.
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value>;
}

impl Index for str {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        v.as_object()?.get(self)
    }
}

impl Index for String {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(v)
    }
}

impl Index for Str {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(v)
    }
}

impl Index for usize {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        v.as_array()?.get(*self)
    }
}

impl<T: Index + ?Sized> Index for &T {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        (**self).index_into(v)
    }
}

impl<I: Index> std::ops::Index<I> for Value {
    type Output = Value;

    /// The member or item, or `null` when there is none.
    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NULL)
    }
}

impl Value {
    /// The member `key` of an object or item of an array, if there is one.
    #[must_use]
    #[inline]
    pub fn get<I: Index>(&self, index: I) -> Option<&Value> {
        index.index_into(self)
    }

    /// The value at a JSON Pointer (RFC 6901), if there is one.
    #[must_use]
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        if pointer.is_empty() {
            return Some(self);
        }
        let rest = pointer.strip_prefix('/')?;
        rest.split('/').try_fold(self, |target, token| {
            let token = token.replace("~1", "/").replace("~0", "~");
            match target {
                Value::Object(map) => map.get(&token),
                Value::Array(items) => parse_index(&token).and_then(|i| items.get(i)),
                _ => None,
            }
        })
    }

    /// The string, if this is one.
    #[must_use]
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    #[must_use]
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number, if this is one.
    #[must_use]
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The number as a `u64`, if it is a non-negative integer that fits.
    #[must_use]
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number()?.as_u64()
    }

    /// The number as an `i64`, if it is an integer that fits.
    #[must_use]
    pub fn as_i64(&self) -> Option<i64> {
        self.as_number()?.as_i64()
    }

    /// The number as an `f64`, if this is a number.
    #[must_use]
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number()?.as_f64()
    }

    /// The object, if this is one.
    #[must_use]
    #[inline]
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The array's items, if this is one.
    #[must_use]
    #[inline]
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// Whether this is `null`.
    #[must_use]
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// Whether this is `true` or `false`.
    #[must_use]
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// Whether this is a number.
    #[must_use]
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }

    /// Whether this is a string.
    #[must_use]
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// Whether this is an array.
    #[must_use]
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// Whether this is an object.
    #[must_use]
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    /// Whether this is an integer that fits an `i64`.
    #[must_use]
    pub fn is_i64(&self) -> bool {
        self.as_number().is_some_and(Number::is_i64)
    }

    /// Whether this is a non-negative integer that fits a `u64`.
    #[must_use]
    pub fn is_u64(&self) -> bool {
        self.as_number().is_some_and(Number::is_u64)
    }

    /// Whether this is a number that is not an integer.
    #[must_use]
    pub fn is_f64(&self) -> bool {
        self.as_number().is_some_and(Number::is_f64)
    }

    /// The same value as a [`serde_json::Value`], for the schema validators.
    #[must_use]
    pub fn to_serde(&self) -> serde_json::Value {
        match self {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Number(n) => serde_json::Value::Number(n.clone()),
            Value::String(s) => serde_json::Value::String(s.as_str().to_owned()),
            Value::Array(items) => items.iter().map(Value::to_serde).collect(),
            Value::Object(map) => serde_json::Value::Object(
                map.iter()
                    .map(|(k, v)| (k.as_str().to_owned(), v.to_serde()))
                    .collect(),
            ),
        }
    }
}

/// An array index in a JSON Pointer: digits, without a leading zero.
fn parse_index(token: &str) -> Option<usize> {
    if token.starts_with('+') || (token.starts_with('0') && token.len() > 1) {
        return None;
    }
    token.parse().ok()
}

impl From<serde_json::Value> for Value {
    fn from(v: serde_json::Value) -> Self {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::Number(n) => Value::Number(n),
            serde_json::Value::String(s) => Value::String(s.into()),
            serde_json::Value::Array(items) => {
                Value::Array(items.into_iter().map(Value::from).collect())
            }
            serde_json::Value::Object(map) => Value::Object(Map::from_distinct(
                map.into_iter()
                    .map(|(k, v)| (Str::from(k), Value::from(v)))
                    .collect(),
            )),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.into())
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

/// Compact JSON, or with `{:#}` indented JSON, as `serde_json` writes it.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if f.alternate() {
            serde_json::to_string_pretty(self)
        } else {
            serde_json::to_string(self)
        };
        f.write_str(&text.map_err(|_| fmt::Error)?)
    }
}

impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(n) => n.serialize(s),
            Value::String(v) => s.serialize_str(v),
            Value::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Value::Object(map) => map.serialize(s),
        }
    }
}

impl serde::Serialize for Map {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_map(Some(self.len()))?;
        for (k, v) in self {
            out.serialize_entry(k.as_str(), v)?;
        }
        out.end()
    }
}

impl<'de> serde::Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        Exact(&mut Stacks::default()).deserialize(de)
    }
}

/// Parses `text` as one JSON value, with `serde_json`'s syntax, errors and
/// positions.
///
/// # Errors
/// `serde_json`'s error for text that is not one JSON value.
pub fn from_str(text: &str) -> Result<Value, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Exact(&mut Stacks::default()).deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// The members of the arrays and objects being parsed, innermost last: each
/// array and object is moved from here into a slice of exactly its size.
#[derive(Default)]
struct Stacks {
    items: Vec<Value>,
    members: Vec<(Str, Value)>,
}

/// Deserializes one JSON value, keeping the members of unfinished arrays
/// and objects on the shared stacks.
struct Exact<'s>(&'s mut Stacks);

impl<'de> DeserializeSeed<'de> for Exact<'_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, de: D) -> Result<Value, D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Exact<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.into()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v.into()))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let from = self.0.items.len();
        while let Some(item) = seq.next_element_seed(Exact(&mut *self.0))? {
            self.0.items.push(item);
        }
        Ok(Value::Array(self.0.items.drain(from..).collect()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let from = self.0.members.len();
        while let Some(key) = map.next_key_seed(Key)? {
            let value = map.next_value_seed(Exact(&mut *self.0))?;
            self.0.members.push((key, value));
        }
        Ok(Value::Object(Map::from_members(
            self.0.members.drain(from..).collect(),
        )))
    }
}

/// Deserializes an object's key straight into a [`Str`].
struct Key;

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Str;

    fn deserialize<D: serde::Deserializer<'de>>(self, de: D) -> Result<Str, D::Error> {
        de.deserialize_str(self)
    }
}

impl Visitor<'_> for Key {
    type Value = Str;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string key")
    }

    fn visit_str<E>(self, v: &str) -> Result<Str, E> {
        Ok(v.into())
    }

    fn visit_string<E>(self, v: String) -> Result<Str, E> {
        Ok(v.into())
    }
}

/// `serde_json::json!`, as a [`Value`].
#[cfg(test)]
macro_rules! json {
    ($($json:tt)+) => {
        $crate::value::Value::from(serde_json::json!($($json)+))
    };
}
#[cfg(test)]
pub(crate) use json;

#[cfg(test)]
mod tests {
    use super::*;

    fn both(text: &str) -> (Value, serde_json::Value) {
        (from_str(text).unwrap(), serde_json::from_str(text).unwrap())
    }

    #[test]
    fn a_value_is_small() {
        assert!(
            std::mem::size_of::<Value>() <= 40,
            "{}",
            std::mem::size_of::<Value>()
        );
    }

    #[test]
    fn lookups_agree_with_serde_json_below_and_above_the_index() {
        for n in [0, 1, 2, Map::INDEXED, Map::INDEXED + 1, 100] {
            let members: Vec<String> = (0..n).rev().map(|i| format!("\"k{i}\": {i}")).collect();
            let text = format!("{{{}}}", members.join(", "));
            let (ours, theirs) = both(&text);
            for i in 0..=n {
                let key = format!("k{i}");
                assert_eq!(
                    ours.get(&key).map(Value::to_serde),
                    theirs.get(&key).cloned()
                );
            }
            assert_eq!(ours.get("k"), None);
            assert_eq!(ours.to_serde(), theirs);
            let keys: Vec<&str> = ours.as_object().unwrap().keys().map(Str::as_str).collect();
            let expected: Vec<&str> = theirs
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(keys, expected);
        }
    }

    #[test]
    fn key_bits_never_hide_a_key() {
        // The keywords of a schema, and keys that share a bit with one of
        // them (found by search): each map holds some, and every key is
        // looked up, present or not, against a plain scan.
        let mut keys: Vec<String> = [
            "type",
            "description",
            "properties",
            "required",
            "items",
            "enum",
            "format",
            "default",
            "additionalProperties",
            "anyOf",
            "allOf",
            "oneOf",
            "$ref",
            "$defs",
            "title",
            "const",
            "examples",
            "pattern",
            "minimum",
            "maximum",
            "",
            "é",
            "a",
        ]
        .map(str::to_owned)
        .to_vec();
        let kinds = keys.len();
        for i in 0..kinds {
            let bit = key_bit(&keys[i]);
            if let Some(twin) = (0..2000)
                .map(|n| format!("{}{n}", keys[i]))
                .find(|k| key_bit(k) == bit)
            {
                keys.push(twin);
            }
        }
        assert!(keys.len() > kinds + kinds / 2, "{keys:?}");
        for size in [0, 1, 3, Map::INDEXED, Map::INDEXED + 1, keys.len()] {
            for offset in [0, 7, 19] {
                let held: Vec<&String> = keys.iter().cycle().skip(offset).take(size).collect();
                let map: Map = held
                    .iter()
                    .enumerate()
                    .map(|(i, k)| {
                        (
                            Str::from(k.as_str()),
                            Value::from(serde_json::Value::from(i)),
                        )
                    })
                    .collect();
                for key in &keys {
                    let expected = held.iter().position(|k| *k == key).map(|i| i as u64);
                    assert_eq!(
                        map.get(key).and_then(Value::as_u64),
                        expected,
                        "{key:?} in {held:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_repeated_key_keeps_its_first_position_and_last_value() {
        for n in [3, Map::INDEXED + 5] {
            let mut members: Vec<String> = (0..n).map(|i| format!("\"k{i}\": {i}")).collect();
            members.push("\"k1\": \"last\"".to_owned());
            members.push(format!("\"k{}\": true", n - 1));
            let text = format!("{{{}}}", members.join(", "));
            let (ours, theirs) = both(&text);
            assert_eq!(ours.to_string(), theirs.to_string());
            assert_eq!(ours["k1"], Value::from("last"));
            assert_eq!(ours.as_object().unwrap().len(), n);
        }
        // Same length and ends, different keys.
        let (ours, theirs) = both(r#"{"axb": 1, "ayb": 2, "axb ": 3}"#);
        assert_eq!(ours.to_string(), theirs.to_string());
        assert_eq!(ours.as_object().unwrap().len(), 3);
    }

    #[test]
    fn pointers_indexes_and_display_match_serde_json() {
        let text = r#"{"a/b": {"~x": [10, {"c": null}]}, "n": [1.5, -2, 18446744073709551615], "s": "é\n\"", "e": {}}"#;
        let (ours, theirs) = both(text);
        for p in [
            "",
            "/a~1b",
            "/a~1b/~0x/1/c",
            "/a~1b/~0x/01",
            "/n/2",
            "/n/3",
            "/s",
            "/x",
            "a",
        ] {
            assert_eq!(
                ours.pointer(p).map(Value::to_serde),
                theirs.pointer(p).cloned(),
                "{p}"
            );
        }
        assert_eq!(ours["n"][1], Value::from(serde_json::json!(-2)));
        assert!(ours["missing"][0].is_null());
        assert_eq!(ours.to_string(), theirs.to_string());
        assert_eq!(format!("{ours:#}"), format!("{theirs:#}"));
        assert_eq!(Value::from(theirs.clone()), ours);
    }

    #[test]
    fn objects_compare_as_sets_of_members() {
        assert_eq!(both(r#"{"a": 1, "b": 2}"#).0, both(r#"{"b": 2, "a": 1}"#).0);
        assert_ne!(both(r#"{"a": 1, "b": 2}"#).0, both(r#"{"a": 1, "c": 2}"#).0);
        assert_ne!(both(r#"{"a": 1}"#).0, both(r#"{"a": 1, "b": 2}"#).0);
    }
}
