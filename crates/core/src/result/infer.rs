//! Inferring a starting `outputSchema` from one result.
//!
//! The schema is JSON Schema 2020-12:
//!
//! - every value gets a `type`; `required` lists the keys present;
//! - array items are merged across elements: the union of object keys, with
//!   `required` holding the keys present in every element, and mixed kinds
//!   giving a `type` array (`properties`, `items` and `format` only constrain
//!   their own type, so a `type` array never needs `anyOf`);
//! - numbers: a literal without fraction or exponent (`2`) infers `integer`,
//!   one with them (`2.0`, `1e3`) infers `number`, even when its value is
//!   whole: the writer chose a float representation. `integer` and `number`
//!   together give `number`;
//! - strings: `format` is set when every string seen at that place is a
//!   `date-time`, `date`, `uuid`, `email` or `uri`. The checks are hand-written
//!   and deliberately strict (a subset of what validators accept), so the
//!   inferred schema always validates the value it came from;
//! - nesting deeper than [`MAX_DEPTH`] levels is left unconstrained (`{}`).
//!
//! One result shows one shape, so the schema is a starting point: see
//! [`NOTE`].

use std::collections::HashMap;

use serde_json::{Map, Value, json};

/// The dialect of inferred schemas.
pub const SCHEMA_DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// Nesting beyond this depth is left unconstrained.
pub const MAX_DEPTH: usize = 64;

/// What to tell users about an inferred schema.
pub const NOTE: &str = "A starting point inferred from one result. One result shows one shape, so review `required` \
     before publishing: a field present here may be optional, a whole number may need `number` rather than `integer`, \
     and a string may need an `enum`. Add a description to each property.";

/// Infers a JSON Schema 2020-12 for `value`, with `$schema` set.
#[must_use]
pub fn infer_schema(value: &Value) -> Value {
    let mut shape = Shape::default();
    shape.add(value, 0);
    let mut schema = Map::new();
    schema.insert("$schema".into(), Value::String(SCHEMA_DIALECT.into()));
    if let Value::Object(body) = shape.render() {
        schema.extend(body);
    }
    Value::Object(schema)
}

/// Everything seen at one place in the value.
#[derive(Debug, Default)]
struct Shape {
    /// Too deep to describe: anything goes.
    any: bool,
    null: bool,
    boolean: bool,
    integer: bool,
    number: bool,
    string: Option<StringShape>,
    array: Option<ArrayShape>,
    object: Option<ObjectShape>,
}

#[derive(Debug)]
struct StringShape {
    /// The format every string seen matched, if they all matched the same one.
    format: Option<&'static str>,
}

#[derive(Debug, Default)]
struct ArrayShape {
    /// The merged shape of every element of every array seen; `None` when all were empty.
    items: Option<Box<Shape>>,
}

#[derive(Debug, Default)]
struct ObjectShape {
    /// How many objects were seen.
    seen: usize,
    /// Each key in first-seen order, with its merged shape and how many objects had it.
    props: Vec<(String, Shape, usize)>,
    index: HashMap<String, usize>,
}

impl Shape {
    fn add(&mut self, value: &Value, depth: usize) {
        if self.any {
            return;
        }
        if depth >= MAX_DEPTH {
            *self = Shape {
                any: true,
                ..Shape::default()
            };
            return;
        }
        match value {
            Value::Null => self.null = true,
            Value::Bool(_) => self.boolean = true,
            Value::Number(n) => {
                if n.is_f64() {
                    self.number = true;
                } else {
                    self.integer = true;
                }
            }
            Value::String(s) => {
                let format = detect_format(s);
                match &mut self.string {
                    None => self.string = Some(StringShape { format }),
                    Some(seen) if seen.format != format => seen.format = None,
                    Some(_) => {}
                }
            }
            Value::Array(items) => {
                let array = self.array.get_or_insert_with(ArrayShape::default);
                for item in items {
                    array
                        .items
                        .get_or_insert_with(Box::default)
                        .add(item, depth + 1);
                }
            }
            Value::Object(map) => {
                let object = self.object.get_or_insert_with(ObjectShape::default);
                object.seen += 1;
                for (key, v) in map {
                    let i = match object.index.get(key) {
                        Some(&i) => i,
                        None => {
                            object.props.push((key.clone(), Shape::default(), 0));
                            object.index.insert(key.clone(), object.props.len() - 1);
                            object.props.len() - 1
                        }
                    };
                    let (_, shape, count) = &mut object.props[i];
                    shape.add(v, depth + 1);
                    *count += 1;
                }
            }
        }
    }

