//! The list of every rule, in the order they run: the rules about tool
//! definitions, then those about several servers checked together, then
//! those about one `tools/call` result. No rule imports this module: a rule
//! declares itself in its own file (`declare_rule!`), and this is the one
//! place that lists them all.
//!
//! The list is written once, below. From it come [`RULES`], what is known
//! about every rule (what `toolcheck rules`, `explain`, SARIF and the page's
//! docs show), and one list of checks for each runner: the check
//! ([`crate::checking`]), the servers' check
//! ([`crate::checking::check_servers`]) and the result checker
//! ([`crate::result`]). A binary then carries the code of the rules it runs
//! and no other: the page's worker runs no server rule, and the page's module
//! no result rule.

use crate::registry::RuleInfo;
#[cfg(feature = "schema")]
use crate::result::rules::ResultRule;
use crate::rules::{
    Rule, annotations, budget, clarity, claude, clients, gemini, header, openai, revision, schema,
    security, shape,
};
use crate::servers::ServerRule;

/// Makes the lists from the one list below. A rule about tool definitions
/// that the page's module leaves to its worker is marked with the feature
/// that runs it and the name of its info: `module if "feature" => INFO`.
macro_rules! catalog {
    (
        tools: [$($group:ident::$tool:ident $(if $feature:literal => $info:ident)?,)*],
        servers: [$($server:ident,)*],
        results: [$($result:ident,)*] $(,)?
    ) => {
        /// Every rule, in the order they run.
        pub static RULES: &[&RuleInfo] = &[
            $(catalog!(@info $group::$tool $($info)?),)*
            $(crate::servers::$server::RULE.info,)*
            $(crate::result::rules::$result::RULE.info,)*
        ];

        /// The rules about tool definitions that this build runs, in order.
        pub(crate) static TOOL_RULES: &[&Rule] = &[
            $($(#[cfg(feature = $feature)])? &$group::$tool::RULE,)*
        ];

        /// The rules about tool definitions that the page's module, built
        /// without the `schema` and `heavy-rules` features, leaves to its
        /// worker, which sends their findings ([`crate::wire`]).
        pub static WORKER_RULES: &[&RuleInfo] = &[
            $($(&$group::$tool::$info,)?)*
        ];

        /// The rules about several servers checked together, in order.
        pub(crate) static SERVER_RULES: &[&ServerRule] = &[
            $(&crate::servers::$server::RULE,)*
        ];

        /// The rules about one `tools/call` result, in the order the result
        /// checker reports them (it needs the `schema` feature).
        #[cfg(feature = "schema")]
        pub(crate) static RESULT_RULES: &[&ResultRule] = &[
            $(&crate::result::rules::$result::RULE,)*
        ];
    };
    (@info $group:ident::$tool:ident) => { $group::$tool::RULE.info };
    (@info $group:ident::$tool:ident $info:ident) => { &$group::$tool::$info };
}

catalog! {
    tools: [
    shape::tools_not_array,
        shape::tool_not_object,
        shape::tool_name_missing,
        shape::input_schema_missing,
        shape::tool_field_wrong_type,
        shape::duplicate_tool_name,
        shape::nonconforming_tool_name,
        shape::dotted_tool_name,
        schema::required_not_in_properties,
        schema::unknown_type_name,
        schema::input_schema_type_not_object,
        schema::boolean_required,
        schema::boolean_exclusive_bound,
        schema::tuple_form_items,
        schema::unresolved_local_ref,
        schema::additional_properties_not_false,
        header::x_mcp_header_not_token,
        header::x_mcp_header_duplicate,
        header::x_mcp_header_type_not_allowed,
        header::x_mcp_header_not_reachable,
        header::x_mcp_header_secret,
        revision::cache_hints_missing,
        revision::list_result_type_invalid,
        revision::cache_hint_invalid,
        revision::cache_scope_mixed,
        revision::discover_result_invalid if "heavy-rules" => DISCOVER_RESULT_INVALID,
        revision::tools_list_unstable if "heavy-rules" => TOOLS_LIST_UNSTABLE,
        revision::output_schema_not_object,
        revision::x_mcp_header_no_effect,
        revision::tool_name_not_header_safe if "heavy-rules" => TOOL_NAME_NOT_HEADER_SAFE,
        openai::tool_name_invalid if "heavy-rules" => OPENAI_TOOL_NAME_INVALID,
        openai::root_combinator if "heavy-rules" => OPENAI_ROOT_COMBINATOR,
        openai::object_missing_properties if "heavy-rules" => OPENAI_OBJECT_MISSING_PROPERTIES,
        openai::too_many_tools if "heavy-rules" => OPENAI_TOO_MANY_TOOLS,
        openai::responses_strict_omitted if "heavy-rules" => OPENAI_RESPONSES_STRICT_OMITTED,
        openai::strict_additional_properties if "heavy-rules" => OPENAI_STRICT_ADDITIONAL_PROPERTIES,
        openai::strict_optional_property if "heavy-rules" => OPENAI_STRICT_OPTIONAL_PROPERTY,
        openai::strict_unsupported_keyword if "heavy-rules" => OPENAI_STRICT_UNSUPPORTED_KEYWORD,
        openai::strict_unsupported_format if "heavy-rules" => OPENAI_STRICT_UNSUPPORTED_FORMAT,
        openai::strict_unsupported_pattern if "heavy-rules" => OPENAI_STRICT_UNSUPPORTED_PATTERN,
        openai::strict_missing_type if "heavy-rules" => OPENAI_STRICT_MISSING_TYPE,
        openai::strict_ref_siblings if "heavy-rules" => OPENAI_STRICT_REF_SIBLINGS,
        openai::strict_schema_too_large if "heavy-rules" => OPENAI_STRICT_SCHEMA_TOO_LARGE,
        claude::tool_name_invalid if "heavy-rules" => CLAUDE_TOOL_NAME_INVALID,
        claude::root_combinator if "heavy-rules" => CLAUDE_ROOT_COMBINATOR,
        claude::strict_additional_properties if "heavy-rules" => CLAUDE_STRICT_ADDITIONAL_PROPERTIES,
        claude::strict_unsupported_constraint if "heavy-rules" => CLAUDE_STRICT_UNSUPPORTED_CONSTRAINT,
        claude::strict_unsupported_format if "heavy-rules" => CLAUDE_STRICT_UNSUPPORTED_FORMAT,
        claude::strict_unsupported_pattern if "heavy-rules" => CLAUDE_STRICT_UNSUPPORTED_PATTERN,
        claude::strict_allof_ref if "heavy-rules" => CLAUDE_STRICT_ALLOF_REF,
        claude::strict_recursive_schema if "heavy-rules" => CLAUDE_STRICT_RECURSIVE_SCHEMA,
        claude::strict_request_limits if "heavy-rules" => CLAUDE_STRICT_REQUEST_LIMIT_EXCEEDED,
        security::hidden_unicode,
        security::control_characters,
        security::variation_selector_payload,
        security::confusable_name,
        security::injected_instructions if "heavy-rules" => INJECTED_INSTRUCTIONS,
        security::encoded_payload if "heavy-rules" => ENCODED_PAYLOAD,
        security::tool_shadowing,
        security::secret_in_definition if "heavy-rules" => SECRET_IN_DEFINITION,
        security::suspicious_link if "heavy-rules" => SUSPICIOUS_LINK,
        security::internal_address if "heavy-rules" => INTERNAL_ADDRESS,
        security::unexplained_sensitive_parameter,
        // Warnings about what the model reads and about legacy vocabulary. They run
        // after the meta-schema check so their findings never hide its errors.
        schema::openapi_nullable,
        schema::array_without_items,
        schema::external_ref,
        schema::unused_definition,
        schema::deprecated_keyword,
        schema::misspelled_keyword,
        clarity::enum_without_description,
        clarity::undescribed_parameter,
        clarity::date_without_format,
        clarity::prose_enum,
        clarity::thin_description,
        clarity::near_duplicate_description,
        clarity::colliding_description,
        annotations::annotation_contradicts_tool,
        gemini::function_name_invalid if "heavy-rules" => GEMINI_FUNCTION_NAME_INVALID,
        gemini::unsupported_keyword if "heavy-rules" => GEMINI_UNSUPPORTED_KEYWORD,
        gemini::type_array if "heavy-rules" => GEMINI_TYPE_ARRAY,
        gemini::array_missing_items if "heavy-rules" => GEMINI_ARRAY_MISSING_ITEMS,
        gemini::string_format if "heavy-rules" => GEMINI_STRING_FORMAT,
        gemini::json_schema_not_object if "heavy-rules" => GEMINI_JSON_SCHEMA_NOT_OBJECT,
        gemini::both_parameter_fields if "heavy-rules" => GEMINI_BOTH_PARAMETER_FIELDS,
        gemini::vertex_parameter_name if "heavy-rules" => GEMINI_VERTEX_PARAMETER_NAME,
        budget::tool_over_budget,
        budget::token_budget_exceeded,
        schema::empty_enum if "heavy-rules" => EMPTY_ENUM,
        clarity::untyped_parameter if "heavy-rules" => UNTYPED_PARAMETER,
        clients::vscode_array_without_items if "heavy-rules" => VSCODE_ARRAY_WITHOUT_ITEMS,
        clients::claude_code_description_truncated if "heavy-rules" => CLAUDE_CODE_DESCRIPTION_TRUNCATED,
        clients::codex_dropped_constraint if "heavy-rules" => CODEX_DROPPED_CONSTRAINT,
        clients::agents_strict_conversion_fails if "heavy-rules" => AGENTS_STRICT_CONVERSION_FAILS,
        clients::vscode_too_many_tools if "heavy-rules" => VSCODE_TOO_MANY_TOOLS,
        clients::vscode_parameter_description_truncated if "heavy-rules" => VSCODE_PARAMETER_DESCRIPTION_TRUNCATED,
        clients::claude_desktop_output_schema_dialect if "heavy-rules" => CLAUDE_DESKTOP_OUTPUT_SCHEMA_DIALECT,
        // Keep this one last, and add new rules above it: it skips what the rules
        // above already reported. It needs the JSON Schema validator (the `schema`
        // feature): the page's module runs without it and asks its worker.
        schema::default_not_allowed if "schema" => DEFAULT_NOT_ALLOWED,
        schema::meta_schema_violation if "schema" => META_SCHEMA_VIOLATION,
    ],
    // The budget over all of them is `token-budget-exceeded`, above.
    servers: [
        server_not_checked,
        tool_name_collision,
        prefixed_name_collision,
        prefixed_name_too_long,
        near_duplicate_across_servers,
    ],
    results: [
        result_for_other_tool,
        content_missing,
        content_not_array,
        content_block_invalid,
        is_error_not_boolean,
        result_type_missing,
        result_type_not_string,
        input_required,
        input_required_invalid,
        error_result_not_checked,
        structured_content_missing,
        output_schema_dialect_unknown,
        output_schema_unusable,
        structured_content_invalid,
        structured_content_format,
        structured_content_not_object,
        text_disagrees_with_structured,
        structured_text_fallback_missing,
        result_secret,
        result_stack_trace,
        output_schema_missing,
    ],
}

/// Every rule, as [`RULES`] lists them.
pub fn every_rule() -> impl Iterator<Item = &'static RuleInfo> {
    RULES.iter().copied()
}

/// Looks a rule up by id, among every rule.
#[must_use]
pub fn rule(id: &str) -> Option<&'static RuleInfo> {
    every_rule().find(|r| r.id == id)
}

