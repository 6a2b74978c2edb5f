//! The result rules: what the result checker reports about one pasted
//! `tools/call` result, one file each, with its docs and its check. They
//! are rules of the one list ([`crate::catalog::RULES`]), so `toolcheck
//! rules`, `toolcheck explain`, SARIF and the page's rule docs list them;
//! the result checker ([`crate::checking::check_result`]) runs them over one
//! `CallResult`.
//!
//! The result checker needs the JSON Schema validator (the core's `schema`
//! feature): a build without it (the page's module, which asks its worker)
//! knows these rules but runs none of them, and carries none of their code.

pub(crate) mod content_block_invalid;
pub(crate) mod content_missing;
pub(crate) mod content_not_array;
pub(crate) mod error_result_not_checked;
pub(crate) mod input_required;
pub(crate) mod input_required_invalid;
pub(crate) mod is_error_not_boolean;
pub(crate) mod output_schema_dialect_unknown;
pub(crate) mod output_schema_missing;
pub(crate) mod output_schema_unusable;
pub(crate) mod result_for_other_tool;
pub(crate) mod result_secret;
pub(crate) mod result_stack_trace;
pub(crate) mod result_type_missing;
pub(crate) mod result_type_not_string;
pub(crate) mod structured_content_format;
pub(crate) mod structured_content_invalid;
pub(crate) mod structured_content_missing;
pub(crate) mod structured_content_not_object;
pub(crate) mod structured_text_fallback_missing;
pub(crate) mod text_disagrees_with_structured;

use std::ops::Deref;

use serde_json::{Map, Value};

use crate::finding::Finding;
use crate::finding::draft::Draft;
use crate::path::Path;
use crate::registry::RuleInfo;
use crate::result::ResultTool;
use crate::result::agree::Agreement;
use crate::settings::Revision;

pub use content_block_invalid::CONTENT_BLOCK_INVALID;
pub use content_missing::CONTENT_MISSING;
pub use content_not_array::CONTENT_NOT_ARRAY;
pub use error_result_not_checked::ERROR_RESULT_NOT_CHECKED;
pub use input_required::INPUT_REQUIRED;
pub use input_required_invalid::INPUT_REQUIRED_INVALID;
pub use is_error_not_boolean::IS_ERROR_NOT_BOOLEAN;
pub use output_schema_dialect_unknown::OUTPUT_SCHEMA_DIALECT_UNKNOWN;
pub use output_schema_missing::OUTPUT_SCHEMA_MISSING;
pub use output_schema_unusable::OUTPUT_SCHEMA_UNUSABLE;
pub use result_for_other_tool::RESULT_FOR_OTHER_TOOL;
pub use result_secret::RESULT_SECRET;
pub use result_stack_trace::RESULT_STACK_TRACE;
pub use result_type_missing::RESULT_TYPE_MISSING;
pub use result_type_not_string::RESULT_TYPE_NOT_STRING;
pub use structured_content_format::STRUCTURED_CONTENT_FORMAT;
pub use structured_content_invalid::STRUCTURED_CONTENT_INVALID;
pub use structured_content_missing::STRUCTURED_CONTENT_MISSING;
pub use structured_content_not_object::STRUCTURED_CONTENT_NOT_OBJECT;
pub use structured_text_fallback_missing::STRUCTURED_TEXT_FALLBACK_MISSING;
pub use text_disagrees_with_structured::TEXT_DISAGREES_WITH_STRUCTURED;

/// A result rule: what is known about it, and the check that runs it.
pub struct ResultRule {
    /// Its id, docs and other facts.
    pub info: &'static RuleInfo,
    /// Runs it over one result. (The result checker, which reads it, needs
    /// the `schema` feature.)
    #[cfg_attr(not(feature = "schema"), allow(dead_code))]
    pub(crate) check: fn(&CallResult<'_>, &mut ResultEmitter<'_>),
}

impl Deref for ResultRule {
    type Target = RuleInfo;

    fn deref(&self) -> &RuleInfo {
        self.info
    }
}

/// What a result rule sees: the result, the tool it answers, and what
/// several rules read, worked out once by the result checker.
pub(crate) struct CallResult<'a> {
    /// The tool the result is checked against.
    pub tool: &'a ResultTool,
    /// The `CallToolResult`.
    pub result: &'a Map<String, Value>,
    /// The MCP revision checked against.
    pub revision: Revision,
    /// The tool a transcript's last `tools/call` named, if it is a transcript.
    pub called_tool: Option<&'a str>,
    /// Whether it is a 2026-07-28 `InputRequiredResult`: the call is not
    /// complete, and only the rules about that apply.
    pub input_required: bool,
    /// Whether the result says `isError: true`.
    pub is_error: bool,
    /// `content`, when it is an array.
    pub blocks: Option<&'a [Value]>,
    /// `structuredContent`.
    pub structured: Option<&'a Value>,
    /// The findings of the one validation of `structuredContent` against the
    /// `outputSchema`, of four rules (the dialect, the schema, the values and
    /// their formats); empty when there is nothing to validate.
    pub conformance: Vec<Finding>,
    /// Whether the text blocks carry `structuredContent`, when there are both.
    pub agreement: Option<Agreement>,
    /// Every string of a completed result shown to the model, with its place.
    pub strings: Vec<(Path, &'a str)>,
    /// For a successful result of a tool without an `outputSchema`: the
    /// value a schema can be inferred from, and its place.
    pub inferable: Option<(Value, Path)>,
}

impl CallResult<'_> {
    /// `rule`'s findings among [`CallResult::conformance`].
    pub(crate) fn conformance_of(&self, rule: &'static RuleInfo) -> impl Iterator<Item = &Finding> {
        self.conformance
            .iter()
            .filter(move |f| std::ptr::eq(f.rule, rule))
    }

    /// `the result`, or `the error result`, for messages.
    pub(crate) fn what(&self) -> &'static str {
        if self.is_error {
            "the error result"
        } else {
            "the result"
        }
    }
}

/// Records one result rule's findings.
pub(crate) struct ResultEmitter<'a> {
    rule: &'static RuleInfo,
    found: &'a mut Vec<Finding>,
}

impl<'a> ResultEmitter<'a> {
    /// Records `rule`'s findings in `found`. (The result checker, which
    /// makes it, needs the `schema` feature.)
    #[cfg_attr(not(feature = "schema"), allow(dead_code))]
    pub(crate) fn new(rule: &'static RuleInfo, found: &'a mut Vec<Finding>) -> Self {
        Self { rule, found }
    }

    /// Starts a finding at `path` (in the `CallToolResult`), saying
    /// `message`; [`Draft::help`] says what to do.
    pub(crate) fn report(&mut self, path: Path, message: impl Into<String>) -> Draft<'_> {
        Draft::new(
            &mut *self.found,
            self.rule,
            None,
            path,
            message.into(),
            false,
        )
    }

    /// Records findings made elsewhere for this rule (the validation's).
    pub(crate) fn extend(&mut self, findings: impl Iterator<Item = Finding>) {
        self.found.extend(findings);
    }
}
