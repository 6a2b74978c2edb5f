use crate::capability::Kind;
use crate::registry::declare_rule;
use crate::rules::security::lethal_trifecta::report;
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// Flags a server whose tools take in content others can write (web
    /// pages, issues, email, tickets) and also run code or commands, or,
    /// failing that, destroy data (`destructiveHint: true`, or a name whose
    /// verb is `delete`, `drop`, `remove`, …). The finding is on the tool
    /// that acts and names the tool that reads, with the evidence for each.
    /// Capabilities are told as `lethal-trifecta` tells them.
    ///
    /// The command line, the npm package and `toolcheck mcp` run it; the
    /// page does not (its byte ceiling has no room for the toxic flows).
    ///
    /// ## Why is this bad?
    /// Text an attacker writes where the first tool reads can tell the model
    /// to run a command or delete something with the second, and the model
    /// cannot tell that text from its user's request. No data needs to leave
    /// for this to do harm. It is a warning: the path belongs to a
    /// deployment, and a client that asks before each such call breaks it.
    ///
    /// ## Example
    /// A page the browser opens can ask for a script:
    /// ```json
    /// {"tools": [
    ///   {"name": "navigate", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}}},
    ///   {"name": "evaluate", "inputSchema": {"type": "object", "properties": {"script": {"type": "string"}}}}
    /// ]}
    /// ```
    /// Use instead: the client asks before each `evaluate`, or the agent
    /// that browses has no `evaluate`.
    ///
    /// ## Fix
    /// Have the client ask before the acting tool runs (annotate it
    /// `destructiveHint: true`, which clients that ask honour), disable it in
    /// the client's configuration, or split the tools between agents.
    ///
    /// ## Sources
    /// - Simon Willison, "The lethal trifecta for AI agents": <https://simonwillison.net/2025/Jun/16/the-lethal-trifecta/>
    /// - MCP 2026-07-28, Tools, security considerations: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub UNTRUSTED_CONTENT_DRIVES_ACTION,
    id = "untrusted-content-drives-action",
    group = Security,
    severity = Warning,
    runs_in = Worker,
    owasp = [Mcp05, Mcp06],
    scope = List,
    fix_note = "No automatic fix: which tool to confirm or remove is a decision about the deployment.",
    summary = "A server's tools take in content others write and run code or destroy data",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    report(cx, out, Kind::Pair);
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        UNTRUSTED_CONTENT_DRIVES_ACTION,
        "security/untrusted-content-drives-action.json"
    );
}
