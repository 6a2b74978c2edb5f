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

use crate::clients::Client;
use crate::settings::Provider;

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

    pub(crate) fn provider(self) -> Option<(Provider, bool)> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Severity;
    use crate::settings::{Settings, Targets};

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
