//! Where a comparison is: the tool, the paths into both captures, a label
//! for messages, and whether it is in an input or an output schema.

use super::Kind;
use crate::input::SchemaKind;
use crate::path::Path;
use crate::text::quote;

/// Where a comparison is: the tool, both paths, and a label for messages.
pub(super) struct At<'p> {
    pub(super) tool: &'p str,
    pub(super) old: Path,
    pub(super) new: Path,
    /// `customerId`, `filters.status`, `items[]`; empty at the schema root.
    pub(super) label: String,
    /// Which schema of the tool it is in.
    pub(super) schema: SchemaKind,
}

impl At<'_> {
    /// `input`'s kind of change in an input schema, `output`'s in an output
    /// schema.
    pub(super) fn pick(&self, input: Kind, output: Kind) -> Kind {
        match self.schema {
            SchemaKind::Input => input,
            SchemaKind::Output => output,
        }
    }

    pub(super) fn child(&self, old: Path, new: Path, label: String) -> At<'_> {
        At {
            tool: self.tool,
            old,
            new,
            label,
            schema: self.schema,
        }
    }

    /// `property "x"` or `the input schema`.
    pub(super) fn what(&self) -> String {
        if self.label.is_empty() {
            match self.schema {
                SchemaKind::Input => "the input schema".to_owned(),
                SchemaKind::Output => "the output schema".to_owned(),
            }
        } else {
            format!("{} {}", self.noun(), quote(&self.label))
        }
    }

    pub(super) fn noun(&self) -> &'static str {
        match self.schema {
            SchemaKind::Input => "parameter",
            SchemaKind::Output => "output property",
        }
    }

    pub(super) fn join(&self, name: &str) -> String {
        if self.label.is_empty() {
            name.to_owned()
        } else {
            format!("{}.{name}", self.label)
        }
    }
}
