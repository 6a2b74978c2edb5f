//! A project's policy on top of the rules: per-rule severity overrides,
//! suppressions (each with a reason) and thresholds that fail a run.
//!
//! Which rules run is [`crate::RuleSelection`] in [`crate::Settings`]; this
//! module changes what a finished [`Report`] says. It does no I/O and knows no
//! file format: the command-line tool reads `toolcheck.toml` into a
//! [`Policy`], and the web app could build the same one.
//!
//! ```
//! use toolcheck::policy::{Policy, Suppression, Thresholds, Limit};
//! let policy = Policy {
//!     suppressions: vec![Suppression {
//!         rule: Some("enum-without-description".into()),
//!         tool: "orders.search".into(),
//!         path: Some("inputSchema.properties.status".into()),
//!         reason: "The status codes are documented in the server instructions".into(),
//!         origin: None,
//!     }],
//!     thresholds: Thresholds { max_errors: Some(3), ..Thresholds::default() },
//!     ..Policy::default()
//! };
//! let mut report = toolcheck::check(toolcheck::sample::TOOLS, &Default::default()).unwrap();
//! let outcome = policy.apply(&mut report);
//! assert_eq!(outcome.suppressed.len(), 1);
//! assert!(outcome.breaches.is_empty());
//! ```

use std::fmt;

use serde::Serialize;

use crate::finding::{Finding, Severity};
use crate::path::{Path, Segment};
use crate::{Counts, Report};

/// One per-rule severity override (`[severity] rule-id = "warning"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeverityOverride {
    /// The rule id.
    pub rule: String,
    /// The severity its findings get.
    pub severity: Severity,
    /// Where it was written (for example `toolcheck.toml:7`), for messages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
}

/// Silences findings on one tool, optionally for one rule and under one path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suppression {
    /// Only this rule's findings; every rule's when `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The tool's name.
    pub tool: String,
    /// Only findings at or under this path. Written relative to the tool
    /// (`inputSchema.properties.status`, or the pointer `/inputSchema/properties/status`)
    /// or as the whole path a report prints (`result.tools[0].inputSchema.properties.status`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Why the findings are acceptable. Required: a suppression without one is an error.
    pub reason: String,
    /// Where it was written (for example `toolcheck.toml:12`), for messages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
}

impl Suppression {
    /// A short label: `tool "x", rule "y", path "z"`.
    #[must_use]
    pub fn label(&self) -> String {
        let mut label = format!("tool {}", quote(&self.tool));
        if let Some(rule) = &self.rule {
            label.push_str(&format!(", rule {}", quote(rule)));
        }
        if let Some(path) = &self.path {
            label.push_str(&format!(", path {}", quote(path)));
        }
        label
    }

    /// Whether this suppression covers `finding`, whose tool definition is at `tool_path`.
    #[must_use]
    pub fn matches(&self, finding: &Finding, tool_path: Option<&Path>) -> bool {
        if finding.tool.as_deref() != Some(self.tool.as_str()) {
            return false;
        }
        if self.rule.as_deref().is_some_and(|r| r != finding.rule.id) {
            return false;
        }
        let Some(want) = self.path.as_deref().map(str::trim) else {
            return true;
        };
        if want.is_empty() {
            return true;
        }
        let full = finding.path.to_string();
        let full_pointer = finding.path.pointer();
        if path_prefix(&full, want, false) || path_prefix(&full_pointer, want, true) {
            return true;
        }
        let Some(relative) = tool_path.and_then(|t| relative(&finding.path, t)) else {
            return false;
        };
        path_prefix(&relative.to_string(), want, false)
            || path_prefix(&relative.pointer(), want, true)
    }
}

/// Whether the rendered path `have` is `want` or lies under it.
fn path_prefix(have: &str, want: &str, pointer: bool) -> bool {
    if pointer != want.starts_with('/') {
        return false;
    }
    match have.strip_prefix(want) {
        Some("") => true,
        Some(rest) if pointer => rest.starts_with('/'),
        Some(rest) => rest.starts_with('.') || rest.starts_with('['),
        None => false,
    }
}

/// `path` relative to `base`, when it lies under it.
fn relative(path: &Path, base: &Path) -> Option<Path> {
    if !path.starts_with(base) {
        return None;
    }
    let mut out = Path::root();
    for segment in &path.segments()[base.segments().len()..] {
        out = match segment {
            Segment::Key(k) => out.key(k),
            Segment::Index(i) => out.index(*i),
            Segment::Line(_) => return None,
        };
    }
    Some(out)
}

fn quote(s: &str) -> String {
    crate::text::quote(s)
}

/// A limit: a share of the whole (`"5%"`) or a count (`3`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Limit {
    /// At most this percentage.
    Percent(f64),
    /// At most this many.
    Count(usize),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Percent(p) => write!(f, "{}%", trim_float(*p)),
            Limit::Count(n) => write!(f, "{n}"),
        }
    }
}

