use crate::registry::declare_rule;
use crate::servers::hosts::{HOSTS, Host, Separation};
use crate::servers::{Combination, Elsewhere, Named, ServerEmitter, server_label};
use crate::text::quote;
use crate::text::words::WordMap;

declare_rule! {
    /// ## What it does
    /// Names every tool as each known host names it for the model, and flags
    /// two different tools that end up with the same name there. The hosts
    /// and their conventions (checked 2026-12-02):
    /// - **Claude Code**: `mcp__<server>__<tool>`, with every character of the
    ///   server's name outside `[a-zA-Z0-9_-]` as `_`, so servers `my.api` and
    ///   `my_api` give the same names;
    /// - **VS Code**: `mcp_<server>_<tool>`, lowercased, other characters as
    ///   `_`, and the whole cut to 64 characters, so two long names of one
    ///   server that differ only past the cut meet (VS Code numbers a second
    ///   server with the same prefix, so two servers never meet);
    /// - **OpenAI Agents SDK for JavaScript**: the tool's own name with every
    ///   character outside `[a-zA-Z0-9]` as `_`, so `search-a` and `search_a`
    ///   meet, on one server or on two.
    ///
    /// Two tools with exactly the same name are left to `duplicate-tool-name`
    /// (one server) and `tool-name-collision` (two servers).
    ///
    /// ## Why is this bad?
    /// The host keeps one tool per name. The other is unreachable, or the
    /// model's call to one reaches the other; the OpenAI Agents SDK for
    /// JavaScript sends both, and the model API rejects the request. None of
    /// the servers is wrong alone, so no single-server check sees it.
    ///
    /// ## Example
    /// Server `search.v1` and server `search_v1`, each with a tool `query`: in
    /// Claude Code both are `mcp__search_v1__query`.
    ///
    /// Use instead: server names that differ in letters or digits (`search-v1`
    /// and `search-v2`), and tool names that differ by more than punctuation.
    ///
    /// ## Fix
    /// Rename one server in the client config, or rename one of the tools.
    ///
    /// ## Sources
    /// - Claude Code, MCP tool names: <https://code.claude.com/docs/en/mcp>
    /// - VS Code, MCP tool ids (`McpToolName`, prefix and cut to 64): <https://github.com/microsoft/vscode/blob/main/src/vs/workbench/contrib/mcp/common/mcpTypes.ts>
    /// - OpenAI Agents SDK for JavaScript, `toFunctionToolName`: <https://github.com/openai/openai-agents-js/issues/1934>
    pub PREFIXED_NAME_COLLISION,
    id = "prefixed-name-collision",
    group = Servers,
    severity = Error,
    fix_note = "No automatic fix: the server names are the user's config and the tool names the servers' APIs.",
    summary = "Two tools get the same name once a host prefixes or sanitises them",
}

/// Whether two tools that `host` names alike are left to another rule:
/// the same name on one server (`duplicate-tool-name`), or on two servers
/// that the host does not keep apart (`tool-name-collision`).
fn left_to_others(host: &Host, a: &Named<'_>, b: &Named<'_>) -> bool {
    a.name == b.name && (a.server == b.server || host.separation == Separation::Merged)
}

fn check(sx: &Combination<'_>, out: &mut ServerEmitter<'_>) {
    let tools: Vec<Named<'_>> = sx.named_tools().collect();
    // One finding per tool, for the first host where it meets an earlier one.
    let mut reported = vec![false; tools.len()];
    for host in HOSTS {
        // Each tool's name in the host, with the server's position first
        // where the host keeps servers apart, so only one server's tools meet.
        let keys: Vec<String> = tools
            .iter()
            .map(|named| {
                let model_name = (host.model_name)(&sx.servers[named.server].name, named.name);
                match host.separation {
                    Separation::Apart => format!("{}\0{model_name}", named.server),
                    Separation::Prefixed | Separation::Merged => model_name,
                }
            })
            .collect();
        let mut first: WordMap<&str, usize> = WordMap::default();
        for (i, named) in tools.iter().enumerate() {
            if named.name.is_empty() {
                continue;
            }
            let j = *first.entry(&keys[i]).or_insert(i);
            if j == i {
                continue;
            }
            let model_name = keys[i].rsplit('\0').next().unwrap_or_default();
            let earlier = &tools[j];
            if reported[i] || left_to_others(host, named, earlier) {
                continue;
            }
            reported[i] = true;
            let whose = |n: &Named<'_>| {
                format!(
                    "{} of server {}",
                    quote(n.name),
                    server_label(&sx.servers[n.server])
                )
            };
            out.report(
                Some(named.server),
                Some((named.index, named.tool)),
                named.tool.path.key("name"),
                format!(
                    "in {} this tool is {}, the same name as tool {}",
                    host.name,
                    quote(model_name),
                    whose(earlier)
                ),
                Some(Elsewhere {
                    server: earlier.server,
                    path: earlier.tool.path.key("name"),
                }),
            )
            .explanation(
                "The host keeps one tool per name: the other is unreachable, or a call meant for one reaches the \
                 other, and a model API rejects a request that declares two functions with one name.",
            )
            .help(
                if earlier.server == named.server {
                    "Rename one of the two tools so that their names differ in more than punctuation".to_owned()
                } else {
                    format!(
                        "Rename one of the two tools, or give server {} a name that differs from {} in letters or digits",
                        server_label(&sx.servers[named.server]),
                        server_label(&sx.servers[earlier.server])
                    )
                },
            );
        }
    }
}
