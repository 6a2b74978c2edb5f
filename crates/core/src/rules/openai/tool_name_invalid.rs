use crate::registry::declare_rule;
use crate::rules::provider::{name_problem, name_rejection, named_tools, rename_fix};
use crate::rules::{Definitions, Emitter};

/// OpenAI's limit on function names.
const LIMIT: usize = 64;

declare_rule! {
    /// ## What it does
    /// Flags a tool name that does not match OpenAI's function name pattern
    /// `^[a-zA-Z0-9_-]{1,64}$`: letters, digits, `_` and `-`, at most 64
    /// characters. Runs when OpenAI is a target, in every mode.
    ///
    /// ## Why is this bad?
    /// MCP allows `.` in names (the specification's own example is
    /// `admin.tools.list`) and up to 128 characters, so a valid MCP tool can be
    /// an invalid OpenAI function. The API rejects the whole request with a 400
    /// ("…does not match the pattern '^[a-zA-Z0-9_-]+$'" or "string too long"),
    /// so no tool in that request can be called. A host that forwards the tool
    /// has to rename it, and then the model calls a name the MCP server does not
    /// know: the host must map every call back, and that mapping needs a test.
    ///
    /// ## Example
    /// ```json
    /// {"name": "orders.search", "inputSchema": {"type": "object", "properties": {}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "orders_search", "inputSchema": {"type": "object", "properties": {}}}
    /// ```
    ///
    /// ## Fix
    /// Rename the tool on the server: every character outside `[a-zA-Z0-9_-]`
    /// becomes `_` and the name is cut to 64 characters (the fix line gives the
    /// result). If only the host renames it, test the mapping back to the
    /// server's name. An empty name is left to the MCP name rule.
    ///
    /// ## Sources
    /// - OpenAI Chat Completions API reference, `function.name`: <https://developers.openai.com/api/reference/resources/chat/subresources/completions/methods/create>
    /// - OpenAI function calling guide: <https://developers.openai.com/api/docs/guides/function-calling>
    /// - openai-python `FunctionDefinition.name` docstring ("a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64")
    /// - API errors quoted in ailoy#109, LibreChat#7435, mcphub.nvim#243
    pub OPENAI_TOOL_NAME_INVALID,
    id = "openai-tool-name-invalid",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-10-01",
    runs_in = Worker,
    scope = List,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: clients and prompts that call the tool by its old name break) renames the tool to the suggested name. It is skipped when another tool already has that name.",
    summary = "OpenAI: the tool name does not match ^[a-zA-Z0-9_-]{1,64}$",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for (tool, name) in named_tools(cx) {
        let Some(problem) = name_problem(name, LIMIT) else {
            continue;
        };
        let (message, explanation) = name_rejection("OpenAI", "function", name, &problem, LIMIT);
        out.report(Some(tool), tool.path.key("name"), message)
            .explanation(explanation)
            .help(rename_fix(cx, tool, name, LIMIT))
            .with_fix(|| {
                crate::fix::rename_tool(&tool.path, &crate::rules::provider::safe_name(name, LIMIT))
            });
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_TOOL_NAME_INVALID,
        "openai/openai-tool-name-invalid.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        }
    );
}