impl std::str::FromStr for Limit {
    type Err = String;
    /// `5%`, `2.5%` or `3`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if let Some(p) = s.strip_suffix('%') {
            let p: f64 = p
                .trim()
                .parse()
                .map_err(|_| format!("\"{s}\" is not a percentage; write it like \"5%\""))?;
            if !(0.0..=100.0).contains(&p) {
                return Err(format!("\"{s}\" is not between 0% and 100%"));
            }
            return Ok(Limit::Percent(p));
        }
        s.parse::<usize>()
            .map(Limit::Count)
            .map_err(|_| format!("\"{s}\" is neither a percentage (\"5%\") nor a count (3)"))
    }
}

fn trim_float(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Limits that fail a run when exceeded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Thresholds {
    /// Parameters with no description: a share of all parameters or a count.
    pub max_undescribed: Option<Limit>,
    /// Errors, after overrides and suppressions.
    pub max_errors: Option<usize>,
    /// Warnings, after overrides and suppressions.
    pub max_warnings: Option<usize>,
}

/// A threshold that was exceeded.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Breach {
    /// `max-undescribed`, `max-errors` or `max-warnings`.
    pub threshold: &'static str,
    /// The limit as configured (`5%`, `0`).
    pub limit: String,
    /// The measured value in the same unit (`12.5%`, `3`).
    pub actual: String,
    /// One line for people.
    pub message: String,
}

/// A finding that a suppression silenced.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Suppressed {
    /// The finding, as it would have been reported.
    pub finding: Finding,
    /// The suppression's reason.
    pub reason: String,
}

/// What applying a [`Policy`] did.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Outcome {
    /// Findings whose severity an override changed.
    pub overridden: usize,
    /// Findings removed from the report by a suppression.
    pub suppressed: Vec<Suppressed>,
    /// Suppressions that matched nothing: stale, and worth deleting.
    pub unused: Vec<Suppression>,
    /// Thresholds that were exceeded: the run fails.
    pub breaches: Vec<Breach>,
    /// What a findings baseline took out of the report, when there was one
    /// (applied before the policy, so thresholds count only new findings).
    #[serde(skip)]
    pub baseline: Option<crate::baseline::Applied>,
}

impl Outcome {
    /// Whether a threshold was exceeded.
    #[must_use]
    pub fn failed(&self) -> bool {
        !self.breaches.is_empty()
    }

    /// One line per unused suppression, as a warning.
    #[must_use]
    pub fn unused_messages(&self) -> Vec<String> {
        self.unused
            .iter()
            .map(|s| {
                let at = s
                    .origin
                    .as_deref()
                    .map(|o| format!("{o}: "))
                    .unwrap_or_default();
                format!(
                    "{at}unused suppression ({}): it matches no finding; delete it",
                    s.label()
                )
            })
            .collect()
    }

    /// The unused suppressions and exceeded thresholds as messages for
    /// standard error (without the program's name), for formats whose
    /// output has no place for them.
    #[must_use]
    pub fn notices(&self) -> Vec<String> {
        let unused = self
            .unused_messages()
            .into_iter()
            .map(|m| format!("warning: {m}"));
        let breaches = self
            .breaches
            .iter()
            .map(|b| format!("threshold exceeded: {}", b.message));
        let baseline = self
            .baseline
            .iter()
            .flat_map(crate::baseline::Applied::lines);
        unused.chain(breaches).chain(baseline).collect()
    }

    /// Lines for a terminal: suppressed count, unused suppressions, breaches.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if !self.suppressed.is_empty() {
            let n = self.suppressed.len();
            lines.push(format!(
                "{n} finding{} suppressed by the config",
                if n == 1 { "" } else { "s" }
            ));
        }
        for m in self.unused_messages() {
            lines.push(format!("warning: {m}"));
        }
        for b in &self.breaches {
            lines.push(format!("threshold exceeded: {}", b.message));
        }
        if let Some(baseline) = &self.baseline {
            lines.extend(baseline.lines());
        }
        lines
    }
}

/// A project's policy: severity overrides, suppressions and thresholds.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Policy {
    /// Per-rule severity overrides.
    pub severity: Vec<SeverityOverride>,
    /// Suppressions, each with a reason.
    pub suppressions: Vec<Suppression>,
    /// Limits that fail the run.
    pub thresholds: Thresholds,
}

