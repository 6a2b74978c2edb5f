//! What a check gives: the [`Report`], and its summaries of each tool and
//! of the server's other text (its counts by severity are
//! [`crate::finding::Counts`]).

use serde::Serialize;

#[cfg(feature = "flows")]
use crate::capability;
use crate::finding::{Counts, Finding, Severity};
use crate::input::{self, Format};
use crate::path::Path;
use crate::settings::Settings;
use crate::{compat, metrics, text};

/// What the server gives the model besides its tools, counted, as the
/// report lists it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct OthersSummary {
    /// Whether it has instructions.
    pub instructions: bool,
    /// Its prompts.
    pub prompts: usize,
    /// Its resources.
    pub resources: usize,
    /// Its resource templates.
    pub resource_templates: usize,
}

impl OthersSummary {
    /// The counts of `server`.
    #[must_use]
    pub fn of(server: &input::ServerText<'_>) -> Self {
        Self {
            instructions: server.instructions.is_some(),
            prompts: server.items(input::ListKind::Prompts).len(),
            resources: server.items(input::ListKind::Resources).len(),
            resource_templates: server.items(input::ListKind::ResourceTemplates).len(),
        }
    }

    /// Whether there is nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// `instructions, 4 prompts, 7 resources, 2 resource templates`, or
    /// nothing.
    #[must_use]
    pub fn label(&self) -> String {
        let mut parts = self.counted();
        if self.instructions {
            parts.insert(0, "instructions".to_owned());
        }
        parts.join(", ")
    }

    /// The prompts, resources and resource templates there are, counted:
    /// `["4 prompts", "1 resource"]`.
    #[must_use]
    pub fn counted(&self) -> Vec<String> {
        [
            (self.prompts, "prompt"),
            (self.resources, "resource"),
            (self.resource_templates, "resource template"),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, one)| text::quoting::counted(n, one))
        .collect()
    }
}

/// One tool, as the report lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ToolSummary {
    /// Its name, when it has a string one.
    pub name: Option<String>,
    /// Where its definition is.
    pub path: Path,
    /// Whether it declares an `outputSchema`.
    pub has_output_schema: bool,
    /// What its definition costs a model on every request, in tokens
    /// ([`metrics::tokens`]).
    pub tokens: usize,
    /// [`input::Tool::fingerprint`]: the check of an edit of this text
    /// tells by it which tools the edit left alone.
    #[serde(skip)]
    pub fingerprint: u64,
    /// What it can do ([`capability::of`]): the toxic-flow rules across
    /// servers read it (builds with the `flows` feature).
    #[cfg(feature = "flows")]
    #[serde(skip)]
    pub capabilities: Vec<capability::Evidence>,
}

/// The result of a check.
#[derive(Debug, Clone)]
pub struct Report {
    /// What was pasted.
    pub format: Format,
    /// For transcripts, the number of `tools/list` pages merged.
    pub pages: usize,
    /// Every tool, in list order.
    pub tools: Vec<ToolSummary>,
    /// What the server gives the model besides its tools.
    pub others: OthersSummary,
    /// The findings: errors, then warnings, then info; tool order, then path.
    pub findings: Vec<Finding>,
    /// Counts by severity.
    pub counts: Counts,
    /// The settings actually applied (a provider format adds its provider).
    pub settings: Settings,
    /// The size of the pasted text in bytes.
    pub input_bytes: usize,
    /// The four corpus checks, for comparison with public servers.
    pub metrics: metrics::Metrics,
    /// Which client targets take each tool, when the check was asked for it
    /// ([`crate::Checking::finish_with_compatibility`]).
    pub compatibility: Option<compat::Compatibility>,
}

impl Report {
    /// The finding's path relative to its tool (a JSON pointer), for
    /// identities that survive reformatting and reordering the list: SARIF's
    /// fingerprints and the findings baseline.
    #[must_use]
    pub fn tool_relative_pointer(&self, f: &Finding) -> String {
        let full = f.path.pointer();
        f.tool_index
            .and_then(|i| self.tools.get(i))
            .and_then(|t| full.strip_prefix(&t.path.pointer()).map(str::to_owned))
            .unwrap_or(full)
    }

    /// How many schemas the tools declare: an input schema each, and the
    /// output schemas (what the meta-schema check validates).
    #[must_use]
    pub fn schema_count(&self) -> usize {
        self.tools.len() + self.tools.iter().filter(|t| t.has_output_schema).count()
    }

    /// What was detected, for example `JSON-RPC tools/list response · 3 tools`.
    #[must_use]
    pub fn detected(&self) -> String {
        let tools = text::quoting::counted(self.tools.len(), "tool");
        let others = if self.others.is_empty() {
            String::new()
        } else {
            format!(" · {}", self.others.label())
        };
        if self.format == Format::Transcript && self.pages > 1 {
            format!(
                "{} · {} pages merged · {tools}{others}",
                self.format.label(),
                self.pages
            )
        } else {
            format!("{} · {tools}{others}", self.format.label())
        }
    }

    /// Adds findings made elsewhere (the page's worker's), keeping the
    /// report's order and counts as one check would have made them.
    pub fn add_findings(&mut self, extra: impl IntoIterator<Item = Finding>) {
        let before = self.findings.len();
        self.findings.extend(extra);
        if self.findings.len() > before {
            crate::finding::sort(&mut self.findings);
            self.counts = Counts::of(&self.findings);
        }
    }

    /// The worst severity present, if any finding exists.
    #[must_use]
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).min()
    }
}
