use crate::finding::Severity;
use crate::registry::declare_rule;
use crate::rules::provider::{name_problem, name_rejection, named_tools, rename_fix};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

/// The Claude API's limit on tool names.
const LIMIT: usize = 128;
/// The limit in the older docs, the OpenAPI description and Claude Desktop.
const OLD_LIMIT: usize = 64;

declare_rule! {
    /// ## What it does
    /// Flags a tool name that does not match Claude's pattern
    /// `^[a-zA-Z0-9_-]{1,128}$`: letters, digits, `_` and `-`, at most 128
    /// characters (error). A valid name of 65 to 128 characters gets a warning,
    /// because Claude Desktop and the older docs still cap names at 64. Runs
    /// when Claude is a target, in every mode.
    ///
    /// ## Why is this bad?
    /// MCP allows `.` in names (the specification's own example is
    /// `admin.tools.list`), so a valid MCP tool can be an invalid Claude tool.
    /// The API rejects the whole request with a 400, so no tool in it can be
    /// called. A host that forwards the tool has to rename it, and then the model
    /// calls a name the MCP server does not know: the host must map every call
    /// back, and that mapping needs a test.
    ///
    /// Where the sources disagree: the API enforces 128 characters (its error
    /// reads "at most 128 characters"), while the older docs, the published
    /// OpenAPI description and Claude Desktop's own check use 64. Toolcheck
    /// reports over 128 as an error and 65 to 128 as a warning.
    ///
    /// ## Example
    /// ```json
    /// {"name": "orders.search", "input_schema": {"type": "object", "properties": {}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "orders_search", "input_schema": {"type": "object", "properties": {}}}
    /// ```
    ///
    /// ## Fix
    /// Rename the tool on the server: every character outside `[a-zA-Z0-9_-]`
    /// becomes `_` and the name is cut to the limit (the fix line gives the
    /// result). If only the host renames it, test the mapping back to the
    /// server's name. An empty name is left to the MCP name rule.
    ///
    /// ## Sources
    /// - Claude tool use, defining tools: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    /// - API error "at most 128 characters": anthropics/claude-code#96152; modelcontextprotocol#1345
    /// - 64 in older docs and Claude Desktop: typescript-sdk#413, malloydata/publisher#543
    pub CLAUDE_TOOL_NAME_INVALID,
    id = "claude-tool-name-invalid",
    group = Claude,
    severity = Error,
    provider = Claude, as_of = "2026-10-01",
    runs_in = Worker,
    scope = List,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: clients and prompts that call the tool by its old name break) renames the tool to the suggested name. It is skipped when another tool already has that name.",
    summary = "Claude: the tool name does not match ^[a-zA-Z0-9_-]{1,128}$",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for (tool, name) in named_tools(cx) {
        if let Some(problem) = name_problem(name, LIMIT) {
            let (message, explanation) = name_rejection("Claude", "tool", name, &problem, LIMIT);
            out.report(Some(tool), tool.path.key("name"), message)
                .explanation(explanation)
                .help(rename_fix(cx, tool, name, LIMIT))
                .with_fix(|| {
                    crate::fix::rename_tool(
                        &tool.path,
                        &crate::rules::provider::safe_name(name, LIMIT),
                    )
                });
        } else if name_problem(name, OLD_LIMIT).is_some() {
            let len = name.chars().count();
            out.report(
                Some(tool),
                tool.path.key("name"),
                format!("Claude: name {} is {len} characters; Claude Desktop and older docs allow 64", quote(name)),
            )
            .explanation(
                "The Claude API accepts tool names of up to 128 characters, but Claude Desktop checks names against \
                 the older limit of 64 and refuses the tool, and so may other clients built from the older docs.",
            )
            .help(rename_fix(cx, tool, name, OLD_LIMIT))
            .severity = Severity::Warning;
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        CLAUDE_TOOL_NAME_INVALID,
        "claude/claude-tool-name-invalid.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        }
    );
}
