//! What makes a large report read well: the findings counted by rule (as
//! `ruff --statistics` does), and the same finding repeated across tools
//! shown once. The Markdown and text reports and the page use both; JSON and
//! SARIF keep every finding, one by one.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::path::Segment;
use crate::registry::RuleInfo;
use crate::{Finding, Report, Severity};

/// One rule's share of a report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RuleCount {
    /// The rule.
    pub rule: &'static RuleInfo,
    /// The severity of these findings (a rule can report at more than one).
    pub severity: Severity,
    /// How many findings.
    pub findings: usize,
    /// How many distinct tools they are about.
    pub tools: usize,
}

/// The findings counted by rule and severity: errors first, then warnings,
/// then info; within each, the rules with most findings first, then by id.
#[must_use]
pub fn by_rule(report: &Report) -> Vec<RuleCount> {
    let mut counts: FxHashMap<(&str, Severity), (RuleCount, FxHashSet<usize>)> =
        FxHashMap::default();
    for f in &report.findings {
        let (count, tools) = counts.entry((f.rule.id, f.severity)).or_insert_with(|| {
            let count = RuleCount {
                rule: f.rule,
                severity: f.severity,
                findings: 0,
                tools: 0,
            };
            (count, FxHashSet::default())
        });
        count.findings += 1;
        tools.extend(f.tool_index);
    }
    let mut out: Vec<RuleCount> = counts
        .into_values()
        .map(|(mut count, tools)| {
            count.tools = tools.len();
            count
        })
        .collect();
    out.sort_by(|a, b| {
        a.severity
            .cmp(&b.severity)
            .then(b.findings.cmp(&a.findings))
            .then(a.rule.id.cmp(b.rule.id))
    });
    out
}

/// The path of `f` inside its tool: the segments after the tool's own path.
fn inside_tool<'f>(report: &Report, f: &'f Finding) -> Option<&'f [Segment]> {
    let tool = report.tools.get(f.tool_index?)?;
    if !f.path.starts_with(&tool.path) {
        return None;
    }
    f.path.segments().get(tool.path.len()..)
}

/// The findings of `report` folded: the same finding in different tools
/// (the same rule and severity at the same path inside each tool, with the
/// same message and fix) becomes one group, its first finding the one shown
/// and the rest the other tools'. Groups come in the report's order of their
/// first finding; a finding that belongs to no tool is a group of its own.
#[must_use]
pub fn fold(report: &Report) -> Vec<Vec<&Finding>> {
    fold_at(report)
        .into_iter()
        .map(|group| group.into_iter().map(|i| &report.findings[i]).collect())
        .collect()
}

/// [`fold`], each finding given by its index in the report's findings: a
/// page renders a group's rows from the report it holds, not from copies.
#[must_use]
pub fn fold_at(report: &Report) -> Vec<Vec<usize>> {
    type Key<'r> = (&'r str, Severity, &'r [Segment], &'r str, &'r str);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut by_key: FxHashMap<Key<'_>, usize> = FxHashMap::default();
    for (i, f) in report.findings.iter().enumerate() {
        let Some(inside) = inside_tool(report, f) else {
            groups.push(vec![i]);
            continue;
        };
        let key = (f.rule.id, f.severity, inside, f.message.as_str(), &*f.help);
        match by_key.get(&key) {
            Some(&g) => groups[g].push(i),
            None => {
                by_key.insert(key, groups.len());
                groups.push(vec![i]);
            }
        }
    }
    groups
}

/// The tool names of a fold's findings after the first, for "also in".
#[must_use]
pub fn other_tools<'r>(findings: &[&'r Finding]) -> Vec<&'r str> {
    findings
        .iter()
        .skip(1)
        .filter_map(|f| f.tool.as_deref())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Settings;

    fn corpus(name: &str) -> Report {
        let text = std::fs::read_to_string(format!(
            "{}/resources/corpus/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("corpus file");
        crate::check(&text, &Settings::default()).expect("parses")
    }

    #[test]
    fn counts_by_rule_add_up_and_sort_by_severity_then_count() {
        let report = crate::check(crate::sample::TOOLS, &Settings::default()).expect("sample");
        let counts = by_rule(&report);
        assert_eq!(
            counts.iter().map(|c| c.findings).sum::<usize>(),
            report.findings.len()
        );
        assert!(
            counts
                .windows(2)
                .all(|w| (w[0].severity, std::cmp::Reverse(w[0].findings))
                    <= (w[1].severity, std::cmp::Reverse(w[1].findings)))
        );
        let extra = counts
            .iter()
            .find(|c| c.rule.id == "additional-properties-not-false")
            .expect("the sample has it");
        assert_eq!((extra.findings, extra.tools), (2, 2));
    }

    #[test]
    fn the_same_finding_in_many_tools_folds_into_one() {
        let report = corpus("notion.tools-list.json");
        let folded = fold(&report);
        // Every finding is in exactly one fold.
        let total: usize = folded.iter().map(Vec::len).sum();
        assert_eq!(total, report.findings.len());
        assert!(folded.len() < report.findings.len());
        for findings in &folded {
            let first = findings[0];
            for other in &findings[1..] {
                assert_eq!(
                    (other.rule.id, other.severity, &other.message, &other.help),
                    (first.rule.id, first.severity, &first.message, &first.help)
                );
                assert_eq!(inside_tool(&report, other), inside_tool(&report, first));
                assert_ne!(other.tool_index, first.tool_index);
            }
        }
        // In the sample only the two tools without `additionalProperties: false` share a finding.
        let sample = crate::check(crate::sample::TOOLS, &Settings::default()).expect("sample");
        let folds = fold(&sample);
        assert_eq!(folds.len(), sample.findings.len() - 1);
        let pair = folds.iter().find(|f| f.len() == 2).expect("one pair");
        assert_eq!(pair[0].rule.id, "additional-properties-not-false");
    }
}
