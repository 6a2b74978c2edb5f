use crate::capability::Kind;
use crate::registry::declare_rule;
use crate::servers::lethal_trifecta_across_servers::report;
use crate::servers::{Combination, ServerEmitter};

declare_rule! {
    /// ## What it does
    /// Flags an agent whose servers, checked together, take in content others
    /// can write with one server's tool and run code or destroy data with
    /// another's (the clearest tool of each leg is on a different server).
    /// The finding is on the tool that acts, names the tool that reads with
    /// its server, and points at it. When both are on one server, its
    /// `untrusted-content-drives-action` reports it instead.
    ///
    /// The command line, the npm package and `toolcheck mcp` run it; the
    /// page does not (its byte ceiling has no room for the toxic flows).
    ///
    /// ## Why is this bad?
    /// The model reads every server's results in one context: a web page or
    /// an issue read with one server can ask for a command or a deletion
    /// with another, and the model cannot tell that text from its user's
    /// request. It is a warning: the path belongs to the agent's
    /// configuration.
    ///
    /// ## Example
    /// An agent's config starts a web fetcher and a shell server:
    /// ```json
    /// {"mcpServers": {
    ///   "fetch": {"command": "uvx", "args": ["mcp-server-fetch"]},
    ///   "shell": {"command": "uvx", "args": ["cli-mcp-server"]}
    /// }}
    /// ```
    /// Use instead: a client that asks before every `run_command`, or two
    /// agents.
    ///
    /// ## Fix
    /// Have the client ask before the acting tool runs, disable it in the
    /// client's configuration, or give the servers to different agents.
    ///
    /// ## Sources
    /// - Simon Willison, "The lethal trifecta for AI agents": <https://simonwillison.net/2025/Jun/16/the-lethal-trifecta/>
    /// - Thoughtworks Technology Radar, toxic flow analysis for AI: <https://www.thoughtworks.com/radar/techniques/toxic-flow-analysis-for-ai>
    pub UNTRUSTED_CONTENT_DRIVES_ACTION_ACROSS_SERVERS,
    id = "untrusted-content-drives-action-across-servers",
    group = Servers,
    severity = Warning,
    fix_note = "No automatic fix: which tool to confirm or remove is a decision about the deployment.",
    summary = "An agent's servers together take in content others write and run code or destroy data",
}

fn check(sx: &Combination<'_>, out: &mut ServerEmitter<'_>) {
    report(sx, out, Kind::Pair);
}
