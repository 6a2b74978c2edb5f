//! The compatibility table: for each tool and each client target, whether
//! the target takes the tool as it is, and the rules that say why not.
//!
//! The targets are MCP (the selected revision), OpenAI Chat Completions,
//! OpenAI Responses with `strict`, Claude, Claude with `strict`, and Gemini
//! (in the Gemini field the settings name). Every target is computed, not only
//! those `--against` names: the table answers "which of my clients will take
//! this tool", whatever the check was asked.
//!
//! A target's verdict for a tool is the worst of:
//! - the MCP findings' errors: a tool an MCP client rejects never reaches a
//!   provider (the MCP column also counts MCP warnings);
//! - that provider's findings for the tool, and its findings about the whole
//!   list (a list-wide error, such as too many tools, rejects every tool).
//!
//! Errors mean rejected, warnings "works with warnings"; info is not counted.
//! The MCP findings come from the check's report; the provider findings from
//! two more runs of the provider rules alone (without and with strict mode)
//! over one parse of the text.

use serde::Serialize;

use crate::Report;
use crate::clients::converters::{Converter, Effect};
use crate::clients::{Api, Client, Clients};
use crate::finding::{Finding, Severity};
use crate::settings::{GeminiField, Provider, Settings, Targets};

/// A client target of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// An MCP client on the selected revision.
    Mcp,
    /// OpenAI Chat Completions (non-strict function calling).
    OpenaiChat,
    /// OpenAI Responses with `strict: true`.
    OpenaiStrict,
    /// Claude tool use.
    Claude,
    /// Claude with `strict: true`.
    ClaudeStrict,
    /// Gemini function calling.
    Gemini,
}

impl Target {
    /// Every target, in the table's order.
    pub const ALL: [Target; 6] = [
        Target::Mcp,
        Target::OpenaiChat,
        Target::OpenaiStrict,
        Target::Claude,
        Target::ClaudeStrict,
        Target::Gemini,
    ];

    /// The column heading.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Target::Mcp => "MCP",
            Target::OpenaiChat => "OpenAI Chat",
            Target::OpenaiStrict => "OpenAI strict",
            Target::Claude => "Claude",
            Target::ClaudeStrict => "Claude strict",
            Target::Gemini => "Gemini",
        }
    }

    /// The key JSON uses.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Target::Mcp => "mcp",
            Target::OpenaiChat => "openai-chat",
            Target::OpenaiStrict => "openai-strict",
            Target::Claude => "claude",
            Target::ClaudeStrict => "claude-strict",
            Target::Gemini => "gemini",
        }
    }

    fn provider(self) -> Option<(Provider, bool)> {
        match self {
            Target::Mcp => None,
            Target::OpenaiChat => Some((Provider::OpenAi, false)),
            Target::OpenaiStrict => Some((Provider::OpenAi, true)),
            Target::Claude => Some((Provider::Claude, false)),
            Target::ClaudeStrict => Some((Provider::Claude, true)),
            Target::Gemini => Some((Provider::Gemini, false)),
        }
    }
}

/// Whether a target takes a tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Nothing at warning or above.
    Works,
    /// Warnings, no error.
    WorksWithWarnings,
    /// A client leaves the tool out, and the rest of the server works (the
    /// client view only).
    Dropped,
    /// At least one error: the target rejects the tool (or the request).
    Rejected,
    /// A client fails the whole server because of this tool or another of
    /// the list: none of its tools reaches the model (the client view only).
    ServerRejected,
}

impl Verdict {
    /// How the reports write it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Works => "works",
            Verdict::WorksWithWarnings => "works with warnings",
            Verdict::Dropped => "dropped",
            Verdict::Rejected => "rejected",
            Verdict::ServerRejected => "server rejected",
        }
    }

    /// The word a table cell shows: `works`, `warnings`, `dropped`,
    /// `rejected`, `server rejected`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Verdict::WorksWithWarnings => "warnings",
            other => other.as_str(),
        }
    }
}

/// One tool under one target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// The verdict.
    pub verdict: Verdict,
    /// The rules behind it: errors first, each once.
    pub rules: Vec<&'static str>,
}

/// One tool's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The tool's name, when it has one.
    pub tool: Option<String>,
    /// Its position in the list.
    #[serde(skip)]
    pub index: usize,
    /// One cell per [`Target::ALL`], in that order.
    pub cells: Vec<Cell>,
    /// One cell per [`Client::ALL`], in that order: the client view.
    pub clients: Vec<Cell>,
}

impl Row {
    /// The tool's name, or `tool #N` for a tool without one.
    #[must_use]
    pub fn label(&self) -> String {
        self.tool
            .clone()
            .unwrap_or_else(|| format!("tool #{}", self.index + 1))
    }
}

