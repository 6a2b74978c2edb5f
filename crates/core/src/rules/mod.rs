//! The rules, one file each, grouped in folders.

pub mod util;
pub mod walk;

pub(crate) mod annotations;
pub(crate) mod cache;
pub(crate) mod clarity;
pub(crate) mod claude;
pub(crate) mod header;
pub(crate) mod openai;
pub(crate) mod provider;
pub(crate) mod reach;
pub(crate) mod revision;
pub(crate) mod schema;
pub(crate) mod security;
pub(crate) mod shape;

use std::borrow::Cow;

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
    &shape::tools_not_array::TOOLS_NOT_ARRAY,
    &shape::tool_not_object::TOOL_NOT_OBJECT,
    &shape::tool_name_missing::TOOL_NAME_MISSING,
    &shape::input_schema_missing::INPUT_SCHEMA_MISSING,
    &shape::tool_field_wrong_type::TOOL_FIELD_WRONG_TYPE,
    &shape::duplicate_tool_name::DUPLICATE_TOOL_NAME,
    &shape::nonconforming_tool_name::NONCONFORMING_TOOL_NAME,
    &shape::dotted_tool_name::DOTTED_TOOL_NAME,
    &schema::required_not_in_properties::REQUIRED_NOT_IN_PROPERTIES,
    &schema::unknown_type_name::UNKNOWN_TYPE_NAME,
    &schema::input_schema_type_not_object::INPUT_SCHEMA_TYPE_NOT_OBJECT,
    &schema::boolean_required::BOOLEAN_REQUIRED,
    &schema::boolean_exclusive_bound::BOOLEAN_EXCLUSIVE_BOUND,
    &schema::tuple_form_items::TUPLE_FORM_ITEMS,
    &schema::unresolved_local_ref::UNRESOLVED_LOCAL_REF,
    &schema::additional_properties_not_false::ADDITIONAL_PROPERTIES_NOT_FALSE,
    &header::x_mcp_header_not_token::X_MCP_HEADER_NOT_TOKEN,
    &header::x_mcp_header_duplicate::X_MCP_HEADER_DUPLICATE,
    &header::x_mcp_header_type_not_allowed::X_MCP_HEADER_TYPE_NOT_ALLOWED,
    &header::x_mcp_header_not_reachable::X_MCP_HEADER_NOT_REACHABLE,
    &header::x_mcp_header_secret::X_MCP_HEADER_SECRET,
    &revision::output_schema_not_object::OUTPUT_SCHEMA_NOT_OBJECT,
    &revision::x_mcp_header_no_effect::X_MCP_HEADER_NO_EFFECT,
    &openai::tool_name_invalid::OPENAI_TOOL_NAME_INVALID,
    &openai::root_combinator::OPENAI_ROOT_COMBINATOR,
    &openai::object_missing_properties::OPENAI_OBJECT_MISSING_PROPERTIES,
    &openai::too_many_tools::OPENAI_TOO_MANY_TOOLS,
    &openai::responses_strict_omitted::OPENAI_RESPONSES_STRICT_OMITTED,
    &openai::strict_additional_properties::OPENAI_STRICT_ADDITIONAL_PROPERTIES,
    &openai::strict_optional_property::OPENAI_STRICT_OPTIONAL_PROPERTY,
    &openai::strict_unsupported_keyword::OPENAI_STRICT_UNSUPPORTED_KEYWORD,
    &openai::strict_unsupported_format::OPENAI_STRICT_UNSUPPORTED_FORMAT,
    &openai::strict_missing_type::OPENAI_STRICT_MISSING_TYPE,
    &openai::strict_ref_siblings::OPENAI_STRICT_REF_SIBLINGS,
    &openai::strict_schema_too_large::OPENAI_STRICT_SCHEMA_TOO_LARGE,
    &claude::tool_name_invalid::CLAUDE_TOOL_NAME_INVALID,
    &claude::root_combinator::CLAUDE_ROOT_COMBINATOR,
    &claude::strict_additional_properties::CLAUDE_STRICT_ADDITIONAL_PROPERTIES,
    &claude::strict_unsupported_constraint::CLAUDE_STRICT_UNSUPPORTED_CONSTRAINT,
    &claude::strict_unsupported_format::CLAUDE_STRICT_UNSUPPORTED_FORMAT,
    &claude::strict_unsupported_pattern::CLAUDE_STRICT_UNSUPPORTED_PATTERN,
    &claude::strict_recursive_schema::CLAUDE_STRICT_RECURSIVE_SCHEMA,
    &claude::strict_request_limits::CLAUDE_STRICT_REQUEST_LIMIT_EXCEEDED,
    &security::hidden_unicode::HIDDEN_UNICODE,
    &security::confusable_name::CONFUSABLE_NAME,
    &security::injected_instructions::INJECTED_INSTRUCTIONS,
    &security::unexplained_sensitive_parameter::UNEXPLAINED_SENSITIVE_PARAMETER,
    // Warnings about what the model reads and about legacy vocabulary. They run
    // after the meta-schema check so their findings never hide its errors.
    &schema::openapi_nullable::OPENAPI_NULLABLE,
    &schema::array_without_items::ARRAY_WITHOUT_ITEMS,
    &schema::external_ref::EXTERNAL_REF,
    &schema::unused_definition::UNUSED_DEFINITION,
    &schema::deprecated_keyword::DEPRECATED_KEYWORD,
    &schema::misspelled_keyword::MISSPELLED_KEYWORD,
    &clarity::enum_without_description::ENUM_WITHOUT_DESCRIPTION,
    &clarity::undescribed_parameter::UNDESCRIBED_PARAMETER,
    &clarity::date_without_format::DATE_WITHOUT_FORMAT,
    &clarity::prose_enum::PROSE_ENUM,
    &clarity::thin_description::THIN_DESCRIPTION,
    &clarity::near_duplicate_description::NEAR_DUPLICATE_DESCRIPTION,
    &clarity::colliding_description::COLLIDING_DESCRIPTION,
    &annotations::annotation_contradicts_tool::ANNOTATION_CONTRADICTS_TOOL,
    // Keep this one last, and add new rules above it: it skips what the rules
    // above already reported.
    &schema::meta_schema_violation::META_SCHEMA_VIOLATION,
];

