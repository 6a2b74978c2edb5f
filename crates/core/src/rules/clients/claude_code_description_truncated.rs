use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};

/// Where Claude Code cuts a tool's description: 2 KB.
const LIMIT: usize = 2048;

declare_rule! {
    /// ## What it does
    /// Flags a tool description longer than 2 KB (2,048 bytes of UTF-8),
    /// when Claude Code is a target.
    ///
    /// ## Why is this bad?
    /// Claude Code cuts tool descriptions (and server instructions) at 2 KB
    /// each. What comes after never reaches Claude: usage rules, examples
    /// and warnings written at the end are lost, and Claude calls the tool
    /// without them.
    ///
    /// ## Example
    /// A description of 5,000 characters whose last paragraph says "never
    /// pass more than 100 ids".
    ///
    /// Use instead: a description that puts what the model must know first,
    /// within 2 KB.
    ///
    /// ## Fix
    /// Shorten the description, and put the critical details near its start.
    ///
    /// ## Sources
    /// Checked 2026-12-03.
    /// - Claude Code docs, MCP, "For MCP server authors" ("Claude Code truncates tool descriptions and server instructions at 2KB each"): <https://code.claude.com/docs/en/mcp>
    pub CLAUDE_CODE_DESCRIPTION_TRUNCATED,
    id = "claude-code-description-truncated",
    group = Clients,
    severity = Warning,
    client = ClaudeCode, as_of = "2026-12-03",
    runs_in = Worker,
    fix_note = "No automatic fix: what to keep is the author's call.",
    summary = "Claude Code: a tool description is longer than the 2 KB Claude Code keeps",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        let Some(description) = tool.description() else {
            continue;
        };
        if description.len() <= LIMIT {
            continue;
        }
        out.report(
            Some(tool),
            tool.path.key("description"),
            format!(
                "Claude Code: the description is {} bytes, and Claude Code keeps the first {LIMIT}",
                description.len()
            ),
        )
        .explanation(
            "Claude Code cuts tool descriptions at 2 KB, so Claude never reads the rest: instructions and examples at the end \
             are lost.",
        )
        .help("Put what the model must know in the first 2 KB, and shorten the rest");
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        CLAUDE_CODE_DESCRIPTION_TRUNCATED,
        "clients/claude-code-description-truncated.json",
        crate::Settings {
            targets: crate::Targets::MCP.with_client(crate::clients::Client::ClaudeCode),
            ..Default::default()
        }
    );
}
