//! Claude tool use, as of 2026-10-01.

pub(crate) mod root_combinator;
pub(crate) mod strict_additional_properties;
pub(crate) mod strict_allof_ref;
pub(crate) mod strict_recursive_schema;
pub(crate) mod strict_request_limits;
pub(crate) mod strict_unsupported_constraint;
pub(crate) mod strict_unsupported_format;
pub(crate) mod strict_unsupported_pattern;
pub(crate) mod tool_name_invalid;
