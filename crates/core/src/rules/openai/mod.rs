//! OpenAI function calling (Chat Completions and Responses), as of 2026-10-01.

pub(crate) mod object_missing_properties;
pub(crate) mod responses_strict_omitted;
pub(crate) mod root_combinator;
pub(crate) mod strict_additional_properties;
pub(crate) mod strict_missing_type;
pub(crate) mod strict_optional_property;
pub(crate) mod strict_ref_siblings;
pub(crate) mod strict_schema_too_large;
pub(crate) mod strict_unsupported_format;
pub(crate) mod strict_unsupported_keyword;
pub(crate) mod strict_unsupported_pattern;
pub(crate) mod too_many_tools;
pub(crate) mod tool_name_invalid;
