use crate::registry::declare_rule;
use crate::servers::{Combination, Elsewhere, Named, ServerEmitter, server_label};
use crate::text::quote;
use crate::text::words::WordMap;

declare_rule! {
    /// ## What it does
    /// Flags a tool whose name is also a tool name of an earlier server
    /// checked with it (several captures, or a client config). The finding is
    /// on the later server's tool and names the first server that has it. Two
    /// tools with one name on the same server are `duplicate-tool-name`.
    ///
    /// ## Why is this bad?
    /// Many clients hand the model every server's tools under their own names.
    /// Then two servers' `search` are one name, and what happens depends on the
    /// client:
    /// - the OpenAI Agents SDK (Python and JavaScript) stops with "Duplicate
    ///   tool names found across MCP servers" and the agent does not start;
    /// - langchain-mcp-adapters keeps both, and the model's call always reaches
    ///   the last server's tool;
    /// - CopilotKit keeps the first and silently drops the others;
    /// - a model API rejects a request that declares two functions with one
    ///   name.
    ///
    /// Clients that prefix names with the server (Claude Code, VS Code) are not
    /// affected; `prefixed-name-collision` checks their conventions.
    ///
    /// ## Example
    /// Servers `github` and `gitlab` both list:
    /// ```json
    /// {"name": "search_issues", "inputSchema": {"type": "object"}}
    /// ```
    /// Use instead: names that say which system they search:
    /// ```json
    /// {"name": "gitlab_search_issues", "inputSchema": {"type": "object"}}
    /// ```
    ///
    /// ## Fix
    /// Rename the tool on one server (most servers accept a prefix option), or
    /// turn on the client's server prefix (`include_server_in_tool_names` in the
    /// OpenAI Agents SDK, `tool_name_prefix` in langchain-mcp-adapters).
    ///
    /// ## Sources
    /// - OpenAI Agents SDK, duplicate tool names across MCP servers: <https://github.com/openai/openai-agents-python/issues/1167>, <https://github.com/openai/openai-agents-js/issues/1934>
    /// - langchain-mcp-adapters, a duplicate overwrites: <https://github.com/langchain-ai/langchain-mcp-adapters/issues/605>
    /// - CopilotKit, later duplicates dropped: <https://github.com/CopilotKit/CopilotKit/issues/2409>
    pub TOOL_NAME_COLLISION,
    id = "tool-name-collision",
    group = Servers,
    severity = Error,
    fix_note = "No automatic fix: which server's tool to rename is a decision about both servers' APIs.",
    summary = "Two servers checked together have a tool with the same name",
}

fn check(sx: &Combination<'_>, out: &mut ServerEmitter<'_>) {
    let tools: Vec<Named<'_>> = sx.named_tools().collect();
    // The first tool with each name.
    let mut first: WordMap<&str, usize> = WordMap::default();
    for (i, named) in tools.iter().enumerate() {
        let Named {
            server,
            index,
            tool,
            name,
        } = *named;
        if name.is_empty() {
            continue;
        }
        let earlier = &tools[*first.entry(name).or_insert(i)];
        let (earlier, earlier_tool) = (earlier.server, earlier.tool);
        if earlier == server {
            continue;
        }
        out.report(
            Some(server),
            Some((index, tool)),
            tool.path.key("name"),
            format!(
                "tool name {} is also a tool of server {}",
                quote(name),
                server_label(&sx.servers[earlier])
            ),
            Some(Elsewhere {
                server: earlier,
                path: earlier_tool.path.key("name"),
            }),
        )
        .explanation(
            "A client that hands the model every server's tools under their own names meets two tools with one name: \
             the OpenAI Agents SDK refuses to start, langchain-mcp-adapters sends every call to the last server's tool, \
             CopilotKit drops all but the first, and a model API rejects two functions with one name.",
        )
        .help(
            format!(
                "Rename the tool on {} or on {}, or turn on the client's server prefix",
                server_label(&sx.servers[server]),
                server_label(&sx.servers[earlier])
            ),
        );
    }
}