impl Policy {
    /// Whether the policy changes nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.severity.is_empty()
            && self.suppressions.is_empty()
            && self.thresholds == Thresholds::default()
    }

    /// Problems that make the policy unusable: unknown rule ids and
    /// suppressions without a reason. Each message starts with the origin when known.
    #[must_use]
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let at = |origin: &Option<String>| {
            origin
                .as_deref()
                .map(|o| format!("{o}: "))
                .unwrap_or_default()
        };
        for o in &self.severity {
            if crate::catalog::rule(&o.rule).is_none() {
                out.push(format!("{}{}", at(&o.origin), unknown_rule(&o.rule)));
            }
        }
        for s in &self.suppressions {
            if s.reason.trim().is_empty() {
                out.push(format!(
                    "{}the suppression for {} has no reason; every suppression must say why the findings are acceptable (reason = \"…\")",
                    at(&s.origin),
                    s.label()
                ));
            }
            if s.tool.trim().is_empty() {
                out.push(format!(
                    "{}a suppression must name a tool (tool = \"…\")",
                    at(&s.origin)
                ));
            }
            if let Some(rule) = &s.rule
                && crate::catalog::rule(rule).is_none()
            {
                out.push(format!("{}{}", at(&s.origin), unknown_rule(rule)));
            }
        }
        out
    }

    /// Applies the policy to each server's report of a check of several,
    /// and counts again. Gives a line for each exceeded threshold
    /// (`server: threshold exceeded: …`), and whether the policy failed the
    /// run.
    pub fn apply_to_servers(&self, servers: &mut crate::servers::Servers) -> (Vec<String>, bool) {
        let mut breaches = Vec::new();
        let mut failed = false;
        for server in &mut servers.servers {
            if let Ok(report) = &mut server.checked {
                let outcome = self.apply(report);
                for b in &outcome.breaches {
                    breaches.push(format!(
                        "{}: threshold exceeded: {}",
                        server.name, b.message
                    ));
                }
                failed |= outcome.failed();
            }
        }
        servers.recount();
        (breaches, failed)
    }

    /// Applies the overrides and suppressions to `report` (its findings and
    /// counts change), then checks the thresholds against the result.
    pub fn apply(&self, report: &mut Report) -> Outcome {
        let mut outcome = Outcome::default();
        for finding in &mut report.findings {
            if let Some(o) = self
                .severity
                .iter()
                .rev()
                .find(|o| o.rule == finding.rule.id)
                && o.severity != finding.severity
            {
                finding.severity = o.severity;
                outcome.overridden += 1;
            }
        }
        let mut used = vec![false; self.suppressions.len()];
        let findings = std::mem::take(&mut report.findings);
        for finding in findings {
            let tool_path = finding
                .tool_index
                .and_then(|i| report.tools.get(i))
                .map(|t| &t.path);
            let hit = self
                .suppressions
                .iter()
                .enumerate()
                .find(|(_, s)| s.matches(&finding, tool_path));
            match hit {
                Some((i, s)) => {
                    used[i] = true;
                    outcome.suppressed.push(Suppressed {
                        finding,
                        reason: s.reason.clone(),
                    });
                }
                None => report.findings.push(finding),
            }
        }
        crate::finding::sort(&mut report.findings);
        report.counts = Counts::of(&report.findings);
        outcome.unused = self
            .suppressions
            .iter()
            .zip(&used)
            .filter(|(_, used)| !**used)
            .map(|(s, _)| s.clone())
            .collect();
        outcome.breaches = self.thresholds.evaluate(report);
        outcome
    }
}

fn unknown_rule(id: &str) -> String {
    let ids = crate::catalog::every_rule().map(|r| r.id);
    match crate::text::closest(id, ids) {
        Some(close) => format!(
            "no rule named {}; did you mean {}? `toolcheck rules` lists them",
            quote(id),
            quote(close)
        ),
        None => format!("no rule named {}; `toolcheck rules` lists them", quote(id)),
    }
}

impl Thresholds {
    /// The thresholds `report` exceeds.
    #[must_use]
    pub fn evaluate(&self, report: &Report) -> Vec<Breach> {
        let mut out = Vec::new();
        if let Some(limit) = self.max_undescribed {
            let m = &report.metrics;
            let (exceeded, actual) = match limit {
                Limit::Percent(max) => {
                    let share = undescribed_percent(m.undescribed_parameters, m.parameters);
                    (share > max + 1e-9, format!("{}%", trim_float(share)))
                }
                Limit::Count(max) => (
                    m.undescribed_parameters > max,
                    m.undescribed_parameters.to_string(),
                ),
            };
            if exceeded {
                out.push(Breach {
                    threshold: "max-undescribed",
                    limit: limit.to_string(),
                    message: format!(
                        "{} of {} parameters have no description ({actual}); max-undescribed is {limit}",
                        m.undescribed_parameters, m.parameters
                    ),
                    actual,
                });
            }
        }
        for (name, max, severity) in [
            ("max-errors", self.max_errors, Severity::Error),
            ("max-warnings", self.max_warnings, Severity::Warning),
        ] {
            let Some(max) = max else { continue };
            let n = report.counts.get(severity);
            if n > max {
                out.push(Breach {
                    threshold: name,
                    limit: max.to_string(),
                    actual: n.to_string(),
                    message: format!("{}; {name} is {max}", severity.count_label(n)),
                });
            }
        }
        out
    }
}

