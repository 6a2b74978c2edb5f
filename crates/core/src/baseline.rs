//! A findings baseline: the findings a team knew of when it adopted
//! Toolcheck, so that a check reports (and fails on) only the others.
//!
//! A finding is known by its rule, its tool's name and its path inside that
//! tool (the identity of SARIF's `partialFingerprints` and of `diff`): so
//! reformatting the capture, reordering its tools or editing another tool
//! moves nothing, while a new finding, even of the same rule in the same
//! tool, is new. Two findings with the same identity count twice. The file
//! is JSON, one finding a line, sorted, so that it diffs well in review.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::Report;
use crate::finding::Finding;

/// The format's version, which the file carries.
pub const VERSION: u32 = 1;

/// One known finding.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Entry {
    /// The tool's name (empty for a finding about the whole list).
    pub tool: String,
    /// The rule's id.
    pub rule: String,
    /// The JSON pointer of the finding, from its tool.
    pub path: String,
    /// The finding's message when the baseline was written: for people
    /// reading the file; not part of the identity.
    #[serde(default)]
    pub message: String,
}

/// A baseline: the known findings.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Baseline {
    /// The format's version.
    pub version: u32,
    /// The known findings, sorted.
    pub findings: Vec<Entry>,
}

/// What a baseline did to a report.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Applied {
    /// The baseline's file, for messages.
    pub file: String,
    /// The findings it knew, taken out of the report.
    pub known: Vec<Finding>,
    /// Its entries that match no finding: fixed, and can go.
    pub absent: Vec<Entry>,
}

impl Applied {
    /// Lines for a terminal: how many known findings were left out, and
    /// which entries no longer match.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let n = self.known.len();
        if n > 0 {
            lines.push(format!(
                "{} left out (baseline {})",
                crate::text::quoting::counted(n, "known finding"),
                self.file
            ));
        }
        if !self.absent.is_empty() {
            let n = self.absent.len();
            lines.push(format!(
                "{n} baseline entr{} of {} no longer match{}: fixed, and can go (write the baseline again with --write-baseline)",
                if n == 1 { "y" } else { "ies" },
                self.file,
                if n == 1 { "es" } else { "" }
            ));
            for e in self.absent.iter().take(20) {
                lines.push(format!("  gone: {}", e.describe()));
            }
            if n > 20 {
                lines.push(format!("  … and {} more", n - 20));
            }
        }
        lines
    }
}

/// A finding's identity: its tool, its rule, its path from the tool.
type Key = (String, String, String);

/// The identity of `f`, a finding of `report`.
fn key_of(report: &Report, f: &Finding) -> Key {
    (
        f.tool.as_deref().unwrap_or_default().to_owned(),
        f.rule.id.to_owned(),
        report.tool_relative_pointer(f),
    )
}

impl Entry {
    fn key(&self) -> Key {
        (self.tool.clone(), self.rule.clone(), self.path.clone())
    }

    fn of(report: &Report, f: &Finding) -> Self {
        let (tool, rule, path) = key_of(report, f);
        Self {
            tool,
            rule,
            path,
            message: f.message.clone(),
        }
    }

    /// `search: thin-description at /description`.
    #[must_use]
    pub fn describe(&self) -> String {
        let path = if self.path.is_empty() {
            "/"
        } else {
            &self.path
        };
        if self.tool.is_empty() {
            format!("{} at {path}", self.rule)
        } else {
            format!("{}: {} at {path}", self.tool, self.rule)
        }
    }
}

impl Baseline {
    /// The findings of `report`.
    #[must_use]
    pub fn of(report: &Report) -> Self {
        let mut findings: Vec<Entry> = report
            .findings
            .iter()
            .map(|f| Entry::of(report, f))
            .collect();
        findings.sort();
        Self {
            version: VERSION,
            findings,
        }
    }

