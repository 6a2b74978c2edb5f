//! Fixes that several rules attach: closing an object, letting a schema take
//! null, renaming a tool.

use crate::finding::fix::{Fix, Op, json};
use crate::path::Path;

/// The unsafe fix that sets `"additionalProperties": false` on the object
/// schema `obj` at `path`: extra keys accepted today are then refused. None
/// (the empty fix) when `additionalProperties` is a schema: a map, which only
/// the author can turn into properties.
#[must_use]
pub fn close_object(obj: &crate::value::Map, path: &Path) -> Fix {
    let op = match obj.get("additionalProperties") {
        Some(crate::value::Value::Object(_)) => return Fix::default(),
        Some(_) => Op::Replace {
            path: path.key("additionalProperties"),
            json: "false".into(),
        },
        None => Op::Insert {
            path: path.clone(),
            key: "additionalProperties".into(),
            json: "false".into(),
        },
    };
    Fix::r#unsafe("Set \"additionalProperties\": false", vec![op])
}

/// The operations that make the schema `schema` at `path` accept null too:
/// `null` added to its `type` (and to its `enum`, when it has one), or for a
/// schema without `type` or `enum`, the schema wrapped as
/// `{"anyOf": [schema, {"type": "null"}]}`. Empty when it already accepts null.
#[must_use]
pub fn nullable(schema: &crate::value::Value, path: &Path) -> Vec<Op> {
    use crate::value::Value;
    let Some(obj) = schema.as_object() else {
        return Vec::new();
    };
    let mut ops = Vec::new();
    match obj.get("type") {
        Some(Value::String(t)) if t.as_str() != "null" => ops.push(Op::Replace {
            path: path.key("type"),
            json: format!("[{}, \"null\"]", json(t.as_str())),
        }),
        Some(Value::Array(types)) if !types.iter().any(|t| t.as_str() == Some("null")) => {
            ops.push(Op::Append {
                path: path.key("type"),
                json: "\"null\"".into(),
            });
        }
        _ => {}
    }
    match obj.get("enum") {
        Some(Value::Array(values)) if !values.contains(&Value::Null) => ops.push(Op::Append {
            path: path.key("enum"),
            json: "null".into(),
        }),
        _ => {}
    }
    if obj.get("type").is_none() && obj.get("enum").is_none() && !obj.contains_key("const") {
        let accepts_null = ["anyOf", "oneOf"].iter().any(|k| {
            obj.get(k)
                .and_then(Value::as_array)
                .is_some_and(|branches| {
                    branches
                        .iter()
                        .any(|b| b.get("type").and_then(Value::as_str) == Some("null"))
                })
        });
        if !accepts_null {
            // OpenAPI's `nullable` meant this; it does not go along.
            let members: Vec<String> = obj
                .iter()
                .filter(|(k, _)| k.as_str() != "nullable")
                .map(|(k, v)| format!("{}: {}", json(k.as_str()), json(v)))
                .collect();
            ops.push(Op::Replace {
                path: path.clone(),
                json: format!(
                    "{{\"anyOf\": [{{{}}}, {{\"type\": \"null\"}}]}}",
                    members.join(", ")
                ),
            });
        }
    }
    ops
}

/// The unsafe fix that renames the tool at `tool` to `name`: the model then
/// calls it by the new name, so whatever maps names back must be told.
#[must_use]
pub fn rename_tool(tool: &Path, name: &str) -> Fix {
    Fix::r#unsafe(
        format!("Rename the tool to {}", json(name)),
        vec![Op::Replace {
            path: tool.key("name"),
            json: json(name),
        }],
    )
}
