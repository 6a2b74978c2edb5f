//! What a run of fixes made: the fixes applied and skipped, the fixed text
//! and what remains, and how it is told.

use std::sync::Arc;

use serde::Serialize;

use super::edit::Edit;
use crate::Report;
use crate::path::Path;
use crate::registry::{Applicability, Fixability, RuleInfo};

/// A fix that was applied.
#[derive(Debug, Clone, Serialize)]
pub struct Applied {
    /// The rule whose finding it fixed.
    #[serde(serialize_with = "serialize_rule")]
    pub rule: &'static RuleInfo,
    /// The tool, when the finding belonged to one.
    pub tool: Option<Arc<str>>,
    /// Where the finding was, in the text the fix was applied to.
    pub path: Path,
    /// What the fix does.
    pub title: String,
    /// How far it can be trusted.
    pub applicability: Applicability,
    /// A few lines of the text around the change, before it.
    pub before: String,
    /// The same lines after it.
    pub after: String,
    /// The byte edits it made, in the text of its round (the input for the
    /// first round, the previous round's output for each later one).
    pub edits: Vec<Edit>,
}

/// A fix that was not applied, and why.
#[derive(Debug, Clone, Serialize)]
pub struct Skipped {
    /// The rule whose finding it would have fixed.
    #[serde(serialize_with = "serialize_rule")]
    pub rule: &'static RuleInfo,
    /// The tool, when the finding belonged to one.
    pub tool: Option<Arc<str>>,
    /// Where the finding is.
    pub path: Path,
    /// What the fix does.
    pub title: String,
    /// Why it was not applied.
    pub reason: String,
}

fn serialize_rule<S: serde::Serializer>(rule: &&'static RuleInfo, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(rule.id)
}

/// What [`fix`](super::fix) made.
#[derive(Debug)]
pub struct Fixed {
    /// The fixed text: the input with the applied edits, and nothing else changed.
    pub text: String,
    /// The fixes applied, in the order they were.
    pub applied: Vec<Applied>,
    /// The fixes left out, with the reason.
    pub skipped: Vec<Skipped>,
    /// The check of the fixed text: what remains.
    pub remaining: Report,
    /// The estimated token cost of the definitions before the fixes: the
    /// metrics' figure for the input.
    pub tokens_before: usize,
    /// The same for the fixed text.
    pub tokens_after: usize,
}

impl Fixed {
    /// Whether the text changed.
    #[must_use]
    pub fn changed(&self) -> bool {
        !self.applied.is_empty()
    }

    /// `Applied 3 fixes (2 safe, 1 unsafe).`
    #[must_use]
    pub fn applied_line(&self) -> String {
        let safe = self
            .applied
            .iter()
            .filter(|a| a.applicability == Applicability::Safe)
            .count();
        format!(
            "Applied {} ({safe} safe, {} unsafe).",
            fixes(self.applied.len()),
            self.applied.len() - safe
        )
    }

    /// `Remaining: 1 error, 5 warnings, 3 info.`
    #[must_use]
    pub fn remaining_line(&self) -> String {
        let counts = &self.remaining.counts;
        format!(
            "Remaining: {}, {}, {}.",
            crate::Severity::Error.count_label(counts.errors),
            crate::Severity::Warning.count_label(counts.warnings),
            crate::Severity::Info.count_label(counts.info)
        )
    }

    /// The estimated token cost before and after (bytes / 4, as the metrics).
    #[must_use]
    pub fn tokens_line(&self) -> String {
        let (before, after) = (self.tokens_before, self.tokens_after);
        let change = if after <= before {
            format!("{} saved", before - after)
        } else {
            format!("{} added", after - before)
        };
        format!("Tokens (bytes / 4): {before} before, {after} after ({change}).")
    }

    /// What was fixed, what was left out and why, what remains, how many
    /// more fixes `--unsafe-fixes` would apply (after a run of `level`), and
    /// the tokens saved: a line each, for a terminal.
    #[must_use]
    pub fn summary(&self, level: Applicability) -> String {
        use std::fmt::Write as _;
        let one_line = crate::text::unicode::escape_unprintable;
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.applied_line());
        for a in &self.applied {
            let _ = writeln!(
                out,
                "  fixed   {:<36} {} {}: {}",
                a.rule.id,
                a.tool.as_deref().map(one_line).unwrap_or_default(),
                a.path,
                one_line(&a.title)
            );
        }
        for s in &self.skipped {
            let _ = writeln!(
                out,
                "  skipped {:<36} {} {}: {} ({})",
                s.rule.id,
                s.tool.as_deref().map(one_line).unwrap_or_default(),
                s.path,
                one_line(&s.title),
                one_line(&s.reason)
            );
        }
        let _ = writeln!(out, "{}", self.remaining_line());
        let more = self.unsafe_left();
        if level == Applicability::Safe && more > 0 {
            let _ = writeln!(out, "{} more with --unsafe-fixes.", fixes(more));
        }
        let _ = writeln!(out, "{}", self.tokens_line());
        out
    }

    /// Frees the outcome on a thread of its own, where that can start: the
    /// command line has written it and need not wait.
    pub fn free_elsewhere(self) {
        super::free_elsewhere(self);
    }

    /// How many fixes the remaining findings have that are unsafe: what
    /// `--unsafe-fixes` would add to a run of safe fixes.
    #[must_use]
    pub fn unsafe_left(&self) -> usize {
        self.remaining
            .findings
            .iter()
            .filter(|f| {
                f.autofix
                    .as_ref()
                    .is_some_and(|x| x.applicability == Applicability::Unsafe)
            })
            .count()
    }
}

/// `1 fix`, `3 fixes`.
#[must_use]
pub fn fixes(n: usize) -> String {
    if n == 1 {
        "1 fix".to_owned()
    } else {
        format!("{n} fixes")
    }
}

/// What a rule's fixes did to its fixture, for a snapshot: `None` for a rule
/// that offers none (and then asserts that none was applied). Panics when a
/// fix is less safe than the rule declares.
#[doc(hidden)]
#[must_use]
pub fn render_for_snapshot(rule: &RuleInfo, fixed: &Fixed) -> Option<String> {
    use std::fmt::Write as _;
    for a in &fixed.applied {
        assert!(
            rule.fixability.allows(a.applicability),
            "{} declares {} fixes but attached a {} one",
            rule.id,
            rule.fixability.as_str(),
            a.applicability.as_str()
        );
    }
    if rule.fixability == Fixability::None {
        assert!(fixed.applied.is_empty() && fixed.skipped.is_empty());
        return None;
    }
    let mut out = String::new();
    for a in &fixed.applied {
        let _ = writeln!(
            out,
            "{} [{}] {}: {}\n  - {}\n  + {}",
            a.tool.as_deref().unwrap_or("-"),
            a.applicability.as_str(),
            a.path,
            a.title,
            a.before,
            a.after
        );
    }
    for s in &fixed.skipped {
        let _ = writeln!(
            out,
            "{} skipped {}: {} ({})",
            s.tool.as_deref().unwrap_or("-"),
            s.path,
            s.title,
            s.reason
        );
    }
    Some(out)
}
