//! SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
//!
//! One run, with every rule's metadata (id, summary, docs as help text and
//! Markdown, default level) and one result per finding. Each result has a
//! logical location (the path into the pasted document) and, when the capture
//! is a file, a physical location with the line and column range of the value,
//! computed from the text as pasted. The RFC 6901 pointer, the tool, the
//! explanation and the fix are result properties.

use serde_json::{Map, Value, json};

use crate::finding::{Finding, Severity};
use crate::locate::Locator;
use crate::path::Path;
use crate::policy::Outcome;
use crate::{Report, registry::RuleInfo};

/// The checked text and, when it is a file, the URI code scanning should
/// attach results to (a path relative to the repository root, such as
/// `mcp/tools.json`; see [`artifact_uri`]).
#[derive(Debug)]
pub struct Source<'a> {
    /// The file's URI, or `None` for standard input or a live capture.
    pub uri: Option<&'a str>,
    /// The text exactly as checked.
    pub text: &'a str,
    /// Finds the findings' paths in the text.
    locator: Locator<'a>,
}

impl<'a> Source<'a> {
    /// The text `text`, from the file at `uri` if any.
    #[must_use]
    pub fn new(uri: Option<&'a str>, text: &'a str) -> Self {
        Self {
            uri,
            text,
            locator: Locator::new(text),
        }
    }

    /// The 1-based line and column where the value at `path` starts (after
    /// its key, for an object member).
    #[must_use]
    pub fn value_start(&self, path: &Path) -> Option<(usize, usize)> {
        let range = self.locator.value_span(path)?;
        Some(self.locator.line_column(range.start))
    }

    /// Where `path` is in the text, as lines and columns.
    #[must_use]
    pub fn position(&self, path: &Path) -> Option<Position> {
        let range = self.locator.span(path)?;
        let (start_line, start_column) = self.locator.line_column(range.start);
        let (end_line, end_column) = self.locator.line_column(range.end);
        Some(Position {
            start_line,
            start_column,
            end_line,
            end_column,
        })
    }
}

/// The 1-based line and column range of a value in the text (columns count
/// Unicode code points; the end column is the one just past the value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The first line.
    pub start_line: usize,
    /// The first column.
    pub start_column: usize,
    /// The last line.
    pub end_line: usize,
    /// The column just past the last character.
    pub end_column: usize,
}

/// Turns a file path into a relative URI reference: backslashes become
/// slashes, a leading `./` is dropped, and characters a URI cannot hold are
/// percent-encoded.
#[must_use]
pub fn artifact_uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let path = path.strip_prefix("./").unwrap_or(&path);
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The SARIF level for a severity.
#[must_use]
pub fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// FNV-1a, 64 bits: a stable fingerprint that does not depend on the platform.
pub(crate) fn fingerprint(parts: &[&str]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for b in part.bytes().chain([0]) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// `required-not-in-properties` → `RequiredNotInProperties`.
pub(crate) fn pascal(id: &str) -> String {
    id.split(['-', '_'])
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// A location: a physical one when the source is a file and the path is
/// found in it, and always a logical one naming the path.
pub(crate) fn location(
    source: &Source<'_>,
    artifact_index: usize,
    path: &Path,
    name: Option<&str>,
) -> Value {
    let mut loc = Map::new();
    if let Some(uri) = source.uri {
        let mut physical = Map::new();
        physical.insert(
            "artifactLocation".into(),
            json!({"uri": uri, "index": artifact_index}),
        );
        if let Some(p) = source.position(path) {
            physical.insert(
                "region".into(),
                json!({
                    "startLine": p.start_line,
                    "startColumn": p.start_column,
                    "endLine": p.end_line,
                    "endColumn": p.end_column,
                }),
            );
        }
        loc.insert("physicalLocation".into(), Value::Object(physical));
    }
    let mut logical = Map::new();
    if let Some(name) = name {
        logical.insert("name".into(), json!(name));
    }
    logical.insert("fullyQualifiedName".into(), json!(path.to_string()));
    logical.insert("kind".into(), json!("member"));
    loc.insert("logicalLocations".into(), json!([Value::Object(logical)]));
    Value::Object(loc)
}

/// The artifact entry for a source, if it is a file.
pub(crate) fn artifact(source: &Source<'_>) -> Option<Value> {
    source.uri.map(|uri| {
        json!({
            "location": {"uri": uri},
            "length": source.text.len(),
        })
    })
}

/// The SARIF 2.1.0 JSON Schema.
const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// Wraps one run in a SARIF log.
pub(crate) fn log(run: Value) -> Value {
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [run],
    })
}

/// The tool's driver object.
pub(crate) fn driver(rules: Vec<Value>) -> Value {
    json!({
        "name": "Toolcheck",
        "version": env!("CARGO_PKG_VERSION"),
        "semanticVersion": env!("CARGO_PKG_VERSION"),
        "rules": rules,
    })
}

/// The run's `tool` for the rules of the catalog: the driver, which
/// supports the OWASP MCP Top 10 taxonomy ([`taxonomies`]) its rules'
/// relationships point into.
pub(crate) fn tool_with_taxonomy(rules: Vec<Value>) -> Value {
    let mut d = driver(rules);
    d["supportedTaxonomies"] = json!([{"name": crate::owasp::NAME, "index": 0}]);
    json!({"driver": d})
}

