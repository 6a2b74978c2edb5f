//! Helpers shared by the provider rules (`openai/` and `claude/`): when a
//! tool is strict, safe renames, which schemas are objects, and a schema walk
//! that can leave out keywords a rule reports by itself.

use std::fmt::Write as _;

use crate::value::{Map, Value};

use crate::input::Tool;
use crate::path::Path;
use crate::rules::Definitions;
use crate::rules::walk::{Via, has_type};
use crate::text::is_name_char;
use crate::text::{closest, join_and, quote};
use crate::value::{field, member};

/// Whether the providers' strict-mode subsets apply to `tool`: strict mode is
/// ticked for every tool, or the definition itself says `"strict": true`.
///
/// An OpenAI Responses tool that omits `strict` is not treated as strict: the
/// API tries to normalise it and falls back to best-effort calling instead of
/// rejecting it (see `openai-responses-strict-omitted`).
#[must_use]
pub(crate) fn is_strict(cx: &Definitions<'_>, tool: &Tool<'_>) -> bool {
    cx.settings.strict || tool.declares_strict()
}

/// The tools the strict rules apply to.
pub(crate) fn strict_tools<'c, 'a>(
    cx: &'c Definitions<'a>,
) -> impl Iterator<Item = &'a Tool<'a>> + 'c {
    cx.tools().iter().filter(|t| is_strict(cx, t))
}

/// Where list-wide findings go: the tools list, or the document root.
#[must_use]
pub(crate) fn list_path(cx: &Definitions<'_>) -> Path {
    cx.input
        .lists
        .first()
        .map_or_else(Path::root, |l| l.path.clone())
}

/// A name both providers accept: every other character becomes `_`, and the
/// result is cut to `limit` characters.
#[must_use]
pub(crate) fn safe_name(name: &str, limit: usize) -> String {
    name.chars()
        .map(|c| if is_name_char(c) { c } else { '_' })
        .take(limit)
        .collect()
}

/// What is wrong with a name, in words: the characters that are not allowed
/// and, when it is too long, its length. `None` when the name is fine.
#[must_use]
pub(crate) fn name_problem(name: &str, limit: usize) -> Option<String> {
    let mut bad: Vec<char> = Vec::new();
    for c in name.chars().filter(|c| !is_name_char(*c)) {
        if !bad.contains(&c) {
            bad.push(c);
        }
    }
    let len = name.chars().count();
    let mut parts = Vec::new();
    if !bad.is_empty() {
        let shown: Vec<String> = bad.iter().take(5).map(|c| quote(&c.to_string())).collect();
        parts.push(if bad.len() == 1 {
            format!("{} is not allowed", shown[0])
        } else {
            format!("{} are not allowed", join_and(&shown))
        });
    }
    if len > limit {
        parts.push(format!(
            "it is {len} characters long, over the limit of {limit}"
        ));
    }
    if parts.is_empty() {
        None
    } else {
        Some(parts.join(", and "))
    }
}

/// The fix line of the name rules: a safe rename, and the mapping the host
/// then has to test. Says so when the new name is already taken.
#[must_use]
pub(crate) fn rename_fix(
    cx: &Definitions<'_>,
    tool: &Tool<'_>,
    name: &str,
    limit: usize,
) -> String {
    let renamed = safe_name(name, limit);
    // Another tool has that name: one more than this tool's own, if it is one.
    let holders = cx
        .cache
        .name_counts(cx.tools())
        .get(renamed.as_str())
        .copied()
        .unwrap_or(0);
    let own = usize::from(tool.name() == Some(renamed.as_str()));
    let taken = holders > own;
    if taken {
        format!(
            "Rename the tool to a name of letters, digits, `_` and `-` (at most {limit} characters); {} is already another tool's name. \
             If the host renames it instead, test that the model's calls reach the server as {}",
            quote(&renamed),
            quote(name)
        )
    } else {
        format!(
            "Rename the tool to {}; if the host renames it instead, test that a call to {} reaches the server as {}",
            quote(&renamed),
            quote(&renamed),
            quote(name)
        )
    }
}

