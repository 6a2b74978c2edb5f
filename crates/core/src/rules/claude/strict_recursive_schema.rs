use std::borrow::Cow;

use crate::value::Value;

use crate::path::Path;
use crate::registry::declare_rule;
use crate::rules::provider::strict_tools;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::member;

/// Keywords whose subschemas are followed (definitions are reached through `$ref`).
const FOLLOW: [&str; 7] = [
    "properties",
    "items",
    "anyOf",
    "oneOf",
    "allOf",
    "prefixItems",
    "additionalProperties",
];
/// Subschemas visited per tool before giving up (refs can fan out).
const BUDGET: usize = 20_000;

declare_rule! {
    /// ## What it does
    /// In strict mode, flags a local `$ref` that makes the input schema
    /// recursive: it points to the schema itself (`"#"`), to the definition it
    /// sits in, or to any schema it was reached from through other `$ref`s
    /// (`A` → `B` → `A`). The walk starts at the root and follows `$ref`s, so an
    /// unused definition is not checked; each recursive `$ref` is reported once.
    /// Strict mode applies when it is ticked for every tool or the tool says
    /// `"strict": true`; runs when Claude is a target.
    ///
    /// ## Why is this bad?
    /// Claude's strict tool use compiles the schema into a grammar and does not
    /// support recursive schemas, so the request is refused with a 400 and no
    /// tool in it can be called. Trees, comment threads and nested filters are
    /// usually written this way. OpenAI's strict mode does accept recursion,
    /// so the same tool can pass there.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "additionalProperties": false, "required": ["filter"],
    ///  "properties": {"filter": {"$ref": "#/$defs/filter"}},
    ///  "$defs": {"filter": {"type": "object", "additionalProperties": false, "required": ["field"],
    ///    "properties": {"field": {"type": "string"},
    ///                   "and": {"type": "array", "items": {"$ref": "#/$defs/filter"}}}}}}
    /// ```
    /// Use instead: a fixed depth, with the innermost level not referring back.
    /// ```json
    /// {"type": "object", "additionalProperties": false, "required": ["filter"],
    ///  "properties": {"filter": {"$ref": "#/$defs/filter"}},
    ///  "$defs": {"filter": {"type": "object", "additionalProperties": false, "required": ["field"],
    ///    "properties": {"field": {"type": "string"},
    ///                   "and": {"type": "array", "items": {"$ref": "#/$defs/leaf"}}}},
    ///   "leaf": {"type": "object", "additionalProperties": false, "required": ["field"],
    ///    "properties": {"field": {"type": "string"}}}}}
    /// ```
    ///
    /// ## Fix
    /// Unroll the recursion to the depth the tool really needs, ending in a
    /// definition that does not refer back, or take the nested part as a JSON
    /// string; or turn strict mode off for this tool.
    ///
    /// ## Sources
    /// - Claude structured outputs, JSON Schema limitations ("Recursive schemas" not supported): <https://platform.claude.com/docs/en/build-with-claude/structured-outputs>
    /// - Claude strict tool use: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use>
    /// - anthropics/skills `claude-api/shared/tool-use-concepts.md`
    pub CLAUDE_STRICT_RECURSIVE_SCHEMA,
    id = "claude-strict-recursive-schema",
    group = Claude,
    severity = Error,
    provider = Claude, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (TransformSchema, Keeps),
    fix_note = "No automatic fix: how deep the recursion must go, or whether to give up strict mode, depends on what the tool accepts.",
    summary = "Claude strict: a `$ref` makes the schema recursive",
}

/// One step of a location inside the schema (keys borrowed from the schema
/// while walking it).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Seg<'a> {
    Key(Cow<'a, str>),
    Index(usize),
}

impl Seg<'_> {
    fn same(&self, other: &Seg<'_>) -> bool {
        match (self, other) {
            (Seg::Key(a), Seg::Key(b)) => a == b,
            (Seg::Index(a), Seg::Index(b)) => a == b,
            (Seg::Key(a), Seg::Index(b)) | (Seg::Index(b), Seg::Key(a)) => *a == b.to_string(),
        }
    }
}

fn is_prefix(prefix: &[Seg<'_>], of: &[Seg<'_>]) -> bool {
    prefix.len() <= of.len() && prefix.iter().zip(of).all(|(a, b)| a.same(b))
}

