use std::collections::HashSet;

use crate::value::Value;

use crate::path::Path;
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::{closest, quote};

declare_rule! {
    /// ## What it does
    /// Flags a same-document `$ref` (or `$dynamicRef`), one that starts with
    /// `#`, that points at nothing: a JSON pointer such as `#/$defs/address`
    /// whose target does not exist, a malformed pointer, or an anchor such as
    /// `#address` that no `$anchor` declares. References are resolved against
    /// the root of the schema they are in (`inputSchema` or `outputSchema`),
    /// after decoding `%`-escapes, `~0` and `~1`. References to other documents
    /// are left to `external-ref`.
    ///
    /// ## Why is this bad?
    /// A validator cannot compile a schema whose `$ref` resolves to nothing, and
    /// MCP says a schema that fails because a `$ref` cannot be resolved SHOULD be
    /// rejected: depending on the client the tool is dropped or every call fails.
    /// A model reading the schema cannot see the shape the reference was meant to
    /// describe either. The usual cause is a schema cut out of a larger document
    /// (an OpenAPI file, a Pydantic model) without its `$defs`, or a definition
    /// that was renamed.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object",
    ///  "properties": {"address": {"$ref": "#/$defs/Address"}},
    ///  "$defs": {"PostalAddress": {"type": "object"}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object",
    ///  "properties": {"address": {"$ref": "#/$defs/PostalAddress"}},
    ///  "$defs": {"PostalAddress": {"type": "object"}}}
    /// ```
    ///
    /// ## Fix
    /// Point the `$ref` at an existing definition (the fix line names a close
    /// one when there is), or add the missing definition to the schema.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, JSON Schema usage, `$ref` resolution: <https://modelcontextprotocol.io/specification/2026-07-28/basic>
    /// - JSON Schema 2020-12 Core, `$ref` and `$anchor`: <https://json-schema.org/draft/2020-12/json-schema-core#section-8.2>
    /// - RFC 6901, JSON Pointer: <https://www.rfc-editor.org/rfc/rfc6901>
    pub UNRESOLVED_LOCAL_REF,
    id = "unresolved-local-ref",
    group = Schema,
    severity = Error,
    fix_note = "No automatic fix: a close name may be a different definition, and only the author knows whether to repoint the reference or restore the missing one.",
    summary = "A `#…` `$ref` points at nothing in its schema",
}

const EXPLANATION: &str = "A validator cannot compile a schema whose `$ref` resolves to nothing, and MCP says a schema that fails \
because a `$ref` cannot be resolved SHOULD be rejected: depending on the client the tool is dropped or every call fails. \
A model reading the schema cannot see the shape the reference was meant to describe either.";

/// Decodes `%XX` escapes. `None` when an escape is malformed or the result is not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Why a fragment does not resolve, and what to write instead when known.
struct Unresolved {
    reason: String,
    fix: String,
}

