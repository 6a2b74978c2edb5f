//! What crosses between the page's module and its worker, as JSON text
//! through `postMessage`. The page's module is built without the JSON Schema
//! validator (the `schema` feature): it checks a paste with every rule it has
//! and asks the worker for the rest. The worker checks the same text with
//! every rule and answers with the findings of the rules the page lacks
//! ([`crate::catalog::WORKER_RULES`]), which the page adds to its report
//! ([`Report::add_findings`]); it also checks results and applies fixes.
//!
//! The compatibility table is the worker's too (the page's module has
//! neither the provider rules nor the clients'), as a [`WireTable`].
//!
//! A finding crosses as its rule's id, looked up again in the catalog on the
//! other side, and its path as its segments.

use std::borrow::Cow;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::catalog::{WORKER_RULES, rule};
use crate::clients::Client;
use crate::compat::{Cell, Compatibility, Row, Target, Verdict};
use crate::finding::{Finding, Severity};
use crate::path::{Path, Segment};
use crate::result::{ResultReport, ResultSource};
use crate::settings::{Revision, Settings};
use crate::{Counts, InputError, Report};

/// One step of a path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// An object member.
    #[serde(rename = "k")]
    Key(String),
    /// An array element.
    #[serde(rename = "i")]
    Index(usize),
    /// A line of a transcript.
    #[serde(rename = "l")]
    Line(usize),
}

/// A path as its steps.
#[must_use]
pub fn steps(path: &Path) -> Vec<Step> {
    path.segments()
        .iter()
        .map(|s| match s {
            Segment::Key(k) => Step::Key(k.to_string()),
            Segment::Index(i) => Step::Index(*i),
            Segment::Line(l) => Step::Line(*l),
        })
        .collect()
}

/// The path the steps make.
#[must_use]
pub fn path(steps: &[Step]) -> Path {
    steps.iter().fold(Path::root(), |p, s| match s {
        Step::Key(k) => p.key(k),
        Step::Index(i) => p.index(*i),
        Step::Line(l) if p.is_empty() => Path::line(*l),
        // A line is always first; one anywhere else cannot come from a path.
        Step::Line(_) => p,
    })
}

/// A finding, with its rule as an id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireFinding {
    /// The rule's id.
    pub rule: String,
    /// The severity.
    pub severity: Severity,
    /// The tool's name.
    pub tool: Option<String>,
    /// The tool's position in the list.
    pub tool_index: Option<usize>,
    /// Where it is.
    pub path: Vec<Step>,
    /// The message.
    pub message: String,
    /// What goes wrong at call time.
    pub explanation: String,
    /// What to do about it.
    pub help: String,
}

impl From<&Finding> for WireFinding {
    fn from(f: &Finding) -> Self {
        Self {
            rule: f.rule.id.to_owned(),
            severity: f.severity,
            tool: f.tool.as_deref().map(str::to_owned),
            tool_index: f.tool_index,
            path: steps(&f.path),
            message: f.message.clone(),
            explanation: f.explanation.to_string(),
            help: f.help.to_string(),
        }
    }
}

impl WireFinding {
    /// The finding again; `None` when this side knows no rule of that id.
    #[must_use]
    pub fn into_finding(self) -> Option<Finding> {
        let rule = rule(&self.rule)?;
        let mut finding = Finding::new(
            rule,
            path(&self.path),
            self.message,
            Cow::Owned(self.explanation),
            Cow::Owned(self.help),
        );
        finding.severity = self.severity;
        finding.tool = self.tool.map(Arc::from);
        finding.tool_index = self.tool_index;
        Some(finding)
    }
}

/// The findings of a full check that a module without the `schema` feature
/// cannot make: those of [`WORKER_RULES`].
#[must_use]
pub fn worker_findings(report: &Report) -> Vec<WireFinding> {
    report
        .findings
        .iter()
        .filter(|f| WORKER_RULES.iter().any(|r| std::ptr::eq(*r, f.rule)))
        .map(WireFinding::from)
        .collect()
}

/// `settings` without the rules of [`WORKER_RULES`]: what the page checks
/// with while its worker runs them.
#[must_use]
pub fn without_worker_rules(settings: &Settings) -> Settings {
    let mut light = settings.clone();
    for r in WORKER_RULES {
        if !light.rules.ignore.iter().any(|id| id == r.id) {
            light.rules.ignore.push(r.id.to_owned());
        }
    }
    light
}

