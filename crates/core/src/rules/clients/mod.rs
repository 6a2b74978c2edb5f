//! Where an MCP client differs from the model API it forwards to: what it
//! refuses, rewrites or cuts before a model sees a tool. Each rule declares
//! its client (`client = VsCode, as_of = "…"`), and the check runs it only
//! when that client is a target (`--against vscode`); the compatibility
//! table's client view runs them all. What each client does, with its
//! sources, is [`crate::clients::profiles`].
//!
//! A behaviour known only from users' reports is never reported above a
//! warning.

pub(crate) mod agents_strict_conversion_fails;
pub(crate) mod claude_code_description_truncated;
pub(crate) mod claude_desktop_output_schema_dialect;
pub(crate) mod codex_dropped_constraint;
pub(crate) mod vscode_array_without_items;
pub(crate) mod vscode_parameter_description_truncated;
pub(crate) mod vscode_too_many_tools;