/// The OWASP MCP Top 10 as a SARIF taxonomy, which the rules' relationships
/// point into (`run.taxonomies[0]`).
pub(crate) fn taxonomies() -> Value {
    use crate::owasp::{NAME, Owasp, URL, VERSION};
    json!([{
        "name": NAME,
        "version": VERSION,
        "organization": "OWASP",
        "informationUri": URL,
        "isComprehensive": true,
        "taxa": Owasp::ALL.iter().map(|e| json!({
            "id": e.id(),
            "name": e.title(),
            "helpUri": e.url(),
            "shortDescription": {"text": format!("{}:2025 {}", e.id(), e.title())},
        })).collect::<Vec<_>>(),
    }])
}

pub(crate) fn rule_descriptor(rule: &RuleInfo) -> Value {
    let docs = rule.docs();
    let mut tags = vec![rule.group.as_str().to_owned()];
    if let Some(p) = rule.provider {
        let provider = p.name().to_ascii_lowercase();
        if !tags.contains(&provider) {
            tags.push(provider);
        }
    }
    for entry in rule.owasp {
        tags.push(format!("owasp-mcp-top-10/{}", entry.id()));
    }
    let mut descriptor = json!({
        "id": rule.id,
        "name": pascal(rule.id),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.summary},
        "help": {"text": docs, "markdown": docs},
        "defaultConfiguration": {"level": level(rule.severity)},
        "properties": {"tags": tags, "group": rule.group.as_str()},
    });
    if !rule.owasp.is_empty() {
        descriptor["relationships"] = rule
            .owasp
            .iter()
            .map(|e| {
                json!({
                    "target": {"id": e.id(), "toolComponent": {"name": crate::owasp::NAME, "index": 0}},
                    "kinds": ["relevant"],
                })
            })
            .collect();
    }
    descriptor
}

fn result(report: &Report, source: &Source<'_>, f: &Finding, suppression: Option<&str>) -> Value {
    result_in(report, source, 0, f, suppression)
}

/// [`result`] for a finding in the artifact at `artifact_index`.
pub(crate) fn result_in(
    report: &Report,
    source: &Source<'_>,
    artifact_index: usize,
    f: &Finding,
    suppression: Option<&str>,
) -> Value {
    let rule_index = crate::catalog::every_rule().position(|r| r.id == f.rule.id);
    let text = match &f.tool {
        Some(tool) => format!("{tool}: {}. Fix: {}", f.message, f.help),
        None => format!("{}. Fix: {}", f.message, f.help),
    };
    let relative = report.tool_relative_pointer(f);
    let mut r = Map::new();
    r.insert("ruleId".into(), json!(f.rule.id));
    if let Some(i) = rule_index {
        r.insert("ruleIndex".into(), json!(i));
    }
    r.insert("level".into(), json!(level(f.severity)));
    r.insert("message".into(), json!({"text": text}));
    r.insert(
        "locations".into(),
        json!([location(source, artifact_index, &f.path, f.tool.as_deref())]),
    );
    r.insert(
        "partialFingerprints".into(),
        json!({"toolcheck/v1": fingerprint(&[f.rule.id, f.tool.as_deref().unwrap_or(""), &relative])}),
    );
    if let Some(reason) = suppression {
        r.insert(
            "suppressions".into(),
            json!([{"kind": "external", "status": "accepted", "justification": reason}]),
        );
    }
    r.insert(
        "properties".into(),
        json!({
            "tool": f.tool,
            "path": f.path.to_string(),
            "pointer": f.path.pointer(),
            "explanation": f.explanation,
            "help": f.help,
            "fix": f.help,
        }),
    );
    Value::Object(r)
}

/// A tool-configuration notification.
pub(crate) fn notification(id: &str, level: &str, text: &str) -> Value {
    json!({"descriptor": {"id": id}, "level": level, "message": {"text": text}})
}

/// The report as a SARIF log value. With a policy outcome, suppressed findings
/// are included with their justification, and unused suppressions and
/// exceeded thresholds become tool-configuration notifications.
#[must_use]
pub fn to_value(report: &Report, source: &Source<'_>, policy: Option<&Outcome>) -> Value {
    // The log has string keys only, so it always converts.
    serde_json::to_value(Log::new(report, source, policy)).unwrap_or(Value::Null)
}

/// The run's invocation under a policy: unused suppressions and exceeded
/// thresholds as tool-configuration notifications.
fn invocations(policy: &Outcome) -> Value {
    let mut notes: Vec<Value> = policy
        .unused_messages()
        .iter()
        .map(|m| notification("unused-suppression", "warning", m))
        .collect();
    notes.extend(
        policy
            .breaches
            .iter()
            .map(|b| notification(b.threshold, "error", &b.message)),
    );
    json!([{
        "executionSuccessful": true,
        "toolConfigurationNotifications": notes,
    }])
}