    fn render(&self) -> Value {
        if self.any {
            return json!({});
        }
        let mut types: Vec<&str> = Vec::new();
        if self.object.is_some() {
            types.push("object");
        }
        if self.array.is_some() {
            types.push("array");
        }
        if self.string.is_some() {
            types.push("string");
        }
        if self.number {
            types.push("number");
        } else if self.integer {
            types.push("integer");
        }
        if self.boolean {
            types.push("boolean");
        }
        if self.null {
            types.push("null");
        }
        let mut out = Map::new();
        match types.as_slice() {
            [] => return json!({}),
            [one] => {
                out.insert("type".into(), json!(one));
            }
            many => {
                out.insert("type".into(), json!(many));
            }
        }
        if let Some(format) = self.string.as_ref().and_then(|s| s.format) {
            out.insert("format".into(), json!(format));
        }
        if let Some(items) = self.array.as_ref().and_then(|a| a.items.as_ref()) {
            out.insert("items".into(), items.render());
        }
        if let Some(object) = &self.object {
            let properties: Map<String, Value> = object
                .props
                .iter()
                .map(|(k, shape, _)| (k.clone(), shape.render()))
                .collect();
            out.insert("properties".into(), Value::Object(properties));
            let required: Vec<Value> = object
                .props
                .iter()
                .filter(|(_, _, count)| *count == object.seen)
                .map(|(k, _, _)| Value::String(k.clone()))
                .collect();
            if !required.is_empty() {
                out.insert("required".into(), Value::Array(required));
            }
        }
        Value::Object(out)
    }
}

/// The string format `s` matches: `date-time`, `date`, `uuid`, `email` or `uri`.
#[must_use]
pub fn detect_format(s: &str) -> Option<&'static str> {
    if is_date_time(s) {
        Some("date-time")
    } else if is_date(s) {
        Some("date")
    } else if is_uuid(s) {
        Some("uuid")
    } else if is_email(s) {
        Some("email")
    } else if is_uri(s) {
        Some("uri")
    } else {
        None
    }
}

fn digits(s: &[u8]) -> Option<u32> {
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(s.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

/// `YYYY-MM-DD`, a real calendar date.
fn is_date(s: &str) -> bool {
    is_date_bytes(s.as_bytes())
}

fn is_date_bytes(b: &[u8]) -> bool {
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) =
        (digits(&b[0..4]), digits(&b[5..7]), digits(&b[8..10]))
    else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// `HH:MM`, with the hour below 24 and the minute below 60.
fn is_hour_minute(b: &[u8]) -> bool {
    b.len() == 5
        && b[2] == b':'
        && digits(&b[0..2]).is_some_and(|h| h < 24)
        && digits(&b[3..5]).is_some_and(|m| m < 60)
}

/// RFC 3339 `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, upper-case `T` and
/// `Z` only, no leap seconds.
fn is_date_time(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 20 || b[10] != b'T' || !is_date_bytes(&b[..10]) {
        return false;
    }
    let time = &b[11..];
    if !is_hour_minute(&time[..5])
        || time[5] != b':'
        || digits(&time[6..8]).is_none_or(|sec| sec >= 60)
    {
        return false;
    }
    let mut rest = &time[8..];
    if let Some(fraction) = rest.strip_prefix(b".") {
        let n = fraction.iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return false;
        }
        rest = &fraction[n..];
    }
    match rest {
        [b'Z'] => true,
        [b'+' | b'-', offset @ ..] => is_hour_minute(offset),
        _ => false,
    }
}

/// `8-4-4-4-12` hexadecimal digits.
fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

/// A plain `local@example.com` address: dot-atom local part of letters,
/// digits and `._%+-`, and a domain of at least two labels ending in a
/// letters-only top-level label.
fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'%' | b'+' | b'-'));
    local_ok && s.len() <= 254 && is_domain(domain)
}

/// A DNS name with at least two labels and a letters-only last label.
fn is_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    domain.len() <= 253
        && labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.bytes().all(|c| c.is_ascii_alphabetic()))
}

/// An `http` or `https` URI with a DNS host, an optional port, and a path,
/// query and fragment made only of the characters RFC 3986 allows there.
fn is_uri(s: &str) -> bool {
    let rest = if let Some(r) = s.strip_prefix("https://") {
        r
    } else if let Some(r) = s.strip_prefix("http://") {
        r
    } else {
        return false;
    };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let host = match authority.rsplit_once(':') {
        Some((host, port)) => {
            if port.is_empty() || port.len() > 5 || !port.bytes().all(|c| c.is_ascii_digit()) {
                return false;
            }
            host
        }
        None => authority,
    };
    let host_ok = host == "localhost" || is_domain(host);
    if !host_ok {
        return false;
    }
    let (before_fragment, fragment) = tail.split_once('#').unwrap_or((tail, ""));
    let (path, query) = before_fragment
        .split_once('?')
        .unwrap_or((before_fragment, ""));
    uri_part_ok(path, false) && uri_part_ok(query, true) && uri_part_ok(fragment, true)
}

