//! The list of every rule, in the order they run: the rules about tool
//! definitions, then those about several servers checked together, then
//! those about one `tools/call` result. No rule imports this module: a rule
//! declares itself in its own file (`declare_rule!`), and this is the one
//! place that lists them all.
//!
//! The list is written once, below. From it come [`RULES`], what is known
//! about every rule (what `toolcheck rules`, `explain`, SARIF and the page's
//! docs show), and one list of checks for each runner ([`crate::checking`]):
//! the check of a capture, the servers' check and the result checker. Of
//! the rules about tool definitions, a build runs those its features allow
//! (each rule declares where it runs, `runs_in`), picked when the build is
//! compiled. A binary then carries the code of the rules it runs and no
//! other: the page's module leaves the heavy rules to its worker, the
//! worker runs no server rule, and the page's module no result rule.

use crate::registry::{RuleInfo, RunsIn};
#[cfg(feature = "schema")]
use crate::result::rules::ResultRule;
use crate::rules::{
    Rule, annotations, budget, clarity, claude, clients, gemini, header, openai, revision, schema,
    security, shape,
};
use crate::servers::ServerRule;

/// Makes the lists from the one list below. Which builds run a rule about
/// tool definitions is its own declaration's (`runs_in`): the lists this
/// build runs are picked from it when the build is compiled.
macro_rules! catalog {
    (
        tools: [$($(#[$tm:meta])* $group:ident::$tool:ident,)*],
        servers: [$($(#[$sm:meta])* $server:ident,)*],
        results: [$($result:ident,)*],
        probes: [$($probe:ident,)*] $(,)?
    ) => {
        /// Every rule about tool definitions, whether this build runs it or
        /// not, in order.
        const TOOLS: &[&Rule] = &[$($(#[$tm])* &$group::$tool::RULE,)*];

        /// Every rule, in the order they run.
        pub static RULES: &[&RuleInfo] = &[
            $($(#[$tm])* $group::$tool::RULE.info,)*
            $($(#[$sm])* crate::servers::$server::RULE.info,)*
            $(crate::result::rules::$result::RULE.info,)*
            $(#[cfg(feature = "schema")] crate::probe::rules::$probe::RULE.info,)*
        ];

        /// The rules about several servers checked together, in order.
        pub(crate) static SERVER_RULES: &[&ServerRule] = &[
            $($(#[$sm])* &crate::servers::$server::RULE,)*
        ];

        /// The rules about one `tools/call` result, in the order the result
        /// checker reports them (it needs the `schema` feature).
        #[cfg(feature = "schema")]
        pub(crate) static RESULT_RULES: &[&ResultRule] = &[
            $(&crate::result::rules::$result::RULE,)*
        ];

        /// The rules that judge a live server's answers (`toolcheck probe`),
        /// in the order the probe's report lists them (they need the
        /// `schema` feature, as the cases do).
        #[cfg(feature = "schema")]
        pub(crate) static PROBE_RULES: &[&crate::probe::ProbeRule] = &[
            $(&crate::probe::rules::$probe::RULE,)*
        ];
    };
}

/// The rules about tool definitions that this build runs, in order.
pub(crate) static TOOL_RULES: &[&Rule] =
    &rules::<{ count(TOOLS, Pick::InThisBuild) }>(TOOLS, Pick::InThisBuild);

/// The rules about tool definitions that the page's module, built without
/// the `schema` and `heavy-rules` features, leaves to its worker, which
/// sends their findings ([`crate::wire`]): those declared `runs_in = Worker`
/// or `runs_in = Validator`.
pub static WORKER_RULES: &[&RuleInfo] =
    &infos::<{ count(TOOLS, Pick::LeftToWorker) }>(TOOLS, Pick::LeftToWorker);

/// Which rules about tool definitions a list takes.
#[derive(Clone, Copy)]
enum Pick {
    /// Those this build runs.
    InThisBuild,
    /// Those the page's module leaves to its worker.
    LeftToWorker,
}

impl Pick {
    const fn takes(self, rule: &Rule) -> bool {
        match self {
            Pick::InThisBuild => rule.runs_in.in_this_build(),
            Pick::LeftToWorker => !matches!(rule.runs_in, RunsIn::Page),
        }
    }
}

/// How many of `all` `pick` takes.
const fn count(all: &[&Rule], pick: Pick) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < all.len() {
        if pick.takes(all[i]) {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The `N` rules of `all` that `pick` takes, in order.
const fn rules<const N: usize>(all: &[&'static Rule], pick: Pick) -> [&'static Rule; N] {
    let mut out = [all[0]; N];
    let (mut n, mut i) = (0, 0);
    while i < all.len() {
        if pick.takes(all[i]) {
            out[n] = all[i];
            n += 1;
        }
        i += 1;
    }
    out
}

/// What is known about the `N` rules of `all` that `pick` takes, in order.
const fn infos<const N: usize>(all: &[&'static Rule], pick: Pick) -> [&'static RuleInfo; N] {
    let mut out = [all[0].info; N];
    let (mut n, mut i) = (0, 0);
    while i < all.len() {
        if pick.takes(all[i]) {
            out[n] = all[i].info;
            n += 1;
        }
        i += 1;
    }
    out
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
        revision::discover_result_invalid,
        revision::tools_list_unstable,
        revision::output_schema_not_object,
        revision::x_mcp_header_no_effect,
        revision::tool_name_not_header_safe,
        openai::tool_name_invalid,
        openai::root_combinator,
        openai::object_missing_properties,
        openai::too_many_tools,
        openai::responses_strict_omitted,
        openai::strict_additional_properties,
        openai::strict_optional_property,
        openai::strict_unsupported_keyword,
        openai::strict_unsupported_format,
        openai::strict_unsupported_pattern,
        openai::strict_missing_type,
        openai::strict_ref_siblings,
        openai::strict_schema_too_large,
        claude::tool_name_invalid,
        claude::root_combinator,
        claude::strict_additional_properties,
        claude::strict_unsupported_constraint,
        claude::strict_unsupported_format,
        claude::strict_unsupported_pattern,
        claude::strict_allof_ref,
        claude::strict_recursive_schema,
        claude::strict_request_limits,
        security::hidden_unicode,
        security::control_characters,
        security::variation_selector_payload,
        security::confusable_name,
        security::injected_instructions,
        security::encoded_payload,
        security::tool_shadowing,
        security::secret_in_definition,
        security::suspicious_link,
        security::internal_address,
        security::unexplained_sensitive_parameter,
        // Toxic flows: builds with the `flows` feature (not the page).
        #[cfg(feature = "flows")]
        security::lethal_trifecta,
        #[cfg(feature = "flows")]
        security::untrusted_content_drives_action,
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
        clarity::prompt_argument_undescribed,
        shape::prompt_argument_required_not_boolean,
        annotations::annotation_contradicts_tool,
        gemini::function_name_invalid,
        gemini::unsupported_keyword,
        gemini::type_array,
        gemini::array_missing_items,
        gemini::string_format,
        gemini::json_schema_not_object,
        gemini::both_parameter_fields,
        gemini::vertex_parameter_name,
        budget::tool_over_budget,
        budget::token_budget_exceeded,
        schema::empty_enum,
        clarity::untyped_parameter,
        clients::vscode_array_without_items,
        clients::claude_code_description_truncated,
        clients::codex_dropped_constraint,
        clients::agents_strict_conversion_fails,
        clients::vscode_too_many_tools,
        clients::vscode_parameter_description_truncated,
        clients::claude_desktop_output_schema_dialect,
        // Keep this one last, and add new rules above it: it skips what the rules
        // above already reported.
        schema::default_not_allowed,
        schema::meta_schema_violation,
    ],
    // The budget over all of them is `token-budget-exceeded`, above.
    servers: [
        server_not_checked,
        tool_name_collision,
        prefixed_name_collision,
        prefixed_name_too_long,
        near_duplicate_across_servers,
        #[cfg(feature = "flows")]
        lethal_trifecta_across_servers,
        #[cfg(feature = "flows")]
        untrusted_content_drives_action_across_servers,
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
    probes: [
        no_answer,
        invalid_input_accepted,
        error_not_a_tool_result,
        error_names_no_argument,
        valid_call_refused,
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
