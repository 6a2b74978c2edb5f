//! The compatibility table's making: the runs a check's settings lack (a
//! [`Plan`]), and each tool's verdict by target and by client from the
//! check's findings and the runs'.

use crate::clients::converters::{Converter, Effect};
use crate::clients::{Api, Client, Clients};
use crate::compat::{Cell, Compatibility, Row, Target, Verdict};
use crate::finding::{Finding, Severity};
use crate::settings::{GeminiField, Provider, Settings, Targets};

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

/// The table, from the check's findings, its tools' names (a row each), and
/// the plan's runs' findings.
pub(crate) fn table(
    findings: &[Finding],
    names: Vec<Option<String>>,
    plan: &Plan,
    found: &[Vec<Finding>],
) -> Compatibility {
    let provider_findings = |provider: Provider, strict: bool| -> Vec<&Finding> {
        let source: &[Finding] = if plan.have(provider, strict) {
            findings
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
        findings
            .iter()
            .filter(|f| f.rule.provider.is_none() && f.rule.client.is_none())
    };
    let mcp_errors = || mcp().filter(|f| f.severity == Severity::Error);
    let tools = names.len();
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
    let rows = names
        .into_iter()
        .enumerate()
        .map(|(index, tool)| Row {
            tool,
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
