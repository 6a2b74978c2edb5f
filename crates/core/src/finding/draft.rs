//! How every rule reports a finding, whatever it is about (tool
//! definitions, several servers, one `tools/call` result): its runner's
//! `report` says where and what, records the finding where the runner keeps
//! them (`Record`) and gives a [`Draft`] of it; the draft says what goes
//! wrong, when the rule's docs do not say enough of the case
//! ([`Draft::explanation`]), and what to do ([`Draft::help`]).

use std::borrow::Cow;
use std::sync::Arc;

use super::{Finding, Findings};
use crate::path::Path;
use crate::registry::RuleInfo;

/// Where a runner keeps the findings its rules report.
pub(crate) trait Record {
    /// Keeps `finding`, and returns it.
    fn record(&mut self, finding: Finding) -> &mut Finding;
}

impl Record for Findings {
    fn record(&mut self, finding: Finding) -> &mut Finding {
        self.push(finding);
        self.last_mut()
    }
}

impl Record for Vec<Finding> {
    fn record(&mut self, finding: Finding) -> &mut Finding {
        self.push(finding);
        self.last_mut().expect("a finding was just pushed")
    }
}

/// A finding being reported, made by its runner's `report` (where, and the
/// message): [`Draft::help`] says what to do, and returns the finding. Its
/// explanation is the rule's docs' "Why is this bad?" ([`RuleInfo::why`])
/// unless [`Draft::explanation`] gives the case's own.
#[must_use = "a finding says what to do: .help(…)"]
pub struct Draft<'o> {
    finding: &'o mut Finding,
}

impl<'o> Draft<'o> {
    /// Records a finding of `rule` at `path` saying `message`, about `tool`
    /// (its label and position) when it is about one, in `to`, with fixes
    /// when the check asked for them ([`Finding::with_fix`]).
    #[inline(never)]
    pub(crate) fn new(
        to: &'o mut dyn Record,
        rule: &'static RuleInfo,
        tool: Option<(Arc<str>, usize)>,
        path: Path,
        message: String,
        fixes_wanted: bool,
    ) -> Self {
        let (label, index) = tool.unzip();
        let finding = to.record(Finding {
            tool: label,
            tool_index: index,
            fixes_wanted,
            ..Finding::new(rule, path, message, why(rule), "")
        });
        Draft { finding }
    }

    /// What goes wrong, when the rule's docs' "Why is this bad?" needs the
    /// specifics of this case.
    pub fn explanation(self, explanation: impl Into<Cow<'static, str>>) -> Self {
        self.finding.explanation = explanation.into();
        self
    }

    /// What to do about it. Returns the finding, with the rule's severity,
    /// so a rule can change the severity or attach a fix for a particular
    /// case.
    pub fn help(self, help: impl Into<Cow<'static, str>>) -> &'o mut Finding {
        self.finding.help = help.into();
        self.finding
    }
}

/// `rule`'s docs' "Why is this bad?", which a finding quotes unless it
/// explains itself. A build with neither the docs nor the result rules (the
/// page's module) keeps no Why of any rule it runs, and carries none of the
/// code that reads one.
fn why(rule: &'static RuleInfo) -> &'static str {
    if cfg!(any(feature = "docs", feature = "schema")) {
        rule.why()
    } else {
        ""
    }
}