/// The table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Compatibility {
    /// The columns of the API view.
    pub targets: Vec<Target>,
    /// The columns of the client view.
    pub clients: Vec<Client>,
    /// One row per tool, in list order.
    pub rows: Vec<Row>,
}

impl Compatibility {
    /// A table of no tools.
    #[must_use]
    pub fn empty() -> Self {
        Compatibility {
            targets: Target::ALL.to_vec(),
            clients: Client::ALL.to_vec(),
            rows: Vec::new(),
        }
    }
}

/// The runs of the rules a table needs beyond a check under `done` (the
/// check's effective settings): the report already holds the findings of its
/// own targets in its own mode (Gemini has no strict mode, so either
/// serves). The last run is always the client view's: every client's rules,
/// and Gemini's with the parameters in `parametersJsonSchema` (as Gemini CLI
/// sends them).
pub(crate) struct Plan {
    /// The strict mode of each provider run (the runs before the clients').
    pub(crate) modes: Vec<bool>,
    /// The settings of each run.
    pub(crate) runs: Vec<Settings>,
    done: Settings,
}

impl Plan {
    pub(crate) fn new(done: &Settings) -> Self {
        let mut plan = Plan {
            modes: Vec::new(),
            runs: Vec::new(),
            done: done.clone(),
        };
        let select = |keep: &dyn Fn(&crate::RuleInfo) -> bool| crate::RuleSelection {
            select: Some(
                crate::catalog::RULES
                    .iter()
                    .filter(|r| keep(r) && done.rules.enabled(r.id))
                    .map(|r| r.id.to_owned())
                    .collect(),
            ),
            ignore: Vec::new(),
        };
        for strict in [false, true] {
            let targets = plan.missing(strict);
            if targets == Targets::MCP {
                continue;
            }
            plan.modes.push(strict);
            plan.runs.push(Settings {
                targets,
                strict,
                rules: select(&|r| r.provider.is_some()),
                ..done.clone()
            });
        }
        plan.runs.push(Settings {
            targets: Targets {
                gemini: true,
                clients: Clients::all(),
                ..Targets::MCP
            },
            strict: false,
            gemini_field: GeminiField::JsonSchema,
            rules: select(&|r| r.client.is_some() || r.provider == Some(Provider::Gemini)),
            ..done.clone()
        });
        plan
    }

    /// Whether the check's own findings cover `provider` in this mode.
    fn have(&self, provider: Provider, strict: bool) -> bool {
        self.done.targets.has(provider)
            && (self.done.strict == strict || provider == Provider::Gemini)
    }

    /// The providers a run in this mode must cover.
    fn missing(&self, strict: bool) -> Targets {
        Targets {
            openai: !self.have(Provider::OpenAi, strict),
            claude: !self.have(Provider::Claude, strict),
            gemini: !strict && !self.have(Provider::Gemini, false),
            clients: Clients::empty(),
        }
    }
}

/// One column's findings by tool, and those about the whole list.
struct Buckets<'r> {
    by_tool: Vec<Vec<&'r Finding>>,
    whole: Vec<&'r Finding>,
}

impl<'r> Buckets<'r> {
    fn new(tools: usize, findings: impl IntoIterator<Item = &'r Finding>) -> Self {
        let mut by_tool: Vec<Vec<&Finding>> = vec![Vec::new(); tools];
        let mut whole = Vec::new();
        for f in findings {
            match f.tool_index {
                Some(i) if i < tools => by_tool[i].push(f),
                Some(_) => {}
                None => whole.push(f),
            }
        }
        Buckets { by_tool, whole }
    }

    /// What is said about tool `index`: its own findings and the list's.
    fn about(&self, index: usize) -> impl Iterator<Item = &'r Finding> + '_ {
        self.by_tool[index].iter().chain(&self.whole).copied()
    }
}

