//! Which parts of a schema its root reaches.
//!
//! A schema's root reaches everything below it except the members of
//! `$defs` and `definitions`, which only a `$ref` reaches: from the root, or
//! from a definition that is itself reached. The rules check what a tool can
//! reach; the definitions nothing reaches are reported once per tool by
//! `unused-definition`, with their size.
//!
//! Where the walk cannot tell what a `$ref` points to (an anchor, a
//! `$dynamicRef`, an embedded resource with its own `$id`, a relative
//! reference), every definition counts as reached: the rules then check all
//! of it, as they would without this analysis.

use std::collections::HashMap;

use crate::path::Path;
use crate::rules::clarity::resolve_local_ref;
use crate::rules::walk::{Node, Via};
use crate::value::Value;

/// A definition nothing reaches.
#[derive(Debug, Clone)]
pub(crate) struct Unused<'a> {
    /// Its name in `$defs` or `definitions`.
    pub name: &'a str,
    /// Where it is.
    pub path: Path,
    /// The bytes of its compact JSON.
    pub bytes: usize,
}

/// What the root of a schema reaches, in terms of its full walk.
pub(crate) struct Reach<'a> {
    /// For each node of the walk, whether the root reaches it; empty when it
    /// reaches every node.
    pub reached: Vec<bool>,
    /// The outermost definitions nothing reaches, in walk order.
    pub unused: Vec<Unused<'a>>,
}

/// Whether a node is a member of `$defs` or `definitions`.
fn is_definition(node: &Node<'_>) -> bool {
    matches!(node.via, Via::Named("$defs" | "definitions", _))
}