/// Resolves a local JSON Pointer reference (`#`, `#/$defs/a`) against `root`.
fn resolve<'a>(root: &'a Value, reference: &str) -> Option<(Vec<Seg<'a>>, &'a Value)> {
    let pointer = reference.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some((Vec::new(), root));
    }
    let pointer = pointer.strip_prefix('/')?;
    let mut segs = Vec::new();
    let mut cur = root;
    for raw in pointer.split('/') {
        let token = raw.replace("~1", "/").replace("~0", "~");
        match cur {
            Value::Object(map) => {
                cur = map.get(&token)?;
                segs.push(Seg::Key(Cow::Owned(token)));
            }
            Value::Array(items) => {
                let i: usize = token.parse().ok()?;
                cur = items.get(i)?;
                segs.push(Seg::Index(i));
            }
            _ => return None,
        }
    }
    Some((segs, cur))
}

fn to_path(base: &Path, loc: &[Seg<'_>]) -> Path {
    loc.iter().fold(base.clone(), |p, s| match s {
        Seg::Key(k) => p.key(k),
        Seg::Index(i) => p.index(*i),
    })
}

struct Search<'a> {
    root: &'a Value,
    base: Path,
    budget: usize,
    found: Vec<(Path, String)>,
}

impl<'a> Search<'a> {
    fn go(&mut self, node: &'a Value, loc: &mut Vec<Seg<'a>>, trail: &mut Vec<Vec<Seg<'a>>>) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let Some(obj) = node.as_object() else { return };
        if let Some(Value::String(reference)) = member(obj, "$ref")
            && let Some((target, value)) = resolve(self.root, reference)
        {
            let recursive = is_prefix(&target, loc) || trail.iter().any(|t| is_prefix(&target, t));
            if recursive {
                let mut at = loc.clone();
                at.push(Seg::Key(Cow::Borrowed("$ref")));
                let path = to_path(&self.base, &at);
                if !self.found.iter().any(|(p, _)| *p == path) {
                    self.found.push((path, reference.to_string()));
                }
            } else {
                trail.push(loc.clone());
                let mut tloc = target;
                self.go(value, &mut tloc, trail);
                trail.pop();
            }
        }
        for (key, value) in obj {
            if !FOLLOW.contains(&key.as_str()) {
                continue;
            }
            loc.push(Seg::Key(Cow::Borrowed(key)));
            match (key.as_str(), value) {
                ("properties", Value::Object(members)) => {
                    for (name, sub) in members {
                        loc.push(Seg::Key(Cow::Borrowed(name)));
                        self.go(sub, loc, trail);
                        loc.pop();
                    }
                }
                (_, Value::Array(items)) if key != "properties" => {
                    for (i, sub) in items.iter().enumerate() {
                        loc.push(Seg::Index(i));
                        self.go(sub, loc, trail);
                        loc.pop();
                    }
                }
                (_, Value::Object(_)) if key != "properties" => self.go(value, loc, trail),
                _ => {}
            }
            loc.pop();
        }
    }
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in strict_tools(cx) {
        let Some(schema) = tool.input_schema() else {
            continue;
        };
        let mut search = Search {
            root: schema,
            base: tool.input_schema_path(),
            budget: BUDGET,
            found: Vec::new(),
        };
        search.go(schema, &mut Vec::new(), &mut Vec::new());
        for (path, reference) in search.found {
            let what = if reference == "#" {
                "points back to the root".to_owned()
            } else {
                format!(
                    "{} refers back to a schema that contains it",
                    quote(&reference)
                )
            };
            out.report(
                Some(tool),
                path,
                format!("Claude: \"$ref\" {what}; strict mode does not support recursive schemas"),
            )
            .explanation(
                "Claude's strict tool use compiles the schema into a grammar and does not support recursive schemas, so the \
                 request is refused with a 400 and no tool in it can be called.",
            )
            .help(
                "Unroll the recursion to the depth the tool needs, ending in a definition that does not refer back, or take \
                 the nested part as a JSON string",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        CLAUDE_STRICT_RECURSIVE_SCHEMA,
        "claude/claude-strict-recursive-schema.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );

    #[test]
    fn fan_out_is_bounded() {
        // Each definition refers to the next one twice: 2^40 paths without a budget.
        let mut defs = serde_json::Map::new();
        for i in 0..40 {
            defs.insert(
                format!("d{i}"),
                serde_json::json!({"type": "object", "properties": {
                    "a": {"$ref": format!("#/$defs/d{}", i + 1)}, "b": {"$ref": format!("#/$defs/d{}", i + 1)}}}),
            );
        }
        defs.insert("d40".into(), serde_json::json!({"type": "string"}));
        let text = serde_json::json!({"tools": [{"name": "t", "inputSchema": {"type": "object",
            "properties": {"x": {"$ref": "#/$defs/d0"}}, "$defs": defs}}]})
        .to_string();
        let settings = crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        };
        let report = crate::check(
            &text,
            &settings.only(super::CLAUDE_STRICT_RECURSIVE_SCHEMA.id),
        )
        .unwrap();
        assert!(report.findings.is_empty());
    }
}
