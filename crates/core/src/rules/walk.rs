//! Walks every subschema of a JSON Schema, with its path and how it was reached.

use crate::value::{Map, Value};

use crate::path::Path;
use crate::value::member;

/// How a subschema was reached from its parent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via<'a> {
    /// The schema being walked.
    Root,
    /// A member of `properties`: a parameter.
    Property(&'a str),
    /// A member of `$defs`, `definitions`, `patternProperties` or `dependentSchemas`.
    Named(&'static str, &'a str),
    /// A keyword holding one schema (`items`, `additionalProperties`, `not`, …).
    Keyword(&'static str),
    /// An element of a keyword holding an array of schemas (`anyOf`, `prefixItems`, …).
    Element(&'static str, usize),
}

/// One subschema during a walk.
#[derive(Debug, Clone)]
pub struct Node<'a> {
    /// The subschema (any JSON value; schemas are objects or booleans).
    pub value: &'a Value,
    /// Where it is.
    pub path: Path,
    /// How it was reached from its parent.
    pub via: Via<'a>,
    /// Whether every step from the root was through `properties`.
    pub properties_only: bool,
    /// Whether the walk passed through `$defs`/`definitions` on the way here.
    pub in_defs: bool,
    /// Whether the walk passed through `if`, `not`, `contains` or
    /// `propertyNames` below the root, where `properties` state a condition
    /// rather than declare parameters.
    pub in_condition: bool,
    /// Steps from the root.
    pub depth: usize,
}

impl<'a> Node<'a> {
    /// The subschema as an object, if it is one.
    #[must_use]
    pub fn object(&self) -> Option<&'a Map> {
        self.value.as_object()
    }

    /// A keyword of the subschema.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&'a Value> {
        member(self.object()?, key)
    }

    /// The property name, when this node is a parameter.
    #[must_use]
    pub fn property_name(&self) -> Option<&'a str> {
        match self.via {
            Via::Property(name) => Some(name),
            _ => None,
        }
    }
}

