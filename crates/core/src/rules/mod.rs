//! The rules, one file each, grouped in folders.

pub mod util;
pub mod walk;

pub(crate) mod header;
pub(crate) mod schema;

use crate::finding::{Finding, Findings, Severity};
use crate::input::{Input, Tool};
use crate::path::Path;
use crate::registry::RuleInfo;
use crate::settings::Settings;
use walk::Node;

/// The date the provider rules were last checked against the providers' docs.
pub const PROVIDER_RULES_AS_OF: &str = "2026-10-01";

/// Every rule, in the order they run.
pub(crate) static ALL: &[&RuleInfo] = &[
    &schema::required_not_in_properties::REQUIRED_NOT_IN_PROPERTIES,
    &schema::unknown_type_name::UNKNOWN_TYPE_NAME,
    &header::x_mcp_header_not_token::X_MCP_HEADER_NOT_TOKEN,
];

/// What a rule sees.
pub struct Cx<'a> {
    /// The detected capture.
    pub input: &'a Input<'a>,
    /// The effective settings (providers implied by the format are added).
    pub settings: &'a Settings,
}

impl<'a> Cx<'a> {
    /// Every tool, in list order.
    #[must_use]
    pub fn tools(&self) -> &'a [Tool<'a>] {
        &self.input.tools
    }

    /// Visits every subschema of every tool's input schema.
    pub fn each_input_node(&self, visit: &mut dyn FnMut(&'a Tool<'a>, &Node<'a>)) {
        for tool in self.tools() {
            if let Some(schema) = tool.input_schema() {
                walk::walk(schema, &tool.input_schema_path(), &mut |node| visit(tool, node));
            }
        }
    }
}

/// Which schema of a tool a node belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaKind {
    /// The input schema (`inputSchema`, `parameters`, `input_schema`).
    Input,
    /// MCP `outputSchema`.
    Output,
}

impl<'a> Cx<'a> {
    /// Visits every subschema of every tool's input and output schemas.
    pub fn each_schema_node(&self, visit: &mut dyn FnMut(&'a Tool<'a>, SchemaKind, &Node<'a>)) {
        for tool in self.tools() {
            if let Some(schema) = tool.input_schema() {
                walk::walk(schema, &tool.input_schema_path(), &mut |node| {
                    visit(tool, SchemaKind::Input, node);
                });
            }
            if let Some(schema) = tool.output_schema() {
                walk::walk(schema, &tool.path.key("outputSchema"), &mut |node| {
                    visit(tool, SchemaKind::Output, node);
                });
            }
        }
    }
}

/// Records the findings of one rule.
pub struct Emitter<'a> {
    rule: &'static RuleInfo,
    findings: &'a mut Findings,
}

impl<'a> Emitter<'a> {
    pub(crate) fn new(rule: &'static RuleInfo, findings: &'a mut Findings) -> Self {
        Self { rule, findings }
    }

    /// Reports a finding at `path` with the rule's default severity and returns
    /// it, so a rule can raise or lower the severity for a particular case.
    pub fn emit(
        &mut self,
        tool: Option<&Tool<'_>>,
        path: Path,
        message: impl Into<String>,
        explanation: impl Into<String>,
        fix: impl Into<String>,
    ) -> &mut Finding {
        self.findings.push(Finding {
            rule: self.rule,
            severity: self.rule.severity,
            tool: tool.map(Tool::label),
            tool_index: tool.map(|t| t.index),
            path,
            message: message.into(),
            explanation: explanation.into(),
            fix: fix.into(),
        });
        self.findings.last_mut()
    }

    /// Like [`Emitter::emit`], with an explicit severity.
    pub fn emit_with(
        &mut self,
        severity: Severity,
        tool: Option<&Tool<'_>>,
        path: Path,
        message: impl Into<String>,
        explanation: impl Into<String>,
        fix: impl Into<String>,
    ) {
        self.emit(tool, path, message, explanation, fix).severity = severity;
    }

    /// The findings reported by the rules that ran before this one.
    #[must_use]
    pub fn prior(&self) -> &Findings {
        self.findings
    }
}
