use crate::capability::{self, Evidence, Kind};
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags a server whose tools together give an agent the "lethal
    /// trifecta": a tool that takes in content others can write (issues,
    /// comments, email, web pages), a tool that reads private data, and a
    /// tool that sends data out or writes where others can read (a comment,
    /// a pull request, an email, a request to a URL it is given). The
    /// finding is on the way out and names a tool for each leg with the
    /// evidence, and how many tools have each.
    ///
    /// What a tool can do is told from its annotations (`readOnlyHint`,
    /// `destructiveHint`, `openWorldHint`), its parameters (a `url`, a
    /// recipient such as `to` or `channel`, a `command`), and its name's verb
    /// and nouns (`get_file_contents`, `issue_read`, `create_pull_request`).
    /// A description alone never makes a leg. This is a heuristic: the
    /// finding names its evidence so that it can be judged.
    ///
    /// The command line, the npm package and `toolcheck mcp` run it; the
    /// page does not (its byte ceiling has no room for the toxic flows).
    ///
    /// ## Why is this bad?
    /// Each tool does what it was built to do; the harm is in the
    /// combination. Text an attacker writes where one tool reads (a public
    /// issue) can tell the model to read private data with the second and
    /// send it out with the third, and the model cannot tell that text from
    /// its user's request. Invariant Labs showed this with GitHub's MCP
    /// server: a public issue made the agent copy private repositories into
    /// a public pull request. The path belongs to a deployment, so this is a
    /// warning; `--fail-on warning` or a `toolcheck.toml` severity makes it
    /// gate CI.
    ///
    /// ## Example
    /// One server lists issues anyone can open, private files, and pull
    /// requests anyone can read:
    /// ```json
    /// {"tools": [
    ///   {"name": "issue_read", "annotations": {"readOnlyHint": true}, "inputSchema": {"type": "object"}},
    ///   {"name": "get_file_contents", "annotations": {"readOnlyHint": true}, "inputSchema": {"type": "object"}},
    ///   {"name": "create_pull_request", "inputSchema": {"type": "object"}}
    /// ]}
    /// ```
    /// Use instead: an agent that triages public issues gets `issue_read`
    /// and a token for public repositories only; the one that writes code
    /// gets the rest.
    ///
    /// ## Fix
    /// Break the path: give the agent only the tools its task needs; disable
    /// the outward tool in the client's configuration or have the client ask
    /// before it runs (and annotate it so that clients that ask do); or scope
    /// the token so that it reaches no private data.
    ///
    /// ## Sources
    /// - Simon Willison, "The lethal trifecta for AI agents": <https://simonwillison.net/2025/Jun/16/the-lethal-trifecta/>
    /// - Invariant Labs, GitHub MCP exploited: <https://invariantlabs.ai/blog/mcp-github-vulnerability>
    pub LETHAL_TRIFECTA,
    id = "lethal-trifecta",
    group = Security,
    severity = Warning,
    runs_in = Worker,
    owasp = [Mcp06, Mcp10],
    scope = List,
    fix_note = "No automatic fix: which leg to cut is a decision about the deployment.",
    summary = "A server's tools take in content others write, read private data and send data out",
}

/// Reports the flow of `kind` among the tools in view, if there is one.
pub(crate) fn report(cx: &Definitions<'_>, out: &mut Emitter<'_>, kind: Kind) {
    let found = cx.cache.capabilities(cx.tools());
    let evidence: Vec<&[Evidence]> = found.iter().map(Vec::as_slice).collect();
    let tool = |i: usize| &cx.tools()[i];
    let Some(flow) = capability::flow(kind, &evidence, |i| quote(&tool(i).label()), false) else {
        return;
    };
    let at = tool(flow.at);
    out.report(Some(at), at.path.clone(), flow.message)
        .explanation(flow.why)
        .help(flow.help);
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    report(cx, out, Kind::Trifecta);
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(LETHAL_TRIFECTA, "security/lethal-trifecta.json");
}
