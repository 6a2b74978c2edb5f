//! How bad a finding is: a leaf type that the registry (a rule's default
//! severity) and the findings both use.

use std::fmt;

use serde::Serialize;

/// How bad a finding is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The tool is rejected, dropped, or cannot be called successfully.
    Error,
    /// A model will have to guess, or a call can misfire.
    Warning,
    /// Advice.
    Info,
}

impl Severity {
    /// Every severity, worst first.
    pub const ALL: [Severity; 3] = [Severity::Error, Severity::Warning, Severity::Info];

    /// `error`, `warning` or `info`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }

    /// The plural noun used in counts (`3 errors`, `1 warning`, `2 info`).
    #[must_use]
    pub fn count_label(self, n: usize) -> String {
        match (self, n) {
            (Severity::Error, 1) => "1 error".into(),
            (Severity::Error, n) => format!("{n} errors"),
            (Severity::Warning, 1) => "1 warning".into(),
            (Severity::Warning, n) => format!("{n} warnings"),
            (Severity::Info, n) => format!("{n} info"),
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Severity {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "error" => Ok(Severity::Error),
            "warning" | "warn" => Ok(Severity::Warning),
            "info" => Ok(Severity::Info),
            other => Err(format!(
                "unknown severity \"{other}\"; expected error, warning or info"
            )),
        }
    }
}
