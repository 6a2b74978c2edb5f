use crate::registry::declare_rule;
use crate::rules::provider::list_path;
use crate::rules::{Definitions, Emitter};

/// The most tools Copilot Chat sends in one request (`HARD_TOOL_LIMIT`).
const LIMIT: usize = 128;

declare_rule! {
    /// ## What it does
    /// Flags a list of more than 128 tools, when VS Code is a target.
    ///
    /// ## Why is this bad?
    /// GitHub Copilot Chat refuses to send a request with more than 128 tools
    /// enabled ("Tool limit exceeded (N/128). Click \"Configure Tools\" in the
    /// chat input to disable N-128 tools and retry."): the user must turn
    /// tools off by hand before any chat request works. Other servers'
    /// tools count toward the same limit. (With Anthropic's tool search on,
    /// the check is skipped; above 64 tools Copilot already groups them.)
    ///
    /// ## Example
    /// A server whose `tools/list` holds 150 tools.
    ///
    /// Use instead: fewer, broader tools, or tool sets the user enables by task.
    ///
    /// ## Fix
    /// Merge tools that differ by one parameter, or split the server so that
    /// users enable only the part they need.
    ///
    /// ## Sources
    /// Checked 2026-12-03.
    /// - `HARD_TOOL_LIMIT = 128`: <https://github.com/microsoft/vscode-copilot-chat/blob/31acd00a86424e2ee6e980e54919cf31fbf88030/src/platform/configuration/common/configurationService.ts>
    /// - `isValidChatPayload`, "Tool limit exceeded": <https://github.com/microsoft/vscode-copilot-chat/blob/31acd00a86424e2ee6e980e54919cf31fbf88030/src/extension/prompt/node/chatMLFetcher.ts>
    pub VSCODE_TOO_MANY_TOOLS,
    id = "vscode-too-many-tools",
    group = Clients,
    severity = Error,
    client = VsCode, as_of = "2026-12-03",
    runs_in = Worker,
    scope = List,
    fix_note = "No automatic fix: which tools to keep is the server's design.",
    summary = "VS Code: more than 128 tools, which Copilot Chat refuses to send",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let n = cx.tools().len();
    if n <= LIMIT {
        return;
    }
    out.report(
        None,
        list_path(cx),
        format!("VS Code: {n} tools, and Copilot Chat sends at most {LIMIT}"),
    )
    .explanation(format!(
        "Copilot Chat refuses a request with more than {LIMIT} tools enabled (\"Tool limit exceeded\"): no chat request works \
         until the user disables {} tools by hand, and other servers' tools count too.",
        n - LIMIT
    ))
    .help(format!("Offer at most {LIMIT} tools: merge tools that differ by one parameter, or split the server"));
}

#[cfg(test)]
mod tests {
    use crate::Settings;
    use crate::clients::Client;

    crate::rule_snapshot!(
        VSCODE_TOO_MANY_TOOLS,
        "clients/vscode-too-many-tools.json",
        Settings {
            targets: crate::Targets::MCP.with_client(Client::VsCode),
            ..Default::default()
        }
    );

    fn list(n: usize) -> String {
        let tools: Vec<String> = (0..n)
            .map(|i| format!(r#"{{"name": "tool_{i}", "description": "Returns the item with this number.", "inputSchema": {{"type": "object"}}}}"#))
            .collect();
        format!(r#"{{"tools": [{}]}}"#, tools.join(","))
    }

    #[test]
    fn fires_past_128_only() {
        let settings = Settings {
            targets: crate::Targets::MCP.with_client(Client::VsCode),
            ..Default::default()
        }
        .only(super::VSCODE_TOO_MANY_TOOLS.id);
        assert!(
            crate::check(&list(128), &settings)
                .unwrap()
                .findings
                .is_empty()
        );
        let report = crate::check(&list(129), &settings).unwrap();
        assert_eq!(report.findings.len(), 1);
        assert!(
            report.findings[0].message.contains("129 tools"),
            "{}",
            report.findings[0].message
        );
    }
}
