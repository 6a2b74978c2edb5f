//! Values that fit a schema, and the cases made from them.

use std::sync::LazyLock;

use serde_json::{Map, Value, json};

use crate::text::re::Regex;

use super::pattern;

/// How deep nested schemas are followed (`$ref` chains and nesting).
const MAX_DEPTH: usize = 12;

/// Which members of an object a valid value holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fill {
    /// Only the required ones.
    Required,
    /// Every declared property.
    All,
}

/// The schema and what generation needs: its root (for `$ref`), the seed's
/// generator, and the notes for what cannot be satisfied.
pub(super) struct Gen<'a> {
    pub(super) root: &'a Value,
    rng: fastrand::Rng,
    pub(super) note: Option<String>,
    /// Whether a string takes the value its description gives ("e.g.
    /// `main`"), and whether one did.
    pub(super) hints: bool,
    pub(super) hinted: bool,
}

impl<'a> Gen<'a> {
    pub(super) fn new(root: &'a Value, seed: u64) -> Self {
        Self {
            root,
            rng: fastrand::Rng::with_seed(seed),
            note: None,
            hints: false,
            hinted: false,
        }
    }

    /// Records why no value could be made (the first reason is kept).
    fn fail(&mut self, why: impl Into<String>) -> Option<Value> {
        if self.note.is_none() {
            self.note = Some(why.into());
        }
        None
    }