/// Quoted names, at most `max` of them, then `and N more`.
#[must_use]
pub(crate) fn quoted_list(names: &[&str], max: usize) -> String {
    // `join_and` of the quoted names (and `N more`), written in one string.
    let more = names.len().saturating_sub(max);
    let items = names.len().min(max) + usize::from(more > 0);
    let shown = &names[..names.len().min(max)];
    // The names, their quotes and separators; room for `and N more`.
    let mut out = String::with_capacity(shown.iter().map(|n| n.len() + 4).sum::<usize>() + 16);
    for (i, name) in shown.iter().enumerate() {
        out.push_str(separator(i, items));
        crate::text::push_quoted(&mut out, name);
    }
    if more > 0 {
        out.push_str(separator(items - 1, items));
        // Writing to a `String` cannot fail.
        let _ = write!(out, "{more} more");
    }
    out
}

/// What goes before item `i` of `items` in `a, b and c`.
fn separator(i: usize, items: usize) -> &'static str {
    if i == 0 {
        ""
    } else if i + 1 == items {
        " and "
    } else {
        ", "
    }
}

/// Whether a schema describes an object: its `type` is or includes
/// `"object"`, or it has no `type` but has `properties`.
#[must_use]
pub(crate) fn is_object_schema(obj: &Map) -> bool {
    if member(obj, "type").is_some() {
        has_type(obj, "object")
    } else {
        member(obj, "properties").is_some_and(Value::is_object)
    }
}

/// Whether the root of an input schema is `"type": "object"` exactly; the
/// MCP rules report any other root.
#[must_use]
pub(crate) fn root_is_plain_object(schema: &Value) -> bool {
    field(schema, "type").and_then(Value::as_str) == Some("object")
}

/// The keywords the OpenAI strict rules walk into. The rest are reported by
/// `openai-strict-unsupported-keyword` (or, for a schema-valued
/// `additionalProperties`, by `openai-strict-additional-properties`), and what
/// is below them is not checked again.
pub(crate) static OPENAI_STRICT_DESCEND: &[&str] = &[
    "properties",
    "items",
    "anyOf",
    "oneOf",
    "$defs",
    "definitions",
];

/// The keywords the Claude strict rules walk into (Claude supports `allOf`).
pub(crate) static CLAUDE_STRICT_DESCEND: &[&str] = &[
    "properties",
    "items",
    "anyOf",
    "oneOf",
    "allOf",
    "prefixItems",
    "$defs",
    "definitions",
];

/// One subschema met by [`walk_schema`]. It borrows its path from the walk
/// (most nodes lead to no finding), so visiting it touches no reference count.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SchemaNode<'a, 'p> {
    /// The subschema (any JSON value).
    pub value: &'a Value,
    /// Where it is, in the document as pasted.
    pub path: &'p Path,
    /// How it was reached from its parent.
    pub via: Via<'a>,
    /// Object nesting level: the number of object schemas from the root down
    /// to this one, itself included. The branches of an object's `anyOf`,
    /// `oneOf` or `allOf` sit at the object's own level.
    pub level: usize,
}

impl<'a> SchemaNode<'a, '_> {
    /// The subschema as an object, if it is one.
    #[must_use]
    pub fn object(&self) -> Option<&'a Map> {
        self.value.as_object()
    }

    /// Whether this is the schema the walk started from.
    #[must_use]
    pub fn is_root(&self) -> bool {
        matches!(self.via, Via::Root)
    }
}

const MAPS: [&str; 5] = [
    "properties",
    "$defs",
    "definitions",
    "patternProperties",
    "dependentSchemas",
];
const SINGLES: [&str; 12] = [
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "additionalItems",
    "contentSchema",
];
const ARRAYS: [&str; 5] = ["anyOf", "oneOf", "allOf", "prefixItems", "items"];

/// Visits `schema` and the subschemas below it, parents first, entering only
/// the keywords listed in `descend`.
pub(crate) fn walk_schema<'a>(
    schema: &'a Value,
    path: &Path,
    descend: &[&str],
    visit: &mut dyn FnMut(&SchemaNode<'a, '_>),
) {
    let level = usize::from(schema.as_object().is_some_and(is_object_schema));
    let root = SchemaNode {
        value: schema,
        path,
        via: Via::Root,
        level,
    };
    walk_node(&root, descend, visit);
}