/// What a rule sees.
pub struct Cx<'a> {
    /// The detected capture.
    pub input: &'a Input<'a>,
    /// The effective settings (providers implied by the format are added).
    pub settings: &'a Settings,
    /// The tools the rule looks at: every tool for a [`Scope::List`] rule,
    /// a few consecutive ones for a [`Scope::Tool`] rule.
    ///
    /// [`Scope::List`]: crate::registry::Scope::List
    /// [`Scope::Tool`]: crate::registry::Scope::Tool
    tools: &'a [Tool<'a>],
    /// What several rules compute from the same tools, computed once.
    pub(crate) cache: cache::Cache<'a>,
}

impl<'a> Cx<'a> {
    /// The context of one check, over every tool.
    #[must_use]
    pub fn new(input: &'a Input<'a>, settings: &'a Settings) -> Self {
        Self::window(input, settings, &input.tools)
    }

    /// The context of the rules that look at one tool at a time, over
    /// `tools`, consecutive tools of `input`.
    #[must_use]
    pub(crate) fn window(
        input: &'a Input<'a>,
        settings: &'a Settings,
        tools: &'a [Tool<'a>],
    ) -> Self {
        Self {
            input,
            settings,
            tools,
            cache: cache::Cache::default(),
        }
    }

    /// The tools in view, in list order: every tool, or for a rule that looks
    /// at one tool at a time, the few it is given at once.
    #[must_use]
    pub fn tools(&self) -> &'a [Tool<'a>] {
        self.tools
    }

    /// Visits every subschema of every tool's input schema that its root
    /// reaches ([`reach`]).
    pub fn each_input_node(&self, visit: &mut dyn FnMut(&'a Tool<'a>, &Node<'a>)) {
        let tools = self.tools();
        for (tool, nodes) in tools.iter().zip(self.cache.nodes(tools)) {
            for (_, node) in nodes.input.reached() {
                visit(tool, node);
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
    /// Visits every subschema of every tool's input and output schemas that
    /// the schema's root reaches ([`reach`]).
    pub fn each_schema_node(&self, visit: &mut dyn FnMut(&'a Tool<'a>, SchemaKind, &Node<'a>)) {
        let tools = self.tools();
        for (tool, nodes) in tools.iter().zip(self.cache.nodes(tools)) {
            for (_, node) in nodes.input.reached() {
                visit(tool, SchemaKind::Input, node);
            }
            for (_, node) in nodes.output.reached() {
                visit(tool, SchemaKind::Output, node);
            }
        }
    }

    /// Visits every subschema of every tool's input and output schemas,
    /// with the definitions nothing reaches: the model reads those too.
    pub(crate) fn each_schema_node_everywhere(
        &self,
        visit: &mut dyn FnMut(&'a Tool<'a>, SchemaKind, &Node<'a>),
    ) {
        let tools = self.tools();
        for (tool, nodes) in tools.iter().zip(self.cache.nodes(tools)) {
            for node in nodes.input.everywhere() {
                visit(tool, SchemaKind::Input, node);
            }
            for node in nodes.output.everywhere() {
                visit(tool, SchemaKind::Output, node);
            }
        }
    }
}

/// Records the findings of one rule.
pub struct Emitter<'a> {
    rule: &'static RuleInfo,
    findings: &'a mut Findings,
    /// Where the findings about the tools in view start.
    from: usize,
}

impl<'a> Emitter<'a> {
    /// Records `rule`'s findings after `findings`, of which those from
    /// position `from` on are about the tools the rule is given.
    pub(crate) fn new(rule: &'static RuleInfo, findings: &'a mut Findings, from: usize) -> Self {
        Self {
            rule,
            findings,
            from,
        }
    }

    /// Reports a finding at `path` with the rule's default severity and returns
    /// it, so a rule can raise or lower the severity for a particular case.
    pub fn emit(
        &mut self,
        tool: Option<&Tool<'_>>,
        path: Path,
        message: impl Into<String>,
        explanation: impl Into<Cow<'static, str>>,
        fix: impl Into<Cow<'static, str>>,
    ) -> &mut Finding {
        self.findings.push(Finding {
            rule: self.rule,
            severity: self.rule.severity,
            tool: tool.map(Tool::shared_label),
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
        explanation: impl Into<Cow<'static, str>>,
        fix: impl Into<Cow<'static, str>>,
    ) {
        self.emit(tool, path, message, explanation, fix).severity = severity;
    }

    /// The findings reported about the tools in view, by the rules that ran
    /// before this one and by this one so far.
    #[must_use]
    pub fn prior(&self) -> &[Finding] {
        self.findings
            .as_slice()
            .get(self.from..)
            .unwrap_or_default()
    }
}