/// The share of parameters with no description, in percent (0 when there are none).
#[must_use]
pub fn undescribed_percent(undescribed: usize, parameters: usize) -> f64 {
    if parameters == 0 {
        0.0
    } else {
        undescribed as f64 * 100.0 / parameters as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Settings;

    fn sample() -> Report {
        crate::check(crate::sample::TOOLS, &Settings::default()).expect("sample parses")
    }

    fn suppression(rule: Option<&str>, tool: &str, path: Option<&str>) -> Suppression {
        Suppression {
            rule: rule.map(str::to_owned),
            tool: tool.into(),
            path: path.map(str::to_owned),
            reason: "tested".into(),
            origin: Some("toolcheck.toml:3".into()),
        }
    }

    #[test]
    fn severity_override_changes_findings_and_counts() {
        let mut report = sample();
        let before = report.counts;
        let policy = Policy {
            severity: vec![SeverityOverride {
                rule: "required-not-in-properties".into(),
                severity: Severity::Warning,
                origin: None,
            }],
            ..Policy::default()
        };
        let outcome = policy.apply(&mut report);
        assert_eq!(outcome.overridden, 1);
        assert_eq!(report.counts.errors, before.errors - 1);
        assert_eq!(report.counts.warnings, before.warnings + 1);
        // Still sorted: errors first.
        assert!(
            report
                .findings
                .windows(2)
                .all(|w| w[0].severity <= w[1].severity)
        );
    }

    #[test]
    fn suppressions_match_by_tool_rule_and_path() {
        let mut report = sample();
        let policy = Policy {
            suppressions: vec![
                suppression(
                    Some("required-not-in-properties"),
                    "orders.search",
                    Some("inputSchema.required"),
                ),
                suppression(None, "get_order", Some("/inputSchema/properties/orderId")),
                suppression(
                    None,
                    "cancel_order",
                    Some("result.tools[2].inputSchema.properties.refundAmount"),
                ),
                suppression(Some("thin-description"), "nope", None),
            ],
            ..Policy::default()
        };
        let outcome = policy.apply(&mut report);
        let suppressed: Vec<_> = outcome
            .suppressed
            .iter()
            .map(|s| s.finding.rule.id)
            .collect();
        assert!(
            suppressed.contains(&"required-not-in-properties"),
            "{suppressed:?}"
        );
        assert!(
            suppressed.contains(&"x-mcp-header-not-token"),
            "{suppressed:?}"
        );
        assert!(suppressed.contains(&"unknown-type-name"), "{suppressed:?}");
        assert_eq!(report.counts.errors, 0, "{:#?}", report.findings);
        assert_eq!(outcome.unused.len(), 1);
        assert!(outcome.unused_messages()[0].starts_with("toolcheck.toml:3: unused suppression"));
    }

    #[test]
    fn path_prefix_respects_segment_boundaries() {
        assert!(path_prefix(
            "inputSchema.properties.status",
            "inputSchema.properties",
            false
        ));
        assert!(path_prefix(
            "inputSchema.properties[\"a b\"]",
            "inputSchema.properties",
            false
        ));
        assert!(!path_prefix(
            "inputSchema.propertiesX",
            "inputSchema.properties",
            false
        ));
        assert!(path_prefix("/inputSchema/required", "/inputSchema", true));
        assert!(!path_prefix("/inputSchemaX", "/inputSchema", true));
    }

    #[test]
    fn problems_name_missing_reasons_and_unknown_rules() {
        let mut s = suppression(Some("requried-not-in-properties"), "x", None);
        s.reason = "  ".into();
        let policy = Policy {
            suppressions: vec![s],
            ..Policy::default()
        };
        let problems = policy.problems();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("has no reason"));
        assert!(problems[1].contains("did you mean \"required-not-in-properties\""));
    }

    #[test]
    fn thresholds() {
        let report = sample();
        let t = Thresholds {
            max_undescribed: Some(Limit::Percent(0.0)),
            max_errors: Some(3),
            max_warnings: Some(0),
        };
        let breaches = t.evaluate(&report);
        let names: Vec<_> = breaches.iter().map(|b| b.threshold).collect();
        assert_eq!(names, ["max-undescribed", "max-warnings"], "{breaches:?}");
        assert_eq!("5%".parse::<Limit>(), Ok(Limit::Percent(5.0)));
        assert_eq!("3".parse::<Limit>(), Ok(Limit::Count(3)));
        assert!("five".parse::<Limit>().is_err());
        assert!("120%".parse::<Limit>().is_err());
        assert_eq!(Limit::Percent(2.5).to_string(), "2.5%");
    }
}