/// The object nesting level of a node reached by `via` from a parent at
/// `parent_level`: one more for an object schema, except for a branch of
/// `anyOf`/`oneOf`/`allOf` under an object schema, which describes that same
/// object.
pub(crate) fn child_level(
    parent_level: usize,
    parent_is_object: bool,
    via: Via<'_>,
    is_object: bool,
) -> usize {
    let composition = matches!(via, Via::Element("anyOf" | "oneOf" | "allOf", _));
    if composition && parent_is_object {
        parent_level
    } else {
        parent_level + usize::from(is_object)
    }
}

/// The node for `value`, below `parent`, at `path`.
fn child_node<'a, 'p>(
    parent: &SchemaNode<'a, '_>,
    parent_is_object: bool,
    value: &'a Value,
    path: &'p Path,
    via: Via<'a>,
) -> SchemaNode<'a, 'p> {
    let is_object = value.as_object().is_some_and(is_object_schema);
    SchemaNode {
        value,
        path,
        via,
        level: child_level(parent.level, parent_is_object, via, is_object),
    }
}

fn walk_node<'a>(
    node: &SchemaNode<'a, '_>,
    descend: &[&str],
    visit: &mut dyn FnMut(&SchemaNode<'a, '_>),
) {
    visit(node);
    let Some(obj) = node.object() else { return };
    let parent_is_object = is_object_schema(obj);
    let mut enter = |value: &'a Value, path: Path, via: Via<'a>| {
        walk_node(
            &child_node(node, parent_is_object, value, &path, via),
            descend,
            visit,
        );
    };
    for (key, value) in obj {
        let key = key.as_str();
        if !descend.contains(&key) {
            continue;
        }
        if let Some(kw) = MAPS.iter().find(|k| **k == key) {
            let Some(members) = value.as_object() else {
                continue;
            };
            let base = node.path.key(kw);
            for (name, sub) in members {
                let via = if *kw == "properties" {
                    Via::Property(name)
                } else {
                    Via::Named(kw, name)
                };
                enter(sub, base.key(name), via);
            }
        } else if let Some(kw) = SINGLES.iter().find(|k| **k == key)
            && value.is_object()
        {
            enter(value, node.path.key(kw), Via::Keyword(kw));
        } else if let Some(kw) = ARRAYS.iter().find(|k| **k == key)
            && let Some(items) = value.as_array()
        {
            let base = node.path.key(kw);
            for (i, sub) in items.iter().enumerate() {
                enter(sub, base.index(i), Via::Element(kw, i));
            }
        }
    }
}

/// Visits every node of every strict tool's input schema.
pub(crate) fn each_strict_node<'a>(
    cx: &Definitions<'a>,
    descend: &[&str],
    visit: &mut dyn FnMut(&'a Tool<'a>, &SchemaNode<'a, '_>),
) {
    for (i, tool) in cx.tools().iter().enumerate() {
        if is_strict(cx, tool) {
            walk_tool(cx, i, tool, descend, &mut |node| visit(tool, node));
        }
    }
}

/// [`walk_schema`] over the input schema of `tool`, at position `i` in the
/// list, shared between the rules that walk it with the same keywords.
pub(crate) fn walk_tool<'a>(
    cx: &Definitions<'a>,
    i: usize,
    tool: &'a Tool<'a>,
    descend: &[&str],
    visit: &mut dyn FnMut(&SchemaNode<'a, '_>),
) {
    let Some(schema) = tool.input_schema() else {
        return;
    };
    if !cx.cache.provider_walk(cx.tools(), i, descend, visit) {
        walk_schema(schema, &tool.input_schema_path(), descend, visit);
    }
}

/// A tool name a provider rejects (`problem` from [`name_problem`]): the
/// finding's message and explanation. `noun` is what the provider calls a
/// tool ("tool", "function").
pub(crate) fn name_rejection(
    provider: &str,
    noun: &str,
    name: &str,
    problem: &str,
    limit: usize,
) -> (String, String) {
    (
        format!(
            "{provider}: name {} does not match ^[a-zA-Z0-9_-]{{1,{limit}}}$",
            quote(name)
        ),
        format!(
            "In {}, {problem}. {provider} rejects the whole request with a 400 when one {noun} name does not match, \
             so no tool in that request can be called. A host that forwards this tool has to rename it; the model then \
             calls the new name, which the MCP server does not know, so the host must map every call back to {} \
             and that mapping has to be tested.",
            quote(name),
            quote(name)
        ),
    )
}

