//! Where a comparison is: the tool, the paths into both captures, a label
//! for messages, and whether it is in an input or an output schema.

use super::Kind;
use crate::path::Path;
use crate::text::quote;

/// Input or output schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Scope {
    Input,
    Output,
}

impl Scope {
    pub(super) fn pick(self, input: Kind, output: Kind) -> Kind {
        match self {
            Scope::Input => input,
            Scope::Output => output,
        }
    }
}

/// Where a comparison is: the tool, both paths, and a label for messages.
pub(super) struct At<'p> {
    pub(super) tool: &'p str,
    pub(super) old: Path,
    pub(super) new: Path,
    /// `customerId`, `filters.status`, `items[]`; empty at the schema root.
    pub(super) label: String,
    pub(super) scope: Scope,
}

impl At<'_> {
    pub(super) fn child(&self, old: Path, new: Path, label: String) -> At<'_> {
        At {
            tool: self.tool,
            old,
            new,
            label,
            scope: self.scope,
        }
    }

    /// `property "x"` or `the input schema`.
    pub(super) fn what(&self) -> String {
        if self.label.is_empty() {
            match self.scope {
                Scope::Input => "the input schema".to_owned(),
                Scope::Output => "the output schema".to_owned(),
            }
        } else {
            format!("{} {}", self.noun(), quote(&self.label))
        }
    }

    pub(super) fn noun(&self) -> &'static str {
        match self.scope {
            Scope::Input => "parameter",
            Scope::Output => "output property",
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
