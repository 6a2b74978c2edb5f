//! The stable JSON output.
//!
//! ```json
//! {"summary": {"errors": 3, "warnings": 5, "info": 3},
//!  "format": "json-rpc-response",
//!  "detected": "JSON-RPC tools/list response · 3 tools",
//!  "tools": 3,
//!  "tool_tokens": [{"tool": "get_order", "pointer": "/result/tools/0", "tokens": 196}, …],
//!  "others": {"instructions": true, "prompts": 4, "resources": 7, "resource_templates": 2}
//!    (only when the input has the server's instructions, prompts or resources),
//!  "settings": {"targets": ["mcp"], "strict": false, "revision": "2026-07-28"},
//!  "findings": [{"rule": "…", "severity": "error", "tool": "…", "path": "…",
//!                "pointer": "/…", "message": "…", "explanation": "…", "help": "…",
//!                "fix": "… (the same as help, until 0.2)",
//!                "converter": {"ensure_strict_json_schema": "fixes"} (strict-mode findings only)}],
//!  "metrics": {"parameters": 7, "undescribed_parameters": 1, "tools": 3, "zero_unique_tools": 0,
//!              "prose_enum_parameters": 0, "bytes": 2846, "tokens": 711,
//!              "comparisons": [{"metric": "undescribed-parameters", "label": "…", "value": 14.29,
//!                               "baseline": 21.5, "unit": "%", "value_text": "14.3% (1 of 7)",
//!                               "baseline_text": "21.5%", "band": "…", "verdict": "better"}, …]}}
//! ```

use serde::Serialize;
use serde_json::Value;

use crate::Counts;
use crate::Report;
use crate::finding::{Finding, Severity};
use crate::path::Path;
use crate::registry::RuleInfo;

/// The output's shape, serialised straight from the report (no intermediate
/// JSON tree, which for tens of thousands of findings costs more memory than
/// the text it turns into).
#[derive(Serialize)]
struct Shape<'a, P: Serialize> {
    summary: &'a Counts,
    format: &'a crate::input::Format,
    detected: String,
    tools: usize,
    /// Each tool's cost in tokens, in list order.
    tool_tokens: Vec<ToolTokens<'a>>,
    /// What the server gives the model besides its tools, when the input
    /// has any of it.
    #[serde(skip_serializing_if = "crate::OthersSummary::is_empty")]
    others: crate::OthersSummary,
    settings: SettingsShape,
    findings: FindingsShape<'a>,
    metrics: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    policy: Option<&'a P>,
    #[serde(skip_serializing_if = "Option::is_none")]
    compatibility: Option<CompatibilityShape<'a>>,
}

/// The compatibility table as it is written: the targets, then one object
/// per tool with a verdict and rules per target.
struct CompatibilityShape<'a>(&'a crate::compat::Compatibility);

impl Serialize for CompatibilityShape<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let table = self.0;
        let targets: Vec<&str> = table.targets.iter().map(|t| t.key()).collect();
        let clients: Vec<&str> = table.clients.iter().map(|c| c.key()).collect();
        let mut map = s.serialize_map(Some(4))?;
        map.serialize_entry("targets", &targets)?;
        map.serialize_entry(
            "tools",
            &Seq(std::cell::Cell::new(Some(view(table, &targets, true)))),
        )?;
        map.serialize_entry("clients", &clients)?;
        map.serialize_entry(
            "by_client",
            &Seq(std::cell::Cell::new(Some(view(table, &clients, false)))),
        )?;
        map.end()
    }
}

/// The rows of one view of `table`: the API view's, or the client view's.
fn view<'t>(
    table: &'t crate::compat::Compatibility,
    keys: &'t [&'t str],
    api: bool,
) -> impl Iterator<Item = RowShape<'t>> {
    table.rows.iter().map(move |row| RowShape {
        tool: row.tool.as_deref(),
        keys,
        cells: if api { &row.cells } else { &row.clients },
    })
}

/// A sequence written straight from an iterator, once.
struct Seq<I>(std::cell::Cell<Option<I>>);

impl<I: Iterator<Item = T>, T: Serialize> Serialize for Seq<I> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.take().into_iter().flatten())
    }
}

/// One tool's row of a view: its name, then a verdict and rules per column.
struct RowShape<'a> {
    tool: Option<&'a str>,
    keys: &'a [&'a str],
    cells: &'a [crate::compat::Cell],
}

impl Serialize for RowShape<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = s.serialize_map(Some(self.keys.len() + 1))?;
        map.serialize_entry("tool", &self.tool)?;
        for (key, cell) in self.keys.iter().zip(self.cells) {
            map.serialize_entry(key, cell)?;
        }
        map.end()
    }
}

/// One tool's cost, as it is written.
#[derive(Serialize)]
struct ToolTokens<'a> {
    tool: Option<&'a str>,
    #[serde(serialize_with = "pointer")]
    pointer: &'a Path,
    tokens: usize,
}