/// What a keyword of a schema holds, for the walk.
#[derive(Clone, Copy)]
enum Holds {
    /// A map of named subschemas (`properties`, `$defs`, …).
    Map(&'static str),
    /// One subschema (`items` as an object, `not`, …), or for `dependencies`
    /// a map whose object values are subschemas.
    Single(&'static str),
    /// An array of subschemas (`anyOf`, `prefixItems`, `items` as an array, …).
    Array(&'static str),
}

/// How the walk treats `key` holding `value`; `None` when it holds no subschema.
fn holds(key: &str, value: &Value) -> Option<Holds> {
    let single = |kw| value.is_object().then_some(Holds::Single(kw));
    let array = |kw| value.is_array().then_some(Holds::Array(kw));
    match key {
        "properties" => Some(Holds::Map("properties")),
        "patternProperties" => Some(Holds::Map("patternProperties")),
        "$defs" => Some(Holds::Map("$defs")),
        "definitions" => Some(Holds::Map("definitions")),
        "dependentSchemas" => Some(Holds::Map("dependentSchemas")),
        "items" => single("items").or_else(|| array("items")),
        "additionalItems" => single("additionalItems"),
        "additionalProperties" => single("additionalProperties"),
        "unevaluatedProperties" => single("unevaluatedProperties"),
        "unevaluatedItems" => single("unevaluatedItems"),
        "contains" => single("contains"),
        "propertyNames" => single("propertyNames"),
        "not" => single("not"),
        "if" => single("if"),
        "then" => single("then"),
        "else" => single("else"),
        "contentSchema" => single("contentSchema"),
        "dependencies" => single("dependencies"),
        "allOf" => array("allOf"),
        "anyOf" => array("anyOf"),
        "oneOf" => array("oneOf"),
        "prefixItems" => array("prefixItems"),
        _ => None,
    }
}

/// Visits `schema` and every subschema below it, parents before children.
pub fn walk<'a>(schema: &'a Value, path: &Path, visit: &mut dyn FnMut(&Node<'a>)) {
    let root = Node {
        value: schema,
        path: path.clone(),
        via: Via::Root,
        properties_only: true,
        in_defs: false,
        in_condition: false,
        depth: 0,
    };
    walk_node(&root, visit);
}

fn walk_node<'a>(node: &Node<'a>, visit: &mut dyn FnMut(&Node<'a>)) {
    visit(node);
    let Some(obj) = node.object() else { return };
    let child = |value: &'a Value, path: Path, via: Via<'a>| Node {
        value,
        path,
        via,
        properties_only: node.properties_only && matches!(via, Via::Property(_)),
        in_defs: node.in_defs || matches!(via, Via::Named("$defs" | "definitions", _)),
        in_condition: node.in_condition
            || matches!(
                via,
                Via::Keyword("if" | "not" | "contains" | "propertyNames")
            ),
        depth: node.depth + 1,
    };
    for (key, value) in obj {
        match holds(key, value) {
            None => {}
            Some(Holds::Map(kw)) => {
                let Some(members) = value.as_object() else {
                    continue;
                };
                let base = node.path.key(kw);
                for (name, sub) in members {
                    let via = if kw == "properties" {
                        Via::Property(name)
                    } else {
                        Via::Named(kw, name)
                    };
                    walk_node(&child(sub, base.key(name), via), visit);
                }
            }
            Some(Holds::Single("dependencies")) => {
                // Draft-7 `dependencies`: a map whose values are schemas or arrays.
                let base = node.path.key("dependencies");
                for (name, sub) in value.as_object().into_iter().flatten() {
                    if sub.is_object() {
                        walk_node(
                            &child(sub, base.key(name), Via::Named("dependencies", name)),
                            visit,
                        );
                    }
                }
            }
            Some(Holds::Single(kw)) => {
                walk_node(&child(value, node.path.key(kw), Via::Keyword(kw)), visit);
            }
            Some(Holds::Array(kw)) => {
                let base = node.path.key(kw);
                for (i, sub) in value.as_array().into_iter().flatten().enumerate() {
                    walk_node(&child(sub, base.index(i), Via::Element(kw, i)), visit);
                }
            }
        }
    }
}

/// Whether the declared `type` of a schema is `name` or an array holding it;
/// `type_names(schema).contains(&name)` without the allocation.
#[inline]
pub fn has_type(schema: &Map, name: &str) -> bool {
    match member(schema, "type") {
        Some(Value::String(s)) => s == name,
        Some(Value::Array(items)) => items.iter().any(|v| v.as_str() == Some(name)),
        _ => false,
    }
}

/// The declared `type` names of a schema: one string, or each string of an array.
pub fn type_names(schema: &Map) -> Vec<&str> {
    match member(schema, "type") {
        Some(Value::String(s)) => vec![s.as_str()],
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_every_subschema_with_paths() {
        let schema = crate::value::json!({
            "type": "object",
            "properties": {
                "a": {"type": "array", "items": {"type": "object", "properties": {"b": {"type": "string"}}}},
                "c": {"anyOf": [{"type": "string"}, {"type": "null"}]}
            },
            "$defs": {"d": {"type": "integer"}},
            "enum": [{"properties": {"not_a_schema": {}}}]
        });
        let mut seen = Vec::new();
        walk(&schema, &Path::root().key("inputSchema"), &mut |n| {
            seen.push((n.path.to_string(), n.properties_only, n.in_defs));
        });
        let paths: Vec<_> = seen.iter().map(|s| s.0.as_str()).collect();
        assert_eq!(
            paths,
            [
                "inputSchema",
                "inputSchema.properties.a",
                "inputSchema.properties.a.items",
                "inputSchema.properties.a.items.properties.b",
                "inputSchema.properties.c",
                "inputSchema.properties.c.anyOf[0]",
                "inputSchema.properties.c.anyOf[1]",
                "inputSchema.$defs.d",
            ]
        );
        assert!(seen[1].1 && !seen[2].1 && !seen[3].1);
        assert!(seen[7].2);
    }
}