    /// The schema a `$ref` in the same document points to, followed
    /// through chains of references; the schema itself when it has none.
    pub(super) fn resolve<'b>(&self, schema: &'b Value) -> Option<&'b Value>
    where
        'a: 'b,
    {
        resolve(self.root, schema)
    }

    /// A value that fits `schema`, or `None` (with a note) when none is
    /// found.
    pub(super) fn value<'b>(&mut self, schema: &'b Value, fill: Fill, depth: usize) -> Option<Value>
    where
        'a: 'b,
    {
        if depth > MAX_DEPTH {
            return self.fail("the schema nests too deep to make a value for");
        }
        let Some(schema) = self.resolve(schema) else {
            let reference = schema.get("$ref").and_then(Value::as_str).unwrap_or("");
            return self.fail(format!(
                "the reference {reference} cannot be followed inside the schema"
            ));
        };
        match schema {
            Value::Bool(true) => return Some(json!("example")),
            Value::Bool(false) => return self.fail("a schema of false accepts nothing"),
            Value::Object(_) => {}
            _ => return self.fail("a schema is neither an object nor a boolean"),
        }
        if let Some(c) = schema.get("const") {
            return Some(c.clone());
        }
        if let Some(first) = schema
            .get("enum")
            .and_then(Value::as_array)
            .and_then(|e| e.iter().find(|v| !v.is_null()).or(e.first()))
        {
            return Some(first.clone());
        }
        if let Some(example) = schema
            .get("examples")
            .and_then(Value::as_array)
            .and_then(|e| e.first())
        {
            return Some(example.clone());
        }
        if let Some(default) = schema.get("default")
            && !default.is_null()
        {
            return Some(default.clone());
        }
        if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
            return self.all_of(schema, all, fill, depth);
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(branches) = schema.get(key).and_then(Value::as_array) {
                return self.any_of(key, branches, fill, depth);
            }
        }
        match kind(schema) {
            "object" => self.object(schema, fill, depth),
            "array" => self.array(schema, fill, depth),
            "integer" | "number" => self.number(schema),
            "boolean" => Some(Value::Bool(true)),
            "null" => Some(Value::Null),
            _ => self.string(schema),
        }
    }

    /// `allOf`: its branches merged into one schema (their keywords
    /// together, properties and `required` joined), when they do not
    /// disagree.
    fn all_of(
        &mut self,
        schema: &Value,
        branches: &[Value],
        fill: Fill,
        depth: usize,
    ) -> Option<Value> {
        let mut merged = schema.as_object().cloned().unwrap_or_default();
        merged.remove("allOf");
        for branch in branches {
            let branch = self.resolve(branch)?;
            let Some(branch) = branch.as_object() else {
                return self.fail("an allOf branch is not an object schema");
            };
            for (key, value) in branch {
                match (key.as_str(), merged.get_mut(key)) {
                    ("properties", Some(Value::Object(have))) => {
                        if let Some(more) = value.as_object() {
                            for (k, v) in more {
                                have.entry(k.clone()).or_insert_with(|| v.clone());
                            }
                        }
                    }
                    ("required", Some(Value::Array(have))) => {
                        for r in value.as_array().into_iter().flatten() {
                            if !have.contains(r) {
                                have.push(r.clone());
                            }
                        }
                    }
                    (_, Some(have)) if have != value => {
                        return self.fail(format!(
                            "allOf gives {key} two different values, which no value can satisfy together"
                        ));
                    }
                    (_, Some(_)) => {}
                    (_, None) => {
                        merged.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        // The merged schema is new; its references still point into the
        // tool's schema.
        self.value(&Value::Object(merged), fill, depth + 1)
    }

    /// `anyOf`/`oneOf`: the first branch a value is found for, the branches
    /// that are not `null` first.
    fn any_of(&mut self, key: &str, branches: &[Value], fill: Fill, depth: usize) -> Option<Value> {
        let not_null = |b: &&Value| b.get("type").and_then(Value::as_str) != Some("null");
        let ordered = branches
            .iter()
            .filter(not_null)
            .chain(branches.iter().filter(|b| !not_null(b)));
        for branch in ordered {
            let before = self.note.take();
            if let Some(v) = self.value(branch, fill, depth + 1) {
                self.note = before;
                return Some(v);
            }
            self.note = before.or(self.note.take());
        }
        self.fail(format!("no branch of {key} could be satisfied"))
    }

    fn object(&mut self, schema: &Value, fill: Fill, depth: usize) -> Option<Value> {
        let properties = schema.get("properties").and_then(Value::as_object);
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut out = Map::new();
        for (name, property) in properties.into_iter().flatten() {
            if fill == Fill::Required && !required.contains(&name.as_str()) {
                continue;
            }
            // A nested object holds what the call asks for at its level.
            let value = self.value(property, fill, depth + 1)?;
            out.insert(name.clone(), value);
        }
        for name in &required {
            if out.contains_key(*name) {
                continue;
            }
            if schema.get("additionalProperties") == Some(&Value::Bool(false)) {
                return self.fail(format!(
                    "`{name}` is required but not among the properties, and additionalProperties is false"
                ));
            }
            let extra = schema
                .get("additionalProperties")
                .filter(|a| a.is_object())
                .map_or_else(
                    || Some(json!("example")),
                    |a| self.value(a, fill, depth + 1),
                )?;
            out.insert((*name).to_owned(), extra);
        }
        let min = schema
            .get("minProperties")
            .and_then(Value::as_u64)
            .unwrap_or(0);
        if (out.len() as u64) < min {
            for (name, property) in properties.into_iter().flatten() {
                if (out.len() as u64) >= min {
                    break;
                }
                if !out.contains_key(name) {
                    let value = self.value(property, fill, depth + 1)?;
                    out.insert(name.clone(), value);
                }
            }
        }
        Some(Value::Object(out))
    }

    fn array(&mut self, schema: &Value, fill: Fill, depth: usize) -> Option<Value> {
        let min = schema.get("minItems").and_then(Value::as_u64).unwrap_or(0);
        let max = schema.get("maxItems").and_then(Value::as_u64);
        let wanted = match fill {
            Fill::Required => min,
            Fill::All => min.max(1),
        };
        let count = max.map_or(wanted, |m| wanted.min(m));
        let prefix = schema.get("prefixItems").and_then(Value::as_array);
        let mut out = Vec::new();
        for i in 0..count {
            let item_schema = prefix
                .and_then(|p| p.get(usize::try_from(i).unwrap_or(usize::MAX)))
                .or_else(|| schema.get("items").filter(|i| !i.is_array()));
            let mut item = match item_schema {
                Some(s) => self.value(s, fill, depth + 1)?,
                None => json!("example"),
            };
            // Distinct items, for `uniqueItems`.
            if i > 0
                && let Value::String(s) = &mut item
            {
                s.push_str(&format!("-{i}"));
            }
            out.push(item);
        }
        Some(Value::Array(out))
    }

    fn number(&mut self, schema: &Value) -> Option<Value> {
        let integer = kind(schema) == "integer";
        let get = |key: &str| schema.get(key).and_then(Value::as_f64);
        // Each bound, and whether it is exclusive.
        let mut low = get("minimum").map(|l| (l, false));
        if let Some(e) = get("exclusiveMinimum")
            && low.is_none_or(|(l, _)| e >= l)
        {
            low = Some((e, true));
        }
        let mut high = get("maximum").map(|h| (h, false));
        if let Some(e) = get("exclusiveMaximum")
            && high.is_none_or(|(h, _)| e <= h)
        {
            high = Some((e, true));
        }
        let n = if integer {
            let low = low.map(|(l, x)| if x { l.floor() + 1.0 } else { l.ceil() });
            let high = high.map(|(h, x)| if x { h.ceil() - 1.0 } else { h.floor() });
            let mut n = low.unwrap_or_else(|| high.map_or(1.0, |h| h.min(1.0)));
            if let Some(step) = get("multipleOf").filter(|m| *m > 0.0) {
                n = (n / step).ceil() * step;
            }
            if high.is_some_and(|h| n > h) {
                return self.fail("the bounds of an integer leave no value");
            }
            n
        } else {
            let mut n = match (low, high) {
                (Some((l, _)), Some((h, _))) if l >= h => {
                    return self.fail("the bounds of a number leave no value");
                }
                (Some((l, lx)), Some((h, hx))) if lx || hx => (l + h) / 2.0,
                (Some((l, lx)), _) => l + if lx { 1.0 } else { 0.0 },
                (None, Some((h, hx))) => (h - if hx { 1.0 } else { 0.0 }).min(1.0),
                (None, None) => 1.0,
            };
            if let Some(step) = get("multipleOf").filter(|m| *m > 0.0) {
                n = (n / step).ceil() * step;
            }
            n
        };
        Some(whole(n).map_or_else(|| json!(n), |i| json!(i)))
    }

    fn string(&mut self, schema: &Value) -> Option<Value> {
        if self.hints
            && let Some(hint) = description_hint(schema)
        {
            self.hinted = true;
            return Some(Value::String(hint.to_owned()));
        }
        let min = schema.get("minLength").and_then(Value::as_u64).unwrap_or(0);
        let max = schema.get("maxLength").and_then(Value::as_u64);
        let format = schema.get("format").and_then(Value::as_str);
        let mut text = match (format, schema.get("pattern").and_then(Value::as_str)) {
            (Some(f), _) if formatted(f, &mut self.rng).is_some() => {
                formatted(f, &mut self.rng).unwrap_or_default()
            }
            (_, Some(pattern)) => match pattern::matching(pattern, min) {
                Some(m) => m,
                None => {
                    return self.fail(format!("no value could be made for the pattern {pattern}"));
                }
            },
            _ => "example".to_owned(),
        };
        let len = text.chars().count() as u64;
        if len < min && format.is_none() && schema.get("pattern").is_none() {
            let pad = usize::try_from(min - len).unwrap_or(0);
            text.push_str(&"a".repeat(pad));
        }
        if let Some(max) = max
            && text.chars().count() as u64 > max
            && format.is_none()
            && schema.get("pattern").is_none()
        {
            text = text
                .chars()
                .take(usize::try_from(max).unwrap_or(0))
                .collect();
        }
        Some(Value::String(text))
    }
}

/// The schema a `$ref` into `root` points to, followed through chains of
/// references; the schema itself when it has none.
pub(super) fn resolve<'b>(root: &'b Value, schema: &'b Value) -> Option<&'b Value> {
    let mut schema = schema;
    for _ in 0..MAX_DEPTH {
        let Some(reference) = schema.get("$ref").and_then(Value::as_str) else {
            return Some(schema);
        };
        let pointer = reference.strip_prefix('#')?;
        schema = root.pointer(pointer)?;
    }
    None
}

/// The value a description gives after "e.g.", "such as", "for example"
/// or "for instance": quoted (in backticks or quotes, on one line), or a
/// bare word, which ends at a space or punctuation and is no article. The
/// caller checks it against the schema.
pub(super) fn description_hint(schema: &Value) -> Option<&str> {
    static HINT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?-u:\b)(?:[Ee]\.[Gg]\.?|[Ff]or (?:example|instance)|[Ss]uch as)[:,]?[\t\n\x0B\x0C\r ]+",
        )
        .expect("the pattern compiles")
    });
    let description = schema.get("description").and_then(Value::as_str)?;
    HINT.find_iter(description).find_map(|m| {
        let rest = &description[m.end()..];
        let mut chars = rest.chars();
        let text = match chars.next()? {
            q @ ('`' | '\'' | '"') => {
                let inner = chars.as_str();
                &inner[..inner.find(q)?]
            }
            _ => rest[..rest
                .find(|c: char| c.is_whitespace() || ",;()'\"`".contains(c))
                .unwrap_or(rest.len())]
                .trim_end_matches(['.', ':', '!', '?']),
        };
        let usable = !text.is_empty()
            && text.len() <= 80
            && !text.contains('\n')
            && !["a", "an", "the", "any", "your", "this", "that", "one"]
                .contains(&text.to_lowercase().as_str());
        usable.then_some(text)
    })
}