/// Whether every character is a pchar, `/` (and `?` in a query or fragment),
/// with `%` only as part of a valid percent-encoding.
fn uri_part_ok(part: &str, allow_question: bool) -> bool {
    let b = part.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            if !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
            {
                return false;
            }
            i += 3;
            continue;
        }
        let ok = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b':'
                    | b'@'
                    | b'/'
            )
            || (allow_question && c == b'?');
        if !ok {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        for (s, f) in [
            ("2026-07-28T10:15:00Z", Some("date-time")),
            ("2026-07-28T10:15:00.123+05:30", Some("date-time")),
            ("2026-07-28t10:15:00Z", None),
            ("2026-07-28T24:00:00Z", None),
            ("2026-07-28T10:15:60Z", None),
            ("2026-07-28T10:15:00", None),
            ("2026-07-28", Some("date")),
            ("2024-02-29", Some("date")),
            ("2023-02-29", None),
            ("2026-13-01", None),
            ("123e4567-e89b-12d3-a456-426614174000", Some("uuid")),
            ("123e4567e89b12d3a456426614174000", None),
            ("asha@example.com", Some("email")),
            ("a.b+tag@mail.example.co.in", Some("email")),
            ("a@b", None),
            ("a..b@example.com", None),
            ("https://example.com/orders/ord_19ab?x=1#top", Some("uri")),
            ("http://localhost:8080/", Some("uri")),
            ("https://example.com/a b", None),
            ("https://example.com/%zz", None),
            ("https://example.com/100%", None),
            ("ftp://example.com", None),
            ("ord_19ab", None),
            ("", None),
            ("49.90", None),
        ] {
            assert_eq!(detect_format(s), f, "{s}");
        }
    }

    #[test]
    fn formats_agree_with_the_validator() {
        for s in [
            "2026-07-28T10:15:00Z",
            "2026-07-28T10:15:00.5-03:00",
            "2024-02-29",
            "123e4567-e89b-12d3-a456-426614174000",
            "00000000-0000-0000-0000-000000000000",
            "asha@example.com",
            "x_y%z@sub-domain.example.org",
            "https://example.com/orders/ord_19ab?x=1&y=(2)#top",
            "http://localhost:8080/a/b;c=d",
            "https://example.com:443",
            "https://example.com/%20",
        ] {
            let format = detect_format(s).expect(s);
            let schema = json!({"type": "string", "format": format});
            let validator = jsonschema::options()
                .should_validate_formats(true)
                .build(&schema)
                .expect("schema compiles");
            assert!(validator.is_valid(&json!(s)), "{s} is not a valid {format}");
        }
    }

    #[test]
    fn merges_array_items() {
        let value = json!([
            {"id": 1, "name": "a", "tags": ["x"], "price": 2},
            {"id": 2, "price": 2.5, "note": null},
            {"id": 3, "name": null, "price": 3}
        ]);
        let schema = infer_schema(&value);
        assert_eq!(
            schema,
            json!({
                "$schema": SCHEMA_DIALECT,
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "integer"},
                        "name": {"type": ["string", "null"]},
                        "tags": {"type": "array", "items": {"type": "string"}},
                        "price": {"type": "number"},
                        "note": {"type": "null"}
                    },
                    "required": ["id", "price"]
                }
            })
        );
    }

    #[test]
    fn mixed_kinds_use_a_type_array() {
        let schema = infer_schema(&json!([1, "2026-01-01", "2026-01-02", {"a": true}, [], null]));
        assert_eq!(
            schema["items"],
            json!({
                "type": ["object", "array", "string", "integer", "null"],
                "format": "date",
                "properties": {"a": {"type": "boolean"}},
                "required": ["a"]
            })
        );
        let schema = infer_schema(&json!(["2026-01-01", "x"]));
        assert_eq!(schema["items"], json!({"type": "string"}));
        assert_eq!(infer_schema(&json!([]))["type"], json!("array"));
        assert!(infer_schema(&json!([])).get("items").is_none());
        assert_eq!(infer_schema(&json!(2.0))["type"], json!("number"));
        assert_eq!(infer_schema(&json!(2))["type"], json!("integer"));
    }

    #[test]
    fn deep_values_are_bounded() {
        let mut value = json!(1);
        for _ in 0..(MAX_DEPTH * 2) {
            value = json!({ "c": value });
        }
        let schema = infer_schema(&value);
        let mut node = &schema;
        let mut depth = 0;
        while let Some(next) = node.get("properties").and_then(|p| p.get("c")) {
            node = next;
            depth += 1;
        }
        assert_eq!(depth, MAX_DEPTH);
        assert_eq!(node, &json!({}));
    }
}
