use crate::ToolSummary;
use crate::capability::{self, Evidence, Kind};
use crate::registry::declare_rule;
use crate::servers::{Combination, Elsewhere, ServerEmitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags an agent whose servers, checked together, give it a "lethal
    /// trifecta" whose legs are on more than one server: a tool that takes in
    /// content others can write, a tool that reads private data, and a tool
    /// that sends data out. A web fetcher and a filesystem server are
    /// enough: the fetcher reads pages anyone can write, and a URL it is
    /// given carries data out. The finding is on the way out, names a tool
    /// of each leg with its server and evidence, and points at the first
    /// leg on another server. When the clearest tool of every leg is on one
    /// server, that server's `lethal-trifecta` reports it instead.
    ///
    /// The command line, the npm package and `toolcheck mcp` run it; the
    /// page does not (its byte ceiling has no room for the toxic flows).
    ///
    /// ## Why is this bad?
    /// The model reads every server's tools and results in one context, so
    /// text planted in one server's content can drive another server's
    /// tools: read private data with one, send it out with another. No
    /// server is at fault; the risk is in the agent's configuration. It is a
    /// warning; `--fail-on warning` or a `toolcheck.toml` severity makes it
    /// gate CI.
    ///
    /// ## Example
    /// An agent's config starts a web fetcher and a filesystem server:
    /// ```json
    /// {"mcpServers": {
    ///   "fetch": {"command": "uvx", "args": ["mcp-server-fetch"]},
    ///   "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me"]}
    /// }}
    /// ```
    /// Use instead: two agents, one with each server; or a client that
    /// asks before every `fetch`.
    ///
    /// ## Fix
    /// Give the servers to different agents; disable the outward tool in the
    /// client's configuration, or have the client ask before it runs; or
    /// scope the private server's token.
    ///
    /// ## Sources
    /// - Simon Willison, "The lethal trifecta for AI agents": <https://simonwillison.net/2025/Jun/16/the-lethal-trifecta/>
    /// - Thoughtworks Technology Radar, toxic flow analysis for AI: <https://www.thoughtworks.com/radar/techniques/toxic-flow-analysis-for-ai>
    pub LETHAL_TRIFECTA_ACROSS_SERVERS,
    id = "lethal-trifecta-across-servers",
    group = Servers,
    severity = Warning,
    fix_note = "No automatic fix: which leg to cut is a decision about the deployment.",
    summary = "An agent's servers together take in content others write, read private data and send data out",
}

/// Reports the flow of `kind` among every server's tools when its legs are
/// on more than one server (one server's own flow is its own rule's).
pub(crate) fn report(sx: &Combination<'_>, out: &mut ServerEmitter<'_>, kind: Kind) {
    let at: Vec<(usize, usize, &ToolSummary)> = sx
        .servers
        .iter()
        .enumerate()
        .flat_map(|(s, server)| {
            server
                .tools()
                .iter()
                .enumerate()
                .map(move |(i, t)| (s, i, t))
        })
        .collect();
    let evidence: Vec<&[Evidence]> = at
        .iter()
        .map(|(_, _, t)| t.capabilities.as_slice())
        .collect();
    // `"web" · "fetch"`: a tool with its server.
    let label = |n: usize| {
        let (s, i, t) = at[n];
        let name = t.name.clone().unwrap_or_else(|| format!("tool #{}", i + 1));
        format!("{} · {}", quote(&sx.servers[s].name), quote(&name))
    };
    let Some(flow) = capability::flow(kind, &evidence, label, true) else {
        return;
    };
    let (s, i, t) = at[flow.at];
    // The first leg on another server, which the finding points at too.
    let Some((other, _, other_tool)) = flow.legs.iter().map(|&l| at[l]).find(|&(o, _, _)| o != s)
    else {
        return;
    };
    out.report(
        Some(s),
        Some((i, t)),
        t.path.clone(),
        flow.message,
        Some(Elsewhere {
            server: other,
            path: other_tool.path.clone(),
        }),
    )
    .explanation(flow.why)
    .help(flow.help);
}

fn check(sx: &Combination<'_>, out: &mut ServerEmitter<'_>) {
    report(sx, out, Kind::Trifecta);
}