/// The table, from the check's report and the plan's runs' findings.
pub(crate) fn table(report: &Report, plan: &Plan, found: &[Vec<Finding>]) -> Compatibility {
    let provider_findings = |provider: Provider, strict: bool| -> Vec<&Finding> {
        let source: &[Finding] = if plan.have(provider, strict) {
            &report.findings
        } else {
            let at = plan.modes.iter().position(|s| *s == strict).unwrap_or(0);
            found.get(at).map_or(&[], Vec::as_slice)
        };
        source
            .iter()
            .filter(|f| f.rule.provider == Some(provider))
            .collect()
    };
    let mcp = || {
        report
            .findings
            .iter()
            .filter(|f| f.rule.provider.is_none() && f.rule.client.is_none())
    };
    let mcp_errors = || mcp().filter(|f| f.severity == Severity::Error);
    let tools = report.tools.len();
    let columns: Vec<Buckets<'_>> = Target::ALL
        .iter()
        .map(|target| match target.provider() {
            None => Buckets::new(tools, mcp()),
            Some((provider, strict)) => Buckets::new(
                tools,
                mcp_errors().chain(provider_findings(provider, strict)),
            ),
        })
        .collect();
    // The client view: the findings of the APIs each client forwards to, and
    // those of its own rules (the last run).
    let client_run: &[Finding] = found.get(plan.modes.len()).map_or(&[], Vec::as_slice);
    let api = |a: Api| -> Buckets<'_> {
        match a {
            Api::OpenAi => Buckets::new(tools, provider_findings(Provider::OpenAi, false)),
            Api::OpenAiStrict => Buckets::new(tools, provider_findings(Provider::OpenAi, true)),
            Api::Claude => Buckets::new(tools, provider_findings(Provider::Claude, false)),
            Api::Gemini => Buckets::new(
                tools,
                client_run
                    .iter()
                    .filter(|f| f.rule.provider == Some(Provider::Gemini)),
            ),
        }
    };
    let apis = [Api::OpenAi, Api::OpenAiStrict, Api::Claude, Api::Gemini].map(|a| (a, api(a)));
    let mcp_errors = Buckets::new(tools, mcp_errors());
    let own: Vec<Buckets<'_>> = Client::ALL
        .iter()
        .map(|c| {
            Buckets::new(
                tools,
                client_run.iter().filter(|f| f.rule.client == Some(*c)),
            )
        })
        .collect();
    let mut client_cells: Vec<Vec<Cell>> = Client::ALL
        .iter()
        .zip(&own)
        .map(|(client, own)| {
            (0..tools)
                .map(|index| {
                    let mut about: Vec<&Finding> = mcp_errors.about(index).collect();
                    about.extend(own.about(index));
                    let converted = own.about(index).all(|f| {
                        f.rule.conversion_fails != Some(Converter::EnsureStrictJsonSchema)
                    });
                    for a in client.apis() {
                        let (a, converter) = match a {
                            // A schema the converter cannot convert is sent without `strict`.
                            Api::OpenAiStrict if !converted => (Api::OpenAi, None),
                            Api::OpenAiStrict => (*a, Some(Converter::EnsureStrictJsonSchema)),
                            other => (*other, None),
                        };
                        let Some((_, buckets)) = apis.iter().find(|(x, _)| *x == a) else {
                            continue;
                        };
                        about.extend(buckets.about(index).filter(|f| {
                            converter.is_none_or(|c| f.rule.converter != Some((c, Effect::Fixes)))
                        }));
                    }
                    client_cell(*client, &about)
                })
                .collect()
        })
        .collect();
    // A tool that fails its whole server in a client fails every tool of it.
    for (client, cells) in Client::ALL.iter().zip(&mut client_cells) {
        let mut failing: Vec<&'static str> = Vec::new();
        for cell in cells
            .iter()
            .filter(|c| c.verdict == Verdict::ServerRejected)
        {
            for rule in &cell.rules {
                let fails_server =
                    crate::catalog::rule(rule).is_some_and(|r| r.fails_server_in.contains(*client));
                if fails_server && !failing.contains(rule) {
                    failing.push(rule);
                }
            }
        }
        if failing.is_empty() {
            continue;
        }
        for cell in cells.iter_mut() {
            cell.verdict = Verdict::ServerRejected;
            for rule in &failing {
                if !cell.rules.contains(rule) {
                    cell.rules.push(rule);
                }
            }
        }
    }
    // Each client's cells, taken a row at a time.
    let mut by_client: Vec<_> = client_cells.into_iter().map(Vec::into_iter).collect();
    let rows = (0..tools)
        .map(|index| Row {
            tool: report.tools[index].name.clone(),
            index,
            cells: columns
                .iter()
                .map(|column| {
                    let about: Vec<&Finding> = column.about(index).collect();
                    cell(&about)
                })
                .collect(),
            clients: by_client.iter_mut().filter_map(Iterator::next).collect(),
        })
        .collect();
    Compatibility {
        targets: Target::ALL.to_vec(),
        clients: Client::ALL.to_vec(),
        rows,
    }
}

/// The verdict of some findings, and their rules: errors first, each once.
fn cell(found: &[&Finding]) -> Cell {
    let mut rules: Vec<&'static str> = Vec::new();
    for severity in [Severity::Error, Severity::Warning] {
        for f in found.iter().filter(|f| f.severity == severity) {
            if !rules.contains(&f.rule.id) {
                rules.push(f.rule.id);
            }
        }
    }
    let verdict = if found.iter().any(|f| f.severity == Severity::Error) {
        Verdict::Rejected
    } else if rules.is_empty() {
        Verdict::Works
    } else {
        Verdict::WorksWithWarnings
    };
    Cell { verdict, rules }
}

