use crate::registry::declare_rule;
use crate::servers::hosts::HOSTS;
use crate::servers::{Combination, ServerEmitter, server_label};

declare_rule! {
    /// ## What it does
    /// Measures each tool's name as the known hosts build it from the server's
    /// name and the tool's, and flags a tool over a host's limit. The limits
    /// (checked 2026-12-02):
    /// - **Claude Code** names a tool `mcp__<server>__<tool>`. Claude's tool
    ///   search, Claude on Amazon Bedrock and Claude Desktop accept at most 64
    ///   characters, and reject the whole request with a longer one.
    /// - **Cursor** warns when the server's name and the tool's are longer than
    ///   60 characters together, and the tool "may be filtered out".
    ///
    /// The server's name is the client config's key, so the same server can be
    /// fine under one name and too long under another. Hosts that cut long
    /// names (VS Code, the OpenAI Agents SDK's prefix option) are not flagged
    /// here; a cut that makes two names meet is `prefixed-name-collision`.
    ///
    /// ## Why is this bad?
    /// The tool's own name passes every provider's limit, so the server's tests
    /// pass, but in the client the prefixed name is rejected (every request
    /// with it fails, for every tool) or the tool is dropped.
    ///
    /// ## Example
    /// Server `github-enterprise-cloud` with tool `list_pull_request_review_comments`:
    /// in Claude Code `mcp__github-enterprise-cloud__list_pull_request_review_comments`
    /// is 67 characters.
    ///
    /// Use instead: a shorter server name in the config (`ghe`), or a shorter
    /// tool name (`list_review_comments`).
    ///
    /// ## Fix
    /// Shorten the server's name in the client config; if that is not enough,
    /// shorten the tool's name.
    ///
    /// ## Sources
    /// - Claude Code, MCP tool names: <https://code.claude.com/docs/en/mcp>
    /// - Claude Code, prefixed names over 64 characters rejected: <https://github.com/anthropics/claude-code/issues/2412>, <https://github.com/anthropics/claude-code/issues/16425>
    /// - Cursor's 60-character warning, as reported: <https://github.com/sparfenyuk/mcp-proxy/issues/45>
    pub PREFIXED_NAME_TOO_LONG,
    id = "prefixed-name-too-long",
    group = Servers,
    severity = Error,
    fix_note = "No automatic fix: the server's name is in the client config and the tool's name is the server's API.",
    summary = "A tool's name is too long for a host once the server's name is added",
}

fn check(sx: &Combination<'_>, out: &mut ServerEmitter<'_>) {
    for named in sx.named_tools() {
        let server = &sx.servers[named.server];
        let over: Vec<(String, &str)> = HOSTS
            .iter()
            .filter_map(|host| {
                let limit = host.limit.as_ref()?;
                let (measured, length) = (limit.measures)(&server.name, named.name);
                (length > limit.most).then(|| {
                    (
                        format!(
                            "in {}, {measured} {length} characters, over {}",
                            host.name, limit.most
                        ),
                        limit.outcome,
                    )
                })
            })
            .collect();
        if over.is_empty() {
            continue;
        }
        let message = over
            .iter()
            .map(|(m, _)| m.as_str())
            .collect::<Vec<_>>()
            .join("; ");
        let outcomes = over.iter().map(|(_, o)| *o).collect::<Vec<_>>().join(". ");
        out.report(
            Some(named.server),
            Some((named.index, named.tool)),
            named.tool.path.key("name"),
            message,
            None,
        )
        .explanation(format!(
            "{outcomes}. The tool's own name passes, so the server's own tests do not show it."
        ))
        .help(format!(
            "Shorten the server's name {} in the client config, or the tool's name",
            server_label(server)
        ));
    }
}