/// A [`ResultReport`] as it crosses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireResultReport {
    tool: String,
    tool_path: Vec<Step>,
    has_output_schema: bool,
    source: ResultSource,
    located_at: Vec<Step>,
    revision: Revision,
    is_error: bool,
    findings: Vec<WireFinding>,
    counts: Counts,
    inferred_schema: Option<serde_json::Value>,
    inferred_from: Option<Vec<Step>>,
}

impl From<&ResultReport> for WireResultReport {
    fn from(r: &ResultReport) -> Self {
        Self {
            tool: r.tool.clone(),
            tool_path: steps(&r.tool_path),
            has_output_schema: r.has_output_schema,
            source: r.source,
            located_at: steps(&r.located_at),
            revision: r.revision,
            is_error: r.is_error,
            findings: r.findings.iter().map(WireFinding::from).collect(),
            counts: r.counts,
            inferred_schema: r.inferred_schema.clone(),
            inferred_from: r.inferred_from.as_ref().map(steps),
        }
    }
}

impl From<WireResultReport> for ResultReport {
    fn from(w: WireResultReport) -> Self {
        Self {
            tool: w.tool,
            tool_path: path(&w.tool_path),
            has_output_schema: w.has_output_schema,
            source: w.source,
            located_at: path(&w.located_at),
            revision: w.revision,
            is_error: w.is_error,
            findings: w
                .findings
                .into_iter()
                .filter_map(WireFinding::into_finding)
                .collect(),
            counts: w.counts,
            inferred_schema: w.inferred_schema,
            inferred_from: w.inferred_from.as_deref().map(path),
        }
    }
}

/// What the page asks its worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Request {
    /// Check `text`, and answer with the findings of [`WORKER_RULES`].
    Check {
        /// Pairs the answer with the request.
        id: u64,
        /// The capture.
        text: String,
        /// The settings, as the page asked for them.
        settings: Settings,
    },
    /// Check a `tools/call` result against a tool of a capture.
    Result {
        /// Pairs the answer with the request.
        id: u64,
        /// The tools capture.
        tools: String,
        /// The tool's name.
        tool: String,
        /// The pasted result.
        result: String,
        /// The settings.
        settings: Settings,
    },
    /// Make the compatibility table of `text` ([`crate::compat`]): the page's
    /// module has neither the provider rules nor the clients' rules.
    Compatibility {
        /// Pairs the answer with the request.
        id: u64,
        /// The capture.
        text: String,
        /// The settings.
        settings: Settings,
    },
    /// Apply the fixes the rules know to `text` ([`crate::fix::fix`]), or
    /// only the fix of the finding of `rule` at `path`.
    Fix {
        /// Pairs the answer with the request.
        id: u64,
        /// The capture.
        text: String,
        /// The settings.
        settings: Settings,
        /// Whether unsafe fixes are applied too.
        unsafe_fixes: bool,
        /// Only the fix of this finding: its rule's id and path.
        only: Option<(String, Vec<Step>)>,
    },
    /// Make the test cases of every tool of `text` ([`crate::cases`]), and
    /// the files they are exported as.
    Cases {
        /// Pairs the answer with the request.
        id: u64,
        /// The capture.
        text: String,
        /// The seed of the cases.
        seed: u64,
    },
}

impl Request {
    /// The id that pairs the answer with the request.
    #[must_use]
    pub fn id(&self) -> u64 {
        match self {
            Request::Check { id, .. }
            | Request::Result { id, .. }
            | Request::Compatibility { id, .. }
            | Request::Fix { id, .. }
            | Request::Cases { id, .. } => *id,
        }
    }
}

/// One cell of the compatibility table: its verdict and its rules' ids.
pub type WireCell = (Verdict, Vec<String>);

/// The compatibility table as it crosses, its rules as ids.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireTable {
    /// Each row's tool name.
    pub tools: Vec<Option<String>>,
    /// Each row's cells of the API view, in [`crate::compat::Target::ALL`]'s order.
    pub cells: Vec<Vec<WireCell>>,
    /// Each row's cells of the client view, in [`crate::clients::Client::ALL`]'s order.
    pub clients: Vec<Vec<WireCell>>,
}

impl From<&Compatibility> for WireTable {
    fn from(table: &Compatibility) -> Self {
        let cells = |cells: &[Cell]| -> Vec<WireCell> {
            cells
                .iter()
                .map(|c| (c.verdict, c.rules.iter().map(|r| (*r).to_owned()).collect()))
                .collect()
        };
        Self {
            tools: table.rows.iter().map(|r| r.tool.clone()).collect(),
            cells: table.rows.iter().map(|r| cells(&r.cells)).collect(),
            clients: table.rows.iter().map(|r| cells(&r.clients)).collect(),
        }
    }
}