/// One client's verdict on some findings: an error is a rejection, or a
/// dropped tool or a failed server where the rule says so of the client
/// (`dropped_by`, `fails_server_in`, `rewritten_away_by`); a warning is a
/// warning. The rules come errors first, each once.
fn client_cell(client: Client, found: &[&Finding]) -> Cell {
    let mut verdict = Verdict::Works;
    for f in found {
        let v = match f.severity {
            Severity::Error if f.rule.fails_server_in.contains(client) => Verdict::ServerRejected,
            Severity::Error if f.rule.dropped_by.contains(client) => Verdict::Dropped,
            Severity::Error if f.rule.rewritten_away_by.contains(client) => {
                Verdict::WorksWithWarnings
            }
            Severity::Error => Verdict::Rejected,
            Severity::Warning => Verdict::WorksWithWarnings,
            Severity::Info => Verdict::Works,
        };
        verdict = verdict.max(v);
    }
    Cell {
        verdict,
        rules: cell(found).rules,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_row_by_row() {
        let settings = Settings::default();
        let report = crate::check(crate::sample::TOOLS, &settings).unwrap();
        let table = crate::checking::compatibility(crate::sample::TOOLS, &report).unwrap();
        assert_eq!(table.rows.len(), 3);
        let verdicts: Vec<Vec<String>> = table
            .rows
            .iter()
            .map(|r| {
                r.cells
                    .iter()
                    .zip(Target::ALL)
                    .map(|(c, t)| {
                        format!(
                            "{}: {} ({})",
                            t.label(),
                            c.verdict.as_str(),
                            c.rules.join(", ")
                        )
                    })
                    .collect()
            })
            .collect();
        insta::assert_debug_snapshot!(verdicts);
        // The MCP column agrees with the report: a tool with an MCP error is
        // rejected everywhere.
        for (row, tool) in table.rows.iter().zip(&report.tools) {
            let mcp_error = report.findings.iter().any(|f| {
                f.tool.as_deref() == tool.name.as_deref() && f.severity == Severity::Error
            });
            if mcp_error {
                assert!(row.cells.iter().all(|c| c.verdict == Verdict::Rejected));
            }
        }
    }

    /// The table made on the check's own parse, under any settings, is the
    /// one made afterwards from the text.
    #[test]
    fn one_parse_or_two_give_the_same_table() {
        let texts = crate::report::testing::json_texts(true);
        let all_strict = Settings {
            targets: Targets {
                gemini: true,
                ..Targets::ALL
            },
            strict: true,
            ..Settings::default()
        };
        let mut compared = 0;
        for text in texts.iter().take(40) {
            for settings in [Settings::default(), all_strict.clone()] {
                let report = crate::Checking::new(text, &settings)
                    .expect("the fixtures' JSON texts are tool lists")
                    .finish_with_compatibility();
                let again = crate::checking::compatibility(text, &report).unwrap();
                assert_eq!(report.compatibility.as_ref(), Some(&again));
                compared += 1;
            }
        }
        assert!(compared >= 60, "only {compared} tables compared");
    }

    #[test]
    fn provider_columns_follow_their_rules() {
        let text = r#"{"tools": [
            {"name": "ok_plain", "description": "Returns the order with this id.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string", "description": "Order id"}}, "required": ["id"], "additionalProperties": false}},
            {"name": "dotted.name", "description": "Returns the order with this id.", "inputSchema": {"type": "object", "properties": {"id": {"type": ["string", "null"], "description": "Order id"}}, "required": ["id"], "additionalProperties": false}}
        ]}"#;
        let settings = Settings::default();
        let report = crate::check(text, &settings).unwrap();
        let table = crate::checking::compatibility(text, &report).unwrap();
        let row = |i: usize| -> Vec<(Verdict, Vec<&str>)> {
            table.rows[i]
                .cells
                .iter()
                .map(|c| (c.verdict, c.rules.clone()))
                .collect()
        };
        // Only Gemini takes issue with the first: additionalProperties.
        let first = row(0);
        assert_eq!(first[5].0, Verdict::Rejected, "{first:?}");
        assert_eq!(first[5].1, ["gemini-unsupported-keyword"]);
        assert!(
            first[..5].iter().all(|(v, _)| *v == Verdict::Works),
            "{first:?}"
        );
        // The dotted name is rejected by OpenAI and Claude in both modes.
        let second = row(1);
        for i in 1..5 {
            assert_eq!(
                second[i].0,
                Verdict::Rejected,
                "{}: {second:?}",
                Target::ALL[i].label()
            );
        }
        assert!(
            second[1].1.contains(&"openai-tool-name-invalid"),
            "{second:?}"
        );
        assert!(second[5].1.contains(&"gemini-type-array"), "{second:?}");
    }
}