/// Every tool with a non-empty string name, with the name.
pub(crate) fn named_tools<'c, 'a>(
    cx: &'c Definitions<'a>,
) -> impl Iterator<Item = (&'a Tool<'a>, &'a str)> + 'c {
    cx.tools()
        .iter()
        .filter_map(|tool| tool.name().filter(|n| !n.is_empty()).map(|n| (tool, n)))
}

/// For an object schema that does not state `"additionalProperties": false`,
/// as both strict modes require: the message (prefixed with `provider`) and
/// the fix.
pub(crate) fn open_object_problem(provider: &str, obj: &Map) -> Option<(String, &'static str)> {
    if !is_object_schema(obj) {
        return None;
    }
    Some(match member(obj, "additionalProperties") {
        Some(Value::Bool(false)) => return None,
        None => (
            format!(
                "{provider}: object lacks \"additionalProperties\": false, required in strict mode"
            ),
            "Add \"additionalProperties\": false to this object",
        ),
        Some(Value::Object(_)) => (
            format!("{provider}: \"additionalProperties\" is a schema; strict mode requires false"),
            "List the map's keys under \"properties\" and set \"additionalProperties\": false, or take the map as a JSON string",
        ),
        Some(other) => (
            format!(
                "{provider}: \"additionalProperties\" is {}; strict mode requires false",
                quote_value(other)
            ),
            "Set \"additionalProperties\": false",
        ),
    })
}

/// A JSON value for a message: strings quoted (and cut) by [`quote`], other
/// values as JSON.
fn quote_value(v: &Value) -> String {
    match v {
        Value::String(s) => quote(s),
        other => other.to_string(),
    }
}

/// A string `format` at a strict node that is not one of `accepted`: the
/// format and the fix (the closest accepted format, or describing the value
/// instead; with `url_hint`, a format naming a URI or URL gets an example
/// of such a description).
pub(crate) fn unsupported_format<'a>(
    node: &SchemaNode<'a, '_>,
    accepted: &[&str],
    url_hint: bool,
) -> Option<(&'a str, String)> {
    let Some(Value::String(format)) = node.object().and_then(|o| member(o, "format")) else {
        return None;
    };
    if accepted.contains(&format.as_str()) {
        return None;
    }
    let names_url = format.contains("uri") || format.contains("url") || format.contains("iri");
    let fix = match closest(format, accepted.iter().copied()) {
        Some(right) => format!(
            "Write \"format\": {} instead of {}",
            quote(right),
            quote(format)
        ),
        None if url_hint && names_url => format!(
            "Remove \"format\": {} and say what the value is in the description (e.g. \"An absolute https:// URL\"); validate it in the handler",
            quote(format)
        ),
        None => format!(
            "Remove \"format\": {} and say what the value is in the description; validate it in the handler",
            quote(format)
        ),
    };
    Some((format, fix))
}

