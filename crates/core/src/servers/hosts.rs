//! How MCP hosts name the tools of several servers when they hand them to a
//! model: the conventions the cross-server rules check names against. Each
//! is sourced and dated; hosts change these, so each rule's docs say which
//! conventions it knows and when they were checked.

/// When these conventions were last checked against their sources.
pub const AS_OF: &str = "2026-12-02";

use crate::text::is_name_char;
use crate::text::quote;

/// One host's naming convention.
pub struct Host {
    /// The host, as people call it.
    pub name: &'static str,
    /// The name the model sees for `tool` of `server`.
    pub model_name: fn(server: &str, tool: &str) -> String,
    /// How it keeps the tools of two servers apart.
    pub separation: Separation,
    /// The longest name the host or its model accepts, and how it is
    /// measured, when a longer one is rejected or the tool dropped.
    pub limit: Option<Limit>,
    /// Where the convention is documented or implemented.
    pub source: &'static str,
}

/// How a host keeps the tools of two servers apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Separation {
    /// Always: two servers' tools never share a name, whatever their names
    /// (a host that numbers a repeated prefix, or names the server apart).
    Apart,
    /// By the server's name in the tool's name, which its sanitising can make
    /// the same for two servers.
    Prefixed,
    /// Not at all: the model sees the tools' own names.
    Merged,
}

/// A length limit a host enforces by rejecting the request or dropping the tool.
pub struct Limit {
    /// The most characters.
    pub most: usize,
    /// What is measured, as the start of a sentence (`"mcp__a__b" is`, or
    /// `"a" and "b" together are`), and its length in characters.
    pub measures: fn(server: &str, tool: &str) -> (String, usize),
    /// What happens past it.
    pub outcome: &'static str,
}

/// Every character outside `[a-zA-Z0-9_-]` (what OpenAI and Claude accept
/// in a tool name) as `_`.
fn api_safe(s: &str) -> String {
    s.chars()
        .map(|c| if is_name_char(c) { c } else { '_' })
        .collect()
}

fn claude_code(server: &str, tool: &str) -> String {
    format!("mcp__{}__{tool}", api_safe(server))
}

fn claude_code_length(server: &str, tool: &str) -> (String, usize) {
    let name = claude_code(server, tool);
    let n = name.chars().count();
    (format!("{} is", quote(&name)), n)
}

/// VS Code: `mcp_` and the server's label (lowercased, other characters as
/// `_`, cut so the prefix is at most 18 characters), `_`, the tool's name
/// with characters outside `[a-z0-9_-]` as `_`; dots as `_`; the whole cut to
/// 64 characters. VS Code gives a second server with the same prefix a
/// digit (`mcp_foo2_`), so only one server's tools can meet.
fn vscode(server: &str, tool: &str) -> String {
    const PREFIX: &str = "mcp_";
    const MAX_PREFIX: usize = 18;
    const MAX: usize = 64;
    let mut label = String::new();
    let mut in_run = false;
    for c in server.to_lowercase().chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() || "_.-".contains(c) {
            label.push(c);
            in_run = false;
        } else if !in_run {
            label.push('_');
            in_run = true;
        }
    }
    let label: String = label.chars().take(MAX_PREFIX - PREFIX.len() - 1).collect();
    format!("{PREFIX}{label}_{}", api_safe(tool))
        .replace('.', "_")
        .chars()
        .take(MAX)
        .collect()
}

fn cursor_length(server: &str, tool: &str) -> (String, usize) {
    (
        format!("{} and {} together are", quote(server), quote(tool)),
        server.chars().count() + tool.chars().count(),
    )
}

/// The OpenAI Agents SDK for JavaScript: the tool's own name, with
/// whitespace and every character outside `[a-zA-Z0-9]` as `_`.
fn openai_agents_js(_server: &str, tool: &str) -> String {
    tool.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// The hosts whose conventions the rules know.
pub static HOSTS: &[Host] = &[
    Host {
        name: "Claude Code",
        model_name: claude_code,
        separation: Separation::Prefixed,
        limit: Some(Limit {
            most: 64,
            measures: claude_code_length,
            outcome: "Claude's tool search, Claude on Amazon Bedrock and Claude Desktop accept tool names of at most \
                      64 characters, and reject the request with a longer one",
        }),
        source: "https://code.claude.com/docs/en/mcp (tool names `mcp__<server>__<tool>`); anthropics/claude-code#2412, #16425 (64-character errors)",
    },
    Host {
        name: "VS Code",
        model_name: vscode,
        separation: Separation::Apart,
        limit: None,
        source: "https://github.com/microsoft/vscode/blob/main/src/vs/workbench/contrib/mcp/common/mcpTypes.ts (`McpToolName`), mcpServer.ts and mcpService.ts (prefix and cut to 64)",
    },
    Host {
        name: "Cursor",
        model_name: |server, tool| format!("{server}/{tool}"),
        separation: Separation::Apart,
        limit: Some(Limit {
            most: 60,
            measures: cursor_length,
            outcome: "Cursor warns that a server and tool name longer than 60 characters together \"may be filtered \
                      out\", and leaves the tool out",
        }),
        source: "Cursor's warning \"Combined server and tool name length exceeds 60 characters\", reported in sparfenyuk/mcp-proxy#45",
    },
    Host {
        name: "OpenAI Agents SDK (JavaScript)",
        model_name: openai_agents_js,
        separation: Separation::Merged,
        limit: None,
        source: "https://github.com/openai/openai-agents-js/blob/main/packages/agents-core/src/utils/tools.ts (`toFunctionToolName`); openai/openai-agents-js#1934",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_each_host_makes_them() {
        assert_eq!(
            claude_code("my server.v2", "search"),
            "mcp__my_server_v2__search"
        );
        assert_eq!(
            vscode("Context7", "resolve-library-id"),
            "mcp_context7_resolve-library-id"
        );
        assert_eq!(vscode("a.b", "get.user"), "mcp_a_b_get_user");
        // The label is cut so the prefix is 18 characters, and the whole to 64.
        assert_eq!(
            vscode("a-very-long-server-name", "t"),
            "mcp_a-very-long-s_t"
        );
        assert_eq!(vscode("s", &"x".repeat(80)).len(), 64);
        assert_eq!(openai_agents_js("s", "search-a"), "search_a");
        assert_eq!(openai_agents_js("s", "search a.b"), "search_a_b");
        assert_eq!(cursor_length("ab", "cde").1, 5);
    }
}
