//! The list of every rule, in the order they run, with the code that runs
//! each. No rule imports this module: a rule declares itself in its own file
//! (`declare_rule!`), and this is the one place that lists them all.

use crate::registry::RuleInfo;
use crate::result::rules as result;
use crate::rules::{
    Rule, annotations, budget, clarity, claude, gemini, header, openai, revision, schema, security,
    shape,
};
use crate::servers::{self, ServerRule};

/// Every rule, in the order they run.
pub static RULES: &[&Rule] = &[
    &shape::tools_not_array::RULE,
    &shape::tool_not_object::RULE,
    &shape::tool_name_missing::RULE,
    &shape::input_schema_missing::RULE,
    &shape::tool_field_wrong_type::RULE,
    &shape::duplicate_tool_name::RULE,
    &shape::nonconforming_tool_name::RULE,
    &shape::dotted_tool_name::RULE,
    &schema::required_not_in_properties::RULE,
    &schema::unknown_type_name::RULE,
    &schema::input_schema_type_not_object::RULE,
    &schema::boolean_required::RULE,
    &schema::boolean_exclusive_bound::RULE,
    &schema::tuple_form_items::RULE,
    &schema::unresolved_local_ref::RULE,
    &schema::additional_properties_not_false::RULE,
    &header::x_mcp_header_not_token::RULE,
    &header::x_mcp_header_duplicate::RULE,
    &header::x_mcp_header_type_not_allowed::RULE,
    &header::x_mcp_header_not_reachable::RULE,
    &header::x_mcp_header_secret::RULE,
    &revision::cache_hints_missing::RULE,
    &revision::list_result_type_invalid::RULE,
    &revision::cache_hint_invalid::RULE,
    &revision::cache_scope_mixed::RULE,
    &revision::output_schema_not_object::RULE,
    &revision::x_mcp_header_no_effect::RULE,
    &openai::tool_name_invalid::RULE,
    &openai::root_combinator::RULE,
    &openai::object_missing_properties::RULE,
    &openai::too_many_tools::RULE,
    &openai::responses_strict_omitted::RULE,
    &openai::strict_additional_properties::RULE,
    &openai::strict_optional_property::RULE,
    &openai::strict_unsupported_keyword::RULE,
    &openai::strict_unsupported_format::RULE,
    &openai::strict_missing_type::RULE,
    &openai::strict_ref_siblings::RULE,
    &openai::strict_schema_too_large::RULE,
    &claude::tool_name_invalid::RULE,
    &claude::root_combinator::RULE,
    &claude::strict_additional_properties::RULE,
    &claude::strict_unsupported_constraint::RULE,
    &claude::strict_unsupported_format::RULE,
    &claude::strict_unsupported_pattern::RULE,
    &claude::strict_recursive_schema::RULE,
    &claude::strict_request_limits::RULE,
    &security::hidden_unicode::RULE,
    &security::control_characters::RULE,
    &security::variation_selector_payload::RULE,
    &security::confusable_name::RULE,
    &security::injected_instructions::RULE,
    #[cfg(feature = "heavy-rules")]
    &security::encoded_payload::RULE,
    &security::tool_shadowing::RULE,
    #[cfg(feature = "heavy-rules")]
    &security::secret_in_definition::RULE,
    #[cfg(feature = "heavy-rules")]
    &security::suspicious_link::RULE,
    #[cfg(feature = "heavy-rules")]
    &security::internal_address::RULE,
    &security::unexplained_sensitive_parameter::RULE,
    // Warnings about what the model reads and about legacy vocabulary. They run
    // after the meta-schema check so their findings never hide its errors.
    &schema::openapi_nullable::RULE,
    &schema::array_without_items::RULE,
    &schema::external_ref::RULE,
    &schema::unused_definition::RULE,
    &schema::deprecated_keyword::RULE,
    &schema::misspelled_keyword::RULE,
    &clarity::enum_without_description::RULE,
    &clarity::undescribed_parameter::RULE,
    &clarity::date_without_format::RULE,
    &clarity::prose_enum::RULE,
    &clarity::thin_description::RULE,
    &clarity::near_duplicate_description::RULE,
    &clarity::colliding_description::RULE,
    &annotations::annotation_contradicts_tool::RULE,
    &gemini::function_name_invalid::RULE,
    &gemini::unsupported_keyword::RULE,
    &gemini::type_array::RULE,
    &gemini::array_missing_items::RULE,
    &gemini::string_format::RULE,
    &gemini::json_schema_not_object::RULE,
    &gemini::both_parameter_fields::RULE,
    &gemini::vertex_parameter_name::RULE,
    &budget::tool_over_budget::RULE,
    &budget::token_budget_exceeded::RULE,
    // Keep this one last, and add new rules above it: it skips what the rules
    // above already reported. It needs the JSON Schema validator (the `schema`
    // feature): the page's module runs without it and asks its worker.
    #[cfg(feature = "schema")]
    &schema::meta_schema_violation::RULE,
];

