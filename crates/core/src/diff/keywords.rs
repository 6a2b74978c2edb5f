//! What the comparisons read of a schema: its declared types, its
//! properties and its `required` list.

use crate::text::quote;
use crate::value::{Map, Value};

/// The declared `type`s, or `None` when unconstrained.
pub(super) fn types(schema: &Value) -> Option<Vec<&str>> {
    match schema.get("type")? {
        Value::String(s) => Some(vec![s.as_str()]),
        Value::Array(a) => Some(a.iter().filter_map(Value::as_str).collect()),
        _ => None,
    }
}

/// Whether every type in `inner` is accepted by `outer` (`integer` is a `number`).
pub(super) fn covers(outer: &[&str], inner: &[&str]) -> bool {
    inner
        .iter()
        .all(|t| outer.contains(t) || (*t == "integer" && outer.contains(&"number")))
}

pub(super) fn type_label(t: Option<&Vec<&str>>) -> String {
    match t {
        None => "any type".to_owned(),
        Some(v) if v.len() == 1 => quote(v[0]),
        Some(v) => format!(
            "[{}]",
            v.iter().map(|t| quote(t)).collect::<Vec<_>>().join(", ")
        ),
    }
}

pub(super) fn properties(schema: &Value) -> Option<&Map> {
    schema.get("properties")?.as_object()
}

pub(super) fn required(schema: &Value) -> Vec<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}
