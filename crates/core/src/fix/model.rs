//! What a fix is: the operations a rule attaches to a finding, and how far
//! they can be trusted. Plain data: this module names no rule and no check.

use std::borrow::Cow;

use serde::Serialize;

use crate::path::Path;

/// How far a fix can be trusted, in ruff's sense.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// It cannot change what a correct client sends or accepts: it repairs
    /// what every client already reads one way.
    #[default]
    Safe,
    /// It changes the tool's contract, or guesses what the author meant.
    Unsafe,
}

impl Applicability {
    /// `safe` or `unsafe`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// What fix a rule offers: the declared applicability of its fixes (the
/// least safe one it may attach), or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fixability {
    /// The rule attaches no fix; its docs say why.
    None,
    /// Every fix it attaches is safe.
    Safe,
    /// Some or all of its fixes are unsafe.
    Unsafe,
}

impl Fixability {
    /// `safe`, `unsafe` or `none`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Fixability::None => "none",
            Fixability::Safe => "safe",
            Fixability::Unsafe => "unsafe",
        }
    }

    /// Whether the rule may attach a fix of `applicability`.
    #[must_use]
    pub fn allows(self, applicability: Applicability) -> bool {
        match self {
            Fixability::None => false,
            Fixability::Safe => applicability == Applicability::Safe,
            Fixability::Unsafe => true,
        }
    }
}

/// One change to the document, by path.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// Replace the value at `path` with `json`.
    Replace { path: Path, json: String },
    /// Remove the object member or array element at `path`, with the comma
    /// that separates it from its neighbours.
    Remove { path: Path },
    /// Rename the object member at `path` to `key`.
    Rename { path: Path, key: String },
    /// Add the member `key: json` at the end of the object at `path`.
    Insert {
        path: Path,
        key: String,
        json: String,
    },
    /// Add `json` at the end of the array at `path`.
    Append { path: Path, json: String },
    /// Add `json` at the end of the array `key` of the object at `path`, or
    /// when it has no such member, add `key: [json]`.
    AddToList {
        path: Path,
        key: String,
        json: String,
    },
}

/// A fix a rule attaches to its finding. The default has no operations: a
/// rule returns it for a case it cannot fix, and it is not attached.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Fix {
    /// How far it can be trusted.
    pub applicability: Applicability,
    /// What it does, in a few words (`Use "number"`).
    pub title: Cow<'static, str>,
    /// The changes, applied together or not at all.
    pub ops: Vec<Op>,
}

impl Fix {
    /// A safe fix.
    #[must_use]
    pub fn safe(title: impl Into<Cow<'static, str>>, ops: Vec<Op>) -> Self {
        Self {
            applicability: Applicability::Safe,
            title: title.into(),
            ops,
        }
    }

    /// An unsafe fix.
    #[must_use]
    pub fn r#unsafe(title: impl Into<Cow<'static, str>>, ops: Vec<Op>) -> Self {
        Self {
            applicability: Applicability::Unsafe,
            title: title.into(),
            ops,
        }
    }
}

/// A value as JSON text, for an [`Op`].
#[must_use]
pub fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}
