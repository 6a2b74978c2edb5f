//! What several rules, the list's cache and the metrics read of a schema:
//! whether a node is a parameter and is described, the allowed values a
//! description names, and a strict tool's share of Claude's request-wide
//! limits. No rule is named here, so the cache and the metrics depend on
//! this module rather than on a rule's file.

use crate::input::Tool;
use crate::rules::Definitions;
use crate::rules::provider::{
    CLAUDE_STRICT_DESCEND, SchemaNode, is_object_schema, is_strict, walk_tool,
};
use crate::rules::walk::{Node, Via};
use crate::text::prose;
use crate::value::{Map, Value};
use crate::value::{field, member};

/// Keywords that say something about what a value is: a type, a set of
/// values, a reference or a composition.
pub(crate) const SHAPING: [&str; 9] = [
    "type",
    "enum",
    "const",
    "$ref",
    "$dynamicRef",
    "anyOf",
    "oneOf",
    "allOf",
    "not",
];

/// What a schema node is, for a message: `parameter "name"`, or `a schema`
/// for a node that is not a property.
pub(crate) fn what(node: &Node<'_>) -> String {
    node.property_name().map_or_else(
        || "a schema".to_owned(),
        |name| format!("parameter {}", crate::text::quote(name)),
    )
}

/// Whether a value is a string with something other than whitespace in it.
pub(crate) fn has_text(value: Option<&Value>) -> bool {
    value
        .and_then(Value::as_str)
        .is_some_and(|s| !s.trim().is_empty())
}

/// Whether an input-schema node is a parameter: an object schema reached as a
/// member of `properties`, at any depth, outside conditions.
pub(crate) fn is_parameter(_tool: &Tool<'_>, node: &Node<'_>) -> bool {
    matches!(node.via, Via::Property(_)) && node.value.is_object() && !node.in_condition
}

/// Resolves a same-document `$ref` (`#/$defs/x`, `#/definitions/x`, any
/// `#/...` JSON Pointer) against the schema root.
pub(crate) fn resolve_local_ref<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    let mut node = root;
    for part in pointer.strip_prefix('/')?.split('/') {
        let part = part.replace("~1", "/").replace("~0", "~");
        node = match node {
            Value::Object(map) => map.get(&part)?,
            Value::Array(items) => items.get(part.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

/// Whether a parameter is described: its own non-blank `description`, or one
/// on the local schema its `$ref` points to, or on one of its `allOf` /
/// `anyOf` / `oneOf` branches (where generators such as Pydantic put it).
pub(crate) fn is_described(tool: &Tool<'_>, obj: &Map) -> bool {
    if has_text(member(obj, "description")) {
        return true;
    }
    let root = tool.input_schema();
    let mut current = obj;
    for _ in 0..8 {
        let Some(target) = current
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| root.and_then(|root| resolve_local_ref(root, r)))
            .and_then(Value::as_object)
        else {
            break;
        };
        if has_text(target.get("description")) {
            return true;
        }
        current = target;
    }
    ["allOf", "anyOf", "oneOf"].iter().any(|k| {
        member(obj, k)
            .and_then(Value::as_array)
            .is_some_and(|branches| branches.iter().any(|b| has_text(b.get("description"))))
    })
}

/// A parameter whose description names its allowed values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ProseEnum {
    /// The values as written (unquoted).
    pub values: Vec<String>,
}

/// Whether the schema already constrains the value to a set.
fn has_closed_set(obj: &Map) -> bool {
    if member(obj, "enum").is_some() || member(obj, "const").is_some() {
        return true;
    }
    let all_consts = |k: &str| {
        member(obj, k)
            .and_then(Value::as_array)
            .is_some_and(|branches| {
                !branches.is_empty()
                    && branches.iter().all(|b| {
                        field(b, "const").is_some()
                            || field(b, "enum").is_some()
                            || field(b, "type").and_then(Value::as_str) == Some("null")
                    })
            })
    };
    if all_consts("oneOf") || all_consts("anyOf") {
        return true;
    }
    member(obj, "items")
        .and_then(Value::as_object)
        .is_some_and(has_closed_set)
}

/// The allowed set a parameter's description names while its schema has no
/// `enum`, `const` or `oneOf`/`anyOf` of constants; `None` otherwise.
pub(crate) fn prose_enum(node: &Node<'_>) -> Option<ProseEnum> {
    let obj = node.object()?;
    let description = member(obj, "description")?.as_str()?;
    // Every cue and `either` hold one of these words, and a pipe list a pipe:
    // without them nothing below can match.
    if !prose::may_list(description) {
        return None;
    }
    if has_closed_set(obj) {
        return None;
    }
    let types = crate::rules::walk::type_names(obj);
    if !types.is_empty()
        && types
            .iter()
            .all(|t| matches!(*t, "boolean" | "null" | "object"))
    {
        return None;
    }
    prose::listed_values(description, node.property_name()).map(|values| ProseEnum { values })
}

fn is_union(obj: &crate::value::Map) -> bool {
    // A `type` array naming two different types.
    let typed = match member(obj, "type") {
        Some(Value::Array(items)) => {
            let mut names = items.iter().filter_map(Value::as_str);
            names
                .next()
                .is_some_and(|first| names.any(|other| other != first))
        }
        _ => false,
    };
    typed
        || member(obj, "anyOf").is_some_and(Value::is_array)
        || member(obj, "oneOf").is_some_and(Value::is_array)
}

/// One strict tool's share of the request-wide limits: its optional
/// parameters and its parameters with union types.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Tally {
    /// Optional parameters.
    pub(crate) optional: usize,
    /// Parameters with union types.
    pub(crate) unions: usize,
}

