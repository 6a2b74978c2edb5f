//! What a diff is: the classes and kinds of change, and the changes found.

use std::fmt;

use serde::Serialize;

use crate::InputError;
use crate::input::Format;
use crate::path::Path;

/// Whether a change can break a client or consumer. The order is from worst
/// to mildest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// A caller or consumer that worked before can fail now.
    Breaking,
    /// Nothing fails, but what the model reads changed: a person should read
    /// the new text before the new capture is trusted.
    Review,
    /// Everything that worked before still works.
    Compatible,
}

impl Class {
    /// `breaking`, `review` or `compatible`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Breaking => "breaking",
            Class::Review => "review",
            Class::Compatible => "compatible",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which capture a change's path points into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The old capture (for things that were removed).
    Old,
    /// The new capture.
    New,
}

impl Side {
    /// `old` or `new`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Old => "old",
            Side::New => "new",
        }
    }
}

macro_rules! kinds {
    ($($variant:ident = $id:literal, $class:ident, $summary:literal;)*) => {
        /// Every kind of change, with a stable id.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Kind {
            $(#[doc = $summary] $variant,)*
        }

        impl Kind {
            /// Every kind, in a fixed order.
            pub const ALL: &[Kind] = &[$(Kind::$variant,)*];

            /// The stable kebab-case id.
            #[must_use]
            pub fn id(self) -> &'static str {
                match self { $(Kind::$variant => $id,)* }
            }

            /// Whether it is breaking or compatible.
            #[must_use]
            pub fn class(self) -> Class {
                match self { $(Kind::$variant => Class::$class,)* }
            }

            /// One line describing the kind.
            #[must_use]
            pub fn summary(self) -> &'static str {
                match self { $(Kind::$variant => $summary,)* }
            }
        }
    };
}

kinds! {
    ToolRemoved = "tool-removed", Breaking, "A tool was removed";
    ToolAdded = "tool-added", Compatible, "A tool was added";
    PropertyRemoved = "property-removed", Breaking, "An input property was removed";
    PropertyRenamed = "property-renamed", Breaking, "An input property was renamed";
    PropertyAdded = "property-added", Compatible, "An optional input property was added";
    RequiredAdded = "required-added", Breaking, "An input property became required";
    RequiredRemoved = "required-removed", Compatible, "An input property is no longer required";
    RequiredDangling = "required-dangling", Breaking, "A required entry names a property that is no longer in properties";
    TypeNarrowed = "type-narrowed", Breaking, "An input type accepts fewer values";
    TypeWidened = "type-widened", Compatible, "An input type accepts more values";
    TypeChanged = "type-changed", Breaking, "An input type changed";
    EnumValuesRemoved = "enum-values-removed", Breaking, "Input enum values were removed";
    EnumValuesAdded = "enum-values-added", Compatible, "Input enum values were added";
    EnumIntroduced = "enum-introduced", Breaking, "An input is now restricted to an enum";
    EnumDropped = "enum-dropped", Compatible, "An input is no longer restricted to an enum";
    AdditionalPropertiesTightened = "additional-properties-tightened", Breaking, "An input object no longer accepts unknown properties";
    AdditionalPropertiesLoosened = "additional-properties-loosened", Compatible, "An input object now accepts unknown properties";
    OutputSchemaRemoved = "output-schema-removed", Breaking, "A tool no longer declares an outputSchema";
    OutputSchemaAdded = "output-schema-added", Compatible, "A tool now declares an outputSchema";
    OutputPropertyRemoved = "output-property-removed", Breaking, "An output property was removed";
    OutputPropertyRenamed = "output-property-renamed", Breaking, "An output property was renamed";
    OutputPropertyAdded = "output-property-added", Compatible, "An output property was added";
    OutputRequiredRemoved = "output-required-removed", Breaking, "An output property is no longer guaranteed";
    OutputRequiredAdded = "output-required-added", Compatible, "An output property is now guaranteed";
    OutputTypeNarrowed = "output-type-narrowed", Compatible, "An output type promises fewer kinds of value";
    OutputTypeWidened = "output-type-widened", Breaking, "An output type can return more kinds of value";
    OutputTypeChanged = "output-type-changed", Breaking, "An output type changed";
    OutputEnumValuesRemoved = "output-enum-values-removed", Compatible, "Output enum values were removed";
    OutputEnumValuesAdded = "output-enum-values-added", Breaking, "Output enum values were added";
    OutputEnumIntroduced = "output-enum-introduced", Compatible, "An output is now restricted to an enum";
    OutputEnumDropped = "output-enum-dropped", Breaking, "An output is no longer restricted to an enum";
    BecameDestructive = "became-destructive", Breaking, "A tool is now destructive";
    NoLongerDestructive = "no-longer-destructive", Compatible, "A tool is no longer destructive";
    NoLongerReadOnly = "no-longer-read-only", Breaking, "A tool is no longer read-only";
    BecameReadOnly = "became-read-only", Compatible, "A tool is now read-only";
    NoLongerIdempotent = "no-longer-idempotent", Breaking, "A tool is no longer idempotent";
    BecameIdempotent = "became-idempotent", Compatible, "A tool is now idempotent";
    BecameOpenWorld = "became-open-world", Breaking, "A tool now reaches an open world";
    NoLongerOpenWorld = "no-longer-open-world", Compatible, "A tool no longer reaches an open world";
    DescriptionChanged = "description-changed", Review, "A tool's description changed";
    ParameterDescriptionChanged = "parameter-description-changed", Review, "A parameter's or output property's description changed";
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// One change between the two captures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// What changed.
    pub kind: Kind,
    /// Breaking or compatible.
    pub class: Class,
    /// The tool's name.
    pub tool: String,
    /// The capture `path` points into.
    pub side: Side,
    /// Where, in that capture as pasted.
    pub path: Path,
    /// One line for people.
    pub message: String,
    /// For a changed description: the two texts, and what the rules about
    /// hostile text find in the new one.
    pub text: Option<TextChange>,
}