/// What `root`, whose full walk is `nodes` (parents before children, as
/// [`crate::rules::walk::walk`] visits them), reaches.
pub(crate) fn reach<'a>(root: &'a Value, nodes: &[Node<'a>]) -> Reach<'a> {
    let everything = || Reach {
        reached: Vec::new(),
        unused: Vec::new(),
    };
    if !nodes.iter().any(is_definition) {
        return everything();
    }
    // The definition each node belongs to: itself when it is one, else the
    // nearest definition above it; `None` for the root's own nodes.
    let mut owner: Vec<Option<usize>> = Vec::with_capacity(nodes.len());
    // For each definition, the definition around it.
    let mut parent: Vec<Option<usize>> = vec![None; nodes.len()];
    // `owners_above[d]`: the owner of the current node's ancestor at depth `d`.
    let mut owners_above: Vec<Option<usize>> = Vec::new();
    let mut at: HashMap<*const Value, usize> = HashMap::with_capacity(nodes.len());
    for (i, node) in nodes.iter().enumerate() {
        owners_above.truncate(node.depth);
        let above = owners_above.last().copied().flatten();
        let own = if is_definition(node) {
            parent[i] = above;
            Some(i)
        } else {
            above
        };
        owner.push(own);
        owners_above.push(own);
        at.insert(std::ptr::from_ref(node.value), i);
    }
    // Each `$ref`: the definition it is in, and the definition it points into.
    let root_has_id = root.get("$id").is_some();
    let mut edges: Vec<(Option<usize>, usize)> = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        let Some(obj) = node.object() else { continue };
        if obj.contains_key("$dynamicRef")
            || obj.contains_key("$recursiveRef")
            || (node.depth > 0 && obj.contains_key("$id"))
        {
            return everything();
        }
        let Some(reference) = obj.get("$ref").and_then(Value::as_str) else {
            continue;
        };
        if !reference.starts_with('#') {
            if reference.contains("://") && !root_has_id {
                // Another document: it reaches nothing here.
                continue;
            }
            return everything();
        }
        if reference.len() > 1 && !reference.starts_with("#/") {
            // An anchor.
            return everything();
        }
        // A pointer that does not resolve is `unresolved-local-ref`'s finding.
        let Some(target) = resolve_local_ref(root, reference) else {
            continue;
        };
        if let Some(into) = at.get(&std::ptr::from_ref(target)).and_then(|&t| owner[t]) {
            edges.push((owner[i], into));
        }
    }
    // The definitions reached from the root, then from those, and so on.
    // Indexed by node, meaningful for definitions.
    let mut is_reached = vec![false; nodes.len()];
    let mut reached_defs: Vec<usize> = Vec::new();
    let mut queue: Vec<Option<usize>> = vec![None];
    while let Some(from) = queue.pop() {
        for &(_, to) in edges.iter().filter(|(f, _)| *f == from) {
            if !is_reached[to] {
                is_reached[to] = true;
                reached_defs.push(to);
                queue.push(Some(to));
            }
        }
    }
    // A reached definition inside another keeps the one around it (and so
    // its path from the root) in view.
    for d in reached_defs {
        let mut up = parent[d];
        while let Some(p) = up.filter(|&p| !is_reached[p]) {
            is_reached[p] = true;
            up = parent[p];
        }
    }
    let kept = |d: Option<usize>| d.is_none_or(|d| is_reached[d]);
    let reached: Vec<bool> = owner.iter().map(|&d| kept(d)).collect();
    if reached.iter().all(|r| *r) {
        return everything();
    }
    let unused = nodes
        .iter()
        .enumerate()
        .filter(|&(i, node)| is_definition(node) && !reached[i] && kept(parent[i]))
        .filter_map(|(_, node)| match node.via {
            Via::Named(_, name) => Some(Unused {
                name,
                path: node.path.clone(),
                bytes: node.value.to_string().len(),
            }),
            _ => None,
        })
        .collect();
    Reach { reached, unused }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::walk::walk;
    use crate::value::json;

    /// The names of the unused definitions and the paths of the reached nodes.
    fn run(schema: &Value) -> (Vec<String>, Vec<String>) {
        let mut nodes = Vec::new();
        walk(schema, &Path::root(), &mut |n| nodes.push(n.clone()));
        let r = reach(schema, &nodes);
        let unused = r.unused.iter().map(|u| u.name.to_owned()).collect();
        let reached = nodes
            .iter()
            .enumerate()
            .filter(|(i, _)| r.reached.get(*i).copied().unwrap_or(true))
            .map(|(_, n)| n.path.to_string())
            .collect();
        (unused, reached)
    }

    #[test]
    fn only_referenced_definitions_are_reached_transitively() {
        let schema = json!({
            "type": "object",
            "properties": {"a": {"$ref": "#/$defs/used"}},
            "$defs": {
                "used": {"type": "object", "properties": {"b": {"$ref": "#/$defs/also"}}},
                "also": {"type": "string"},
                "unused": {"type": "object", "properties": {"c": {"$ref": "#/$defs/only_from_unused"}}},
                "only_from_unused": {"type": "string"}
            }
        });
        let (unused, reached) = run(&schema);
        assert_eq!(unused, ["unused", "only_from_unused"]);
        assert!(reached.contains(&"$defs.used.properties.b".to_owned()));
        assert!(reached.contains(&"$defs.also".to_owned()));
        assert!(!reached.iter().any(|p| p.starts_with("$defs.unused")));
    }

    #[test]
    fn a_reference_into_a_nested_definition_keeps_its_container() {
        let schema = json!({
            "properties": {"a": {"$ref": "#/definitions/outer/definitions/inner"}},
            "definitions": {
                "outer": {"definitions": {"inner": {"type": "string"}, "spare": {}}},
                "other": {"type": "integer"}
            }
        });
        let (unused, reached) = run(&schema);
        assert_eq!(unused, ["spare", "other"]);
        assert!(reached.contains(&"definitions.outer.definitions.inner".to_owned()));
    }

    #[test]
    fn recursion_and_references_into_a_definition_count() {
        let schema = json!({
            "properties": {"tree": {"$ref": "#/$defs/node/properties/kids"}},
            "$defs": {"node": {"properties": {"kids": {"items": {"$ref": "#/$defs/node"}}}}}
        });
        assert!(run(&schema).0.is_empty());
    }

    #[test]
    fn what_cannot_be_followed_keeps_everything() {
        for schema in [
            json!({"properties": {"a": {"$ref": "#thing"}}, "$defs": {"x": {"$anchor": "thing"}, "y": {}}}),
            json!({"properties": {"a": {"$ref": "other.json#/$defs/x"}}, "$defs": {"x": {}}}),
            json!({"properties": {"a": {"$dynamicRef": "#meta"}}, "$defs": {"x": {}}}),
            json!({"properties": {"a": {"$id": "https://example.com/a", "$ref": "#/$defs/x"}}, "$defs": {"x": {}, "y": {}}}),
        ] {
            assert!(run(&schema).0.is_empty(), "{schema}");
        }
        // Another document's definitions are not this one's.
        let schema = json!({"properties": {"a": {"$ref": "https://example.com/s#/$defs/x"}}, "$defs": {"x": {}}});
        assert_eq!(run(&schema).0, ["x"]);
    }
}