/// Decodes one RFC 6901 reference token.
fn unescape(token: &str) -> Option<String> {
    let mut out = String::with_capacity(token.len());
    let mut chars = token.chars();
    while let Some(c) = chars.next() {
        if c == '~' {
            match chars.next() {
                Some('0') => out.push('~'),
                Some('1') => out.push('/'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// Escapes a key as an RFC 6901 reference token.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// How a location inside the schema is named in messages.
fn describe(segments: &[String]) -> String {
    if segments.is_empty() {
        "the schema root".to_owned()
    } else {
        quote(&format!("#/{}", join(segments)))
    }
}

/// Resolves a JSON pointer fragment against `root`.
fn resolve_pointer(root: &Value, pointer: &str) -> Result<(), Unresolved> {
    let mut node = root;
    let mut seen: Vec<String> = Vec::new();
    for raw in pointer.split('/').skip(1) {
        let Some(token) = unescape(raw) else {
            return Err(Unresolved {
                reason: format!(
                    "{} is not a valid JSON pointer segment: `~` must be followed by `0` or `1`",
                    quote(raw)
                ),
                fix: "Write `~0` for `~` and `~1` for `/` inside a pointer segment".to_owned(),
            });
        };
        let here = describe(&seen);
        node = match node {
            Value::Object(map) => match map.get(&token) {
                Some(next) => next,
                None => {
                    let mut candidates: Vec<&str> =
                        map.keys().map(crate::value::Str::as_str).collect();
                    candidates.sort_unstable();
                    let fix = closest(&token, candidates.iter().copied())
                        .map(|near| {
                            let mut target = seen.clone();
                            target.push(near.to_owned());
                            format!("Point it at {}", quote(&format!("#/{}", join(&target))))
                        })
                        .or_else(|| swapped_defs(root, &seen, &token, pointer))
                        .unwrap_or_else(|| {
                            let next = pointer.split('/').nth(seen.len() + 2).and_then(unescape);
                            match next {
                                Some(name) if token == "$defs" || token == "definitions" => format!(
                                    "Add the {} definition under `{token}` at {here}, or point the `$ref` at a definition that exists",
                                    quote(&name)
                                ),
                                _ => format!(
                                    "Add {} to {here}, or point the `$ref` at a definition that exists",
                                    quote(&token)
                                ),
                            }
                        });
                    return Err(Unresolved {
                        reason: format!("{here} has no {}", quote(&token)),
                        fix,
                    });
                }
            },
            Value::Array(items) => {
                let index = (token == "0" || !token.starts_with('0'))
                    .then(|| token.parse::<usize>().ok())
                    .flatten();
                match index.and_then(|i| items.get(i)) {
                    Some(next) => next,
                    None => {
                        return Err(Unresolved {
                            reason: format!("{here} has no element {} (it has {})", quote(&token), items.len()),
                            fix: "Point the `$ref` at an element that exists, or at a named definition in `$defs`".to_owned(),
                        });
                    }
                }
            }
            other => {
                return Err(Unresolved {
                    reason: format!(
                        "{here} is {}, so a pointer cannot go inside it",
                        crate::value::json_kind(other)
                    ),
                    fix: "Point the `$ref` at a schema, such as a member of `$defs`".to_owned(),
                });
            }
        };
        seen.push(token);
    }
    Ok(())
}

fn join(segments: &[String]) -> String {
    segments
        .iter()
        .map(|s| escape(s))
        .collect::<Vec<_>>()
        .join("/")
}

/// `#/definitions/X` when the schema keeps `X` under `$defs`, and vice versa.
fn swapped_defs(root: &Value, seen: &[String], token: &str, pointer: &str) -> Option<String> {
    if !seen.is_empty() {
        return None;
    }
    let other = match token {
        "definitions" => "$defs",
        "$defs" => "definitions",
        _ => return None,
    };
    root.get(other)?;
    let rest = pointer
        .strip_prefix('/')?
        .split_once('/')
        .map_or("", |(_, rest)| rest);
    let candidate = format!("/{other}/{rest}");
    resolve_pointer(root, &candidate).ok()?;
    Some(format!(
        "Point it at {}: this schema keeps its definitions under `{other}`",
        quote(&format!("#{candidate}"))
    ))
}

fn is_anchor_name(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn resolve(root: &Value, fragment: &str, anchors: &HashSet<&str>) -> Result<(), Unresolved> {
    let Some(decoded) = percent_decode(fragment) else {
        return Err(Unresolved {
            reason: "its `%` escapes are malformed".to_owned(),
            fix: "Write `%` escapes as `%` followed by two hex digits, or leave the characters unescaped".to_owned(),
        });
    };
    if decoded.is_empty() {
        return Ok(());
    }
    if decoded.starts_with('/') {
        return resolve_pointer(root, &decoded);
    }
    if anchors.contains(decoded.as_str()) {
        return Ok(());
    }
    let as_pointer = format!("/{decoded}");
    let fix = if decoded.contains('/') && resolve_pointer(root, &as_pointer).is_ok() {
        format!(
            "Write {}: a JSON pointer starts with `/`",
            quote(&format!("#{as_pointer}"))
        )
    } else if let Some(found) = ["$defs", "definitions"]
        .into_iter()
        .find(|defs| root.get(*defs).and_then(|d| d.get(&decoded)).is_some())
    {
        format!(
            "Point it at {}, or add `\"$anchor\": {}` to that definition",
            quote(&format!("#/{found}/{}", escape(&decoded))),
            quote(&decoded)
        )
    } else {
        format!(
            "Add `\"$anchor\": {}` to the schema it should point at, or use a JSON pointer such as `#/$defs/…`",
            quote(&decoded)
        )
    };
    let reason = if is_anchor_name(&decoded) {
        format!("no `$anchor` named {} is declared", quote(&decoded))
    } else {
        "it is neither a JSON pointer (which starts with `/`) nor a declared anchor".to_owned()
    };
    Err(Unresolved { reason, fix })
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let tools = cx.tools();
    for (tool, nodes) in tools.iter().zip(cx.cache.nodes(tools)) {
        for (schema, nodes) in [
            (tool.input_schema(), &nodes.input),
            (tool.output_schema(), &nodes.output),
        ] {
            let Some(schema) = schema.filter(|s| s.is_object()) else {
                continue;
            };
            // Anchors anywhere in the schema, and the roots of embedded resources.
            let mut anchors: HashSet<&str> = HashSet::new();
            let mut resources: Vec<(Path, &Value)> = Vec::new();
            for node in nodes.everywhere() {
                for key in ["$anchor", "$dynamicAnchor"] {
                    if let Some(Value::String(name)) = node.get(key) {
                        anchors.insert(name);
                    }
                }
                for key in ["$id", "id"] {
                    match node.get(key) {
                        Some(Value::String(id)) if id.starts_with('#') => {
                            anchors.insert(&id[1..]);
                        }
                        Some(Value::String(id))
                            if key == "$id" && node.depth > 0 && !id.is_empty() =>
                        {
                            resources.push((node.path.clone(), node.value));
                        }
                        _ => {}
                    }
                }
            }
            for (_, node) in nodes.reached() {
                for key in ["$ref", "$dynamicRef"] {
                    let Some(Value::String(reference)) = node.get(key) else {
                        continue;
                    };
                    let Some(fragment) = reference.strip_prefix('#') else {
                        continue;
                    };
                    // The innermost embedded resource holding this node, else the schema root.
                    let base = resources
                        .iter()
                        .filter(|(p, _)| node.path.starts_with(p))
                        .max_by_key(|(p, _)| p.len())
                        .map_or(schema, |(_, v)| *v);
                    if let Err(why) = resolve(base, fragment, &anchors) {
                        out.report(
                            Some(tool),
                            node.path.key(key),
                            format!(
                                "{key} {} does not resolve: {}",
                                quote(reference),
                                why.reason
                            ),
                        )
                        .explanation(EXPLANATION)
                        .help(why.fix);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_snapshot!(UNRESOLVED_LOCAL_REF, "schema/unresolved-local-ref.json");

    #[test]
    fn pointers_and_escapes() {
        let root =
            crate::value::json!({"$defs": {"a/b": {}, "t~x": {}, "sp ace": {}}, "anyOf": [{}, {}]});
        let none = HashSet::new();
        assert!(resolve(&root, "", &none).is_ok());
        assert!(resolve(&root, "/$defs/a~1b", &none).is_ok());
        assert!(resolve(&root, "/$defs/t~0x", &none).is_ok());
        assert!(resolve(&root, "/$defs/sp%20ace", &none).is_ok());
        assert!(resolve(&root, "/anyOf/1", &none).is_ok());
        assert!(resolve(&root, "/anyOf/01", &none).is_err());
        assert!(resolve(&root, "/anyOf/2", &none).is_err());
        assert!(resolve(&root, "/$defs/t~2x", &none).is_err());
        assert!(resolve(&root, "/$defs/%zz", &none).is_err());
        assert!(resolve(&root, "/", &none).is_err());
        assert!(resolve(&root, "name", &none).is_err());
        assert!(resolve(&root, "name", &HashSet::from(["name"])).is_ok());
    }
}