impl WireTable {
    /// The table again, each rule looked up in the catalog (an id it does
    /// not know is left out).
    #[must_use]
    pub fn into_table(self) -> Compatibility {
        let cells = |cells: Vec<WireCell>| -> Vec<Cell> {
            cells
                .into_iter()
                .map(|(verdict, rules)| Cell {
                    verdict,
                    rules: rules
                        .iter()
                        .filter_map(|id| rule(id))
                        .map(|r| r.id)
                        .collect(),
                })
                .collect()
        };
        let rows = self
            .tools
            .into_iter()
            .zip(self.cells)
            .zip(self.clients)
            .enumerate()
            .map(|(index, ((tool, api), clients))| Row {
                tool,
                index,
                cells: cells(api),
                clients: cells(clients),
            })
            .collect();
        Compatibility {
            targets: Target::ALL.to_vec(),
            clients: Client::ALL.to_vec(),
            rows,
        }
    }
}

/// What a fix run did, as it crosses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireFixed {
    /// The text with the fixes applied.
    pub text: String,
    /// Whether any fix changed the text.
    pub changed: bool,
    /// One line per fix applied.
    pub applied: Vec<String>,
    /// One line per fix left out, with why.
    pub skipped: Vec<String>,
    /// The summary lines: what was applied, what remains, the tokens saved.
    pub summary: Vec<String>,
    /// The changes, as HTML for the page's preview (every pasted character
    /// escaped).
    pub preview_html: String,
}

/// The test cases of a capture, as the page shows and exports them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireCases {
    /// How many cases, for how many tools.
    pub summary: String,
    /// The cases as HTML (every pasted character escaped).
    pub html: String,
    /// The cases and their `tools/call` requests, as JSON.
    pub json: String,
    /// The test plan in Markdown.
    pub markdown: String,
    /// The pytest file.
    pub pytest: String,
    /// The vitest file.
    pub vitest: String,
}

/// What the worker answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Response {
    /// The findings of [`WORKER_RULES`] on the text of a [`Request::Check`],
    /// or why the text cannot be checked.
    Check {
        /// The request's id.
        id: u64,
        /// The findings, or the input error.
        findings: Result<Vec<WireFinding>, InputError>,
        /// How many schemas the worker validated.
        schemas: usize,
        /// The findings, of every rule, that have a fix Toolcheck can make
        /// (asked for with [`Settings::fixes`]): their rule's id and path.
        fixable: Vec<(String, Vec<Step>)>,
    },
    /// The result check.
    Result {
        /// The request's id.
        id: u64,
        /// The report, or why it could not be made.
        report: Result<WireResultReport, InputError>,
    },
    /// The compatibility table.
    Compatibility {
        /// The request's id.
        id: u64,
        /// The table, or why the text cannot be checked.
        table: Result<WireTable, InputError>,
    },
    /// The fix run.
    Fix {
        /// The request's id.
        id: u64,
        /// What it did, or why it could not run.
        fixed: Result<WireFixed, InputError>,
    },
    /// The test cases.
    Cases {
        /// The request's id.
        id: u64,
        /// The cases, or why the text has none.
        cases: Result<WireCases, InputError>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_cross_whole() {
        for p in [
            Path::root(),
            Path::root().key("result").key("tools").index(1).key("a.b"),
            Path::line(4).key("result").key("tools").index(0),
            Path::root().key("").key("0").index(0),
        ] {
            assert_eq!(path(&steps(&p)), p);
        }
    }

    #[cfg(feature = "schema")]
    #[test]
    fn the_worker_findings_complete_the_light_check() {
        let text = r#"{"tools": [{"name": "a", "inputSchema": {"type": "object",
            "properties": {"x": {"type": "string", "minLength": -1}}}}]}"#;
        let settings = Settings::default();
        let full = crate::check(text, &settings).unwrap();
        let mut light = crate::check(text, &without_worker_rules(&settings)).unwrap();
        assert!(full.findings.len() > light.findings.len());
        let wire = serde_json::to_string(&worker_findings(&full)).unwrap();
        let back: Vec<WireFinding> = serde_json::from_str(&wire).unwrap();
        light.add_findings(back.into_iter().filter_map(WireFinding::into_finding));
        assert_eq!(light.findings, full.findings);
        assert_eq!(light.counts, full.counts);
    }
}
