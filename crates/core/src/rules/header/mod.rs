//! `x-mcp-header` (MCP 2026-07-28).

pub(crate) mod x_mcp_header_duplicate;
pub(crate) mod x_mcp_header_not_reachable;
pub(crate) mod x_mcp_header_not_token;
pub(crate) mod x_mcp_header_secret;
pub(crate) mod x_mcp_header_type_not_allowed;

/// RFC 9110 `tchar`.
pub(crate) fn is_tchar(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c)
}

/// RFC 9110 `token`: one or more `tchar`.
pub(crate) fn is_token(s: &str) -> bool {
    !s.is_empty() && s.chars().all(is_tchar)
}
