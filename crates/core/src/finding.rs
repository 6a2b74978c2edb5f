//! Findings: what a rule reports.

use std::fmt;

use serde::Serialize;

use crate::path::Path;
use crate::registry::RuleInfo;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
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

/// One problem found in the pasted document.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// The rule that found it.
    #[serde(serialize_with = "serialize_rule")]
    pub rule: &'static RuleInfo,
    /// How bad it is.
    pub severity: Severity,
    /// The tool's name, when the finding belongs to one tool.
    pub tool: Option<String>,
    /// The position of that tool in the list.
    #[serde(skip)]
    pub tool_index: Option<usize>,
    /// Where it is, in the document as pasted.
    pub path: Path,
    /// A one-line message.
    pub message: String,
    /// What goes wrong at call time.
    pub explanation: String,
    /// How to fix it.
    pub fix: String,
}

fn serialize_rule<S: serde::Serializer>(rule: &&'static RuleInfo, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(rule.id)
}

/// Collects findings as rules run.
#[derive(Debug, Default)]
pub struct Findings {
    items: Vec<Finding>,
}

impl Findings {
    /// Records a finding.
    pub fn push(&mut self, finding: Finding) {
        self.items.push(finding);
    }

    /// Whether a finding was already reported at `path` or inside it.
    #[must_use]
    pub fn any_within(&self, path: &Path) -> bool {
        self.items.iter().any(|f| f.path.starts_with(path))
    }

    /// Whether a finding was already reported at `path`, at one of its
    /// ancestors, or inside it.
    #[must_use]
    pub fn any_related(&self, path: &Path) -> bool {
        self.items
            .iter()
            .any(|f| f.path.starts_with(path) || path.starts_with(&f.path))
    }

    /// Whether `rule` already reported something at exactly `path`.
    #[must_use]
    pub fn has(&self, rule: &RuleInfo, path: &Path) -> bool {
        self.items.iter().any(|f| f.rule.id == rule.id && &f.path == path)
    }

    pub(crate) fn last_mut(&mut self) -> &mut Finding {
        self.items.last_mut().expect("a finding was just pushed")
    }

    /// The findings so far.
    #[must_use]
    pub fn as_slice(&self) -> &[Finding] {
        &self.items
    }

    /// The findings, sorted: errors, then warnings, then info; within each,
    /// tool order, then path.
    #[must_use]
    pub fn into_sorted(mut self) -> Vec<Finding> {
        sort(&mut self.items);
        self.items
    }
}

/// Sorts findings: errors, then warnings, then info; within each, tool order,
/// then path, then rule id.
pub fn sort(findings: &mut [Finding]) {
    findings.sort_by(|a, b| {
        a.severity
            .cmp(&b.severity)
            .then(
                a.tool_index
                    .unwrap_or(usize::MAX)
                    .cmp(&b.tool_index.unwrap_or(usize::MAX)),
            )
            .then_with(|| a.path.cmp(&b.path))
            .then_with(|| a.rule.id.cmp(b.rule.id))
    });
}
