//! Two schemas compared: types, enums, `additionalProperties` and items,
//! each read in the direction of its schema (an input accepts, an output
//! promises), and the properties ([`super::properties`]).

use super::keywords::{covers, properties, type_label, types};
use super::place::At;
use super::properties::compare_properties;
use super::{Changes, Class, Kind, Side};
use crate::input::SchemaKind;
use crate::value::Value;

pub(super) fn compare_schema(o: &Value, n: &Value, at: &At<'_>, out: &mut Changes) {
    out.text(
        Kind::ParameterDescriptionChanged,
        at.tool,
        &format!("the description of {}", at.what()),
        (&at.old, o),
        (&at.new, n),
    );
    compare_types(o, n, at, out);
    compare_enums(o, n, at, out);
    if properties(o).is_some() || properties(n).is_some() {
        compare_properties(o, n, at, out, compare_schema);
    }
    if at.schema == SchemaKind::Input {
        compare_additional(o, n, at, out);
    }
    if let (Some(oi), Some(ni)) = (o.get("items"), n.get("items"))
        && oi.is_object()
        && ni.is_object()
    {
        let label = format!("{}[]", at.label);
        let child = at.child(at.old.key("items"), at.new.key("items"), label);
        compare_schema(oi, ni, &child, out);
    }
}

fn compare_types(o: &Value, n: &Value, at: &At<'_>, out: &mut Changes) {
    let (ot, nt) = (types(o), types(n));
    let (narrower, wider) = match (&ot, &nt) {
        (None, None) => return,
        (None, Some(_)) => (true, false),
        (Some(_), None) => (false, true),
        (Some(a), Some(b)) => (covers(a, b), covers(b, a)),
    };
    let kind = match (narrower, wider) {
        (true, true) => return,
        (true, false) => at.pick(Kind::TypeNarrowed, Kind::OutputTypeNarrowed),
        (false, true) => at.pick(Kind::TypeWidened, Kind::OutputTypeWidened),
        (false, false) => at.pick(Kind::TypeChanged, Kind::OutputTypeChanged),
    };
    let consequence = match (kind.class(), at.schema) {
        (Class::Compatible | Class::Review, _) => String::new(),
        (Class::Breaking, SchemaKind::Input) => {
            "; arguments that were valid before are now rejected".to_owned()
        }
        (Class::Breaking, SchemaKind::Output) => {
            "; consumers may receive values they do not handle".to_owned()
        }
    };
    let path = if n.get("type").is_some() {
        at.new.key("type")
    } else {
        at.new.clone()
    };
    out.push(
        kind,
        at.tool,
        Side::New,
        path,
        format!(
            "the type of {} changed from {} to {}{consequence}",
            at.what(),
            type_label(ot.as_ref()),
            type_label(nt.as_ref())
        ),
    );
}

fn values(list: &[&Value]) -> String {
    list.iter()
        .map(|v| serde_json::to_string(v).unwrap_or_default())
        .collect::<Vec<_>>()
        .join(", ")
}

fn compare_enums(o: &Value, n: &Value, at: &At<'_>, out: &mut Changes) {
    let oe = o.get("enum").and_then(Value::as_array);
    let ne = n.get("enum").and_then(Value::as_array);
    let path = if n.get("enum").is_some() {
        at.new.key("enum")
    } else {
        at.new.clone()
    };
    match (oe, ne) {
        (None, None) => {}
        (None, Some(ne)) => {
            let kind = at.pick(Kind::EnumIntroduced, Kind::OutputEnumIntroduced);
            let all: Vec<&Value> = ne.iter().collect();
            out.push(
                kind,
                at.tool,
                Side::New,
                path,
                format!("{} is now restricted to {}", at.what(), values(&all)),
            );
        }
        (Some(_), None) => {
            let kind = at.pick(Kind::EnumDropped, Kind::OutputEnumDropped);
            out.push(
                kind,
                at.tool,
                Side::New,
                path,
                format!("{} is no longer restricted to an enum", at.what()),
            );
        }
        (Some(oe), Some(ne)) => {
            let removed: Vec<&Value> = oe.iter().filter(|v| !ne.contains(v)).collect();
            let added: Vec<&Value> = ne.iter().filter(|v| !oe.contains(v)).collect();
            if !removed.is_empty() {
                let kind = at.pick(Kind::EnumValuesRemoved, Kind::OutputEnumValuesRemoved);
                let consequence = match (at.schema, removed.len()) {
                    (SchemaKind::Input, 1) => "; calls that send it are now rejected",
                    (SchemaKind::Input, _) => "; calls that send them are now rejected",
                    (SchemaKind::Output, _) => "",
                };
                out.push(
                    kind,
                    at.tool,
                    Side::New,
                    path.clone(),
                    format!(
                        "{} no longer allows {}{consequence}",
                        at.what(),
                        values(&removed)
                    ),
                );
            }
            if !added.is_empty() {
                let kind = at.pick(Kind::EnumValuesAdded, Kind::OutputEnumValuesAdded);
                let consequence = if at.schema == SchemaKind::Output {
                    "; consumers that switch over the values may not handle them"
                } else {
                    ""
                };
                out.push(
                    kind,
                    at.tool,
                    Side::New,
                    path,
                    format!(
                        "{} now also allows {}{consequence}",
                        at.what(),
                        values(&added)
                    ),
                );
            }
        }
    }
}

/// `additionalProperties: false`.
fn closed(schema: &Value) -> bool {
    schema.get("additionalProperties") == Some(&Value::Bool(false))
}

fn compare_additional(o: &Value, n: &Value, at: &At<'_>, out: &mut Changes) {
    let is_object =
        |v: &Value| properties(v).is_some() || types(v).is_some_and(|t| t.contains(&"object"));
    if !is_object(o) || !is_object(n) {
        return;
    }
    let path = if n.get("additionalProperties").is_some() {
        at.new.key("additionalProperties")
    } else {
        at.new.clone()
    };
    match (closed(o), closed(n)) {
        (false, true) => out.push(
            Kind::AdditionalPropertiesTightened,
            at.tool,
            Side::New,
            path,
            format!(
                "{} now sets additionalProperties to false; calls that send any other property are rejected",
                at.what()
            ),
        ),
        (true, false) => out.push(
            Kind::AdditionalPropertiesLoosened,
            at.tool,
            Side::New,
            path,
            format!("{} now accepts properties it does not list", at.what()),
        ),
        _ => {}
    }
}