    /// The file's text: one finding a line.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = format!("{{\n  \"version\": {},\n  \"findings\": [", self.version);
        for (i, e) in self.findings.iter().enumerate() {
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            out.push_str(&serde_json::to_string(e).unwrap_or_default());
        }
        out.push_str(if self.findings.is_empty() {
            "]\n}\n"
        } else {
            "\n  ]\n}\n"
        });
        out
    }

    /// Reads a baseline's text.
    ///
    /// # Errors
    /// Text that is not a baseline, with its line and column; a version this
    /// build does not know.
    pub fn parse(text: &str) -> Result<Self, String> {
        let baseline: Self = serde_json::from_str(text).map_err(|e| {
            format!(
                "not a Toolcheck baseline (line {}, column {}): {e}",
                e.line(),
                e.column()
            )
        })?;
        if baseline.version != VERSION {
            return Err(format!(
                "a baseline of version {}, which this Toolcheck does not read (it reads version {VERSION})",
                baseline.version
            ));
        }
        Ok(baseline)
    }

    /// Takes the known findings out of `report` (and recounts it); `file`
    /// names the baseline in messages.
    pub fn apply(&self, report: &mut Report, file: &str) -> Applied {
        // How many findings each identity still covers.
        let mut left: FxHashMap<Key, usize> = FxHashMap::default();
        for e in &self.findings {
            *left.entry(e.key()).or_default() += 1;
        }
        let mut applied = Applied {
            file: file.to_owned(),
            ..Applied::default()
        };
        let findings = std::mem::take(&mut report.findings);
        let mut kept = Vec::with_capacity(findings.len());
        for f in findings {
            match left.get_mut(&key_of(report, &f)) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    applied.known.push(f);
                }
                _ => kept.push(f),
            }
        }
        report.findings = kept;
        report.counts = crate::Counts::of(&report.findings);
        // As many entries of each identity as it has left over.
        for e in &self.findings {
            if let Some(n) = left.get_mut(&e.key())
                && *n > 0
            {
                *n -= 1;
                applied.absent.push(e.clone());
            }
        }
        applied
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Settings;

    const TOOLS: &str = r#"{"tools": [
        {"name": "a", "description": "x", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}},
        {"name": "b", "description": "Finds the orders of a customer, newest first.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string", "description": "The customer's id."}}}}
    ]}"#;

    fn check(text: &str) -> Report {
        crate::check(text, &Settings::default()).unwrap()
    }

    #[test]
    fn reordered_and_reformatted_the_same_findings_are_known() {
        let before = check(TOOLS);
        assert!(!before.findings.is_empty());
        let baseline = Baseline::parse(&Baseline::of(&before).to_text()).unwrap();
        let value: serde_json::Value = serde_json::from_str(TOOLS).unwrap();
        let mut tools = value["tools"].as_array().unwrap().clone();
        tools.reverse();
        let reordered = serde_json::to_string_pretty(&serde_json::json!({"tools": tools})).unwrap();
        let mut after = check(&reordered);
        let applied = baseline.apply(&mut after, "b.json");
        assert_eq!(after.findings, Vec::new());
        assert_eq!(applied.known.len(), before.findings.len());
        assert!(applied.absent.is_empty());
    }

    #[test]
    fn a_new_defect_is_new_and_a_fixed_one_is_absent() {
        let baseline = Baseline::of(&check(TOOLS));
        let changed = TOOLS
            .replace(
                r#""description": "x""#,
                r#""description": "Looks a word up in the dictionary and returns its meanings.""#,
            )
            .replace(
                r#""description": "The customer's id.""#,
                r#""description": "The customer's id.", "minLength": -1"#,
            );
        let mut after = check(&changed);
        let applied = baseline.apply(&mut after, "b.json");
        assert!(
            after
                .findings
                .iter()
                .all(|f| f.tool.as_deref() == Some("b")),
            "{:?}",
            after.findings
        );
        assert!(!after.findings.is_empty());
        assert!(
            applied.absent.iter().any(|e| e.tool == "a"),
            "{:?}",
            applied.absent
        );
        assert!(
            applied
                .lines()
                .iter()
                .any(|l| l.contains("no longer match"))
        );
    }

    #[test]
    fn the_file_is_one_finding_a_line_and_says_what_is_wrong() {
        let text = Baseline::of(&check(TOOLS)).to_text();
        assert!(
            text.lines()
                .filter(|l| l.trim_start().starts_with("{\"tool\""))
                .count()
                > 0
        );
        assert!(Baseline::parse("{").unwrap_err().contains("line 1"));
        assert!(
            Baseline::parse(r#"{"version": 9, "findings": []}"#)
                .unwrap_err()
                .contains("version 9")
        );
        let empty = Baseline {
            version: VERSION,
            findings: Vec::new(),
        };
        assert_eq!(Baseline::parse(&empty.to_text()).unwrap(), empty);
    }
}
