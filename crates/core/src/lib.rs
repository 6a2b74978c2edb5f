//! Toolcheck: an MCP tool schema checker.
//!
//! Paste a capture of a server's `tools/list` response (or OpenAI / Anthropic
//! tool definitions) into [`check`] and get back a [`Report`] of findings, each
//! with a path into the pasted text, an explanation of what goes wrong at call
//! time, and a fix.
//!
//! The crate does no I/O and builds for `wasm32-unknown-unknown`.

pub mod baseline;
pub mod capability;
#[cfg(feature = "schema")]
pub mod cases;
pub mod catalog;
pub mod checking;
pub mod clients;
pub mod compat;
pub mod diff;
pub mod finding;
pub mod fix;
pub mod input;
mod kept;
pub mod locate;
pub mod lock;
pub mod metrics;
mod numbers;
pub mod owasp;
pub mod path;
pub mod policy;
#[cfg(feature = "schema")]
pub mod probe;
pub mod registry;
pub mod report;
pub mod result;
pub mod rules;
pub mod sample;
#[cfg(feature = "schema")]
mod schema_errors;
pub mod servers;
pub mod settings;
pub mod severity;
pub(crate) mod text;
pub mod value;
pub mod wire;

use std::fmt;

use serde::Serialize;

pub use catalog::RULES;
pub use checking::Checking;
pub use finding::{Finding, Severity};
pub use input::Format;
pub use path::Path;
pub use registry::RuleInfo;
pub use rules::Rule;
pub use settings::{
    GeminiField, Provider, Revision, RevisionFrom, RuleSelection, Settings, Targets,
};

/// Why a paste could not be checked at all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct InputError {
    /// What is wrong, in one sentence.
    pub message: String,
    /// 1-based line, when the problem has a position.
    pub line: Option<usize>,
    /// 1-based column, when the problem has a position.
    pub column: Option<usize>,
}

impl InputError {
    pub(crate) fn empty() -> Self {
        Self {
            message: "The input is empty: paste a tools/list response or tool definitions".into(),
            line: None,
            column: None,
        }
    }

    pub(crate) fn unrecognised(found: &str) -> Self {
        Self {
            message: format!(
                "Not a recognisable tool capture: found {found}. Expected a tools/list response, its result object, \
                 an array of tools, one tool, OpenAI or Anthropic tool definitions (alone or in a request body), \
                 or a newline-delimited JSON-RPC transcript"
            ),
            line: None,
            column: None,
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// Finding counts by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Counts {
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Info.
    pub info: usize,
}

impl Counts {
    pub(crate) fn of<'f>(findings: impl IntoIterator<Item = &'f Finding>) -> Self {
        let mut c = Counts::default();
        for f in findings {
            match f.severity {
                Severity::Error => c.errors += 1,
                Severity::Warning => c.warnings += 1,
                Severity::Info => c.info += 1,
            }
        }
        c
    }

    /// The count for one severity.
    #[must_use]
    pub fn get(&self, severity: Severity) -> usize {
        match severity {
            Severity::Error => self.errors,
            Severity::Warning => self.warnings,
            Severity::Info => self.info,
        }
    }

    /// `3 errors, 5 warnings, 3 info`.
    #[must_use]
    pub fn summary(&self) -> String {
        Severity::ALL
            .iter()
            .map(|s| s.count_label(self.get(*s)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

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
    /// ([`Checking::finish_with_compatibility`]).
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

    /// The worst severity present, if any finding exists.
    #[must_use]
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).min()
    }
}

/// Checks pasted text.
///
/// # Errors
/// An [`InputError`] when the text is not valid JSON (with line and column) or
/// not a recognisable capture.
pub fn check(input: &str, settings: &Settings) -> Result<Report, InputError> {
    Ok(Checking::new(input, settings)?.finish())
}

/// Runs one rule over a fixture and snapshots its findings. Also asserts that
/// no finding lands on a tool named `ok_*` and that every `bad_*` tool gets one.
#[cfg(test)]
#[macro_export]
macro_rules! rule_snapshot {
    ($rule:ident, $fixture:literal) => {
        $crate::rule_snapshot!($rule, $fixture, $crate::Settings::default());
    };
    ($rule:ident, $fixture:literal, $settings:expr) => {
        #[test]
        fn snapshot() {
            let text = include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/resources/fixtures/",
                $fixture
            ));
            let settings: $crate::Settings = $settings;
            let report =
                $crate::check(text, &settings.only(super::$rule.id)).expect("fixture parses");
            $crate::report::testing::assert_fixture_expectations(&report);
            $crate::report::testing::assert_server_fixture_expectations(text, &report);
            insta::assert_snapshot!(
                super::$rule.id,
                $crate::report::testing::render_for_snapshot(&report)
            );
        }

        /// The rule's fixes on the same fixture, with every other rule
        /// watching for a finding they would add.
        #[test]
        fn fixes() {
            let text = include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/resources/fixtures/",
                $fixture
            ));
            let settings: $crate::Settings = $settings;
            let fixed =
                $crate::fix::fix_rule(text, &settings, super::$rule.id).expect("fixture parses");
            let rendered = $crate::fix::render_for_snapshot(&super::$rule, &fixed);
            if let Some(rendered) = rendered {
                insta::assert_snapshot!(concat!("fix-", stringify!($rule)), rendered);
            }
        }
    };
}
