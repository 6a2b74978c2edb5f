//! What a fix is: the operations a rule attaches to a finding, with how far
//! they can be trusted ([`Applicability`], which a rule's declared
//! [`crate::registry::Fixability`] bounds). Plain data: this module names
//! no rule and no check.

use std::borrow::Cow;

use serde::Serialize;

use crate::path::Path;
use crate::registry::Applicability;

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

impl Op {
    /// Where it changes the document.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            Op::Replace { path, .. }
            | Op::Remove { path }
            | Op::Rename { path, .. }
            | Op::Insert { path, .. }
            | Op::Append { path, .. }
            | Op::AddToList { path, .. } => path,
        }
    }

    /// [`Op::path`], to change it.
    #[cfg(feature = "incremental")]
    pub(crate) fn path_mut(&mut self) -> &mut Path {
        match self {
            Op::Replace { path, .. }
            | Op::Remove { path }
            | Op::Rename { path, .. }
            | Op::Insert { path, .. }
            | Op::Append { path, .. }
            | Op::AddToList { path, .. } => path,
        }
    }
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