/// The [`Tally`] of each of `cx`'s tools, in order (zero for a tool that is
/// not strict).
pub(crate) fn tallies<'a>(cx: &Definitions<'a>) -> Vec<Tally> {
    cx.tools()
        .iter()
        .enumerate()
        .map(|(i, tool)| {
            let mut tally = Tally::default();
            if is_strict(cx, tool) {
                walk_tool(cx, i, tool, CLAUDE_STRICT_DESCEND, &mut |node| {
                    tally.add(node);
                });
            }
            tally
        })
        .collect()
}

impl Tally {
    /// Counts one node of the tool's strict walk.
    fn add(&mut self, node: &SchemaNode<'_, '_>) {
        let Some(obj) = node.object() else { return };
        if !node.is_root() && is_union(obj) {
            self.unions += 1;
        }
        if !is_object_schema(obj) {
            return;
        }
        let Some(props) = member(obj, "properties").and_then(Value::as_object) else {
            return;
        };
        let required: Vec<&str> = member(obj, "required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        self.optional += props
            .keys()
            .filter(|k| !required.contains(&k.as_str()))
            .count();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prose(description: &str) -> Option<Vec<String>> {
        let schema = crate::value::json!({"type": "string", "description": description});
        let node = Node {
            value: &schema,
            path: crate::path::Path::root(),
            via: Via::Property("p"),
            properties_only: true,
            in_defs: false,
            in_condition: false,
            depth: 1,
        };
        prose_enum(&node).map(|p| p.values)
    }

    #[test]
    fn finds_prose_enums() {
        assert_eq!(
            prose("Sort order. Valid values: asc, desc.").unwrap(),
            ["asc", "desc"]
        );
        assert_eq!(
            prose("Must be one of 'open', 'closed' or 'all'").unwrap(),
            ["open", "closed", "all"]
        );
        assert_eq!(prose("Sort direction (asc|desc)").unwrap(), ["asc", "desc"]);
        assert_eq!(
            prose("Either \"json\" or \"text\"").unwrap(),
            ["json", "text"]
        );
        assert_eq!(
            prose("The action. Options are: - 'add' - add one. - 'remove' - remove one.").unwrap(),
            ["add", "remove"]
        );
        assert_eq!(
            prose("Possible values are open, closed or all").unwrap(),
            ["open", "closed", "all"]
        );
    }

    #[test]
    fn ignores_near_misses() {
        assert_eq!(
            prose("Either after_id OR before_id should be specified"),
            None
        );
        assert_eq!(
            prose("One of the following: an issue ID or a full URL"),
            None
        );
        assert_eq!(prose("Repository owner (username or organization)"), None);
        assert_eq!(
            prose("Must be one of the labels returned by list_labels"),
            None
        );
        assert_eq!(prose("Customer id, e.g. cus_8f2k1"), None);
        assert_eq!(prose("A regex such as foo|bar"), None);
        assert_eq!(prose("Markdown table | a | b |"), None);
    }
}