/// The rule named `id`, or a message that offers the closest id: what a
/// flag, a config and a tool call say of a rule id that names no rule.
///
/// # Errors
/// When no rule has that id.
pub fn known_rule(id: &str) -> Result<&'static RuleInfo, String> {
    if let Some(rule) = rule(id) {
        return Ok(rule);
    }
    Err(match crate::text::closest(id, every_rule().map(|r| r.id)) {
        Some(c) => {
            format!("no rule named \"{id}\"; did you mean \"{c}\"? `toolcheck rules` lists them")
        }
        None => format!("no rule named \"{id}\"; `toolcheck rules` lists them"),
    })
}

/// One rule's docs under a heading with its id, severity, group and fix:
/// what `toolcheck explain` prints.
#[must_use]
pub fn explained(rule: &RuleInfo) -> String {
    format!(
        "# {} ({}, {}, fix: {})\n\n{}\n{}",
        rule.id,
        rule.severity,
        rule.group.as_str(),
        rule.fixability.as_str(),
        rule.summary,
        rule.docs()
    )
}

/// Every rule, one a line: id, severity, group, fixability and summary, as
/// `toolcheck rules` prints them.
#[must_use]
pub fn listing() -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for rule in every_rule() {
        let _ = writeln!(
            out,
            "{:<37} {:<8} {:<12} {:<10} {}",
            rule.id,
            rule.severity.as_str(),
            rule.group.as_str(),
            format!("fix:{}", rule.fixability.as_str()),
            rule.summary
        );
    }
    out
}