/// The run's properties: what was detected, the settings and the counts.
fn run_properties(report: &Report) -> Value {
    json!({
        "detected": report.detected(),
        "settings": super::settings_line(report),
        "summary": report.counts,
    })
}

/// The report as pretty-printed SARIF 2.1.0: the text of [`to_value`],
/// written one result at a time from the same SARIF log, so a large report
/// never exists as a whole JSON tree.
#[must_use]
pub fn sarif(report: &Report, source: &Source<'_>, policy: Option<&Outcome>) -> String {
    super::written_text(1024 + report.findings.len() * 2048, |out| {
        write_sarif(out, report, source, policy)
    })
}

/// Writes [`sarif`]'s text to `out` as it is made.
///
/// # Errors
/// When `out` fails.
pub fn write_sarif(
    out: &mut (impl std::io::Write + ?Sized),
    report: &Report,
    source: &Source<'_>,
    policy: Option<&Outcome>,
) -> std::io::Result<()> {
    serde_json::to_writer_pretty(out, &Log::new(report, source, policy))
        .map_err(std::io::Error::from)
}

/// The SARIF log, with the results made as they are written.
#[derive(serde::Serialize)]
struct Log<'r> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run<'r>; 1],
}

/// The log's one run.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'r> {
    tool: Value,
    taxonomies: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    invocations: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    artifacts: Option<Value>,
    column_kind: &'static str,
    results: Results<'r>,
    properties: Value,
}

/// Every finding as a result, then (with a policy) every suppressed one.
struct Results<'r> {
    report: &'r Report,
    source: &'r Source<'r>,
    policy: Option<&'r Outcome>,
}

impl serde::Serialize for Results<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let suppressed = self.policy.map_or(&[][..], |p| &p.suppressed[..]);
        let baseline = self.policy.and_then(|p| p.baseline.as_ref());
        let (known, absent) =
            baseline.map_or((&[][..], &[][..]), |b| (&b.known[..], &b.absent[..]));
        // With a baseline, every result says whether it is new, known
        // (`unchanged`) or gone (`absent`), as SARIF 2.1.0 defines.
        let state = |mut r: Value, state: &str| {
            if baseline.is_some()
                && let Some(obj) = r.as_object_mut()
            {
                obj.insert("baselineState".into(), json!(state));
            }
            r
        };
        let mut seq = s.serialize_seq(Some(
            self.report.findings.len() + suppressed.len() + known.len() + absent.len(),
        ))?;
        for f in &self.report.findings {
            seq.serialize_element(&state(result(self.report, self.source, f, None), "new"))?;
        }
        for sup in suppressed {
            seq.serialize_element(&state(
                result(self.report, self.source, &sup.finding, Some(&sup.reason)),
                "new",
            ))?;
        }
        for f in known {
            seq.serialize_element(&state(
                result(self.report, self.source, f, None),
                "unchanged",
            ))?;
        }
        for e in absent {
            seq.serialize_element(&json!({
                "ruleId": e.rule,
                "level": "none",
                "message": {"text": format!("{} (in the baseline, no longer found)", e.describe())},
                "baselineState": "absent",
                "partialFingerprints": {"toolcheck/v1": fingerprint(&[&e.rule, &e.tool, &e.path])},
                "properties": {"tool": e.tool, "pointer": e.path, "message": e.message},
            }))?;
        }
        seq.end()
    }
}

impl<'r> Log<'r> {
    fn new(report: &'r Report, source: &'r Source<'r>, policy: Option<&'r Outcome>) -> Self {
        let rules: Vec<Value> = crate::catalog::every_rule().map(rule_descriptor).collect();
        Log {
            schema: SCHEMA,
            version: "2.1.0",
            runs: [Run {
                tool: tool_with_taxonomy(rules),
                taxonomies: taxonomies(),
                invocations: policy.map(invocations),
                artifacts: artifact(source).map(|a| json!([a])),
                column_kind: "unicodeCodePoints",
                results: Results {
                    report,
                    source,
                    policy,
                },
                properties: run_properties(report),
            }],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_code_points() {
        let text = "{\n  \"é\": [1,\n 2]}";
        assert_eq!(Locator::new(text).line_column(0), (1, 1));
        let at = text.find('[').unwrap();
        assert_eq!(Locator::new(text).line_column(at), (2, 8));
        assert_eq!(Locator::new(text).line_column(text.len()), (3, 5));
        let p = Source::new(None, text)
            .position(&Path::root().key("é"))
            .unwrap();
        assert_eq!(
            (p.start_line, p.start_column, p.end_line, p.end_column),
            (2, 3, 3, 4)
        );
    }

    #[test]
    fn uris_are_references() {
        assert_eq!(
            artifact_uri("./mcp/tools list.json"),
            "mcp/tools%20list.json"
        );
        assert_eq!(artifact_uri("a\\b#c.json"), "a/b%23c.json");
        assert_eq!(pascal("x-mcp-header-not-token"), "XMcpHeaderNotToken");
        assert_eq!(fingerprint(&["a", "b"]), fingerprint(&["a", "b"]));
        assert_ne!(fingerprint(&["ab", ""]), fingerprint(&["a", "b"]));
    }
}