#[derive(Serialize)]
struct SettingsShape {
    targets: Vec<&'static str>,
    strict: bool,
    revision: &'static str,
}

/// The findings, each shaped as it is written.
struct FindingsShape<'a>(&'a [Finding]);

impl Serialize for FindingsShape<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|f| FindingShape::of(f, true)))
    }
}

/// One finding as it is written.
#[derive(Serialize)]
pub(crate) struct FindingShape<'a> {
    rule: &'static str,
    severity: Severity,
    /// The tool, or `null`; left out where findings belong to no tool (the
    /// result report's).
    #[serde(skip_serializing_if = "Option::is_none")]
    tool: Option<&'a Option<std::sync::Arc<str>>>,
    #[serde(serialize_with = "dotted")]
    path: &'a Path,
    #[serde(serialize_with = "pointer")]
    pointer: &'a Path,
    message: &'a str,
    explanation: &'a str,
    help: &'a str,
    /// The same text as `help`, under its earlier name: kept for this
    /// release (0.1) so that readers of the JSON can move to `help`, and
    /// dropped in 0.2 (docs/cli.md says so).
    fix: &'a str,
    /// For a strict-mode finding, what each strict-mode converter does to it
    /// (`{"ensure_strict_json_schema": "fixes"}`); left out for others.
    #[serde(skip_serializing_if = "ConverterShape::is_empty")]
    converter: ConverterShape,
}

/// What the converters do to one finding's rule ([`crate::clients::converters`]).
struct ConverterShape(&'static RuleInfo);

impl ConverterShape {
    fn is_empty(&self) -> bool {
        self.0.converter.is_none()
    }
}

impl Serialize for ConverterShape {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.converter.map(|(c, e)| (c.key(), e.as_str())))
    }
}

impl<'a> FindingShape<'a> {
    /// `finding`'s shape, with its `tool` when `with_tool`.
    pub(crate) fn of(f: &'a Finding, with_tool: bool) -> Self {
        FindingShape {
            rule: f.rule.id,
            severity: f.severity,
            tool: with_tool.then_some(&f.tool),
            path: &f.path,
            pointer: &f.path,
            message: &f.message,
            explanation: &f.explanation,
            help: &f.help,
            fix: &f.help,
            converter: ConverterShape(f.rule),
        }
    }
}

/// A path in the dotted notation.
fn dotted<S: serde::Serializer>(path: &&Path, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(path)
}

/// A path as a JSON Pointer.
fn pointer<S: serde::Serializer>(path: &&Path, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&path.pointer())
}

fn shape<'a, P: Serialize>(report: &'a Report, policy: Option<&'a P>) -> Shape<'a, P> {
    let s = &report.settings;
    let mut targets = vec!["mcp"];
    if s.targets.openai {
        targets.push("openai");
    }
    if s.targets.claude {
        targets.push("claude");
    }
    if s.targets.gemini {
        targets.push("gemini");
    }
    targets.extend(s.targets.clients.iter().map(crate::clients::Client::key));
    Shape {
        summary: &report.counts,
        format: &report.format,
        detected: report.detected(),
        tools: report.tools.len(),
        others: report.others,
        tool_tokens: report
            .tools
            .iter()
            .map(|t| ToolTokens {
                tool: t.name.as_deref(),
                pointer: &t.path,
                tokens: t.tokens,
            })
            .collect(),
        settings: SettingsShape {
            targets,
            strict: s.strict,
            revision: s.revision.as_str(),
        },
        findings: FindingsShape(&report.findings),
        metrics: metrics(report),
        policy,
        compatibility: report.compatibility.as_ref().map(CompatibilityShape),
    }
}

/// The report as a JSON value.
#[must_use]
pub fn to_value(report: &Report) -> Value {
    serde_json::to_value(shape::<()>(report, None)).unwrap_or_default()
}

/// The four corpus checks and their comparisons with public servers.
fn metrics(report: &Report) -> Value {
    let mut value = serde_json::to_value(report.metrics).unwrap_or_default();
    if let Value::Object(map) = &mut value {
        map.insert(
            "comparisons".to_owned(),
            serde_json::to_value(report.metrics.comparisons()).unwrap_or_default(),
        );
    }
    value
}

/// The report as pretty-printed JSON.
#[must_use]
pub fn json(report: &Report) -> String {
    json_with_policy(report, None::<&()>)
}

/// The report as pretty-printed JSON, with a policy outcome as `policy`.
#[must_use]
pub fn json_with_policy(report: &Report, policy: Option<&impl Serialize>) -> String {
    super::written_text(0, |out| write_json(out, report, policy))
}

/// Writes [`json_with_policy`]'s text to `out` as it is made, so a large
/// report never exists as a whole in memory.
///
/// # Errors
/// When `out` fails.
pub fn write_json(
    out: &mut (impl std::io::Write + ?Sized),
    report: &Report,
    policy: Option<&impl Serialize>,
) -> std::io::Result<()> {
    serde_json::to_writer_pretty(out, &shape(report, policy)).map_err(std::io::Error::from)
}
