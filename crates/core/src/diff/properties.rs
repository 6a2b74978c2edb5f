//! The properties of two schemas compared: removed, renamed, added and
//! shared ones, and what became or stopped being required.

use super::keywords::{properties, required, types};
use super::place::At;
use super::{Changes, Kind, Side};
use crate::input::SchemaKind;
use crate::path::Path;
use crate::text::{closest, quote};
use crate::value::{Map, Value};

/// The properties of a schema compared across the change: the two `properties`
/// objects and `required` lists, which names went and came, and which of those
/// are renames.
struct Properties<'v, 'p> {
    /// The new schema.
    n: &'v Value,
    op: &'v Map,
    np: &'v Map,
    oreq: Vec<&'v str>,
    nreq: Vec<&'v str>,
    removed: Vec<&'v str>,
    added: Vec<&'v str>,
    /// A removed and an added property with the same type and close names.
    renames: Vec<(&'v str, &'v str)>,
    old_props: Path,
    new_props: Path,
    /// Whether they are a tool's parameters (its output otherwise).
    input: bool,
    at: &'p At<'p>,
    /// The comparison the properties in both recurse into.
    compare_schema: CompareSchema,
}

impl<'v, 'p> Properties<'v, 'p> {
    fn new(
        o: &'v Value,
        n: &'v Value,
        at: &'p At<'p>,
        empty: &'v Map,
        compare_schema: CompareSchema,
    ) -> Self {
        let op = properties(o).unwrap_or(empty);
        let np = properties(n).unwrap_or(empty);
        let removed: Vec<&str> = op
            .keys()
            .map(crate::value::Str::as_str)
            .filter(|k| !np.contains_key(k))
            .collect();
        let added: Vec<&str> = np
            .keys()
            .map(crate::value::Str::as_str)
            .filter(|k| !op.contains_key(k))
            .collect();
        let mut renames: Vec<(&str, &str)> = Vec::new();
        for r in &removed {
            let candidates = added
                .iter()
                .copied()
                .filter(|a| !renames.iter().any(|(_, b)| b == a))
                .filter(|a| types(&op[*r]) == types(&np[*a]));
            if let Some(a) = closest(r, candidates) {
                renames.push((r, a));
            }
        }
        Self {
            n,
            op,
            np,
            oreq: required(o),
            nreq: required(n),
            removed,
            added,
            renames,
            old_props: at.old.key("properties"),
            new_props: at.new.key("properties"),
            input: at.schema == SchemaKind::Input,
            compare_schema,
            at,
        }
    }