/// Every tool whose input schema root is a plain object, with each of
/// `keywords` the root uses.
pub(crate) fn root_keywords<'c, 'a>(
    cx: &'c Definitions<'a>,
    keywords: &'c [&'static str],
) -> impl Iterator<Item = (&'a Tool<'a>, &'static str)> + 'c {
    cx.tools().iter().flat_map(move |tool| {
        let root = tool
            .input_schema()
            .filter(|schema| root_is_plain_object(schema))
            .and_then(Value::as_object);
        keywords
            .iter()
            .filter(move |kw| root.is_some_and(|obj| member(obj, kw).is_some()))
            .map(move |kw| (tool, *kw))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list is `join_and` of the quoted names, then `N more`.
    #[test]
    fn quoted_lists() {
        let names = ["a", "b\"", "c", "d", "e"];
        for n in 0..=names.len() {
            for max in 1..=6 {
                let mut shown: Vec<String> =
                    names[..n].iter().take(max).map(|s| quote(s)).collect();
                if n > max {
                    shown.push(format!("{} more", n - max));
                }
                assert_eq!(quoted_list(&names[..n], max), join_and(&shown), "{n} {max}");
            }
        }
        assert_eq!(quoted_list(&["x", "y", "z"], 2), "\"x\", \"y\" and 1 more");
    }

    #[test]
    fn names() {
        assert_eq!(safe_name("orders.search", 64), "orders_search");
        assert_eq!(safe_name(&"a".repeat(70), 64).len(), 64);
        assert_eq!(safe_name("café/x", 64), "caf__x");
        assert_eq!(
            name_problem("orders.search", 64).as_deref(),
            Some("\".\" is not allowed")
        );
        assert_eq!(
            name_problem("a.b/c.d", 64).as_deref(),
            Some("\".\" and \"/\" are not allowed")
        );
        assert!(name_problem("ok_name-1", 64).is_none());
        assert_eq!(
            name_problem(&"x".repeat(65), 64).as_deref(),
            Some("it is 65 characters long, over the limit of 64")
        );
    }

    #[test]
    fn lists() {
        assert_eq!(quoted_list(&["a", "b", "c"], 2), "\"a\", \"b\" and 1 more");
    }

    #[test]
    fn levels_count_objects_not_branches() {
        let schema = crate::value::json!({
            "type": "object",
            "properties": {
                "a": {"type": "object", "properties": {"b": {"type": "array", "items": {"type": "object", "properties": {}}}}},
                "c": {"anyOf": [{"type": "object", "properties": {}}, {"type": "null"}]},
                "d": {"type": "object", "anyOf": [{"type": "object", "properties": {}}]},
                "e": {"type": "object", "additionalProperties": {"type": "object"}}
            }
        });
        let mut seen = Vec::new();
        walk_schema(&schema, &Path::root(), OPENAI_STRICT_DESCEND, &mut |n| {
            seen.push((n.path.to_string(), n.level));
        });
        let expect = [
            ("(root)", 1),
            ("properties.a", 2),
            ("properties.a.properties.b", 2),
            ("properties.a.properties.b.items", 3),
            ("properties.c", 1),
            ("properties.c.anyOf[0]", 2),
            ("properties.c.anyOf[1]", 1),
            ("properties.d", 2),
            ("properties.d.anyOf[0]", 2),
            ("properties.e", 2),
        ];
        let got: Vec<(&str, usize)> = seen.iter().map(|(p, l)| (p.as_str(), *l)).collect();
        assert_eq!(got, expect);
    }
}

/// A node's `pattern`, when it is a string: what the providers' pattern
/// rules read.
pub(crate) fn pattern_of<'a>(node: &SchemaNode<'a, '_>) -> Option<&'a str> {
    node.object()
        .and_then(|o| member(o, "pattern"))
        .and_then(Value::as_str)
}

/// A regular-expression feature that a provider's strict grammar may not
/// support, found by [`regex_feature`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RegexFeature {
    /// `(?=`, `(?!`, `(?<=`, `(?<!`.
    LookAround,
    /// `\1`, `\k<name>`.
    Backreference,
    /// `\b`, `\B`.
    WordBoundary,
}

impl RegexFeature {
    /// The feature, in words.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Self::LookAround => "lookahead or lookbehind",
            Self::Backreference => "a backreference",
            Self::WordBoundary => "a word boundary (\\b or \\B)",
        }
    }
}

/// The first of lookaround, a backreference or a word boundary in `pattern`,
/// read with `regex-syntax`'s parser (which rejects the first two); `None`
/// when it has none, or cannot be read for another reason. The OpenAI and
/// Claude pattern rules share it.
pub(crate) fn regex_feature(pattern: &str) -> Option<RegexFeature> {
    use regex_syntax::ast::{self, AssertionKind, Ast};

    fn has_word_boundary(ast: &Ast) -> bool {
        match ast {
            Ast::Assertion(a) => !matches!(
                a.kind,
                AssertionKind::StartLine
                    | AssertionKind::EndLine
                    | AssertionKind::StartText
                    | AssertionKind::EndText
            ),
            Ast::Repetition(r) => has_word_boundary(&r.ast),
            Ast::Group(g) => has_word_boundary(&g.ast),
            Ast::Alternation(a) => a.asts.iter().any(has_word_boundary),
            Ast::Concat(c) => c.asts.iter().any(has_word_boundary),
            _ => false,
        }
    }

    match ast::parse::Parser::new().parse(pattern) {
        Err(e) => match e.kind() {
            ast::ErrorKind::UnsupportedLookAround => Some(RegexFeature::LookAround),
            ast::ErrorKind::UnsupportedBackreference => Some(RegexFeature::Backreference),
            _ => None,
        },
        Ok(ast) => has_word_boundary(&ast).then_some(RegexFeature::WordBoundary),
    }
}
