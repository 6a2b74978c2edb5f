//! Compares two captures of the same server and classifies every change as
//! **breaking**, **review** or **compatible**.
//!
//! A changed description (of a tool, a parameter or an output property) needs
//! review: it breaks no call, yet it is text the model reads as trusted
//! guidance, and changing it after a user approved the server is how a "rug
//! pull" lands. Each such change carries the old and the new text, and what
//! the rules about hostile text (those declared `hostile_text`) find in the new one.
//!
//! Inputs and outputs vary in opposite directions. For an `inputSchema`
//! (what a model sends), accepting less is breaking: a removed or renamed
//! property, a newly required one, a narrowed type, removed enum values, a
//! tightened `additionalProperties`. For an `outputSchema` (what consumers
//! read), promising less is breaking: a removed property, one no longer
//! required, a widened or changed type, added enum values. A tool that turns
//! destructive, stops being read-only or idempotent, or starts reaching an
//! open world is breaking for clients that auto-approve on those hints
//! (defaults applied: `destructiveHint` true, `openWorldHint` true,
//! `readOnlyHint` and `idempotentHint` false).
//!
//! A renamed property is recognised when a removed and an added property have
//! the same type and loosely equal names (`crate::text::closest`); a
//! `required` entry left behind by such a rename is the classic incident
//! (`customer_id` renamed to `customerId` in `properties`, still in
//! `required`: every call then fails).
//!
//! Pure: the caller reads the files. The model is `model`'s; the lists
//! are matched by tool name in `lists`, each tool's schemas compared in
//! `schema` and `properties` (where a comparison is: `place`; what it
//! reads of a schema: `keywords`), its hints in `annotations`, and its
//! changed descriptions judged in `descriptions`. Renderers are in
//! [`render`].

mod annotations;
mod descriptions;
pub(crate) use descriptions::hostile_text_check;
mod keywords;
mod lists;
mod model;
mod place;
mod properties;
pub mod render;
mod schema;

pub use model::{Change, Class, Concern, Diff, DiffError, Kind, Listed, Side, TextChange};

use crate::input::{self, Document};
use crate::path::Path;

/// Compares two captures in any accepted format.
///
/// # Errors
/// A [`DiffError`] naming the capture that is not valid JSON or not a
/// recognisable tool list.
pub fn diff(old: &str, new: &str) -> Result<Diff, DiffError> {
    let err = |side| move |error| DiffError { side, error };
    let old_doc = Document::parse(old).map_err(err(Side::Old))?;
    let old_input = input::detect(&old_doc).map_err(err(Side::Old))?;
    let new_doc = Document::parse(new).map_err(err(Side::New))?;
    let new_input = input::detect(&new_doc).map_err(err(Side::New))?;
    let mut changes = lists::compare_lists(&old_input.tools, &new_input.tools);
    descriptions::judge_new_texts(new, &mut changes);
    Ok(Diff {
        old: Listed {
            format: old_input.format,
            tools: old_input.tools.len(),
        },
        new: Listed {
            format: new_input.format,
            tools: new_input.tools.len(),
        },
        changes,
    })
}

/// The changes found so far, as the comparisons record them.
#[derive(Default)]
struct Changes {
    changes: Vec<Change>,
}

impl Changes {
    fn push(&mut self, kind: Kind, tool: &str, side: Side, path: Path, message: String) {
        self.push_with_text(kind, tool, side, path, message, None);
    }

    fn push_with_text(
        &mut self,
        kind: Kind,
        tool: &str,
        side: Side,
        path: Path,
        message: String,
        text: Option<TextChange>,
    ) {
        self.changes.push(Change {
            kind,
            class: kind.class(),
            tool: tool.to_owned(),
            side,
            path,
            message,
            text,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(old: &str, new: &str) -> Vec<&'static str> {
        diff(old, new)
            .expect("both parse")
            .changes
            .iter()
            .map(|c| c.kind.id())
            .collect()
    }

    #[test]
    fn identical_captures_have_no_changes() {
        let d = diff(crate::sample::TOOLS, crate::sample::TOOLS).unwrap();
        assert!(d.changes.is_empty(), "{:#?}", d.changes);
        assert_eq!(d.worst(), None);
        assert_eq!(d.summary(), "0 breaking, 0 to review, 0 compatible");
    }

    #[test]
    fn kind_ids_are_unique_kebab_case() {
        let mut ids: Vec<&str> = Kind::ALL.iter().map(|k| k.id()).collect();
        assert!(
            ids.iter()
                .all(|id| id.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        );
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Kind::ALL.len());
    }

    #[test]
    fn types_vary_with_direction() {
        let t = |ty: &str| {
            format!(
                r#"{{"name":"t","inputSchema":{{"type":"object","properties":{{"x":{{"type":{ty}}}}}}},"outputSchema":{{"type":"object","properties":{{"y":{{"type":{ty}}}}}}}}}"#
            )
        };
        assert_eq!(
            kinds(&t(r#""number""#), &t(r#""integer""#)),
            ["type-narrowed", "output-type-narrowed"]
        );
        assert_eq!(
            kinds(&t(r#""integer""#), &t(r#""number""#)),
            ["type-widened", "output-type-widened"]
        );
        assert_eq!(
            kinds(&t(r#""string""#), &t(r#"["string","null"]"#)),
            ["type-widened", "output-type-widened"]
        );
        assert_eq!(
            kinds(&t(r#""string""#), &t(r#""boolean""#)),
            ["type-changed", "output-type-changed"]
        );
    }

    #[test]
    fn wrong_types_do_not_panic() {
        let odd = [
            r#"{"tools":[{"name":"t","inputSchema":"x","annotations":5}]}"#,
            r#"{"tools":[{"name":"t","inputSchema":{"properties":[],"required":{"a":1}}}]}"#,
            r#"{"tools":[{"name":"t","inputSchema":{"properties":{"a":null},"required":[1,"a"]},"outputSchema":[]}]}"#,
            r#"{"tools":[null, 3, {"name":7}]}"#,
        ];
        for a in odd {
            for b in odd {
                let _ = diff(a, b).unwrap();
            }
        }
    }
}