/// The rules the page's module (built without the `schema` and
/// `heavy-rules` features) does not run: its worker runs them and sends their findings
/// ([`crate::wire`]).
pub static WORKER_RULES: &[&RuleInfo] = &[
    &security::encoded_payload::ENCODED_PAYLOAD,
    &security::secret_in_definition::SECRET_IN_DEFINITION,
    &security::suspicious_link::SUSPICIOUS_LINK,
    &security::internal_address::INTERNAL_ADDRESS,
    &schema::meta_schema_violation::META_SCHEMA_VIOLATION,
];

/// The rules the result checker runs over one `tools/call` result
/// ([`crate::result::check_result`]), in the order it reports them.
pub static RESULT_RULES: &[&RuleInfo] = &[
    &result::RESULT_FOR_OTHER_TOOL,
    &result::CONTENT_MISSING,
    &result::CONTENT_NOT_ARRAY,
    &result::CONTENT_BLOCK_INVALID,
    &result::IS_ERROR_NOT_BOOLEAN,
    &result::RESULT_TYPE_MISSING,
    &result::RESULT_TYPE_NOT_STRING,
    &result::INPUT_REQUIRED,
    &result::INPUT_REQUIRED_INVALID,
    &result::ERROR_RESULT_NOT_CHECKED,
    &result::STRUCTURED_CONTENT_MISSING,
    &result::OUTPUT_SCHEMA_DIALECT_UNKNOWN,
    &result::OUTPUT_SCHEMA_UNUSABLE,
    &result::STRUCTURED_CONTENT_INVALID,
    &result::STRUCTURED_CONTENT_FORMAT,
    &result::STRUCTURED_CONTENT_NOT_OBJECT,
    &result::TEXT_DISAGREES_WITH_STRUCTURED,
    &result::STRUCTURED_TEXT_FALLBACK_MISSING,
    &result::RESULT_SECRET,
    &result::RESULT_STACK_TRACE,
    &result::OUTPUT_SCHEMA_MISSING,
];

/// The rules about several servers checked together
/// ([`crate::servers::check_servers`]), in the order they run. The budget
/// over all of them is `token-budget-exceeded`, one of [`RULES`].
pub static SERVER_RULES: &[&ServerRule] = &[
    &servers::server_not_checked::RULE,
    &servers::tool_name_collision::RULE,
    &servers::prefixed_name_collision::RULE,
    &servers::prefixed_name_too_long::RULE,
    &servers::near_duplicate_across_servers::RULE,
];

/// Every rule: those about definitions ([`RULES`]), then those about several
/// servers ([`SERVER_RULES`]), then the result rules ([`RESULT_RULES`]).
pub fn every_rule() -> impl Iterator<Item = &'static RuleInfo> {
    // Without the `schema` and `heavy-rules` features, the worker's rules are known
    // but not run.
    let worker_only = WORKER_RULES
        .iter()
        .copied()
        .filter(|w| !RULES.iter().any(|r| std::ptr::eq(r.info, *w)));
    RULES
        .iter()
        .map(|r| r.info)
        .chain(worker_only)
        .chain(SERVER_RULES.iter().map(|r| r.info))
        .chain(RESULT_RULES.iter().copied())
}

/// Looks a rule up by id, among every rule.
#[must_use]
pub fn rule(id: &str) -> Option<&'static RuleInfo> {
    every_rule().find(|r| r.id == id)
}