    /// What the removed property `old` was renamed to.
    fn renamed_to(&self, old: &str) -> Option<&'v str> {
        self.renames
            .iter()
            .find(|(r, _)| *r == old)
            .map(|(_, a)| *a)
    }

    /// What the added property `new` was renamed from.
    fn renamed_from(&self, new: &str) -> Option<&'v str> {
        self.renames
            .iter()
            .find(|(_, a)| *a == new)
            .map(|(r, _)| *r)
    }

    /// Where `name` is in the new `required` (or where `required` is, or the schema).
    fn required_path(&self, name: &str) -> Path {
        match self.nreq.iter().position(|r| *r == name) {
            Some(i) => self.at.new.key("required").index(i),
            None if self.n.get("required").is_some() => self.at.new.key("required"),
            None => self.at.new.clone(),
        }
    }

    /// The removed properties, and the renamed ones with their schemas compared.
    fn removed_or_renamed(&self, out: &mut Changes) {
        for r in &self.removed {
            if let Some(a) = self.renamed_to(r) {
                let message = if self.input {
                    format!(
                        "{} {} was renamed to {}; callers that still send {} send an argument the tool no longer reads",
                        self.at.noun(),
                        quote(&self.at.join(r)),
                        quote(a),
                        quote(r)
                    )
                } else {
                    format!(
                        "{} {} was renamed to {}; consumers that read {} find nothing",
                        self.at.noun(),
                        quote(&self.at.join(r)),
                        quote(a),
                        quote(r)
                    )
                };
                out.push(
                    self.at
                        .pick(Kind::PropertyRenamed, Kind::OutputPropertyRenamed),
                    self.at.tool,
                    Side::New,
                    self.new_props.key(a),
                    message,
                );
                let child = self.at.child(
                    self.old_props.key(r),
                    self.new_props.key(a),
                    self.at.join(a),
                );
                (self.compare_schema)(&self.op[r], &self.np[a], &child, out);
            } else {
                let message = if self.input {
                    format!(
                        "{} {} was self.removed; callers that send it lose what it did, or are rejected when additional properties are not allowed",
                        self.at.noun(),
                        quote(&self.at.join(r))
                    )
                } else {
                    format!(
                        "{} {} was self.removed; consumers that read it find nothing",
                        self.at.noun(),
                        quote(&self.at.join(r))
                    )
                };
                out.push(
                    self.at
                        .pick(Kind::PropertyRemoved, Kind::OutputPropertyRemoved),
                    self.at.tool,
                    Side::Old,
                    self.old_props.key(r),
                    message,
                );
            }
        }
    }

    /// The added properties that are not renames.
    fn added(&self, out: &mut Changes) {
        for a in &self.added {
            if self.renamed_from(a).is_some() {
                continue;
            }
            if self.input && self.nreq.contains(a) {
                out.push(
                    Kind::RequiredAdded,
                    self.at.tool,
                    Side::New,
                    self.new_props.key(a),
                    format!(
                        "new parameter {} is required; calls made the old way are rejected",
                        quote(&self.at.join(a))
                    ),
                );
            } else {
                out.push(
                    self.at.pick(Kind::PropertyAdded, Kind::OutputPropertyAdded),
                    self.at.tool,
                    Side::New,
                    self.new_props.key(a),
                    format!(
                        "{} {} was self.added",
                        self.at.noun(),
                        quote(&self.at.join(a))
                    ),
                );
            }
        }
    }

    /// The schemas of the properties on both sides.
    fn shared(&self, out: &mut Changes) {
        for (name, ov) in self.op {
            if let Some(nv) = self.np.get(name) {
                let child = self.at.child(
                    self.old_props.key(name),
                    self.new_props.key(name),
                    self.at.join(name),
                );
                (self.compare_schema)(ov, nv, &child, out);
            }
        }
    }

    /// Newly required properties, and entries left behind in `required`.
    fn newly_required(&self, out: &mut Changes) {
        for name in &self.nreq {
            if self.np.contains_key(name) {
                if self.added.contains(name) && self.renamed_from(name).is_none() {
                    continue; // reported as a new property
                }
                let old_name = self.renamed_from(name).unwrap_or(name);
                if !self.oreq.contains(&old_name) {
                    let kind = self.at.pick(Kind::RequiredAdded, Kind::OutputRequiredAdded);
                    let message = if self.input {
                        format!(
                            "{} {} is now required; calls that omit it are rejected",
                            self.at.noun(),
                            quote(&self.at.join(name))
                        )
                    } else {
                        format!(
                            "{} {} is now always present",
                            self.at.noun(),
                            quote(&self.at.join(name))
                        )
                    };
                    out.push(
                        kind,
                        self.at.tool,
                        Side::New,
                        self.required_path(name),
                        message,
                    );
                }
            } else if self.input
                && (self.op.contains_key(name) || !self.oreq.contains(name))
                && properties(self.n).is_some()
            {
                let message = match self.renamed_to(name) {
                    Some(a) => format!(
                        "{} is still in required after the property was renamed to {}; every call now fails validation, because a model is never told {} exists",
                        quote(name),
                        quote(a),
                        quote(name)
                    ),
                    None => format!(
                        "required names {}, which is no longer in properties; every call now fails validation",
                        quote(&self.at.join(name))
                    ),
                };
                out.push(
                    Kind::RequiredDangling,
                    self.at.tool,
                    Side::New,
                    self.required_path(name),
                    message,
                );
            }
        }
    }

    /// Properties no longer required.
    fn no_longer_required(&self, out: &mut Changes) {
        for name in &self.oreq {
            let new_name = self.renamed_to(name).unwrap_or(name);
            if new_name != *name && self.nreq.contains(name) {
                continue; // the old name was left behind: reported as required-dangling
            }
            if self.np.contains_key(new_name) && !self.nreq.contains(&new_name) {
                let kind = self
                    .at
                    .pick(Kind::RequiredRemoved, Kind::OutputRequiredRemoved);
                let message = if self.input {
                    format!(
                        "{} {} is no longer required",
                        self.at.noun(),
                        quote(&self.at.join(new_name))
                    )
                } else {
                    format!(
                        "{} {} is no longer required; consumers that rely on it being present can fail",
                        self.at.noun(),
                        quote(&self.at.join(new_name))
                    )
                };
                let path = if self.n.get("required").is_some() {
                    self.at.new.key("required")
                } else {
                    self.at.new.clone()
                };
                out.push(kind, self.at.tool, Side::New, path, message);
            }
        }
    }
}

/// The comparison of two schemas, which the properties of both recurse
/// into ([`super::schema::compare_schema`]).
pub(super) type CompareSchema = fn(&Value, &Value, &At<'_>, &mut Changes);

/// Compares the properties of `o` and `n`, comparing those in both (and a
/// renamed one with its new self) with `compare_schema`.
pub(super) fn compare_properties(
    o: &Value,
    n: &Value,
    at: &At<'_>,
    out: &mut Changes,
    compare_schema: CompareSchema,
) {
    let empty = Map::new();
    let properties = Properties::new(o, n, at, &empty, compare_schema);
    properties.removed_or_renamed(out);
    properties.added(out);
    properties.shared(out);
    properties.newly_required(out);
    properties.no_longer_required(out);
}