/// `n` as an integer, when it is a whole number well within `i64`.
#[allow(clippy::cast_possible_truncation)]
pub(super) fn whole(n: f64) -> Option<i64> {
    (n.fract() == 0.0 && n.abs() < 9.0e15).then_some(n as i64)
}

/// The type a schema asks for: its `type` (the first that is not `null`),
/// else what its keywords imply, else `string`.
pub(super) fn kind(schema: &Value) -> &str {
    match schema.get("type") {
        Some(Value::String(t)) => return t,
        Some(Value::Array(types)) => {
            if let Some(t) = types
                .iter()
                .filter_map(Value::as_str)
                .find(|t| *t != "null")
            {
                return t;
            }
            return "null";
        }
        _ => {}
    }
    if schema.get("properties").is_some() || schema.get("required").is_some() {
        "object"
    } else if schema.get("items").is_some() || schema.get("prefixItems").is_some() {
        "array"
    } else if [
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
    ]
    .iter()
    .any(|k| schema.get(*k).is_some())
    {
        "number"
    } else {
        "string"
    }
}

/// A value of a known `format`.
fn formatted(format: &str, rng: &mut fastrand::Rng) -> Option<String> {
    Some(match format {
        "date-time" => "2025-01-15T09:30:00Z".to_owned(),
        "date" => "2025-01-15".to_owned(),
        "time" => "09:30:00Z".to_owned(),
        "duration" => "P1D".to_owned(),
        "email" | "idn-email" => "someone@example.com".to_owned(),
        "hostname" | "idn-hostname" => "example.com".to_owned(),
        "ipv4" => "192.0.2.10".to_owned(),
        "ipv6" => "2001:db8::10".to_owned(),
        "uri" | "iri" => "https://example.com/".to_owned(),
        "uri-reference" | "iri-reference" => "/example".to_owned(),
        "uuid" => {
            let hex: String = (0..32)
                .map(|_| char::from_digit(rng.u32(0..16), 16).unwrap_or('0'))
                .collect();
            format!(
                "{}-{}-4{}-a{}-{}",
                &hex[0..8],
                &hex[8..12],
                &hex[13..16],
                &hex[17..20],
                &hex[20..32]
            )
        }
        _ => return None,
    })
}