/// A changed description.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextChange {
    /// The text before; `None` when there was none.
    pub old: Option<String>,
    /// The text now; `None` when it was removed.
    pub new: Option<String>,
    /// What the rules about hostile text (those declared `hostile_text`) report about the new
    /// text.
    pub concerns: Vec<Concern>,
}

/// A finding of one of the `hostile_text` rules on a changed description.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Concern {
    /// The rule's id.
    pub rule: &'static str,
    /// The finding's severity.
    pub severity: crate::Severity,
    /// The finding's message.
    pub message: String,
}

/// What one side listed: its format and how many tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The detected format.
    pub format: Format,
    /// The number of tools.
    pub tools: usize,
}

/// The changes from one capture to the next.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diff {
    /// The old capture.
    pub old: Listed,
    /// The new capture.
    pub new: Listed,
    /// Every change: the old list's tool order, then added tools.
    pub changes: Vec<Change>,
}

impl Diff {
    /// How many changes are of this class.
    #[must_use]
    pub fn count(&self, class: Class) -> usize {
        self.changes.iter().filter(|c| c.class == class).count()
    }

    /// The worst class present, if anything changed.
    #[must_use]
    pub fn worst(&self) -> Option<Class> {
        self.changes.iter().map(|c| c.class).min()
    }

    /// `2 breaking, 1 to review, 1 compatible`.
    #[must_use]
    pub fn summary(&self) -> String {
        format!(
            "{} breaking, {} to review, {} compatible",
            self.count(Class::Breaking),
            self.count(Class::Review),
            self.count(Class::Compatible)
        )
    }

    /// How many changed descriptions have an error-level concern: text that
    /// shows an attack.
    #[must_use]
    pub fn attacks(&self) -> usize {
        self.changes
            .iter()
            .filter(|c| {
                c.text.as_ref().is_some_and(|t| {
                    t.concerns
                        .iter()
                        .any(|f| f.severity == crate::Severity::Error)
                })
            })
            .count()
    }
}

/// Why a diff could not be computed: one of the captures is unreadable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffError {
    /// Which capture.
    pub side: Side,
    /// What is wrong with it.
    pub error: InputError,
}

impl fmt::Display for DiffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} capture: {}", self.side.as_str(), self.error)
    }
}

impl std::error::Error for DiffError {}
