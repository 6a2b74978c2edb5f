//! The two lists matched by tool name: removed and added tools, and each
//! tool in both compared.

use super::annotations::compare_annotations;
use super::place::At;
use super::schema::compare_schema;
use super::{Change, Changes, Kind, Side};
use crate::input::SchemaKind;
use crate::input::Tool;
use crate::text::{closest, quote};
use crate::value::{Map, Value};

/// The named tools, first occurrence of each name, in list order.
fn named<'t, 'a>(tools: &'t [Tool<'a>]) -> Vec<(&'a str, &'t Tool<'a>)> {
    let mut out: Vec<(&str, &Tool<'_>)> = Vec::new();
    for t in tools {
        if let Some(name) = t.name()
            && !out.iter().any(|(n, _)| *n == name)
        {
            out.push((name, t));
        }
    }
    out
}

pub(super) fn compare_lists(old: &[Tool<'_>], new: &[Tool<'_>]) -> Vec<Change> {
    let old = named(old);
    let new = named(new);
    let added: Vec<&str> = new
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| !old.iter().any(|(o, _)| o == n))
        .collect();
    let mut out = Changes::default();
    for (name, o) in &old {
        match new.iter().find(|(n, _)| n == name) {
            Some((_, n)) => compare_tool(name, o, n, &mut out),
            None => {
                let hint = closest(name, added.iter().copied())
                    .map(|a| format!(" (a tool named {} was added: if it is the same tool, the rename breaks every caller that uses the old name)", quote(a)))
                    .unwrap_or_default();
                out.push(
                    Kind::ToolRemoved,
                    name,
                    Side::Old,
                    o.path.clone(),
                    format!("tool {} was removed; agents and clients that call it get an unknown-tool error{hint}", quote(name)),
                );
            }
        }
    }
    for name in &added {
        if let Some((_, n)) = new.iter().find(|(x, _)| x == name) {
            out.push(
                Kind::ToolAdded,
                name,
                Side::New,
                n.path.clone(),
                format!("tool {} was added", quote(name)),
            );
        }
    }
    out.changes
}

fn compare_tool(name: &str, o: &Tool<'_>, n: &Tool<'_>, out: &mut Changes) {
    out.text(
        Kind::DescriptionChanged,
        name,
        &format!("the description of tool {}", quote(name)),
        (&o.path, o.value),
        (&n.path, n.value),
    );
    let empty = Value::Object(Map::new());
    let at = At {
        tool: name,
        old: o.input_schema_path(),
        new: n.input_schema_path(),
        label: String::new(),
        schema: SchemaKind::Input,
    };
    compare_schema(
        o.input_schema().unwrap_or(&empty),
        n.input_schema().unwrap_or(&empty),
        &at,
        out,
    );
    match (o.output_schema(), n.output_schema()) {
        (Some(_), None) => out.push(
            Kind::OutputSchemaRemoved,
            name,
            Side::Old,
            o.path.key("outputSchema"),
            "outputSchema was removed: consumers that read structuredContent can no longer rely on its shape".to_owned(),
        ),
        (None, Some(_)) => out.push(
            Kind::OutputSchemaAdded,
            name,
            Side::New,
            n.path.key("outputSchema"),
            "outputSchema was added".to_owned(),
        ),
        (Some(os), Some(ns)) => {
            let at = At {
                tool: name,
                old: o.path.key("outputSchema"),
                new: n.path.key("outputSchema"),
                label: String::new(),
                schema: SchemaKind::Output,
            };
            compare_schema(os, ns, &at, out);
        }
        (None, None) => {}
    }
    compare_annotations(name, o, n, out);
}
