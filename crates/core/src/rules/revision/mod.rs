//! Differences between MCP revisions.

pub(crate) mod output_schema_not_object;
pub(crate) mod x_mcp_header_no_effect;
